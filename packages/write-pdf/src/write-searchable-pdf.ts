// The searchable copy of a PDF: OCRed and repaired pages given an invisible layer or corrected maps, pages turned or
// straightened when asked, everything else kept as it was, written as PDF or PDF/A-2B.
import type { PDFDocument as PdfLibDocument, PDFPage, PDFRef } from 'pdf-lib'
import { TriageError, readingTurn, type FontInfo, type PageAction, type PageText } from '@pdftriage/core'
import { accentSpans, readsAccents, type SpanFont } from './accent-spans.js'
import { pageContent } from './content-stream.js'
import { drawnCodes, type DrawnFont } from './drawn-codes.js'
import { GlyphlessEncoder, embedGlyphlessFont } from './glyphless-font.js'
import { writePdfOptionsSchema, type WritePdfOptions } from './options.js'
import { makePdfA, pdfaBlockers, pdfaError } from './pdfa.js'
import { straightenMatrix, straightenedPage } from './straighten.js'
import { textLayerContent, type PageFrame } from './text-layer.js'
import {
  ToUnicodePlan,
  advancesByFont,
  codesByFont,
  interchangeable,
  letterSpacedFonts,
  pageCodeMaps,
  pageFonts,
  resolveEachFontDict,
  resolveFontChoices,
  simpleWidths,
  type PagePlan,
} from './tounicode.js'

/** Name carried by this package's errors. */
export const WRITER_NAME = 'write-pdf'

/** One page as the runner finished it: what was done (see core's `PageAction`) and the text kept for it. */
export interface WritePage {
  /** 1-based. */
  pageNumber: number
  action: PageAction
  page: PageText
  /**
   * On a page that kept its layer: the OCR of its pictures' text (core's `PageResult.regionText`). Only these words
   * are written, invisibly; the page's own text is neither hidden nor repeated.
   */
  regions?: PageText
}

/** What {@link writeSearchablePdf} did, page by page, for the report. */
export interface WriteSummary {
  /** 1-based numbers of the pages that received an invisible layer. */
  layered: number[]
  /** 1-based numbers of the repaired pages whose fonts got a corrected ToUnicode instead of a layer. */
  remapped: number[]
  /**
   * 1-based numbers of the layered pages whose fonts' codes were written as spaces: letter-spaced repaired fonts, and
   * the fonts of the text a layer replaces (see `blankReplacedText`).
   */
  blanked: number[]
  /** Fonts and codes written into ToUnicode CMaps. */
  toUnicode: { fonts: number; codes: number }
  /** Repaired pages with code maps that kept the layer: a code of theirs reads otherwise on another page. */
  conflicting: number[]
  /** Accents drawn over their letter on remapped pages, wrapped with the letter in an /ActualText span (see `accentText`). */
  accentSpans: number
  /** Font dictionaries whose codes were written as spaces for the layered pages (see `blankReplacedText`). */
  blankedFonts: number
  /** OCRed pages given a /Rotate that shows them upright (`rotatePages`), and the clockwise turn added. */
  turned: Array<{ pageNumber: number; degrees: 90 | 180 | 270 }>
  /** OCRed pages whose content is drawn straightened (`deskew`), and the skew (degrees clockwise) undone. */
  straightened: Array<{ pageNumber: number; degrees: number }>
}

/** Actions whose text is written as an invisible layer; every other page is left exactly as it was. */
const LAYERED: ReadonlySet<PageAction> = new Set(['ocr', 'repaired'])

/** A number as a content stream operand: six decimals keep a turned page's matrix within a micro-point. */
const num = (n: number) => (Math.abs(n) < 1e-9 ? '0' : Number(n.toFixed(6)).toString())

/** Opens a marked-content span whose /ActualText is empty: poppler and mupdf then extract nothing from its content. */
const EMPTY_ACTUAL_TEXT = '/Span <</ActualText <FEFF>>> BDC\n'

/**
 * Writes a searchable copy of `input`: pages whose action is `ocr` or `repaired` get their `page` text as an
 * invisible layer (render mode 3, glyphless Type0 font with a ToUnicode CMap) positioned from the item boxes; the
 * other pages, the images, the vector content and the document metadata (Info, XMP) are kept as they were, without
 * re-encoding. Returns new bytes; `input` is not modified. Rejects with a `TriageError` (stage `write`):
 * `PDF_ENCRYPTED`; `PDF_INVALID` for bytes pdf-lib cannot load or rewrite, or where it finds fewer pages than `pages`
 * name (a damaged page tree the extractor read through); `PLUGIN_FAILED` for a page number that is no integer;
 * `PDFA_INCOMPATIBLE` with `outputType: 'pdfa'` for an input holding what PDF/A-2B forbids (see `pdfaBlockers`).
 */
