// The code-map repair's "apply" stage: the page rebuilt with its broken fonts' glyphs read by their maps (or the OCR's
// text over runs no map reads), and each font's map by character code for writers that put it back into the file.
import { dotless, joinItems, TextAligner, type FontInfo, type ItemGlyph, type PageText } from '@pdftriage/core'
import { joinGlyphs, markOf, sitsOver, spacingAccent } from './accents.js'
import { codeKey, itemGlyphs, NO_FONT, Spacer, unletteredLines, type Run } from './layout.js'
import { needsOcr } from './unread.js'
import { MIN_COVERAGE, MIN_WORDS, spacingOf, UNKNOWN_CODE, type DocState, type PageState } from './state.js'
import { functionWordShare } from './words.js'

/** A broken font's code read through the document's maps (`UNKNOWN_CODE` where none has read it). */
export const decodeByMaps =
  (state: DocState) =>
  (f: string, c: string): string =>
    state.fonts.get(f)?.map.get(c) ?? UNKNOWN_CODE

/**
 * Stage "apply": the page with its broken fonts read by their maps and the runs no map reads by the OCR, each font's
 * map by character code on its record, and what the repaired text says (function words, words).
 */
export function applyPage(p: PageState): undefined {
  const { page, doc: state, lines, broken, shortRead, refused, runText } = p
  const decode = decodeByMaps(state)
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
  const unreadGlyphs = () => lines.reduce((n, l) => n + l.glyphs.filter((g) => needsOcr(p, g)).length, 0)
  const writable = runText.size === 0 || (refused.size === 0 && unreadGlyphs() <= (1 - MIN_COVERAGE) * p.total)
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
  // the anchor page's share of function words is what the document's pages repaired with no OCR are held to
  if (p.anchored && fw.words >= MIN_WORDS && state.anchorFunctionWords === undefined) state.anchorFunctionWords = fw.share
  const words = (cand.text.toLowerCase().match(/\p{L}{3,}/gu) ?? []) as string[]
  p.repaired = { cand, fonts, coverage, fw, words }
  return undefined
}

/** What {@link applyMaps} reads each run by. */
interface MapsOnPage {
  decode: (font: string, code: string) => string
  broken: ReadonlySet<string>
  spacer: Spacer
  read: ReadonlyMap<number, string>
  /** The accents of a font (code -> mark), kept for its code map. */
  accentsOf: (f: string) => Map<number, string> | undefined
  /** Accents carried over to the next run's letter: run index of the letter -> mark. */
  carried: Map<number, string>
  /** Lines whose spaces the extractor took back only because the false map made them look like letters set apart. */
  unlettered: Set<number>
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
  const accentsOf = (f: string) => accents?.get(f) ?? accents?.set(f, new Map()).get(f)
  const carried = carriedAccents(decode, broken, spacer, read, accentsOf)
  // spaces the extractor took back on lines that only the false map made look like letters set apart
  const unlettered = unletteredLines(spacer.runs, spacer.lineOf, (i, g) => {
    const f = spacer.runs[i]!.fontId ?? NO_FONT
    return broken.has(f) && !read.has(i) ? decode(f, codeKey(g.code)) : g.text
  })
  const m: MapsOnPage = { decode, broken, spacer, read, accentsOf, carried, unlettered }
  const joiner = new TextJoiner(page.text, spacer)
  const items = spacer.runs
    .map((it, i) => {
      const f = it.fontId ?? NO_FONT
      // the page's own blanks are in its text already
      if (it.blank && !broken.has(f) && !read.has(i)) return undefined
      const line = spacer.lineOf[i]!
      const gs = itemGlyphs(it)
      const givenBack = (g: ItemGlyph) => g.spaceTaken === true && !spacer.rebuilt(f) && unlettered.has(line)
      const out = runText(m, it, i, gs, givenBack)
      joiner.add(it, out, gs, f, line, givenBack)
      return repairedRun(it, out, carried.has(i + 1))
    })
    .filter((it): it is PageText['items'][number] => it !== undefined)
  const text = joiner.aligned ? joiner.text() : joinItems(items)
  return { ...page, items, text, source: 'repaired' }
}

/**
 * TeX's \accent draws the accent, then moves back to draw its letter; where the false map hid the accent from the
 * extractor, the run ends at the accent and the letter begins the next one. The accent then goes over that letter
 * as its mark, as joinGlyphs does within a run (run index of the letter -> mark; the accent's run drops it).
 */
