// The runner: a document's pages taken through extract -> judge -> repair -> OCR (whole page or regions) -> judge the
// OCR, as rules and policy say, then the post-pass; results are yielded page by page.
import type { Policy } from '../config.js'
import type { DocumentView, ExtractedDocument, JudgeContext, OcrEngine } from '../contracts.js'
import { fmtBox } from '../geometry.js'
import { TriageError } from '../errors.js'
import type { Components } from '../resolve.js'
import { emptyPage, withoutBands } from '../text.js'
import {
  DEFAULT_OCR_DPI,
  type DocumentInfo,
  type DocumentResult,
  type DocumentText,
  type PageAction,
  type PageLook,
  type PageResult,
  type PageText,
  type Verdict,
} from '../types.js'
import { verdictProblem } from '../contract-checks.js'
import { PageSource } from './extract.js'
import { judgeDocument, judgePage } from './judge.js'
import { meanConfidence } from './ocr-check.js'
import { detectRegionScript, ocrPage, PageImages, POOR_OCR_CONFIDENCE, recognizeRegion, scanDpi, type OcrSetup } from './ocr.js'
import { callPlugin } from './plugin-call.js'
import { postprocessDocument } from './postprocess.js'
import { DEFAULT_LAYER_MERGE, mergeLayer, type MergeOptions } from './layer-merge.js'
import { ocrRegions } from './regions.js'
import { repairPage, type RepairedPage } from './repair.js'

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
  /** When set, only these 1-based pages may be OCRed; the others keep their layer whatever the verdict. */
  ocrPages?: ReadonlySet<number>
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
  /** Render resolution for OCR. Default {@link DEFAULT_OCR_DPI}. */
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
  /**
   * How an OCR that replaces a page's layer keeps the old layer's words where the OCR is unsure of its own
   * ({@link mergeLayer}); false: the OCR replaces the layer whole. Default {@link DEFAULT_LAYER_MERGE}.
   */
  layerMerge?: MergeOptions | false
  /** Run the post-processors (which hold the document's pages in memory). Default: when any is configured. */
  postprocess?: boolean
  signal?: AbortSignal
  /**
   * Told as a page enters a stage, before its `page` event (a front end's progress: what a long page is doing). Pages
   * overlap up to the OCR engine's concurrency, so stages of different pages interleave.
   */
  onStage?: (pageNumber: number, stage: PageStage) => void
  /**
   * Pages started before the oldest unfinished one is handed on (results stay in page order). Default
   * {@link PAGES_AHEAD_PER_WORKER} per OCR worker; 1 without an engine.
   */
  pagesInFlight?: number
  /**
   * Pages whose image is not to be rendered or read, and why (an earlier run of the document was stopped while it
   * read them): their verdict is what the characters say, noted so; a page the policy would OCR fails with
   * `PAGE_TIMEOUT` and keeps its layer.
   */
  unreadImages?: { pages: ReadonlySet<number>; reason: string }
  /** Told when work on a page's image starts and when it ends ({@link OcrSetup.onImageWork}). */
  onImageWork?: OcrSetup['onImageWork']
  /**
   * Results an earlier run of the document settled, by page: each is handed on as given (counted, kept for the
   * post-processors) without extracting, judging or reading its page again, so that a run again of a document's
   * failed pages costs those pages alone. The document's notes say how many were reused.
   */
  knownPages?: ReadonlyMap<number, PageResult>
  /**
   * Pages judged after one that asked to be revisited (`JudgeContext.revisitLater`) before its judge's second word is
   * given ({@link Judge.revisit}) and the page handed on; the pages between wait behind it, so that results stay in
   * page order. Default {@link REVISIT_WITHIN}; 0: no page waits and no judge revisits.
   */
  revisitWithin?: number
  /**
   * Told when a page has been through its stages but waits, with any pages before it, for a judge's second word
   * ({@link revisitWithin}): its result comes later, and a watcher that times pages by their results (the batch's page
   * clock) hears that it is not stuck.
   */
  onHeld?: (pageNumber: number) => void
  /**
   * Whether a page's repairs are tried before the look a judge would spend confirming its damage
   * (`JudgeContext.repairsFirst`): a page a repair reads is not looked at by the judge (a font read by its glyph names
   * or by a map settled on an earlier page costs no look at all, an anchor only its lines). False: the judges look
   * first, as they would with no repairs after them. Default true.
   */
  repairsFirst?: boolean
}

/**
 * Pages in flight per OCR worker. One page per worker left a worker idle behind any page slower than the next: on the
 * 12-page mixed French document a region OCR of 7 s held page 5 back while page 4 was done and the second worker had
 * nothing to read; two per worker let the next pages be extracted, judged and read meanwhile. Each page in flight
 * holds its renders (8.7 MB an A4 page at 300 dpi) and its text.
 */
export const PAGES_AHEAD_PER_WORKER = 2

/**
 * Pages a page that asked to be revisited waits for. In the labelled real set the evidence came within two pages: the
 * spot check found a Russian scan's OCR layer written in Latin look-alikes on its third page, surely, while its title
 * page, 30 characters, leaned to Cyrillic without settling it (a document's OCR layer is one engine run's work); the
 * gates found a Bengali Type3 font broken on page 3 of a manual whose page 2 it had kept. A held page is told to
 * `onHeld` as it is done, so that the batch's page clock does not count the pages it waits for as its own time.
 */
export const REVISIT_WITHIN = 4

