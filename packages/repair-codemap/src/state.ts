// The state the code-map repair keeps: per document (the fonts settled so far) and per page (what each stage of the
// page's repair fills in), with the geometry and region reading the stages share.
import type { BBox, PageText, RepairContext } from '@pdftriage/core'
import type { FontModel, Votes } from './align.js'
import type { Agreement, FontLearning, LinePair } from './learn.js'
import type { Glyph, LayerLine, OcrChar, SpacingModel, Spacer } from './layout.js'
import type { ResolvedCodemapOptions } from './options.js'

/** Text given to a code of a broken font that no anchor has read yet. */
export const UNKNOWN_CODE = '\ufffd'

/** Why a page was declined (the last note of its evidence says it too). */
export type DeclineReason =
  | 'no text'
  | 'invisible text'
  | 'no OCR to anchor on'
  | 'regions spent'
  | 'anchor OCR disagrees'
  | 'no broken font with a map'
  | 'coverage'
  | 'function words'
  | 'judges'

/** Thrown by a page's `recognizeRegion` once the document's regions are spent (`maxRegionsPerDocument`). */
export class RegionsSpent extends Error {
  constructor(readonly spent: number) {
    super(`the document's ${spent} OCR regions are spent`)
  }
}

/** What the document has settled about one font. */
export interface FontState {
  healthy: boolean
  /** code -> text, once learned. */
  map: Map<string, string>
  votes: Votes
  regions: number
  /** How the map was made, for notes: `OCR-anchored from page 3`. */
  how: string
  agreement?: number
  /** Set when an anchor's map was rejected: no more regions are spent on it in this document. */
  rejected?: boolean
  /** Advances and word gap of a font whose spacing is rebuilt, learned from its anchor's OCR. */
  spacing?: SpacingModel
  /** Its glyph names read as the OCR read its glyphs: codes met later take their names' text, with no OCR. */
  named?: boolean
  /** A font the OCR reads no letters in: it draws pictures (kept as the layer gives them unless that is refused). */
  pictures?: boolean
  /** Learned from a few glyphs beside other fonts (no anchor of its own yet): anchored only where it has many. */
  fromFew?: boolean
  /** Codes a region was read for after its anchors (learned or not): no other region is read for them. */
  tried?: Set<string>
}

/** Per document: the fonts settled so far and a queue that keeps anchors in page order. */
export interface DocState {
  fonts: Map<string, FontState>
  queue: Promise<unknown>
  anchorFunctionWords?: number
  ocrRegions: number
  /** Fonts whose glyph names the anchor OCR confirmed, and fonts whose names it contradicted. */
  namesConfirmed: number
  namesRefuted: number
  /** Words (3 letters or more, lower case) of the pages repaired so far. */
  vocabulary: Set<string>
  /** Fonts too small for an anchor that a region was read for: none is read for them again. */
  triedFonts: Set<string>
  /**
   * Glyph names the file defines for each font asked for (`RepairContext.glyphNames`: also the names of the font
   * program's built-in encoding), `null` for a font the extractor could not tell.
   */
  fileNames: Map<string, Record<string, string> | null>
}

/** A document's state before its first page. */
export function newDocState(): DocState {
  return {
    fonts: new Map(),
    queue: Promise.resolve(),
    ocrRegions: 0,
    namesConfirmed: 0,
    namesRefuted: 0,
    vocabulary: new Set(),
    triedFonts: new Set(),
    fileNames: new Map(),
  }
}

/** A region of the page read by OCR: its box and the words read in it. */
export interface Region {
  box: BBox
  words: PageText['items']
}

/**
 * One page's repair, as its stages fill it in (the stage list is in codemap-repair.ts). Each field says which stage
 * fills it; a stage reads only what the stages before it filled.
 */
export interface PageState {
  readonly page: PageText
  readonly ctx: RepairContext
  readonly doc: DocState
  readonly options: ResolvedCodemapOptions
  /** The evidence, in the order it was found: the notes of the page's record. */
  readonly notes: string[]
  /** The runs laid out with the spacing the document's fonts had learned when the page began. */
  readonly spacer: Spacer

  /** count fonts: the layer's lines, glyphs (spaces aside) per font, and all of them. */
  lines: LayerLine[]
  count: Map<string, number>
  total: number

  /** settle by names: per font, the text its glyph names give each code (code key -> text). */
  names: ReadonlyMap<string, ReadonlyMap<string, string>>

