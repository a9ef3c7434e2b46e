// Reflected fonts, whose ASCII characters are stored mirrored into 0xA1..0xFF: the reflection of a code, how much of
// a font's text looks reflected, and the text read back (each ambiguous code settled by its context).
import type { LetterPairModel } from './letter-pair-model.js'
import { SPACE, SYMBOL_COUNT, symbolOf } from './letter-pair-model.js'

/** First and last stored code a reflected character can take: chr(0x120 - c) is kept only where it lands here. */
const LOW = 0xa1
const HIGH = 0xff

/**
 * Greek mu: pdf.js gives U+03BC for the micro sign U+00B5 (glyph name "mu"), which is the reflection of 'k'.
 */
const MICRO_GREEK = 0x3bc

/** The reflection of code `c` (an involution on 0x21..0x7F <-> 0xA1..0xFF). */
export function reflectCode(c: number): number {
  return 0x120 - c
}

/** How a text would be stored by a reflected font (as the gates seed found it): the forward map, for fixtures and tests. */
export function reflectText(s: string): string {
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    const r = reflectCode(c)
    out += r >= LOW && r <= HIGH ? String.fromCharCode(r) : ch
  }
  return out
}

/**
 * Share of a font's non-space characters in 0xA1..0xFF and of printable ASCII: a reflected font shows almost only
 * the former (every ASCII character it draws is stored there), a healthy Latin font mostly the latter.
 */
export function reflectedShares(s: string): { high: number; ascii: number; nonSpace: number } {
  let high = 0
  let ascii = 0
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0) continue
    n++
    if (c >= LOW && c <= HIGH && c !== 0xad) high++
    else if (c === 0xad || c === MICRO_GREEK)
      high++ // a reflected 's', a reflected 'k' as pdf.js names it
    else if (c >= 0x21 && c <= 0x7f) ascii++
  }
  return { high: n ? high / n : 0, ascii: n ? ascii / n : 0, nonSpace: n }
}

// Character classes for the no-model context score.
const LOWER = 0
const UPPER = 1
const DIGIT = 2
const PUNCT = 3
const BLANK = 4

function classOf(c: number): number {
  if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0) return BLANK
  if (c >= 0x30 && c <= 0x39) return DIGIT
  const ch = String.fromCharCode(c)
  if (/\p{Ll}/u.test(ch)) return LOWER
  if (/\p{Lu}/u.test(ch)) return UPPER
  return PUNCT
}

/**
 * ln-weights of class transitions in French and English prose, set by hand from their orders of magnitude (a
 * letter follows a letter about 80 % of the time, a digit inside a word is rare, punctuation is followed by a space).
 * Rows: previous class; columns: next class (LOWER, UPPER, DIGIT, PUNCT, BLANK).
 */
const TRANSITION = [
  [0, -4, -4, -1, 0],
  [-0.5, -0.5, -3, -1.5, -0.5],
  [-3, -3, 0, -1, -0.5],
  [-2, -2, -1, -2, -0.3],
  [0, -1, -1.5, -2.5, 0],
]

/** Accented letters common in French (the genuine reading of 0xC0..0xFF that deserves belief). */
const FRENCH_ACCENTS = 'àâçéèêëîïôùûüÿÀÂÇÉÈÊËÎÏÔÙÛÜŸ'

/**
 * Prior ln-weight of one candidate character: ASCII letters 0, French accents -1 (é -0.5), digits -1.5, common
 * punctuation -1, other ASCII -4, other Latin-1 -7 (the soft hyphen -10: it is a reflected 's' far more often).
 */
function prior(c: number): number {
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) return c === 0x57 || c === 0x58 || c === 0x59 ? -1.5 : 0
  if (c >= 0x30 && c <= 0x39) return -1.5
  if (c === 0xe9 || c === 0xc9) return -0.5
  const ch = String.fromCharCode(c)
  if (FRENCH_ACCENTS.includes(ch)) return -1
  if ('.,;:\'()-/%"!?'.includes(ch)) return -1
  if (c >= 0x21 && c <= 0x7f) return -4
  if (c === 0xad) return -10
  if (c === 0xab || c === 0xbb || c === 0xb0 || c === 0xa7) return -5
  return -7
}

/**
 * Where French accented letters stand: `needLeft` letters must follow a letter, `needRight` must precede one
 * ("ô" inside "côté", never before a space where a reflected "," stands; "ù" only ends "où").
 */
const NEED_LEFT = new Set('âçèëïôüÿû')
const NEED_RIGHT = new Set('âçèêîïôüÿ')
const NO_RIGHT = new Set('ù')
/** Signs that stand apart from words ("« mot »", "§ 2"): after a letter they are a reflected 'u', 'y', 'E'. */
const NO_LEFT_LETTER = new Set('«»§')

