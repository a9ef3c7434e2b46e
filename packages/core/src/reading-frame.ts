// Pages as they read: the turn at which an OCR page's words run left to right (sideways pages tesseract read by
// itself), and its items moved onto the page so turned.
import type { BBox } from './geometry.js'
import type { PageText, TextItem } from './types.js'

/**
 * A box on the page as displayed (top-left origin, `w` x `h`) moved onto that page turned clockwise by `deg`: where
 * OCR saw it on the turned image. The inverse of the OCR stage's `unrotateBox`.
 */
export function turnBox(b: BBox, deg: number, w: number, h: number): BBox {
  switch (deg) {
    case 90:
      return { x0: h - b.y1, y0: b.x0, x1: h - b.y0, y1: b.x1 }
    case 180:
      return { x0: w - b.x1, y0: h - b.y1, x1: w - b.x0, y1: h - b.y0 }
    case 270:
      return { x0: b.y0, y0: w - b.x1, x1: b.y1, y1: w - b.x0 }
    default:
      return b
  }
}

/** Width over height from which a word box is upright: a word of three letters is about 1.5 times as wide as high. */
const WIDE = 1.4

/**
 * The clockwise turn (0, 90 or 270) that makes `items` read left to right, judged from their layout: tesseract reads
 * a page turned sideways by itself and gives each line as a column of words one below (or above) the other. When
 * most steps from a word to the next one on its line go down the page, the lines read top to bottom (the page shows
 * its text turned clockwise, undone by 270); up the page, bottom to top (90). Steps across an end of line are left
 * out: they go down the page on any upright page. A word set sideways is taller than wide, save a word of one or two
 * letters, as high as it is wide; a step down to or from a word clearly wider than high (`WIDE`) is an upright list
 * of words one under the other, and counts as across.
 */
export function layoutTurn(items: readonly TextItem[]): 0 | 90 | 270 {
  let across = 0
  let down = 0
  let up = 0
  const wide = (t: TextItem) => t.bbox.x1 - t.bbox.x0 > WIDE * (t.bbox.y1 - t.bbox.y0)
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!
    const b = items[i]!
    if (a.hasEol || !a.text.trim() || !b.text.trim()) continue
    const dx = (b.bbox.x0 + b.bbox.x1 - a.bbox.x0 - a.bbox.x1) / 2
    const dy = (b.bbox.y0 + b.bbox.y1 - a.bbox.y0 - a.bbox.y1) / 2
    if (Math.abs(dx) >= Math.abs(dy) || wide(a) || wide(b)) across++
    else if (dy > 0) down++
    else up++
  }
  if (2 * down > across + down + up) return 270
  if (2 * up > across + down + up) return 90
  return 0
}

/**
 * The clockwise turn at which an OCR page's words read left to right: the turn OCR recorded (`rotation`) plus the
 * one its layout still shows (a sideways image tesseract read by itself). 0 for a text layer, whose items are its
 * own lines.
 */
export function readingTurn(page: PageText): 0 | 90 | 180 | 270 {
  if (page.source !== 'ocr') return 0
  const recorded = page.rotation ? ((page.rotation % 360) + 360) % 360 : 0
  const sideways = layoutTurn(recorded ? page.items.map((it) => ({ ...it, bbox: turnBox(it.bbox, recorded, page.width, page.height) })) : page.items)
  return ((recorded + sideways) % 360) as 0 | 90 | 180 | 270
}

/**
 * The page as it reads: for a page OCR read turned or sideways, its items moved onto the page turned by
 * {@link readingTurn} (width and height swapped on a quarter turn), so that lines run left to right and follow each
 * other down the page. Any other page is returned as it is.
 */
export function readingPage(page: PageText): PageText {
  const turn = readingTurn(page)
  if (!turn) return page
  const side = turn === 90 || turn === 270
  return {
    ...page,
    width: side ? page.height : page.width,
    height: side ? page.width : page.height,
    items: page.items.map((it) => ({ ...it, bbox: turnBox(it.bbox, turn, page.width, page.height) })),
  }
}