/**
 * What a page is being put through: `judge` (extraction, judges and repairs, with the looks they OCR), `ocr` (the
 * whole page OCRed), `regions` (pictures of a page whose layer is kept OCRed).
 */
export type PageStage = 'judge' | 'ocr' | 'regions'

/** One output of the runner: a page when it is done (in page order), then the document. */
export type PipelineEvent = { type: 'page'; result: PageResult } | { type: 'document'; result: DocumentResult }

/** The components {@link runDocument} uses (the extractor has already opened the document). */
export type PipelineComponents = Omit<Components, 'close' | 'extractor' | typeof Symbol.asyncDispose>

/** What every page of one document's run shares, settled once the document is open. */
interface DocumentRun {
  components: PipelineComponents
  plan: DocumentPlan
  policy: Policy
  dpi: number
  signal: AbortSignal | undefined
  pages: PageSource
  doc: ExtractedDocument
  /** The engine judges may spot-check with; present unless the policy never OCRs. */
  check: OcrSetup | undefined
  /** The engine pages are OCRed with; absent in triage. */
  ocr: OcrSetup | undefined
  ctx: JudgeContext
  /** A document-mode verdict that stands for every page. */
  docVerdict: Verdict | undefined
  needText: boolean
  /** Regions of page images OCRed for the judges and for the repairs in this document so far (the looks). */
  looks: Looks
  /** How an OCR that replaces a layer keeps the layer's words where it is unsure; `undefined`: it does not. */
  merge: MergeOptions | undefined
  onStage: RunDocumentOptions['onStage']
  unreadImages: RunDocumentOptions['unreadImages']
  knownPages: RunDocumentOptions['knownPages']
  revisitWithin: number
  onHeld: RunDocumentOptions['onHeld']
  repairsFirst: boolean
}

/** Regions OCRed to decide pages (judges) and to repair them (repairs): what a verdict and a repair cost in OCR. */
interface Looks {
  judges: number
  repairs: number
  /** Looks answered by a reading the page already had (the same region, resolution and turn): no OCR ran. */
  reused: number
  /** Pages whose OCR was a judge's or a repair's reading of the whole page at the OCR resolution. */
  ocrReused: number
}

type Timings = NonNullable<PageResult['timings']>
type PageError = NonNullable<PageResult['error']>

function errorInfo(e: unknown): PageError {
  if (e instanceof TriageError) {
    const o: PageError = { code: e.code, message: e.message }
    if (e.plugin) o.plugin = e.plugin
    if (e.stage) o.stage = e.stage
    return o
  }
  return { code: 'PLUGIN_FAILED', message: e instanceof Error ? e.message : String(e) }
}

/** A page's layer as judged (and repaired when a repair recovered it). */
interface JudgedPage {
  page: PageText
  verdict: Verdict
  repair?: string
  error?: PageError
  /** Judges that asked for a second word on the page (`JudgeContext.revisitLater`), on a page kept as it reads. */
  revisit?: string[]
}

/** The page as the judges read it: without the bands the rules leave out. */
const judgedView = (run: DocumentRun, page: PageText): PageText =>
  run.plan.ignoreTopBand || run.plan.ignoreBottomBand ? withoutBands(page, run.plan.ignoreTopBand ?? 0, run.plan.ignoreBottomBand ?? 0) : page

/** Judges a page's layer and, when it fails, tries the repairs. A judge or repair that throws or breaks the contract is
 * the page's `error`. */
async function judgeAndRepair(run: DocumentRun, page: PageText, timings: Timings, images: PageImages | undefined): Promise<JudgedPage> {
  if (run.docVerdict) return { page, verdict: run.docVerdict }
  const { plan, components } = run
  const ctx: JudgeContext = { ...run.ctx }
  // Every region a judge or a repair has OCRed is counted, so that the notes say what deciding and repairing cost.
  const tally: LookTally = { phase: 'judges', repairLooks: 0 }
  if (run.check && images) {
    ctx.recognizeRegion = async (box, dpi, turn) => {
      const by = tally.phase
      const before = images.looks.length
      try {
        return await recognizeRegion(run.check!, images, box, dpi, turn, by === 'judges' ? 'judge' : 'repair')
      } finally {
        if (images.looks.slice(before).some((l) => l.reused)) run.looks.reused++
        else {
          run.looks[by]++
          if (by === 'repairs') tally.repairLooks++
        }
      }
    }
    if (run.check.engine.detectScript) ctx.detectScript = (box, dpi) => detectRegionScript(run.check!, images, box, dpi)
    // The resolution this page's OCR would read at, when the page may be OCRed: a look at it is not paid twice.
    if (run.ocr && (!plan.ocrPages || plan.ocrPages.has(page.pageNumber))) ctx.ocrDpi = run.dpi
  }
  const { doc } = run
  if (doc.getGlyphNames) ctx.glyphNames = (ids) => doc.getGlyphNames!(page.pageNumber, ids)
  const revisit: string[] = []
  if (run.revisitWithin > 0) ctx.revisitLater = (judge) => void revisit.push(judge)
  const t = performance.now()
  try {
    const judged = judgedView(run, page)
    const first = run.repairsFirst && components.repairs.length > 0 && ctx.recognizeRegion !== undefined
    const verdict = await judgePage(judged, components.judges, first ? { ...ctx, repairsFirst: true } : ctx)
    timings.judge = performance.now() - t
    if (verdict.unconfirmed) return await repairsBeforeLooks(run, page, judged, verdict, ctx, timings, revisit, tally)
    // A second word can only send to OCR a page that reads (see Judge.revisit).
    if (!verdict.needsOcr && verdict.layer !== 'blank' && revisit.length) return { page, verdict, revisit }
    if (!verdict.needsOcr || components.repairs.length === 0) return { page, verdict }
    const { fixed, rejected, looked } = await tryRepairs(run, judged, verdict, ctx, timings, tally)
    if (fixed) return { page: fixed.page, verdict: { ...fixed.verdict, notes: [...fixed.verdict.notes, ...looked] }, repair: fixed.repair }
    const notes = [...verdict.notes, ...rejected, ...looked]
    return { page, verdict: notes.length > verdict.notes.length ? { ...verdict, notes } : verdict }
  } catch (e) {
    const error = errorInfo(e)
    return { page, verdict: { judge: 'pipeline', layer: 'unreadable', needsOcr: true, notes: [`judging failed: ${error.message}`] }, error }
  }
}

