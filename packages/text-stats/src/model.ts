// The letter-pair model shared by the bigram judge and the repairs: pairs counted and fitted with add-one smoothing,
// texts scored in nats a pair, the threshold and its margin.
import { TriageError } from '@pdftriage/core'
import { ALPHABET, SKIP, SPACE, SYMBOL_COUNT, SYMBOL_OF } from './alphabet.js'
import { fitWordModel, type WordModel } from './words.js'

/**
 * A fitted letter-pair model. `logprobs[a * SYMBOL_COUNT + b]` is ln P(b | a) with add-one smoothing:
 * (count(a, b) + 1) / (count(a, *) + SYMBOL_COUNT). Scores are in nats per pair.
 */
export interface BigramModel {
  /** The alphabet the counts are indexed by (always {@link ALPHABET}; kept so a file says what it holds). */
  readonly alphabet: string
  /** Pair counts, row-major, SYMBOL_COUNT x SYMBOL_COUNT. */
  readonly counts: Uint32Array
  /** ln P(b | a), row-major, SYMBOL_COUNT x SYMBOL_COUNT. */
  readonly logprobs: Float64Array
  /** Pages scoring below this are not language: worstTrainingScore - margin. */
  readonly threshold: number
  /** Nats below the worst training page still accepted. */
  readonly margin: number
  /** Score of the lowest-scoring training page. */
  readonly worstTrainingScore: number
  /** Number of training pages (pages with fewer than 2 symbols are not counted). */
  readonly trainingPages: number
  /** 0-based index, among the pages given to fit, of the worst training page. */
  readonly worstTrainingPage: number
  /** Word-shape statistics fitted on the same pages. */
  readonly words: WordModel
  /** Lowest {@link TextStats.structure} among the training pages (nats): how much order the worst good page shows. */
  readonly worstTrainingStructure: number
}

/** Options of {@link fitModel}. */
export interface FitOptions {
  /** Nats below the worst training page still accepted (default 0.5, the letter-pair seed's measurement). */
  margin?: number
}

/** The seed's default margin: four held-out French admin pages sat 0.06-0.35 below the worst training page. */
export const DEFAULT_MARGIN = 0.5

/** Adds the pairs of `text` to `counts`; returns the number of symbols seen (after collapsing white space). */
export function countPairs(text: string, counts: Uint32Array): number {
  const V = SYMBOL_COUNT
  let prev = -1
  let pendingSpace = false
  let symbols = 0
  for (let i = 0; i < text.length; i++) {
    const s = SYMBOL_OF[text.charCodeAt(i)]!
    if (s === SKIP) continue
    if (s === SPACE) {
      if (prev !== -1) pendingSpace = true
      continue
    }
    if (pendingSpace) {
      counts[prev * V + SPACE]!++
      prev = SPACE
      symbols++
      pendingSpace = false
    }
    if (prev !== -1) counts[prev * V + s]!++
    prev = s
    symbols++
  }
  return symbols
}

/** ln P(b | a) with add-one smoothing over all SYMBOL_COUNT successors of each symbol. */
export function logprobsFromCounts(counts: Uint32Array): Float64Array {
  const V = SYMBOL_COUNT
  const lp = new Float64Array(V * V)
  for (let a = 0; a < V; a++) {
    let row = 0
    for (let b = 0; b < V; b++) row += counts[a * V + b]!
    const denom = Math.log(row + V)
    for (let b = 0; b < V; b++) lp[a * V + b] = Math.log(counts[a * V + b]! + 1) - denom
  }
  return lp
}

/** Sum of ln P over the pairs of `text` and the number of pairs; the basis of every score (per page, font, word). */
export interface PairSum {
  sum: number
  pairs: number
}

/**
 * Sum and count of the pair log-probabilities of `text`. White space (space, tab, newline, form feed, NBSP...) is
 * one space symbol; runs collapse to one; leading and trailing white space is dropped. Expects NFC text (a
 * decomposed accent is a letter followed by an OTHER).
 */
export function pairSum(text: string, logprobs: Float64Array): PairSum {
  const V = SYMBOL_COUNT
  const table = SYMBOL_OF
  let prev = -1
  let pendingSpace = false
  let sum = 0
  let pairs = 0
  for (let i = 0; i < text.length; i++) {
    const s = table[text.charCodeAt(i)]!
    if (s === SKIP) continue
    if (s === SPACE) {
      if (prev !== -1) pendingSpace = true
      continue
    }
    if (pendingSpace) {
      sum += logprobs[prev * V + SPACE]!
      pairs++
      prev = SPACE
      pendingSpace = false
    }
    if (prev !== -1) {
      sum += logprobs[prev * V + s]!
      pairs++
    }
    prev = s
  }
  return { sum, pairs }
}

/**
 * Mean ln-probability of the pairs of `text` under `model`, in nats (higher reads better). Returns -Infinity when
 * the text has fewer than 2 symbols (no pair to judge). Runs on the lookup table and typed arrays only.
 */
export function scoreText(text: string, model: Pick<BigramModel, 'logprobs'>): number {
  const { sum, pairs } = pairSum(text, model.logprobs)
  return pairs === 0 ? -Infinity : sum / pairs
}

/** The answer of {@link isReadable}. */
export interface Readability {
  readable: boolean
  score: number
  threshold: number
}

/** Seed 000's verdict: readable when the score reaches the model's threshold. */
export function isReadable(text: string, model: BigramModel): Readability {
  const score = scoreText(text, model)
  return { readable: score >= model.threshold, score, threshold: model.threshold }
}

