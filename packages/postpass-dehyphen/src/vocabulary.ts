// What a document says of its own words, for the hyphen decision: tokens read whole, the compounds it writes in full,
// and a character model fitted on its words.
import { functionWords } from '@pdftriage/text-stats'
import { CharModel } from './char-model.js'

/** `[\p{L}\p{N}]` per UTF-16 unit beyond ASCII: 0 not yet known, 1 a letter or digit, 2 not (one regex run a unit). */
const letterOrDigitUnits = new Uint8Array(0x10000)
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u

/** True when a code point is a letter or digit (`[\p{L}\p{N}]`; a lone surrogate is not). */
function isLetterOrDigit(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a)
  if (cp > 0xffff) return LETTER_OR_DIGIT.test(String.fromCodePoint(cp))
  let k = letterOrDigitUnits[cp]!
  if (k === 0) letterOrDigitUnits[cp] = k = LETTER_OR_DIGIT.test(String.fromCharCode(cp)) ? 1 : 2
  return k === 1
}

/**
 * Start of the core of the token `s.slice(start, end)`: its first letter or digit, read code point by code point as a
 * `u` regex reads the token (a pair is read whole only inside the token).
 */
function coreStart(s: string, start: number, end: number): number {
  let i = start
  while (i < end) {
    let cp = s.charCodeAt(i)
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < end) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) cp = (cp - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000
    }
    if (isLetterOrDigit(cp)) break
    i += cp > 0xffff ? 2 : 1
  }
  return i
}

/** End of the core (exclusive) of `s.slice(start, end)` whose core starts at `start`: after its last letter or digit. */
function coreEnd(s: string, start: number, end: number): number {
  let j = end
  while (j > start) {
    // The code point ending at j: a surrogate pair read whole (start is never inside one: coreStart steps over pairs).
    let cp = s.charCodeAt(j - 1)
    if (cp >= 0xdc00 && cp <= 0xdfff && j - 2 >= start) {
      const h = s.charCodeAt(j - 2)
      if (h >= 0xd800 && h <= 0xdbff) cp = (h - 0xd800) * 0x400 + (cp - 0xdc00) + 0x10000
    }
    if (isLetterOrDigit(cp)) break
    j -= cp > 0xffff ? 2 : 1
  }
  return j
}

/**
 * Strips the punctuation around a token, keeping inner hyphens and apostrophes: `«peut-être,` -> `peut-être`. Scans
 * from both ends rather than running two regexes (the end-anchored one is tried at every position).
 */
export function core(token: string): string {
  const i = coreStart(token, 0, token.length)
  const j = coreEnd(token, i, token.length)
  return i === 0 && j === token.length ? token : token.slice(i, j)
}

/** French elision prefixes (l', d', qu'...) stripped when a compound part is looked up as a word. */
const ELISION = /^(?:[ldjmnst]|qu|jusqu|lorsqu|puisqu)['’]/i

/** The last part of a compound fragment as a word: `c'est-à` -> `à`, `l'arc` -> `arc`. */
export function lastPart(fragment: string): string {
  const parts = fragment.split('-')
  return (parts[parts.length - 1] ?? '').replace(ELISION, '')
}

/** Function words that only French uses among French and English (core's `markers` tier: "a", "on", "in" are not in it). */
const FRENCH_MARKERS = [...functionWords('fr', 'markers')]
/** Function words that only English uses. */
const ENGLISH_MARKERS = [...functionWords('en', 'markers')]

/** Per UTF-16 unit beyond ASCII: 0 not yet known, 1 a letter, 2 not (the regex is run once per distinct unit). */
const letterUnits = new Uint8Array(0x10000)
const LETTER = /\p{L}/u

/** True when one UTF-16 unit is a letter by itself (`/\p{L}/u` on it: a lone surrogate is not). */
function isLetterUnit(c: number): boolean {
  let k = letterUnits[c]!
  if (k === 0) letterUnits[c] = k = LETTER.test(String.fromCharCode(c)) ? 1 : 2
  return k === 1
}

/** Letters, hyphens and apostrophes only (what the character model is fitted on); a loop, not a regex per word. */
function isWordShape(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i)
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2d || c === 0x27) continue
    if (c < 0x80 || !isLetterUnit(c)) return false
  }
  return w.length > 0
}

