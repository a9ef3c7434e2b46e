// Grey pixels handed to tesseract as a binary PGM, which leptonica reads as they are: cheaper than encoding a PNG.
import type { PageImage } from '@pdftriage/core'

/**
 * Wraps grey pixels in a binary PGM (`P5`) header so that leptonica reads them as they are: no PNG encoding, which
 * costs more than rendering the page (TOOLCHAIN.md). Returns a new buffer: header + the `width * height` bytes.
 */
export function toPgm(image: PageImage): Uint8Array {
  checkGrey(image)
  const { width, height, data } = image
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`)
  const out = new Uint8Array(header.length + data.length)
  out.set(header, 0)
  out.set(data, header.length)
  return out
}

/** Throws a RangeError unless the image holds `width * height` grey bytes of a positive integer size. */
export function checkGrey({ width, height, data }: PageImage): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || data.length !== width * height) {
    throw new RangeError(`Expected ${width} x ${height} grey bytes, got ${data.length}`)
  }
}