/**
 * Fits a model on pages known to read (NFC text, one string a page). Pages with fewer than 2 symbols are ignored.
 * Throws `MODEL_INVALID` when nothing is left: a model fitted on nothing would call everything readable.
 */
export function fitModel(pages: readonly string[], options: FitOptions = {}): BigramModel {
  const margin = options.margin ?? DEFAULT_MARGIN
  if (!Number.isFinite(margin)) throw new TriageError('USAGE', `Expected a finite margin, not \`${margin}\``, { plugin: 'bigram' })
  const counts = new Uint32Array(SYMBOL_COUNT * SYMBOL_COUNT)
  const used: number[] = []
  pages.forEach((p, i) => {
    if (countPairs(p, counts) >= 2) used.push(i)
  })
  if (used.length === 0) {
    throw new TriageError('MODEL_INVALID', `Cannot fit a letter-pair model on ${pages.length} page(s) with no text: give pages that read`, { plugin: 'bigram' })
  }
  const logprobs = logprobsFromCounts(counts)
  let worst = Infinity
  let worstPage = -1
  for (const i of used) {
    const s = scoreText(pages[i]!, { logprobs })
    if (s < worst) {
      worst = s
      worstPage = i
    }
  }
  const words = fitWordModel(
    used.map((i) => pages[i]!),
    logprobs,
  )
  let worstStructure = Infinity
  for (const i of used) worstStructure = Math.min(worstStructure, textStats(pages[i]!, logprobs).structure)
  return {
    worstTrainingStructure: worstStructure,
    alphabet: ALPHABET,
    counts,
    logprobs,
    margin,
    worstTrainingScore: worst,
    threshold: worst - margin,
    trainingPages: used.length,
    worstTrainingPage: worstPage,
    words,
  }
}

/** The same model with another margin (threshold moved accordingly). */
export function withMargin(model: BigramModel, margin: number): BigramModel {
  return { ...model, margin, threshold: model.worstTrainingScore - margin }
}

/** Fits a model on texts as the CLI reads them: NFC-normalises each page first. See {@link fitModel}. */
export function fitFromTexts(texts: readonly string[], options: FitOptions = {}): BigramModel {
  return fitModel(
    texts.map((t) => t.normalize('NFC')),
    options,
  )
}

/** Everything one pass over a text measures. Shares are of the symbols (white space runs count as one symbol). */
export interface TextStats {
  /** Seed 000's score: mean ln P of the pairs, -Infinity under 2 symbols. */
  score: number
  /** Number of pairs scored. */
  pairs: number
  /** Number of symbols (white space runs count once). */
  symbols: number
  /**
   * Nats the order of the symbols earns over the same symbols shuffled: score minus the expected score of a random
   * order of the page's own symbol counts (sum over a, b of f(a) f(b) ln P(b | a)). Language earns about 1 nat or
   * more whatever its letters; junk earns almost nothing even when its symbols are frequent ones (a page of OTHER
   * runs scores well under the seed's rule because OTHER -> OTHER is common in training). 0 when there is no pair.
   */
  structure: number
  /** Share of symbols that are letters of the alphabet. */
  letterShare: number
  /** Share of the symbols other than space that are letters (the gates' letter share, on the alphabet). */
  letterShareNonSpace: number
  /** Number of ASCII digits (not symbols: digits are OTHER). */
  digits: number
  /** Number of non-space code units. */
  nonSpace: number
}

/** Symbol counts of the text being measured, reused: textStats runs synchronously, several times a page. */
const UNIGRAMS = new Float64Array(SYMBOL_COUNT)

/** Measures `text` in one pass of the lookup table plus one pass over the SYMBOL_COUNT^2 pairs. */
export function textStats(text: string, logprobs: Float64Array): TextStats {
  const V = SYMBOL_COUNT
  const table = SYMBOL_OF
  const uni = UNIGRAMS.fill(0)
  let prev = -1
  let pendingSpace = false
  let sum = 0
  let pairs = 0
  let digits = 0
  let nonSpace = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const s = table[c]!
    if (s === SKIP) continue
    if (s === SPACE) {
      if (prev !== -1) pendingSpace = true
      continue
    }
    nonSpace++
    if (c >= 48 && c <= 57) digits++
    if (pendingSpace) {
      sum += logprobs[prev * V + SPACE]!
      pairs++
      uni[SPACE]!++
      prev = SPACE
      pendingSpace = false
    }
    if (prev !== -1) {
      sum += logprobs[prev * V + s]!
      pairs++
    }
    uni[s]!++
    prev = s
  }
  const symbols = pairs === 0 ? (prev === -1 ? 0 : 1) : pairs + 1
  let letters = 0
  for (let a = 0; a < SPACE; a++) letters += uni[a]!
  let expected = 0
  if (symbols > 0) {
    for (let a = 0; a < V; a++) {
      const fa = uni[a]! / symbols
      if (fa === 0) continue
      for (let b = 0; b < V; b++) expected += fa * (uni[b]! / symbols) * logprobs[a * V + b]!
    }
  }
  const score = pairs === 0 ? -Infinity : sum / pairs
  return {
    score,
    pairs,
    symbols,
    structure: pairs === 0 ? 0 : score - expected,
    letterShare: symbols === 0 ? 0 : letters / symbols,
    letterShareNonSpace: symbols - uni[SPACE]! === 0 ? 0 : letters / (symbols - uni[SPACE]!),
    digits,
    nonSpace,
  }
}
