// The layer and the OCR side by side for the code-map repair: the layer's runs as lines of glyphs with estimated
// positions and spaces, and the OCR's characters grouped under the same lines.
import { isLetterOrDigit, mayBeLettered, type BBox, type ItemGlyph, type PageText } from '@pdftriage/core'

/** One glyph of the layer (or a space pdf.js inserted for a gap), with its estimated centre along the line. */
export interface Glyph {
  font: string
  /** The glyph's key in its font: `#` and its character code when the extractor gives codes, else its text. */
  code: string
  /** The text the layer gives for it. */
  text: string
  x: number
  /** Where the glyph starts along the line (the extractor's measure when it gives glyphs). */
  x0: number
  space: boolean
  /** Of a font whose spacing is rebuilt ({@link Spacer}). */
  rebuilt?: boolean
}

/** A line of the layer: its glyphs in order and the box around them. */
export interface LayerLine {
  glyphs: Glyph[]
  box: BBox
  /** Vertical centre of the line, points. */
  cy: number
}

/** One character of the OCR (or a space between two of its words), with its estimated centre. */
export interface OcrChar {
  ch: string
  x: number
  space: boolean
}

/** A run of the page: an item, or a blank run the extractor kept apart for its codes (`blank`). */
export type Run = PageText['items'][number] & { blank?: true }

/**
 * The page's items with the blank runs whose glyphs have codes put back in their places (extract-pdfjs's
 * `blankRuns`): a false map may name a letter a space or a tab, and the extractor leaves blank runs out of its items.
 */
export function runsOf(page: PageText): Run[] {
  const blanks = page.blankRuns
  if (!Array.isArray(blanks) || blanks.length === 0) return page.items
  const out: Run[] = []
  let b = 0
  page.items.forEach((it, i) => {
    while (b < blanks.length && blanks[b]!.before <= i) out.push(blankRun(blanks[b++]!))
    out.push(it)
  })
  while (b < blanks.length) out.push(blankRun(blanks[b++]!))
  return out
}

function blankRun(r: PageText['items'][number] & { before: number }): Run {
  const { before: _, ...it } = r
  return { ...it, blank: true }
}

/** The key of items without a font id. */
export const NO_FONT = ''

/** The glyphs an item carries, when its extractor gave them and they have codes. */
export function itemGlyphs(it: PageText['items'][number]): ItemGlyph[] | undefined {
  const g = it.glyphs
  return Array.isArray(g) && g.length > 0 && g.every((x) => x.code >= 0) ? g : undefined
}

/** pdf.js's space threshold (its evaluator): a gap wider than 0.102 em between glyphs is a space. */
const SPACE_GAP = 0.102

/**
 * Whether a space stands before glyph `k`: where the extractor put one, or where it did not because the glyph's own
 * (false) text was white space, and the gap says a space.
 */
export function spacedBefore(gs: readonly ItemGlyph[], k: number, fontSize: number | undefined): boolean {
  const g = gs[k]!
  if (g.spaceBefore) return true
  if (k === 0 || !/^\s/u.test(g.text) || !fontSize) return false
  return g.x0 - gs[k - 1]!.x1 > SPACE_GAP * fontSize
}

/**
 * The lines whose spaces the extractor took back as letters set apart (`ItemGlyph.spaceTaken`) but whose glyphs, read
 * as `textOf(run, glyph)` gives them after a repair, are not letters set apart: their spaces go back. A false map that
 * reads the signs of `a = b + c` as letters makes a formula look set apart; its true signs do not. Lines whose glyphs
 * all read as the layer gave them are left as the extractor judged them.
 */
export function unletteredLines(runs: readonly Run[], lineOf: readonly number[], textOf: (run: number, g: ItemGlyph) => string): Set<number> {
  const steps = new Map<number, { last?: boolean; changed?: boolean; spaced: number; counted: number; all: number }>()
  const glyphs = runs.map((r) => itemGlyphs(r))
  glyphs.forEach((gs, i) => {
    if (gs?.some((g) => g.spaceTaken)) steps.set(lineOf[i]!, { spaced: 0, counted: 0, all: 0 })
  })
  for (let i = 0; i < runs.length; i++) {
    const s = steps.get(lineOf[i]!)
    const gs = glyphs[i]
    if (!s || !gs) continue
    for (const g of gs) {
      const t = textOf(i, g)
      if (t !== g.text) s.changed = true
      const alnum = isLetterOrDigit(t)
      if (s.last !== undefined) {
        s.all++
        if (alnum && s.last) {
          s.counted++
          if (g.spaceBefore || g.spaceTaken) s.spaced++
        }
      }
      s.last = alnum
    }
  }
  return new Set([...steps].filter(([, s]) => s.changed && !mayBeLettered(s.spaced, s.counted, s.all)).map(([line]) => line))
}