/**
 * A page whose damage a judge left unconfirmed ({@link RunDocumentOptions.repairsFirst}): the repairs are tried first,
 * with the page image theirs to read (a font read by its glyph names needs none, a map learned from an anchor reads the
 * anchor's lines only, where the judge would have read the whole page). A page a repair reads is settled: the repair's
 * reading is the confirmation. Otherwise the page is judged again, looks allowed, and the repairs are not tried again
 * (they had the image): it goes to OCR, or keeps its layer where the judge's look shows it reads.
 */
async function repairsBeforeLooks(
  run: DocumentRun,
  page: PageText,
  judged: PageText,
  verdict: Verdict,
  ctx: JudgeContext,
  timings: Timings,
  revisit: string[],
  tally: LookTally,
): Promise<JudgedPage> {
  const { fixed, rejected, looked } = await tryRepairs(run, judged, verdict, ctx, timings, tally)
  if (fixed) {
    const notes = [...fixed.verdict.notes, 'looks: none by the judges: the repairs, tried first, settled the damage (repairsFirst)', ...looked]
    return { page: fixed.page, verdict: { ...fixed.verdict, notes }, repair: fixed.repair }
  }
  const t = performance.now()
  revisit.length = 0
  const again = await judgePage(judged, run.components.judges, ctx)
  timings.judge = (timings.judge ?? 0) + performance.now() - t
  if (!again.needsOcr && again.layer !== 'blank' && revisit.length) return { page, verdict: again, revisit }
  const notes = [...again.notes, ...(again.needsOcr ? rejected : []), ...looked]
  return { page, verdict: notes.length > again.notes.length ? { ...again, notes } : again }
}

/**
 * The repairs tried on a failing page ({@link repairPage}), the looks they spend counted as theirs: the repaired page or
 * the reasons none was kept, and the note of the regions they OCRed (a declined repair leaves no note of its own).
 */
async function tryRepairs(
  run: DocumentRun,
  judged: PageText,
  verdict: Verdict,
  ctx: JudgeContext,
  timings: Timings,
  tally: LookTally,
): Promise<{ fixed: RepairedPage | undefined; rejected: string[]; looked: string[] }> {
  const t = performance.now()
  const rejected: string[] = []
  tally.phase = 'repairs'
  const fixed = await repairPage(judged, verdict, run.components.repairs, run.components.judges, ctx, rejected)
  tally.phase = 'judges'
  timings.repair = performance.now() - t
  return { fixed, rejected, looked: repairLooksNote(tally) }
}

/** Which stage a page's looks are for, and how many regions its repairs OCRed: what its notes say looking cost. */
interface LookTally {
  phase: 'judges' | 'repairs'
  repairLooks: number
}

/** The page's note of the regions its repairs OCRed (none when they read none); looks a declined repair spent too. */
const repairLooksNote = (t: LookTally): string[] =>
  t.repairLooks ? [`looks: ${t.repairLooks} region(s) OCRed by the repairs on this page (the document's count is in its notes)`] : []

/** Whether the policy OCRs a page with this verdict (given an engine). */
function wantsOcr(policy: Policy, verdict: Verdict): boolean {
  return policy === 'ocr' || policy === 'extract-and-ocr' || (policy === 'auto' && verdict.needsOcr && verdict.layer !== 'blank')
}

/** Verdicts on an OCR text that say it is junk (thin OCR of a photo is `absent` or `sparse`, not poor). */
const JUNK = new Set<Verdict['layer']>(['garbled', 'unreadable'])

/** What the OCR of a page is worth, and whether the layer it was to replace reads better. */
interface OcrCheck {
  confidence: number | undefined
  quality: 'good' | 'poor'
  /** The page keeps its own layer: the OCR reads badly and the layer was only thin, not broken. */
  keepLayer: boolean
  notes: string[]
}

/**
 * Judges an OCR text like any layer: the mean word confidence, then the configured judges (without an OCR engine of
 * their own, so that no judge OCRs the page again). The OCR is poor when its confidence is under
 * {@link POOR_OCR_CONFIDENCE} or a judge calls it junk. A poor OCR replaces a broken layer (still flagged), but not a
 * thin one that reads: that layer is kept and the notes say why. Where the judges call both the layer and its OCR
 * junk for the same reason, the one nearer to passing that test is kept (see {@link sameReason}).
 */
