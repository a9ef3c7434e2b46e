// The public API of @pdftriage/repair-reflect: the `reflect` repair plugin, its options, and its three methods
// (reflected codes, shifted codes, a solved substitution) with the scorers they share.
export { reflectRepair as default, reflectRepair } from './reflect-repair.js'
export { reflectOptionsSchema, type ReflectOptions, type ResolvedReflectOptions } from './options.js'
export { unreflect, reflectText, reflectCode, reflectedShares } from './reflect.js'
export { findShift, shiftText, MAX_SHIFT, type ShiftFinding } from './shift.js'
export { solveSubstitution, applySubstitution, type Substitution, type SolveOptions } from './substitution.js'
export { modelScorer, statsScorer, type LanguageScorer } from './language-scorer.js'
export { charStats, statsReads, statsScore, type CharStats } from './char-stats.js'
export type { LetterPairModel } from './letter-pair-model.js'
