// The public API of @pdftriage/repair-codemap: the `codemap` repair plugin, its options, and the pieces of the code-map
// learning (layer lines, OCR alignment, font learning) other packages and tools reuse.
export { codemapRepair as default, codemapRepair, CodemapRepair, CODEMAP_NAME, UNKNOWN_CODE, applyMaps, type DeclineReason } from './codemap-repair.js'
export { codemapOptionsSchema, type CodemapOptions, type ResolvedCodemapOptions } from './options.js'
export { layerLines, ocrByLine, type Glyph, type LayerLine, type OcrChar } from './layout.js'
export { alignLine, editDistance, type FontModel, type Pair, type Votes } from './align.js'
export { learnFonts, agreement } from './learn.js'
export { functionWordShare } from './words.js'
