// Small helpers of the OCR stage on images and readings: a reading's mean confidence, turning an image and boxes
// back, the middle band of a page read to find its orientation.
import type { BBox } from '../geometry.js'
import type { PageImage, PageText } from '../types.js'

/** Clockwise turns a page can be read at. */
export type Rotation = 0 | 90 | 180 | 270

/**
 * Mean word confidence 0..1 of an OCR result, each word weighted by its length (a page of short misreads should not
 * pass on the strength of a few long confident words, nor the reverse); `undefined` when the engine gave none.
 */
export function meanConfidence(p: Pick<PageText, 'items'>): number | undefined {
  let sum = 0
  let weight = 0
  for (const it of p.items) {
    if (it.confidence === undefined) continue
    const w = [...it.text.trim()].length
    if (!w) continue
    sum += it.confidence * w
    weight += w
  }
  return weight ? sum / weight : undefined
}

/** Turns a grey image clockwise by `deg`. */
export function rotateImage(img: PageImage, deg: Rotation): PageImage {
  if (deg === 0) return img
  const { width: w, height: h, data } = img
  const out = new Uint8Array(w * h)
  if (deg === 180) {
    for (let i = 0, j = w * h - 1; i < w * h; i++, j--) out[j] = data[i]!
    return { ...img, data: out }
  }
  // 90: the left column becomes the top row; 270: the right column does.
  for (let y = 0; y < h; y++) {
    const row = y * w
    for (let x = 0; x < w; x++) {
      const v = data[row + x]!
      if (deg === 90) out[x * h + (h - 1 - y)] = v
      else out[(w - 1 - x) * h + y] = v
    }
  }
  return { ...img, width: h, height: w, data: out }
}

/**
 * Moves a box measured on the page turned clockwise by `deg` back onto the page as displayed; `w` and `h` are the
 * displayed page's size in the box's units.
 */
export function unrotateBox(b: BBox, deg: Rotation, w: number, h: number): BBox {
  switch (deg) {
    case 90:
      return { x0: b.y0, y0: h - b.x1, x1: b.y1, y1: h - b.x0 }
    case 180:
      return { x0: w - b.x1, y0: h - b.y1, x1: w - b.x0, y1: h - b.y0 }
    case 270:
      return { x0: w - b.y1, y0: b.x0, x1: w - b.y0, y1: b.x1 }
    default:
      return b
  }
}

/** The middle band of an image (rows from `from` to `to` as shares of its height): a cheap sample to read. */
export function band(img: PageImage, from: number, to: number): PageImage {
  const y0 = Math.floor(img.height * from)
  const y1 = Math.max(y0 + 1, Math.ceil(img.height * to))
  return { ...img, height: y1 - y0, data: img.data.slice(y0 * img.width, y1 * img.width) }
}
