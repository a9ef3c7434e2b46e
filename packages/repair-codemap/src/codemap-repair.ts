import {
  definePlugin,
  dotless,
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
import { agreement, labelledSteps, learnFonts, LIGATURES, mapOf, unmarked } from './learn.js'
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
  unletteredLines,
  type Glyph,
  type LayerLine,
  type SpacingModel,
} from './layout.js'
import { codemapOptionsSchema, type ResolvedCodemapOptions } from './options.js'
import { glyphNameText, pageNameTexts } from './glyph-names.js'
import { functionWordShare } from './words.js'
import { joinGlyphs, markOf, sitsOver, spacingAccent } from './accents.js'

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

/** The words the regions read, each once: regions may overlap, and a word is the first region's whose box holds its centre. */
function wordsOnce(regions: ReadonlyArray<{ box: BBox; words: PageText['items'] }>): PageText['items'] {
  return regions.flatMap((r, k) => r.words.filter((w) => !regions.slice(0, k).some((q) => within(centre(w.bbox), q.box))))
}

/** Reads the region over `lines` (see {@link regionAround}), counted for the document. */
async function readOver(
  lines: readonly LayerLine[],
  page: PageText,
  ctx: RepairContext,
  dpi: number,
  state: DocState,
): Promise<{ box: BBox; words: PageText['items'] }> {
  let box: BBox | undefined
  for (const l of lines) box = union(box, l.box)
  box = regionAround(box!, page)
  const ocr = await ctx.recognizeRegion!(box, dpi)
  state.ocrRegions++
  return { box, words: ocr.items }
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
  /** A font the OCR reads no letters in: it draws pictures (kept as the layer gives them unless that is refused). */
  pictures?: boolean
  /** Learned from a few glyphs beside other fonts (no anchor of its own yet): anchored only where it has many. */
  fromFew?: boolean
  /** Codes a region was read for after its anchors (learned or not): no other region is read for them. */
  tried?: Set<string>
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
  /** Fonts too small for an anchor that a region was read for: none is read for them again. */
  triedFonts: Set<string>
  /**
   * Glyph names the file defines for each font asked for (`RepairContext.glyphNames`: also the names of the font
   * program's built-in encoding), `null` for a font the extractor could not tell.
   */
  fileNames: Map<string, Record<string, string> | null>
}

/**
 * Share of a font's aligned letters and digits whose glyph-name text must be what the OCR read there for the names to
 * be used: the OCR-voted maps agree with their own anchors at 0.875-1.0 per font (lshort-fr, variant A), OCR misreads
 * and alignment slips included; names that belong to another encoding or only number the glyphs agree on next to none.
 */
const NAMES_AGREE = 0.8
/**
 * Names contradicted under this share (with {@link NAMES_PAIRS} pairs or more) make the document's names untrusted; at
 * or above it, a font's names are used once the document's are trusted.
 */
const NAMES_REFUTE = 0.5
/** Aligned glyphs a font needs before its names count as confirmed (or refuted) for the document. */
const NAMES_PAIRS = 20
/** A text as glyph names are checked against the OCR: without its accents and its case. */
const caseless = (s: string): string => unmarked(s).toLowerCase()
/** A glyph name's text that the OCR can judge: one with a letter or a digit. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
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
 * Share of function words at which a font's text as its names read it is prose, confirming the names with no OCR
 * (over {@link MIN_WORDS} words or more). The corpus's prose and OCR pages (109 truth texts of 30 words or more):
 * 5th percentile 0.19-0.27 by class, lowest 0.06 (a sparse page); the same texts with their letters permuted, as names
 * that lie would read: 0.043 at most.
 */