async function judgeOcr(run: DocumentRun, o: PageText, layer: PageText, verdict: Verdict): Promise<OcrCheck> {
  const confidence = meanConfidence(o)
  const notes: string[] = []
  // A judge that fails on the OCR text leaves the confidence to speak alone.
  const v = await judgePage(o, run.components.judges, run.ctx).catch((e: unknown): Verdict => ({
    judge: 'none',
    layer: 'healthy',
    needsOcr: false,
    notes: [`judging the OCR failed: ${e instanceof Error ? e.message : String(e)}`],
  }))
  const lowConf = confidence !== undefined && confidence < POOR_OCR_CONFIDENCE
  const junk = JUNK.has(v.layer)
  const quality = lowConf || junk ? 'poor' : 'good'
  const turned = (o.rotation ? `, read turned ${o.rotation} degrees` : '') + (o.skew ? `, straightened from a skew of ${o.skew.toFixed(1)} degrees` : '')
  notes.push(
    `ocr: ${[...o.text].filter((c) => c.trim()).length} characters, mean word confidence ${confidence === undefined ? 'unknown' : confidence.toFixed(2)}` +
      `${turned}; judged ${v.layer} by ${v.judge}: ${quality}` +
      (quality === 'poor' ? ` (${[lowConf ? `confidence < ${POOR_OCR_CONFIDENCE}` : '', junk ? `${v.layer} text` : ''].filter(Boolean).join(', ')})` : ''),
  )
  // the engine's own account of what it chose (a language it picked), after the figures of the reading it gave
  if (o.notes) notes.push(...o.notes)
  const thinLayer = layer.text.trim().length > 0 && !JUNK.has(verdict.layer)
  if (quality === 'poor' && thinLayer) {
    notes.push("ocr: the OCR reads worse than the page's own thin layer, which is kept")
    return { confidence, quality, keepLayer: true, notes }
  }
  const same = junk && JUNK.has(verdict.layer) && layer.text.trim() ? sameReason(verdict, v) : undefined
  if (same) {
    // The judges condemn the OCR for what they condemned the layer for: the page itself (music notation, a table of
    // codes) fails that measure, not the layer's font, so the OCR is no evidence against the layer. The text nearer
    // to passing it wins; on a tie the file's own layer does.
    const margin = (x: Verdict) => (x.score !== undefined && x.threshold !== undefined ? Math.abs(x.score - x.threshold) : undefined)
    const ml = margin(verdict)
    const mo = margin(v)
    const keepLayer = ml === undefined || mo === undefined || ml <= mo
    const by = ml !== undefined && mo !== undefined ? ` (layer ${ml.toFixed(2)} from its threshold, OCR ${mo.toFixed(2)})` : ''
    notes.push(
      keepLayer
        ? `ocr: the OCR fails the same test as the layer (${same})${by}: the page's own layer is kept`
        : `ocr: the OCR fails the same test as the layer (${same}) but by less${by}: the OCR replaces it`,
    )
    return { confidence, quality, keepLayer, notes }
  }
  return { confidence, quality, keepLayer: false, notes }
}

/** The decision note of a junk verdict (its last `garbled: ...` note: repairs that failed note after it), numbers and
 * judge prefix aside. */
const DECISION = /^(\w[\w-]*: )?(garbled|unreadable): /u
const reasonOf = (v: Verdict): string =>
  ([...v.notes].reverse().find((n) => DECISION.test(n)) ?? '')
    .replace(DECISION, '')
    .replace(/:.*$/su, '')
    .replace(/\d[\d.,]*/gu, '#')
    .trim()

/**
 * The test two junk verdicts share, in words (`vowels # of # Latin letters, outside #-#`), or `undefined` when the
 * layer and its OCR were condemned for different reasons (a broken font and an OCR that misreads are two things).
 */
function sameReason(layer: Verdict, ocr: Verdict): string | undefined {
  if (layer.judge !== ocr.judge || layer.layer !== ocr.layer) return undefined
  const a = reasonOf(layer)
  return a !== '' && a === reasonOf(ocr) ? a : undefined
}

/**
 * The note naming a page's looks in order (who, resolution, region, turn, and whether a render or a reading was
 * reused), when a judge or a repair looked: a page OCRed without one has only its OCR's own note. Times are in the
 * page's `looks` (the report's), not here: records stay the same from run to run.
 */
function looksNote(looks: readonly PageLook[]): string | undefined {
  if (!looks.some((l) => l.by !== 'ocr')) return undefined
  const one = (l: PageLook) =>
    `${l.by} ${l.dpi} dpi ${l.band ? 'middle band' : l.box ? fmtBox(l.box) : 'page'}${l.turn ? ` turned ${l.turn}°` : ''}` +
    (l.reused ? ' (a reading already made)' : l.rendered ? '' : ' (render reused)')
  return `looks: ${looks.map(one).join('; ')}`
}

/** One page on its way through {@link PAGE_STAGES}: what each stage found, for the stages after it and the record. */
interface PageState {
  readonly n: number
  readonly timings: Timings
  /** The layer as extracted; absent when extraction failed (`extractError`) or was not needed. */
  extracted?: PageText
  extractError?: PageError
  /** The page's renders and readings, shared by its judges, repairs and OCR, and let go with the page. */
  images?: PageImages
  /** The page as it stands: its layer, repaired, or the OCR that replaced it. */
  page: PageText
  /** Set by the `judge` stage. */
  verdict?: Verdict
  repair?: string
  error?: PageError
  action: PageAction
  /** Notes after the verdict's own: the OCR's, then the looks'. */
  notes: string[]
  ocr?: PageText
  ocrConfidence?: number
  ocrQuality?: 'good' | 'poor'
  layerText?: string
  regionText?: PageText
  /** The page's record, once settled before the last stage (a page a rule skips). */
  result?: PageResult
  /** Judges that asked for a second word on the page ({@link JudgedPage.revisit}). */
  revisit?: string[]
  /** The note {@link noteLooks} added, replaced when the page goes on after a second word. */
  looksNote?: string
}

