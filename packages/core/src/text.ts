import type { PageText, TextItem } from './types.js'

/** Count of characters that are not white space (the unit of every page-size threshold). */
export function nonSpaceCount(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    // space, tab, LF, VT, FF, CR, NBSP; surrogate pairs count twice, which is immaterial for thresholds in the hundreds
    if (c !== 32 && (c < 9 || c > 13) && c !== 160) n++
  }
  return n
}

/**
 * Joins items in the order given into page text: an item ending a line (`hasEol`) is followed by a newline, others
 * by a space unless one is already there. The result is NFC.
 */
export function joinItems(items: readonly TextItem[]): string {
  let out = ''
  for (const it of items) {
    out += it.text
    if (it.hasEol) out += '\n'
    else if (it.text && !/\s$/.test(it.text)) out += ' '
  }
  return out
    .replace(/[ \t]+\n/g, '\n')
    .trim()
    .normalize('NFC')
}

/**
 * The page without the items whose box lies in the top or bottom band (shares 0..1 of the page height), text rebuilt.
 * Used by stamp rules, so that a transmission stamp does not count as the page's layer.
 */
export function withoutBands(page: PageText, top: number, bottom: number): PageText {
  if (top <= 0 && bottom <= 0) return page
  const yTop = page.height * top
  const yBottom = page.height * (1 - bottom)
  const items = page.items.filter((i) => i.bbox.y0 >= yTop && i.bbox.y1 <= yBottom)
  return { ...page, items, text: joinItems(items) }
}

/** An empty page of the given size: what a skipped or unreadable page keeps. */
export function emptyPage(pageNumber: number, width = 0, height = 0, source: PageText['source'] = 'text-layer'): PageText {
  return { pageNumber, width, height, items: [], text: '', source }
}
