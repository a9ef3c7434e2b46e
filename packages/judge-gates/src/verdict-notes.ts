// How the gates amend a verdict they have already given: notes said before its decision (its last note), or the
// decision itself replaced. One place, so every amended verdict keeps its decision last.
import type { Verdict } from '@pdftriage/core'

/** The verdict with `notes` said before its decision (the last note), the decision unchanged. */
export const noteBefore = (v: Verdict, ...notes: string[]): Verdict => ({ ...v, notes: [...v.notes.slice(0, -1), ...notes, v.notes.at(-1)!] })

/** Replaces the decision (the last note) of a verdict; a score and threshold not given are removed. */
export const decide = (v: Verdict, layer: Verdict['layer'], needsOcr: boolean, notes: string[], score?: number, threshold?: number): Verdict => {
  const out: Verdict = { ...v, layer, needsOcr, notes: [...v.notes.slice(0, -1), ...notes] }
  if (score !== undefined) out.score = score
  else delete out.score
  if (threshold !== undefined) out.threshold = threshold
  else delete out.threshold
  return out
}
