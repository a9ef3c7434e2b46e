/**
 * Near misses: words of a page that were never seen (neither in training nor twice on the page) but are one letter
 * away from a word that was, the letter changed anywhere but at the end (so `commande` / `commandes` or `petit` /
 * `petite`, inflections, do not count). A scanner's OCR misreads letters inside words it otherwise gets right
 * ("nutes" for "notes", "docunent" for "document"), so its layers are full of them; clean text has few. Needs no
 * dictionary: the references are the training words and the page's own repeated words.
 */

/** Words shorter than this are not compared: short words are one letter away from too many others. */
export const NEAR_MISS_MIN_LETTERS = 4

/** Wildcard keys of `w`: one per position but the last, the letter there replaced by `?`. */
function keys(w: string): string[] {
  const out: string[] = []
  for (let i = 0; i < w.length - 1; i++) out.push(w.slice(0, i) + '?' + w.slice(i + 1))
  return out
}

/** What {@link nearMisses} measured. */
export interface NearMisses {
  /** Word tokens of NEAR_MISS_MIN_LETTERS letters or more. */
  words: number
  /** Tokens that are near misses. */
  misses: number
  /** A few examples, "seen~reference". */
  examples: string[]
}

/**
 * Wildcard key -> reference word of a training vocabulary, built once per vocabulary (a model's vocabulary is fixed
 * once loaded): rebuilding it for every page was most of the model's cost on a long document (a few thousand words,
 * about eight keys each, a page). With it, a bit set of the keys' hashes ({@link KeyBits}).
 */
const vocabularyKeys = new WeakMap<ReadonlySet<string>, { map: Map<string, string>; bits: KeyBits }>()

function keysOfVocabulary(vocabulary: ReadonlySet<string>): { map: Map<string, string>; bits: KeyBits } {
  let refKeys = vocabularyKeys.get(vocabulary)
  if (refKeys === undefined) {
    const map = new Map<string, string>()
    for (const w of vocabulary) if (w.length >= NEAR_MISS_MIN_LETTERS) for (const k of keys(w)) map.set(k, w)
    const bits = new KeyBits(Math.min(MAX_VOCABULARY_BITS, Math.max(PAGE_BITS, nextPowerOfTwo(map.size * BITS_PER_KEY))))
    for (const w of vocabulary) if (w.length >= NEAR_MISS_MIN_LETTERS) bits.scan(w, true)
    vocabularyKeys.set(vocabulary, (refKeys = { map, bits }))
  }
  return refKeys
}

/**
 * Bits per vocabulary key: a 128th of the bits set, so a word of eight keys that has none in the vocabulary is looked
 * up anyway (a false hit) about once in 16 (8 / 128).
 */
const BITS_PER_KEY = 128
/** At most 4 MB of bits for a vocabulary: the false hits grow past 262,144 keys (some 30,000 words), slowly. */
const MAX_VOCABULARY_BITS = 1 << 25
/** The page's repeated words' keys: 100 such words of eight keys set 800 of these bits, a false hit in 10 words. */
const PAGE_BITS = 1 << 16

const nextPowerOfTwo = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)))

/** Multiplier of the keys' polynomial hash (the 32-bit FNV prime). */
const HASH_BASE = 0x01000193
/** The wildcard's code, as {@link keys} writes it. */
const WILDCARD = 63

/**
 * A bit set of the hashes of words' wildcard keys, without the keys' strings: a word none of whose keys has its bit
 * set has no key in the set, and only words with a bit set build their keys and look them up. Most words of a page
 * are such words, and building each one's keys was most of the judge's allocations. A key's hash is that of its
 * string (a polynomial hash of its code units, the word's with one letter's term replaced by the wildcard's), so
 * equal keys of different words or positions set and find the same bit.
 */
class KeyBits {
  readonly words: Uint32Array
  private readonly mask: number
  constructor(bits: number) {
    this.words = new Uint32Array(bits >>> 5)
    this.mask = bits - 1
  }

  /** Sets the bits of `w`'s keys (`add`), or says whether any of them is set. */
  scan(w: string, add: boolean): boolean {
    const n = w.length
    let whole = 0
    for (let i = 0; i < n; i++) whole = (Math.imul(whole, HASH_BASE) + w.charCodeAt(i)) | 0
    // power = HASH_BASE^(n-1-i), from the last position back; the last position has no key
    let power = HASH_BASE
    for (let i = n - 2; i >= 0; i--) {
      let h = (whole + Math.imul(WILDCARD - w.charCodeAt(i), power)) | 0
      h = Math.imul(h ^ n ^ (h >>> 16), 0x45d9f3b)
      h = Math.imul(h ^ (h >>> 16), 0x45d9f3b)
      const b = (h ^ (h >>> 16)) & this.mask
      if (add) this.words[b >>> 5]! |= 1 << (b & 31)
      else if ((this.words[b >>> 5]! & (1 << (b & 31))) !== 0) return true
      power = Math.imul(power, HASH_BASE)
    }
    return false
  }
}

/** The page's repeated words' key bits, cleared for each page: no set is made per page. */
const pageBits = new KeyBits(PAGE_BITS)

/** Counts the near misses among lower-cased word tokens, given the training vocabulary. */
export function nearMisses(tokens: readonly string[], vocabulary: ReadonlySet<string>): NearMisses {
  const count = new Map<string, number>()
  let words = 0
  for (const w of tokens) {
    if (w.length < NEAR_MISS_MIN_LETTERS) continue
    words++
    count.set(w, (count.get(w) ?? 0) + 1)
  }
  const isRef = (w: string): boolean => vocabulary.has(w) || (count.get(w) ?? 0) >= 2
  // The page's repeated words are references too; where one shares a key with a training word it is the one named
  // (as when both were in one map, the page's written last).
  const vocab = keysOfVocabulary(vocabulary)
  pageBits.words.fill(0)
  for (const [w, c] of count) if (c >= 2) pageBits.scan(w, true)
  let pageKeys: Map<string, string> | undefined
  let misses = 0
  const examples: string[] = []
  for (const [w, c] of count) {
    if (isRef(w)) continue
    if (!vocab.bits.scan(w, false) && !pageBits.scan(w, false)) continue
    if (pageKeys === undefined) {
      pageKeys = new Map()
      for (const [r, rc] of count) if (rc >= 2) for (const k of keys(r)) pageKeys.set(k, r)
    }
    for (const k of keys(w)) {
      const ref = pageKeys.get(k) ?? vocab.map.get(k)
      if (ref !== undefined && ref !== w) {
        misses += c
        if (examples.length < 3) examples.push(`${w}~${ref}`)
        break
      }
    }
  }
  return { words, misses, examples }
}