const NAMES_PROSE = 0.15
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
  // TeX's \accent draws the accent, then moves back to draw its letter; where the false map hid the accent from the
  // extractor, the run ends at the accent and the letter begins the next one. The accent then goes over that letter
  // as its mark, as joinGlyphs does within a run (run index of the letter -> mark; the accent's run drops it).
  const carried = new Map<number, string>()
  const accentsOf = (f: string) => accents?.get(f) ?? accents?.set(f, new Map()).get(f)
  for (let i = 0; i + 1 < spacer.runs.length; i++) {
    const a = spacer.runs[i]!
    const b = spacer.runs[i + 1]!
    const f = a.fontId ?? NO_FONT
    if (!broken.has(f) || spacer.rebuilt(f) || (b.fontId ?? NO_FONT) !== f || spacer.lineOf[i] !== spacer.lineOf[i + 1]) continue
    if (read.has(i) || read.has(i + 1)) continue
    const ga = itemGlyphs(a)
    const gb = itemGlyphs(b)
    if (!ga?.length || !gb?.length) continue
    const last = ga[ga.length - 1]!
    const mark = markOf(decode(f, codeKey(last.code)))
    if (!mark || !sitsOver(last, gb[0]!, decode(f, codeKey(gb[0]!.code)))) continue
    carried.set(i + 1, mark)
    accentsOf(f)?.set(last.code, mark)
  }
  // spaces the extractor took back on lines that only the false map made look like letters set apart
  const unlettered = unletteredLines(spacer.runs, spacer.lineOf, (i, g) => {
    const f = spacer.runs[i]!.fontId ?? NO_FONT
    return broken.has(f) && !read.has(i) ? decode(f, codeKey(g.code)) : g.text
  })
  const items = spacer.runs
    .map((it, i) => {
      const f = it.fontId ?? NO_FONT
      // the page's own blanks are in its text already
      if (it.blank && !broken.has(f) && !read.has(i)) return undefined
      const line = spacer.lineOf[i]!
      let out = it.text
      const gs = itemGlyphs(it)
      // an accent carried over to the next run's letter (above) leaves its run's text; a letter takes it
      const decoded = (g: ItemGlyph, k: number) => {
        if (k === gs!.length - 1 && carried.has(i + 1)) return ''
        const t = decode(f, codeKey(g.code))
        return k === 0 && carried.has(i) ? dotless(t) + carried.get(i)! : t
      }
      const givenBack = (g: ItemGlyph) => g.spaceTaken === true && !spacer.rebuilt(f) && unlettered.has(line)
      const spaced = (k: number) => (k > 0 && (spacer.before(f, gs!, k, it.fontSize) || givenBack(gs![k]!)) ? ' ' : '')
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
              joinGlyphs(gs, gs.map(decoded), spaced, accentsOf(f))
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
          else if (gs && prev && prev.line === line && gap === '' && givenBack(gs[0]!)) gap = ' '
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
      // a run that was only an accent, now over the next run's letter
      if (!out && carried.has(i + 1)) return undefined
      return out === it.text ? it : { ...it, text: out }
    })
    .filter((it): it is PageText['items'][number] => it !== undefined)
  text = aligned ? (text + aligner.rest()).normalize('NFC') : joinItems(items)
  return { ...page, items, text, source: 'repaired' }
}

/**
 * The page with the glyph names the file defines added to its fonts' (`FontInfo.glyphNames` gives the `/Differences`
 * names only; a TeX Computer Modern font has none, its names are in its program), for the codes its lines draw that
 * have none. Asked of the extractor once a font a document.
 */
async function withFileNames(page: PageText, lines: readonly LayerLine[], ctx: RepairContext, state: DocState, notes: string[]): Promise<PageText> {
  if (!ctx.glyphNames || !page.fonts) return page
  const unnamed = new Map<string, Set<number>>()
  for (const l of lines)
    for (const g of l.glyphs) {
      if (g.space || !g.code.startsWith('#')) continue
      const code = Number(g.code.slice(1))
      const own = page.fonts[g.font]?.glyphNames?.[code]
      if (own !== undefined && glyphNameText(own) !== undefined) continue
      const set = unnamed.get(g.font) ?? new Set()
      set.add(code)
      unnamed.set(g.font, set)
    }
  const ask = [...unnamed.keys()].filter((f) => page.fonts![f] && !state.fileNames.has(f))
  if (ask.length > 0) {
    const got: Record<string, Record<string, string>> = await ctx.glyphNames(ask).catch(() => ({}))
    for (const f of ask) state.fileNames.set(f, got[f] ?? null)
  }
  let fonts: Record<string, FontInfo> | undefined
  for (const [f, codes] of unnamed) {
    const file = state.fileNames.get(f)
    if (!file) continue
    const add: Record<string, string> = {}
    let twins = 0
    for (const c of codes) {
      if (file[c] === undefined) continue
      const [own, ...others] = file[c].split(' ')
      // a name that reads as nothing is still the file's for a code the page names not at all
      const name = readableName(own!, others) ?? (page.fonts[f]?.glyphNames?.[c] === undefined ? own : undefined)
      if (name === undefined) continue
      add[c] = name
      if (name !== own) twins++
    }
    if (Object.keys(add).length === 0) continue
    notes.push(
      `font ${f}: ${Object.keys(add).length} codes drawn named by the file beyond its /Differences (its base or built-in encoding${twins ? `; ${twins} by the name of a glyph its program draws with the same outline` : ''})`,
    )
    fonts ??= { ...page.fonts }
    fonts[f] = { ...fonts[f]!, glyphNames: { ...fonts[f]!.glyphNames, ...add } }
  }
  return fonts ? { ...page, fonts } : page
}

/**
 * The name of a code as the extractor gives it (its `own` name, then the `others` its program draws with the same
 * outline: `g17 e`) that reads as text: its own when it does, else the other names' when they all read alike (two
 * outlines alike for `l` and `one` say neither), else none.
 */
