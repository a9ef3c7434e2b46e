/** Context length of the character model: 4 characters of history (a 5-gram), enough to see a syllable and its neighbour. */
const ORDER = 4
/** Letters, accents, hyphen and apostrophe get a code each; everything else shares the last one. 6 bits a character. */
const SYMBOLS = "\u0002abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿœæ'-áíóúñß"
const OTHER = 63
const ALPHABET = 64
/** Code of each UTF-16 unit (OTHER for all but the symbols): a table read, not a Map lookup per character. */
const CODE_OF_UNIT = new Uint8Array(0x10000).fill(OTHER)
for (let i = 0; i < SYMBOLS.length; i++) CODE_OF_UNIT[SYMBOLS.charCodeAt(i)] = i + 1

/** Codes of the word being added or scored (boundary marks included), reused: grown when a word is longer. */
let buf = new Int32Array(64)

/**
 * Writes the codes of a lower-cased word framed by boundary marks (code 1) into `buf`, one code a code point (a
 * surrogate pair is OTHER); returns how many.
 */
function codes(word: string): number {
  const w = word.toLowerCase()
  if (buf.length < w.length + 2) buf = new Int32Array(2 * w.length + 2)
  const out = buf
  let n = 0
  out[n++] = 1
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < w.length) {
      const d = w.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    out[n++] = CODE_OF_UNIT[c]!
  }
  out[n++] = 1
  return n
}

/**
 * Counts by integer key, open addressing on typed arrays: a `Map<number, number>` costs a builtin call and a
 * bucket chain per access, and fitting does about 40 accesses per distinct word. Keys are positive (every code is
 * at least 1, so a key of one or more codes is too); 0 marks an empty slot. A count brought back to 0 keeps its
 * slot, and reads as absent, as a deleted Map entry would. A table of keys under 2^bits is `direct`: the key is
 * its slot, no hashing, no probing, never grown.
 */
class CountTable {
  /**
   * Key and count of each slot side by side: a probe reads one cache line (a document's tables outgrow the cache,
   * and each access is a miss), 8 bytes a slot. Counts are 32-bit integers until one is not (a caller may edit
   * Vocabulary.counts): the table is then widened to doubles, which add up exactly as in a Map.
   */
  private cells: Int32Array | Float64Array
  private used = 0

  constructor(
    private bits: number,
    private readonly direct: boolean,
  ) {
    this.cells = new Int32Array(2 << bits)
  }

  /** Cell index of a key's slot: Fibonacci hashing (the top bits of key times 2^32/phi), then linear probing. */
  private slot(k: number): number {
    if (this.direct) return 2 * k
    const mask = (1 << this.bits) - 1
    let s = Math.imul(k, 0x9e3779b1) >>> (32 - this.bits)
    const cells = this.cells
    for (;;) {
      const at = cells[2 * s]!
      if (at === k || at === 0) return 2 * s
      s = (s + 1) & mask
    }
  }

  /** Count of a key, 0 when absent. */
  get(k: number): number {
    return this.cells[this.slot(k) + 1]!
  }

  /** Adds `d` to a key's count, not below 0; returns the count before. */
  add(k: number, d: number): number {
    const c = this.slot(k)
    const isNew = this.cells[c] === 0
    const before = isNew ? 0 : this.cells[c + 1]!
    const after = Math.max(0, before + d)
    if (isNew && after === 0) return 0
    if ((after | 0) !== after && this.cells instanceof Int32Array) this.cells = Float64Array.from(this.cells)
    this.cells[c] = k
    this.cells[c + 1] = after
    // Grown at 70 % full: linear probing stays short below that (2.2 probes a hit on average).
    if (isNew && 10 * ++this.used > 7 << this.bits && !this.direct) this.grow()
    return before
  }

  private grow(): void {
    const old = this.cells
    this.bits++
    this.cells = old instanceof Int32Array ? new Int32Array(2 << this.bits) : new Float64Array(2 << this.bits)
    for (let c = 0; c < old.length; c += 2) {
      if (old[c] === 0) continue
      const d = this.slot(old[c]!)
      this.cells[d] = old[c]!
      this.cells[d + 1] = old[c + 1]!
    }
  }
}