/** A space adds more than this share of the font's median advance to a glyph's own advance (word spaces about 0.6 of it, kerns under 0.1). */
const WORD_GAP = 0.25
/** Share of a font's glyphs with a space before them above which the extractor's spaces mean nothing. */
const DEGENERATE = 0.5
/**
 * Median glyph width, in ems of the size the extractor read, above which that size is wrong: text glyphs are 0.2-1 em
 * wide (a wide capital or a dash up to 1.2); dvips's Type 3 bitmap fonts read as 0.1 pt have glyphs 20-90 ems wide.
 */
const WIDE_EMS = 3

/**
 * What an anchor taught of a font's spacing (see {@link learnSpacing}): each code's advance, in page points, and the
 * excess over it above which a step between two glyphs is a word space.
 */
export interface SpacingModel {
  adv: ReadonlyMap<string, number>
  gap: number
}

/** A glyph as the spacer sees it: its font, its code key and where it starts. */
export interface Placed {
  font: string
  code: string
  x0: number
}

/**
 * For each item, the index of the layer line it belongs to (-1: no text). A line end is kept unless the next run goes
 * on along the same baseline: fonts whose size the extractor misreads (Type 3 bitmaps scaled to 0.1 pt) end a "line"
 * at every change of font and at every descender, as dvips places each bitmap glyph by its corner (up to 3 pt off the
 * baseline; lines are 12 pt or more apart).
 */
export function lineOfItems(runs: readonly Run[], rebuilt: (font: string) => boolean = () => false): number[] {
  const out: number[] = []
  let line = -1
  let open = false
  let lastX1 = -Infinity
  let lastCy = 0
  let ended = false
  for (const it of runs) {
    if (it.text.length === 0) {
      out.push(-1)
      continue
    }
    const cy = (it.bbox.y0 + it.bbox.y1) / 2
    const h = Math.max(it.bbox.y1 - it.bbox.y0, it.fontSize ?? 0)
    const slack = h < 1 ? 4 : Math.max(2, 0.3 * h)
    const continues = open && Math.abs(cy - lastCy) < slack && it.bbox.x0 >= lastX1 - 2
    // a run of rebuilt spacing that goes back across the line or far off it starts a line even where the extractor
    // saw no line end (the spacer, not the text's line ends, joins the runs of one line)
    const leaves = rebuilt(it.fontId ?? NO_FONT) && (it.bbox.x0 < lastX1 - 2 || Math.abs(cy - lastCy) > 3 * slack)
    if (!open || (!continues && (ended || leaves))) {
      line++
      open = true
    }
    out.push(line)
    lastX1 = it.bbox.x1
    lastCy = cy
    ended = it.hasEol === true
  }
  return out
}

/**
 * Where spaces stand between glyphs. The extractor's spaces, except in fonts where it put one before most glyphs:
 * Type 3 bitmap fonts whose size it reads as 0.1 pt, so that every gap is wider than 0.102 em ("U n e  f igu r e").
 * There the glyph positions are still exact (dvips places each glyph), so a space stands where the step from a glyph
 * to the next on its line exceeds the glyph's advance by the font's word gap. Advances and gap come from the anchor's
 * OCR when a model is given ({@link learnSpacing}); otherwise each code's advance is the smallest step from its glyph
 * to the next on the page and the gap a quarter of the font's median advance.
 */
export class Spacer {
  private readonly adv = new Map<string, number>()
  private readonly median = new Map<string, number>()
  private readonly degenerate = new Set<string>()
  /** Fonts whose size the extractor misread: their glyphs' extents are false too. */
  private readonly wide = new Set<string>()
  /** Each code's extent as the extractor measured it (its false width: constant per code). */
  private readonly width = new Map<string, number>()
  /** Per font with a model: the median of its advances less its codes' extents. */
  private readonly bearing = new Map<string, number>()
  private pageBearing: number | undefined
  private pageGap: number | undefined
  /** The page's runs in order, blank runs with codes included ({@link runsOf}), and the line of each. */
  readonly runs: Run[]
  readonly lineOf: number[]

