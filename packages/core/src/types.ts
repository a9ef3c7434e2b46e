// The data that flows through the pipeline: text items and pages, page images, document metadata, judges' verdicts,
// and each page's and document's result.
import type { BBox } from './geometry.js'

/** One run of text on a page, as the extractor or OCR engine gave it. */
export interface TextItem {
  text: string
  /** Box in points, top-left origin (see geometry.ts). */
  bbox: BBox
  /** Key into {@link PageText.fonts}; `undefined` when the backend cannot tell (OCR). */
  fontId?: string
  /** Font size in points, when known. */
  fontSize?: number
  /** True when the backend says a line ends after this item. */
  hasEol?: boolean
  /** OCR confidence 0..1; `undefined` for a text layer. */
  confidence?: number
  /**
   * The item's glyphs, when the extractor can tell them: what a repair of a font whose character map is false reads
   * (each glyph's code and place) and what a writer puts a corrected map on. Absent for OCR and for extractors that
   * see text only.
   */
  glyphs?: ItemGlyph[]
}

/** One glyph of an item: its character code in the font, the text the layer gives for it, its extent in points. */
export interface ItemGlyph {
  /** The code in the content stream (a CID for composite fonts); -1 when the extractor has none. */
  code: number
  /** May be empty (an accent merged into its letter) or several characters (a ligature). */
  text: string
  /** Horizontal extent, points, top-left origin. */
  x0: number
  x1: number
  /** True when the extractor put a space before it (a gap it read as a word space). */
  spaceBefore: boolean
  /**
   * True when the gap before it was wide enough for a space but the extractor took the space back because the line's
   * letters looked set apart (see `mayBeLettered`); a repair that reads other letters there may judge the line again.
   */
  spaceTaken?: boolean
}

/** What the extractor could tell of a font. `undefined` fields mean "cannot tell". */
export interface FontInfo {
  id: string
  name?: string
  embedded?: boolean
  hasToUnicode?: boolean
  /** Font program kind as the backend names it: 'Type1', 'TrueType', 'Type3', 'Type0'... */
  kind?: string
  /** True for fonts that draw nothing visible (tesseract's GlyphLessFont, text render mode 3). */
  invisible?: boolean
  /**
   * Glyph names the font's `/Encoding /Differences` gives the codes drawn on the page (code in decimal -> name): a
   * second account of the text beside the ToUnicode map, which a broken map does not touch.
   */
  glyphNames?: Record<string, string>
}

/** A picture a page paints, as the extractor saw it drawn: where text the layer lacks may be. */
export interface PagePicture {
  /** Axis-aligned box of the picture in points, top-left origin, clipped to the page (clip paths are not applied). */
  bbox: BBox
  /** Drawn by an annotation's appearance (a stamp, a signature), over the page, not by the page's own content. */
  annotation?: true
  /** The image's own size in pixels, when the extractor knows it (not for a stamp drawn as outlines). */
  pixels?: { width: number; height: number }
}

