// The public API of @pdftriage/core that runs anywhere (Node, a browser, a worker): it imports no `node:` module. The
// package's `browser` export condition points here; index.ts adds what reads files, resolves plugins on disk or hashes
// with node:crypto. What is not here or there is internal and may change without notice.

// The data that flows through the pipeline, in PDF points with a top-left origin.
export type { BBox } from './geometry.js'
export { bboxHeight, bboxUnion, bboxWidth, centreIn, fmtBox, fromPdfUserSpace, pixelsToPoints } from './geometry.js'
export type {
  DocumentInfo,
  DocumentResult,
  DocumentText,
  FontInfo,
  ItemGlyph,
  Layer,
  PageAction,
  PageImage,
  PageLook,
  PagePicture,
  PageResult,
  PageText,
  Paragraph,
  TextItem,
  Verdict,
} from './types.js'
export { DEFAULT_OCR_DPI, MIN_PICTURE_SHARE } from './types.js'

// What plugins implement.
export type {
  ComponentKinds,
  CreateContext,
  DocumentView,
  ExtractedDocument,
  Extractor,
  Judge,
  JudgeContext,
  JudgeCost,
  OcrEngine,
  OpenOptions,
  PluginCapabilities,
  PluginFactory,
  PluginKind,
  PostProcessor,
  RecognizeOptions,
  Repair,
  RepairContext,
  RepairResult,
  ScriptGuess,
} from './contracts.js'
export { definePlugin } from './contracts.js'

// Errors are data.
export type { Stage, TriageErrorCode, TriageErrorDetails } from './errors.js'
export { isTriageError, TriageError, wrapPluginError } from './errors.js'

// Helpers for plugin authors.
export {
  accentMark,
  dotless,
  emptyPage,
  isLetterOrDigit,
  isUnicodeScript,
  itemLines,
  joinItems,
  mayBeLettered,
  nonSpaceCount,
  rejoinItems,
  shareInScripts,
  SPACING_ACCENTS,
  TextAligner,
} from './text.js'
export { composeAccent, joinGlyphs, markOf, markOfGlyphName, over, sitsOver, spacingAccent } from './accents.js'
export { seededRandom } from './random.js'
export { layoutTurn, readingPage, readingTurn, turnBox } from './reading-frame.js'

// Configuration, plugin resolution and the runner, for front ends.
export type { ConfigDefaults, LoadedConfig, PdftriageConfig, PluginRef, Policy, ResolvedConfig, Rule } from './config.js'
export type { PluginNames, Preset } from './preset.js'
export { configSchema, defineConfig, languageCodeSchema, parseConfig, policySchema } from './config.js'
export { effectiveRules, planDocument } from './rules.js'
export type { DocumentPlan, PageStage, PipelineComponents, PipelineEvent, RunDocumentOptions } from './pipeline/run-document.js'
export { openDocument } from './pipeline/open.js'
export { runDocument } from './pipeline/run-document.js'
export type { ImageWork } from './pipeline/ocr.js'
export { judgePage } from './pipeline/judge.js'
export { repairPage } from './pipeline/repair.js'
export { cropImage, POOR_OCR_CONFIDENCE } from './pipeline/ocr.js'
export { meanConfidence } from './pipeline/ocr-check.js'
export type { RepairedPage } from './pipeline/repair.js'

// Writers: the last box of the data flow.
export type { Writer, WriterInput, WriterNeeds, WrittenFile, WrittenPage } from './writer.js'
export { effectiveWriters } from './writer.js'
export { writtenFilesProblem } from './contract-checks.js'
export type { PdfType } from './pdf-type.js'
export { isScanPage, pdfType, SCAN_IMAGE_COVERAGE } from './pdf-type.js'

// Time limits a loaded machine does not spend (the batch's page timeout, an OCR engine's reading timeout).
export type { LoadCounters } from './load-clock.js'
export { LoadClock, MAX_STRETCH } from './load-clock.js'
