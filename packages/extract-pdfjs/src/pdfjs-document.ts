import { TriageError, type DocumentInfo, type ExtractedDocument, type FontInfo, type PageImage, type PageText } from '@pdftriage/core'
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { fontInfo, type PdfjsFont } from './font-info.js'
import type { ResolvedPdfjsExtractorOptions } from './options.js'
import { scanOperators, type OperatorScan } from './operator-scan.js'
import { pageItems, type PdfjsTextStyle } from './page-text.js'
import type { PdfjsRuntime } from './pdfjs-loader.js'
import { renderGrey } from './render-page.js'

/** An open pdf.js document. Pages are loaded on demand and cleaned up after use; `close()` frees everything. */
export class PdfjsDocument implements ExtractedDocument {
  readonly pageCount: number
  readonly info: DocumentInfo
  #closed = false

  constructor(
    private readonly rt: PdfjsRuntime,
    private readonly doc: PDFDocumentProxy,
    info: DocumentInfo,
    private readonly options: ResolvedPdfjsExtractorOptions,
    private readonly plugin: string,
    private readonly file: string | undefined,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.pageCount = doc.numPages
    this.info = info
  }

  /** Text, fonts, image coverage and vector flag of page `n` (1-based). */
  getPageText(n: number): Promise<PageText> {
    return this.#withPage(n, 'extract', (page) => this.#extract(page, n))
  }

  /** Page `n` (1-based) rendered to grey pixels at `dpi`. */
  renderPage(n: number, dpi: number): Promise<PageImage> {
    return this.#withPage(n, 'render', (page) =>
      renderGrey(this.rt.canvas, page, n, dpi, { plugin: this.plugin, file: this.file, maxPixels: this.options.maxRenderPixels }),
    )
  }

  /** Destroys the pdf.js document; later calls fail. Safe to call twice. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.doc.destroy()
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close()
  }

  async #withPage<T>(n: number, stage: 'extract' | 'render', fn: (page: PDFPageProxy) => Promise<T>): Promise<T> {
    const { plugin, file } = this
    const where = { plugin, stage, page: n, ...(file ? { file } : {}) }
    if (this.#closed) throw new TriageError('USAGE', `[${plugin}] the document is closed`, where)
    if (!Number.isInteger(n) || n < 1 || n > this.pageCount) {
      throw new TriageError('USAGE', `[${plugin}] Expected a page number from 1 to ${this.pageCount}, not \`${n}\``, where)
    }
    if (this.signal?.aborted) throw new TriageError('ABORTED', `[${plugin}] aborted`, { ...where, cause: this.signal.reason })
    let page: PDFPageProxy | undefined
    try {
      page = await this.doc.getPage(n)
      return await fn(page)
    } catch (e) {
      if (e instanceof TriageError) throw e
      throw new TriageError(
        'PAGE_FAILED',
        `[${plugin}] page ${n}${file ? ` of \`${file}\`` : ''} could not be ${stage === 'render' ? 'rendered' : 'read'}: ${(e as Error)?.message ?? e}`,
        { ...where, cause: e },
      )
    } finally {
      // Drops the page's operator lists and decoded images so memory does not grow with the page count.
      page?.cleanup()
    }
  }

  async #extract(page: PDFPageProxy, n: number): Promise<PageText> {
    const viewport = page.getViewport({ scale: 1 })
    const content = await page.getTextContent()
    const { items, text, fontIds } = pageItems(
      content.items,
      content.styles as Record<string, PdfjsTextStyle | undefined>,
      viewport.transform,
    )
    const out: PageText = {
      pageNumber: n,
      width: Math.round(viewport.width * 100) / 100,
      height: Math.round(viewport.height * 100) / 100,
      items,
      text,
      source: 'text-layer',
    }
    const { fonts: wantFonts, imageCoverage: wantCoverage } = this.options
    let scan: OperatorScan | undefined
    if (wantFonts || wantCoverage) {
      // Annotations are left out: their appearance is not the page's text layer nor its scan.
      const ops = await page.getOperatorList({ annotationMode: this.rt.pdfjs.AnnotationMode.DISABLE })
      scan = scanOperators(this.rt.pdfjs.OPS, ops.fnArray, ops.argsArray, page.view)
    }
    if (scan && wantCoverage) {
      out.imageCoverage = Math.round(scan.imageCoverage * 10_000) / 10_000
      out.hasVectorGraphics = scan.hasVectorGraphics
    }
    if (wantFonts) {
      const fonts: Record<string, FontInfo> = {}
      for (const id of new Set([...fontIds, ...(scan?.fontIds ?? [])])) {
        const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as PdfjsFont) : undefined
        const invisible = scan ? scan.invisibleFonts.has(id) && !scan.visibleFonts.has(id) : undefined
        fonts[id] = fontInfo(id, font, invisible)
      }
      out.fonts = fonts
    }
    return out
  }
}
