// Straightened pages: the matrix that turns a skewed page's content level about its centre, and the OCR word boxes
// moved to where the straightened page shows them.
import type { BBox, PageText } from '@pdftriage/core'
import type { PageFrame } from './text-layer.js'

/**
 * The matrix (PDF `cm` operands) that turns a page's content about the centre of its crop box so that text running at
 * `skew` degrees clockwise on the displayed page (the OCR engine's `skew`) runs level. A /Rotate turns the displayed
 * page without mirroring it, so a turn about the centre is the same turn in user space: counter-clockwise by `skew`
 * (PDF's y axis points up, so counter-clockwise is a positive angle).
 */
export function straightenMatrix(frame: PageFrame, skew: number): [number, number, number, number, number, number] {
  const a = (skew * Math.PI) / 180
  const c = Math.cos(a)
  const s = Math.sin(a)
  const cx = (frame.x0 + frame.x1) / 2
  const cy = (frame.y0 + frame.y1) / 2
  // translate the centre to the origin, turn, translate back: x' = c x - s y + e, y' = s x + c y + f
  return [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy]
}

/**
 * A word box measured on the skewed page (the axis-aligned box covering the word turned by `skew`, as the engine maps
 * it back) moved onto the straightened page: its centre turned back about the page centre, and its size the word's own,
 * solved from the covering box (W = w cos + h sin, H = w sin + h cos).
 */
export function straightenBox(b: BBox, skew: number, w: number, h: number): BBox {
  const a = (Math.abs(skew) * Math.PI) / 180
  const c = Math.cos(a)
  const s = Math.sin(a)
  const bw = b.x1 - b.x0
  const bh = b.y1 - b.y0
  const det = c * c - s * s
  // a word's height solved from a covering box clipped at the page edge can come out nil or negative: keep the cover's
  // height then, turned (what a level word of that width would leave)
  let ww = (bw * c - bh * s) / det
  let hh = (bh * c - bw * s) / det
  if (!(ww > 0)) ww = bw
  if (!(hh > 0.2 * bh)) hh = bh * c
  // y points down on the displayed page: the engine's clockwise skew is undone by turning the other way
  const r = (skew * Math.PI) / 180
  const rc = Math.cos(r)
  const rs = Math.sin(r)
  const dx = (b.x0 + b.x1) / 2 - w / 2
  const dy = (b.y0 + b.y1) / 2 - h / 2
  const mx = rc * dx + rs * dy + w / 2
  const my = -rs * dx + rc * dy + h / 2
  return { x0: mx - ww / 2, y0: my - hh / 2, x1: mx + ww / 2, y1: my + hh / 2 }
}

/** The page with its words where the straightened page shows them (see {@link straightenBox}); its skew is gone. */
export function straightenedPage(page: PageText, skew: number): PageText {
  const rest = { ...page }
  delete rest.skew
  return { ...rest, items: page.items.map((it) => ({ ...it, bbox: straightenBox(it.bbox, skew, page.width, page.height) })) }
}