/** `’` as `'`, without a regex run when there is none (most words). */
function straightQuotes(w: string): string {
  return w.indexOf('\u2019') < 0 ? w : w.replace(/’/g, "'")
}

/** True when a string holds a letter (`/\p{L}/u`, code point by code point). */
function hasLetter(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i)
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) return true
      continue
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < w.length) {
      const d = w.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        if (LETTER.test(String.fromCodePoint((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000))) return true
        i++
        continue
      }
    }
    if (isLetterUnit(c)) return true
  }
  return false
}

/** Per UTF-16 unit beyond ASCII: 0 not yet known, 1 lower-casing changes it, 2 it does not. */
const casedUnits = new Uint8Array(0x10000)

/**
 * True when lower-casing changes a unit outside the surrogates. toLowerCase maps code point by code point but for
 * a final sigma, and Σ changes anyway: a string none of whose units changes is its own lower case.
 */
function changesCase(c: number): boolean {
  let k = casedUnits[c]!
  if (k === 0) {
    const ch = String.fromCharCode(c)
    casedUnits[c] = k = ch.toLowerCase() !== ch ? 1 : 2
  }
  return k === 1
}

/**
 * The token `text.slice(start, end)` as the vocabulary counts it: punctuation stripped, lower-cased, ’ as '; '' when
 * it holds no letter. One pass over its core tells what is needed: most tokens are lower-case letters already.
 */
function cleanToken(text: string, start: number, end: number): string {
  const i = coreStart(text, start, end)
  if (i === end) return ''
  const j = coreEnd(text, i, end)
  let lower = false
  let quote = false
  let letter = false
  for (let k = i; k < j; k++) {
    const c = text.charCodeAt(k)
    if (c < 0x80) {
      if (c >= 0x41 && c <= 0x5a) lower = true
      else if (c >= 0x61 && c <= 0x7a) letter = true
    } else if (c === 0x2019) quote = true
    // A surrogate is left to toLowerCase and hasLetter, which read pairs whole.
    else if ((c >= 0xd800 && c <= 0xdfff) || changesCase(c)) lower = true
    else if (!letter && isLetterUnit(c)) letter = true
  }
  let w = i === 0 && j === text.length ? text : text.slice(i, j)
  if (lower) {
    w = w.toLowerCase()
    letter = hasLetter(w)
  }
  // ’ and ' are not letters: straightening quotes after the letter test changes nothing it saw.
  if (quote) w = w.replace(/’/g, "'")
  return letter ? w : ''
}

/** Initial raw-token slots: a page holds a few hundred distinct tokens. */
const RAW_SLOTS = 1024

/** FNV-1a's 32-bit offset basis (as a signed 32-bit integer: a hash that stays one is never boxed) and prime. */
const FNV_BASIS = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193

/** FNV-1a over a range of UTF-16 units, finished with a shift so that the low bits used as a slot mix them all. */
function hashRange(s: string, start: number, end: number): number {
  let h = FNV_BASIS
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME)
  return h ^ (h >>> 16)
}

/** True when the `len` units of `a` from `i` are those of `b` from `j`. */
function sameChars(a: string, i: number, b: string, j: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (a.charCodeAt(i + k) !== b.charCodeAt(j + k)) return false
  return true
}

/** A copy of a typed array, twice as long. */
function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length)
  b.set(a)
  return b
}

/** Tokens or words handled a call when a document's whole vocabulary is gone through (see `flush`). */
const TOKENS_A_CALL = 256

/** Adds up to `k` more of the words to the model (letters, hyphens and apostrophes only); false when none are left. */
function fitSome(m: CharModel, words: Iterator<[string, number]>, k: number): boolean {
  for (let i = 0; i < k; i++) {
    const e = words.next()
    if (e.done) return false
    const [w, n] = e.value
    if (isWordShape(w)) m.add(w, n)
  }
  return true
}

