// The public API of @pdftriage/model-bigram: the `bigram` judge plugin, fitting, calibrating, loading and saving its
// letter-pair model, and the text helpers the judge applies before scoring.
export { bigramJudge as default, bigramJudge, createBigramJudge } from './bigram-judge.js'
export { ALPHABET, OTHER, SKIP, SPACE, SYMBOL_COUNT, SYMBOL_OF } from '@pdftriage/text-stats'
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
} from '@pdftriage/text-stats'
export { calibrate, CALIBRATION_EPSILON, type Calibration, type CalibratedPage } from './calibrate.js'
export { loadModel, saveModel, MODEL_FORMAT, MODEL_VERSION, modelFileSchema, type ModelFile } from './model-file.js'
export { judgePage, JUDGE_NAME, NUMERIC_DIGIT_SHARE } from './judge-page.js'
export { stripNumbers } from './numbers.js'
export { joinLetterSpaced, LETTER_SPACED_SHARE } from './letter-spacing.js'
export { bigramOptionsSchema, type BigramOptions, type ResolvedBigramOptions } from './options.js'
export { splitPages } from './split-pages.js'
export {
  tokenize,
  wordEvidence,
  fitWordModel,
  RARE_WORD_SHARE,
  SHAPE_MIN_LETTERS,
  type WordEvidence,
  type WordModel,
  type WordToken,
} from '@pdftriage/text-stats'
export { nearMisses, NEAR_MISS_MIN_LETTERS, type NearMisses } from './near-miss.js'
