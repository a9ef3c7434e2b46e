// The text statistics several plugins share, in one place so that plugins import it instead of each other: the
// gates judge, the letter-pair judge, the repairs and the post-pass read the same counts and word lists.

// French and English function words, by tier
export { functionWords, type FunctionWordLanguage, type FunctionWordTier } from './function-words.js'
export { ENGLISH_FUNCTION_WORDS, FRENCH_FUNCTION_WORDS } from './common-function-words.js'

// A page's character counts and shares (letters, digits, Latin-1, controls, vowels, function words)
export { countStats, loneLetterLines, pageStats, type PageStats } from './page-stats.js'

// The letter-pair (bigram) model: its alphabet, fitting and scoring
export { ALPHABET, OTHER, SKIP, SPACE, SYMBOL_COUNT, SYMBOL_OF } from './alphabet.js'
export {
  countPairs,
  DEFAULT_MARGIN,
  fitFromTexts,
  fitModel,
  isReadable,
  logprobsFromCounts,
  pairSum,
  scoreText,
  textStats,
  withMargin,
  type BigramModel,
  type FitOptions,
  type PairSum,
  type Readability,
  type TextStats,
} from './model.js'
export {
  fitWordModel,
  RARE_WORD_SHARE,
  SHAPE_MIN_LETTERS,
  tokenEvidence,
  tokenize,
  wordEvidence,
  type WordEvidence,
  type WordModel,
  type WordToken,
} from './words.js'