function readableName(own: string, others: readonly string[]): string | undefined {
  if (glyphNameText(own) !== undefined) return own
  const readable = others.filter((n) => glyphNameText(n) !== undefined)
  return readable.length > 0 && readable.every((n) => glyphNameText(n) === glyphNameText(readable[0]!)) ? readable[0] : undefined
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
      this.docs.set(
        ctx.info,
        (st = {
          fonts: new Map(),
          queue: Promise.resolve(),
          ocrRegions: 0,
          namesConfirmed: 0,
          namesRefuted: 0,
          vocabulary: new Set(),
          triedFonts: new Set(),
          fileNames: new Map(),
        }),
      )
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
   * trusted ({@link NAMES_TRUSTED}), a new font whose layer does not read as its names is read by them; and a new font
   * whose names read as prose on this page ({@link NAMES_PROSE}) is read by them and counts as confirmed.
   */
  private settleByNames(
    lines: readonly LayerLine[],
    names: ReadonlyMap<string, ReadonlyMap<string, string>>,
    state: DocState,
    notes: string[],
    page: number,
  ): void {
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
    const undecided: string[] = []
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
      } else if (c.same <= NAMES_BROKEN * c.named) undecided.push(f)
    }
    if (state.namesRefuted > 0) return
    const settle = (f: string, how: string) =>
      state.fonts.set(f, { healthy: false, map: new Map(names.get(f)), votes: new Map(), regions: 0, how, named: true })
    // Names that read as prose need no OCR to confirm them (names that lie read as junk), and count as confirmed for
    // the document: a producer writes true names for all its fonts or for none.
    for (const f of undecided) {
      const nm = names.get(f)!
      const text = lines.map((l) => l.glyphs.map((g) => (g.space ? ' ' : g.font === f ? (nm.get(g.code) ?? '') : ' ')).join('')).join('\n')
      const fw = functionWordShare(text)
      if (fw.words < MIN_WORDS || fw.share < NAMES_PROSE) continue
      settle(f, `glyph names, read as prose on page ${page} (function words ${fw.share.toFixed(2)} of ${fw.words} words)`)
      state.namesConfirmed++
    }
    // Once the document's names are trusted, a font met later is read by them; a font too small for an anchor of its
    // own is, once one font's names are confirmed (it cannot confirm its own, and waiting leaves its layer's text).
    for (const f of undecided) {
      if (state.fonts.has(f)) continue
      const small = per.get(f)!.n < this.options.minFontGlyphs
      if (state.namesConfirmed < (small ? 1 : NAMES_TRUSTED)) continue
      settle(f, `glyph names, trusted after ${state.namesConfirmed} fonts' names confirmed by OCR or read as prose`)
    }
  }

  /**
   * Codes of `fonts` that no anchor read, learned from the OCR of the regions read on this page (deduplicated by word
   * centre), aligned with the lines they hold whole as an anchor's are. Kept when the lines holding such codes, with
   * every glyph read, agree with the OCR at the anchor's thresholds. Returns the codes learned.
   */
  private learnUnread(
    lines: readonly LayerLine[],
    regions: ReadonlyArray<{ box: BBox; words: PageText['items'] }>,
    fonts: ReadonlySet<string>,
    state: DocState,
    notes: string[],
    fresh: ReadonlySet<string> = new Set(),
    pageNumber = 0,
    pictures: Set<string> = new Set(),
  ): number {
    const o = this.options
    const words = wordsOnce(regions)
    const inside = lines.filter((l) => regions.some((r) => within(l.box, r.box)))
    if (inside.length === 0) return 0
    const ocrLines = ocrByLine(inside, words)
    const known = new Map<string, FontModel>()
    for (const [f, s] of state.fonts) known.set(f, s.healthy ? { healthy: true } : { map: s.map, votes: s.votes })
    const learned = learnFonts(inside, ocrLines, known, o.healthyIdentity)
    const decodeSettled = (g: Glyph): string | undefined => {
      const s = state.fonts.get(g.font)
      return !s || s.healthy ? g.text : s.map.get(g.code)
    }
    const cand = new Map<string, Map<string, string>>()
    const resolved: string[] = []
    const dropped: string[] = []
    // codes given an accented form the OCR did not read: checked against the OCR as it read them
    const asRead = new Map<string, string>()
    for (const f of fonts) {
      const s = state.fonts.get(f)!
      const l = learned.fonts.get(f)
      if (!l) continue
      const m = new Map([...mapOf(l.votes)].filter(([code]) => !s.map.has(code)))
      this.keepPlausible(m, s.map, f, inside, state, decodeSettled, asRead, resolved, dropped)
      if (m.size > 0) cand.set(f, m)
    }
    // Fonts met here first, too small on the page for an anchor of their own (a footnote's marks, a logo): healthy when
    // their layer reads as the OCR reads them, pictures when it reads (next to) no letters over them, else learned
    // whole as the codes above; once, whatever comes of it.
    const freshMaps = new Set<string>()
    for (const f of fresh) {
      let glyphs = 0
      for (const l of inside) for (const g of l.glyphs) if (!g.space && g.font === f) glyphs++
      if (glyphs === 0) continue
      const l = learned.fonts.get(f)
      const letters = learned.pairs.filter((p) => p.glyph.font === f && /[\p{L}\p{N}]/u.test(p.text)).length
      // a few glyphs do not settle a font as healthy or as pictures for the document (a footnote's mark in the font
      // of a later page's table): only a map that its lines confirm is kept, and the font may spend its anchors later
      if (!l || letters < PICTURE_READ * glyphs) {
        pictures.add(f)
        notes.push(`font ${f}: the OCR reads ${letters} letters and digits over its ${glyphs} glyphs here: pictures, kept as they are`)
      } else if (l.healthy) {
        notes.push(`font ${f}: ${l.identity} of ${l.aligned} glyphs read here as the layer gives them: kept as they are`)
      } else {
        const m = mapOf(l.votes)
        this.keepPlausible(m, new Map(), f, inside, state, decodeSettled, asRead, resolved, dropped)
        if (m.size > 0) {
          cand.set(f, m)
          freshMaps.add(f)
        }
      }
    }
    if (resolved.length + dropped.length > 0)
      notes.push(
        `codes whose reading is doubtful: ${resolved.length ? `${resolved.join(', ')} by the words of earlier pages` : ''}${resolved.length && dropped.length ? '; ' : ''}${dropped.length ? `${dropped.join(', ')} left unread` : ''}`,
      )
    if (cand.size === 0) return 0
    const decode = (g: Glyph): string => {
      const s = state.fonts.get(g.font)
      if (freshMaps.has(g.font)) return cand.get(g.font)!.get(g.code) ?? UNKNOWN_CODE
      if (!s || s.healthy) return g.text
      return s.map.get(g.code) ?? asRead.get(`${g.font}\u0000${g.code}`) ?? cand.get(g.font)?.get(g.code) ?? UNKNOWN_CODE
    }
    // each font's codes are kept or not on the lines that hold them, read with every code learned here
    let n = 0
    for (const [f, m] of cand) {
      const holds = (l: LayerLine) =>
        l.glyphs.some((g) => !g.space && g.font === f && m.has(g.code)) && !l.glyphs.some((g) => !g.space && decode(g) === UNKNOWN_CODE)
      const ag = agreement(inside, ocrLines, decode, holds)
      const ok = ag.chars > 0 && ag.agreement >= o.minAgreement && ag.words >= o.minWordAgreement
      notes.push(
        `${m.size} ${freshMaps.has(f) ? 'code(s) of new font' : 'unread code(s) of'} ${f} read in this page's OCR (${[...m.values()].join(' ')}): its lines agree at ${ag.agreement.toFixed(3)} over ${ag.chars} letters and digits, words found ${ag.words.toFixed(3)}${ok ? '' : ': not kept'}`,
      )
      if (!ok) continue
      const votes = learned.fonts.get(f)!.votes
      if (freshMaps.has(f)) {
        state.fonts.set(f, {
          healthy: false,
          map: new Map(m),
          votes: new Map(votes),
          regions: 0,
          how: `OCR-read with other fonts on page ${pageNumber}`,
          fromFew: true,
        })
      } else {
        const s = state.fonts.get(f)!
        for (const [code, t] of m) {
          s.map.set(code, t)
          s.votes.set(code, votes.get(code)!)
        }
      }
      n += m.size
    }
    return n
  }

  /**
   * Leaves out of `m` (codes of font `f` learned from one reading, beside its settled map `map`) the readings an OCR
   * gives a glyph it cannot read:
   * - several characters for one glyph that are no ligature (`IK`, `[OO` over a symbol);
   * - letters and digits for the glyphs of a font whose map is mostly signs (a symbol font the OCR reads as letters);
   * - a letter or digit that two new codes are read as (`]` read as `J` beside the font's `J`), or that another code
   *   of the font stands for already: a font draws each with one code, so this is a misread, most often an accent
   *   the OCR left out (`vallee` for `vallée`), which the map would then repeat on every page. The letter's accented
   *   forms are tried against the words of the document's pages repaired before; one that makes words met there is
   *   taken (and put in `asRead` with the reading, for the check against the OCR).
   * Signs may share a reading: a font has several that OCR reads alike (hyphen, en dash and minus as `-`). What is
   * left out stays unread: its runs take the OCR's text.
   */
  private keepPlausible(
    m: Map<string, string>,
    map: ReadonlyMap<string, string>,
    f: string,
    lines: readonly LayerLine[],
    state: DocState,
    settled: (g: Glyph) => string | undefined,
    asRead: Map<string, string>,
    resolved: string[],
    dropped: string[],
  ): void {
    const wordly = (t: string) => /[\p{L}\p{N}]/u.test(t)
    let signs = 0
    for (const t of map.values()) if (!wordly(t)) signs++
    const signFont = map.size >= SIGN_FONT_CODES && signs > map.size / 2
    const taken = new Set(map.values())
    const once = new Set<string>()
    const twice = new Set<string>()
    for (const t of m.values()) (once.has(t) ? twice : once).add(t)
    for (const [code, t] of m) {
      if (Array.from(t).length > 1 && !LIGATURES.has(t)) {
        m.delete(code)
        dropped.push(t)
        continue
      }
      if (!wordly(t)) continue
      if (signFont || twice.has(t)) {
        m.delete(code)
        dropped.push(t)
        continue
      }
      if (!taken.has(t)) continue
      const pick = accentedByVocabulary(
        t,
        taken,
        lines,
        f,
        code,
        (g) => (g.font === f && m.has(g.code) && g.code !== code ? m.get(g.code)! : undefined),
        state,
        settled,
      )
      if (pick === undefined) {
        m.delete(code)
        dropped.push(t)
      } else {
        m.set(code, pick)
        asRead.set(`${f}\u0000${code}`, t)
        resolved.push(`${t} -> ${pick}`)
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
    const names = pageNameTexts(await withFileNames(page, lines, ctx, state, notes))
    this.settleByNames(lines, names, state, notes, page.pageNumber)

    // Lines that need OCR: a font not settled yet (big enough to matter), or codes of a broken font not yet read.
    const needFont = (f: string): boolean => {
      const s = state.fonts.get(f)
      // a font learned from a few glyphs is as a font not met yet: its anchors are for a page where it has many
      if (!s || s.fromFew) return (count.get(f) ?? 0) >= o.minFontGlyphs && !s?.healthy
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
    // every region read on this page: the text of fonts without a confirmed map is taken from them, and the repaired
    // lines are checked against them where no anchor did
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
      regionsRead.push({ box, words: ocr.items })
      const ocrLines = ocrByLine(lines, ocr.items)
      const known = new Map<string, FontModel>()
      for (const [f, s] of state.fonts) known.set(f, s.healthy ? { healthy: true } : { map: s.map, votes: s.votes })
      const learned = learnFonts(lines, ocrLines, known, o.healthyIdentity)
      // candidate states: settled fonts keep their map, new codes take the anchor's votes
      const next = new Map<string, FontState>()
      const newlyConfirmed = new Set<string>()
      // The fonts' glyph names where the OCR read their glyphs as they say, accents and case aside (a small-capitals
      // font draws its `a` as the OCR's `A`). Only names of letters and digits are judged: the signs the OCR reads worst
      // (`∞` as `oo`, `−` as `—`, `〈` as `(`) say nothing of a font's names either way.
      const nameChecks = new Map<string, { n: number; k: number; signs: number }>()
      for (const f of wanted) {
        const l = learned.fonts.get(f)
        const nm = names.get(f)
        if (!l || !nm || state.fonts.get(f)?.healthy || l.healthy) continue
        const c = { n: 0, k: 0, signs: 0 }
        for (const p of learned.pairs) {
          if (p.glyph.font !== f || !nm.has(p.glyph.code)) continue
          const t = nm.get(p.glyph.code)!
          if (!LETTER_OR_DIGIT.test(t)) c.signs++
          else {
            c.n++
            if (caseless(t) === caseless(p.text)) c.k++
          }
        }
        nameChecks.set(f, c)
      }
      const checks = [...nameChecks.values()]
      const confirmedHere = checks.filter((c) => c.n >= NAMES_PAIRS && c.k / c.n >= NAMES_AGREE).length
      const refutedHere = checks.filter((c) => c.n >= NAMES_PAIRS && c.k / c.n < NAMES_REFUTE).length
      // a font that names signs only is read by its names once another font's are confirmed and none refuted; one the
      // OCR half confirms, once the document's names are trusted (as a font met later is, with no OCR of its own)
      const unrefuted = state.namesRefuted + refutedHere === 0
      const signsTrusted = unrefuted && state.namesConfirmed + confirmedHere >= 1
      const namesTrusted = unrefuted && state.namesConfirmed + confirmedHere >= NAMES_TRUSTED
      for (const f of wanted) {
        const l = learned.fonts.get(f)
        const prev = state.fonts.get(f)
        if (!l) continue
        const map = new Map(prev?.map ?? [])
        const nm = names.get(f)
        const c = nameChecks.get(f)
        let named = false
        let signsOnly = false
        let byTrust = false
        if (nm && c) {
          const { n, k, signs } = c
          if (n >= NAMES_PAIRS && k / n < NAMES_REFUTE) state.namesRefuted++
          signsOnly = n < NAMES_MIN_PAIRS && signs >= NAMES_MIN_PAIRS && signsTrusted
          const agreed = n >= NAMES_MIN_PAIRS && k / n >= NAMES_AGREE
          byTrust = !agreed && n >= NAMES_MIN_PAIRS && k / n >= NAMES_REFUTE && namesTrusted
          named = agreed || signsOnly || byTrust
          // every named code is mapped, seen or not
          if (named) for (const [code, t] of nm) if (!map.has(code)) map.set(code, t)
          if (n > 0)
            notes.push(
              `font ${f}: glyph names agree with the OCR on ${k} of ${n} letters and digits${agreed ? '' : byTrust ? ": used, the document's names trusted" : ': not used'}`,
            )
          if (signsOnly) notes.push(`font ${f}: glyph names of ${signs} signs the OCR read, taken on the document's confirmed names`)
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
          how:
            prev?.how ??
            (signsOnly || byTrust
              ? `glyph names${signsOnly ? ' of signs' : ''}, trusted after ${state.namesConfirmed + confirmedHere} fonts' names confirmed`
              : named
                ? `glyph names, confirmed by OCR on page ${page.pageNumber}`
                : `OCR-anchored from page ${page.pageNumber}`),
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
            state.fonts.set(f, {
              healthy: true,
              map: new Map(),
              votes: new Map(),
              regions: 1,
              how: 'pictures: OCR reads no text where it draws',
              pictures: true,
            })
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
        const onlySettled = (l: LayerLine) => within(l.box, box) && !l.glyphs.some((g) => !g.space && unmapped(g))
        const rest = agreement(checked, ocrLines, settled, onlySettled, { signWords: true })
        // the words check is for spaces the repair rebuilds, as on a settled page's own check; elsewhere the spaces are the
        // extractor's, and the OCR's words of a formula or a table (`\usepackage [T1] {fontenc}`) say nothing of the map
        const spacesRebuilt = checked.some((l) => onlySettled(l) && l.glyphs.some((g) => spacer.rebuilt(g.font)))
        notes.push(
          `refused for ${refusedHere.size} new font(s); the lines of settled codes only agree with it at ${rest.agreement.toFixed(3)} over ${rest.chars} letters and digits, its words found ${rest.words.toFixed(3)}${spacesRebuilt ? ' (spaces rebuilt)' : ''}`,
        )
        if (rest.chars >= MIN_CHECK_CHARS && (rest.agreement < o.minAgreement || (spacesRebuilt && rest.words < o.minWordAgreement)))
          return 'anchor OCR disagrees'
      } else {
        for (const [f, s] of next) {
          const l = learned.fonts.get(f)!
          s.agreement = l.aligned ? agreementOfFont(learned.pairs, f, s) : undefined
          state.fonts.set(f, s)
        }
        state.namesConfirmed += newlyConfirmed.size
        // fonts of the region the alignment learned nothing of (a line of typewriter text the OCR read as one word)
        // take their names now that the region has confirmed others'
        if (newlyConfirmed.size > 0) this.settleByNames(lines, names, state, notes, page.pageNumber)
        anchored = brokenHere.length > 0
      }
    }

    let broken = new Set<string>()
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
    const withMaps = new Set(broken)
    let unread = new Map<string, [number, number]>()
    let shortRead = new Set<string>()
    // which fonts with maps stay broken (their maps read the page) and which are short of coverage; again once a region
    // read here has taught the short fonts more codes
    const split = (): void => {
      unread = new Map()
      for (const l of lines)
        for (const g of l.glyphs) {
          if (g.space || !withMaps.has(g.font)) continue
          const c = unread.get(g.font) ?? [0, 0]
          c[0]++
          if (!state.fonts.get(g.font)!.map.has(g.code)) c[1]++
          unread.set(g.font, c)
        }
      // not fonts whose runs' extents are false (dvips bitmaps): no OCR can be cut at them; they keep their maps and
      // count in the page's coverage as before
      const short = [...withMaps].filter((f) => !spacer.falseExtents(f) && 1 - unread.get(f)![1] / unread.get(f)![0] < MIN_COVERAGE)
      broken = new Set(withMaps)
      if (short.length < withMaps.size) for (const f of short) broken.delete(f)
      // A short font's codes that anchors did read keep their maps: only its runs holding codes no region read take the
      // OCR's text (the OCR misreads what the map, voted over many glyphs, reads right: `packaee` for `package`).
      shortRead = new Set(short.filter((f) => !broken.has(f)))
    }
    split()
    // Codes of fonts with maps that no region has read yet (their fonts' anchors spent, or not drawn on an anchor's
    // lines): a region over their lines teaches them, once for each code, as every page after this one would otherwise
    // give them no text (a glyph the coverage rule lets through) or the OCR's (a font short of read codes).
    // Fonts too small on the page for an anchor, met for the first time, are read with them.
    const untried = (g: Glyph): boolean => {
      if (g.space) return false
      // Not fonts whose runs' extents are false (dvips bitmaps: no region can be cut at their lines), nor fonts with
      // glyph names: what is free comes first, and names read a font's every code once the document trusts them (an
      // OCR-read map of a few glyphs would stand in their way: lshort-fr's symbol tables, variant A, lost 0.0005 of CER).
      if (!state.fonts.has(g.font)) return g.font !== NO_FONT && !state.triedFonts.has(g.font) && !spacer.falseExtents(g.font) && !names.get(g.font)?.size
      if (!withMaps.has(g.font)) return false
      const s = state.fonts.get(g.font)!
      return !s.map.has(g.code) && !s.tried?.has(g.code)
    }
    const toLearn = lines.filter((l) => l.glyphs.some(untried))
    // fonts met here first that the OCR reads no letters in
    const picturesHere = new Set<string>()
    if (toLearn.length > 0 && ctx.recognizeRegion) {
      const fontsToLearn = new Set<string>()
      const fresh = new Set<string>()
      for (const l of toLearn)
        for (const g of l.glyphs)
          if (untried(g)) {
            const s = state.fonts.get(g.font)
            if (!s) fresh.add(g.font)
            else {
              fontsToLearn.add(g.font)
              ;(s.tried ??= new Set()).add(g.code)
            }
          }
      for (const f of fresh) state.triedFonts.add(f)
      const uncovered = toLearn.filter((l) => !regionsRead.some((r) => within(l.box, r.box)))
      for (const group of groupsOfLines(uncovered)) {
        const r = await readOver(group, page, ctx, o.dpi, state)
        regionsRead.push(r)
        notes.push(
          `OCR region ${Math.round(r.box.x1 - r.box.x0)}x${Math.round(r.box.y1 - r.box.y0)} pt read over ${group.length} line(s) of codes no region read`,
        )
      }
      if (this.learnUnread(lines, regionsRead, fontsToLearn, state, notes, fresh, page.pageNumber, picturesHere) > 0) {
        for (const f of fresh) if (state.fonts.get(f)?.healthy === false) withMaps.add(f)
        split()
      }
    }
    let ocrFonts = new Set([...refused, ...shortRead])
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
      const uncovered = theirs.filter((l) => !regionsRead.some((r) => within(l.box, r.box)))
      if (uncovered.length > 0) {
        let n = 0
        for (const l of uncovered) n += l.glyphs.filter((g) => !g.space).length
        // most of the page: its text block is read, as an anchor's is (the page's other fonts still keep their maps)
        const r = await readOver(n / total > WHOLE_PAGE ? lines : uncovered, page, ctx, o.dpi, state)
        regionsRead.push(r)
        notes.push(
          `OCR region ${Math.round(r.box.x1 - r.box.x0)}x${Math.round(r.box.y1 - r.box.y0)} pt read for the text of fonts without a map to read them by`,
        )
      }
      // the box over the lines left may span lines the page's other regions read: their words are taken once
      const words = wordsOnce(regionsRead)
      // what the regions read teaches the short fonts the codes no anchor read, as an anchor would have (their regions
      // are spent, and this one is paid for already): the runs that still hold unread codes take the OCR's text
      if (shortRead.size > 0 && this.learnUnread(lines, regionsRead, shortRead, state, notes) > 0) {
        const before = ocrFonts.size
        split()
        ocrFonts = new Set([...refused, ...shortRead])
        if (ocrFonts.size < before) notes.push(`${before - ocrFonts.size} font(s) read by their maps again`)
      }
      for (const [i, t] of ocrOfRuns(spacer.runs, words, runNeedsOcr)) runText.set(i, t)
      if (ocrFonts.size > 0) notes.push(`read from the OCR over their ${runText.size} runs: ${[...ocrFonts].map(why).join(', ')}`)
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
        // Lines whose broken glyphs all read by the file's own names are not the check's: names were confirmed for the
        // document, and the OCR reads a symbol table's names worst (`ACAOLSAVAOLS` for `\dots \cdots \vdots`). The
        // maps checked are those the OCR taught.
        const taughtGlyph = (g: Glyph) =>
          !g.space && (broken.has(g.font) || shortRead.has(g.font)) && !(state.fonts.get(g.font)?.named && names.get(g.font)?.has(g.code))
        const taught = (l: LayerLine) => l.glyphs.some(taughtGlyph)
        const mapped = (l: LayerLine) => !l.glyphs.some(needsOcr) && taught(l)
        const finalText = (g: Glyph): string => (broken.has(g.font) || shortRead.has(g.font) ? decode(g.font, g.code) : g.text)
        const check = () => {
          const seen = wordsOnce(regionsRead)
          // words are runs of letters and digits here: such a page is code or a figure's commands more often than not, which
          // OCR splits at brackets where the layer has no space (lshort-fr's picture listing found 0.30 of its words)
          return agreement(lines, ocrByLine(lines, seen), finalText, (l) => mapped(l) && covering(l), {
            unreadScripts: true,
            overSymbols: true,
            signWords: true,
          })
        }
        // Letters and digits the OCR taught on the lines checked: where they are few, the check needs no more than
        // half of them read (a page of names with a few taught signs), else MIN_CHECK_CHARS.
        let taughtLetters = 0
        for (const l of lines) if (mapped(l)) for (const g of l.glyphs) if (taughtGlyph(g) && /[\p{L}\p{N}]/u.test(finalText(g))) taughtLetters++
        const needChars = Math.min(MIN_CHECK_CHARS, Math.ceil(taughtLetters / 2))
        let own = check()
        if (own.chars < needChars) {
          // the regions read here hold too little of the mapped lines (a figure's, a formula's): the text block is read
          regionsRead.unshift(await readOver(lines, page, ctx, o.dpi, state))
          own = check()
        }
        // the words check is for spaces the repair rebuilds; elsewhere the spaces are the extractor's own, as on any kept
        // page
        const spacesRebuilt = lines.some((l) => mapped(l) && covering(l) && l.glyphs.some((g) => spacer.rebuilt(g.font)))
        notes.push(
          `the page's mapped lines agree with the OCR of its own lines at ${own.agreement.toFixed(3)} over ${own.chars} letters and digits (${own.wild} letters of scripts it read nowhere taken as read, ${own.dropped} of its letters over symbols left out), its words found ${own.words.toFixed(3)} (needs ${needChars} letters, ${o.minAgreement}${spacesRebuilt ? `, words ${o.minWordAgreement}` : ''})`,
        )
        const namesOnly = !lines.some((l) => !l.glyphs.some(needsOcr) && taught(l))
        if (namesOnly) notes.push("every mapped line reads by the file's glyph names: nothing the OCR taught to check")
        else if (own.chars < needChars || own.agreement < o.minAgreement || (spacesRebuilt && own.words < o.minWordAgreement)) return 'function words'
      }
    }
    if (pageAgreement === undefined) notes.push('no OCR on this page: maps settled on earlier pages')
    let v = await ctx.judge(cand)
    let out = cand
    // Picture fonts are kept as the layer gives them; where that text is what the judges refuse (a font of line
    // segments whose codes read as ideographs), the page goes without it: it was no text a reader could get.
    const pictures = new Set([...count.keys()].filter((f) => state.fonts.get(f)?.pictures || picturesHere.has(f)))
    if ((v.needsOcr || v.layer === 'blank') && pictures.size > 0) {
      const bare = applyMaps(
        page,
        (f, c) => (pictures.has(f) ? '' : decode(f, c)),
        new Set([...broken, ...shortRead, ...pictures]),
        new Spacer(page, spacingOf(state)),
        runText,
      )
      const without = { ...bare, items: bare.items.filter((it) => !pictures.has(it.fontId ?? NO_FONT) || it.text.trim() !== ''), fonts }
      const w = await ctx.judge(without)
      notes.push(`the judges refuse the page with its picture fonts' text (${v.layer}); without it (${[...pictures].join(', ')}): ${w.layer}`)
      if (!w.needsOcr && w.layer !== 'blank') {
        v = w
        out = without
      }
    }
    if (v.needsOcr || v.layer === 'blank') {
      notes.push(`the judges refuse the repaired page: ${v.layer}; ${v.notes.slice(-3).join('; ')}`)
      return 'judges'
    }
    for (const w of words) state.vocabulary.add(w)
    return { page: out, notes }
  }
}

