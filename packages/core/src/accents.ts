// One account of accents drawn as glyphs of their own (TeX's \accent in OT1 fonts, groff's \o, a word processor's
// overstrike): which glyph is an accent, which mark it is, where it goes. Shared by the repairs of false maps, which
// must put such an accent over its letter themselves, as the extractor does for a layer that reads.
import { accentMark, dotless, SPACING_ACCENTS } from './text.js'
import type { ItemGlyph } from './types.js'

/** The spacing accent a font's map is written with for each mark (pdfTeX's ToUnicode for `acute`, `grave`...). */
const SPACING_OF: Record<string, string> = {}
for (const [s, m] of Object.entries(SPACING_ACCENTS)) SPACING_OF[m] ??= s

const LETTER = /^\p{L}$/u

/**
 * The combining mark a glyph's text stands for when the glyph is an accent: a spacing accent or a combining mark (its
 * glyph names, a map), or a letter with one mark (an OCR reads the accented letter where the accent glyph draws, so
 * that is what its votes say: `é` for the acute, `è` for the grave).
 */
export function markOf(t: string): string | undefined {
  const mark = accentMark(t)
  if (mark) return mark
  const cs = Array.from(t.normalize('NFD'))
  if (cs.length === 2 && LETTER.test(cs[0]!) && /^[\u0300-\u036f]$/.test(cs[1]!)) return cs[1]
  return undefined
}

/** The spacing form of a mark, for a ToUnicode CMap (a CMap maps a code alone, not over its letter). */
export const spacingAccent = (mark: string): string => SPACING_OF[mark] ?? mark

/**
 * Combining marks by the glyph names fonts give accents drawn alone: the Adobe names of the spacing accents (TeX's
 * OT1, T1 and LY1 fonts, the standard fonts), their `comb` forms (OpenType fonts), and `uniXXXX` of either.
 */
const MARK_OF_NAME: Readonly<Record<string, string>> = {
  grave: '\u0300',
  acute: '\u0301',
  circumflex: '\u0302',
  tilde: '\u0303',
  macron: '\u0304',
  breve: '\u0306',
  dotaccent: '\u0307',
  dieresis: '\u0308',
  ring: '\u030a',
  hungarumlaut: '\u030b',
  caron: '\u030c',
  cedilla: '\u0327',
  ogonek: '\u0328',
}

/**
 * The combining mark a glyph name stands for when it names an accent drawn alone (`acute`, `gravecomb`, `uni00B4`,
 * `uni0301`, `circumflex.cap`); else `undefined`. A font's names survive a false map, so they say which accent a
 * glyph is where its map lies.
 */
export function markOfGlyphName(name: string): string | undefined {
  const base = name.split('.')[0]!
  const plain = base.endsWith('comb') ? base.slice(0, -4) : base
  const m = MARK_OF_NAME[plain]
  if (m) return m
  const u = /^uni([0-9A-F]{4})$/.exec(base)
  return u ? accentMark(String.fromCharCode(parseInt(u[1]!, 16))) : undefined
}

/** Whether glyph `a`'s middle falls inside glyph `b`'s extent: `a` is drawn over `b` (TeX's `\accent`). */
export const over = (a: Pick<ItemGlyph, 'x0' | 'x1'>, b: Pick<ItemGlyph, 'x0' | 'x1'>): boolean => {
  const mid = (a.x0 + a.x1) / 2
  return mid > b.x0 && mid < b.x1
}

/** Whether accent glyph `a` is drawn over glyph `b`, a letter (decoded `tb`): `a`'s mark goes on `b`. */
export const sitsOver = (a: Pick<ItemGlyph, 'x0' | 'x1'>, b: Pick<ItemGlyph, 'x0' | 'x1'>, tb: string): boolean =>
  LETTER.test(tb.normalize('NFD').charAt(0)) && over(a, b)

/** A letter with `mark` on it, NFC: TeX sets accents over a dotless i or j, which with its accent is i or j. */
export const composeAccent = (letter: string, mark: string): string => (dotless(letter) + mark).normalize('NFC')

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
