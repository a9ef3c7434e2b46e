/** Context length of the character model: 4 characters of history (a 5-gram), enough to see a syllable and its neighbour. */
const ORDER = 4
/** Letters, accents, hyphen and apostrophe get a code each; everything else shares the last one. 6 bits a character. */
const SYMBOLS = "\u0002abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿœæ'-áíóúñß"
const OTHER = 63
const ALPHABET = 64
const CODE = new Map<string, number>([...SYMBOLS].map((c, i) => [c, i + 1]))

/** Codes of a lower-cased word framed by boundary marks (code 1). */
function codes(word: string): number[] {
  const out = [1]
  for (const c of word.toLowerCase()) out.push(CODE.get(c) ?? OTHER)
  out.push(1)
  return out
}

/** Integer key of `k` codes ending before `end` (exclusive), tagged with k so that orders never collide. */
function key(cs: number[], start: number, end: number): number {
  let v = 0
  for (let i = start; i < end; i++) v = v * ALPHABET + cs[i]!
  return v * 8 + (end - start) // at most 5 codes: 30 bits, times 8 for the length tag, well inside 2^53
}

/**
 * A character n-gram model of words with Witten-Bell smoothing, fitted on one document's own words. Words are
 * lower-cased and framed by a boundary mark, so that it also scores how well a string ends and starts a word.
 * Keys are integers (six bits a character) rather than strings: fitting a document's vocabulary is the post-pass's
 * largest cost.
 */
export class CharModel {
  private readonly seen = new Map<number, number>() // n-gram -> count; also a context's count of followers
  private readonly types = new Map<number, number>() // context -> distinct following characters
  private all = 0 // characters predicted (the empty context's total)
  private words = 0 // words (the total of the lone start mark, which no n-gram count holds)

  /** Adds `count` occurrences of a word (a negative count removes occurrences added before, for leave-one-out). */
  add(word: string, count = 1): void {
    const cs = codes(word)
    this.words += count
    this.all += count * (cs.length - 1)
    for (let i = 1; i < cs.length; i++) {
      // Keys of the n-grams ending at i and of their contexts, grown one code leftwards at a time (same values as
      // key(cs, i - k, i + 1) and key(cs, i - k, i), without recomputing each from scratch).
      let gram = cs[i]!
      let ctx = 0
      let scale = ALPHABET
      for (let k = 0; k <= ORDER && i - k >= 0; k++) {
        if (k > 0) {
          gram += cs[i - k]! * scale
          ctx += cs[i - k]! * (scale / ALPHABET)
          scale *= ALPHABET
        }
        const g = gram * 8 + (k + 1)
        const before = this.seen.get(g) ?? 0
        const after = Math.max(0, before + count)
        if (after === before) continue
        if (after === 0) this.seen.delete(g)
        else this.seen.set(g, after)
        if (before === 0) this.bumpTypes(ctx * 8 + k, 1)
        else if (after === 0) this.bumpTypes(ctx * 8 + k, -1)
      }
    }
  }

  private bumpTypes(ctx: number, d: number): void {
    this.types.set(ctx, (this.types.get(ctx) ?? 0) + d)
  }

  /** How often a context was followed by anything: every occurrence of it but the lone start mark is an n-gram. */
  private totalOf(cs: number[], start: number, i: number): number {
    if (start === i) return this.all
    if (start === 0 && i === 1) return this.words
    return this.seen.get(key(cs, start, i)) ?? 0
  }

  private prob(cs: number[], start: number, i: number): number {
    const lower = start === i ? 1 / ALPHABET : this.prob(cs, start + 1, i)
    const t = this.totalOf(cs, start, i)
    if (t === 0) return lower
    const d = this.types.get(key(cs, start, i)) ?? 0
    return ((this.seen.get(key(cs, start, i + 1)) ?? 0) + d * lower) / (t + d)
  }

  /** Natural-log probability of a whole word, boundaries included (always finite). */
  logProb(word: string): number {
    const cs = codes(word)
    let lp = 0
    for (let i = 1; i < cs.length; i++) lp += Math.log(this.prob(cs, Math.max(0, i - ORDER), i))
    return lp
  }
}
