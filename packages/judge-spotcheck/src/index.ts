// The public API of @pdftriage/judge-spotcheck: the `spotcheck` judge plugin, its options, and its word comparison and
// region choice.
export { spotcheckJudge as default, spotcheckJudge, judgePageSpotcheck, SPOTCHECK_NAME } from './spotcheck-judge.js'
export { spotcheckOptionsSchema, type SpotcheckOptions, type ResolvedSpotcheckOptions } from './options.js'
export { compareWords, type Agreement } from './agreement.js'
export { chooseRegion, layerSlope, type Region } from './region.js'
export { ocrLayer, splitWords, wordKey, type OcrLayer, type Word } from './words.js'