export async function writeSearchablePdf(input: Uint8Array, pages: readonly WritePage[], options: WritePdfOptions = {}): Promise<Uint8Array> {
  return (await writeSearchablePdfWithSummary(input, pages, options)).pdf
}

/**
 * Rejects with `PDFA_INCOMPATIBLE`, as the writer would, when `input` holds what PDF/A-2B forbids and the writer cannot
 * mend: a front end calls it before OCR, so as not to OCR a document it cannot write. Bytes pdf-lib cannot load pass
 * (the writer says what is wrong with them).
 */
export async function assertPdfACandidate(input: Uint8Array): Promise<void> {
  const lib = await import('pdf-lib')
  let doc: PdfLibDocument
  try {
    doc = await lib.PDFDocument.load(input, { updateMetadata: false, ignoreEncryption: false })
  } catch {
    return
  }
  const blockers = pdfaBlockers(doc, lib)
  if (blockers.length) throw pdfaError(blockers, WRITER_NAME)
}

/** As {@link writeSearchablePdf}, also saying which pages were layered. */
export async function writeSearchablePdfWithSummary(
  input: Uint8Array,
  pages: readonly WritePage[],
  options: WritePdfOptions = {},
): Promise<{ pdf: Uint8Array; summary: WriteSummary }> {
  const o = writePdfOptionsSchema.parse(options)
  const { PDFDocument, EncryptedPDFError } = await import('pdf-lib')
  let doc: PdfLibDocument
  try {
    // updateMetadata: false keeps Producer, Creator and the dates of the input instead of pdf-lib's own
    doc = await PDFDocument.load(input, { updateMetadata: false, ignoreEncryption: false })
  } catch (e) {
    // instanceof alone misses when pdf-lib's CJS and ESM builds both load; its message is stable in 1.17
    if (e instanceof EncryptedPDFError || (e instanceof Error && /\bis encrypted\b/.test(e.message))) {
      throw new TriageError(
        'PDF_ENCRYPTED',
        'Cannot write a searchable copy of an encrypted PDF (even one that opens without a password): decrypt it first, e.g. with qpdf --decrypt',
        { cause: e, plugin: WRITER_NAME, stage: 'write' },
      )
    }
    const msg = e instanceof Error ? e.message : String(e)
    throw new TriageError('PDF_INVALID', `pdf-lib cannot load the input: ${msg}`, { cause: e, plugin: WRITER_NAME, stage: 'write' })
  }
  if (o.outputType === 'pdfa') {
    // before any work: an input PDF/A cannot take fails at once, saying why
    const lib = await import('pdf-lib')
    const blockers = pdfaBlockers(doc, lib)
    if (blockers.length) throw pdfaError(blockers, WRITER_NAME)
  }
  try {
    return await rewrite(doc, pages, o, input)
  } catch (e) {
    if (e instanceof TriageError) throw e
    // pdf-lib reads a damaged file less forgivingly than the extractor did (a page tree that lists itself, a catalog
    // whose /Pages is no dictionary: 18 of 320 files of the hostile set that pdf.js read): the file, not the writer
    const msg = e instanceof Error ? e.message : String(e)
    throw new TriageError('PDF_INVALID', `pdf-lib cannot rewrite the input (${msg}): repair it, e.g. with qpdf, for a searchable copy`, {
      cause: e,
      plugin: WRITER_NAME,
      stage: 'write',
    })
  }
}

/** One rewrite's state: the document, its options, the ToUnicode plan, the glyphless font being filled, the summary. */
interface Rewrite {
  doc: PdfLibDocument
  lib: typeof import('pdf-lib')
  o: ReturnType<typeof writePdfOptionsSchema.parse>
  plan: ToUnicodePlan
  summary: WriteSummary
  encoder: GlyphlessEncoder
  fontRef: PDFRef
  /** The streams that mark the replaced text as having no text of its own (`hideReplacedText: 'actual-text'`). */
  hide: { start: PDFRef; end: PDFRef } | undefined
  /** The layered pages that replace their text, with the fonts their own content draws (read before the layer is added). */
  replaced: Array<{ pageNumber: number; drawn: Map<string, DrawnFont> }>
}

