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

/** Counts the near misses among lower-cased word tokens, given the training vocabulary. */
export function nearMisses(tokens: readonly string[], vocabulary: ReadonlySet<string>): NearMisses {
  const long = tokens.filter((w) => w.length >= NEAR_MISS_MIN_LETTERS)
  const count = new Map<string, number>()
  for (const w of long) count.set(w, (count.get(w) ?? 0) + 1)
  const isRef = (w: string): boolean => vocabulary.has(w) || (count.get(w) ?? 0) >= 2
  const refKeys = new Map<string, string>()
  const addRef = (w: string): void => {
    if (w.length >= NEAR_MISS_MIN_LETTERS) for (const k of keys(w)) refKeys.set(k, w)
  }
  for (const w of vocabulary) addRef(w)
  for (const [w, c] of count) if (c >= 2) addRef(w)
  let misses = 0
  const examples: string[] = []
  for (const [w, c] of count) {
    if (isRef(w)) continue
    for (const k of keys(w)) {
      const ref = refKeys.get(k)
      if (ref !== undefined && ref !== w) {
        misses += c
        if (examples.length < 3) examples.push(`${w}~${ref}`)
        break
      }
    }
  }
  return { words: long.length, misses, examples }
}
