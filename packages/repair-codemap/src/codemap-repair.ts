import {
  definePlugin,
  joinItems,
  TextAligner,
  type BBox,
  type DocumentInfo,
  type FontInfo,
  type ItemGlyph,
  type PageText,
  type Repair,
  type RepairContext,
  type RepairResult,
} from '@pdftriage/core'
import { decide, type FontModel, type Votes } from './align.js'
import { agreement, labelledSteps, learnFonts, mapOf } from './learn.js'
import {
  codeKey,
  itemGlyphs,
  layerLines,
  learnSpacing,
  ocrByLine,
  ocrOfRuns,
  respaced,
  NO_FONT,
  Spacer,
  type Glyph,
  type LayerLine,
  type SpacingModel,
} from './layout.js'
import { codemapOptionsSchema, type ResolvedCodemapOptions } from './options.js'
import { pageNameTexts } from './glyph-names.js'
import { functionWordShare } from './words.js'
import { joinGlyphs, spacingAccent } from './accents.js'

/** Name of the repair in page records and notes. */
export const CODEMAP_NAME = 'codemap'

/** Text given to a code of a broken font that no anchor has read yet. */
export const UNKNOWN_CODE = '\ufffd'

/** Share of a broken font's glyphs on a page that must have a learned text before the page is repaired. */
const MIN_COVERAGE = 0.98
/**
 * A page repaired from a settled map (no OCR of its own) must keep at least this share of the function words its
 * document's anchor page had: the same document, the same language (a false map reads near 0).
 */
const FUNCTION_WORD_KEEP = 0.4
/** Words a page needs before its function-word share says anything. */
const MIN_WORDS = 60
/** Needed lines above this share of a page's glyphs: the whole page is OCRed rather than a region. */
const WHOLE_PAGE = 0.5
/**
 * Letters and digits the OCR reads per glyph of a region under which its new fonts draw pictures, not text: text
 * reads at about one letter a glyph (punctuation aside); lshort-fr's picture-mode line fonts (LINE10, LINEW10) read
 * 0 letters over the 345 glyphs of the figure of its page 133.
 */
const PICTURE_READ = 0.2
/** Points of margin around a region, so that OCR sees whole glyphs. */
const REGION_MARGIN = 4

/** The OCR region over lines' box: REGION_MARGIN around it, 8 pt more above and 4 below, within the page. */
function regionAround(box: BBox, page: { width: number; height: number }): BBox {
  return {
    x0: Math.max(0, box.x0 - REGION_MARGIN),
    y0: Math.max(0, box.y0 - REGION_MARGIN - 8),
    x1: Math.min(page.width, box.x1 + REGION_MARGIN),
    y1: Math.min(page.height, box.y1 + REGION_MARGIN + 4),
  }
}

/** Why a page was declined (the last note of its evidence says it too). */
export type DeclineReason = 'no text' | 'no OCR to anchor on' | 'anchor OCR disagrees' | 'no broken font with a map' | 'coverage' | 'function words' | 'judges'

/** What the document has settled about one font. */
interface FontState {
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
}

/** Per document: the fonts settled so far and a queue that keeps anchors in page order. */
interface DocState {
  fonts: Map<string, FontState>
  queue: Promise<unknown>
  anchorFunctionWords?: number
  ocrRegions: number
  /** Fonts whose glyph names the anchor OCR confirmed, and fonts whose names it contradicted. */
  namesConfirmed: number
  namesRefuted: number
  /** Words (3 letters or more, lower case) of the pages repaired so far. */
  vocabulary: Set<string>
}

/**
 * Share of a font's aligned glyphs whose glyph-name text must be what the OCR read there for the names to be used:
 * the OCR-voted maps agree with their own anchors at 0.875-1.0 per font (lshort-fr, variant A), OCR misreads and
 * alignment slips included; names that belong to another encoding or only number the glyphs agree on next to none.
 */
const NAMES_AGREE = 0.8
/** Names contradicted under this share (with {@link NAMES_PAIRS} pairs or more) make the document's names untrusted. */
const NAMES_REFUTE = 0.5
/** Aligned glyphs a font needs before its names count as confirmed (or refuted) for the document. */
const NAMES_PAIRS = 20
/** Fewest aligned glyphs before a font's names are used at all (a heading of three letters says little). */
const NAMES_MIN_PAIRS = 3
/**
 * Fonts whose names the OCR confirmed, none contradicted, after which the document's glyph names are trusted: a
 * producer writes true names for all its fonts or for none (pdfTeX writes each encoding's names once for every font
 * set in it), so fonts met later are read by their names with no OCR of their own.
 */
