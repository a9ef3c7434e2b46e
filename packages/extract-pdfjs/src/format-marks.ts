// Invisible format characters (the soft hyphen above all) that pdf.js's text content drops, put back from the text
// the page's show-text operators draw.
import type { PdfjsTextItem } from './page-text.js'

/** Invisible format characters (Unicode category Cf): pdf.js leaves them out of its text content. */
const FORMAT_MARK = /\p{Cf}/u
const SPACE = /\s/u

/**
 * The text a page's show-text operators draw, glyph by glyph, from a pdf.js operator list: what the fonts' maps say,
 * before pdf.js's text-content step drops invisible format characters. `showOps` are the show-text operator codes.
 */
export function shownText(fnArray: readonly number[], argsArray: readonly unknown[], showOps: ReadonlySet<number>): string {
  let out = ''
  for (let i = 0; i < fnArray.length; i++) {
    if (!showOps.has(fnArray[i]!)) continue
    const glyphs = (argsArray[i] as unknown[] | undefined)?.[0]
    if (!Array.isArray(glyphs)) continue
    for (const g of glyphs)
      if (g && typeof g === 'object' && typeof (g as { unicode?: unknown }).unicode === 'string') out += (g as { unicode: string }).unicode
  }
  return out
}

/**
 * Puts back the format characters that pdf.js dropped from the items (a soft hyphen U+00AD above all: a font whose
 * map sends `s` to U+00AD, as reflected fonts do, would otherwise lose every `s` for good). Walks the shown text and
 * the items' text side by side, skipping white space, which pdf.js adds and removes; a character pdf.js normalised
 * (NFKC of ligatures, micro sign) matches its normal form. Returns new items, or `undefined` when there was nothing to
 * restore or the two texts do not line up (the items are then left as pdf.js gave them).
 */
export function restoreFormatMarks(items: readonly PdfjsTextItem[], shown: string): PdfjsTextItem[] | undefined {
  if (!FORMAT_MARK.test(shown)) return undefined
  const strs = items.map((i) => i.str)
  const inserts: Array<Array<{ at: number; mark: string }>> = strs.map(() => [])
  let item = 0
  let pos = 0
  // Next non-space position in the items' text, or false at the end.
  const advanceToChar = (): boolean => {
    for (;;) {
      if (item >= strs.length) return false
      if (pos >= strs[item]!.length) {
        item++
        pos = 0
        continue
      }
      if (SPACE.test(strs[item]![pos]!)) {
        pos++
        continue
      }
      return true
    }
  }
  let restored = 0
  for (const ch of shown) {
    if (SPACE.test(ch)) continue
    if (FORMAT_MARK.test(ch)) {
      // Right after the last character matched, before any space pdf.js put after it ("nous" ends in the mark).
      if (!strs.length) return undefined
      if (item >= strs.length) inserts[strs.length - 1]!.push({ at: strs[strs.length - 1]!.length, mark: ch })
      else inserts[item]!.push({ at: pos, mark: ch })
      restored++
      continue
    }
    if (!advanceToChar()) return undefined
    const s = strs[item]!
    if (s[pos] === ch) {
      pos++
      continue
    }
    const norm = ch.normalize('NFKC')
    if (norm.length && s.startsWith(norm, pos)) {
      pos += norm.length
      continue
    }
    return undefined
  }
  if (!restored || advanceToChar()) return undefined
  return items.map((it, k) => {
    const ins = inserts[k]!
    if (!ins.length) return it
    let str = ''
    let from = 0
    for (const { at, mark } of ins) {
      str += it.str.slice(from, at) + mark
      from = at
    }
    return { ...it, str: str + it.str.slice(from) }
  })
}
