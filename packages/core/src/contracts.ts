// The contracts a plugin implements, one interface per role (extractor, judge, repair, OCR engine, post-processor),
// and the factory every plugin package exports as its default.
import type { ZodType } from 'zod'
import type { BBox } from './geometry.js'
import type { DocumentInfo, DocumentText, PageImage, PageText, Verdict } from './types.js'
import type { RoleKind } from './preset.js'
import type { Writer } from './writer.js'

/** Options every extractor accepts when opening a document. */
export interface OpenOptions {
  password?: string
  signal?: AbortSignal
  /** The file name, for error messages only (extractors take bytes, never paths). */
  file?: string
}

/**
 * Turns PDF bytes into pages. Takes bytes, not paths: no I/O inside components.
 * The caller owns the returned document and must `close()` it (or `await using` it).
 */
export interface Extractor {
  readonly name: string
  open(pdf: Uint8Array, options?: OpenOptions): Promise<ExtractedDocument>
}

/** An open document. Pages are produced on demand so that memory does not grow with document length. */
export interface ExtractedDocument extends AsyncDisposable {
  readonly pageCount: number
  readonly info: DocumentInfo
  /** Text of page `n` (1-based). */
  getPageText(n: number): Promise<PageText>
  /** Renders page `n` (1-based) to grey pixels at `dpi`. */
  renderPage(n: number, dpi: number): Promise<PageImage>
  /**
   * Optional: the glyph names page `n`'s fonts `fontIds` give the codes they can draw, as the file defines them (font
   * id -> code in decimal -> name): `/Differences` over the base encoding, or over the encoding built into the font
   * program. More than a page's `FontInfo.glyphNames` (the `/Differences` of the codes drawn), and dearer (a second
   * reading of the file): asked for by repairs of fonts whose map is false, not for every page. Fonts the extractor
   * cannot tell are left out. Where the font program draws other glyphs with the very same outline, their names follow
   * the code's own, separated by spaces (`g17 e`: a glyph renamed to a number beside its original; names hold no white
   * space).
   */
  getGlyphNames?(n: number, fontIds: readonly string[]): Promise<Record<string, Record<string, string>>>
  close(): Promise<void>
}

/** A read-only view of the document for judges that look at more than one page. */
export interface DocumentView {
  readonly file?: string
  readonly pageCount: number
  readonly info: DocumentInfo
  /** Text of page `n` (1-based), cached by the runner. */
  getPageText(n: number): Promise<PageText>
}

/** What a judge is told besides the page. */
export interface JudgeContext {
  file?: string
  pageCount: number
  info: DocumentInfo
  signal?: AbortSignal
  /**
   * OCRs a region of this page (box in points, top-left origin) rendered at `dpi`, returning words with boxes in page
   * points. Present only when the pipeline has an OCR engine and the policy allows OCR; costs OCR time, so judges use
   * it to spot-check a layer against the page image, never to read whole pages. With `turn`, the region is read
   * turned clockwise by that many degrees (text set sideways); boxes are still on the page as displayed.
   */
  recognizeRegion?: (box: BBox, dpi: number, turn?: 0 | 90 | 180 | 270) => Promise<PageText>
  /**
   * The resolution the pipeline OCRs this page at when the verdict sends it to OCR; absent when it never will (triage,
   * a policy or rule that never OCRs it). A whole page read upright at this resolution with `recognizeRegion` is the
   * page's OCR, not read again, and answers every region of the page asked for upright at this resolution afterwards
   * (a repair's anchor lines): a judge sure a page will need OCR or a repair that reads it may look at it so, at no
   * extra cost.
   */
  ocrDpi?: number
  /** This page's fonts' glyph names as the file defines them ({@link ExtractedDocument.getGlyphNames}), when the extractor can tell. */
  glyphNames?: (fontIds: readonly string[]) => Promise<Record<string, Record<string, string>>>
  /**
   * Which script a region of this page's image shows (box in points, rendered at `dpi`, the render shared with
   * `recognizeRegion` at the same resolution). Present only when the OCR engine can tell ({@link OcrEngine.detectScript})
   * and the policy allows OCR: a judge asks it whether the layer is even written in the script the page shows.
   */
  detectScript?: (box: BBox, dpi: number) => Promise<ScriptGuess | undefined>
  /**
   * Asks the runner to give the judge named `judge` a second word on this page ({@link Judge.revisit}) once the
   * document's next pages are judged: a judge whose look at this page leaned one way without settling it, and whose
   * memory of the document may settle it later. Present only where the runner can hold a page back (not when it judges
   * an OCR text); the page and those after it are handed on in order when it has been revisited.
   */
  revisitLater?: (judge: string) => void
  /**
   * True on a page's first judging where repairs follow and the judges may look at the page image: a judge whose look
   * would only put to the image damage its own measures found may leave that look and mark its verdict `unconfirmed`.
   * The runner then tries the repairs first; a page a repair reads is settled, the repair's evidence its confirmation
   * (glyph names that turn junk into prose, a map learned from an anchor's lines that the OCR reads as decoded), and
   * any other page is judged again, looks allowed (the repairs are not tried again).
   */
  repairsFirst?: boolean
}

