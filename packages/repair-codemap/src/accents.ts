import { accentMark, dotless, SPACING_ACCENTS, type ItemGlyph } from '@pdftriage/core'

/**
 * The spacing accent a font's map is written with for each mark (pdfTeX's ToUnicode for `acute`, `grave`...), from
 * core's table of spacing accents as extract-pdfjs reads TeX's `\accent`: a font of a false map, or of no map at all,
 * gives the accent glyph whatever its map or the OCR says, so the repair puts it over its letter itself.
 */
const SPACING_OF: Record<string, string> = {}
for (const [s, m] of Object.entries(SPACING_ACCENTS)) SPACING_OF[m] ??= s

const LETTER = /^\p{L}$/u

/**
 * The combining mark a glyph's text stands for when the glyph is an accent: a spacing accent or a combining mark (its
 * glyph names, a map), or a letter with one mark (the OCR reads the accented letter where the accent glyph draws, so
 * that is what its votes say: `é` for the acute, `è` for the grave).
 */
export function markOf(t: string): string | undefined {
  const mark = accentMark(t)
  if (mark) return mark
  const d = t.normalize('NFD')
  const cs = Array.from(d)
  if (cs.length === 2 && LETTER.test(cs[0]!) && /^[\u0300-\u036f]$/.test(cs[1]!)) return cs[1]
  return undefined
}

/** The spacing form of a mark, for a ToUnicode CMap (a CMap maps a code alone, not over its letter). */
export const spacingAccent = (mark: string): string => SPACING_OF[mark] ?? mark

/** Whether glyph `a`'s middle falls inside glyph `b`'s extent: `a` is drawn over `b` (TeX's `\accent`). */
const over = (a: ItemGlyph, b: ItemGlyph): boolean => {
  const mid = (a.x0 + a.x1) / 2
  return mid > b.x0 && mid < b.x1
}

/** Whether accent glyph `a` is drawn over glyph `b`, a letter (decoded `tb`): `a`'s mark goes on `b`. */
export const sitsOver = (a: ItemGlyph, b: ItemGlyph, tb: string): boolean => LETTER.test(tb.normalize('NFD').charAt(0)) && over(a, b)

/**
 * The decoded texts of a run's glyphs joined, accents drawn over a letter (before it, as TeX's `\accent` draws them, or
 * back over the letter before) put after that letter as its combining mark; `sep(k)` is what stands before glyph `k`
 * (a space or nothing). `accents` gets the code of each glyph read as an accent, with its mark.
 */
export function joinGlyphs(gs: readonly ItemGlyph[], texts: readonly string[], sep: (k: number) => string, accents?: Map<number, string>): string {
  let s = ''
  let lastLetter = false
  for (let k = 0; k < gs.length; k++) {
    const t = texts[k]!
    const mark = markOf(t)
    if (mark && k + 1 < gs.length && sitsOver(gs[k]!, gs[k + 1]!, texts[k + 1]!)) {
      s += sep(k) + dotless(texts[k + 1]!) + mark
      accents?.set(gs[k]!.code, mark)
      lastLetter = false
      k++
      continue
    }
    if (mark && lastLetter && !sep(k) && over(gs[k]!, gs[k - 1]!)) {
      s += mark
      accents?.set(gs[k]!.code, mark)
      lastLetter = false
      continue
    }
    s += sep(k) + t
    lastLetter = LETTER.test(t)
  }
  return s.normalize('NFC')
}
