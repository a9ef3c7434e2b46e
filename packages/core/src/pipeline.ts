import type { DocumentView, ExtractedDocument, Judge, JudgeContext, OcrEngine, Repair } from './contracts.js'
import type { Policy } from './config.js'
import { TriageError, wrapPluginError } from './errors.js'
import { emptyPage, withoutBands } from './text.js'
import type { Components } from './resolve.js'
import type { BBox } from './geometry.js'
import type { DocumentInfo, DocumentText, PageAction, PageImage, PageResult, PageText, Verdict } from './types.js'

/** How rules change the handling of one document (see `rules.ts`). */
export interface DocumentPlan {
  /** Tags attached by matching rules. */
  tags: string[]
  /** OCR every page whatever the verdict (a known-poor OCR layer). */
  forceOcr?: boolean
  /** Never OCR this document. */
  extractOnly?: boolean
  /** 1-based pages neither judged nor OCRed nor kept in the text (a receipt page). */
  skipPages?: ReadonlySet<number>
  /** Shares of the page height ignored when judging (a transmission stamp). */
  ignoreTopBand?: number
  ignoreBottomBand?: number
  /** Why, for the report. */
  notes?: string[]
}

/** Options of {@link runDocument}. */
export interface RunDocumentOptions {
  /** The file as given, for records and errors. */
  file?: string
  policy?: Policy
  /** Render resolution for OCR. Default 300. */
  ocrDpi?: number
  languages?: string[]
  /** Called with the document's metadata once open; returns how rules change its handling. */
  plan?: (info: DocumentInfo) => DocumentPlan
  /**
   * Whether page texts are needed. When false and a judge decides in document mode, pages are not extracted at all
   * (fast triage of long books). Default true.
   */
  needText?: boolean
  /**
   * OCR the pages the policy says to. False for triage: the engine then serves only judges that spot-check a layer
   * (`JudgeContext.recognizeRegion`). Default true.
   */
  performOcr?: boolean
  /**
   * Only these pages (1-based, inclusive), so that workers can share a long document; the document result then speaks
   * of these pages only. Default: every page.
   */
  pageRange?: { from: number; to: number }
  /** Run the post-processors (which hold the document's pages in memory). Default: when any is configured. */
  postprocess?: boolean
  signal?: AbortSignal
}

/** What the runner reports for a whole document once every page is done. */
export interface DocumentResult {
  file?: string
  info: DocumentInfo
  pageCount: number
  /** 1-based pages whose layer needs OCR (by the verdict, whether or not OCR was run). */
  needsOcr: number[]
  /** Pages by action. */
  actions: Record<PageAction, number>
  tags: string[]
  /** The post-processed document, when post-processors ran. */
  text?: DocumentText
  notes: string[]
  /** Wall-clock milliseconds. */
  ms: number
  /** Wall-clock milliseconds spent in the post-processors (included in `ms`), when they ran. */
  postprocessMs?: number
}

/** One output of the runner: a page when it is done (in page order), then the document. */
export type PipelineEvent = { type: 'page'; result: PageResult } | { type: 'document'; result: DocumentResult }

/**
 * Runs the judges in order on a page. The first verdict that needs OCR (or is `blank`) wins; otherwise the last
 * readable verdict stands. Every judge's notes are kept, prefixed with its name. A judge that throws is a
 * `PLUGIN_FAILED` error for the page.
 */
export async function judgePage(page: PageText, judges: readonly Judge[], ctx: JudgeContext): Promise<Verdict> {
  const notes: string[] = []
  let last: Verdict | undefined
  for (const j of judges) {
    let v: Verdict | undefined
    try {
      v = await j.judge(page, ctx)
    } catch (e) {
      throw wrapPluginError(e, j.name, 'judge', page.pageNumber, ctx.file)
    }
    if (!v) continue
    for (const n of v.notes) notes.push(`${v.judge}: ${n}`)
    if (v.needsOcr || v.layer === 'blank') return { ...v, notes }
    last = v
  }
  if (last) return { ...last, notes }
  return { judge: 'none', layer: 'healthy', needsOcr: false, notes: [...notes, 'no judge decided: the layer is kept'] }
}

/** Layers a repair may recover (damage, not absence). */
const REPAIRABLE = new Set<Verdict['layer']>(['garbled', 'unreadable'])

/**
 * Tries the repairs in order on a failing page. A repaired page is judged again and kept only if it now reads.
 * Returns the repaired page, its verdict (layer `recoverable`) and the repair's name, or `undefined` with the reasons
 * appended to `rejected`.
 */