/**
 * Lines to read, in groups that are each read as one region: lines closer than {@link GROUP_GAP} of their height
 * together, so that a line at the top of a page and one at its foot are not read with the whole page between them
 * (a region costs its area); at most {@link MAX_GROUPS}, else all lines in one.
 */
function groupsOfLines(lines: readonly LayerLine[]): LayerLine[][] {
  if (lines.length === 0) return []
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0)
  const groups: LayerLine[][] = [[sorted[0]!]]
  let bottom = sorted[0]!.box.y1
  for (const l of sorted.slice(1)) {
    const h = Math.max(1, l.box.y1 - l.box.y0)
    if (l.box.y0 - bottom > GROUP_GAP * h) groups.push([l])
    else groups[groups.length - 1]!.push(l)
    bottom = Math.max(bottom, l.box.y1)
  }
  return groups.length > MAX_GROUPS ? [sorted] : groups
}
/**
 * Gap between lines, in line heights, over which they are read in regions of their own: two or three lines of prose
 * between them are read with them (each region is one more OCR call on a crop of the same render).
 */
const GROUP_GAP = 3
/** Regions read for the codes of one page at most: past it, a single region over all their lines. */
const MAX_GROUPS = 3

/** Codes a font's map needs before its share of signs says it is a symbol font. */
const SIGN_FONT_CODES = 5

