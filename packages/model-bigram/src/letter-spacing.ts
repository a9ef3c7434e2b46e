/**
 * Share of single-character tokens from which a text is taken as letter-spaced ("L e t t r e"): extractors give
 * that for text set with wide tracking, and broken fonts extract that way too (every glyph its own item). Healthy
 * prose has about 0.05-0.15 of one-letter words (a, à, y, l' split), so half is far from it.
 */
export const LETTER_SPACED_SHARE = 0.5

/**
 * When most whitespace-separated tokens are one character long, the text with the single spaces between them
 * removed, so that it is judged as the words it spells (and junk as the junk it is); `undefined` when the text is
 * not letter-spaced (looked, found nothing to join).
 */
export function joinLetterSpaced(text: string): { text: string; single: number; tokens: number } | undefined {
  let tokens = 0
  let single = 0
  for (const t of text.split(/\s+/)) {
    if (t === '') continue
    tokens++
    if (t.length === 1 || (t.length === 2 && /[\ud800-\udbff]/.test(t))) single++
  }
  if (tokens === 0 || single / tokens < LETTER_SPACED_SHARE) return undefined
  return { text: text.replace(/(?<=(?:^|\s)\S) (?=\S(?:\s|$))/g, ''), single, tokens }
}