/**
 * What a document says about its own words: counts of tokens read whole (never a line-end fragment), the heads and
 * tails of the hyphenated compounds it writes in full, and a character model fitted on those words.
 */
export class Vocabulary {
  private readonly counted = new Map<string, number>()
  private readonly headCounts = new Map<string, number>()
  private readonly tailCounts = new Map<string, number>()
  private fitted: CharModel | undefined
  private tokensAdded = 0

  // A document repeats its tokens: each distinct raw token is counted under an index, found by hashing its
  // characters where they lie in the line (no string cut out per token, no Map lookup), and cleaned and spread into
  // the public maps only when they are next read (a document without line-end hyphens never reads them).
  /** Open addressing over raw tokens: index plus 1 per slot, 0 for an empty slot. */
  private slots: Int32Array = new Int32Array(RAW_SLOTS)
  /** Where each distinct raw token was first seen, in the order first added: the text holding it, start, length. */
  private readonly rawText: string[] = []
  private rawStart: Int32Array = new Int32Array(RAW_SLOTS / 2)
  private rawLength: Int32Array = new Int32Array(RAW_SLOTS / 2)
  /** Hash of each raw token's characters (see {@link hashRange}). */
  private rawHash: Int32Array = new Int32Array(RAW_SLOTS / 2)
  /** Each raw token cleaned ('' when it holds no letter: not counted), once it has been. */
  private readonly rawWord: string[] = []
  /** Occurrences of each raw token added since the maps were last brought up to date. */
  private pending: Int32Array = new Int32Array(RAW_SLOTS / 2)
  private dirty = false

  /** Lower-cased token -> count (brought up to date on read; callers may edit it). */
  get counts(): Map<string, number> {
    if (this.dirty) this.flush()
    return this.counted
  }

  /** Lower-cased compound part -> count, as the part before a hyphen in a whole token. */
  get heads(): Map<string, number> {
    if (this.dirty) this.flush()
    return this.headCounts
  }

  /** Lower-cased compound part -> count, as the part after a hyphen in a whole token. */
  get tails(): Map<string, number> {
    if (this.dirty) this.flush()
    return this.tailCounts
  }

  /** Tokens added (those holding a letter). */
  get tokens(): number {
    if (this.dirty) this.flush()
    return this.tokensAdded
  }

  /** Adds one whole token (punctuation around it is stripped). */
  add(token: string): void {
    this.addRange(token, 0, token.length)
  }

  /**
   * Adds the whole token `text.slice(start, end)` without cutting it out: a token first seen keeps `text` (only its
   * cleaned core is cut out, when the maps are next read).
   */
  addRange(text: string, start: number, end: number): void {
    this.addHashed(text, start, end, hashRange(text, start, end))
  }

  /**
   * Adds each piece of `text.slice(from, to)` between single spaces as a whole token (the pieces `split(' ')` gives,
   * empty ones included), in place: no array, no string per piece. Spaces are found by indexOf (a native scan beats a
   * char loop that also tests each character for a space).
   */
  addTokens(text: string, from: number, to: number): void {
    let start = from
    for (;;) {
      let end = text.indexOf(' ', start)
      if (end < 0 || end > to) end = to
      this.addHashed(text, start, end, hashRange(text, start, end))
      if (end === to) return
      start = end + 1
    }
  }

  private addHashed(text: string, start: number, end: number, h: number): void {
    const len = end - start
    const slots = this.slots
    const mask = slots.length - 1
    let s = h & mask
    for (let r = slots[s]!; r !== 0; r = slots[s]!) {
      const i = r - 1
      if (this.rawHash[i] === h && this.rawLength[i] === len && sameChars(this.rawText[i]!, this.rawStart[i]!, text, start, len)) {
        this.pending[i]!++
        this.dirty = true
        return
      }
      s = (s + 1) & mask
    }
    const i = this.rawText.length
    if (i === this.pending.length) {
      this.pending = grown(this.pending)
      this.rawHash = grown(this.rawHash)
      this.rawStart = grown(this.rawStart)
      this.rawLength = grown(this.rawLength)
    }
    this.rawText.push(text)
    this.rawStart[i] = start
    this.rawLength[i] = len
    this.rawHash[i] = h
    this.pending[i] = 1
    slots[s] = i + 1
    // Grown at half full, which keeps probes short.
    if (2 * this.rawText.length > slots.length) this.rehash()
    this.dirty = true
  }