const NAMES_TRUSTED = 2
/** Share of a font's glyphs on a page that must have a name before the names speak for the font. */
const NAMED_SHARE = 0.9
/** Share of named glyphs whose layer text is their name's above which the font is healthy (two accounts agree). */
const NAMES_HEALTHY = 0.9
/** Above this share of named glyphs reading as their names the layer may be right: names do not replace it unread. */
const NAMES_BROKEN = 0.5
/**
 * A settled page short of function words (an index, a table of commands) still passes when this share of its words
 * were met on the document's pages repaired before: a false map's words are strings never seen.
 */
const VOCABULARY_KEEP = 0.6
/** Words of 3 letters or more a page needs before its vocabulary share says anything. */
const MIN_VOCABULARY_WORDS = 30
/**
 * Letters and digits of settled lines a region must hold before their agreement with its OCR says anything either
 * way: about one line of prose (lshort-fr's formula regions hold 2-22 letters of settled lines, where one misread
 * word moves the share by a quarter).
 */
const MIN_CHECK_CHARS = 60

/** Whether box `b` lies wholly within box `r`. */
const within = (b: BBox, r: BBox): boolean => b.x0 >= r.x0 && b.x1 <= r.x1 && b.y0 >= r.y0 && b.y1 <= r.y1

/** The centre of a box, as a box of no extent (so that {@link within} says whether a box's centre is in another). */
const centre = (b: BBox): BBox => {
  const x = (b.x0 + b.x1) / 2
  const y = (b.y0 + b.y1) / 2
  return { x0: x, y0: y, x1: x, y1: y }
}

function union(a: BBox | undefined, b: BBox): BBox {
  return a ? { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) } : { ...b }
}

/**
 * The page with each glyph of a broken font replaced (`decode(font, key)`), text rebuilt as the extractor joined it;
 * runs `read` gives (by index in the spacer's runs) take that text whole (what the OCR read over them). Glyphs read as
 * accents over their letters are put in `accents` (font -> code -> combining mark).
 * Items that carry their glyphs are rebuilt glyph by glyph, spaces where the spacer puts them; runs of fonts whose
 * spacing is rebuilt are joined on their line by the spacer too (the extractor ends a line at each of their descenders).
 */
export function applyMaps(
  page: PageText,
  decode: (font: string, code: string) => string,
  broken: ReadonlySet<string>,
  spacer = new Spacer(page),
  read: ReadonlyMap<number, string> = new Map(),
  accents?: Map<string, Map<number, string>>,
): PageText {
  const aligner = new TextAligner(page.text)
  let trail = ''
  let text = ''
  let aligned = true
  let prev: { font: string; g: ItemGlyph; line: number } | undefined
  const items = spacer.runs
    .map((it, i) => {
      const f = it.fontId ?? NO_FONT
      // the page's own blanks are in its text already
      if (it.blank && !broken.has(f) && !read.has(i)) return undefined
      const line = spacer.lineOf[i]!
      let out = it.text
      const gs = itemGlyphs(it)
      const spaced = (k: number) => (k > 0 && spacer.before(f, gs!, k, it.fontSize) ? ' ' : '')
      const ocred = read.get(i)
      if (ocred !== undefined) out = ocred
      else if (broken.has(f)) {
        out = gs
          ? spacer.rebuilt(f)
            ? gs
                .map((g, k) => spaced(k) + decode(f, codeKey(g.code)))
                .join('')
                .normalize('NFC')
            : // glyph extents are true here (a font of rebuilt spacing has false widths): accents are placed by them
              joinGlyphs(
                gs,
                gs.map((g) => decode(f, codeKey(g.code))),
                spaced,
                accents?.get(f) ?? accents?.set(f, new Map()).get(f),
              )
          : Array.from(it.text, (c) => (c === ' ' ? c : decode(f, c))).join('')
      } else if (gs && spacer.rebuilt(f) && gs.map((g) => g.text).join('') === it.text.replace(/ /g, '')) {
        // a healthy font of rebuilt spacing keeps its text, spaced by its advances (when its glyphs hold all of it)
        out = gs.map((g, k) => spaced(k) + g.text).join('')
      }
      if (aligned) {
        const found = aligner.place(it.text)
        if (found === undefined) aligned = false
        else {
          let gap = found
          const lead = /^[\s\0]*/u.exec(it.text)![0]
          if (lead || trail) {
            // blanks and control characters of the runs themselves (a false map's tabs and line feeds) are in the gap as
            // the extractor tidied them: only the line ends beyond theirs are the page's
            const nl = (t: string) => t.split('\n').length - 1
            const ends = nl(gap) - nl(lead) - nl(trail)
            gap = ends >= 2 ? '\n\n' : ends === 1 ? '\n' : gap.length > lead.length + trail.length ? ' ' : ''
          }
          if (gs && prev && prev.line === line && spacer.rebuilt(f) && spacer.rebuilt(prev.font) && /^\s*$/.test(gap))
            gap = spacer.before(f, gs, 0, it.fontSize, prev) ? ' ' : ''
          text += gap + out
          trail = /[\s\0]*$/u.exec(it.text)![0]
        }
      }
      prev = gs ? { font: f, g: gs[gs.length - 1]!, line } : undefined
      if (it.blank) {
        // a blank run is an item of the repaired page once its codes read as something
        if (!out.trim()) return undefined
        const { blank: _, ...rest } = it
        return { ...rest, text: out }
      }
      return out === it.text ? it : { ...it, text: out }
    })
    .filter((it): it is PageText['items'][number] => it !== undefined)
  text = aligned ? (text + aligner.rest()).normalize('NFC') : joinItems(items)
  return { ...page, items, text, source: 'repaired' }
}

