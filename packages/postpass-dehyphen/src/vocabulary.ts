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

/**
 * What a document says about its own words: counts of tokens read whole (never a line-end fragment), the heads and
 * tails of the hyphenated compounds it writes in full, and a character model fitted on those words.
 */
export class Vocabulary {
  /** Lower-cased token -> count. */
  readonly counts = new Map<string, number>()
  /** Lower-cased compound part -> count, as the part before / after a hyphen in a whole token. */
  readonly heads = new Map<string, number>()
  readonly tails = new Map<string, number>()
  readonly model = new CharModel()

  /** Adds one whole token (punctuation around it is stripped). */
  add(token: string): void {
    const w = core(token).toLowerCase().replace(/’/g, "'")
    if (!w || !/\p{L}/u.test(w)) return
    this.counts.set(w, (this.counts.get(w) ?? 0) + 1)
    if (/^[\p{L}'-]+$/u.test(w)) this.model.add(w)
    const parts = w.split('-')
    for (let i = 0; i + 1 < parts.length; i++) {
      const h = parts[i]!.replace(ELISION, '')
      const t = parts[i + 1]!
      if (h) this.heads.set(h, (this.heads.get(h) ?? 0) + 1)
      if (t) this.tails.set(t, (this.tails.get(t) ?? 0) + 1)
    }
  }

  /** Count of a token read whole, 0 when never seen. */
  count(w: string): number {
    return this.counts.get(w.toLowerCase().replace(/’/g, "'")) ?? 0
  }
}
