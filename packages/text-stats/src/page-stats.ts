// A text's character statistics (letters, numbers, vowels, Latin-1 symbols, controls, leaders, function words),
// counted once and shared by the gates and the repairs.
import { ENGLISH_FUNCTION_WORDS, FRENCH_FUNCTION_WORDS } from './common-function-words.js'

/** Character counts and shares of a text. Shares are of `judged` characters; 0 when there are none. */
export interface PageStats {
  /** Non-space characters (code points). */
  chars: number
  /** Characters in leader runs (`. . . .`, `____`, `----`), left out of the shares: layout, not text. */
  leaders: number
  /** `chars - leaders`: the denominator of every share. */
  judged: number
  /** Letters (\p{L}), any script. */
  letters: number
  /** Decimal digits (\p{Nd}). */
  digits: number
  /** Digits in number-shaped tokens (`1 254,00`, `12/03/2024`, `15 %`, `3e`) or letter-digit identifiers (`a159`):
   *  a table's figures, not digits mixed into symbol soup. */
  numberDigits: number
  /** Latin-1 symbols and capitals: U+0080..U+00DE and U+00F7 (C1 controls included). Lower-case letters are ordinary. */
  latin1: number
  /** C0 controls and DEL, U+FFFD, private-use (but symbol-font U+F0xx) and non-characters: text never carries them. */
  controls: number
  letterShare: number
  /** Letters and the digits of number-shaped tokens. Digits mixed into symbol soup (`9:33;<2=`) do not count: an
   *  ASCII-renumbered layer maps common letters to digits. */
  alnumShare: number
  latin1Share: number
  controlShare: number
  /** Latin-1 symbols and capitals plus controls: what the `maxLatin1Share` gate tests. */
  oddShare: number
  /** Latin-script letters (a-z, A-Z and the Latin-1 and Latin Extended-A letters). */
  latinLetters: number
  /** Vowels (a e i o u y, accented or not, æ œ ø) among the Latin letters. */
  vowels: number
  /** `vowels / latinLetters`; 0 without Latin letters. */
  vowelShare: number
  /** Words (runs of letters). */
  words: number
  /** Words of one Latin, Greek or Cyrillic letter ("T I T L E": a letter-spaced layer when most are). */
  singleLetterWords: number
  /** Shares of words that are English / French function words. */
  englishShare: number
  frenchShare: number
  /** The most frequent ASCII letter, lower case (ties to the earlier letter); empty without one. */
  topLetter: string
}

// Four or more of the same filler (with or without spaces between): table-of-contents leaders and fill-in lines.
// In a garbled layer one glyph repeated four times in a row is rare; in genuine text these runs carry no letters, and
// pdf-inspector's known false positive is a table of contents.
const LEADERS = /([._\-·…])(?:[ \t]*\1){3,}/gu

