// An open document on pdf.js: pages loaded on demand and freed after use, read into text with fonts and image
// coverage, rendered grey for OCR, and the glyph names the repairs ask for.
import { nonSpaceCount, TriageError, type DocumentInfo, type ExtractedDocument, type FontInfo, type PageImage, type PageText } from '@pdftriage/core'
import type { PDFDocumentProxy, PDFPageProxy, PDFWorker } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { logicalOrder } from './bidi-order.js'
import { lacksDescriptor, withFontDescriptors } from './font-descriptors.js'
import { differencesOf, fontInfo, hasDifferences, type PdfjsFont } from './font-info.js'
import type { ResolvedPdfjsExtractorOptions } from './options.js'
import { restoreFormatMarks, shownText } from './format-marks.js'
import { OperatorTextReader, type OplistFont } from './oplist-text.js'
import { operatorScanner, scanOperators, showTextOps, type OperatorScan } from './operator-scan.js'
import { walkOperators } from './operator-walk.js'
import { addGlyphCodes, pageItems, type PdfjsTextItem, type PdfjsTextStyle } from './page-text.js'
import { ProgramNames } from './program-names.js'
import type { PdfjsRuntime } from './runtime.js'
import { renderGrey } from './render-page.js'

/** A pdf.js document and its own worker side and channel (pdf.js leaves a worker it was given to its caller). */
export interface OpenedPdfjs {
  doc: PDFDocumentProxy
  worker: PDFWorker
  /** Has the worker side build glyph outlines, which a render needs (see CopyingLoopbackPort's `outlines`). */
  outlines(): Promise<void>
  /** The depth a page's operator list reached when it was cut at `maxNesting` (page index from 0), once. */
  nestingCut(pageIndex: number): number | undefined
}

/** Destroys a document, then its worker side. */
async function close({ doc, worker }: OpenedPdfjs): Promise<void> {
  try {
    await doc.destroy()
  } finally {
    worker.destroy()
  }
}

/** An open pdf.js document. Pages are loaded on demand and cleaned up after use; `close()` frees everything. */
export class PdfjsDocument implements ExtractedDocument {
  readonly pageCount: number
  readonly info: DocumentInfo
  #closed = false
  #inFlight = 0
  #sinceCleanup = 0
  #open: OpenedPdfjs
  /** Documents replaced by a repaired copy, freed at close (a page may still be read from one). */
  #replaced: OpenedPdfjs[] = []
  /** The one attempt at reading the document again with the descriptors added: whether it was. */
  #described: Promise<boolean> | undefined
  /**
   * The font names pdf.js reported by font id, with the font's `/Differences` as pdf.js read them (which tell apart
   * two fonts of a page that share a name), for {@link getGlyphNames}.
   */
  #fontNames = new Map<string, { name: string; differences: PdfjsFont['differences'] }>()
  #programNames = new ProgramNames(() => this.#open.doc.getData())

  constructor(
    private readonly rt: PdfjsRuntime,
    open: OpenedPdfjs,
    info: DocumentInfo,
    private readonly options: ResolvedPdfjsExtractorOptions,
    private readonly plugin: string,
    private readonly file: string | undefined,
    private readonly signal: AbortSignal | undefined,
    /** Opens other bytes as the extractor opened these (same password and settings). */
    private readonly reopen?: (bytes: Uint8Array) => Promise<OpenedPdfjs>,
  ) {
    this.#open = open
    this.pageCount = open.doc.numPages
    this.info = info
  }