/** Letters with one or two marks, by the letter they are built on: the forms an OCR that drops accents confuses. */
const ACCENTED = new Map<string, string[]>()
for (const c of 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸŒÆ') {
  const base = c === 'œ' ? 'o' : c === 'Œ' ? 'O' : c === 'æ' ? 'a' : c === 'Æ' ? 'A' : c.normalize('NFD').charAt(0)
  ACCENTED.set(base, [...(ACCENTED.get(base) ?? []), c])
}

/**
 * The accented form of letter `t` (one no code of the font stands for yet) that makes the most words of the lines,
 * with glyph `code` of font `f` read as it, words the document's repaired pages had; undefined when none makes one,
 * or two tie. `other` gives the other codes learned with it, `settled` the rest (undefined: unread, no word).
 */
function accentedByVocabulary(
  t: string,
  taken: ReadonlySet<string>,
  lines: readonly LayerLine[],
  f: string,
  code: string,
  other: (g: Glyph) => string | undefined,
  state: DocState,
  settled: (g: Glyph) => string | undefined,
): string | undefined {
  const forms = (ACCENTED.get(t) ?? []).filter((c) => !taken.has(c))
  if (forms.length === 0 || state.vocabulary.size === 0) return undefined
  const score = new Map<string, number>()
  for (const form of forms) {
    let n = 0
    for (const l of lines) {
      if (!l.glyphs.some((g) => g.font === f && g.code === code)) continue
      let text = ''
      for (const g of l.glyphs) text += g.space ? ' ' : g.font === f && g.code === code ? form : (other(g) ?? settled(g) ?? UNKNOWN_CODE)
      for (const w of text
        .normalize('NFC')
        .toLowerCase()
        .match(/\p{L}{3,}/gu) ?? [])
        if (w.includes(form.toLowerCase()) && state.vocabulary.has(w)) n++
    }
    score.set(form, n)
  }
  const ranked = [...score].sort((a, b) => b[1] - a[1])
  const [best, second] = ranked
  return best && best[1] > 0 && (!second || second[1] < best[1]) ? best[0] : undefined
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