/** The text of one page. Page numbers are 1-based. */
export interface PageText {
  pageNumber: number
  /** Page size in points. */
  width: number
  height: number
  items: TextItem[]
  /** Items joined in reading order, NFC. */
  text: string
  fonts?: Record<string, FontInfo>
  /** Share 0..1 of the page area under painted images; `undefined` when the backend cannot tell. */
  imageCoverage?: number
  /** True when the page paints vector graphics (paths) that are not text; `undefined` when the backend cannot tell. */
  hasVectorGraphics?: boolean
  /**
   * The pictures the page paints, largest first: its images, and those of annotation appearances (marked
   * `annotation`; they are not in `imageCoverage`). Images under {@link MIN_PICTURE_SHARE} of the page (bitmap glyphs,
   * bullets, rules) are left out. `undefined` when the backend cannot tell (OCR; OCR text that replaced a layer keeps
   * the pictures of the page it read).
   */
  images?: PagePicture[]
  /**
   * OCR only: the clockwise turn (degrees) at which the page image was read, when it was scanned sideways or upside
   * down. Item boxes are always on the page as displayed; a writer turns each word's baseline by this much.
   */
  rotation?: 0 | 90 | 180 | 270
  /**
   * OCR only: the skew (degrees, clockwise) of the text on the image, which the engine straightened before reading it.
   * Item boxes are on the page as displayed (each covers its word's turned box).
   */
  skew?: number
  /**
   * OCR only: what the engine chose for this page and why (`ocr: ...`), for the page's notes: a language it picked
   * over the one asked, say.
   */
  notes?: string[]
  /**
   * Runs whose text is blank only but whose glyphs have codes (a false map naming letters tabs or spaces), left out of
   * `items` as every blank run is; `before` is the index of the item each stands before. Extractors that carry glyphs
   * may give them; code-map repairs put them back.
   */
  blankRuns?: Array<TextItem & { before: number }>
  source: 'text-layer' | 'repaired' | 'ocr'
}

/**
 * Share of the page area under which a painted image is not listed in {@link PageText.images}: 0.001 of A4 is a
 * 22 x 22 pt square, the size of a bitmap glyph of a Type 3 font or an icon, while one word set as an image at 10 pt
 * is already 0.002-0.003.
 */
export const MIN_PICTURE_SHARE = 0.001

/**
 * The resolution pages and OCR regions are rendered at for OCR unless configured otherwise (the runner's `ocrDpi`,
 * the spot-check judge's and the code-map repair's `dpi`). Tesseract's documentation asks for at least 300 dpi; the
 * spot-check judge's README measured 200 dpi too: the same verdicts, but 8 pt print has an x-height of ~10 px there,
 * where tesseract starts to lose characters.
 */
export const DEFAULT_OCR_DPI = 300

/** A rendered page: grey pixels, one byte each, row-major, no padding. */
export interface PageImage {
  pageNumber: number
  width: number
  height: number
  dpi: number
  /** `width * height` bytes, 0 = black, 255 = white. */
  data: Uint8Array
}

/** Metadata of a document. `undefined` fields were not present. */
export interface DocumentInfo {
  pageCount: number
  producer?: string
  creator?: string
  /** xmp:CreatorTool from the XMP packet. */
  creatorTool?: string
  title?: string
  author?: string
  /** ISO 8601 where the PDF date parsed, else the raw string. */
  creationDate?: string
  modificationDate?: string
  /** PDF header version, e.g. '1.7'. */
  pdfVersion?: string
  encrypted?: boolean
  /**
   * Images the extractor leaves out of the page because drawing one (at the size of the largest of it and its masks)
   * would exceed its pixel limit: the object (`"15 0"`) and that size. Text is not affected; renders lack the pictures.
   */
  imagesLeftOut?: { ref: string; width: number; height: number }[]
}

/**
 * What a judge found of a page's text layer.
 * - `healthy`: reads; `blank`: no text and nothing to OCR (no image)
 * - `absent`: no layer over content that has one; `sparse`: only a running head or folio
 * - `garbled`: character statistics say junk; `unreadable`: a language model says junk
 * - `recoverable`: junk that a repair turned into text that reads
 * - `uncertain`: a layer neither its characters nor the page image can settle (a script the OCR cannot read); its
 *   `needsOcr` is the judge's configured choice
 */
export type Layer = 'healthy' | 'absent' | 'sparse' | 'garbled' | 'unreadable' | 'recoverable' | 'blank' | 'uncertain'