  constructor(
    page: PageText,
    private readonly models: ReadonlyMap<string, SpacingModel> = new Map(),
  ) {
    this.runs = runsOf(page)
    const spaced = new Map<string, [number, number]>()
    const ems = new Map<string, number[]>()
    for (const it of this.runs) {
      const gs = itemGlyphs(it)
      if (!gs) continue
      const font = it.fontId ?? NO_FONT
      const c = spaced.get(font) ?? [0, 0]
      for (let k = 1; k < gs.length; k++) {
        // steps between copies of one glyph are left out: leader dots (an index, a table of contents) are each spaced
        // in a font whose spacing is sound
        if (gs[k]!.code === gs[k - 1]!.code) continue
        c[0] += gs[k]!.spaceBefore ? 1 : 0
        c[1]++
      }
      spaced.set(font, c)
      for (const g of gs) {
        if (it.fontSize) push(ems, font, (g.x1 - g.x0) / it.fontSize)
        this.width.set(`${font}\u0000${codeKey(g.code)}`, g.x1 - g.x0)
      }
    }
    for (const [f, [n, k]] of spaced) if (k > 0 && n / k > DEGENERATE) this.degenerate.add(f)
    // a font whose glyphs are many ems wide has its size misread, even where each glyph is a run of its own
    for (const [f, l] of ems)
      if (median(l) > WIDE_EMS) {
        this.degenerate.add(f)
        this.wide.add(f)
      }
    this.lineOf = lineOfItems(this.runs, (f) => this.degenerate.has(f))
    for (const [a, b] of glyphSteps(this.runs, this.lineOf)) {
      const d = b.x0 - a.x0
      const key = `${a.font}\u0000${a.code}`
      if (d > 0 && d < (this.adv.get(key) ?? Infinity)) this.adv.set(key, d)
    }
    const per = new Map<string, number[]>()
    for (const [key, a] of this.adv) {
      const f = key.slice(0, key.indexOf('\u0000'))
      let l = per.get(f)
      if (!l) per.set(f, (l = []))
      l.push(a)
    }
    for (const [f, l] of per) {
      l.sort((a, b) => a - b)
      this.median.set(f, l[Math.floor(l.length / 2)]!)
    }
    for (const [f, m] of models) {
      const d: number[] = []
      for (const [c, a] of m.adv) {
        const w = this.width.get(`${f}\u0000${c}`)
        if (w !== undefined) d.push(a - w)
      }
      if (d.length > 0) this.bearing.set(f, median(d))
    }
    // fonts too small for a model of their own (a heading, a section number) take the page's usual bearing and gap
    if (this.bearing.size > 0) this.pageBearing = median([...this.bearing.values()])
    if (models.size > 0) this.pageGap = median([...models.values()].map((m) => m.gap))
  }

  /** Whether the spacing of `font` is rebuilt from advances. */
  rebuilt(font: string): boolean {
    return this.degenerate.has(font)
  }

  /**
   * Whether the extents of `font`'s glyphs are false (its size misread, as dvips's bitmap fonts): no OCR can be cut at
   * its runs. Fonts rebuilt only because the extractor spaces every glyph (math set glyph by glyph) have true extents.
   */
  falseExtents(font: string): boolean {
    return this.wide.has(font)
  }

  /** Whether a word space stands between two glyphs of rebuilt fonts, `p` then `g`, on one line. */
  gapSpace(p: Placed, g: Placed): boolean {
    const m = this.models.get(p.font)
    const key = `${p.font}\u0000${p.code}`
    // a code the model has not measured: its extent and the font's usual bearing, else its smallest step on the page.
    // A font whose extents are true (math set glyph by glyph) advances by them: the page's usual bearing is that of
    // fonts with false widths, and the smallest step of a code always followed by a space holds the space (lshort-fr's
    // `= (`, `(x, y)`)
    const w = this.width.get(key)
    const b = this.bearing.get(p.font) ?? (this.wide.has(p.font) ? this.pageBearing : 0)
    const a = m?.adv.get(p.code) ?? (w !== undefined && b !== undefined ? w + b : this.adv.get(key))
    const t = m?.gap ?? this.pageGap ?? (this.median.has(p.font) ? WORD_GAP * this.median.get(p.font)! : undefined)
    if (a === undefined || t === undefined) return false
    return g.x0 - p.x0 - a > t
  }

