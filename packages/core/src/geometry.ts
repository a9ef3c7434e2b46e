/**
 * Coordinates, stated once for the whole project: PDF points (1/72 inch), origin at the top-left corner of the
 * page, x grows rightwards and y grows downwards. Backends convert at their edges (pdf.js user space is
 * bottom-left; OCR boxes are pixels at a known dpi).
 */

/** An axis-aligned box in points, top-left origin: `x0 <= x1`, `y0 <= y1`. */
export interface BBox {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** Width of a box in points. */
export const bboxWidth = (b: BBox): number => b.x1 - b.x0

/** Height of a box in points. */
export const bboxHeight = (b: BBox): number => b.y1 - b.y0

/** The smallest box holding every box given; `undefined` for none. */
export function bboxUnion(boxes: Iterable<BBox>): BBox | undefined {
  let out: BBox | undefined
  for (const b of boxes) {
    if (!out) out = { ...b }
    else {
      out.x0 = Math.min(out.x0, b.x0)
      out.y0 = Math.min(out.y0, b.y0)
      out.x1 = Math.max(out.x1, b.x1)
      out.y1 = Math.max(out.y1, b.y1)
    }
  }
  return out
}

/** Whether the centre of box `b` lies inside box `a` (edges included). */
export function centreIn(a: BBox, b: BBox): boolean {
  const cx = (b.x0 + b.x1) / 2
  const cy = (b.y0 + b.y1) / 2
  return cx >= a.x0 && cx <= a.x1 && cy >= a.y0 && cy <= a.y1
}

/** A box as the notes give it: `[x0, y0, x1, y1]` in whole points. */
export const fmtBox = (b: BBox): string => `[${[b.x0, b.y0, b.x1, b.y1].map((v) => Math.round(v)).join(', ')}]`

/** Converts a pixel box of an image rendered at `dpi` to points. */
export function pixelsToPoints(b: BBox, dpi: number): BBox {
  const k = 72 / dpi
  return { x0: b.x0 * k, y0: b.y0 * k, x1: b.x1 * k, y1: b.y1 * k }
}

/** Converts a box in PDF user space (origin bottom-left) to top-left points, given the page height in points. */
export function fromPdfUserSpace(x0: number, yBottom: number, x1: number, yTop: number, pageHeight: number): BBox {
  return { x0: Math.min(x0, x1), y0: pageHeight - Math.max(yBottom, yTop), x1: Math.max(x0, x1), y1: pageHeight - Math.min(yBottom, yTop) }
}