  /** choose anchor lines: lines with codes no anchor has read, of fonts still worth a region. */
  needed: LayerLine[]
  /** choose anchor lines: the fonts a region is spent for (others read in it learn for free). */
  spentFor: Set<string>

  /**
   * Every region read on this page (look, learn unread codes, read unmapped runs, verify words): the text of fonts
   * without a confirmed map is taken from them, and the repaired lines are checked against them where no anchor did.
   */
  regionsRead: Region[]
  /** look: the anchor region, when the page needed one. */
  anchor?: AnchorRead
  /** learn: what the anchor's OCR taught, before it is verified. */
  learning?: AnchorLearning
  /** verify anchor: whether an anchor read on this page settled maps of broken fonts. */
  anchored: boolean
  /** learn: the anchor's agreement with the lines decoded by what it taught (undefined: no anchor on this page). */
  pageAgreement?: number

  /** sort fonts: fonts of the page with a map (learn unread codes adds the new fonts it learns whole). */
  withMaps: Set<string>
  /**
   * sort fonts: fonts with a map that read the page by it. This and `unread` and `shortRead` are sorted again when
   * learn unread codes or read unmapped runs teach codes.
   */
  broken: Set<string>
  /** sort fonts: fonts whose anchors were refused (no map of theirs is used: their runs take the OCR's text). */
  refused: Set<string>
  /** sort fonts: per font with a map, its glyphs on the page and those of codes no anchor read. */
  unread: Map<string, [number, number]>
  /** sort fonts: fonts short of coverage, whose runs holding codes no region read take the OCR's text. */
  shortRead: Set<string>

  /** learn unread codes: fonts met here first that the OCR reads no letters in. */
  picturesHere: Set<string>

  /** read unmapped runs: the OCR's text for runs (by index in the spacer's runs) no map reads. */
  runText: Map<number, string>

  /** apply: the repaired page, its fonts with their code maps for writers, and what its text says. */
  repaired?: Repaired

  /** verify by judges: the page the repair returns (the repaired one, or it without its picture fonts' text). */
  result?: PageText
}

/** What the look stage read for the page's anchor. */
export interface AnchorRead {
  /** The lines read: the needed ones, or every line when they are most of the page. */
  use: LayerLine[]
  box: BBox
  /** The fonts of the lines read still to learn (small ones too: the region is paid for already). */
  wanted: Set<string>
  words: PageText['items']
}

/** What the learn stage made of the anchor's OCR. */
export interface AnchorLearning {
  /** What the alignment of the lines with the OCR taught of each font, and its glyph-OCR pairs. */
  learned: { fonts: Map<string, FontLearning>; pairs: LinePair[] }
  /** The OCR's characters by layer line. */
  ocrLines: OcrChar[][]
  /** Candidate states: settled fonts keep their map, new codes take the anchor's votes. */
  next: Map<string, FontState>
  /** Fonts whose glyph names the anchor confirmed (over enough letters to count for the document). */
  newlyConfirmed: Set<string>
  /** The lines checked against the OCR: respaced, half by half, where the anchor taught spacing. */
  checked: LayerLine[]
  /** The candidates' agreement with the OCR over `checked`. */
  agreement: Agreement
  /** Broken fonts among the candidates. */
  brokenHere: string[]
}

/** What the apply stage built. */
export interface Repaired {
  /** The page with the maps applied and the fonts' code maps for writers. */
  cand: PageText
  /** The fonts' records of `cand`, code maps included (the judges' retry without picture fonts keeps them). */
  fonts: PageText['fonts']
  /** Share of the broken fonts' glyphs whose code has a learned text. */
  coverage: number
  fw: { share: number; words: number }
  /** Words of 3 letters or more of the repaired text, lower case. */
  words: string[]
}

/** The page's state before its first stage. */
export function newPageState(page: PageText, ctx: RepairContext, doc: DocState, options: ResolvedCodemapOptions, notes: string[], spacer: Spacer): PageState {
  return {
    page,
    ctx,
    doc,
    options,
    notes,
    spacer,
    lines: [],
    count: new Map(),
    total: 0,
    names: new Map(),
    needed: [],
    spentFor: new Set(),
    regionsRead: [],
    anchored: false,
    withMaps: new Set(),
    broken: new Set(),
    refused: new Set(),
    unread: new Map(),
    shortRead: new Set(),
    picturesHere: new Set(),
    runText: new Map(),
  }
}