// A token that is a number: optional sign, bracket or currency, digits with their separators, optional short unit or
// ordinal suffix, optional closing punctuation.
const NUMBER = /^[([«"'+\-−–]?[$€£]?\d[\d.,:/'’-]*(?:%|‰|[$€£]|\p{L}{1,3})?[)\]»"'.,;:!?]*$/u
// A token of letters and digits only (`a159`, `x2793`, `RN7`): an identifier, as in references and glyph tables.
const IDENT = /^[([«"']?[\p{L}\p{Nd}]+[)\]»"'.,;:!?]*$/u

const VOWELS = new Set('aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿāăąēĕėęěĩīĭįıōŏőũūŭůűų')

/** ASCII vowels by code, both cases. */
const ASCII_VOWEL = new Uint8Array(128)
for (const v of 'aeiouyAEIOUY') ASCII_VOWEL[v.charCodeAt(0)] = 1

/** Latin letters: ASCII, Latin-1 letters and Latin Extended-A (U+0100..U+017F). */
const isLatinLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x17f && c !== 0xd7 && c !== 0xf7)

function isControl(c: number): boolean {
  return (
    (c < 0x20 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13) ||
    c === 0x7f ||
    c === 0xfffd ||
    // Private use, except U+F000..U+F0FF: Microsoft symbol fonts (Symbol, Wingdings) map there by convention, and a
    // genuine page of such symbols measured 0.30 of its characters in that block.
    (c >= 0xe000 && c <= 0xf8ff && (c < 0xf000 || c > 0xf0ff)) ||
    c >= 0xf0000 || // supplementary private-use planes
    (c >= 0xfdd0 && c <= 0xfdef) ||
    (c & 0xfffe) === 0xfffe
  )
}

/** Classes of a character above ASCII, as the patterns of {@link countStats} see it: `/\s/u`, `\p{L}`, `\p{Nd}`, vowel. */
const SPACE = 1
const LETTER = 2
const DIGIT = 4
const VOWEL = 8
const KNOWN = 16
/** Classes of the BMP's characters, filled as they are met: a page asks the same few accented letters thousands of times. */
const bmpClass = new Uint8Array(0x10000)
const astralClass = new Map<number, number>()
function classOf(c: number): number {
  let k = c < 0x10000 ? bmpClass[c]! : (astralClass.get(c) ?? 0)
  if (k !== 0) return k
  const ch = String.fromCodePoint(c)
  k = KNOWN
  if (/\s/u.test(ch)) k |= SPACE
  if (/\p{L}/u.test(ch)) k |= LETTER
  else if (/\p{Nd}/u.test(ch)) k |= DIGIT
  if (VOWELS.has(ch.toLowerCase())) k |= VOWEL
  if (c < 0x10000) bmpClass[c] = k
  else astralClass.set(c, k)
  return k
}

/** The longest function word: longer words need not be lower-cased and looked up. */
const LONGEST_FUNCTION_WORD = Math.max(...[...ENGLISH_FUNCTION_WORDS, ...FRENCH_FUNCTION_WORDS].map((w) => w.length))

let last: { text: string; stats: PageStats } | undefined

/**
 * Counts the characters of `text` and returns their shares (a pure function: other judges and repairs reuse it). The
 * last result is kept, because the gates ask twice of the same page (characters, then whether to look at the image).
 */
export function pageStats(text: string): PageStats {
  if (last?.text === text) return last.stats
  const stats = countStats(text)
  last = { text, stats }
  return stats
}

function topOf(counts: Uint32Array): string {
  let best = -1
  for (let i = 0; i < 26; i++) if (counts[i]! > 0 && (best < 0 || counts[i]! > counts[best]!)) best = i
  return best < 0 ? '' : String.fromCharCode(0x61 + best)
}

/**
 * {@link pageStats} without keeping the result: for texts asked once (a font's share of a page), which would otherwise
 * push the page's own out.
 */
export function countStats(text: string): PageStats {
  const { leaders, dotLeaders } = countLeaders(text)
  const c = countCharacters(text)
  const chars = c.chars
  const latin1 = c.latin1 - dotLeaders
  const { letters, digits, controls, latinLetters, vowels, numberDigits } = c
  const judged = chars - leaders
  const sh = (n: number) => (judged > 0 ? n / judged : 0)
  const { words, en, fr, single } = countWords(text)
  return {
    chars,
    leaders,
    judged,
    latinLetters,
    vowels,
    vowelShare: latinLetters ? vowels / latinLetters : 0,
    letters,
    digits,
    numberDigits,
    latin1,
    controls,
    letterShare: sh(letters),
    alnumShare: sh(letters + numberDigits),
    latin1Share: sh(latin1),
    controlShare: sh(controls),
    oddShare: sh(latin1 + controls),
    words,
    singleLetterWords: single,
    englishShare: words ? en / words : 0,
    frenchShare: words ? fr / words : 0,
    topLetter: topOf(c.asciiLetters),
  }
}

/**
 * The characters of leader runs, and of them those of middle dots (U+00B7). Those are in the Latin-1 range: counted
 * there too, they are taken out of it again, or a table of contents dotted with them reads as Latin-1 soup (shares
 * over 1: 3,839 of 5,587 characters).
 */
function countLeaders(text: string): { leaders: number; dotLeaders: number } {
  let leaders = 0
  let dotLeaders = 0
  for (const m of text.matchAll(LEADERS)) {
    const n = m[0].replace(/\s/g, '').length
    leaders += n
    if (m[1] === '\u00b7') dotLeaders += n
  }
  return { leaders, dotLeaders }
}

/** The character counts of a text, white space left out; `asciiLetters` by letter a-z, either case. */
interface CharacterCounts {
  chars: number
  letters: number
  digits: number
  latin1: number
  controls: number
  latinLetters: number
  vowels: number
  /** Digits in tokens shaped as numbers or identifiers. */
  numberDigits: number
  asciiLetters: Uint32Array
}

/**
 * Counts the characters of `text` by class. By code unit and code point, ASCII by table, the rest by its class (see
 * classOf): the gates run on every page, and per-character strings and regular expressions were most of their time.
 */
function countCharacters(text: string): CharacterCounts {
  let chars = 0
  let letters = 0
  let digits = 0
  let latin1 = 0
  let controls = 0
  let latinLetters = 0
  let vowels = 0
  let numberDigits = 0
  const asciiLetters = new Uint32Array(26)
  // Tokens (runs between white space, as `text.split(/\s+/u)` gives them) holding a digit are measured for their
  // number shape when they end: most tokens have none, and are neither cut out nor asked.
  let tokStart = 0
  let tokDigits = 0
  const endToken = (end: number) => {
    if (tokDigits > 0) {
      const tok = text.slice(tokStart, end)
      if (NUMBER.test(tok) || IDENT.test(tok)) numberDigits += tokDigits
    }
    tokDigits = 0
  }
  for (let i = 0; i < text.length; i++) {
    const c0 = text.charCodeAt(i)
    if (c0 < 0x80) {
      if (c0 === 32 || (c0 >= 9 && c0 <= 13)) {
        endToken(i)
        tokStart = i + 1
        continue
      }
      chars++
      if ((c0 >= 0x41 && c0 <= 0x5a) || (c0 >= 0x61 && c0 <= 0x7a)) {
        letters++
        latinLetters++
        asciiLetters[(c0 | 0x20) - 0x61]!++
        if (ASCII_VOWEL[c0]) vowels++
      } else if (c0 >= 0x30 && c0 <= 0x39) {
        digits++
        tokDigits++
      } else if (c0 < 0x20 || c0 === 0x7f) controls++
      continue
    }
    let c = c0
    if (c0 >= 0xd800 && c0 <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1)
      if (lo >= 0xdc00 && lo <= 0xdfff) c = (c0 - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000
    }
    const k = classOf(c)
    if (k & SPACE) {
      endToken(i)
      tokStart = i + 1
      continue
    }
    chars++
    if (isLatinLetter(c)) {
      latinLetters++
      if (k & VOWEL) vowels++
    }
    if (k & LETTER) letters++
    else if (k & DIGIT) {
      digits++
      tokDigits++
    }
    if ((c >= 0x80 && c <= 0xde) || c === 0xf7) latin1++
    else if (isControl(c)) controls++
    if (c > 0xffff) i++
  }
  endToken(text.length)
  return { chars, letters, digits, latin1, controls, latinLetters, vowels, numberDigits, asciiLetters }
}

/**
 * The words of `text` (runs of letters), and of them the one-letter ones and the English and French function words.
 * Words are found by code, not listed: a page holds hundreds, and listing them with `/\p{L}+/gu` took twice the time
 * of counting the characters in a profile of the 312-page manual's triage. Only words short enough to be function
 * words are cut out and lower-cased, one by one; lower-casing the page first gives the same words but where it turns
 * a letter into two characters (U+0130, a dotted capital I, becomes i and a combining dot), so such a page is.
 */
function countWords(text: string): { words: number; en: number; fr: number; single: number } {
  if (text.includes('\u0130')) return countLoweredWords(text.toLowerCase())
  // The runs of letters found by code (ASCII by range, the rest by its class, as `/\p{L}+/gu` finds them): only the
  // words short enough to be function words are cut out of the text
  let words = 0
  let en = 0
  let fr = 0
  let single = 0
  let start = -1
  const n = text.length
  for (let i = 0; i <= n; i++) {
    let letter = false
    let wide = false
    if (i < n) {
      const c0 = text.charCodeAt(i)
      if (c0 < 0x80) letter = (c0 >= 0x41 && c0 <= 0x5a) || (c0 >= 0x61 && c0 <= 0x7a)
      else {
        let c = c0
        if (c0 >= 0xd800 && c0 <= 0xdbff && i + 1 < n) {
          const lo = text.charCodeAt(i + 1)
          if (lo >= 0xdc00 && lo <= 0xdfff) {
            c = (c0 - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000
            wide = true
          }
        }
        letter = (classOf(c) & LETTER) !== 0
      }
    }
    if (letter) {
      if (start < 0) start = i
      if (wide) i++
      continue
    }
    if (start < 0) continue
    words++
    if (i - start <= LONGEST_FUNCTION_WORD) {
      const lw = text.slice(start, i).toLowerCase()
      if (lw.length === 1 && lw.charCodeAt(0) < 0x530) single++
      if (ENGLISH_FUNCTION_WORDS.has(lw)) en++
      if (FRENCH_FUNCTION_WORDS.has(lw)) fr++
    }
    start = -1
  }
  return { words, en, fr, single }
}

/** {@link countWords} of a text lower-cased first (see there). */
function countLoweredWords(text: string): { words: number; en: number; fr: number; single: number } {
  let words = 0
  let en = 0
  let fr = 0
  let single = 0
  for (const lw of text.match(/\p{L}+/gu) ?? []) {
    words++
    if (lw.length > LONGEST_FUNCTION_WORD) continue
    if (lw.length === 1 && lw.charCodeAt(0) < 0x530) single++
    if (ENGLISH_FUNCTION_WORDS.has(lw)) en++
    if (FRENCH_FUNCTION_WORDS.has(lw)) fr++
  }
  return { words, en, fr, single }
}

/** A line of one or two letters of an alphabet (Latin, Greek, Cyrillic) and nothing else. */
const LONE_LETTERS = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]{1,2}$/u

/**
 * Lines holding letters, and those of them that are one or two alphabet letters alone: words broken one glyph a line
 * (a vertical font drawn horizontally comes out so). Only called on letter-spaced text: a pass over the lines.
 */
export function loneLetterLines(text: string): { letterLines: number; lone: number } {
  let letterLines = 0
  let lone = 0
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!/\p{L}/u.test(line)) continue
    letterLines++
    if (LONE_LETTERS.test(line)) lone++
  }
  return { letterLines, lone }
}