/** A named step of a page's path; `when` false passes the page over it. */
interface PageStep {
  name: string
  when?: (run: DocumentRun, s: PageState) => boolean
  run: (run: DocumentRun, s: PageState) => Promise<void> | void
}

/** A page a rule skips is neither extracted nor judged nor kept in the text. */
function skip(_run: DocumentRun, s: PageState): void {
  s.result = {
    pageNumber: s.n,
    verdict: { judge: 'rules', layer: 'healthy', needsOcr: false, notes: ['page skipped by a rule'] },
    action: 'skipped',
    page: emptyPage(s.n),
    timings: s.timings,
  }
}

/** The page's layer, unless a document-mode verdict stands for it and no one needs its text. */
async function extract(run: DocumentRun, s: PageState): Promise<void> {
  const t = performance.now()
  try {
    s.extracted = run.docVerdict && !run.needText ? emptyPage(s.n) : await run.pages.page(s.n)
  } catch (e) {
    s.extractError = errorInfo(e)
  }
  s.timings.extract = performance.now() - t
}

/** Judges the layer and tries the repairs when it fails ({@link judgeAndRepair}); a page not extracted has failed,
 * unless the `ocr` stage replaces it. */
async function judge(run: DocumentRun, s: PageState): Promise<void> {
  const { n, extracted } = s
  run.onStage?.(n, 'judge')
  // `run.ocr` is `run.check` or absent (see startDocument): a page that may be OCRed has images.
  const unread = run.unreadImages?.pages.has(n)
  s.images = run.check && !unread ? new PageImages(run.check, n, extracted && scanDpi(extracted)) : undefined
  if (unread && run.check) s.notes.push(`image: not read (${run.unreadImages!.reason}); the verdict is what the characters say`)
  const judged: JudgedPage = extracted
    ? await judgeAndRepair(run, extracted, s.timings, s.images)
    : { page: emptyPage(n), verdict: { judge: 'pipeline', layer: 'unreadable', needsOcr: true, notes: [`extraction failed: ${s.extractError?.message}`] } }
  s.page = judged.page
  s.verdict = judged.verdict
  s.repair = judged.repair
  s.error = judged.error
  if (judged.revisit) s.revisit = judged.revisit
  s.action = judged.repair ? 'repaired' : 'kept'
  // A judge or repair that broke fails its page, loudly: OCR would hide the broken plugin behind a page that looks done.
  if (s.error || s.extractError) s.action = 'failed'
}

/** Whether the rules let this page be OCRed. */
const mayOcr = (run: DocumentRun, n: number): boolean => !run.plan.ocrPages || run.plan.ocrPages.has(n)

/** The policy would OCR the page, but its image is not to be read ({@link RunDocumentOptions.unreadImages}). */
const wantsUnreadImage = (run: DocumentRun, s: PageState): boolean =>
  !s.error && !!run.ocr && !!run.unreadImages?.pages.has(s.n) && mayOcr(run, s.n) && wantsOcr(run.policy, s.verdict!)

/** A page that needs OCR whose image cannot be read keeps its layer and fails, saying why. */
function unreadImage(run: DocumentRun, s: PageState): void {
  s.action = 'failed'
  s.error = { code: 'PAGE_TIMEOUT', message: `page ${s.n} needs OCR, but its image was not read (${run.unreadImages!.reason}): its layer is kept` }
}

/** The policy OCRs the whole page, there is an engine, and no judge or repair broke. */
const wantsPageOcr = (run: DocumentRun, s: PageState): boolean => !s.error && !!run.ocr && !!s.images && wantsOcr(run.policy, s.verdict!) && mayOcr(run, s.n)

/** A layer that reads, with pictures holding text it lacks, when the page is not OCRed whole. */
const wantsRegionOcr = (run: DocumentRun, s: PageState): boolean =>
  !s.error &&
  !!run.ocr &&
  !!s.images &&
  !wantsOcr(run.policy, s.verdict!) &&
  run.policy !== 'extract' &&
  !s.verdict!.needsOcr &&
  !!s.verdict!.regions?.length &&
  mayOcr(run, s.n)

/** OCRs the whole page and judges the OCR ({@link judgeOcr}): it replaces the layer, or is kept beside it. */
async function ocrWholePage(run: DocumentRun, s: PageState): Promise<void> {
  const { n, page } = s
  const verdict = s.verdict!
  try {
    run.onStage?.(n, 'ocr')
    const o = await ocrPage(run.ocr!, n, run.dpi, run.signal, s.timings, s.images!)
    const checked = await judgeOcr(run, o, page, verdict)
    s.ocrConfidence = checked.confidence
    s.ocrQuality = checked.quality
    s.notes.push(...checked.notes)
    if (page.text.trim()) s.layerText = page.text
    if (run.policy === 'extract-and-ocr' && !verdict.needsOcr) s.ocr = o
    else if (checked.keepLayer) s.ocr = o
    else {
      // The page's own facts (how much of it is image, vector drawing) stay with the OCR text that replaces its layer.
      const kept: Pick<PageText, 'imageCoverage' | 'hasVectorGraphics' | 'images'> = {}
      if (page.imageCoverage !== undefined) kept.imageCoverage = page.imageCoverage
      if (page.images !== undefined) kept.images = page.images
      if (page.hasVectorGraphics !== undefined) kept.hasVectorGraphics = page.hasVectorGraphics
      // Where the OCR is unsure of a word, the old layer read the rest of that line as the OCR did and the two align
      // one word to one, the old word stands (mergeLayer); the notes count the words taken.
      let read = o
      if (run.merge && page.items.length && o.items.length) {
        const m = mergeLayer(o, page, run.merge)
        read = m.page
        s.notes.push(...m.notes)
      }
      s.page = { ...read, ...kept }
      s.action = 'ocr'
    }
  } catch (e) {
    s.error = errorInfo(e)
    s.action = 'failed'
  }
}