/** The repair component. One instance serves many documents: state is kept per document, dropped with it. */
export class CodemapRepair implements Repair {
  readonly name = CODEMAP_NAME
  private readonly docs = new WeakMap<DocumentInfo, DocState>()
  /** The evidence of the last page declined (the runner keeps notes of returned repairs only), for diagnostics. */
  declined: { page: number; reason: DeclineReason; notes: string[] } | undefined

  constructor(private readonly options: ResolvedCodemapOptions) {}

  async repair(page: PageText, ctx: RepairContext): Promise<RepairResult | undefined> {
    let st = this.docs.get(ctx.info)
    if (!st)
      this.docs.set(ctx.info, (st = { fonts: new Map(), queue: Promise.resolve(), ocrRegions: 0, namesConfirmed: 0, namesRefuted: 0, vocabulary: new Set() }))
    const state = st
    // Pages of one document are repaired one after the other, so that a page waits for the anchor of the page before
    // it instead of paying for its own.
    const notes: string[] = []
    const run = state.queue.then(async () => {
      const r = await this.repairPage(page, ctx, state, notes)
      if (typeof r === 'string') {
        notes.push(`declined: ${r}`)
        this.declined = { page: page.pageNumber, reason: r, notes }
        return undefined
      }
      return r
    })
    state.queue = run.catch(() => undefined)
    return run
  }

  /**
   * What the fonts' glyph names settle before any OCR: codes of fonts whose names were confirmed take their names'
   * text; a font met for the first time whose layer reads as its names is healthy; and once the document's names are
   * trusted ({@link NAMES_TRUSTED}), a new font whose layer does not read as its names is read by them.
   */
  private settleByNames(lines: readonly LayerLine[], names: ReadonlyMap<string, ReadonlyMap<string, string>>, state: DocState, notes: string[]): void {
    const per = new Map<string, { n: number; named: number; same: number }>()
    for (const l of lines)
      for (const g of l.glyphs) {
        if (g.space) continue
        const c = per.get(g.font) ?? { n: 0, named: 0, same: 0 }
        c.n++
        const t = names.get(g.font)?.get(g.code)
        if (t !== undefined) {
          c.named++
          if (t === g.text.normalize('NFKC')) c.same++
        }
        per.set(g.font, c)
      }
    const trusted = state.namesConfirmed >= NAMES_TRUSTED && state.namesRefuted === 0
    for (const [f, c] of per) {
      const nm = names.get(f)
      if (!nm) continue
      const s = state.fonts.get(f)
      if (s?.named) {
        for (const [code, t] of nm) if (!s.map.has(code)) s.map.set(code, t)
        continue
      }
      if (s || c.named < NAMED_SHARE * c.n) continue
      if (c.same >= NAMES_HEALTHY * c.named) {
        state.fonts.set(f, { healthy: true, map: new Map(), votes: new Map(), regions: 0, how: 'its layer reads as its glyph names' })
        notes.push(`font ${f}: healthy, ${c.same} of ${c.named} glyphs read as their names`)
      } else if (trusted && c.same <= NAMES_BROKEN * c.named) {
        state.fonts.set(f, {
          healthy: false,
          map: new Map(nm),
          votes: new Map(),
          regions: 0,
          how: `glyph names, trusted after ${state.namesConfirmed} fonts' names confirmed by OCR`,
          named: true,
        })
      }
    }
  }