export async function repairPage(
  page: PageText,
  verdict: Verdict,
  repairs: readonly Repair[],
  judges: readonly Judge[],
  ctx: JudgeContext,
  rejected: string[],
): Promise<{ page: PageText; verdict: Verdict; repair: string } | undefined> {
  if (!verdict.needsOcr || !REPAIRABLE.has(verdict.layer)) return undefined
  for (const r of repairs) {
    let res
    try {
      res = await r.repair(page, { ...ctx, verdict, judge: (p) => judgePage(p, judges, ctx) })
    } catch (e) {
      throw wrapPluginError(e, r.name, 'repair', page.pageNumber, ctx.file)
    }
    if (!res) continue
    const again = await judgePage(res.page, judges, ctx)
    const evidence = res.notes.map((n) => `${r.name}: ${n}`)
    if (again.needsOcr || again.layer === 'blank') {
      rejected.push(...evidence, `${r.name}: repaired text still fails (${again.layer}), repair rejected`)
      continue
    }
    return {
      page: { ...res.page, source: 'repaired' },
      verdict: { ...again, layer: 'recoverable', notes: [...verdict.notes, ...evidence, ...again.notes] },
      repair: r.name,
    }
  }
  return undefined
}

function errorInfo(e: unknown): NonNullable<PageResult['error']> {
  if (e instanceof TriageError) {
    const o: NonNullable<PageResult['error']> = { code: e.code, message: e.message }
    if (e.plugin) o.plugin = e.plugin
    if (e.stage) o.stage = e.stage
    return o
  }
  return { code: 'PLUGIN_FAILED', message: e instanceof Error ? e.message : String(e) }
}

/** Renders and recognises one page; errors become `OCR_FAILED` naming the engine, page and file. */
async function ocrPage(
  doc: ExtractedDocument,
  engine: OcrEngine,
  n: number,
  dpi: number,
  languages: string[] | undefined,
  file: string | undefined,
  signal: AbortSignal | undefined,
  timings: NonNullable<PageResult['timings']>,
): Promise<PageText> {
  let t = performance.now()
  let img
  try {
    img = await doc.renderPage(n, dpi)
  } catch (e) {
    throw wrapPluginError(e, 'extractor', 'render', n, file)
  }
  timings.render = performance.now() - t
  t = performance.now()
  try {
    const opts: { languages?: string[]; signal?: AbortSignal } = {}
    if (languages) opts.languages = languages
    if (signal) opts.signal = signal
    const p = await engine.recognize(img, opts)
    return { ...p, pageNumber: n, source: 'ocr' }
  } catch (e) {
    if (e instanceof TriageError) throw wrapPluginError(e, engine.name, 'ocr', n, file)
    throw new TriageError('OCR_FAILED', `[${engine.name}] page ${n}${file ? ` of ${file}` : ''}: ${(e as Error).message}`, {
      cause: e,
      plugin: engine.name,
      stage: 'ocr',
      page: n,
      file,
    })
  } finally {
    timings.ocr = performance.now() - t
  }
}

/** Crops a grey image to a box given in pixels (clamped to the image). */
export function cropImage(img: PageImage, x0: number, y0: number, x1: number, y1: number): PageImage {
  const l = Math.max(0, Math.floor(x0))
  const t = Math.max(0, Math.floor(y0))
  const r = Math.min(img.width, Math.ceil(x1))
  const b = Math.min(img.height, Math.ceil(y1))
  const w = Math.max(0, r - l)
  const h = Math.max(0, b - t)
  const data = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) data.set(img.data.subarray((t + y) * img.width + l, (t + y) * img.width + l + w), y * w)
  return { pageNumber: img.pageNumber, width: w, height: h, dpi: img.dpi, data }
}

/** OCRs a region of a page: renders the page, crops the box (points), recognises it, and moves the boxes back to page points. */
async function recognizeRegion(doc: ExtractedDocument, engine: OcrEngine, n: number, box: BBox, dpi: number, languages?: string[]): Promise<PageText> {
  const img = await doc.renderPage(n, dpi)
  const k = dpi / 72
  const crop = cropImage(img, box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)
  const dx = Math.max(0, Math.floor(box.x0 * k)) / k
  const dy = Math.max(0, Math.floor(box.y0 * k)) / k
  const p = await engine.recognize(crop, languages ? { languages } : {})
  const items = p.items.map((i) => ({ ...i, bbox: { x0: i.bbox.x0 + dx, y0: i.bbox.y0 + dy, x1: i.bbox.x1 + dx, y1: i.bbox.y1 + dy } }))
  return { ...p, pageNumber: n, width: (img.width * 72) / dpi, height: (img.height * 72) / dpi, items, source: 'ocr' }
}