function carriedAccents(
  decode: MapsOnPage['decode'],
  broken: ReadonlySet<string>,
  spacer: Spacer,
  read: ReadonlyMap<number, string>,
  accentsOf: MapsOnPage['accentsOf'],
): Map<number, string> {
  const carried = new Map<number, string>()
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
  return carried
}

/** The repaired text of run `i` (`it`, glyphs `gs`): the OCR's where read, its font's map for a broken font. */
function runText(m: MapsOnPage, it: Run, i: number, gs: ItemGlyph[] | undefined, givenBack: (g: ItemGlyph) => boolean): string {
  const { decode, broken, spacer, read, carried } = m
  const f = it.fontId ?? NO_FONT
  let out = it.text
  // an accent carried over to the next run's letter (above) leaves its run's text; a letter takes it
  const decoded = (g: ItemGlyph, k: number) => {
    if (k === gs!.length - 1 && carried.has(i + 1)) return ''
    const t = decode(f, codeKey(g.code))
    return k === 0 && carried.has(i) ? dotless(t) + carried.get(i)! : t
  }
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
          joinGlyphs(gs, gs.map(decoded), spaced, m.accentsOf(f))
      : Array.from(it.text, (c) => (c === ' ' ? c : decode(f, c))).join('')
  } else if (gs && spacer.rebuilt(f) && gs.map((g) => g.text).join('') === it.text.replace(/ /g, '')) {
    // a healthy font of rebuilt spacing keeps its text, spaced by its advances (when its glyphs hold all of it)
    out = gs.map((g, k) => spaced(k) + g.text).join('')
  }
  return out
}

/** The item a run becomes with its repaired text `out`, or undefined when it reads as nothing. */
function repairedRun(it: Run, out: string, accentCarried: boolean): PageText['items'][number] | undefined {
  if (it.blank) {
    // a blank run is an item of the repaired page once its codes read as something
    if (!out.trim()) return undefined
    const { blank: _, ...rest } = it
    return { ...rest, text: out }
  }
  // a run that was only an accent, now over the next run's letter
  if (!out && accentCarried) return undefined
  return out === it.text ? it : { ...it, text: out }
}

/**
 * The page's text rebuilt run by run, the gaps between runs as the extractor put them in the page's text (found by
 * aligning each run's stored text with it); `aligned` turns false once a run is not found, and the text is then the
 * items joined.
 */
class TextJoiner {
  private readonly aligner: TextAligner
  private joined = ''
  private trail = ''
  aligned = true
  /** The last glyph of the run before, its font and line (undefined after a run without glyphs). */
  private prev: { font: string; g: ItemGlyph; line: number } | undefined

  constructor(
    pageText: string,
    private readonly spacer: Spacer,
  ) {
    this.aligner = new TextAligner(pageText)
  }

  /** Adds run `it` (font `f`, on `line`) read as `out`. */
  add(it: Run, out: string, gs: ItemGlyph[] | undefined, f: string, line: number, givenBack: (g: ItemGlyph) => boolean): void {
    const { spacer, prev } = this
    if (this.aligned) {
      const found = this.aligner.place(it.text)
      if (found === undefined) this.aligned = false
      else {
        let gap = found
        const lead = /^[\s\0]*/u.exec(it.text)![0]
        if (lead || this.trail) {
          // blanks and control characters of the runs themselves (a false map's tabs and line feeds) are in the gap as
          // the extractor tidied them: only the line ends beyond theirs are the page's
          const nl = (t: string) => t.split('\n').length - 1
          const ends = nl(gap) - nl(lead) - nl(this.trail)
          gap = ends >= 2 ? '\n\n' : ends === 1 ? '\n' : gap.length > lead.length + this.trail.length ? ' ' : ''
        }
        if (gs && prev && prev.line === line && spacer.rebuilt(f) && spacer.rebuilt(prev.font) && /^\s*$/.test(gap))
          gap = spacer.before(f, gs, 0, it.fontSize, prev) ? ' ' : ''
        else if (gs && prev && prev.line === line && gap === '' && givenBack(gs[0]!)) gap = ' '
        this.joined += gap + out
        this.trail = /[\s\0]*$/u.exec(it.text)![0]
      }
    }
    this.prev = gs ? { font: f, g: gs[gs.length - 1]!, line } : undefined
  }

  /** The text, once every run is added (only while aligned). */
  text(): string {
    return (this.joined + this.aligner.rest()).normalize('NFC')
  }
}
