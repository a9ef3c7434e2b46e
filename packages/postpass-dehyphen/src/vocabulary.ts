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

/**
 * What a document says about its own words: counts of tokens read whole (never a line-end fragment), the heads and
 * tails of the hyphenated compounds it writes in full, and a character model fitted on those words.
 */
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

export class Vocabulary {
  /** Lower-cased token -> count. */
  readonly counts = new Map<string, number>()
  /** Lower-cased compound part -> count, as the part before / after a hyphen in a whole token. */
  readonly heads = new Map<string, number>()
  readonly tails = new Map<string, number>()
  private fitted: CharModel | undefined
  /** Tokens added. */
  tokens = 0

  /** Raw token -> its cleaned form ('' when it holds no letter): a document repeats its tokens, cleaning is regexes. */
  private readonly cleaned = new Map<string, string>()

  /** Adds one whole token (punctuation around it is stripped). */
  add(token: string): void {
    let w = this.cleaned.get(token)
    if (w === undefined) {
      w = core(token).toLowerCase().replace(/’/g, "'")
      if (!/\p{L}/u.test(w)) w = ''
      this.cleaned.set(token, w)
    }
    if (!w) return
    this.counts.set(w, (this.counts.get(w) ?? 0) + 1)
    this.tokens++
    this.fitted = undefined
    if (!w.includes('-')) return
    const parts = w.split('-')
    for (let i = 0; i + 1 < parts.length; i++) {
      const h = parts[i]!.replace(ELISION, '')
      const t = parts[i + 1]!
      if (h) this.heads.set(h, (this.heads.get(h) ?? 0) + 1)
      if (t) this.tails.set(t, (this.tails.get(t) ?? 0) + 1)
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
