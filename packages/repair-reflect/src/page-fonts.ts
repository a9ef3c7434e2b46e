// A page font by font for the reflect repair: each font's text, and the page rewritten with a decoder per font.
import { rejoinItems, type PageText, type TextItem } from '@pdftriage/core'

/** Key of the items that carry no font id (and of a page without items). */
export const NO_FONT = ''

/** The text of each font of a page: its items joined in page order (a space between items, a newline at line ends). */
export function fontTexts(page: PageText): Map<string, string> {
  const out = new Map<string, string>()
  if (page.items.length === 0) {
    out.set(NO_FONT, page.text)
    return out
  }
  for (const it of page.items) {
    const k = it.fontId ?? NO_FONT
    out.set(k, (out.get(k) ?? '') + it.text + (it.hasEol ? '\n' : ' '))
  }
  return out
}

/** A font's decoder: an item's stored text to what it reads; the item, when given, says its glyphs. */
export type Decoder = (s: string, item?: TextItem) => string

/**
 * A copy of the page with each item's text passed through the decoder of its font (fonts without a decoder are
 * kept), and the page text rebuilt from the items between the page's own separators (see `rejoinItems`). A page
 * without items has its text decoded as font {@link NO_FONT}.
 */
export function remapPage(page: PageText, decoders: ReadonlyMap<string, Decoder>): PageText {
  if (page.items.length === 0) {
    const d = decoders.get(NO_FONT)
    return { ...page, text: d ? d(page.text).normalize('NFC') : page.text, source: 'repaired' }
  }
  const items = page.items.map((it) => {
    const d = decoders.get(it.fontId ?? NO_FONT)
    return d ? { ...it, text: d(it.text, it) } : it
  })
  return { ...page, items, text: rejoinItems(page, items), source: 'repaired' }
}

/** Non-space characters of `s`. */
export function nonSpace(s: string): number {
  return s.replace(/\s+/g, '').length
}
