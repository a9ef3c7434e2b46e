// Fonts whose codes are shifted by a constant (a glyph-id fallback): the shift found from the codes' histogram and
// the scorer, and how much of the font it explains.
import type { LanguageScorer } from './language-scorer.js'

/** Offsets searched: the whole 8-bit range either way (glyph-id fallbacks seen at +0x1D and +0x1F). */
export const MAX_SHIFT = 0xff

/**
 * Shifts every non-white character of `s` by `k` code points. White space is the extractor's and is kept, and so are
 * combining marks: the extractor puts them after a letter from an accent glyph it read as one, they are no code.
 */
export function shiftText(s: string, k: number): string {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    out += c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || (c >= 0x300 && c <= 0x36f) ? s[i] : String.fromCharCode(c + k)
  }
  return out
}

/** Letter share of the text shifted by `k`, from the code histogram (cheap filter before any scoring). */
function letterShareShifted(hist: Map<number, number>, total: number, k: number): number {
  let letters = 0
  for (const [c, n] of hist) {
    const u = c + k
    if (u < 0x20 || (u >= 0xd800 && u <= 0xdfff) || u > 0xffff) return 0 // a code below space or invalid: not text
    if ((u >= 0x41 && u <= 0x5a) || (u >= 0x61 && u <= 0x7a) || (u >= 0xc0 && u <= 0xff && u !== 0xd7 && u !== 0xf7)) letters += n
  }
  return letters / total
}

/** Typographic punctuation outside Latin-1 that ordinary text carries (quotes, dashes, ellipsis, ligatures, euro). */
const TYPOGRAPHIC = new Set([0x2018, 0x2019, 0x201c, 0x201d, 0x2013, 0x2014, 0x2026, 0x2022, 0x20ac, 0x0152, 0x0153, 0xfb01, 0xfb02])

/**
 * Share of the non-space characters of the text shifted by `k` that land where text lives: printable ASCII, Latin-1
 * letters and signs, common typographic punctuation. A glyph-id fallback shifts ASCII letters by a constant but not
 * the accented glyphs, which then land in Latin Extended or further ("ątą" for "été" on a real file): below
 * {@link MIN_EXPLAINED} the shift explains only part of the font and a repair would write wrong text.
 */
export function explainedShare(hist: Map<number, number>, total: number, k: number): number {
  let ok = 0
  for (const [c, n] of hist) {
    const u = c + k
    if ((u >= 0x21 && u <= 0x7e) || (u >= 0xa1 && u <= 0xff) || TYPOGRAPHIC.has(u)) ok += n
  }
  return total ? ok / total : 0
}

/** {@link explainedShare} of a text, less the characters the shift puts where no text has them ({@link misplacedShare}). */
export function shiftExplains(s: string, k: number): number {
  const { hist, total } = codeHistogram(s)
  return explainedShare(hist, total, k) - misplacedShare(shiftText(s, k))
}

/** Signs that sit between two letters in ordinary text: soft hyphen, middle dot (inclusive French "agent·e·s"). */
const INSIDE_WORDS = new Set([0xad, 0xb7])

const isLetter = (c: string | undefined): c is string => c !== undefined && c.toLowerCase() !== c.toUpperCase()
const isLower = (c: string | undefined): boolean => isLetter(c) && c === c.toLowerCase()

/**
 * Share of the non-space characters of a shifted text that are non-ASCII characters standing where text never has
 * them: an upper-case letter right after a lower-case one ("appelÈ", "sÈmantique") or a sign between two letters
 * ("d¿but"). A glyph-id fallback whose font orders its accented glyphs apart from ASCII (in Unicode order after it,
 * as DejaVu does) shifts ASCII right and sends every "é" to "È" and "à" to "¿": Latin-1 all the same, so
 * {@link explainedShare} alone passes it. A character counts when at least half of its occurrences (and two or more)
 * are misplaced, then with all of them; ASCII characters are never counted (the shift that reads explains those).
 */
export function misplacedShare(shifted: string): number {
  const seen = new Map<string, { n: number; bad: number }>()
  let total = 0
  for (let i = 0; i < shifted.length; i++) {
    const ch = shifted[i]!
    const c = ch.charCodeAt(0)
    if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0) continue
    total++
    if (c < 0x80) continue
    const prev = shifted[i - 1]
    const bad = isLetter(ch)
      ? ch !== ch.toLowerCase() && isLower(prev)
      : !TYPOGRAPHIC.has(c) && !INSIDE_WORDS.has(c) && isLetter(prev) && isLetter(shifted[i + 1])
    const e = seen.get(ch) ?? { n: 0, bad: 0 }
    e.n++
    if (bad) e.bad++
    seen.set(ch, e)
  }
  let misplaced = 0
  for (const e of seen.values()) if (e.n >= 2 && e.bad * 2 >= e.n) misplaced += e.n
  return total ? misplaced / total : 0
}

/** Counts of each non-white code unit of `s` (white space is the extractor's and is never shifted). */
export function codeHistogram(s: string): { hist: Map<number, number>; total: number } {
  const hist = new Map<number, number>()
  let total = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0) continue
    hist.set(c, (hist.get(c) ?? 0) + 1)
    total++
  }
  return { hist, total }
}

/**
 * A shift must explain every character but stray ones: 99 %. A correctly shifted page of French or English explains
 * all of its characters; the one real file whose shift was wrong for its accents left 4 % unexplained.
 */
export const MIN_EXPLAINED = 0.99

/** The best shift of one font and the evidence for it. */
export interface ShiftFinding {
  shift: number
  score: number
  /** Score of the runner-up shift (-Infinity when none passed the filter). */
  runnerUp: number
  /** Score of the stored text. */
  stored: number
  reads: boolean
  /** Share of characters the shift maps into text ranges and puts where text has them ({@link shiftExplains}). */
  explained: number
}

/**
 * Searches the shift in [-MAX_SHIFT, MAX_SHIFT] that makes `s` read best. Candidates whose letters are under half
 * the characters are not scored (a shift that reads has 0.75-0.85 letters). Returns `undefined` when no candidate
 * passes the filter ("cannot tell").
 */
export function findShift(s: string, scorer: LanguageScorer): ShiftFinding | undefined {
  const { hist, total } = codeHistogram(s)
  if (total === 0) return undefined
  let best = -Infinity
  let runnerUp = -Infinity
  let arg = 0
  for (let k = -MAX_SHIFT; k <= MAX_SHIFT; k++) {
    if (k === 0 || letterShareShifted(hist, total, k) < 0.5) continue
    const sc = scorer.score(shiftText(s, k))
    if (sc > best) {
      runnerUp = best
      best = sc
      arg = k
    } else if (sc > runnerUp) runnerUp = sc
  }
  if (best === -Infinity) return undefined
  const shifted = shiftText(s, arg)
  const explained = explainedShare(hist, total, arg) - misplacedShare(shifted)
  return { shift: arg, score: best, runnerUp, stored: scorer.score(s), reads: explained >= MIN_EXPLAINED && scorer.reads(shifted), explained }
}