  /** Whether a space stands between `prev` (of `prevFont`) and glyph `k` of `gs` (of `font`, at `fontSize`). */
  before(font: string, gs: readonly ItemGlyph[], k: number, fontSize: number | undefined, prev?: { font: string; g: ItemGlyph }): boolean {
    const g = gs[k]!
    const p = k > 0 ? { font, g: gs[k - 1]! } : prev
    if (this.degenerate.has(font) && p && this.degenerate.has(p.font))
      return this.gapSpace({ font: p.font, code: codeKey(p.g.code), x0: p.g.x0 }, { font, code: codeKey(g.code), x0: g.x0 })
    return k > 0 ? spacedBefore(gs, k, fontSize) : false
  }
}

/** Consecutive glyphs of the page's lines (across runs of one line, not across lines). */
function* glyphSteps(runs: readonly Run[], lineOf: readonly number[]): Generator<[Placed, Placed]> {
  let prev: Placed | undefined
  let prevLine = -1
  for (let i = 0; i < runs.length; i++) {
    const it = runs[i]!
    const gs = itemGlyphs(it)
    if (!gs || lineOf[i] !== prevLine) prev = undefined
    prevLine = lineOf[i]!
    if (!gs) continue
    const font = it.fontId ?? NO_FONT
    for (const g of gs) {
      const cur = { font, code: codeKey(g.code), x0: g.x0 }
      if (prev) yield [prev, cur]
      prev = cur
    }
  }
}

/** A pair of glyphs next to each other on a line, and whether the anchor's OCR read a word space between them. */
export interface LabelledStep {
  a: Placed
  b: Placed
  space: boolean
}

/** Fewest labelled steps of a font before its spacing model is worth learning. */
const MIN_STEPS = 40

/**
 * Learns a font's spacing from steps the anchor's OCR labelled: each code's advance is the median of its steps inside
 * words (TeX's widths plus dvips's pixel rounding, 0.1 pt); the word gap is the threshold on the excess over the
 * advance that best separates the labelled word spaces from steps inside words (word spaces are 2-4 pt, kerns and
 * rounding under 0.5). A code seen only before spaces gets its step less the font's median space.
 */
export function learnSpacing(steps: readonly LabelledStep[]): Map<string, SpacingModel> {
  const by = new Map<string, LabelledStep[]>()
  for (const s of steps) {
    let l = by.get(s.a.font)
    if (!l) by.set(s.a.font, (l = []))
    l.push(s)
  }
  const out = new Map<string, SpacingModel>()
  for (const [font, ss] of by) {
    if (ss.length < MIN_STEPS) continue
    const inner = new Map<string, number[]>()
    for (const s of ss) if (!s.space) push(inner, s.a.code, s.b.x0 - s.a.x0)
    const adv = new Map<string, number>()
    for (const [c, l] of inner) adv.set(c, median(l))
    const within: number[] = []
    const between: number[] = []
    for (const s of ss) {
      const a = adv.get(s.a.code)
      if (a !== undefined) (s.space ? between : within).push(s.b.x0 - s.a.x0 - a)
    }
    if (within.length === 0 || between.length === 0) continue
    const space = median(between)
    const onlyBefore = new Map<string, number[]>()
    for (const s of ss) if (s.space && !adv.has(s.a.code)) push(onlyBefore, s.a.code, s.b.x0 - s.a.x0)
    for (const [c, l] of onlyBefore) adv.set(c, median(l) - space)
    out.set(font, { adv, gap: bestThreshold(within, between) })
  }
  return out
}

function push(m: Map<string, number[]>, k: string, v: number): void {
  const l = m.get(k)
  if (l) l.push(v)
  else m.set(k, [v])
}

