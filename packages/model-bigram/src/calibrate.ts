// Calibrating a letter-pair model: its margin widened just enough that the held-out pages the user trusts all pass.
import { TriageError } from '@pdftriage/core'
import { scoreText, withMargin, type BigramModel } from '@pdftriage/text-stats'

/** A tiny step past "just enough", so a page that sat exactly on the new threshold passes despite rounding. */
export const CALIBRATION_EPSILON = 1e-6

/** One held-out page as calibration saw it. */
export interface CalibratedPage {
  /** 0-based index in the pages given. */
  index: number
  score: number
  /** Nats below the worst training page (negative: the page scores above it). */
  belowWorst: number
}

/** What {@link calibrate} found. */
export interface Calibration {
  /** The model with its new margin and threshold. */
  model: BigramModel
  /** The margin kept: the larger of the model's margin and `needed`. */
  margin: number
  /** The margin that would just pass every held-out page (the worst page's distance below the worst training page, plus epsilon). */
  needed: number
  /** Every page, in input order. Pages with fewer than 2 symbols are left out (they cannot be scored). */
  pages: CalibratedPage[]
}

/**
 * Scores held-out pages the user trusts and widens the margin just enough that they all pass. The margin only grows:
 * a dozen held-out pages from one or two documents say what must pass, not how tight the model may be (ours scored
 * 0.1 nat below the worst training page while English pages, also readable, sit 0.3-0.7 below). Throws
 * `MODEL_INVALID` when no page can be scored.
 */
export function calibrate(model: BigramModel, heldOutPages: readonly string[]): Calibration {
  const pages: CalibratedPage[] = []
  heldOutPages.forEach((t, index) => {
    const score = scoreText(t.normalize('NFC'), model)
    if (Number.isFinite(score)) pages.push({ index, score, belowWorst: model.worstTrainingScore - score })
  })
  if (pages.length === 0) {
    throw new TriageError('MODEL_INVALID', `Cannot calibrate on ${heldOutPages.length} page(s) with no text: give pages that read`, { plugin: 'bigram' })
  }
  const worstBelow = Math.max(...pages.map((p) => p.belowWorst))
  const needed = Math.max(0, worstBelow) + CALIBRATION_EPSILON
  const margin = Math.max(model.margin, needed)
  return { model: withMargin(model, margin), margin, needed, pages }
}
