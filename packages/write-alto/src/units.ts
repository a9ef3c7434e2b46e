// ALTO's measurement units (pixels, tenths of a millimetre, 1/1200 inch) and boxes converted into them from points.
import type { BBox } from '@pdftriage/core'

/** ALTO's measurement units: pixels (at a stated resolution), tenths of a millimetre, 1/1200 inch. */
export type MeasurementUnit = 'pixel' | 'mm10' | 'inch1200'

/** How many units make a PDF point (1/72 inch); `dpi` counts for pixels only. */
export function unitsPerPoint(unit: MeasurementUnit, dpi: number): number {
  switch (unit) {
    case 'mm10':
      return 254 / 72
    case 'inch1200':
      return 1200 / 72
    default:
      return dpi / 72
  }
}

/** A box in whole units: `[x, y, width, height]` from the top-left corner, inside a page of `pageW` x `pageH` units. */
export function unitBox(b: BBox, k: number, pageW: number, pageH: number): [number, number, number, number] {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v * k)))
  const x0 = clamp(b.x0, pageW)
  const y0 = clamp(b.y0, pageH)
  const x1 = Math.max(x0, clamp(b.x1, pageW))
  const y1 = Math.max(y0, clamp(b.y1, pageH))
  return [x0, y0, x1 - x0, y1 - y0]
}
