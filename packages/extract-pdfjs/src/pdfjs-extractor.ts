// The `pdfjs` extractor plugin for Node: its factory, which validates the options and binds the engine to pdf.js
// loaded from pdfjs-dist with @napi-rs/canvas.
import { definePlugin, type Extractor } from '@pdftriage/core'
import { createExtractorOn } from './engine.js'
import { pdfjsExtractorOptionsSchema, type ResolvedPdfjsExtractorOptions } from './options.js'
import { loadPdfjs } from './pdfjs-loader.js'

/** The plugin name, in errors and logs. */
export const PDFJS_EXTRACTOR_NAME = 'pdfjs'

/** Creates the pdf.js extractor with resolved options (the factory below validates config input first). */
export function createPdfjsExtractor(options: ResolvedPdfjsExtractorOptions): Extractor {
  return createExtractorOn(options, { name: PDFJS_EXTRACTOR_NAME, packageName: '@pdftriage/extract-pdfjs', load: (plugin) => loadPdfjs(plugin) })
}

/** The pdf.js extractor plugin: text items with boxes, fonts, image coverage, document info and grey renders. */
export const pdfjsExtractor = definePlugin({
  kind: 'extractor',
  name: PDFJS_EXTRACTOR_NAME,
  optionsSchema: pdfjsExtractorOptionsSchema,
  create: (options) => createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse(options ?? {})),
})
