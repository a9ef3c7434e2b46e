import type { DocumentText, PageText, TextItem } from '@pdftriage/core'

/** Approximate advance of a character: half an em, enough for layout tests. */
const CHAR_EM = 0.5

/** One line of text as word items (as OCR gives them) or as one run (as pdf.js gives a simple line). */
export function lineItems(text: string, x: number, baseline: number, size = 10, opts: { words?: boolean; fontId?: string; width?: number } = {}): TextItem[] {
  const words = text.split(' ')
  const natural = words.reduce((a, w) => a + w.length * CHAR_EM * size, 0)
  // Justify to `width` when given, as a typeset column would.
  const gap = opts.width && words.length > 1 ? (opts.width - natural) / (words.length - 1) : CHAR_EM * size * 0.6
  if (!opts.words) {
    const w = opts.width ?? natural + gap * (words.length - 1)
    return [
      { text, bbox: { x0: x, y0: baseline - size * 0.8, x1: x + w, y1: baseline + size * 0.2 }, fontSize: size, fontId: opts.fontId ?? 'F1', hasEol: true },
    ]
  }
  const out: TextItem[] = []
  let cx = x
  for (const w of words) {
    const ww = w.length * CHAR_EM * size
    out.push({ text: w, bbox: { x0: cx, y0: baseline - size * 0.8, x1: cx + ww, y1: baseline + size * 0.2 }, fontSize: size, fontId: opts.fontId ?? 'F1' })
    cx += ww + gap
  }
  out[out.length - 1]!.hasEol = true
  return out
}

/** A page from lines already laid out. */
export function page(n: number, items: TextItem[], width = 400, height = 600): PageText {
  return { pageNumber: n, width, height, items, text: items.map((i) => i.text).join(' '), source: 'text-layer' }
}

/** A document from pages. */
export function doc(pages: PageText[]): DocumentText {
  return { info: { pageCount: pages.length }, pages }
}

/**
 * Lays out a column of lines (justified to `width` except each paragraph's last line) starting at `top`, 12 pt
 * leading. A line of `''` leaves an empty line (a paragraph gap).
 */
export function column(
  lines: string[],
  opts: { x?: number; top?: number; width?: number; size?: number; words?: boolean; lastShort?: Set<number> } = {},
): TextItem[] {
  const x = opts.x ?? 40
  const size = opts.size ?? 10
  const width = opts.width ?? 300
  const out: TextItem[] = []
  let y = opts.top ?? 80
  lines.forEach((l, i) => {
    y += size * 1.2
    if (l === '') return
    const isLast = opts.lastShort?.has(i) ?? false
    out.push(...lineItems(l, x, y, size, { words: opts.words, width: isLast ? undefined : width }))
  })
  return out
}
