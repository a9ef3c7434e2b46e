// The share of a text's words that are French or English function words: what the code-map repair asks of a reading.
import { functionWords } from '@pdftriage/text-stats'

/**
 * French and English function words (core's list) but one-letter ASCII ones: about a quarter to a third of the words
 * of running prose in either language, near none in junk. One-letter words are left out: junk cut by punctuation
 * into letter runs is full of `a`, `y`, `l`, `d` (`à` is kept).
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([...functionWords('fr'), ...functionWords('en')].filter((w) => !/^[a-z]$/.test(w)))

/** Share of the words (letter runs) of `text` that are function words, and the number of words. */
export function functionWordShare(text: string): { share: number; words: number } {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  let k = 0
  for (const w of words) if (FUNCTION_WORDS.has(w)) k++
  return { share: words.length ? k / words.length : 0, words: words.length }
}
