// What the reflect repair needs of a letter-pair model (pair log-probabilities, threshold, vocabulary) and the mean
// log-probability of a text under it.
import { OTHER, SKIP, SPACE, SYMBOL_COUNT, SYMBOL_OF, scoreText } from '@pdftriage/text-stats'

/**
 * What the repairs need of a `@pdftriage/model-bigram` model: its pair log-probabilities, threshold, pair counts
 * and training vocabulary. A `BigramModel` satisfies it.
 */
export interface LetterPairModel {
  /** ln P(b | a), row-major, SYMBOL_COUNT x SYMBOL_COUNT. */
  readonly logprobs: Float64Array
  /** Pages scoring below this do not read (nats a pair). */
  readonly threshold: number
  /** Pair counts, row-major (their row sums give symbol frequencies). */
  readonly counts: Uint32Array
  /** Lower-cased words of the training pages. */
  readonly words?: { readonly vocabulary: ReadonlySet<string> }
}

/** Mean ln P of the pairs of `text` (nats); -Infinity under 2 symbols. */
export function meanLogProb(text: string, model: Pick<LetterPairModel, 'logprobs'>): number {
  return scoreText(text, model)
}

/** Symbol index of one code unit in the model's alphabet (case folded; digits and punctuation are OTHER). */
export function symbolOf(code: number): number {
  const s = SYMBOL_OF[code]!
  return s === SKIP ? OTHER : s
}

export { OTHER, SPACE, SYMBOL_COUNT }