/** The body of {@link writeSearchablePdfWithSummary} once pdf-lib has loaded the input. */
async function rewrite(
  doc: PdfLibDocument,
  pages: readonly WritePage[],
  o: ReturnType<typeof writePdfOptionsSchema.parse>,
  input: Uint8Array,
): Promise<{ pdf: Uint8Array; summary: WriteSummary }> {
  const lib = await import('pdf-lib')
  const pdfPages = doc.getPages()
  const encoder = new GlyphlessEncoder()
  const fontRef = doc.context.nextRef() // assigned once every page is encoded, so ToUnicode lists all codes used
  const plan = await planToUnicode(doc, pdfPages, pages, o.toUnicode)
  const summary: WriteSummary = {
    layered: [],
    remapped: [],
    blanked: [],
    toUnicode: { fonts: 0, codes: 0 },
    conflicting: plan.conflicting,
    accentSpans: 0,
    blankedFonts: 0,
    turned: [],
    straightened: [],
  }
  const ctx = doc.context
  const hideStart = o.hideReplacedText === 'actual-text' ? ctx.register(ctx.stream(EMPTY_ACTUAL_TEXT)) : undefined
  const hideEnd = hideStart ? ctx.register(ctx.stream('EMC\n')) : undefined
  const run: Rewrite = {
    doc,
    lib,
    o,
    plan,
    summary,
    encoder,
    fontRef,
    hide: hideStart && hideEnd ? { start: hideStart, end: hideEnd } : undefined,
    replaced: [],
  }
  let fontUsed = false
  for (const wp of pages) {
    const target = pageOf(pdfPages, wp.pageNumber)
    const replaces = LAYERED.has(wp.action)
    const layer = replaces ? wp.page : wp.regions?.items.length ? wp.regions : undefined
    if (!layer) continue
    // A page repaired by code maps gets them as ToUnicode CMaps of its own fonts: every extractor then reads the
    // repaired text from the file itself, and the page's content is not touched (but for the spans of accents drawn over
    // their letters, `accentText`: the same glyphs, drawn the same).
    if (wp.action === 'repaired' && plan.remaps(wp.pageNumber)) {
      summary.remapped.push(wp.pageNumber)
      if (o.accentText) summary.accentSpans += await wrapAccents(doc, target, plan.fontsOf(wp.pageNumber))
      continue
    }
    await addTextLayer(run, wp, target, layer, replaces)
    fontUsed = true
  }
  if (run.replaced.length) await blankReplaced(doc, pdfPages, run.replaced, plan, summary)
  if (fontUsed) await embedGlyphlessFont(doc, encoder, fontRef)
  summary.toUnicode = await plan.write(doc)
  if (o.outputType === 'pdfa') makePdfA(doc, lib, input)
  const pdf = await doc.save({ useObjectStreams: o.objectStreams, updateFieldAppearances: false })
  return { pdf, summary }
}

/** pdf-lib's page `pageNumber`; a page number it does not find is an error of the input's page tree. */
function pageOf(pdfPages: readonly PDFPage[], pageNumber: number): PDFPage {
  const target = pdfPages[pageNumber - 1]
  if (!Number.isInteger(pageNumber)) {
    throw new TriageError('PLUGIN_FAILED', `Page ${pageNumber} is no page number`, { plugin: WRITER_NAME, stage: 'write', page: pageNumber })
  }
  if (!target) {
    // the extractor read this page: pdf-lib, which does not repair a damaged page tree, finds fewer
    throw new TriageError(
      'PDF_INVALID',
      `pdf-lib finds ${pdfPages.length} page(s) in the input, not page ${pageNumber}: its page tree is damaged; repair it, e.g. with qpdf, for a searchable copy`,
      { plugin: WRITER_NAME, stage: 'write', page: pageNumber },
    )
  }
  return target
}

/**
 * Draws `layer` over page `target` in the glyphless font: straightened and turned upright first when asked and OCR
 * measured it so, the page's own text hidden or blanked when the layer replaces it.
 */
