import { ENGLISH_FUNCTION_WORDS, FRENCH_FUNCTION_WORDS } from './function-words.js'

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

/** Decimal digits (\p{Nd}) in a token, ASCII ones by code. */
function digitCount(tok: string): number {
  let n = 0
  for (let k = 0; k < tok.length; k++) {
    const c = tok.charCodeAt(k)
    if (c < 0x80) {
      if (c >= 0x30 && c <= 0x39) n++
    } else {
      // by code point, as the count it replaces (digits outside the BMP exist)
      const cp = tok.codePointAt(k)!
      if (cp > 0xffff) k++
      if (/\p{Nd}/u.test(String.fromCodePoint(cp))) n++
    }
  }
  return n
}

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

function countStats(text: string): PageStats {
  let chars = 0
  let letters = 0
  let digits = 0
  let latin1 = 0
  let controls = 0
  let leaders = 0
  let latinLetters = 0
  let vowels = 0
  for (const m of text.matchAll(LEADERS)) leaders += m[0].replace(/\s/g, '').length
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    // ASCII by table, the rest by Unicode property: the gates run on every page, and per-character regular
    // expressions were 5 % of a triage.
    if (c < 0x80) {
      if (c === 32 || (c >= 9 && c <= 13)) continue
      chars++
      if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
        letters++
        latinLetters++
        if (ASCII_VOWEL[c]) vowels++
      } else if (c >= 0x30 && c <= 0x39) digits++
      else if (c < 0x20 || c === 0x7f) controls++
      continue
    }
    if (/\s/u.test(ch)) continue
    chars++
    if (isLatinLetter(c)) {
      latinLetters++
      if (VOWELS.has(ch.toLowerCase())) vowels++
    }
    if (/\p{L}/u.test(ch)) letters++
    else if (/\p{Nd}/u.test(ch)) digits++
    if ((c >= 0x80 && c <= 0xde) || c === 0xf7) latin1++
    else if (isControl(c)) controls++
  }
  let numberDigits = 0
  // Only tokens with a digit can add any, and most have none: the shape patterns are asked of those only.
  if (digits > 0)
    for (const tok of text.split(/\s+/u)) {
      const n = digitCount(tok)
      if (n > 0 && (NUMBER.test(tok) || IDENT.test(tok))) numberDigits += n
    }
  const judged = chars - leaders
  const sh = (n: number) => (judged > 0 ? n / judged : 0)
  let words = 0
  let en = 0
  let fr = 0
  let single = 0
  // The words as strings (match), not match objects (matchAll): a page holds hundreds.
  for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    words++
    if (w.length === 1 && w.charCodeAt(0) < 0x530) single++
    if (ENGLISH_FUNCTION_WORDS.has(w)) en++
    if (FRENCH_FUNCTION_WORDS.has(w)) fr++
  }
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
  }
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
