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
  // Counted in one pass without splitting: the judge asks this of every page and of every font's share of it.
  let tokens = 0
  let single = 0
  let start = -1
  const end = (i: number): void => {
    const n = i - start
    tokens++
    if (n === 1 || (n === 2 && (isHighSurrogate(text.charCodeAt(start)) || isHighSurrogate(text.charCodeAt(start + 1))))) single++
    start = -1
  }
  for (let i = 0; i < text.length; i++) {
    if (isWhiteSpace(text.charCodeAt(i))) {
      if (start >= 0) end(i)
    } else if (start < 0) start = i
  }
  if (start >= 0) end(text.length)
  if (tokens === 0 || single / tokens < LETTER_SPACED_SHARE) return undefined
  return { text: text.replace(/(?<=(?:^|\s)\S) (?=\S(?:\s|$))/g, ''), single, tokens }
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff

/** True for the code units `\s` matches in a JavaScript regular expression (white space and line terminators). */
function isWhiteSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d)
  if (c < 0xa0) return false
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  )
}
