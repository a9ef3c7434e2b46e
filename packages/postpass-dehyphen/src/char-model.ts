/** Context length of the character model: 4 characters of history (a 5-gram), enough to see a syllable and its neighbour. */
const ORDER = 4
/** Size of the base alphabet for the uniform floor (letters with French accents, digits, hyphen, apostrophe, boundary). */
const ALPHABET = 64
const BOUND = '\u0002'

/**
 * A character n-gram model of words with Witten-Bell smoothing, fitted on one document's own words. Words are
 * lower-cased and framed by a boundary mark, so that it also scores how well a string ends and starts a word.
 */
export class CharModel {
  private readonly seen = new Map<string, number>() // context + char -> count
  private readonly total = new Map<string, number>() // context -> count
  private readonly types = new Map<string, number>() // context -> distinct following chars

  /** Adds `count` occurrences of a word (a negative count removes occurrences added before, for leave-one-out). */
  add(word: string, count = 1): void {
    const w = BOUND + word.toLowerCase() + BOUND
    for (let i = 1; i < w.length; i++) {
      for (let k = 0; k <= ORDER && i - k >= 0; k++) {
        const ctx = w.slice(i - k, i)
        const kc = `${ctx}\u0001${w[i]}`
        const before = this.seen.get(kc) ?? 0
        const after = Math.max(0, before + count)
        if (after === 0) this.seen.delete(kc)
        else this.seen.set(kc, after)
        this.total.set(ctx, Math.max(0, (this.total.get(ctx) ?? 0) + after - before))
        if (before === 0 && after > 0) this.types.set(ctx, (this.types.get(ctx) ?? 0) + 1)
        if (before > 0 && after === 0) this.types.set(ctx, (this.types.get(ctx) ?? 1) - 1)
      }
    }
  }

  private prob(ctx: string, c: string): number {
    const lower = ctx.length === 0 ? 1 / ALPHABET : this.prob(ctx.slice(1), c)
    const t = this.total.get(ctx) ?? 0
    if (t === 0) return lower
    const d = this.types.get(ctx) ?? 0
    return ((this.seen.get(`${ctx}\u0001${c}`) ?? 0) + d * lower) / (t + d)
  }

  /** Natural-log probability of a whole word, boundaries included (always finite). */
  logProb(word: string): number {
    const w = BOUND + word.toLowerCase() + BOUND
    let lp = 0
    for (let i = 1; i < w.length; i++) lp += Math.log(this.prob(w.slice(Math.max(0, i - ORDER), i), w[i]!))
    return lp
  }
}
