// Word-shape statistics of the letter-pair model: the words seen in training, and how strange a word's letters may be
// before it counts against a page.
import { SKIP, SPACE, SYMBOL_COUNT, SYMBOL_OF } from './alphabet.js'

/**
 * Word-shape statistics fitted on the training pages: which words were seen, and how improbable a word's letter
 * shape is allowed to be before it counts as strange. A "word" is a maximal run of alphabet letters (so `l'arbre`
 * is `l` and `arbre`, and `x2` is `x`).
 */
export interface WordModel {
  /** Lower-cased words of the training pages. */
  readonly vocabulary: ReadonlySet<string>
  /**
   * Word score (mean ln P of the pairs of " word ", boundaries included) below which RARE_WORD_SHARE of the training
   * words (tokens of 3+ letters) fall: a word scoring lower is as odd as the oddest twentieth of the user's own words.
   */
  readonly rareWordScore: number
  /** Number of word tokens seen in training. */
  readonly trainingWords: number
}

/** Share of training word tokens allowed below `rareWordScore`: the oddest 5 % of the user's own words. */
export const RARE_WORD_SHARE = 0.05

/** Words shorter than this are judged as fragments, not by their shape (a 2-letter word has 3 pairs only). */
export const SHAPE_MIN_LETTERS = 3

/** 1 for an upper-case letter of the alphabet, 2 for a lower-case one, 0 otherwise. */
const CASE_OF: Uint8Array = (() => {
  const t = new Uint8Array(65536)
  for (let c = 0; c < 65536; c++) {
    const s = SYMBOL_OF[c]!
    if (s >= SPACE) continue
    const ch = String.fromCharCode(c)
    t[c] = ch === ch.toLowerCase() ? 2 : 1
  }
  return t
})()

/** One word of a text. */
export interface WordToken {
  /** Lower-cased letters. */
  lower: string
  /** Mean ln P of the pairs of " word " (boundaries included), nats. */
  score: number
  /** True when an upper-case letter follows a lower-case one inside the word ("SeCondaire"). */
  mixedCase: boolean
}

/** The words of `text`, scored under `logprobs`. */
export function tokenize(text: string, logprobs: Float64Array): WordToken[] {
  const V = SYMBOL_COUNT
  const out: WordToken[] = []
  let start = -1
  let sum = 0
  let prev = SPACE
  let sawLower = false
  let mixed = false
  const end = (i: number): void => {
    sum += logprobs[prev * V + SPACE]!
    const lower = text.slice(start, i).toLowerCase()
    out.push({ lower, score: sum / (lower.length + 1), mixedCase: mixed })
    start = -1
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const s = SYMBOL_OF[c]!
    if (s === SKIP) continue
    if (s < SPACE) {
      if (start < 0) {
        start = i
        sum = 0
        prev = SPACE
        sawLower = false
        mixed = false
      }
      sum += logprobs[prev * V + s]!
      prev = s
      const k = CASE_OF[c]!
      if (k === 2) sawLower = true
      else if (k === 1 && sawLower) mixed = true
    } else if (start >= 0) end(i)
  }
  if (start >= 0) end(text.length)
  return out
}

/** Fits the word model on the training pages with the letter model fitted on the same pages. */
export function fitWordModel(pages: readonly string[], logprobs: Float64Array): WordModel {
  const vocabulary = new Set<string>()
  const scores: number[] = []
  for (const p of pages) {
    for (const w of tokenize(p, logprobs)) {
      vocabulary.add(w.lower)
      if (w.lower.length >= SHAPE_MIN_LETTERS) scores.push(w.score)
    }
  }
  scores.sort((a, b) => a - b)
  const rareWordScore = scores.length === 0 ? -Infinity : scores[Math.floor(scores.length * RARE_WORD_SHARE)]!
  return { vocabulary, rareWordScore, trainingWords: scores.length }
}

/** Word-shape evidence on one text. Shares are of all word tokens; `undefined` when the text has no word. */
export interface WordEvidence {
  words: number
  /** Share of words of 3+ letters never seen in training AND scoring below the rare-word score. */
  strange: number
  /** Share of strange words among the words of 3+ letters (0 when there is none). */
  strangeOfLong: number
  /** Share of 1-2 letter words never seen in training. */
  fragments: number
  /** Share of words with an upper-case letter after a lower-case one. */
  mixedCase: number
}

/** Measures the word-shape evidence of `text`; `undefined` when it has no word at all. */
export function wordEvidence(text: string, logprobs: Float64Array, words: WordModel): WordEvidence | undefined {
  return tokenEvidence(tokenize(text, logprobs), words)
}

/** {@link wordEvidence} of tokens already read with {@link tokenize}. */
export function tokenEvidence(toks: readonly WordToken[], words: WordModel): WordEvidence | undefined {
  if (toks.length === 0) return undefined
  let strange = 0
  let fragments = 0
  let mixed = 0
  let long = 0
  for (const t of toks) {
    if (t.lower.length >= SHAPE_MIN_LETTERS) long++
    const known = words.vocabulary.has(t.lower)
    if (t.lower.length < SHAPE_MIN_LETTERS) {
      if (!known) fragments++
    } else if (!known && t.score < words.rareWordScore) strange++
    if (t.mixedCase) mixed++
  }
  const n = toks.length
  return { words: n, strange: strange / n, strangeOfLong: long === 0 ? 0 : strange / long, fragments: fragments / n, mixedCase: mixed / n }
}