function placement(prevC: number, curC: number): number {
  const prevLetter = classOf(prevC) <= UPPER
  const curLetter = classOf(curC) <= UPPER
  let p = 0
  const cur = String.fromCharCode(curC).toLowerCase()
  const prev = String.fromCharCode(prevC).toLowerCase()
  if (NEED_LEFT.has(cur) && !prevLetter) p -= 3
  if (NEED_RIGHT.has(prev) && !curLetter) p -= 3
  if (NO_RIGHT.has(prev) && curLetter) p -= 3
  if (NO_LEFT_LETTER.has(cur) && prevLetter) p -= 3
  return p
}

/** Score of `cur` after `prev`: class transition, placement and prior, plus the model's pair log-probability. */
function pairScore(prev: number, cur: number, model: LetterPairModel | undefined): number {
  let s = TRANSITION[classOf(prev)]![classOf(cur)]! + placement(prev, cur) + prior(cur)
  if (model) s += model.logprobs[symbolOf(prev) * SYMBOL_COUNT + symbolOf(cur)]!
  return s
}

/**
 * `s` when {@link unreflect} keeps every character of it whatever stands around it (none is in 0xA1..0xFF or a Greek
 * mu), else `undefined`: what one glyph of a reflected font reads without its neighbours.
 */
export function reflectionKeeps(s: string): string | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if ((c >= LOW && c <= HIGH) || c === MICRO_GREEK) return undefined
  }
  return s
}

/**
 * Decodes text stored by a reflected font. Each character in 0xA1..0xFF is either a reflected ASCII character or a
 * genuine Latin-1 one left alone (`é` is stored as itself and is also the reflection of `7`); the most likely
 * reading of the whole string is chosen by Viterbi over these two-way choices (`fixed[i]`, when given, is the reading of
 * character i that the font's glyph names settle), scored by the letter-pair model when
 * given and by class transitions and priors always. Characters outside 0xA1..0xFF are kept.
 */
export function unreflect(s: string, model?: LetterPairModel, fixed?: ReadonlyArray<number | undefined>): string {
  const n = s.length
  if (n === 0) return s
  const cands: number[][] = []
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    const f = fixed?.[i]
    if (f !== undefined) cands.push([f])
    else if (c === MICRO_GREEK) cands.push([0x6b, c])
    else cands.push(c >= LOW && c <= HIGH ? [reflectCode(c), c] : [c])
  }
  const SPACE_CODE = 32
  void SPACE
  let scores = cands[0]!.map((c) => pairScore(SPACE_CODE, c, model))
  const back: number[][] = []
  for (let i = 1; i < n; i++) {
    const cur = cands[i]!
    const prev = cands[i - 1]!
    const next: number[] = []
    const ptr: number[] = []
    for (const c of cur) {
      let best = -Infinity
      let arg = 0
      for (let k = 0; k < prev.length; k++) {
        const v = scores[k]! + pairScore(prev[k]!, c, model)
        if (v > best) {
          best = v
          arg = k
        }
      }
      next.push(best)
      ptr.push(arg)
    }
    scores = next
    back.push(ptr)
  }
  // close with a space so that the last character's right context counts
  let arg = 0
  let best = -Infinity
  cands[n - 1]!.forEach((c, k) => {
    const v = scores[k]! + pairScore(c, SPACE_CODE, model)
    if (v > best) {
      best = v
      arg = k
    }
  })
  const out = new Array<number>(n)
  for (let i = n - 1; i >= 0; i--) {
    out[i] = cands[i]![arg]!
    if (i > 0) arg = back[i - 1]![arg]!
  }
  // Two readings a letter-pair score cannot see (they need both neighbours): a guillemet standing alone between
  // spaces is not a one-letter word 'u' or 'e', and "o'" before a space is "où".
  const blank = (i: number): boolean => i < 0 || i >= n || classOf(out[i]!) === BLANK
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if ((c === 0xab || c === 0xbb) && blank(i - 1) && blank(i + 1)) out[i] = c
    if (c === 0xf9 && i > 0 && (out[i - 1] === 0x6f || out[i - 1] === 0x4f) && blank(i + 1)) out[i] = c
  }
  let text = ''
  for (let i = 0; i < n; i += 4096) text += String.fromCharCode(...out.slice(i, i + 4096))
  return text
}

const DIGIT_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']
const NAMED_MARKS: Readonly<Record<string, string>> = {
  acute: '\u0301',
  grave: '\u0300',
  circumflex: '\u0302',
  dieresis: '\u0308',
  cedilla: '\u0327',
  tilde: '\u0303',
  ring: '\u030a',
}

/**
 * The character a glyph name spells, for the names that settle a reflection's two readings: a letter (`e`), a digit
 * (`seven`), a letter with one accent (`eacute`); else `undefined`.
 */
export function charOfGlyphName(name: string): string | undefined {
  if (/^[A-Za-z]$/.test(name)) return name
  const d = DIGIT_NAMES.indexOf(name)
  if (d >= 0) return String(d)
  const m = /^([A-Za-z])(acute|grave|circumflex|dieresis|cedilla|tilde|ring)$/.exec(name)
  return m ? (m[1]! + NAMED_MARKS[m[2]!]!).normalize('NFC') : undefined
}