async function addTextLayer(run: Rewrite, wp: WritePage, target: PDFPage, layer: PageText, replaces: boolean): Promise<void> {
  const { doc, lib, o, summary } = run
  const ctx = doc.context
  const drawn = replaces && o.blankReplacedText ? await drawnCodes(doc, target) : undefined
  const crop = target.getCropBox()
  // the frame the OCR measured its boxes on: the page as displayed before any turn this writer adds
  const frame: PageFrame = { x0: crop.x, y0: crop.y, x1: crop.x + crop.width, y1: crop.y + crop.height, rotate: target.getRotation().angle }
  const ocred = wp.action === 'ocr' && layer.source === 'ocr'
  const skew = o.deskew && ocred && layer.skew !== undefined && Math.abs(layer.skew) >= o.deskewMinDegrees ? layer.skew : 0
  const drawnLayer = skew ? straightenedPage(layer, skew) : layer
  const turn = o.rotatePages && ocred ? readingTurn(drawnLayer) : 0
  // normalize() also wraps the original content in q/Q, so a CTM it leaves changed cannot move the layer
  target.node.normalize()
  const fontName = target.node.newFontDictionary('GlyphLess', run.fontRef).asString().slice(1)
  const contents = target.node.Contents()
  if (skew && contents instanceof lib.PDFArray) {
    // the original content, turned back about the page centre; its images are drawn as they are, not re-encoded
    contents.insert(0, ctx.register(ctx.stream(`q ${straightenMatrix(frame, skew).map(num).join(' ')} cm\n`)))
    contents.push(ctx.register(ctx.stream('Q\n')))
    summary.straightened.push({ pageNumber: wp.pageNumber, degrees: skew })
  }
  if (turn) {
    // /Rotate turns the page clockwise as displayed; the layer, drawn in user space, turns with it
    target.setRotation(lib.degrees((((frame.rotate + turn) % 360) + 360) % 360))
    summary.turned.push({ pageNumber: wp.pageNumber, degrees: turn })
  }
  const content = textLayerContent(drawnLayer, frame, fontName, run.encoder)
  if (!content) return
  if (replaces && run.hide && contents instanceof lib.PDFArray) {
    contents.insert(0, run.hide.start)
    contents.push(run.hide.end)
  }
  target.node.addContentStream(ctx.register(ctx.flateStream(content)))
  summary.layered.push(wp.pageNumber)
  if (wp.action === 'repaired' && run.plan.blanks(wp.pageNumber)) summary.blanked.push(wp.pageNumber)
  if (drawn?.size) run.replaced.push({ pageNumber: wp.pageNumber, drawn })
}

/**
 * Plans the codes the `replaced` pages' own content shows as spaces in their fonts (`blankReplacedText`), but for fonts
 * a page that keeps its text can draw with: that page reads as before. Notes the pages and fonts in `summary`.
 */
async function blankReplaced(
  doc: PdfLibDocument,
  pdfPages: readonly PDFPage[],
  replaced: ReadonlyArray<{ pageNumber: number; drawn: Map<string, DrawnFont> }>,
  plan: ToUnicodePlan,
  summary: WriteSummary,
): Promise<void> {
  const { PDFName, PDFDict, PDFRef, PDFArray } = await import('pdf-lib')
  const mine = new Set(replaced.map((r) => r.pageNumber))
  let kept: Set<string>
  try {
    kept = new Set(pdfPages.flatMap((p, i) => (mine.has(i + 1) ? [] : pageFonts(doc, p, PDFName, PDFDict, PDFRef, PDFArray).map((c) => c.ref.toString()))))
  } catch {
    // a page whose resources pdf-lib cannot read may draw with any font: none is blanked
    return
  }
  const fonts = new Set<string>()
  for (const r of replaced) {
    let any = false
    for (const [key, f] of r.drawn)
      if (!kept.has(key) && plan.blank(f.ref, f.dict, f.type0, f.codes)) {
        fonts.add(key)
        any = true
      }
    if (any && !summary.blanked.includes(r.pageNumber)) summary.blanked.push(r.pageNumber)
  }
  summary.blanked.sort((a, b) => a - b)
  summary.blankedFonts = fonts.size
}

/**
 * Wraps the accents the page's own content streams draw over their letters, in the planned `fonts`, in /ActualText
 * spans (see accent-spans.ts); the streams become one. Returns the spans written; 0 leaves the page as it was (no
 * pair, a stream pdf-lib cannot decode, content the reader cannot follow).
 */
