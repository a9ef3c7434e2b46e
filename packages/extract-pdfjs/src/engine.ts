// The extractor on pdf.js whatever the runtime: bytes checked and opened (oversized images left out, a page tree of
// one repeated page refused), pdf.js's open errors made typed ones. Imports nothing from `node:`.
import { TriageError, type ExtractedDocument, type Extractor, type OpenOptions } from '@pdftriage/core'
import { documentInfo, type PdfjsMetadata } from './document-info.js'
import { openError } from './open-error.js'
import type { ResolvedPdfjsExtractorOptions } from './options.js'
import { PdfjsDocument } from './pdfjs-document.js'
import { leaveOutOversizedImages } from './image-guard.js'
import { CopyingLoopbackPort } from './loopback-port.js'
import type { PdfjsRuntime } from './runtime.js'

/** Who an extractor made with {@link createExtractorOn} is, and where it gets its runtime. */
export interface ExtractorBinding {
  /** The plugin name, in errors and logs. */
  name: string
  /** The package users name in a config, in error messages. */
  packageName: string
  /** Loads the runtime (cached by the caller: called at every open). */
  load(plugin: string): Promise<PdfjsRuntime>
}

/** What a caller passed instead of bytes, for the error message. */
const describeInput = (v: unknown): string => (v === null ? 'null' : typeof v === 'object' ? (v.constructor?.name ?? 'object') : typeof v)

/**
 * The bytes as the plain `Uint8Array` pdf.js insists on (it refuses a Node `Buffer`, a subclass). A view that does
 * not span its whole `ArrayBuffer` (small Buffers share a pool) is copied: pdf.js detaches what it is given, and must
 * not take memory that other buffers use.
 */
function plainBytes(pdf: Uint8Array): Uint8Array {
  if (pdf.constructor === Uint8Array) return pdf
  if (pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength) return new Uint8Array(pdf.buffer)
  return new Uint8Array(pdf)
}

/**
 * Creates an extractor on pdf.js with resolved options, whatever the runtime: `binding.load` gives pdf.js, its worker
 * side, the canvas and the asset folders. This module and those it imports import nothing from `node:`.
 */