/** The script an engine sees in an image, and how sure it is. */
export interface ScriptGuess {
  /**
   * Unicode script names (as in `\p{Script=...}`) the image's writing is made of: `['Cyrillic']`; Japanese is
   * `['Han', 'Hiragana', 'Katakana']`.
   */
  scripts: string[]
  /** The engine's name for what it saw (`Japanese`, `Latin`), for the notes. */
  name: string
  /** How sure the engine is, on its own scale (an option of the judge that reads it sets the bar). */
  confidence: number
}

/**
 * Says whether a page's text layer reads. Returns `undefined` to abstain ("cannot tell").
 * The runner keeps the first verdict that needs OCR (or is `blank`); otherwise the last readable verdict stands.
 */
export interface Judge {
  readonly name: string
  judge(page: PageText, ctx: JudgeContext): Verdict | undefined | Promise<Verdict | undefined>
  /**
   * Optional document mode: judge the whole document from samples before any page is judged. A returned verdict
   * applies to every page and `judge` is not called; `undefined` falls back to judging page by page.
   */
  judgeDocument?(doc: DocumentView, ctx: JudgeContext): Promise<Verdict | undefined>
  /**
   * Optional second word on a page whose judging asked for it (`ctx.revisitLater`), given once the document's next pages
   * (up to `RunDocumentOptions.revisitWithin`) are judged, from what the judge learnt of the document meanwhile. No look
   * is spent on it (`ctx` has no image access). Only a verdict that needs OCR or names more `regions` than the page's
   * changes the page: the first replaces the page's verdict and the page goes on to OCR as the policy says (repairs are
   * not tried again), the second gives the page's verdict its regions (and `brokenFonts`), OCRed as the policy says;
   * `undefined` leaves it.
   */
  revisit?(page: PageText, ctx: JudgeContext): Verdict | undefined | Promise<Verdict | undefined>
}

/** What a repair is told besides the failing page. */
export interface RepairContext extends JudgeContext {
  /** The verdict that sent the page to repair. */
  verdict: Verdict
  /** Runs the configured judges on a candidate page: a repair may test candidates before returning one. */
  judge(page: PageText): Promise<Verdict>
}

/**
 * Recovers a damaged layer without OCR. Returns the repaired page (source `repaired`, with the repair's evidence in
 * `notes` of the returned object) or `undefined` when it cannot recover it with confidence: a wrong repair is worse
 * than OCR. The runner judges the result again and keeps it only if it then reads.
 */
export interface Repair {
  readonly name: string
  repair(page: PageText, ctx: RepairContext): RepairResult | undefined | Promise<RepairResult | undefined>
}

/** A repaired page and the evidence for it. */
export interface RepairResult {
  page: PageText
  notes: string[]
}

/** Options for one recognition. */
export interface RecognizeOptions {
  /** Tesseract-style language codes, e.g. `['fra', 'eng']`; the engine's default when absent. */
  languages?: string[]
  signal?: AbortSignal
  /**
   * Resolution (dots per inch) of the scanned image under the page when it is lower than the render's: the render
   * enlarged it, and pdf.js enlarges without interpolation (each image pixel becomes a block), which an engine may
   * smooth before reading.
   */
  sourceDpi?: number
  /**
   * The same object for every reading of one document's pages, and nothing in it: an engine may key what it learned
   * of the document by it (a language picked on its first poor page, reused on the next). Absent: each reading stands
   * alone.
   */
  document?: object
  /**
   * The image is a part of its page (a judge's or a repair's region, a picture, a band read to find the page's turn):
   * what it reads says little of the document's language, so an engine picks none from it (it may read it in one
   * already picked from whole pages).
   */
  part?: boolean
}