async function wrapAccents(doc: PdfLibDocument, page: PDFPage, fonts: ReturnType<ToUnicodePlan['fontsOf']>): Promise<number> {
  const lib = await import('pdf-lib')
  const { PDFName, PDFDict, PDFRef, PDFArray } = lib
  const res = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict)
  if (!res) return 0
  const byName = new Map<string, SpanFont>()
  for (const [name, ref] of res.entries()) {
    const f = ref instanceof PDFRef ? fonts.find((x) => x.ref === ref || x.ref.toString() === ref.toString()) : undefined
    if (!f || f.subtype === 'Type0' || !readsAccents(f.map.values())) continue
    const width = simpleWidths(f.dict, f.subtype, PDFName)
    if (width) byName.set(name.decodeText(), { width, map: Object.fromEntries([...f.map].map(([c, t]) => [String(c), t])) })
  }
  if (byName.size === 0) return 0
  const content = pageContent(lib, doc, page)
  if (!content) return 0
  const done = accentSpans(content.text, byName)
  if (!done) return 0
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(Buffer.from(done.content, 'latin1'))))
  // the old streams go unless another page draws them too
  const shared = new Set(
    doc
      .getPages()
      .filter((p) => p !== page)
      .flatMap((p) => {
        const c = p.node.get(PDFName.of('Contents'))
        return (c instanceof PDFArray ? c.asArray() : [c]).map((x) => String(x))
      }),
  )
  for (const r of content.streams) if (r instanceof PDFRef && !shared.has(r.toString())) doc.context.delete(r)
  return done.spans
}

/** A code map reading each of `codes` as a space (a letter-spaced page's fonts: the layer gives their words). */
const spaces = (codes: ReadonlySet<number>): Record<string, string> => Object.fromEntries([...codes].map((c) => [String(c), ' ']))

/**
 * The ToUnicode CMaps to write: the code maps of the repaired pages whose fonts all resolve to dictionaries (see
 * {@link ToUnicodePlan} for pages that disagree), and for codes only other pages draw with those fonts, the text
 * those pages extract today (their glyphs' text as the extractor read it).
 */
async function planToUnicode(doc: PdfLibDocument, pdfPages: readonly PDFPage[], pages: readonly WritePage[], enabled: boolean): Promise<ToUnicodePlan> {
  const plans: PagePlan[] = []
  if (enabled)
    for (const wp of pages) {
      const target = pdfPages[wp.pageNumber - 1]
      if (!target || wp.action !== 'repaired') continue
      const maps = pageCodeMaps(wp.page)
      if (maps.size === 0) continue
      const { resolved: dicts, open } = await resolveFontChoices(doc, target, maps, advancesByFont(wp.page))
      const drawn = codesByFont(wp.page)
      // A page of letter-spaced fonts keeps its layer (the CMaps cannot give its words); its fonts' codes are written as
      // spaces, so that extractors that read both (pdf.js, mupdf) read the layer's words and not the broken text too.
      const blank = letterSpacedFonts(wp.page, maps.keys()).length > 0
      const fonts = [...maps].flatMap(([id, f]) => {
        const dict = dicts.get(id)
        const codes = drawn.get(id) ?? new Set<number>()
        return dict ? [{ dict, codeMap: blank ? spaces(codes) : f.codeMap, drawn: codes }] : []
      })
      if (fonts.length < maps.size) {
        // spaces need no font told from another in a group of look-alikes; text does
        const groups = blank ? interchangeable(open, drawn) : []
        for (const g of groups) for (const dict of g.dicts) fonts.push({ dict, codeMap: spaces(g.codes), drawn: g.codes })
        if (dicts.size + groups.reduce((n, g) => n + g.dicts.length, 0) < maps.size) continue
      }
      plans.push({ pageNumber: wp.pageNumber, fonts, ...(blank ? { blank } : {}) })
    }
  const plan = new ToUnicodePlan(plans)
  if (plans.length === 0) return plan
  for (const wp of pages) {
    const target = pdfPages[wp.pageNumber - 1]
    if (!target || plan.remaps(wp.pageNumber)) continue
    const byFont = new Map<string, Array<{ code: number; text: string }>>()
    for (const it of wp.page.items) {
      if (!it.glyphs || it.fontId === undefined) continue
      let l = byFont.get(it.fontId)
      if (!l) byFont.set(it.fontId, (l = []))
      for (const g of it.glyphs) if (g.code >= 0) l.push(g)
    }
    if (byFont.size === 0) continue
    // the page's resources are walked once for all its fonts
    const infos = new Map<string, FontInfo>()
    for (const id of byFont.keys()) {
      const f = wp.page.fonts?.[id]
      if (f) infos.set(id, f)
    }
    const dicts = await resolveEachFontDict(doc, target, infos, advancesByFont(wp.page))
    for (const [id, gs] of byFont) {
      const dict = dicts.get(id)
      if (dict && plan.has(dict)) for (const g of gs) plan.keep(dict, g.code, g.text)
    }
  }
  return plan
}