/** The spacing models the document's fonts have learned. */
export function spacingOf(state: DocState): Map<string, SpacingModel> {
  const out = new Map<string, SpacingModel>()
  for (const [f, s] of state.fonts) if (s.spacing) out.set(f, s.spacing)
  return out
}

/** What the alignment knows of the document's fonts: healthy ones, and the settled maps and votes of the others. */
export function knownModels(state: DocState): Map<string, FontModel> {
  const known = new Map<string, FontModel>()
  for (const [f, s] of state.fonts) known.set(f, s.healthy ? { healthy: true } : { map: s.map, votes: s.votes })
  return known
}

/** A glyph's text through the document's settled maps: its own for a healthy or unknown font. */
export function settledText(state: DocState, g: Glyph): string {
  const s = state.fonts.get(g.font)
  return !s || s.healthy ? g.text : (s.map.get(g.code) ?? UNKNOWN_CODE)
}

/** Needed lines above this share of a page's glyphs: the whole page is OCRed rather than a region. */
export const WHOLE_PAGE = 0.5
/**
 * Letters and digits the OCR reads per glyph of a region under which its new fonts draw pictures, not text: text
 * reads at about one letter a glyph (punctuation aside); lshort-fr's picture-mode line fonts (LINE10, LINEW10) read
 * 0 letters over the 345 glyphs of the figure of its page 133.
 */
export const PICTURE_READ = 0.2
/**
 * Letters and digits of settled lines a region must hold before their agreement with its OCR says anything either
 * way: about one line of prose (lshort-fr's formula regions hold 2-22 letters of settled lines, where one misread
 * word moves the share by a quarter).
 */
export const MIN_CHECK_CHARS = 60
/** Words a page needs before its function-word share says anything. */
export const MIN_WORDS = 60
/** Share of a broken font's glyphs on a page that must have a learned text before the page is repaired. */
export const MIN_COVERAGE = 0.98
/** Points of margin around a region, so that OCR sees whole glyphs. */
const REGION_MARGIN = 4

/** The OCR region over lines' box: REGION_MARGIN around it, 8 pt more above and 4 below, within the page. */
export function regionAround(box: BBox, page: { width: number; height: number }): BBox {
  return {
    x0: Math.max(0, box.x0 - REGION_MARGIN),
    y0: Math.max(0, box.y0 - REGION_MARGIN - 8),
    x1: Math.min(page.width, box.x1 + REGION_MARGIN),
    y1: Math.min(page.height, box.y1 + REGION_MARGIN + 4),
  }
}

/** The words the regions read, each once: regions may overlap, and a word is the first region's whose box holds its centre. */
export function wordsOnce(regions: readonly Region[]): PageText['items'] {
  return regions.flatMap((r, k) => r.words.filter((w) => !regions.slice(0, k).some((q) => within(centre(w.bbox), q.box))))
}

/** Reads the region over `lines` (see {@link regionAround}), counted for the document. */
export async function readOver(lines: readonly LayerLine[], p: PageState): Promise<Region> {
  let box: BBox | undefined
  for (const l of lines) box = union(box, l.box)
  box = regionAround(box!, p.page)
  const ocr = await p.ctx.recognizeRegion!(box, p.options.dpi)
  p.doc.ocrRegions++
  return { box, words: ocr.items }
}

/** Whether box `b` lies wholly within box `r`. */
export const within = (b: BBox, r: BBox): boolean => b.x0 >= r.x0 && b.x1 <= r.x1 && b.y0 >= r.y0 && b.y1 <= r.y1

/** Whether a line lies wholly within one of the regions read on the page. */
export const inRegions = (l: LayerLine, regions: readonly Region[]): boolean => regions.some((r) => within(l.box, r.box))

/** The centre of a box, as a box of no extent (so that {@link within} says whether a box's centre is in another). */
const centre = (b: BBox): BBox => {
  const x = (b.x0 + b.x1) / 2
  const y = (b.y0 + b.y1) / 2
  return { x0: x, y0: y, x1: x, y1: y }
}

/** The box over `a` and `b` (`b` alone when `a` is undefined). */
export function union(a: BBox | undefined, b: BBox): BBox {
  return a ? { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) } : { ...b }
}

/** Glyphs (spaces aside) of the lines. */
export const glyphsIn = (ls: readonly LayerLine[]): number => ls.reduce((a, l) => a + l.glyphs.filter((g) => !g.space).length, 0)

/** A region's size for notes: `612x792`. */
export const sizeOf = (b: BBox): string => `${Math.round(b.x1 - b.x0)}x${Math.round(b.y1 - b.y0)}`