/** A judge's answer for one page. `notes` keep the numbers in the order they were taken. */
export interface Verdict {
  judge: string
  layer: Layer
  needsOcr: boolean
  score?: number
  threshold?: number
  notes: string[]
  /**
   * On a page whose layer reads: regions (points, top-left origin) where the page image shows text the layer lacks,
   * such as a screenshot or a scanned stamp on a born-digital page. The runner OCRs these regions alone and adds their
   * text to the layer's, which it keeps as it is.
   */
  regions?: BBox[]
  /**
   * Fonts (the items' `fontId`) whose text the page does not show, on a page whose `regions` take them in: the OCR's
   * words over their items replace those items' text, where the runner would otherwise drop them as the layer's own
   * text read again.
   */
  brokenFonts?: string[]
  /**
   * A damage verdict whose judge left the look that would confirm it to after the repairs
   * ({@link JudgeContext.repairsFirst}); the runner judges the page again, looks allowed, when no repair reads it.
   */
  unconfirmed?: boolean
}

/**
 * One look at a page image: a region (or the whole page) read by OCR for a judge, a repair or the OCR stage. A page's
 * looks share its renders and readings (one render per resolution, one reading per region, resolution and turn).
 */
export interface PageLook {
  by: 'judge' | 'repair' | 'ocr'
  dpi: number
  /** The region read, in page points; absent for the whole page. */
  box?: BBox
  /** The OCR stage's orientation check: the middle band of the page. */
  band?: boolean
  /** Degrees the region was turned clockwise before reading. */
  turn: number
  /** Whether the page was rendered for this look (false: a render of the page at this resolution was reused). */
  rendered: boolean
  /** A reading already made of the same region at the same resolution and turn answered this look: no OCR ran. */
  reused?: boolean
  /** Wall-clock milliseconds, render included. */
  ms: number
}

/** What the runner did with a page. */
export type PageAction = 'kept' | 'repaired' | 'ocr' | 'failed' | 'skipped'

/** Everything the runner knows of one page once it is done. */
export interface PageResult {
  pageNumber: number
  /** The verdict on the page's own text layer (after a successful repair: the verdict on the repaired text). */
  verdict: Verdict
  action: PageAction
  /** Name of the repair that recovered the layer, when one did. */
  repair?: string
  /** The text kept for the page (layer, repaired or OCR). */
  page: PageText
  /** With policy `extract-and-ocr`: the OCR text beside the layer. */
  ocr?: PageText
  /**
   * The OCR of the verdict's `regions` on a page that kept its layer: their words with boxes in page points, their
   * text (also added to `page.text`, and the words to `page.items` after the layer's). A searchable PDF gets invisible
   * text for these words only.
   */
  regionText?: PageText
  /** The layer's own text, when OCR replaced it or was kept beside it (for a review of both side by side). */
  layerText?: string
  /** When the page was OCRed: mean word confidence 0..1 of the OCR (see `meanConfidence`). */
  ocrConfidence?: number
  /** When the page was OCRed: `poor` when the OCR itself reads badly (low confidence, or the judges call it junk). */
  ocrQuality?: 'good' | 'poor'
  /** Set when action is `failed` (the page keeps whatever text it had). */
  error?: { code: string; message: string; plugin?: string; stage?: string }
  /** Milliseconds spent on the page, by stage. */
  timings?: Partial<Record<'extract' | 'judge' | 'repair' | 'render' | 'ocr', number>>
  /** The looks at the page image, in order (none when nothing looked). */
  looks?: PageLook[]
}

/** A paragraph of the rebuilt text, with the pages it came from (1-based). */
export interface Paragraph {
  text: string
  pages: number[]
  kind?: 'body' | 'heading' | 'header' | 'footer' | 'footnote' | 'list'
}

/** A whole document's text, handed to post-processors. */
export interface DocumentText {
  file?: string
  info: DocumentInfo
  pages: PageText[]
  /** Set by a post-processor: the rebuilt paragraphs in reading order. */
  paragraphs?: Paragraph[]
  /** Set by a post-processor: the clean text; when absent, writers join page texts with form feeds. */
  text?: string
  /** Free-form notes from post-processors for the report. */
  notes?: string[]
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
