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
 * about eight keys each, a page).
 */
const vocabularyKeys = new WeakMap<ReadonlySet<string>, Map<string, string>>()

function keysOfVocabulary(vocabulary: ReadonlySet<string>): Map<string, string> {
  let refKeys = vocabularyKeys.get(vocabulary)
  if (refKeys === undefined) {
    refKeys = new Map()
    for (const w of vocabulary) if (w.length >= NEAR_MISS_MIN_LETTERS) for (const k of keys(w)) refKeys.set(k, w)
    vocabularyKeys.set(vocabulary, refKeys)
  }
  return refKeys
}

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
  const vocabKeys = keysOfVocabulary(vocabulary)
  const pageKeys = new Map<string, string>()
  for (const [w, c] of count) if (c >= 2) for (const k of keys(w)) pageKeys.set(k, w)
  let misses = 0
  const examples: string[] = []
  for (const [w, c] of count) {
    if (isRef(w)) continue
    for (const k of keys(w)) {
      const ref = pageKeys.get(k) ?? vocabKeys.get(k)
      if (ref !== undefined && ref !== w) {
        misses += c
        if (examples.length < 3) examples.push(`${w}~${ref}`)
        break
      }
    }
  }
  return { words, misses, examples }
}
