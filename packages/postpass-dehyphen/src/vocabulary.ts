import { CharModel } from './char-model.js'

/** Strips the punctuation around a token, keeping inner hyphens and apostrophes: `«peut-être,` -> `peut-être`. */
export function core(token: string): string {
  return token.replace(/^[^\p{L}\p{N}]+/u, '').replace(/[^\p{L}\p{N}]+$/u, '')
}

/** French elision prefixes (l', d', qu'...) stripped when a compound part is looked up as a word. */
const ELISION = /^(?:[ldjmnst]|qu|jusqu|lorsqu|puisqu)['’]/i

/** The last part of a compound fragment as a word: `c'est-à` -> `à`, `l'arc` -> `arc`. */
export function lastPart(fragment: string): string {
  const parts = fragment.split('-')
  return (parts[parts.length - 1] ?? '').replace(ELISION, '')
}

/** Function words that only French uses among French and English (no overlap: "a", "on", "in" are left out). */
const FRENCH_MARKERS = ['le', 'la', 'les', 'des', 'du', 'et', 'est', 'une', 'dans', 'pour', 'qui', 'que', 'sur', 'pas']
/** Function words that only English uses. */
const ENGLISH_MARKERS = ['the', 'of', 'and', 'to', 'is', 'that', 'with', 'for', 'was', 'which', 'by', 'this', 'from', 'are']

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

/** A raw token as the vocabulary counts it: punctuation stripped, lower-cased, ’ as '; '' when it holds no letter. */
function cleanToken(token: string): string {
  const w = core(token).toLowerCase().replace(/’/g, "'")
  return /\p{L}/u.test(w) ? w : ''
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

  // A document repeats its tokens: each distinct raw token is counted under an index (one Map lookup an add), and
  // cleaned and spread into the public maps only when they are next read.
  /** Raw token -> its index in `raw` and `pending`. */
  private readonly rawIndex = new Map<string, number>()
  /** Distinct raw tokens, in the order first added. */
  private readonly raw: string[] = []
  /** Occurrences of each raw token added since the maps were last brought up to date. */
  private readonly pending: number[] = []
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
    let i = this.rawIndex.get(token)
    if (i === undefined) {
      i = this.raw.length
      this.rawIndex.set(token, i)
      this.raw.push(token)
      this.pending.push(1)
    } else this.pending[i]!++
    this.dirty = true
  }

  /**
   * Spreads the pending raw tokens into the maps, in the order they were first added: the maps get the same keys
   * in the same order as counting each token on its arrival would give.
   */
  private flush(): void {
    this.dirty = false
    for (let i = 0; i < this.raw.length; i++) {
      const n = this.pending[i]!
      if (n === 0) continue
      this.pending[i] = 0
      const w = cleanToken(this.raw[i]!)
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
      const m = new CharModel()
      for (const [w, n] of this.counts) if (isWordShape(w)) m.add(w, n)
      this.fitted = m
    }
    return this.fitted
  }

  /** Count of a token read whole, 0 when never seen. */
  count(w: string): number {
    return this.counts.get(w.toLowerCase().replace(/’/g, "'")) ?? 0
  }
}
