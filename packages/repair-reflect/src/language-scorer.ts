// How the reflect repair scores candidate texts: by the letter-pair model when one is configured, else by character
// statistics, each with the margin a candidate must clear to read.
import { charStats, statsReads, statsScore } from './char-stats.js'
import type { LetterPairModel } from './letter-pair-model.js'
import { meanLogProb } from './letter-pair-model.js'

/** Scores candidate texts: higher reads better. The repairs compare candidates with it and accept on `reads`. */
export interface LanguageScorer {
  readonly name: string
  /** Higher reads better; -Infinity when the text is too short to score. */
  score(text: string): number
  /** Whether the text reads by this scorer's own rule. */
  reads(text: string): boolean
  /** A difference of score counted as clear between two candidates. */
  readonly margin: number
}

/**
 * The letter-pair model's mean log-probability (nats a pair); reads at or above the model's threshold. Clear margin
 * 0.5 nat: the seed's margin between the worst training page and pages that do not read.
 */
export function modelScorer(model: LetterPairModel): LanguageScorer {
  return {
    name: 'bigram',
    score: (t) => meanLogProb(t, model),
    reads: (t) => meanLogProb(t, model) >= model.threshold,
    margin: 0.5,
  }
}

/**
 * Character statistics when no model is configured (function words, letters, vowels). Clear margin 0.3: healthy
 * prose scores 1.2-1.6, junk under 0.8 (function-word share near 0).
 */
export function statsScorer(): LanguageScorer {
  return {
    name: 'char-stats',
    score: (t) => statsScore(charStats(t)),
    reads: (t) => statsReads(charStats(t)),
    margin: 0.3,
  }
}