  private async repairPage(page: PageText, ctx: RepairContext, state: DocState, notes: string[]): Promise<RepairResult | DeclineReason> {
    const o = this.options
    const spacer = new Spacer(page, spacingOf(state))
    const lines = layerLines(page, spacer)
    const count = new Map<string, number>()
    for (const l of lines) for (const g of l.glyphs) if (!g.space) count.set(g.font, (count.get(g.font) ?? 0) + 1)
    const total = [...count.values()].reduce((a, b) => a + b, 0)
    if (total === 0) return 'no text'
    const names = pageNameTexts(page)
    this.settleByNames(lines, names, state, notes)

    // Lines that need OCR: a font not settled yet (big enough to matter), or codes of a broken font not yet read.
    const needFont = (f: string): boolean => {
      const s = state.fonts.get(f)
      if (!s) return (count.get(f) ?? 0) >= o.minFontGlyphs
      return !s.healthy && !s.rejected && s.regions < o.maxRegionsPerFont
    }
    const needs = (l: LayerLine): boolean =>
      l.glyphs.some((g) => {
        if (g.space || !needFont(g.font)) return false
        const s = state.fonts.get(g.font)
        return !s || !s.map.has(g.code)
      })
    const needed = lines.filter(needs)
    // the fonts a region is spent for: those whose codes made its lines needed (others read in it learn for free)
    const spentFor = new Set<string>()
    for (const l of needed) for (const g of l.glyphs) if (!g.space && needFont(g.font) && !state.fonts.get(g.font)?.map.has(g.code)) spentFor.add(g.font)
    let anchored = false
    let pageAgreement: number | undefined
    // what this page's region read, and the lines it covered (the text of fonts without a confirmed map is taken from it)
    let read: { box: BBox; words: PageText['items'] } | undefined
    // every region read on this page, to check the repaired lines against where no anchor did
    const regionsRead: Array<{ box: BBox; words: PageText['items'] }> = []
    if (needed.length > 0) {
      if (!ctx.recognizeRegion) return 'no OCR to anchor on' // the page goes to OCR as it would
      const glyphsIn = (ls: LayerLine[]) => ls.reduce((a, l) => a + l.glyphs.filter((g) => !g.space).length, 0)
      let box: BBox | undefined
      const use = glyphsIn(needed) / total > WHOLE_PAGE ? lines : needed
      for (const l of use) box = union(box, l.box)
      // Every font of the lines read is learned, small ones too: the region is paid for already.
      const wanted = new Set<string>()
      for (const l of use) {
        for (const g of l.glyphs) {
          if (g.space) continue
          const s = state.fonts.get(g.font)
          if (!s || (!s.healthy && !s.rejected && !s.map.has(g.code))) wanted.add(g.font)
        }
      }
      box = regionAround(box!, page)
      const ocr = await ctx.recognizeRegion(box, o.dpi)
      state.ocrRegions++
      read = { box, words: ocr.items }
      regionsRead.push(read)
      const ocrLines = ocrByLine(lines, ocr.items)
      const known = new Map<string, FontModel>()
      for (const [f, s] of state.fonts) known.set(f, s.healthy ? { healthy: true } : { map: s.map, votes: s.votes })
      const learned = learnFonts(lines, ocrLines, known, o.healthyIdentity)
      // candidate states: settled fonts keep their map, new codes take the anchor's votes
      const next = new Map<string, FontState>()
      const newlyConfirmed = new Set<string>()
      for (const f of wanted) {
        const l = learned.fonts.get(f)
        const prev = state.fonts.get(f)
        if (!l) continue
        const map = new Map(prev?.map ?? [])
        const nm = names.get(f)
        let named = false
        if (nm && !prev?.healthy && !l.healthy) {
          // the font's glyph names, where the OCR read its glyphs as they say: every named code is mapped, seen or not
          let n = 0
          let k = 0
          for (const p of learned.pairs) {
            if (p.glyph.font !== f || !nm.has(p.glyph.code)) continue
            n++
            if (nm.get(p.glyph.code) === p.text) k++
          }
          if (n >= NAMES_PAIRS && k / n < NAMES_REFUTE) state.namesRefuted++
          named = n >= NAMES_MIN_PAIRS && k / n >= NAMES_AGREE
          if (named) for (const [code, t] of nm) if (!map.has(code)) map.set(code, t)
          if (n > 0) notes.push(`font ${f}: glyph names agree with the OCR on ${k} of ${n} glyphs${named ? '' : ': not used'}`)
          if (named && n >= NAMES_PAIRS) newlyConfirmed.add(f)
        }
        for (const [code, t] of mapOf(l.votes)) if (!map.has(code)) map.set(code, t)
        const votes = prev?.votes ?? new Map()
        for (const [code, v] of l.votes) if (!prev?.map.has(code)) votes.set(code, v)
        next.set(f, {
          healthy: prev ? prev.healthy : l.healthy,
          map,
          votes,
          regions: (prev?.regions ?? 0) + (spentFor.has(f) ? 1 : 0),
          how: prev?.how ?? (named ? `glyph names, confirmed by OCR on page ${page.pageNumber}` : `OCR-anchored from page ${page.pageNumber}`),
          ...(prev?.spacing ? { spacing: prev.spacing } : {}),
          ...(named || prev?.named ? { named: true } : {}),
        })
      }
      const decodeNext = (g: Glyph): string => {
        const s = next.get(g.font) ?? state.fonts.get(g.font)
        if (!s || s.healthy) return g.text
        return s.map.get(g.code) ?? UNKNOWN_CODE
      }
      // Fonts of rebuilt spacing learn it from the OCR's word boundaries. The words are checked on each half of the lines
      // with the spacing learned from the other half, so that the check does not grade the OCR's own labels.
      const steps = labelledSteps(lines, ocrLines, learned.pairs, (f) => spacer.rebuilt(f)).filter((s) => next.has(s.a.font) && !next.get(s.a.font)!.spacing)
      const spacing = learnSpacing(steps)
      let checked = lines
      if (spacing.size > 0) {
        const half = (odd: number) => new Spacer(page, new Map([...spacingOf(state), ...learnSpacing(steps.filter((s) => s.line % 2 === odd))]))
        const byHalf = [half(1), half(0)]
        checked = lines.map((l, i) => respaced(l, byHalf[i % 2]!))
      }
      for (const [f, m] of spacing) next.get(f)!.spacing = m
      const ag = agreement(checked, ocrLines, decodeNext)
      pageAgreement = ag.agreement
      const brokenHere = [...next.entries()].filter(([, s]) => !s.healthy).map(([f]) => f)
      notes.push(
        `OCR region ${Math.round(box.x1 - box.x0)}x${Math.round(box.y1 - box.y0)} pt at ${o.dpi} dpi for ${wanted.size} font(s), ${ocr.items.length} words; agreement with it ${ag.agreement.toFixed(3)} over ${ag.chars} letters and digits, the worst lines of a tenth left out (all lines ${ag.raw.toFixed(3)}; needs ${o.minAgreement}), its words found ${ag.words.toFixed(3)} (needs ${o.minWordAgreement})`,
      )
      const glyphsRead = glyphsIn(use)
      if (ag.chars < PICTURE_READ * glyphsRead) {
        // the OCR reads (next to) no letters where these fonts draw: pictures set in a font (picture-mode line segments,
        // logos), not text a reader could get; they are kept as the layer gives them and the page goes on without them
        for (const f of wanted)
          if (!state.fonts.has(f))
            state.fonts.set(f, { healthy: true, map: new Map(), votes: new Map(), regions: 1, how: 'pictures: OCR reads no text where it draws' })
        notes.push(`the OCR reads ${ag.chars} letters and digits over ${glyphsRead} glyphs: the new fonts draw pictures and are kept as they are`)
      } else if (ag.chars === 0 || ag.agreement < o.minAgreement || ag.words < o.minWordAgreement) {
        // a map that the anchor does not confirm is not kept; the fonts may try again on another page while regions last
        const refusedHere = new Set<string>()
        for (const [f, s] of next) {
          const prev = state.fonts.get(f)
          if (!s.healthy && !(prev && prev.map.size > 0)) refusedHere.add(f)
          if (prev) prev.regions = s.regions
          else if (!s.healthy) state.fonts.set(f, { ...s, map: new Map(), votes: new Map(), rejected: s.regions >= o.maxRegionsPerFont })
        }
        // The region can only have failed on what it had no confirmed map for: fonts met here first, codes of settled
        // fonts first seen here. The other codes' maps were confirmed by earlier anchors, and the lines that hold only
        // them must still agree with the OCR (same thresholds); then the page is repaired from those maps, and the
        // refused fonts and codes are left to the coverage rule below (unread codes, or their font's text read by OCR),
        // as they would be if the page went to OCR.
        const settled = (g: Glyph): string => {
          const s = state.fonts.get(g.font)
          return !s || s.healthy ? g.text : (s.map.get(g.code) ?? UNKNOWN_CODE)
        }
        const unmapped = (g: Glyph): boolean => state.fonts.get(g.font)?.healthy === false && !state.fonts.get(g.font)!.map.has(g.code)
        // lines the region holds whole: a line at its edge is read cut
        const rest = agreement(checked, ocrLines, settled, (l) => within(l.box, box) && !l.glyphs.some((g) => !g.space && unmapped(g)))
        notes.push(
          `refused for ${refusedHere.size} new font(s); the lines of settled codes only agree with it at ${rest.agreement.toFixed(3)} over ${rest.chars} letters and digits, its words found ${rest.words.toFixed(3)}`,
        )
        if (rest.chars >= MIN_CHECK_CHARS && (rest.agreement < o.minAgreement || rest.words < o.minWordAgreement)) return 'anchor OCR disagrees'
      } else {
        for (const [f, s] of next) {
          const l = learned.fonts.get(f)!
          s.agreement = l.aligned ? agreementOfFont(learned.pairs, f, s) : undefined
          state.fonts.set(f, s)
        }
        state.namesConfirmed += newlyConfirmed.size
        anchored = brokenHere.length > 0
      }
    }

    const broken = new Set<string>()
    for (const f of count.keys()) {
      const s = state.fonts.get(f)
      if (s && !s.healthy && s.map.size > 0) broken.add(f)
    }
    if (broken.size === 0) {
      const rejected = [...count.keys()].filter((f) => state.fonts.get(f)?.rejected)
      if (rejected.length > 0) notes.push(`fonts whose anchors were refused: ${rejected.join(', ')}`)
      return 'no broken font with a map' // every font reads as itself, or none was learned
    }
    // Fonts of the page whose anchors were refused (here or before): no map of theirs is used. And broken fonts too many
    // of whose codes on this page no anchor read (their regions spent: symbol tables, a font of a few pages), when
    // other broken fonts keep their maps: the coverage rule holds font by font for those that stay. The text of both is
    // what the OCR reads over their runs, from this page's region where it covered their lines, else from a region read
    // over those lines alone; a page mostly in such fonts is left to OCR whole.
    const refused = new Set([...count.keys()].filter((f) => state.fonts.get(f)?.healthy === false && state.fonts.get(f)!.map.size === 0))
    const unread = new Map<string, [number, number]>()
    for (const l of lines)
      for (const g of l.glyphs) {
        if (g.space || !broken.has(g.font)) continue
        const c = unread.get(g.font) ?? [0, 0]
        c[0]++
        if (!state.fonts.get(g.font)!.map.has(g.code)) c[1]++
        unread.set(g.font, c)
      }
    // not fonts whose runs' extents are false (dvips bitmaps): no OCR can be cut at them; they keep their maps and
    // count in the page's coverage as before
    const short = [...broken].filter((f) => !spacer.falseExtents(f) && 1 - unread.get(f)![1] / unread.get(f)![0] < MIN_COVERAGE)
    if (short.length < broken.size) for (const f of short) broken.delete(f)
    // A short font's codes that anchors did read keep their maps: only its runs holding codes no region read take the
    // OCR's text (the OCR misreads what the map, voted over many glyphs, reads right: `packaee` for `package`).
    const shortRead = new Set(short.filter((f) => !broken.has(f)))
    const ocrFonts = new Set([...refused, ...shortRead])
    const mappedCode = (f: string, code: string) => state.fonts.get(f)!.map.has(code)
    const needsOcr = (g: Glyph) => !g.space && (refused.has(g.font) || (shortRead.has(g.font) && !mappedCode(g.font, g.code)))
    const runNeedsOcr = (i: number): boolean => {
      const r = spacer.runs[i]!
      const f = r.fontId ?? NO_FONT
      if (refused.has(f)) return true
      if (!shortRead.has(f)) return false
      const gs = itemGlyphs(r)
      return gs ? gs.some((g) => !mappedCode(f, codeKey(g.code))) : Array.from(r.text).some((c) => c.trim() !== '' && !mappedCode(f, c))
    }
    const runText = new Map<number, string>()
    if (ocrFonts.size > 0) {
      if (!ctx.recognizeRegion) return 'no OCR to anchor on'
      if ([...refused].some((f) => spacer.falseExtents(f))) return 'anchor OCR disagrees'
      const why = (f: string) => `${f} (${refused.has(f) ? 'anchor refused' : `${unread.get(f)![1]} of ${unread.get(f)![0]} glyphs unread`})`
      const theirs = lines.filter((l) => l.glyphs.some(needsOcr))
      const uncovered = theirs.filter((l) => !read || !within(l.box, read.box))
      const words = read ? [...read.words] : []
      if (uncovered.length > 0) {
        let n = 0
        for (const l of uncovered) n += l.glyphs.filter((g) => !g.space).length
        // most of the page: its text block is read, as an anchor's is (the page's other fonts still keep their maps)
        let box: BBox | undefined
        for (const l of n / total > WHOLE_PAGE ? lines : uncovered) box = union(box, l.box)
        box = regionAround(box!, page)
        const ocr = await ctx.recognizeRegion(box, o.dpi)
        state.ocrRegions++
        regionsRead.push({ box, words: ocr.items })
        // the box over the lines left may span lines the page's own region read: their words are taken once
        words.push(...ocr.items.filter((w) => !read || !within(centre(w.bbox), read.box)))
        notes.push(`OCR region ${Math.round(box.x1 - box.x0)}x${Math.round(box.y1 - box.y0)} pt read for the text of fonts without a map to read them by`)
      }
      for (const [i, t] of ocrOfRuns(spacer.runs, words, runNeedsOcr)) runText.set(i, t)
      notes.push(`read from the OCR over their ${runText.size} runs: ${[...ocrFonts].map(why).join(', ')}`)
    }
    const decode = (f: string, c: string): string => state.fonts.get(f)?.map.get(c) ?? UNKNOWN_CODE
    let covered = 0
    let inBroken = 0
    for (const l of lines)
      for (const g of l.glyphs)
        if (!g.space && broken.has(g.font)) {
          inBroken++
          if (state.fonts.get(g.font)!.map.has(g.code)) covered++
        }
    const coverage = covered / inBroken
    const accents = new Map<string, Map<number, string>>()
    const mapped = applyMaps(page, decode, new Set([...broken, ...shortRead]), new Spacer(page, spacingOf(state)), runText, accents)
    // each mapped font's map by character code, for writers that put it back into the file (a ToUnicode CMap). A page
    // with runs read by OCR gets its maps too when no refused font draws on it and the glyphs no anchor read are few
    // (as few as coverage allows): those extract as nothing from the file, the rest as the maps read them. Laid over
    // the page instead, the OCR's text would be read twice by extractors that ignore /ActualText (pdf.js), once
    // through the maps the document's other pages write into the same fonts and once from the layer.
    const unreadGlyphs = () => lines.reduce((n, l) => n + l.glyphs.filter(needsOcr).length, 0)
    const writable = runText.size === 0 || (refused.size === 0 && unreadGlyphs() <= (1 - MIN_COVERAGE) * total)
    const fonts: Record<string, FontInfo & { codeMap?: Record<string, string> }> = { ...(page.fonts ?? {}) }
    if (writable)
      for (const f of [...broken, ...shortRead]) {
        const codeMap: Record<string, string> = {}
        for (const [k, t] of state.fonts.get(f)!.map) if (k.startsWith('#') && t !== UNKNOWN_CODE) codeMap[k.slice(1)] = t
        // an accent drawn over its letter is written as the spacing accent, as pdfTeX writes it (not as the letter the
        // OCR read there)
        for (const [c, m] of accents.get(f) ?? []) codeMap[String(c)] = spacingAccent(m)
        if (Object.keys(codeMap).length > 0) fonts[f] = { ...(fonts[f] ?? { id: f }), codeMap }
      }
    const cand: PageText = { ...mapped, fonts }
    const fw = functionWordShare(cand.text)
    if (anchored && fw.words >= MIN_WORDS && state.anchorFunctionWords === undefined) state.anchorFunctionWords = fw.share
    for (const f of broken) {
      const s = state.fonts.get(f)!
      const d = decide(s.votes)
      let votes = 0
      for (const v of d.values()) votes += v.votes
      const sp = s.spacing
        ? `, spacing rebuilt from advances of ${s.spacing.adv.size} codes and a word gap of ${s.spacing.gap.toFixed(2)} pt learned from the anchor's words`
        : ''
      notes.push(
        `font ${f}: ${s.map.size} codes mapped (${s.how}), ${votes} votes, agreement ${s.agreement?.toFixed(3) ?? 'n/a'}, ${s.regions} OCR region(s) spent${sp}`,
      )
    }
    notes.push(
      `coverage ${coverage.toFixed(3)} of the broken fonts' glyphs (needs ${MIN_COVERAGE}), function words ${fw.share.toFixed(2)} of ${fw.words} words`,
    )
    if (coverage < MIN_COVERAGE) {
      for (const f of broken) {
        const s = state.fonts.get(f)!
        const unseen = new Map<string, number>()
        for (const l of lines) for (const g of l.glyphs) if (!g.space && g.font === f && !s.map.has(g.code)) unseen.set(g.code, (unseen.get(g.code) ?? 0) + 1)
        if (unseen.size > 0)
          notes.push(
            `font ${f}: ${unseen.size} codes unread (${[...unseen.values()].reduce((a, b) => a + b, 0)} glyphs), ${s.regions} of ${o.maxRegionsPerFont} regions spent`,
          )
      }
      return 'coverage'
    }
    const words = (cand.text.toLowerCase().match(/\p{L}{3,}/gu) ?? []) as string[]
    if (!anchored && state.anchorFunctionWords !== undefined && fw.words >= MIN_WORDS && fw.share < FUNCTION_WORD_KEEP * state.anchorFunctionWords) {
      const met = words.filter((w) => state.vocabulary.has(w)).length
      const share = words.length ? met / words.length : 0
      notes.push(
        `function words short of ${FUNCTION_WORD_KEEP} of the anchor's ${state.anchorFunctionWords.toFixed(2)}; ${met} of ${words.length} words met on earlier pages (needs ${VOCABULARY_KEEP})`,
      )
      if (words.length < MIN_VOCABULARY_WORDS || share < VOCABULARY_KEEP) {
        // A page the document's words do not vouch for (a symbol table, a figure's labels) is checked against the OCR
        // of its own lines, as an anchor is: a region read here already, or its text block (the OCR it would get).
        if (!ctx.recognizeRegion) return 'function words'
        const covering = (l: LayerLine) => regionsRead.some((r) => within(l.box, r.box))
        const mapped = (l: LayerLine) => !l.glyphs.some(needsOcr)
        const finalText = (g: Glyph): string => (broken.has(g.font) || shortRead.has(g.font) ? decode(g.font, g.code) : g.text)
        const check = () => {
          // regions may overlap: a word is taken from the first region whose box holds its centre
          const seen = regionsRead.flatMap((r, k) => r.words.filter((w) => !regionsRead.slice(0, k).some((q) => within(centre(w.bbox), q.box))))
          // words are runs of letters and digits here: such a page is code or a figure's commands more often than not, which
          // OCR splits at brackets where the layer has no space (lshort-fr's picture listing found 0.30 of its words)
          return agreement(lines, ocrByLine(lines, seen), finalText, (l) => mapped(l) && covering(l), {
            unreadScripts: true,
            overSymbols: true,
            signWords: true,
          })
        }
        let own = check()
        if (own.chars < MIN_CHECK_CHARS) {
          // the regions read here hold too little of the mapped lines (a figure's, a formula's): the text block is read
          let box: BBox | undefined
          for (const l of lines) box = union(box, l.box)
          box = regionAround(box!, page)
          const ocr = await ctx.recognizeRegion(box, o.dpi)
          state.ocrRegions++
          regionsRead.unshift({ box, words: ocr.items })
          own = check()
        }
        // the words check is for spaces the repair rebuilds; elsewhere the spaces are the extractor's own, as on any kept
        // page
        const spacesRebuilt = lines.some((l) => mapped(l) && covering(l) && l.glyphs.some((g) => spacer.rebuilt(g.font)))
        notes.push(
          `the page's mapped lines agree with the OCR of its own lines at ${own.agreement.toFixed(3)} over ${own.chars} letters and digits (${own.wild} letters of scripts it read nowhere taken as read, ${own.dropped} of its letters over symbols left out), its words found ${own.words.toFixed(3)} (needs ${MIN_CHECK_CHARS} letters, ${o.minAgreement}${spacesRebuilt ? `, words ${o.minWordAgreement}` : ''})`,
        )
        if (own.chars < MIN_CHECK_CHARS || own.agreement < o.minAgreement || (spacesRebuilt && own.words < o.minWordAgreement)) return 'function words'
      }
    }
    if (pageAgreement === undefined) notes.push('no OCR on this page: maps settled on earlier pages')
    const v = await ctx.judge(cand)
    if (v.needsOcr || v.layer === 'blank') {
      notes.push(`the judges refuse the repaired page: ${v.layer}; ${v.notes.slice(-3).join('; ')}`)
      return 'judges'
    }
    for (const w of words) state.vocabulary.add(w)
    return { page: cand, notes }
  }
}

/** The spacing models the document's fonts have learned. */
function spacingOf(state: DocState): Map<string, SpacingModel> {
  const out = new Map<string, SpacingModel>()
  for (const [f, s] of state.fonts) if (s.spacing) out.set(f, s.spacing)
  return out
}

/** Share of a font's aligned glyphs whose learned text is what the OCR read there. */
function agreementOfFont(pairs: ReadonlyArray<{ glyph: { font: string; code: string }; text: string }>, f: string, s: FontState): number {
  let n = 0
  let k = 0
  for (const p of pairs) {
    if (p.glyph.font !== f) continue
    n++
    if (s.map.get(p.glyph.code) === p.text) k++
  }
  return n ? k / n : 0
}

/** The `codemap` repair plugin. */
export const codemapRepair = definePlugin({
  kind: 'repair',
  name: CODEMAP_NAME,
  optionsSchema: codemapOptionsSchema,
  create(options) {
    return new CodemapRepair(options)
  },
})
