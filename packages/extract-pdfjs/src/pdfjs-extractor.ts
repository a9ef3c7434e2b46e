import { definePlugin, TriageError, type ExtractedDocument, type Extractor, type OpenOptions } from '@pdftriage/core'
import { documentInfo, type PdfjsMetadata } from './document-info.js'
import { openError } from './open-error.js'
import { pdfjsExtractorOptionsSchema, type ResolvedPdfjsExtractorOptions } from './options.js'
import { PdfjsDocument } from './pdfjs-document.js'
import { loadPdfjs } from './pdfjs-loader.js'

/** The plugin name, in errors and logs. */
export const PDFJS_EXTRACTOR_NAME = 'pdfjs'

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

/** Creates the pdf.js extractor with resolved options (the factory below validates config input first). */
export function createPdfjsExtractor(options: ResolvedPdfjsExtractorOptions): Extractor {
  const plugin = PDFJS_EXTRACTOR_NAME
  return {
    name: plugin,
    async open(pdf: Uint8Array, o: OpenOptions = {}): Promise<ExtractedDocument> {
      const { password, file, signal } = o
      const where = { plugin, stage: 'open' as const, ...(file ? { file } : {}) }
      if (signal?.aborted) throw new TriageError('ABORTED', `[${plugin}] aborted before opening`, { ...where, cause: signal.reason })
      if (!(pdf instanceof Uint8Array)) {
        throw new TriageError('USAGE', `[${plugin}] Expected the PDF's bytes (a Uint8Array or Buffer), not \`${describeInput(pdf)}\``, where)
      }
      const rt = await loadPdfjs(plugin)
      const task = rt.pdfjs.getDocument({
        // pdf.js transfers (detaches) the buffer it is given: by default it gets a copy and the caller keeps theirs.
        data: options.copyBytes ? new Uint8Array(pdf) : plainBytes(pdf),
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
                'raise `maxPages` in the extractor options (`{ "use": "@pdftriage/extract-pdfjs", "options": { "maxPages": ... } }`) if it is genuine',
              where,
            )
          }
          const md = (await doc.getMetadata()) as unknown as PdfjsMetadata
          const info = documentInfo(rt.pdfjs, doc.numPages, md)
          return new PdfjsDocument(rt, doc, info, options, plugin, file, signal)
        } catch (e) {
          await doc.destroy()
          throw e
        }
      } catch (e) {
        await task.destroy().catch(() => undefined)
        if (signal?.aborted) throw new TriageError('ABORTED', `[${plugin}] aborted while opening`, { ...where, cause: signal.reason })
        throw openError(e, plugin, file, password !== undefined)
      } finally {
        signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}

/** The pdf.js extractor plugin: text items with boxes, fonts, image coverage, document info and grey renders. */
export const pdfjsExtractor = definePlugin({
  kind: 'extractor',
  name: PDFJS_EXTRACTOR_NAME,
  optionsSchema: pdfjsExtractorOptionsSchema,
  create: (options) => createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse(options ?? {})),
})
