// The browser entry (the `browser` export condition, and the default one a bundler takes): nothing from `node:` and
// no @napi-rs/canvas. pdf.js comes through unpdf, its data from the URLs the caller gives, renders go to the runtime's
// own canvas. The extractor's logic is @pdftriage/extract-pdfjs's runtime-neutral engine.
import { TriageError } from '@pdftriage/core'
import type { PdfjsModule, PdfjsRuntime, PdfjsWorkerSide, RenderCanvas } from '@pdftriage/extract-pdfjs/engine'
import { definePDFJSModule, getResolvedPDFJS, resolvePDFJSImport } from 'unpdf'
import type { ResolvedUnpdfExtractorOptions } from './options.js'
import { extractorOn, type UnpdfEnvironment } from './plugin.js'

type Choice = ResolvedUnpdfExtractorOptions['pdfjs']

/** unpdf holds one pdf.js at a time: loads are queued so that two choices do not swap it under each other. */
let queue: Promise<unknown> = Promise.resolve()
const loaded = new Map<Choice, Promise<{ pdfjs: PdfjsModule; workerSide: PdfjsWorkerSide }>>()

/**
 * pdf.js and its worker side, run in this thread as in Node (the extractor's own loopback channel: no worker script
 * to serve, and the same lazy glyph outlines and nesting limit). 'legacy' and 'modern': the builds of the pdfjs-dist
 * the Node extractors run; 'unpdf': unpdf's bundle, which carries its worker side and leaves it on
 * `globalThis.pdfjsWorker`.
 */
function loadModule(choice: Choice): Promise<{ pdfjs: PdfjsModule; workerSide: PdfjsWorkerSide }> {
  let p = loaded.get(choice)
  if (!p) {
    p = queue.then(async () => {
      if (choice === 'legacy') {
        await definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'))
        const pdfjs = (await getResolvedPDFJS()) as unknown as PdfjsModule
        const { WorkerMessageHandler } = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
        return { pdfjs, workerSide: WorkerMessageHandler }
      }
      if (choice === 'modern') {
        await definePDFJSModule(() => import('pdfjs-dist/build/pdf.mjs'))
        const pdfjs = (await getResolvedPDFJS()) as unknown as PdfjsModule
        const { WorkerMessageHandler } = await import('pdfjs-dist/build/pdf.worker.mjs')
        return { pdfjs, workerSide: WorkerMessageHandler }
      }
      await resolvePDFJSImport(undefined, { reload: true })
      const pdfjs = (await getResolvedPDFJS()) as unknown as PdfjsModule
      const workerSide = (globalThis as { pdfjsWorker?: { WorkerMessageHandler?: PdfjsWorkerSide } }).pdfjsWorker?.WorkerMessageHandler
      if (!workerSide) throw new Error("unpdf's pdf.js left no worker side on globalThis.pdfjsWorker")
      return { pdfjs, workerSide }
    })
    queue = p.catch(() => undefined)
    p.catch(() => loaded.delete(choice))
    loaded.set(choice, p)
  }
  return p
}

/** The runtime's own canvas: an OffscreenCanvas (browsers, workers), else a `<canvas>` of the page. */
function defaultCanvas(width: number, height: number): RenderCanvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height)
  const doc = (globalThis as { document?: Document }).document
  if (!doc) throw new Error('no OffscreenCanvas and no document here: pass `createCanvas` to createUnpdfExtractor')
  const canvas = doc.createElement('canvas')
  canvas.width = width
  canvas.height = height
  return canvas
}

/** pdf.js's scratch canvases (masks, patterns) on the same canvas as the page, where it would look for a DOM. */
function canvasFactoryOf(createCanvas: (width: number, height: number) => RenderCanvas) {
  type Pair = { canvas: RenderCanvas | null; context: unknown }
  return class RuntimeCanvasFactory {
    create(width: number, height: number): Pair {
      if (width <= 0 || height <= 0) throw new Error('Invalid canvas size')
      const canvas = createCanvas(width, height)
      return { canvas, context: (canvas.getContext as (kind: '2d', o: object) => unknown)('2d', { willReadFrequently: true }) }
    }
    reset(pair: Pair, width: number, height: number): void {
      if (!pair.canvas) throw new Error('Canvas is not specified')
      pair.canvas.width = width
      pair.canvas.height = height
    }
    destroy(pair: Pair): void {
      if (!pair.canvas) throw new Error('Canvas is not specified')
      pair.canvas.width = pair.canvas.height = 0
      pair.canvas = null
      pair.context = null
    }
  }
}

/**
 * pdf.js's filters as Node's pdf.js has them: none (transfer functions and luminosity masks are drawn without an SVG
 * filter), so renders do not need a DOM and match Node's.
 */
class NoFilterFactory {
  addFilter(): string {
    return 'none'
  }
  addHCMFilter(): string {
    return 'none'
  }
  addAlphaFilter(): string {
    return 'none'
  }
  addLuminosityFilter(): string {
    return 'none'
  }
  addHighlightHCMFilter(): string {
    return 'none'
  }
  destroy(): void {}
}

const { create, plugin } = extractorOn(async (name, options, env: UnpdfEnvironment): Promise<PdfjsRuntime> => {
  const { standardFontDataUrl, cMapUrl, wasmUrl } = options
  if (!standardFontDataUrl || !cMapUrl || !wasmUrl) {
    throw new TriageError(
      'USAGE',
      `[${name}] in a browser, give the folders of pdfjs-dist's data as options \`standardFontDataUrl\`, \`cMapUrl\` and \`wasmUrl\` ` +
        "(node_modules/pdfjs-dist/standard_fonts, cmaps and wasm, served from the page's own origin)",
      { plugin: name, stage: 'open' },
    )
  }
  let mod
  try {
    mod = await loadModule(options.pdfjs)
  } catch (cause) {
    throw new TriageError('PLUGIN_FAILED', `[${name}] cannot load pdf.js (${options.pdfjs}): ${(cause as Error).message}`, {
      cause,
      plugin: name,
      stage: 'open',
    })
  }
  const createCanvas = env.createCanvas ?? defaultCanvas
  return {
    ...mod,
    createCanvas,
    standardFontDataUrl,
    cMapUrl,
    wasmUrl,
    documentParams: {
      CanvasFactory: canvasFactoryOf(createCanvas),
      FilterFactory: NoFilterFactory,
      // images decoded by pdf.js's own code, as in Node, not by the browser's (same pixels, no ImageBitmap to copy)
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      // Said outright: pdf.js otherwise decides from `document.baseURI`, and a Web Worker has no document. The data
      // files are then fetched by the API side (its binary-data factory), in this same thread.
      useWorkerFetch: false,
    },
    systemFonts() {},
  }
})

/** Creates the unpdf extractor with resolved options (the plugin factory validates config input first). */
export const createUnpdfExtractor = create
/** The unpdf extractor plugin: the pdf.js extractor's text, fonts, image coverage, document info and grey renders. */
export const unpdfExtractor = plugin
export default plugin
export { UNPDF_EXTRACTOR_NAME, type UnpdfEnvironment } from './plugin.js'
export { unpdfExtractorOptionsSchema, type ResolvedUnpdfExtractorOptions, type UnpdfExtractorOptions } from './options.js'
