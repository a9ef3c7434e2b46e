/** Context length of the character model: 4 characters of history (a 5-gram), enough to see a syllable and its neighbour. */
const ORDER = 4
/** Letters, accents, hyphen and apostrophe get a code each; everything else shares the last one. 6 bits a character. */
const SYMBOLS = "\u0002abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿœæ'-áíóúñß"
const OTHER = 63
const ALPHABET = 64
/** Code of each UTF-16 unit (OTHER for all but the symbols): a table read, not a Map lookup per character. */
const CODE_OF_UNIT = new Uint8Array(0x10000).fill(OTHER)
for (let i = 0; i < SYMBOLS.length; i++) CODE_OF_UNIT[SYMBOLS.charCodeAt(i)] = i + 1

/** Codes of a lower-cased word framed by boundary marks (code 1); one code a code point (a surrogate pair is OTHER). */
function codes(word: string): number[] {
  const w = word.toLowerCase()
  const out = [1]
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < w.length) {
      const d = w.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    out.push(CODE_OF_UNIT[c]!)
  }
  out.push(1)
  return out
}

/**
 * Integer key of the codes from `start` to `end` (exclusive). At most 5 codes of 6 bits: 30 bits, so a key is always
 * a small integer (V8 hashes those without allocating); n-grams of each length live in their own map.
 */
function key(cs: number[], start: number, end: number): number {
  let v = 0
  for (let i = start; i < end; i++) v = v * ALPHABET + cs[i]!
  return v
}

/**
 * A character n-gram model of words with Witten-Bell smoothing, fitted on one document's own words. Words are
 * lower-cased and framed by a boundary mark, so that it also scores how well a string ends and starts a word.
 * Keys are integers (six bits a character) rather than strings: fitting a document's vocabulary is the post-pass's
 * largest cost.
 */
export class CharModel {
  /** By length 1..ORDER+1: n-gram -> count; also a context's count of followers. */
  private readonly seen = Array.from({ length: ORDER + 2 }, () => new Map<number, number>())
  /** By length 0..ORDER: context -> distinct following characters. */
  private readonly types = Array.from({ length: ORDER + 1 }, () => new Map<number, number>())
  private all = 0 // characters predicted (the empty context's total)
  private words = 0 // words (the total of the lone start mark, which no n-gram count holds)

  /** Adds `count` occurrences of a word (a negative count removes occurrences added before, for leave-one-out). */
  add(word: string, count = 1): void {
    const cs = codes(word)
    this.words += count
    this.all += count * (cs.length - 1)
    for (let i = 1; i < cs.length; i++) {
      // Keys of the n-grams ending at i and of their contexts, grown one code leftwards at a time (the values of
      // key(cs, i - k, i + 1) and key(cs, i - k, i)).
      let gram = cs[i]!
      let ctx = 0
      let scale = ALPHABET
      for (let k = 0; k <= ORDER && i - k >= 0; k++) {
        if (k > 0) {
          gram += cs[i - k]! * scale
          ctx += cs[i - k]! * (scale / ALPHABET)
          scale *= ALPHABET
        }
        const grams = this.seen[k + 1]!
        const before = grams.get(gram) ?? 0
        const after = Math.max(0, before + count)
        if (after === before) continue
        if (after === 0) grams.delete(gram)
        else grams.set(gram, after)
        if (before === 0) this.bumpTypes(k, ctx, 1)
        else if (after === 0) this.bumpTypes(k, ctx, -1)
      }
    }
  }

  private bumpTypes(len: number, ctx: number, d: number): void {
    const t = this.types[len]!
    t.set(ctx, (t.get(ctx) ?? 0) + d)
  }

  /** How often a context was followed by anything: every occurrence of it but the lone start mark is an n-gram. */
  private totalOf(cs: number[], start: number, i: number): number {
    if (start === i) return this.all
    if (start === 0 && i === 1) return this.words
    return this.seen[i - start]!.get(key(cs, start, i)) ?? 0
  }

  private prob(cs: number[], start: number, i: number): number {
    const lower = start === i ? 1 / ALPHABET : this.prob(cs, start + 1, i)
    const t = this.totalOf(cs, start, i)
    if (t === 0) return lower
    const d = this.types[i - start]!.get(key(cs, start, i)) ?? 0
    return ((this.seen[i - start + 1]!.get(key(cs, start, i + 1)) ?? 0) + d * lower) / (t + d)
  }

  /** Natural-log probability of a whole word, boundaries included (always finite). */
  logProb(word: string): number {
    const cs = codes(word)
    let lp = 0
    for (let i = 1; i < cs.length; i++) lp += Math.log(this.prob(cs, Math.max(0, i - ORDER), i))
    return lp
  }
}