/** Slots of a table when none is known: a page's words hold a few hundred n-grams of each length. */
const INITIAL_BITS = 10
/**
 * Distinct n-grams of each length per distinct word, measured on four French manuals (3,600 to 9,500 words: 0.5
 * to 0.75 for 3-grams, 1.2 to 1.4 for 4-grams, 1.6 to 1.75 for 5-grams), rounded up; lengths 0 to 2 need none.
 */
const GRAMS_PER_WORD = [0, 0, 0, 0.8, 1.5, 1.8]

/** Bits of a table holding `n` keys at most 70 % full (where it grows). */
function bitsFor(n: number): number {
  let b = INITIAL_BITS
  while (0.7 * (1 << b) < n) b++
  return b
}

/**
 * A character n-gram model of words with Witten-Bell smoothing, fitted on one document's own words. Words are
 * lower-cased and framed by a boundary mark, so that it also scores how well a string ends and starts a word.
 * Keys are integers (six bits a character: at most 5 codes, 30 bits) rather than strings, in a table per n-gram
 * length: fitting a document's vocabulary is the post-pass's largest cost.
 */
export class CharModel {
  /** By length 1..ORDER+1: n-gram -> count; also a context's count of followers. */
  private readonly seen: CountTable[]
  /** By length 0..ORDER: context -> distinct following characters (the empty context's key is 0, so it is kept apart). */
  private readonly types: CountTable[]
  private emptyTypes = 0 // distinct characters after the empty context
  private all = 0 // characters predicted (the empty context's total)
  private words = 0 // words (the total of the lone start mark, which no n-gram count holds)

  /** `words`: how many distinct words will be added, if known, so that the tables start at their size. */
  constructor(words = 0) {
    const table = (len: number) => (len <= 2 ? new CountTable(6 * len, true) : new CountTable(bitsFor(words * GRAMS_PER_WORD[len]!), false))
    this.seen = Array.from({ length: ORDER + 2 }, (_, len) => table(len))
    this.types = Array.from({ length: ORDER + 1 }, (_, len) => table(len))
  }

  /** Adds `count` occurrences of a word (a negative count removes occurrences added before, for leave-one-out). */
  add(word: string, count = 1): void {
    const n = codes(word)
    const cs = buf
    this.words += count
    this.all += count * (n - 1)
    for (let i = 1; i < n; i++) {
      // Keys of the n-grams ending at i and of their contexts, grown one code leftwards at a time (the values of
      // key(i - k, i + 1) and key(i - k, i)).
      let gram = cs[i]!
      let ctx = 0
      let scale = ALPHABET
      for (let k = 0; k <= ORDER && i - k >= 0; k++) {
        if (k > 0) {
          gram += cs[i - k]! * scale
          ctx += cs[i - k]! * (scale / ALPHABET)
          scale *= ALPHABET
        }
        const before = this.seen[k + 1]!.add(gram, count)
        const after = Math.max(0, before + count)
        if (before === 0 && after > 0) this.bumpTypes(k, ctx, 1)
        else if (before > 0 && after === 0) this.bumpTypes(k, ctx, -1)
      }
    }
  }

  private bumpTypes(len: number, ctx: number, d: number): void {
    if (len === 0) this.emptyTypes += d
    else this.types[len]!.add(ctx, d)
  }

  private typesOf(len: number, ctx: number): number {
    return len === 0 ? this.emptyTypes : this.types[len]!.get(ctx)
  }

  /** Natural-log probability of a whole word, boundaries included (always finite). */
  logProb(word: string): number {
    const n = codes(word)
    const cs = buf
    let lp = 0
    for (let i = 1; i < n; i++) {
      // Witten-Bell from the empty context up to ORDER characters of history, each order smoothed with the one
      // below: p(start) = (c(start..i) + d * p(start + 1)) / (t + d).
      const from = Math.max(0, i - ORDER)
      let p = 1 / ALPHABET
      let ctx = 0 // key of the codes start..i-1
      let scale = 1
      for (let start = i; start >= from; start--) {
        if (start < i) {
          ctx += cs[start]! * scale
          scale *= ALPHABET
        }
        const len = i - start
        const t = len === 0 ? this.all : start === 0 && i === 1 ? this.words : this.seen[len]!.get(ctx)
        if (t === 0) continue
        const d = this.typesOf(len, ctx)
        p = (this.seen[len + 1]!.get(ctx * ALPHABET + cs[i]!) + d * p) / (t + d)
      }
      lp += Math.log(p)
    }
    return lp
  }
}