export function createExtractorOn(options: ResolvedPdfjsExtractorOptions, binding: ExtractorBinding): Extractor {
  const plugin = binding.name
  return {
    name: plugin,
    async open(pdf: Uint8Array, o: OpenOptions = {}): Promise<ExtractedDocument> {
      const { password, file, signal } = o
      const where = { plugin, stage: 'open' as const, ...(file ? { file } : {}) }
      if (signal?.aborted) throw new TriageError('ABORTED', `[${plugin}] aborted before opening`, { ...where, cause: signal.reason })
      if (!(pdf instanceof Uint8Array)) {
        throw new TriageError('USAGE', `[${plugin}] Expected the PDF's bytes (a Uint8Array or Buffer), not \`${describeInput(pdf)}\``, where)
      }
      const rt = await binding.load(plugin)
      // One channel and worker side per document, as pdf.js's own fake worker makes them, with a port that copies
      // operator lists faster than structuredClone and has glyph outlines built only for renders (see
      // CopyingLoopbackPort).
      const load = (data: Uint8Array) => {
        const { OPS } = rt.pdfjs
        const port = new CopyingLoopbackPort({ lazyOutlines: true, nesting: { max: options.maxNesting, save: OPS.save, restore: OPS.restore } })
        // The worker's verbosity is its own: the worker side is told it when the channel opens, before getDocument's
        // `verbosity` is read, and the first document of a process printed pdf.js's warnings ("Push buttons without
        // action dictionaries are not supported"). (pdf.js types `port` as a DOM Worker, which Node's types lack.)
        const worker = new rt.pdfjs.PDFWorker({ port: port as never, verbosity: 0 })
        rt.workerSide.initializeFromPort(port)
        const task = rt.pdfjs.getDocument({
          ...rt.documentParams, // first: the settings below are the extractor's, whatever the runtime
          worker,
          data,
          ...(password !== undefined ? { password } : {}),
          isEvalSupported: false, // the PDF is untrusted: no code generated from it
          verbosity: 0,
          disableFontFace: true, // Node has no FontFace; glyphs are drawn as paths
          fontExtraProperties: true, // font type and composite flag for FontInfo.kind
          useSystemFonts: false,
          stopAtErrors: false,
          standardFontDataUrl: rt.standardFontDataUrl,
          cMapUrl: rt.cMapUrl,
          cMapPacked: true,
          wasmUrl: rt.wasmUrl,
          maxImageSize: options.maxImagePixels, // an image over it is dropped with a warning (stopAtErrors is false)
        })
        return { task, worker, outlines: () => port.outlines(), nestingCut: (i: number) => port.nestingCut(i) }
      }
      const reopen = async (data: Uint8Array) => {
        const { task, worker, outlines, nestingCut } = load(data)
        try {
          return { doc: await task.promise, worker, outlines, nestingCut }
        } catch (e) {
          await task.destroy().catch(() => undefined)
          worker.destroy()
          throw e
        }
      }
      // pdf.js transfers (detaches) the buffer it is given: by default it gets a copy and the caller keeps theirs.
      const bytes = options.copyBytes ? new Uint8Array(pdf) : plainBytes(pdf)
      // Before pdf.js reads them: an image it would decode past the pixel limit through its masks (see image-guard.ts)
      const leftOut = leaveOutOversizedImages(bytes, options.maxImagePixels)
      const { task, worker, outlines, nestingCut } = load(bytes)
      const onAbort = () => void task.destroy()
      signal?.addEventListener('abort', onAbort, { once: true })
      try {
        const doc = await task.promise
        try {
          if (doc.numPages === 0) {
            throw new TriageError('PDF_EMPTY', `${file ? `\`${file}\`` : 'The document'} has no pages: nothing to triage`, where)
          }
          if (doc.numPages > options.maxPages) {
            throw new TriageError(
              'DOC_TOO_LARGE',
              `${file ? `\`${file}\`` : 'The document'} declares ${doc.numPages} pages, over the limit of ${options.maxPages}: ` +
                `raise \`maxPages\` in the extractor options (\`{ "use": "${binding.packageName}", "options": { "maxPages": ... } }\`) if it is genuine`,
              where,
            )
          }
          await refuseRepeatedTree(doc, file, where)
          const md = (await doc.getMetadata()) as unknown as PdfjsMetadata
          const info = documentInfo(rt.pdfjs, doc.numPages, md)
          if (leftOut.length) info.imagesLeftOut = leftOut
          return new PdfjsDocument(rt, { doc, worker, outlines, nestingCut }, info, options, plugin, file, signal, reopen)
        } catch (e) {
          await doc.destroy()
          throw e
        }
      } catch (e) {
        await task.destroy().catch(() => undefined)
        worker.destroy()
        if (signal?.aborted) throw new TriageError('ABORTED', `[${plugin}] aborted while opening`, { ...where, cause: signal.reason })
        throw openError(e, plugin, file, password !== undefined)
      } finally {
        signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}

/** Pages sampled by {@link refuseRepeatedTree}, and the page count from which it samples them. */
const TREE_SAMPLES = 8
/** Below this many pages a repeated tree costs at most seconds (a page reads in 1-7 ms): not worth 8 lookups. */
const TREE_CHECK_FROM = 1000

/**
 * Refuses a page tree that lists one page object as every page: a 3 KB tree of shared kids declares 32,768 pages
 * (under `maxPages`) that pdf.js would read one by one for minutes. Pages spread over the document are looked up;
 * a genuine document's pages are distinct objects, so only a tree where all of them are the same one is refused.
 */
async function refuseRepeatedTree(
  doc: { numPages: number; getPage(n: number): Promise<{ ref: { num: number; gen: number } | null; cleanup(): unknown }> },
  file: string | undefined,
  where: { plugin: string; stage: 'open'; file?: string },
): Promise<void> {
  if (doc.numPages < TREE_CHECK_FROM) return
  const refs = new Set<string>()
  for (let i = 0; i < TREE_SAMPLES; i++) {
    const n = 1 + Math.round((i * (doc.numPages - 1)) / (TREE_SAMPLES - 1))
    let page
    try {
      page = await doc.getPage(n)
    } catch {
      return // a page that fails is the pages' business, not this check's
    }
    refs.add(page.ref ? `${page.ref.num} ${page.ref.gen}` : `page ${n}`)
    page.cleanup()
    if (refs.size > 1) return
  }
  throw new TriageError(
    'PDF_INVALID',
    `${file ? `\`${file}\`` : 'The document'} declares ${doc.numPages} pages but its page tree lists one page object as every page (a tree of shared kids): ` +
      'not read. Check the file or repair it, e.g. with qpdf',
    where,
  )
}
