// The Node entry (the `node` export condition): pdf.js is pdfjs-dist 5.6.205's legacy build, handed to unpdf, and
// the runtime is @pdftriage/extract-pdfjs's (fonts, CMaps and wasm from node_modules, renders on @napi-rs/canvas).
import { loadPdfjs, type NodePdfjsRuntime } from '@pdftriage/extract-pdfjs'
import type { PdfjsModule, PdfjsRuntime } from '@pdftriage/extract-pdfjs/engine'
import { definePDFJSModule, getResolvedPDFJS } from 'unpdf'
import { extractorOn } from './plugin.js'

let told: Promise<void> | undefined

/**
 * unpdf 1.4.0's own pdf.js bundle (5.4.296) renders blank pages on Node 20 (`transferToFixedLength` is missing): unpdf
 * is told to use the legacy build of pdfjs-dist 5.6.205 before anything asks it for pdf.js, so that one pdf.js serves
 * unpdf and the extractor, whose worker side is that build's.
 */
const tellUnpdf = (pdfjs: PdfjsModule): Promise<void> => (told ??= definePDFJSModule(() => Promise.resolve(pdfjs)))

/** The legacy build, imported through unpdf (where extract-pdfjs has not loaded it already). */
async function importThroughUnpdf(): Promise<PdfjsModule> {
  await tellUnpdf(await import('pdfjs-dist/legacy/build/pdf.mjs'))
  return await getResolvedPDFJS()
}

const { create, plugin } = extractorOn(async (name, options, env): Promise<PdfjsRuntime> => {
  const rt: NodePdfjsRuntime = await loadPdfjs(name, importThroughUnpdf)
  await tellUnpdf(rt.pdfjs)
  return {
    pdfjs: rt.pdfjs,
    workerSide: rt.workerSide,
    createCanvas: env.createCanvas ?? rt.createCanvas,
    standardFontDataUrl: options.standardFontDataUrl ?? rt.standardFontDataUrl,
    cMapUrl: options.cMapUrl ?? rt.cMapUrl,
    wasmUrl: options.wasmUrl ?? rt.wasmUrl,
    systemFonts: () => rt.systemFonts(),
  }
})

/** Creates the unpdf extractor with resolved options (the plugin factory validates config input first). */
export const createUnpdfExtractor = create
/** The unpdf extractor plugin: the pdf.js extractor's text, fonts, image coverage, document info and grey renders. */
export const unpdfExtractor = plugin
export default plugin
export { UNPDF_EXTRACTOR_NAME, type UnpdfEnvironment } from './plugin.js'
export { unpdfExtractorOptionsSchema, type ResolvedUnpdfExtractorOptions, type UnpdfExtractorOptions } from './options.js'