function median(l: number[]): number {
  const s = [...l].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

/** The threshold between two samples that misclassifies fewest (midway between the neighbours where it falls). */
function bestThreshold(low: number[], high: number[]): number {
  const all = [...low.map((v) => ({ v, hi: false })), ...high.map((v) => ({ v, hi: true }))].sort((a, b) => a.v - b.v)
  // errors with the threshold below all[i]: lows at or above it, highs below it
  let errors = low.length
  let best = errors
  let at = all[0]!.v - 0.01
  for (let i = 0; i < all.length; i++) {
    errors += all[i]!.hi ? 1 : -1
    if (errors < best && i + 1 < all.length && all[i + 1]!.v > all[i]!.v) {
      best = errors
      at = (all[i]!.v + all[i + 1]!.v) / 2
    }
  }
  return at
}

/** The key of a glyph's code (see {@link Glyph.code}). */
export const codeKey = (code: number): string => `#${code}`

/**
 * Lines of the layer ({@link lineOfItems}). Items carry one box for a whole run, so each character's centre is spread
 * evenly over it: the estimate drifts by a character or two on long runs, which the alignment absorbs (it weighs
 * position lightly and word shapes and the map learned so far heavily). Glyphs of items that carry them are placed
 * where the extractor measured them.
 */
export function layerLines(page: PageText, spacer = new Spacer(page)): LayerLine[] {
  const lines: LayerLine[] = []
  let cur: LayerLine | undefined
  let curLine = -1
  let lastX1 = -Infinity
  let prev: { font: string; g: ItemGlyph } | undefined
  spacer.runs.forEach((it, i) => {
    const line = spacer.lineOf[i]!
    if (line < 0) return
    const chars = Array.from(it.text)
    if (!cur || line !== curLine) {
      if (cur) lines.push(cur)
      cur = { glyphs: [], box: { ...it.bbox }, cy: 0 }
      curLine = line
      lastX1 = -Infinity
      prev = undefined
    } else {
      cur.box = {
        x0: Math.min(cur.box.x0, it.bbox.x0),
        y0: Math.min(cur.box.y0, it.bbox.y0),
        x1: Math.max(cur.box.x1, it.bbox.x1),
        y1: Math.max(cur.box.y1, it.bbox.y1),
      }
    }
    const font = it.fontId ?? NO_FONT
    const gs = itemGlyphs(it)
    const l = cur
    if (l.glyphs.length > 0) {
      // between two runs of rebuilt spacing the advances say; elsewhere a gap between two runs of a line is a space
      // where pdf.js dropped its whitespace item
      const gap = gs && prev && spacer.rebuilt(font) && spacer.rebuilt(prev.font) ? spacer.before(font, gs, 0, it.fontSize, prev) : it.bbox.x0 - lastX1 > 1
      if (gap) l.glyphs.push({ font, code: ' ', text: ' ', x: (it.bbox.x0 + lastX1) / 2, x0: (it.bbox.x0 + lastX1) / 2, space: true })
    }
    if (gs) {
      gs.forEach((g, k) => {
        if (k > 0 && spacer.before(font, gs, k, it.fontSize)) l.glyphs.push({ font, code: ' ', text: ' ', x: g.x0, x0: g.x0, space: true })
        // every glyph is a code to learn, one that reads as white space too (a false map names tabs and line feeds)
        l.glyphs.push({
          font,
          code: codeKey(g.code),
          text: g.text,
          x: (g.x0 + g.x1) / 2,
          x0: g.x0,
          space: false,
          ...(spacer.rebuilt(font) ? { rebuilt: true } : {}),
        })
      })
      prev = { font, g: gs[gs.length - 1]! }
    } else {
      const w = (it.bbox.x1 - it.bbox.x0) / chars.length
      chars.forEach((c, k) => l.glyphs.push({ font, code: c, text: c, x: it.bbox.x0 + (k + 0.5) * w, x0: it.bbox.x0 + k * w, space: c === ' ' }))
      prev = undefined
    }
    lastX1 = it.bbox.x1
  })
  if (cur) lines.push(cur)
  for (const l of lines) l.cy = (l.box.y0 + l.box.y1) / 2
  return lines.filter((l) => l.glyphs.some((g) => !g.space))
}

/** The line with the spaces between glyphs of rebuilt fonts decided again by `spacer` (another spacing model). */
export function respaced(line: LayerLine, spacer: Spacer): LayerLine {
  const out: Glyph[] = []
  let prev: Glyph | undefined
  for (const g of line.glyphs) {
    if (g.space) {
      out.push(g)
      continue
    }
    if (prev && spacer.rebuilt(prev.font) && spacer.rebuilt(g.font) && prev.code.startsWith('#') && g.code.startsWith('#')) {
      // the spaces between them are the spacer's to say
      while (out.length > 0 && out[out.length - 1]!.space) out.pop()
      if (spacer.gapSpace(prev, g)) out.push({ font: g.font, code: ' ', text: ' ', x: g.x0, x0: g.x0, space: true })
    }
    out.push(g)
    prev = g
  }
  return { ...line, glyphs: out }
}

/** OCR words (items with boxes) given to the layer line they sit on; words on no line are left out. */
export function ocrByLine(lines: readonly LayerLine[], words: PageText['items']): OcrChar[][] {
  const per: Array<Array<PageText['items'][number]>> = lines.map(() => [])
  for (const w of words) {
    const t = w.text.trim()
    if (!t) continue
    const h = w.bbox.y1 - w.bbox.y0
    const cy = (w.bbox.y0 + w.bbox.y1) / 2
    let best = -1
    let bestD = Infinity
    lines.forEach((l, i) => {
      // on the line: its centre inside the word's box with half its height of slack (a word of x-height letters over
      // a line whose box is only its baseline), and across its width; the nearest line wins
      if (l.cy < w.bbox.y0 - 0.5 * h || l.cy > w.bbox.y1 + 0.5 * h) return
      if (w.bbox.x1 < l.box.x0 - 5 || w.bbox.x0 > l.box.x1 + 5) return
      const d = Math.abs(l.cy - cy)
      if (d < bestD) {
        bestD = d
        best = i
      }
    })
    if (best >= 0) per[best]!.push({ ...w, text: t })
  }
  return per.map((ws) => {
    ws.sort((a, b) => a.bbox.x0 - b.bbox.x0)
    const out: OcrChar[] = []
    let lastX1 = 0
    for (const w of ws) {
      if (out.length) out.push({ ch: ' ', x: (lastX1 + w.bbox.x0) / 2, space: true })
      lastX1 = w.bbox.x1
      // a ligature the OCR wrote as one character (U+FB00-FB06) is its letters, as the extractor writes them
      const chars = Array.from(w.text.normalize('NFC').replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC')))
      const cw = (w.bbox.x1 - w.bbox.x0) / chars.length
      chars.forEach((c, k) => out.push({ ch: c, x: w.bbox.x0 + (k + 0.5) * cw, space: false }))
    }
    return out
  })
}

/**
 * What the OCR read over each run `want` names (by index in `runs`): each OCR character, placed evenly along its word's
 * box, goes to the run it falls in (the word's centre within the run's height and a third of it of slack), or to the
 * nearest run of its line within half the word's height; characters of one word stay together, words are joined by
 * spaces; '' for a run the OCR read nothing over. Characters over other runs are theirs (their text comes
 * from their maps): a word may run across fonts, as a figure set in another font inside a word.
 */
export function ocrOfRuns(runs: readonly Run[], words: PageText['items'], want: (run: number) => boolean): Map<number, string> {
  const got = new Map<number, Array<{ x: number; word: number; ch: string }>>()
  runs.forEach((r, i) => {
    if (r.text.length > 0 && want(i)) got.set(i, [])
  })
  words.forEach((w, wi) => {
    const t = w.text.trim()
    if (!t) return
    const cy = (w.bbox.y0 + w.bbox.y1) / 2
    const on: number[] = []
    runs.forEach((r, i) => {
      if (r.text.length === 0) return
      const slack = (r.bbox.y1 - r.bbox.y0) / 3
      if (cy >= r.bbox.y0 - slack && cy <= r.bbox.y1 + slack) on.push(i)
    })
    const chars = Array.from(t)
    const cw = (w.bbox.x1 - w.bbox.x0) / chars.length
    const near = (w.bbox.y1 - w.bbox.y0) / 2
    chars.forEach((ch, k) => {
      const x = w.bbox.x0 + (k + 0.5) * cw
      let best = -1
      let bestD = Infinity
      for (const i of on) {
        const b = runs[i]!.bbox
        const d = x < b.x0 ? b.x0 - x : x > b.x1 ? x - b.x1 : 0
        if (d < bestD) {
          bestD = d
          best = i
        }
      }
      if (bestD <= near) got.get(best)?.push({ x, word: wi, ch })
    })
  })
  const out = new Map<number, string>()
  for (const [i, cs] of got) {
    cs.sort((a, b) => a.x - b.x)
    let s = ''
    cs.forEach((c, k) => {
      if (k > 0 && c.word !== cs[k - 1]!.word) s += ' '
      s += c.ch
    })
    out.set(i, s)
  }
  return out
}