/**
 * Runs one open document through judges, repairs, OCR and post-processors, yielding each page in page order as it is
 * done, then the document. Pages are streamed: only the pages in flight (the OCR engine's concurrency) are held,
 * unless post-processors need the whole document. The caller owns `doc` and closes it.
 */
export async function* runDocument(
  doc: ExtractedDocument,
  components: Omit<Components, 'close' | 'extractor' | typeof Symbol.asyncDispose>,
  options: RunDocumentOptions = {},
): AsyncGenerator<PipelineEvent> {
  const t0 = performance.now()
  const { file, signal } = options
  const plan: DocumentPlan = options.plan?.(doc.info) ?? { tags: [] }
  let policy: Policy = options.policy ?? 'auto'
  if (plan.forceOcr && policy !== 'extract-and-ocr') policy = 'ocr'
  if (plan.extractOnly) policy = 'extract'
  const dpi = options.ocrDpi ?? 300
  const checkEngine = policy === 'extract' ? undefined : components.ocr
  const engine = options.performOcr === false ? undefined : checkEngine
  const ctx: JudgeContext = { pageCount: doc.pageCount, info: doc.info }
  if (file) ctx.file = file
  if (signal) ctx.signal = signal
  const judges = components.judges
  const doPost = (options.postprocess ?? true) && components.postprocess.length > 0
  const needText = (options.needText ?? true) || doPost || engine !== undefined
  const keep: PageText[] = []
  const notes: string[] = [...(plan.notes ?? [])]
  const actions: Record<PageAction, number> = { kept: 0, repaired: 0, ocr: 0, failed: 0, skipped: 0 }
  const needsOcr: number[] = []

  // Document mode: a judge may decide the whole document from samples.
  const cache = new Map<number, Promise<PageText>>()
  const getText = (n: number): Promise<PageText> => {
    let p = cache.get(n)
    if (!p) {
      p = doc.getPageText(n)
      if (cache.size > 64) cache.delete(cache.keys().next().value as number)
      cache.set(n, p)
    }
    return p
  }
  let docVerdict: Verdict | undefined
  for (const j of judges) {
    if (!j.judgeDocument) continue
    const view: DocumentView = { pageCount: doc.pageCount, info: doc.info, getPageText: getText, ...(file ? { file } : {}) }
    try {
      docVerdict = await j.judgeDocument(view, ctx)
    } catch (e) {
      throw wrapPluginError(e, j.name, 'judge', undefined, file)
    }
    if (docVerdict) {
      docVerdict = { ...docVerdict, notes: docVerdict.notes.map((n) => `${docVerdict!.judge}: ${n}`) }
      break
    }
  }

  const window = Math.max(1, engine?.concurrency ?? 1)
  const inFlight: Array<Promise<PageResult>> = []

  const processPage = async (n: number): Promise<PageResult> => {
    const timings: NonNullable<PageResult['timings']> = {}
    const pageCtx: JudgeContext = checkEngine ? { ...ctx, recognizeRegion: (box, dpi) => recognizeRegion(doc, checkEngine, n, box, dpi, options.languages) } : ctx
    if (plan.skipPages?.has(n)) {
      return {
        pageNumber: n,
        verdict: { judge: 'rules', layer: 'healthy', needsOcr: false, notes: ['page skipped by a rule'] },
        action: 'skipped',
        page: emptyPage(n),
        timings,
      }
    }
    let t = performance.now()
    let page: PageText | undefined
    let verdict: Verdict
    let extractError: PageResult['error']
    try {
      page = docVerdict && !needText ? emptyPage(n) : await (cache.get(n) ?? doc.getPageText(n))
      cache.delete(n)
    } catch (e) {
      extractError = errorInfo(wrapPluginError(e, 'extractor', 'extract', n, file))
    }
    timings.extract = performance.now() - t
    t = performance.now()
    let repairName: string | undefined
    let error: PageResult['error']
    try {
      if (!page) {
        verdict = { judge: 'pipeline', layer: 'unreadable', needsOcr: true, notes: [`extraction failed: ${extractError?.message}`] }
        page = emptyPage(n)
      } else if (docVerdict) {
        verdict = docVerdict
      } else {
        const judged = plan.ignoreTopBand || plan.ignoreBottomBand ? withoutBands(page, plan.ignoreTopBand ?? 0, plan.ignoreBottomBand ?? 0) : page
        verdict = await judgePage(judged, judges, pageCtx)
        timings.judge = performance.now() - t
        if (verdict.needsOcr && components.repairs.length > 0) {
          t = performance.now()
          const rejected: string[] = []
          const fixed = await repairPage(judged, verdict, components.repairs, judges, pageCtx, rejected)
          timings.repair = performance.now() - t
          if (fixed) {
            page = fixed.page
            verdict = fixed.verdict
            repairName = fixed.repair
          } else if (rejected.length) verdict = { ...verdict, notes: [...verdict.notes, ...rejected] }
        }
      }
    } catch (e) {
      error = errorInfo(e)
      verdict = { judge: 'pipeline', layer: 'unreadable', needsOcr: true, notes: [`judging failed: ${error.message}`] }
    }
    let action: PageAction = repairName ? 'repaired' : 'kept'
    let ocr: PageText | undefined
    const wantOcr =
      engine !== undefined &&
      (policy === 'ocr' || policy === 'extract-and-ocr' || (policy === 'auto' && verdict.needsOcr && verdict.layer !== 'blank'))
    if (wantOcr) {
      try {
        const o = await ocrPage(doc, engine, n, dpi, options.languages, file, signal, timings)
        if (policy === 'extract-and-ocr' && !verdict.needsOcr) ocr = o
        else {
          // The page's own facts (how much of it is image, vector drawing) stay with the OCR text that replaces its layer.
          const kept: Pick<PageText, 'imageCoverage' | 'hasVectorGraphics'> = {}
          if (page?.imageCoverage !== undefined) kept.imageCoverage = page.imageCoverage
          if (page?.hasVectorGraphics !== undefined) kept.hasVectorGraphics = page.hasVectorGraphics
          page = { ...o, ...kept }
          action = 'ocr'
        }
      } catch (e) {
        error = errorInfo(e)
        action = 'failed'
      }
    } else if (error || extractError) action = 'failed'
    const r: PageResult = { pageNumber: n, verdict, action, page: page ?? emptyPage(n), timings }
    if (repairName) r.repair = repairName
    if (ocr) r.ocr = ocr
    const err = error ?? extractError
    if (err) r.error = err
    return r
  }

  const finish = (r: PageResult): PageResult => {
    actions[r.action]++
    if (r.verdict.needsOcr && r.action !== 'skipped') needsOcr.push(r.pageNumber)
    if (doPost && r.action !== 'skipped') keep.push(r.page)
    return r
  }

  const from = Math.max(1, options.pageRange?.from ?? 1)
  const to = Math.min(doc.pageCount, options.pageRange?.to ?? doc.pageCount)
  for (let n = from; n <= to; n++) {
    if (signal?.aborted) throw new TriageError('ABORTED', `Aborted${file ? ` while processing ${file}` : ''}`, { file, cause: signal.reason })
    inFlight.push(processPage(n))
    // Extraction and judging are sequential (one pdf.js per document); OCR overlaps up to the engine's concurrency.
    // Awaiting the head before queuing more bounds memory to `window` pages.
    while (inFlight.length >= window) yield { type: 'page', result: finish(await inFlight.shift()!) }
  }
  while (inFlight.length) yield { type: 'page', result: finish(await inFlight.shift()!) }

  let text: DocumentText | undefined
  let postprocessMs: number | undefined
  if (doPost) {
    const tp = performance.now()
    text = { info: doc.info, pages: keep }
    if (file) text.file = file
    for (const p of components.postprocess) {
      try {
        text = await p.process(text)
      } catch (e) {
        notes.push(`post-processor ${p.name} failed, its step skipped: ${e instanceof Error ? e.message : String(e)}`)
      }
    }
    postprocessMs = performance.now() - tp
  }
  const result: DocumentResult = {
    info: doc.info,
    pageCount: doc.pageCount,
    needsOcr,
    actions,
    tags: plan.tags,
    notes,
    ms: performance.now() - t0,
  }
  if (file) result.file = file
  if (text) result.text = text
  if (postprocessMs !== undefined) result.postprocessMs = postprocessMs
  yield { type: 'document', result }
}