/** The layer is kept as it is; the pictures alone are read, and their words join it. */
async function ocrPictures(run: DocumentRun, s: PageState): Promise<void> {
  try {
    run.onStage?.(s.n, 'regions')
    const t0 = performance.now()
    const got = await ocrRegions(run.ocr!, s.page, s.verdict!.regions!, run.dpi, s.images!, s.verdict!.brokenFonts)
    s.timings.ocr = performance.now() - t0
    s.notes.push(...got.notes)
    if (got.readings.length) {
      s.regionText = got.regionText
      s.page = got.page
      s.ocrConfidence = meanConfidence(got.regionText)
    }
    // A picture read poorly flags the page, as a poor whole-page OCR does, though its sure words were kept: the
    // picture may hold more than the page now says.
    if (got.readings.length || got.poorlyRead) s.ocrQuality = got.poorlyRead ? 'poor' : 'good'
  } catch (e) {
    // The layer stands: a region that cannot be read loses only its own words.
    s.notes.push(`ocr: regions not read: ${errorInfo(e).message}`)
  }
}

/** Names the page's looks in its notes and counts an OCR that reused one. */
function noteLooks(run: DocumentRun, s: PageState): void {
  const looks = s.images?.looks ?? []
  const lookNote = looksNote(looks)
  if (looks.some((l) => l.by === 'ocr' && l.reused)) run.looks.ocrReused++
  if (s.looksNote) s.notes.splice(s.notes.indexOf(s.looksNote), 1)
  if (lookNote) s.notes.push((s.looksNote = lookNote))
}

/**
 * A page's path, in order. A stage whose `when` is false is passed over; a page whose record is settled (a page a rule
 * skips) leaves the path there. `judge`, `ocr` and `regions` are told to `onStage` as the page enters them.
 */
const PAGE_STAGES: readonly PageStep[] = [
  { name: 'known', when: (run, s) => !!run.knownPages?.has(s.n), run: (run, s) => void (s.result = run.knownPages!.get(s.n)!) },
  { name: 'skip', when: (run, s) => !!run.plan.skipPages?.has(s.n), run: skip },
  { name: 'extract', run: extract },
  { name: 'judge', run: judge },
  { name: 'unread', when: wantsUnreadImage, run: unreadImage },
  { name: 'ocr', when: wantsPageOcr, run: ocrWholePage },
  { name: 'regions', when: wantsRegionOcr, run: ocrPictures },
  { name: 'looks', run: noteLooks },
]

/** The stages after the judges', which a page a second word sends to OCR goes on through. */
const AFTER_JUDGE = PAGE_STAGES.slice(PAGE_STAGES.findIndex((x) => x.name === 'judge') + 1)

/** The record of a page that went the whole path. */
function pageRecord(s: PageState): PageResult {
  const verdict = s.verdict!
  const notes = [...verdict.notes, ...s.notes]
  const r: PageResult = {
    pageNumber: s.n,
    verdict: notes.length > verdict.notes.length ? { ...verdict, notes } : verdict,
    action: s.action,
    page: s.page,
    timings: s.timings,
  }
  const looks = s.images?.looks ?? []
  if (looks.length) r.looks = looks
  if (s.ocrConfidence !== undefined) r.ocrConfidence = s.ocrConfidence
  if (s.layerText !== undefined) r.layerText = s.layerText
  if (s.regionText) r.regionText = s.regionText
  if (s.ocrQuality) r.ocrQuality = s.ocrQuality
  if (s.repair) r.repair = s.repair
  if (s.ocr) r.ocr = s.ocr
  const err = s.error ?? s.extractError
  if (err) r.error = err
  return r
}

/** A page's record, with its state while a judge's second word on it is to come. */
interface DonePage {
  result: PageResult
  waiting?: PageState
}

/** The page through `stages` in order, past those whose `when` is false, until one settles its record (`s.result`). */
async function through(run: DocumentRun, s: PageState, stages: readonly PageStep[]): Promise<void> {
  for (const stage of stages) {
    if (stage.when && !stage.when(run, s)) continue
    // A stage that does not wait is not made to: pages in flight interleave as they did.
    const pending = stage.run(run, s)
    if (pending) await pending
    if (s.result) return
  }
}

/** One page through {@link PAGE_STAGES}. */
async function runPage(run: DocumentRun, n: number): Promise<DonePage> {
  const s: PageState = { n, timings: {}, page: emptyPage(n), action: 'kept', notes: [] }
  await through(run, s, PAGE_STAGES)
  if (s.result) return { result: s.result }
  const result = pageRecord(s)
  if (!s.revisit || s.action !== 'kept') return { result }
  // The page waits for the next pages: its renders are let go meanwhile (an OCR it may get renders anew).
  s.images?.dropRenders()
  return { result, waiting: s }
}

