// `@pdftriage/extract-pdfjs/engine`: the extractor's logic without its Node runtime. These modules import nothing
// from `node:` and no canvas: the caller gives pdf.js, its worker side, a canvas and the asset folders (a
// `PdfjsRuntime`), as `@pdftriage/extract-unpdf` does in browsers.
export { createExtractorOn, type ExtractorBinding } from './engine.js'
export { pdfjsExtractorOptionsSchema, type PdfjsExtractorOptions, type ResolvedPdfjsExtractorOptions } from './options.js'
export type { PdfjsModule, PdfjsRuntime, PdfjsWorkerSide, RenderCanvas, RenderContext } from './runtime.js'