  /** Text, fonts, image coverage, pictures and vector flag of page `n` (1-based). */
  async getPageText(n: number): Promise<PageText> {
    // A page read before the copy that shows a CID font pdf.js loaded without its CMap (see font-descriptors.ts) is
    // read again from the copy; pages read from the copy are read once.
    const from = this.#open
    const { text, undescribed } = await this.#withPage(n, 'extract', (page, open) => this.#extract(page, n, open))
    if (!undescribed || !(await this.#addDescriptors()) || this.#open === from) return text
    return (await this.#withPage(n, 'extract', (page, open) => this.#extract(page, n, open))).text
  }

  /**
   * Reads the document again with a FontDescriptor for each CID font that lacks one, once, when a page has shown
   * such a font; later pages and renders come from the copy. A copy that cannot be made (pdf-lib refuses the file,
   * an encrypted one) leaves the document as it is.
   */
  #addDescriptors(): Promise<boolean> {
    this.#described ??= (async () => {
      if (!this.reopen || this.info.encrypted) return false
      let bytes: Uint8Array | undefined
      try {
        bytes = await withFontDescriptors(await this.#open.doc.getData())
      } catch {
        return false
      }
      if (!bytes || this.#closed) return false
      const next = await this.reopen(bytes).catch(() => undefined)
      if (!next || next.doc.numPages !== this.pageCount) {
        if (next) await close(next)
        return false
      }
      this.#replaced.push(this.#open)
      this.#open = next
      return true
    })()
    return this.#described
  }

  /**
   * Glyph names of page `n`'s fonts `fontIds` as the file defines them (see `ExtractedDocument.getGlyphNames`): the
   * document is read a second time, with pdf-lib, on the first call (0.2 s for a 184-page manual of 2.7 MB). Fonts
   * matched by name among those the page's resources hold; an encrypted document gives none.
   */
  async getGlyphNames(n: number, fontIds: readonly string[]): Promise<Record<string, Record<string, string>>> {
    if (this.#closed || this.info.encrypted) return {}
    const names: Record<string, { name: string; differences?: Record<string, string> }> = {}
    for (const id of fontIds) {
      const known = this.#fontNames.get(id)
      if (known) names[id] = { name: known.name, differences: differencesOf(known.differences) }
    }
    return this.#programNames.namesOf(n, names)
  }

  /** Page `n` (1-based) rendered to grey pixels at `dpi`. */
  renderPage(n: number, dpi: number): Promise<PageImage> {
    this.rt.systemFonts()
    return this.#withPage(n, 'render', async (page, open) => {
      await open.outlines()
      return renderGrey(this.rt.createCanvas, page, n, dpi, { plugin: this.plugin, file: this.file, maxPixels: this.options.maxRenderPixels })
    })
  }

  /** Destroys the pdf.js document; later calls fail. Safe to call twice. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await Promise.all([this.#open, ...this.#replaced].map(close))
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close()
  }

  async #withPage<T>(n: number, stage: 'extract' | 'render', fn: (page: PDFPageProxy, open: OpenedPdfjs) => Promise<T>): Promise<T> {
    const { plugin, file } = this
    const where = { plugin, stage, page: n, ...(file ? { file } : {}) }
    if (this.#closed) throw new TriageError('USAGE', `[${plugin}] the document is closed`, where)
    if (!Number.isInteger(n) || n < 1 || n > this.pageCount) {
      throw new TriageError('USAGE', `[${plugin}] Expected a page number from 1 to ${this.pageCount}, not \`${n}\``, where)
    }
    if (this.signal?.aborted) throw new TriageError('ABORTED', `[${plugin}] aborted`, { ...where, cause: this.signal.reason })
    let page: PDFPageProxy | undefined
    this.#inFlight++
    try {
      const open = this.#open
      page = await open.doc.getPage(n)
      return await fn(page, open)
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
      this.#inFlight--
      await this.#maybeCleanup()
    }
  }

  /**
   * Frees pdf.js's document caches every `cleanupEvery` pages when no page is in flight. Fonts and decoded images
   * otherwise stay for the document's life: longPdf(1280), a font object per page, peaked at 872 MB without this.
   * Shared fonts are translated again afterwards, a few milliseconds each.
   */
  async #maybeCleanup(): Promise<void> {
    const every = this.options.cleanupEvery
    if (every <= 0 || ++this.#sinceCleanup < every || this.#inFlight > 0 || this.#closed) return
    this.#sinceCleanup = 0
    try {
      await this.#open.doc.cleanup()
    } catch {
      // A render in flight elsewhere refuses the cleanup: the next page tries again.
      this.#sinceCleanup = every
    }
  }

  /** The page's operator list; a page whose graphics states nest past `maxNesting` fails (see CopyingLoopbackPort). */
  async #operators(page: PDFPageProxy, n: number, open: OpenedPdfjs, annotations: { annotationMode: number }) {
    const ops = await page.getOperatorList(annotations)
    const depth = open.nestingCut(n - 1)
    if (depth !== undefined) {
      const { plugin, file } = this
      throw new TriageError(
        'PAGE_FAILED',
        `[${plugin}] page ${n}${file ? ` of \`${file}\`` : ''} nests graphics states (\`q\` inside \`q\`) over the limit of ${this.options.maxNesting} deep ` +
          `(${depth} where reading stopped): the page is not read (such pages are built to stall readers). Raise \`maxNesting\` in the ` +
          'extractor options if it is genuine',
        { plugin, stage: 'extract', page: n, ...(file ? { file } : {}) },
      )
    }
    return ops
  }