/**
 * The second word of the judges that asked for one on a waiting page ({@link Judge.revisit}): the first that needs
 * OCR becomes the page's verdict, or the first that names regions the verdict lacks gives it those regions (the layer
 * kept); its notes come after the first word's and the page goes on through {@link AFTER_JUDGE}. A judge that throws
 * fails the page, as in judging.
 */
async function revisitPage(run: DocumentRun, done: DonePage): Promise<PageResult> {
  const s = done.waiting
  if (!s?.extracted || !s.verdict) return done.result
  const ctx: JudgeContext = { ...run.ctx }
  const page = judgedView(run, s.extracted)
  for (const name of new Set(s.revisit)) {
    const judge = run.components.judges.find((j) => j.name === name)
    if (!judge?.revisit) continue
    let v: Verdict | undefined
    try {
      v = await callPlugin({ plugin: judge.name, stage: 'judge', page: s.n, file: ctx.file }, () => judge.revisit!(page, ctx), verdictProblem)
    } catch (e) {
      // as a judge that throws on the first pass: the page fails, its layer kept, and counts as needing OCR
      s.error = errorInfo(e)
      s.action = 'failed'
      s.verdict = { judge: 'pipeline', layer: 'unreadable', needsOcr: true, notes: [...s.verdict.notes, `judging failed: ${s.error.message}`] }
      return pageRecord(s)
    }
    if (!v || !(v.needsOcr || (v.regions?.length ?? 0) > (s.verdict.regions?.length ?? 0))) continue
    const notes = [...s.verdict.notes, ...v.notes.map((n) => `${v.judge}: ${n}`)]
    if (v.needsOcr) s.verdict = { ...v, notes }
    else {
      const { brokenFonts: _, ...was } = s.verdict
      s.verdict = { ...was, regions: v.regions!, ...(v.brokenFonts?.length ? { brokenFonts: v.brokenFonts } : {}), notes }
    }
    await through(run, s, AFTER_JUDGE)
    return pageRecord(s)
  }
  return done.result
}

/** One document on its way through {@link DOCUMENT_STAGES}. */
interface DocumentState {
  readonly t0: number
  readonly doc: ExtractedDocument
  readonly options: RunDocumentOptions
  readonly run: DocumentRun
  /** Run the post-processors (they hold the document's pages in memory). */
  readonly doPost: boolean
  /** The pages kept for the post-processors. */
  readonly keep: PageText[]
  readonly notes: string[]
  readonly actions: Record<PageAction, number>
  readonly needsOcr: number[]
  text?: DocumentText
  postprocessMs?: number
}

/** A named step of a document's path; `when` false passes the document over it. A step may yield events (pages). */
interface DocumentStep {
  name: string
  when?: (d: DocumentState) => boolean
  run: (d: DocumentState) => Promise<void> | AsyncIterable<PipelineEvent> | void
}

/** What the rules make of the document, its policy, engines and judging context: all its pages share them. */
function startDocument(doc: ExtractedDocument, components: PipelineComponents, options: RunDocumentOptions): DocumentState {
  const t0 = performance.now()
  const { file, signal } = options
  const plan: DocumentPlan = options.plan?.(doc.info) ?? { tags: [] }
  let policy: Policy = options.policy ?? 'auto'
  if (plan.forceOcr && policy !== 'extract-and-ocr') policy = 'ocr'
  if (plan.extractOnly) policy = 'extract'
  const setup = (engine: OcrEngine | undefined): OcrSetup | undefined =>
    engine
      ? { doc, engine, languages: options.languages, file, renders: { last: Promise.resolve() }, onImageWork: options.onImageWork, document: {} }
      : undefined
  const check = setup(policy === 'extract' ? undefined : components.ocr)
  const ocr = options.performOcr === false ? undefined : check
  const ctx: JudgeContext = { pageCount: doc.pageCount, info: doc.info }
  if (file) ctx.file = file
  if (signal) ctx.signal = signal
  const doPost = (options.postprocess ?? true) && components.postprocess.length > 0
  const run: DocumentRun = {
    components,
    plan,
    policy,
    signal,
    pages: new PageSource(doc, file),
    doc,
    check,
    ocr,
    ctx,
    dpi: options.ocrDpi ?? DEFAULT_OCR_DPI,
    docVerdict: undefined,
    needText: (options.needText ?? true) || doPost || ocr !== undefined,
    looks: { judges: 0, repairs: 0, reused: 0, ocrReused: 0 },
    merge: options.layerMerge === false ? undefined : (options.layerMerge ?? DEFAULT_LAYER_MERGE),
    onStage: options.onStage,
    unreadImages: options.unreadImages,
    knownPages: options.knownPages,
    revisitWithin: Math.max(0, options.revisitWithin ?? REVISIT_WITHIN),
    repairsFirst: options.repairsFirst ?? true,
    onHeld: options.onHeld,
  }
  const actions: Record<PageAction, number> = { kept: 0, repaired: 0, ocr: 0, failed: 0, skipped: 0 }
  const notes = [...(plan.notes ?? [])]
  if (options.knownPages?.size) notes.push(`rerun: ${options.knownPages.size} page(s) reused as an earlier run of the document left them; the others run again`)
  return { t0, doc, options, run, doPost, keep: [], notes, actions, needsOcr: [] }
}

/** Document-mode judges, which may sample pages (kept for their turn): a verdict they give stands for every page. */
async function judgeWhole(d: DocumentState): Promise<void> {
  const { doc, run } = d
  const { file } = d.options
  const view: DocumentView = { pageCount: doc.pageCount, info: doc.info, getPageText: (n) => run.pages.sample(n), ...(file ? { file } : {}) }
  run.docVerdict = await judgeDocument(view, run.components.judges, run.ctx)
}