/**
 * Reads a page image. The result is a `PageText` with `source: 'ocr'`, word items with confidences, boxes in points.
 * An engine holding workers must be closed by whoever created it.
 */
export interface OcrEngine {
  readonly name: string
  recognize(image: PageImage, options?: RecognizeOptions): Promise<PageText>
  /** How many pages it can usefully recognise at once (its worker count); the runner keeps that many in flight. */
  readonly concurrency?: number
  /**
   * Optional: the script an image shows, without reading it (`undefined` when it cannot tell: too little writing).
   * Judges use it through {@link JudgeContext.detectScript}.
   */
  detectScript?(image: PageImage, options?: { signal?: AbortSignal }): Promise<ScriptGuess | undefined>
  close(): Promise<void>
}

/** Rebuilds a document's text (lines, paragraphs, hyphens, headers). Must not mutate its input. */
export interface PostProcessor {
  readonly name: string
  process(doc: DocumentText): DocumentText | Promise<DocumentText>
}

/** The kinds of plugin and the component each creates. */
export interface ComponentKinds {
  extractor: Extractor
  judge: Judge
  repair: Repair
  ocr: OcrEngine
  postprocess: PostProcessor
  writer: Writer
}

/** A plugin kind: the config slot it fills. */
export type PluginKind = keyof ComponentKinds

type SameKinds = [PluginKind] extends [RoleKind] ? ([RoleKind] extends [PluginKind] ? true : false) : false
type Assert<T extends true> = T
/** The kinds the naming convention knows are the contracts' kinds, both ways: this fails to compile when they differ. */
export type KindsAgree = Assert<SameKinds>

/** What a factory is told besides its options. */
export interface CreateContext {
  /** Folder that relative paths in the options are resolved from (the config file's folder). */
  baseDir: string
}

/**
 * What a judge costs a page, so that judges can be ordered cheapest first without knowing them by name:
 * - `characters`: statistics of the layer's characters (microseconds a page);
 * - `model`: a language model over the layer's text (about a millisecond a page);
 * - `ocr`: it OCRs part of the page image on most pages it judges (about a second a page): it belongs last, on pages
 *   the others passed.
 */
export type JudgeCost = 'characters' | 'model' | 'ocr'

/** What a plugin states about itself for front ends (the CLI) that compose and size components. Every field optional. */
export interface PluginCapabilities {
  extractor: Record<never, never>
  judge: {
    /** Where the judge belongs in the order; a judge that says nothing is taken as `characters`. */
    cost?: JudgeCost
  }
  repair: Record<never, never>
  ocr: {
    /**
     * The option (a positive integer) setting how many pages the engine reads at once, each on a worker thread: a
     * front end sharing the cores between jobs sets it when the config does not.
     */
    workersOption?: string
    /**
     * Checks, before any work, that the engine created with `options` (as the config gives them) has data for
     * `languages`, or for its own languages when undefined; throws `OCR_LANGUAGE_MISSING` in one line saying what is
     * installed. A front end asks it so that a missing language stops a command at once, where the engine would
     * otherwise fail every OCRed page one by one. Options the engine does not take are left to its creation.
     */
    checkLanguages?: (options: unknown, languages: readonly string[] | undefined) => void | Promise<void>
  }
  postprocess: Record<never, never>
  writer: Record<never, never>
}

/**
 * The default export of a plugin package: validates its options with its own zod schema and creates the component.
 * Heavy dependencies are imported inside `create`, not at module load.
 */
export interface PluginFactory<K extends PluginKind = PluginKind, O = unknown> {
  readonly kind: K
  readonly name: string
  readonly optionsSchema: ZodType<O>
  /** What front ends need to know to place and size the component. */
  readonly capabilities?: PluginCapabilities[K]
  create(options: O, ctx: CreateContext): ComponentKinds[K] | Promise<ComponentKinds[K]>
}

/** Identity helper that types a plugin factory. */
export function definePlugin<K extends PluginKind, O>(factory: PluginFactory<K, O>): PluginFactory<K, O> {
  return factory
}

/** The kinds a factory may declare, for validation of foreign modules. */
export const PLUGIN_KINDS: readonly PluginKind[] = ['extractor', 'judge', 'repair', 'ocr', 'postprocess', 'writer']
