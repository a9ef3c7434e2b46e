// The public API of @pdftriage/ocr-tesseract: the `tesseract` OCR engine plugin, its options, and the language data
// it finds installed.
export { tesseractOcr as default, tesseractOcr, createTesseractEngine, TesseractEngine } from './tesseract-ocr.js'
export { tesseractOptionsSchema, type TesseractOptions, type ResolvedTesseractOptions } from './options.js'
import * as platform from '#platform'
import type { LanguageFile } from './language-file.js'
export type { LanguageFile } from './language-file.js'
// Declared here rather than re-exported, so that the published types name no `#platform` import (which resolvers
// without `imports` support cannot follow).
/** Codes of the languages the engine can load: `@tesseract.js-data/*` packages in Node; none listed in a browser. */
export const installedLanguages: () => string[] = platform.installedLanguages
/** The traineddata files of `codes`; throws `OCR_LANGUAGE_MISSING` (Node) naming what to install. */
export const resolveLanguages: (codes: readonly string[], plugin: string) => LanguageFile[] = platform.resolveLanguages
export { toPageText, type TesseractBlock } from './page-text.js'
export { toPgm } from './pgm.js'