  private rehash(): void {
    const slots = new Int32Array(2 * this.slots.length)
    const mask = slots.length - 1
    for (let i = 0; i < this.rawText.length; i++) {
      let s = this.rawHash[i]! & mask
      while (slots[s] !== 0) s = (s + 1) & mask
      slots[s] = i + 1
    }
    this.slots = slots
  }

  /**
   * Spreads the pending raw tokens into the maps, in the order they were first added: the maps get the same keys
   * in the same order as counting each token on its arrival would give.
   */
  private flush(): void {
    this.dirty = false
    // In runs of tokens, a call each: a loop over a document's every token in one call is compiled mid-run and
    // thrown away for the next document (see rebuild-text.ts); a function called per run is compiled once.
    for (let i = 0; i < this.rawText.length; i += TOKENS_A_CALL) this.flushRange(i, Math.min(this.rawText.length, i + TOKENS_A_CALL))
  }

  private flushRange(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const n = this.pending[i]!
      if (n === 0) continue
      this.pending[i] = 0
      // Raw tokens first seen since the last flush are the last ones, all pending: cleaned here in turn.
      if (i === this.rawWord.length) this.rawWord.push(cleanToken(this.rawText[i]!, this.rawStart[i]!, this.rawStart[i]! + this.rawLength[i]!))
      const w = this.rawWord[i]!
      if (!w) continue
      this.counted.set(w, (this.counted.get(w) ?? 0) + n)
      this.tokensAdded += n
      this.fitted = undefined
      if (!w.includes('-')) continue
      const parts = w.split('-')
      for (let k = 0; k + 1 < parts.length; k++) {
        const h = parts[k]!.replace(ELISION, '')
        const t = parts[k + 1]!
        if (h) this.headCounts.set(h, (this.headCounts.get(h) ?? 0) + n)
        if (t) this.tailCounts.set(t, (this.tailCounts.get(t) ?? 0) + n)
      }
    }
  }

  /**
   * Share 0..1 of the document's commonest French function words among French and English ones; `undefined` when
   * the document has too few of either to tell (under 20).
   */
  frenchShare(): number | undefined {
    let fr = 0
    let en = 0
    for (const w of FRENCH_MARKERS) fr += this.counts.get(w) ?? 0
    for (const w of ENGLISH_MARKERS) en += this.counts.get(w) ?? 0
    return fr + en >= 20 ? fr / (fr + en) : undefined
  }

  /** Share 0..1 of a part's occurrences that are as a compound head (or tail); 0 when never seen in a compound. */
  affinity(part: string, side: 'head' | 'tail'): number {
    const k = part.toLowerCase()
    const c = (side === 'head' ? this.heads : this.tails).get(k) ?? 0
    return c === 0 ? 0 : c / (c + (this.counts.get(k) ?? 0))
  }

  /** Share 0..1 of the document's tokens that are this word (0 for an empty document). */
  share(w: string): number {
    if (this.tokens === 0) return 0
    return this.count(w) / this.tokens
  }

  /**
   * The character model of the document's words (letters, hyphens and apostrophes only), fitted on first use from
   * the distinct words and their counts, so that a document without line-end hyphens never pays for it.
   */
  get model(): CharModel {
    if (this.dirty) this.flush()
    if (!this.fitted) {
      const m = new CharModel(this.counts.size)
      const words = this.counts.entries()
      while (fitSome(m, words, TOKENS_A_CALL));
      this.fitted = m
    }
    return this.fitted
  }

  /** Count of a token read whole, 0 when never seen. */
  count(w: string): number {
    return this.counts.get(straightQuotes(w.toLowerCase())) ?? 0
  }
}