/** Counts a finished page into the document, and keeps it for the post-processors. */
function finish(d: DocumentState, r: PageResult): PageResult {
  d.actions[r.action]++
  if (r.verdict.needsOcr && r.action !== 'skipped') d.needsOcr.push(r.pageNumber)
  if (d.doPost && r.action !== 'skipped') d.keep.push(r.page)
  return r
}

/** Each page of the range through {@link PAGE_STAGES}, `window` in flight, yielded in page order. */
async function* pages(d: DocumentState): AsyncGenerator<PipelineEvent> {
  const { doc, options, run } = d
  const { file, signal } = options
  const window = Math.max(1, options.pagesInFlight ?? (run.ocr ? Math.max(1, run.ocr.engine.concurrency ?? 1) * PAGES_AHEAD_PER_WORKER : 1))
  const inFlight: Array<Promise<DonePage>> = []
  // Pages done but not handed on: one waiting for a judge's second word, and the pages after it (page order).
  const held: DonePage[] = []
  const handOn = async function* (done: DonePage): AsyncGenerator<PipelineEvent> {
    held.push(done)
    while (held.length && (!held[0]!.waiting || held.length > run.revisitWithin))
      yield { type: 'page', result: finish(d, await revisitPage(run, held.shift()!)) }
    if (held.at(-1) === done) run.onHeld?.(done.result.pageNumber)
  }
  const from = Math.max(1, options.pageRange?.from ?? 1)
  const to = Math.min(doc.pageCount, options.pageRange?.to ?? doc.pageCount)
  for (let n = from; n <= to; n++) {
    if (signal?.aborted) throw new TriageError('ABORTED', `Aborted${file ? ` while processing ${file}` : ''}`, { file, cause: signal.reason })
    inFlight.push(runPage(run, n))
    // Extraction is sequential (one pdf.js per document); judging, repairs and OCR of the pages in flight overlap, the
    // engine reading up to its concurrency at once. Awaiting the head before queuing more bounds memory to `window`
    // pages.
    while (inFlight.length >= window) yield* handOn(await inFlight.shift()!)
  }
  while (inFlight.length) yield* handOn(await inFlight.shift()!)
  while (held.length) yield { type: 'page', result: finish(d, await revisitPage(run, held.shift()!)) }
}

/** The post-processors over the kept pages (rebuilt continuous text). */
async function postprocess(d: DocumentState): Promise<void> {
  const tp = performance.now()
  const text: DocumentText = { info: d.doc.info, pages: d.keep }
  if (d.options.file) text.file = d.options.file
  d.text = await postprocessDocument(text, d.run.components.postprocess, d.notes)
  d.postprocessMs = performance.now() - tp
}

/** What the judges' and repairs' looks cost the document. A document whose pages all read (no judge looked, no repair
 * was tried) has no such note: it paid nothing. */
function noteDocumentLooks(d: DocumentState): void {
  const { looks } = d.run
  d.notes.push(
    `looks: ${looks.judges} region(s) OCRed by the judges, ${looks.repairs} by the repairs` +
      (looks.reused ? `, ${looks.reused} answered by a reading already made` : '') +
      (looks.ocrReused ? `; ${looks.ocrReused} page(s) OCRed by reusing a look at the OCR resolution` : ''),
  )
}

/**
 * A document's path, in order, after {@link startDocument}; a stage whose `when` is false is passed over. The document's
 * record follows the last.
 */
const DOCUMENT_STAGES: readonly DocumentStep[] = [
  { name: 'judge', run: judgeWhole },
  { name: 'pages', run: pages },
  { name: 'postprocess', when: (d) => d.doPost, run: postprocess },
  { name: 'looks', when: (d) => !!(d.run.looks.judges || d.run.looks.repairs), run: noteDocumentLooks },
]

function documentRecord(d: DocumentState): DocumentResult {
  const { doc, options } = d
  const result: DocumentResult = {
    info: doc.info,
    pageCount: doc.pageCount,
    needsOcr: d.needsOcr,
    actions: d.actions,
    tags: d.run.plan.tags,
    notes: d.notes,
    ms: performance.now() - d.t0,
  }
  if (options.file) result.file = options.file
  if (d.text) result.text = d.text
  if (d.postprocessMs !== undefined) result.postprocessMs = d.postprocessMs
  return result
}

const isEvents = (x: Promise<void> | AsyncIterable<PipelineEvent> | void): x is AsyncIterable<PipelineEvent> => !!x && Symbol.asyncIterator in x

/**
 * Runs one open document through judges, repairs, OCR and post-processors ({@link DOCUMENT_STAGES}), yielding each page
 * in page order as it is done, then the document. Pages are streamed: only the pages in flight (the OCR engine's
 * concurrency) are held, unless post-processors need the whole document. The caller owns `doc` and closes it.
 */
export async function* runDocument(doc: ExtractedDocument, components: PipelineComponents, options: RunDocumentOptions = {}): AsyncGenerator<PipelineEvent> {
  const d = startDocument(doc, components, options)
  for (const stage of DOCUMENT_STAGES) {
    if (stage.when && !stage.when(d)) continue
    const out = stage.run(d)
    // A stage that does not wait is not made to, as in a page's path.
    if (isEvents(out)) yield* out
    else if (out) await out
  }
  yield { type: 'document', result: documentRecord(d) }
}