  /** The page's text, and whether it shows a CID font pdf.js loaded without its CMap. */
  async #extract(page: PDFPageProxy, n: number, open: OpenedPdfjs): Promise<{ text: PageText; undescribed: boolean }> {
    const viewport = page.getViewport({ scale: 1 })
    const { fonts: wantFonts, imageCoverage: wantCoverage, detailsBelowChars, textSource } = this.options
    const { AnnotationMode } = this.rt.pdfjs
    // Annotations drawn on the page (form field values, FreeText notes, stamps) are part of what it shows, as
    // pdftotext reads them; the image coverage and the fonts' visibility are still the page's own (see scanOperators).
    const annotations = { annotationMode: this.options.annotationText && textSource === 'operator-list' ? AnnotationMode.ENABLE : AnnotationMode.DISABLE }
    const fontOf = (id: string) => (page.commonObjs.has(id) ? (page.commonObjs.get(id) as OplistFont) : undefined)
    let scan: OperatorScan | undefined
    let raw: readonly unknown[] | undefined
    let styles: Record<string, PdfjsTextStyle | undefined> = {}
    if (textSource === 'operator-list') {
      const ops = await this.#operators(page, n, open, annotations)
      const OPS = this.rt.pdfjs.OPS
      const scanner = operatorScanner(OPS, page.view, viewport.transform)
      const reader = new OperatorTextReader(OPS, fontOf, page.view)
      walkOperators(OPS, ops.fnArray, ops.argsArray, [scanner, reader])
      scan = scanner.result()
      const walked = reader.result()
      if (walked) {
        raw = logicalOrder(walked.items)
        styles = walked.styles
      }
    }
    if (!raw) {
      // Text content: pdf.js's own, for what the operator walk does not model (vertical writing) or when asked.
      const content = await page.getTextContent()
      styles = content.styles
      const rawItems = content.items.filter((i): i is typeof i & PdfjsTextItem => 'str' in i) as PdfjsTextItem[]
      // The operator list costs 45 % of text-page throughput and decodes every image (a 300 dpi JBIG2 scan: ~0.3 s):
      // with detailsBelowChars set, only pages short of text (where coverage tells a scan from a blank page) pay it.
      const rawText = rawItems.map((i) => i.str).join('')
      const details = (wantFonts || wantCoverage) && (detailsBelowChars === null || nonSpaceCount(rawText) < detailsBelowChars)
      let restored: PdfjsTextItem[] | undefined
      if (details) {
        const ops = scan ? undefined : await this.#operators(page, n, open, annotations)
        if (ops) scan = scanOperators(this.rt.pdfjs.OPS, ops.fnArray, ops.argsArray, page.view, viewport.transform)
        if (ops) restored = restoreFormatMarks(rawItems, shownText(ops.fnArray, ops.argsArray, showTextOps(this.rt.pdfjs.OPS)))
      }
      raw = restored ?? content.items
    }
    const { items, text, fontIds, blankRuns } = pageItems(raw, styles, viewport.transform)
    const undescribed = [...(scan?.fontIds ?? []), ...fontIds].some((id) => lacksDescriptor(fontOf(id)))
    const out: PageText = {
      pageNumber: n,
      width: Math.round(viewport.width * 100) / 100,
      height: Math.round(viewport.height * 100) / 100,
      items,
      text,
      source: 'text-layer',
    }
    if (blankRuns.length > 0) out.blankRuns = blankRuns
    if (scan && wantCoverage) {
      out.imageCoverage = Math.round(scan.imageCoverage * 10_000) / 10_000
      out.hasVectorGraphics = scan.hasVectorGraphics
      out.images = scan.images
    }
    if (wantFonts && scan) {
      const fonts: Record<string, FontInfo> = {}
      const ids = [...new Set([...fontIds, ...(scan?.fontIds ?? [])])]
      const fontOfId = new Map(ids.map((id) => [id, page.commonObjs.has(id) ? (page.commonObjs.get(id) as PdfjsFont) : undefined]))
      // the codes drawn on the page by each font whose encoding names its glyphs (for those names; the glyph records
      // of the items are not made for it)
      const codes = new Map<string, Set<number>>()
      for (const [id, font] of fontOfId) if (hasDifferences(font)) codes.set(id, new Set())
      if (codes.size > 0)
        for (const it of [...items, ...blankRuns]) {
          const s = it.fontId === undefined ? undefined : codes.get(it.fontId)
          if (s) addGlyphCodes(it, s)
        }
      for (const id of ids) {
        const font = fontOfId.get(id)
        const invisible = scan ? scan.invisibleFonts.has(id) && !scan.visibleFonts.has(id) : undefined
        fonts[id] = fontInfo(id, font, invisible, codes.get(id))
        if (font?.name && !font.isType3Font) this.#fontNames.set(id, { name: font.name, differences: font.differences })
      }
      out.fonts = fonts
    }
    return { text: out, undescribed }
  }
}
