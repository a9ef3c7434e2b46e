// A page's text read from its operator list, glyph by glyph: runs, spaces and line ends from the glyphs' positions,
// TeX ligature codes, accents drawn apart, right-to-left runs, each glyph's code kept for the repairs.
import { accentMark, dotless, isLetterOrDigit, mayBeLettered } from '@pdftriage/core'
import { RTL, rtlSpans } from './bidi-order.js'
import { IDENTITY, mul, walkOperators, type Matrix, type WalkState } from './operator-walk.js'
import type { PdfjsModule } from './runtime.js'
import { GlyphStore, SPACE_TAKEN, type PdfjsTextItem, type PdfjsTextStyle } from './page-text.js'

// Compatibility characters pdf.js's text content also folds (NFKC): ligatures, odd spaces, the ohm sign.
const COMPAT = /[\u00a0\u2000-\u200a\u202f\u2126\ufb00-\ufb06]/u
// A glyph's text is mostly one character below U+00A0, which the pattern cannot match: not asked (it runs per glyph).
const normalizeLigatures = (s: string): string => ((s.length === 1 && s.charCodeAt(0) < 0xa0) || !COMPAT.test(s) ? s : s.normalize('NFKC'))

/**
 * TeX's ligatures ff, fi, fl, ffi, ffl: at codes 0x1B-0x1F in T1 (Cork) fonts, 0x0B-0x0F in OT1 ones. The Type 3
 * bitmap fonts dvips makes of Computer Modern name their glyphs by code only, so pdf.js hands the code itself over,
 * a control character, and "afin" read "a n" (pdftotext drops the glyph).
 */
const TEX_LIGATURES = ['ff', 'fi', 'fl', 'ffi', 'ffl']
/** OT1 puts æ œ ø Æ Œ Ø at 0x1A-0x1F, where T1 has its ligatures: a font seen using OT1's ligature codes reads them so. */
const OT1_LETTERS = ['æ', 'œ', 'ø', 'Æ', 'Œ', 'Ø']

/** The raw TeX code a glyph's text is (0x0B-0x0F or 0x1A-0x1F, as pdf.js hands them over); -1 for any other text. */
function texCode(u: string | undefined): number {
  if (u === undefined || u.length !== 1) return -1
  const c = u.charCodeAt(0)
  return (c >= 0x0b && c <= 0x0f) || (c >= 0x1a && c <= 0x1f) ? c : -1
}

const LETTER = /^\p{L}/u
const NON_BLANK = /\S/
const LAST_LETTER = /\p{L}$/u
const CONTROL = /[\x00-\x1f\x7f]/
const HYPHEN = /^[-\u2010\u00ad]/

/**
 * A TeX code stands inside a word: no control character (another TeX code, a page of codes that are not letters at
 * all, a font with a false map) on either side, which stays as it is for the judges to see, and a letter on one side
 * or a hyphen after it. Line ends and hyphens come between a ligature and its word as often as letters do: TeX
 * hyphenates "fi-gurent" and "modi-fication", starts lines with "fi", and sets "non-free-firmware" and "off-site".
 * `before` is the text the glyph follows (at a line start, the line before, whose end this glyph does not see).
 */
function texContext(before: string, glyphs: unknown[], at: number): boolean {
  const prev = before.slice(-1)
  if (CONTROL.test(prev)) return false
  let next: string | undefined
  for (let k = at + 1; k < glyphs.length && next === undefined; k++) {
    const g = glyphs[k]
    if (typeof g === 'number') continue
    next = ((g as { unicode?: string } | null)?.unicode ?? '').slice(0, 1)
  }
  if (next !== undefined && CONTROL.test(next)) return false
  return LAST_LETTER.test(prev) || (next !== undefined && (LETTER.test(next) || HYPHEN.test(next)))
}

/**
 * Cork (T1) puts œ and Œ at 0xF7 and 0xD7, where Latin-1 has ÷ and ×: the dvips Type 3 fonts, whose glyphs are named
 * by code only, hand over the Latin-1 sign, and "cœur" read "c÷ur". Between two letters the sign is the letter (math
 * fonts place ÷ and × elsewhere, and a formula spaces them).
 */
const CORK_LETTERS: Record<string, string> = { '\u00f7': '\u0153', '\u00d7': '\u0152' }
function corkLetter(u: string | undefined, before: string, glyphs: unknown[], at: number): string | undefined {
  const l = u === undefined ? undefined : CORK_LETTERS[u]
  if (!l || !LAST_LETTER.test(before)) return undefined
  for (let k = at + 1; k < glyphs.length; k++) {
    const g = glyphs[k]
    if (typeof g === 'number') continue
    return LETTER.test((g as { unicode?: string } | null)?.unicode ?? '') ? l : undefined
  }
  return undefined
}

/** The text of TeX code `c` (see {@link texCode}) in a font: a ligature, or in an OT1 font a letter. */
function texGlyph(c: number, fontId: string, ot1: Set<string>): string {
  if (c <= 0x0f) {
    ot1.add(fontId)
    return TEX_LIGATURES[c - 0x0b]!
  }
  if (ot1.has(fontId)) return OT1_LETTERS[c - 0x1a]!
  // 0x1A is no ligature in T1 (a dotless j): left as it came.
  return c === 0x1a ? String.fromCharCode(c) : TEX_LIGATURES[c - 0x1b]!
}

/** LETTER.test(u), ASCII answered without the pattern (it runs per glyph). */
const startsWithLetter = (u: string): boolean => {
  const c = u.charCodeAt(0)
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
  return LETTER.test(u)
}

/** A glyph placed on the page, as the accent rules need it. */
interface PlacedGlyph {
  run: PdfjsTextItem
  at: number
  px: number
  py: number
  gx: number
  gy: number
  em: number
  mark: string | undefined
  letter: boolean
  /** The reference point before it (see hasLast and ref in the walk). */
  bHasLast: boolean
  bEndX: number
  bEndY: number
  bEm: number
  bUx: number
  bUy: number
}

/**
 * Whether an accent from (px, py) to (gx, gy) sits over glyph `g`: its middle falls within the glyph's advance, and
 * it is less than an em off the glyph's baseline (TeX raises accents over capitals by about a quarter of an em).
 * A spacing accent typed between letters ("don´t") starts where the letter before ends, its middle past it.
 */
function over(px: number, py: number, gx: number, gy: number, g: { px: number; py: number; gx: number; gy: number; em: number }): boolean {
  const len = Math.hypot(g.gx - g.px, g.gy - g.py)
  if (len === 0) return false
  const ux = (g.gx - g.px) / len
  const uy = (g.gy - g.py) / len
  const mx = (px + gx) / 2 - g.px
  const my = (py + gy) / 2 - g.py
  const along = mx * ux + my * uy
  const across = -mx * uy + my * ux
  return along > 0 && along < len && Math.abs(across) < g.em
}

/** What a font object in pdf.js's `commonObjs` tells the text walk. */
export interface OplistFont {
  fontMatrix?: number[]
  ascent?: number
  descent?: number
  vertical?: boolean
  isType3Font?: boolean
  /** The font's code -> text map as pdf.js built it (with `fontExtraProperties`): the file's ToUnicode when it has one. */
  toUnicode?: { _map?: ArrayLike<string | undefined> }
}

/**
 * Whether the font's ToUnicode maps the glyph's code to nothing. Shaping engines write such entries for the glyphs of
 * a cluster whose text another glyph carries (an Arabic word, a conjunct); pdf.js then reads the code itself as a
 * character (`\u0003ϲΒϴΒ` beside the word), where poppler reads nothing.
 */
function mapsToNothing(font: OplistFont, g: object): boolean {
  const oc = (g as { originalCharCode?: unknown }).originalCharCode
  return typeof oc === 'number' && font.toUnicode?._map?.[oc] === ''
}

/**
 * Whether the glyph is a NUL the font has no glyph for: it draws the font's `.notdef` (nothing a reader sees) and its
 * code names no character, so poppler reads nothing there. PDFlib ends every `TJ` of a chart with `<00>` in a WinAnsi
 * TrueType font: pdf.js read each as U+0000 and the page, 0.30 control characters, was called garbled. A NUL the font
 * does draw stays text (a broken map's damage).
 */
const notdefNul = (g: { unicode?: string; isInFont?: boolean }): boolean => g.unicode === '\u0000' && g.isInFont === false

/**
 * pdf.js's own text-content thresholds (evaluator.js), as shares of the font size: a gap wider than 0.102 em between
 * glyphs is a space; a step back of more than 0.2 em, or a baseline moved by more than the font size, ends a run.
 */
const SPACE_GAP = 0.102
const BACKWARD_GAP = -0.2
/**
 * pdf.js's rule for a step back: a baseline moved by more than half the font size is a new line (a heading drawn over
 * two lines, a cell below), less is the same line drawn out of order.
 */
const BACKWARD_LINE = 0.5
/**
 * The area (square points) under which a glyph's em square drawn on the page is flat: no font size in use comes near
 * it (a 1 pt font's em is 1 pt^2; 1e-6 would be a 0.001 pt font), and a flattening matrix gives exactly 0.
 */
const FLAT_EM = 1e-6

// Letters set apart to justify a line (`k o m u n i k u j e`): which lines may be is core's `mayBeLettered`.
/**
 * Then, as poppler's text output reads such a line: when its spaces are all of about one size (the widest under
 * `LETTERED_ALIKE` times the narrowest, its maxWideCharSpacingMul) and none is wider than `LETTERED_MAX` em (its
 * maxWideCharSpacing: a word space is about 0.25-0.33 em), its letters make one word. Poppler asks this of lines whose
 * words are all one character; here at least `LETTERED_ALIKE_SHARE` of the steps must be spaces (a glyph too wide in
 * the file's widths closes a gap: `p ře d e v š í m`), where "I am a cat" has half.
 */
const LETTERED_ALIKE = 1.3
const LETTERED_MAX = 0.4
const LETTERED_ALIKE_SHARE = 0.75
/**
 * Or, where poppler keeps every space: when the spaces fall in two groups, the wider at least `LETTERED_BREAK` times
 * the narrower (the newsletter's letters 0.09-0.53 em apart, its words 1.35-1.57 em: ratios 2.5-12), and the narrower
 * no wider than `LETTERED_LETTER_MAX` em (its widest letter spacing, 0.81 em, under it; table cells a few ems apart over
 * it), the narrower are letters of one word.
 */
const LETTERED_BREAK = 2.5
const LETTERED_LETTER_MAX = 1

/**
 * Text drawn over itself (fake bold, drop shadows, a field's value drawn again by its widget): a glyph with the same
 * text as one already on the page and starting within 0.1 em of it along the baseline and 0.2 em across is a copy,
 * as poppler's text output drops duplicated words (`dupMaxPriDelta`, `dupMaxSecDelta`). Copies met on real pages
 * sat 0.01-0.06 em off their original.
 */
const DUP_ALONG = 0.1
const DUP_ACROSS = 0.2
/** How much farther along than the glyph before, in ems, the next glyph of a copy may stand from its original. */
const DUP_NEXT = 0.3
/**
 * How far along its original, in ems, an annotation's glyph may start and be a copy: a widget's appearance redraws the
 * label the page already shows in its own font and padding (a LaTeX push button's "Submit": 0.13 em along, 0.10
 * across), while a FreeText note's own letter beside the page's one stood 0.27 em along (a PDFBox test file).
 */
const DUP_ANNOTATION_ALONG = 0.2
/** Cell of the placed-glyph grid, user-space units. */
const DUP_CELL = 4
const cellKey = (ix: number, iy: number) => (ix + 0x100000) * 0x200000 + (iy + 0x100000)

const SPACE = /\s/
/**
 * `/\s$/.test(s)`, reading the last character only: the pattern is tried at every position of the string, and runs
 * grow to a line's length while a space is asked of them after each word. ASCII is answered without the pattern, as
 * in {@link startsWithSpace}.
 */
const endsWithSpace = (s: string): boolean => {
  const c = s.charCodeAt(s.length - 1)
  return c < 0x80 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) : SPACE.test(s.charAt(s.length - 1))
}
/** `/^\s/.test(s)`, ASCII answered without the pattern: it is asked of every glyph after the first on a line. */
const startsWithSpace = (s: string): boolean => {
  const c = s.charCodeAt(0)
  return c < 0x80 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) : SPACE.test(s.charAt(0))
}

/**
 * The gap (ems) under which a line's spaces are letters of one word when they are all of about one size (see
 * LETTERED_ALIKE), 0 when they are not; `spaced`: the gaps of the line's counted steps that put a space, of `steps`.
 */
function alikeGap(spaced: readonly number[], steps: number): number {
  const min = Math.min(...spaced)
  const max = Math.max(...spaced)
  return max < LETTERED_ALIKE * min && max <= LETTERED_MAX && spaced.length >= LETTERED_ALIKE_SHARE * steps ? LETTERED_ALIKE * min : 0
}

/** The gap (ems) between a line's two groups of gaps, letters and words (see LETTERED_BREAK), 0 when there are not two. */
function breakGap(spaced: readonly number[]): number {
  const g = [...spaced].sort((a, b) => a - b)
  let cut = 0
  let ratio = 0
  for (let i = 0; i + 1 < g.length; i++) {
    const r = g[i + 1]! / g[i]!
    if (r > ratio) {
      ratio = r
      cut = i
    }
  }
  // between the two groups (their geometric mean): a space beside a sign, not counted, falls on its side
  return ratio >= LETTERED_BREAK && g[cut]! <= LETTERED_LETTER_MAX ? Math.sqrt(g[cut]! * g[cut + 1]!) : 0
}

const LOWER = /^\p{Ll}/u
const UPPER = /^\p{Lu}/u

/**
 * Text items from a page's operator list, in content order, shaped like pdf.js's text-content items so that the
 * same box and text code serves both. One pass over the operators gives the text, the invisible layers and the image
 * coverage (`scanOperators`), where asking pdf.js for its text content as well parses every content stream twice
 * (a 312-page manual: text content 1.69 s, operator list 1.49 s, both 2.59 s).
 *
 * Glyphs are placed as pdf.js's canvas places them (text matrix, line offsets, character and word spacing,
 * horizontal scale, rise, TJ adjustments) and joined into runs the way its text content joins them (gaps over 0.102 em
 * become a space, a moved baseline ends the line). Invisible format characters (U+00AD) are kept, where text content
 * drops them. Returns `undefined` (the caller then asks pdf.js for its text content) on what this walk does not model:
 * vertical writing, or a font it cannot see.
 */
export function textFromOperatorList(
  OPS: PdfjsModule['OPS'],
  fnArray: readonly number[],
  argsArray: readonly unknown[],
  fontOf: (id: string) => OplistFont | undefined,
  view: readonly number[] = [-Infinity, -Infinity, Infinity, Infinity],
): OplistText | undefined {
  const reader = new OperatorTextReader(OPS, fontOf, view)
  walkOperators(OPS, fnArray, argsArray, [reader])
  return reader.result()
}

/** Text items and their fonts' styles, as {@link textFromOperatorList} gives them. */
export interface OplistText {
  /** Their glyphs are in one store of the page's. */
  items: PdfjsTextItem[]
  styles: Record<string, PdfjsTextStyle>
}

/**
/**
 * The reader of {@link textFromOperatorList}, for a walk shared with other readers; `result()` once the walk is done
 * (`undefined` when the walk met what it does not model).
 *
 * A class, not closures made per page: V8 inlined a page's closures into the walk's optimised code as constants, and
 * each collection of a finished page's closures discarded that code (a 312-page manual: the walk's code compiled 12
 * times, about 0.4 s of compiler time each, its glyphs read by the interpreter meanwhile). Methods are one function
 * for every page, and the rarely taken paths (accents, copies, tracking) are methods of their own, so that meeting
 * one for the first time does not throw away the glyph loop's code.
 */
export class OperatorTextReader {
  private readonly vx0: number
  private readonly vy0: number
  private readonly vx1: number
  private readonly vy1: number
  private readonly items: PdfjsTextItem[] = []
  private readonly store = new GlyphStore()
  private readonly styles: Record<string, PdfjsTextStyle> = {}
  private unmodelled = false
  // Text state (PDF 9.3), kept across BT/ET as the spec says; the text matrix is reset by BT.
  private fontId: string | undefined = undefined
  private font: OplistFont | undefined = undefined
  // Fields that take fractional numbers start as doubles (-0, which reads as 0 wherever they are used): a field
  // that V8 first saw hold a small integer changes representation at the first fraction stored in it, and that threw
  // the compiled glyph loop away (twice a document) to compile it again.
  private fontSize = -0
  private direction = 1
  private charSpacing = -0
  private wordSpacing = -0
  private hScale = -0
  private leading = -0
  private rise = -0
  private tm: Matrix = IDENTITY
  private x = -0
  private y = -0
  private lineX = -0
  private lineY = -0
  // The run being built, and where the last glyph ended (user space) with the em and baseline it was measured in:
  // kept across runs, as pdf.js compares every glyph with the one before it whatever the run.
  private run: PdfjsTextItem | undefined = undefined
  // Type 3 fonts seen using OT1's ligature codes on this page (see texGlyph).
  private readonly ot1 = new Set<string>()
  // The glyph placed last, for spacing accents: its run, where its text starts there, its ends, and the reference
  // point before it.
  private last: PlacedGlyph | undefined = undefined
  // `last` is always this one record, rewritten for every glyph: a new one each time (15 fields, most of them
  // numbers V8 boxes one by one) was a quarter of the walk's own time.
  private readonly slot: PlacedGlyph = {
    run: undefined as unknown as PdfjsTextItem,
    at: 0,
    px: 0.5,
    py: 0.5,
    gx: 0.5,
    gy: 0.5,
    em: 0.5,
    mark: undefined,
    letter: false,
    bHasLast: false,
    bEndX: 0.5,
    bEndY: 0.5,
    bEm: 0.5,
    bUx: 0.5,
    bUy: 0.5,
  }
  private hasLast = false
  // The character spacing after the last glyph, in ems (positive: letters set apart); the space a gap of tracking
  // alone put, and whether the letters are being read as tracked.
  private pendingTrack: { run: PdfjsTextItem; at: number } | undefined = undefined
  private trackedRun = false
  // The reference point: where the last glyph with a width ended, its em, baseline direction (ux, uy), character
  // spacing in ems (`track`) and which side of the baseline its glyphs stand up on (`up`, +1: the left normal, to tell
  // a move up). Fields of one object created with doubles, so that V8 keeps them doubles and updates them in place.
  private readonly ref = { endX: 0.5, endY: 0.5, em: 0.5, ux: 0.5, uy: 0.5, track: 0.5, up: 0.5 }
  // The glyphs with text placed on the page, for copies drawn over them (see DUP_ALONG): taken from the runs' glyphs,
  // and with the grid over them, only when a glyph could be a copy (a step back on its line, a move up the page), so
  // pages read in order pay nothing. `synced` items and `partAt` glyphs of `partRun` (a run not yet flushed) are in.
  private readonly placed: number[] = [] // indices in the store
  private readonly grid = new Map<number, number[]>()
  private synced = 0
  private partRun: PdfjsTextItem | undefined = undefined
  private partAt = 0
  private copying = false
  // Drawing an annotation's appearance (see DUP_ANNOTATION_ALONG).
  private inAnnotation = false
  // While copying: the original glyph the last copy repeated, and the copy's offset from it. A copy drawn with other
  // spacing drifts from its original along the line (1-5 pt over a 370 pt line, on a real coloured box), so the glyphs
  // after the first are matched to the original's next ones, with the offset the last pair had and up to DUP_NEXT em
  // more along the line (a word space of another width).
  private copyOf = -1
  private copyDx = -0
  private copyDy = -0
  private spaced = false
  // The line's forward steps between glyphs (see core's mayBeLettered): how many went from a letter or digit to another,
  // the gaps (ems) of those that put a space, and every space put beside a letter or digit: its gap, where it is (its
  // run or space item, its offset there) and the glyph after it. `lineMixed`: the line holds what the rule does not
  // read (a space glyph, tracked letters, a step back to an earlier word).
  private steps = 0
  private allSteps = 0
  private readonly letterGaps: number[] = []
  private readonly spaceDx: number[] = []
  private readonly spaceIn: PdfjsTextItem[] = []
  private readonly spaceAt: number[] = []
  private readonly spaceGlyph: number[] = []
  private lineMixed = false
  // Whether the last glyph placed is one letter or digit (see core's mayBeLettered).
  private lastAlnum = false

  constructor(
    private readonly OPS: PdfjsModule['OPS'],
    private readonly fontOf: (id: string) => OplistFont | undefined,
    view: readonly number[] = [-Infinity, -Infinity, Infinity, Infinity],
  ) {
    const [vx0 = -Infinity, vy0 = -Infinity, vx1 = Infinity, vy1 = Infinity] = view
    this.vx0 = vx0
    this.vy0 = vy0
    this.vx1 = vx1
    this.vy1 = vy1
    this.hScale = 1
    const ref = this.ref
    ref.endX = ref.endY = ref.uy = ref.track = 0
    ref.em = ref.ux = ref.up = 1
  }

  private place(r: PdfjsTextItem, from: number): void {
    const { store, grid, placed } = this
    const { start, end } = r.glyphs!
    for (let k = start + from; k < end; k++) {
      if (!NON_BLANK.test(store.text[k]!)) continue
      const key = cellKey(Math.floor(store.x0[k]! / DUP_CELL), Math.floor(store.y[k]! / DUP_CELL))
      const cell = grid.get(key)
      if (cell) cell.push(placed.length)
      else grid.set(key, [placed.length])
      placed.push(k)
    }
  }

  private sync(): void {
    const { items, run } = this
    for (; this.synced < items.length; this.synced++) {
      const it = items[this.synced]!
      // A space item carries no glyphs (addSpace).
      if (!it.glyphs) continue
      this.place(it, it === this.partRun ? this.partAt : 0)
    }
    if (run?.glyphs) {
      this.place(run, run === this.partRun ? this.partAt : 0)
      this.partRun = run
      this.partAt = run.glyphs.end - run.glyphs.start
    }
  }

  /** Whether glyph `g` of the store, moved by the copy's offset, is where a glyph at (px, py) starts. */
  private near(g: number, px: number, py: number, em: number, ux: number, uy: number, along: number): boolean {
    const ddx = this.store.x0[g]! + this.copyDx - px
    const ddy = this.store.y[g]! + this.copyDy - py
    return Math.abs(ddx * ux + ddy * uy) < along * em && Math.abs(-ddx * uy + ddy * ux) < DUP_ACROSS * em
  }

  private matched(n: number, px: number, py: number): true {
    this.copyOf = n
    this.copyDx = px - this.store.x0[this.placed[n]!]!
    this.copyDy = py - this.store.y[this.placed[n]!]!
    return true
  }

  /** Whether a glyph `text` at (px, py), em `em` along (ux, uy), repeats one already placed. */
  private isCopy(text: string, px: number, py: number, em: number, ux: number, uy: number): boolean {
    this.sync()
    const { store, placed, grid } = this
    const next = this.copying ? placed[this.copyOf + 1] : undefined
    if (next !== undefined && store.text[next] === text && this.near(next, px, py, em, ux, uy, DUP_NEXT)) return this.matched(this.copyOf + 1, px, py)
    this.copyDx = this.copyDy = 0
    const r = Math.ceil((Math.max(DUP_ACROSS, DUP_ANNOTATION_ALONG) * em) / DUP_CELL)
    const ix = Math.floor(px / DUP_CELL)
    const iy = Math.floor(py / DUP_CELL)
    const along = this.inAnnotation ? DUP_ANNOTATION_ALONG : DUP_ALONG
    for (let i = ix - r; i <= ix + r; i++)
      for (let j = iy - r; j <= iy + r; j++) {
        const cell = grid.get(cellKey(i, j))
        if (!cell) continue
        for (const n of cell) if (store.text[placed[n]!] === text && this.near(placed[n]!, px, py, em, ux, uy, along)) return this.matched(n, px, py)
      }
    return false
  }

  private flush(): void {
    if (this.run && this.run.str) this.items.push(this.run)
    this.run = undefined
  }

  private endLine(): void {
    this.lineSpaces()
    const run = this.run
    if (run && run.str) {
      run.hasEOL = true
      this.flush()
    } else {
      const last = this.items[this.items.length - 1]
      if (last) last.hasEOL = true
      this.run = undefined
    }
  }

  /**
   * A gap `dx` (ems) between two letters that the character spacing after the first explains: letters set apart by
   * tracking ("L o r e m" with Tc) make one word, as pdftotext reads them, once two gaps in a row are so (the space
   * the first one put is taken back). One such gap alone stays a space: some producers set every letter with a wide
   * Tc taken back by TJ kerns, and leave it as the word space.
   */
  private tracked(dx: number): void {
    this.lineMixed = true
    const p = this.pendingTrack
    const run = this.run
    if (p && run && p.run === run && run.str[p.at] === ' ') {
      run.str = run.str.slice(0, p.at) + run.str.slice(p.at + 1)
      const last = this.last
      if (last && last.run === run && last.at > p.at) last.at--
      this.trackedRun = true
    }
    this.pendingTrack = undefined
    if (this.trackedRun || dx <= SPACE_GAP) {
      this.trackedRun ||= dx > SPACE_GAP
      return
    }
    this.addSpace()
    const now = this.run
    this.pendingTrack = now && now.str.endsWith(' ') ? { run: now, at: now.str.length - 1 } : undefined
  }

  /** Puts a space before the next glyph; returns the run or space item holding it, `undefined` if none was put. */
  private addSpace(): PdfjsTextItem | undefined {
    const run = this.run
    if (run) {
      this.spaced = true
      if (endsWithSpace(run.str)) return undefined
      run.str += ' '
      return run
    }
    const last = this.items[this.items.length - 1]
    if (!last || last.hasEOL || endsWithSpace(last.str)) return undefined
    // the space is no glyph: it carries none of the run's
    const space: PdfjsTextItem = { ...last, str: ' ', width: 0, hasEOL: false, glyphs: undefined }
    this.items.push(space)
    return space
  }

  /**
   * A forward step of `dx` ems between two glyphs of a line, and the space it put (see core's mayBeLettered); `alnum`: the
   * glyph after it is a letter or digit. Steps between letters and digits are counted; a space beside one (`1 , 85`)
   * is kept to be taken back with them.
   */
  private step(dx: number, space: PdfjsTextItem | undefined, alnum: boolean): void {
    const counted = alnum && this.lastAlnum
    this.allSteps++
    if (counted) this.steps++
    if (!space || !(alnum || this.lastAlnum)) return
    if (counted) this.letterGaps.push(dx)
    this.spaceDx.push(dx)
    this.spaceIn.push(space)
    this.spaceAt.push(space.str.length - 1)
    this.spaceGlyph.push(this.store.length)
  }

  /**
   * At a line's end: the spaces of letters set apart (see core's mayBeLettered) are taken back, and the glyph after each
   * loses its space; then the line's steps are forgotten.
   */
  private lineSpaces(): void {
    const { letterGaps, spaceDx, spaceIn, spaceAt, spaceGlyph } = this
    const n = letterGaps.length
    if (!this.lineMixed && mayBeLettered(n, this.steps, this.allSteps)) {
      const alike = alikeGap(letterGaps, this.steps)
      // Letters of one size of gap that would make a word go from small to capital (`à À â Â`, a list of letters a
      // word space apart, where poppler reads `àÀâÂ`) stay apart.
      const below = alike > 0 ? (this.changesCase(alike) ? 0 : alike) : breakGap(letterGaps)
      // From the line's end back, so that a space taken out of a run leaves the offsets of those before it right.
      for (let i = spaceDx.length - 1; i >= 0; i--) {
        if (!(spaceDx[i]! < below)) continue
        const item = spaceIn[i]!
        const at = spaceAt[i]!
        if (item.str[at] !== ' ') continue
        item.str = item.str.slice(0, at) + item.str.slice(at + 1)
        this.store.spaceBefore[spaceGlyph[i]!] = SPACE_TAKEN
        const last = this.last
        if (last && last.run === item && last.at > at) last.at--
      }
    }
    this.steps = this.allSteps = 0
    letterGaps.length = spaceDx.length = spaceIn.length = spaceAt.length = spaceGlyph.length = 0
    this.lineMixed = false
  }

  /** Whether a space of the line narrower than `below` sits between a small letter and a capital. */
  private changesCase(below: number): boolean {
    const { spaceDx, spaceGlyph, store } = this
    for (let i = 0; i < spaceDx.length; i++) {
      const k = spaceGlyph[i]!
      if (spaceDx[i]! < below && k > 0 && LOWER.test(store.text[k - 1]!) && UPPER.test(store.text[k] ?? '')) return true
    }
    return false
  }

  /**
   * Whether a glyph `text` starting at (px, py) could be a copy: it stepped back on its line or up the page from the
   * last one, or it is the last glyph again a little back (a narrow letter drawn twice). An accent and its letter
   * step back too (TeX's \\accent, an accent drawn back over its letter: 13,000 times in a 312-page manual), and are
   * not asked: the grid over the page's glyphs is built only when a glyph could be a copy.
   */
  private maybeCopy(text: string, px: number, py: number, mark: string | undefined): boolean {
    const { ref, store, run, last } = this
    const dx = ((px - ref.endX) * ref.ux + (py - ref.endY) * ref.uy) / ref.em
    const dy = (-(px - ref.endX) * ref.uy + (py - ref.endY) * ref.ux) / ref.em
    if (dy * ref.up > BACKWARD_LINE) return true
    if (Math.abs(dy) > BACKWARD_LINE || dx >= 0 || mark !== undefined || last?.mark !== undefined) return false
    const gs = last?.run === run ? run?.glyphs : undefined
    if (dx < BACKWARD_GAP) {
      if (!gs) return true
      // A step back within the run (the A of a LaTeX logo tucked under its L: 1,200 times in a LaTeX manual) can
      // only copy a glyph of the run that starts about here: the run's glyphs are looked at back to that point, and
      // the page's grid only when the step goes back past the run's start.
      for (let k = gs.end - 1; k >= gs.start; k--) {
        if ((store.x0[k]! - px) * ref.ux + (store.y[k]! - py) * ref.uy < -DUP_ALONG * ref.em) return false
        if (store.text[k] === text) return true
      }
      return true
    }
    const g = gs && gs.end > gs.start ? gs.end - 1 : -1
    return g >= 0 && store.text[g] === text && Math.abs(store.x0[g]! - px) + Math.abs(store.y[g]! - py) < DUP_ALONG * ref.em
  }

  /** An annotation's text (a field's value, a note) is a block of its own, drawn with a fresh text state. */
  private annotationEdge(begin: boolean): void {
    this.inAnnotation = begin
    this.endLine()
    this.hasLast = false
    this.last = undefined
    this.fontId = undefined
    this.font = undefined
    this.fontSize = 0
    this.direction = 1
    this.charSpacing = this.wordSpacing = this.leading = this.rise = 0
    this.hScale = 1
    this.tm = IDENTITY
    this.x = this.y = this.lineX = this.lineY = 0
  }

  /** `Tf`: false when the font is one the walk does not model (unknown, or vertical writing). */
  private setFont(id: string, size: number): boolean {
    this.fontId = id
    this.direction = size < 0 ? -1 : 1
    this.fontSize = Math.abs(size)
    const font = (this.font = this.fontOf(id))
    if (!font || font.vertical) {
      this.unmodelled = true
      return false
    }
    if (!this.styles[id]) {
      const m0 = font.fontMatrix?.[0] ?? 0.001
      // Type3 ascent and descent are in glyph space; pdf.js reports them scaled by the font matrix.
      const k = font.isType3Font ? m0 * 1000 : 1
      this.styles[id] = { ascent: (font.ascent ?? 0) * k, descent: (font.descent ?? 0) * k, vertical: false }
    }
    return true
  }

  visit(fn: number, args: unknown[], state: Readonly<WalkState>): void | false {
    const OPS = this.OPS
    switch (fn) {
      case OPS.showText:
        this.showText(args[0], state.ctm)
        break
      case OPS.beginAnnotation:
      case OPS.endAnnotation:
        this.annotationEdge(fn === OPS.beginAnnotation)
        break
      case OPS.beginText:
        this.tm = IDENTITY
        this.x = this.lineX = 0
        this.y = this.lineY = 0
        break
      case OPS.setFont:
        if (!this.setFont(args[0] as string, Number(args[1] ?? 0))) return false
        break
      case OPS.setCharSpacing:
        this.charSpacing = Number(args[0] ?? 0)
        break
      case OPS.setWordSpacing:
        this.wordSpacing = Number(args[0] ?? 0)
        break
      case OPS.setHScale:
        this.hScale = Number(args[0] ?? 100) / 100
        break
      case OPS.setLeading:
        this.leading = -Number(args[0] ?? 0)
        break
      case OPS.setTextRise:
        this.rise = Number(args[0] ?? 0)
        break
      case OPS.moveText:
        this.x = this.lineX += Number(args[0] ?? 0)
        this.y = this.lineY += Number(args[1] ?? 0)
        break
      case OPS.setLeadingMoveText:
        this.leading = Number(args[1] ?? 0)
        this.x = this.lineX += Number(args[0] ?? 0)
        this.y = this.lineY += Number(args[1] ?? 0)
        break
      case OPS.setTextMatrix: {
        const m = (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]) ? args[0] : args) as ArrayLike<number>
        this.tm = [m[0] ?? 1, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1, m[4] ?? 0, m[5] ?? 0]
        this.x = this.lineX = 0
        this.y = this.lineY = 0
        break
      }
      case OPS.nextLine:
        this.x = this.lineX += 0
        this.y = this.lineY += this.leading
        break
      default:
        break
    }
  }

  /** `Tj`/`TJ` and the other show operators as pdf.js hands them over: each glyph placed, joined to runs. */
  private showText(glyphs: unknown, ctm: Matrix): void {
    const { font, fontId, fontSize, store, ref } = this
    if (!font || !fontId || fontSize === 0) return
    if (!Array.isArray(glyphs)) return
    const { vx0, vy0, vx1, vy1 } = this
    const m = mul(ctm, this.tm)
    // Text space -> user space for this op; the em in user space along and across the baseline.
    const scale = fontSize * (font.fontMatrix?.[0] ?? 0.001)
    const direction = this.direction
    const hs = this.hScale * direction
    const ax = m[0] * fontSize * hs
    const ay = m[1] * fontSize * hs
    const cx = m[2] * fontSize
    const cy = m[3] * fontSize
    const em = Math.hypot(ax, ay) || 1
    const ux = ax / em
    const uy = ay / em
    const up = ux * cy - uy * cx < 0 ? -1 : 1
    // A text matrix that flattens the em square (`0 0 0 1 0 0 Tm`, a zero horizontal scale) draws nothing. Its letters
    // are kept, as pdftotext keeps them (hidden text is still the file's text), but a space drawn so separates
    // nothing: a form's label `BUTTO`, a flat space, then `N` where `BUTTO` ends reads "BUTTON".
    const flat = Math.abs(ax * cy - ay * cx) < FLAT_EM
    const x = this.x
    const ty = this.y + this.rise
    const type3 = Boolean(font.isType3Font)
    let adv = 0 // text-space advance within this op, before horizontal scale
    for (let gi = 0; gi < glyphs.length; gi++) {
      const g: unknown = glyphs[gi]
      if (typeof g === 'number') {
        adv -= (g * fontSize) / 1000
        continue
      }
      if (!g || typeof g !== 'object') continue
      const glyph = g as { unicode?: string; width?: number; isSpace?: boolean; isInFont?: boolean; originalCharCode?: unknown }
      const tx = x + adv * hs
      const px = m[0] * tx + m[2] * ty + m[4]
      const py = m[1] * tx + m[3] * ty + m[5]
      const w = (glyph.width ?? 0) * scale
      const spacing = (glyph.isSpace ? this.wordSpacing : 0) + this.charSpacing
      const next = adv + w + spacing * direction
      const unicode = mapsToNothing(font, glyph) || notdefNul(glyph) ? '' : type3 ? this.type3Text(glyph.unicode, glyphs, gi, fontId) : (glyph.unicode ?? '')
      // Glyphs off the page (printer's marks, text pushed out of the crop box) are not part of its text, as in
      // pdf.js's text content.
      if ((flat && unicode.trim() === '') || px + Math.abs(w * m[0]) < vx0 || px > vx1 || py < vy0 || py > vy1) {
        adv = next
        continue
      }
      // The glyph ends at its width; character and word spacing after it are a gap, as pdf.js measures them
      // (TeX sets leader dots 0.33 em apart with Tc: ". . . .", not "....").
      const ex = x + (adv + w) * hs
      const gx = m[0] * ex + m[2] * ty + m[4]
      const gy = m[1] * ex + m[3] * ty + m[5]
      const mark = accentMark(unicode)
      const letter = startsWithLetter(unicode)
      let text = normalizeLigatures(unicode)
      // A copy of text already drawn is left out; it can only start after a step back on the line, a move up the
      // page or an annotation, and then the glyphs after it are copies as long as they match.
      if (this.copying || (this.hasLast ? this.maybeCopy(text, px, py, mark) : this.items.length > 0 || this.run !== undefined)) {
        if (this.skipCopy(text, mark, px, py, em, ux, uy)) {
          adv = next
          continue
        }
      }
      this.copying = false
      const last = this.last
      let run = this.run
      if (last && last.run === run && run) {
        if (mark && last.letter && over(px, py, gx, gy, last)) {
          this.markOverLast(run, mark, glyph.originalCharCode, px, gx, py, last)
          adv = next
          continue
        }
        if (last.mark && letter && over(last.px, last.py, last.gx, last.gy, { px, py, gx, gy, em })) {
          // A spacing accent drawn before the letter it sits over (TeX's \accent): taken back off the text and put
          // after the letter as its combining mark, the letter then measured against what preceded the accent.
          text = this.takeAccentBack(run, last, text)
          run = this.run
        }
      }
      const bHasLast = this.hasLast
      const bEndX = ref.endX
      const bEndY = ref.endY
      const bEm = ref.em
      const bUx = ref.ux
      const bUy = ref.uy
      const runBefore = run
      const lenBefore = run?.str.length ?? 0
      if (run && fontId !== run.fontName) {
        this.flush()
        run = undefined
      }
      this.spaced = false
      const alnum = isLetterOrDigit(text)
      if (this.hasLast) {
        this.gapBefore(px, py, gx, gy, letter, unicode, alnum)
        run = this.run
      }
      this.lastAlnum = alnum
      run ??= this.run = newRun([ax, ay, cx, cy, px, py], fontId, store)
      // Where the glyph's text starts, a space its gap put before it included.
      const slot = this.slot
      this.last = slot
      slot.run = run
      slot.at = run === runBefore ? lenBefore : 0
      slot.px = px
      slot.py = py
      slot.gx = gx
      slot.gy = gy
      slot.em = em
      slot.mark = mark
      slot.letter = letter
      slot.bHasLast = bHasLast
      slot.bEndX = bEndX
      slot.bEndY = bEndY
      slot.bEm = bEm
      slot.bUx = bUx
      slot.bUy = bUy
      // A glyph standing for several right-to-left characters (a lam-alef, a shaped cluster) holds them in
      // logical order already: marked, so the line's reordering moves it whole.
      if (text.length > 1 && RTL.test(text)) for (const [s, e] of rtlSpans(text)) (run.atoms ??= []).push([run.str.length + s, run.str.length + e])
      run.str += text
      run.width = Math.max(run.width, (gx - run.transform[4]!) * ux + (gy - run.transform[5]!) * uy)
      const oc = glyph.originalCharCode
      store.push(typeof oc === 'number' ? oc : -1, text, px, gx, py, this.spaced)
      run.glyphs!.end = store.length
      // Only a glyph with a width moves the reference point, as in pdf.js: fonts whose widths are all 0 (a
      // Courier without metrics, each glyph placed by TD) would otherwise get a space between every letter.
      if (w !== 0) {
        ref.track = glyph.isSpace ? 0 : (this.charSpacing * direction) / fontSize
        this.hasLast = true
        ref.endX = gx
        ref.endY = gy
        ref.em = em
        ref.ux = ux
        ref.uy = uy
        ref.up = up
      }
      adv = next
    }
    this.x += adv * hs
  }

  /** The text of a Type 3 glyph: a raw TeX code read as its ligature or letter, a Cork letter, else its own text. */
  private type3Text(u: string | undefined, glyphs: unknown[], gi: number, fontId: string): string {
    const code = texCode(u)
    const before = this.run?.str ?? ''
    if (code >= 0 && texContext(before, glyphs, gi)) return texGlyph(code, fontId, this.ot1)
    return corkLetter(u, before, glyphs, gi) ?? u ?? ''
  }

  /** Whether the glyph, which could start a copy or continue one, is a copy of text already drawn (and left out). */
  private skipCopy(text: string, mark: string | undefined, px: number, py: number, em: number, ux: number, uy: number): boolean {
    const blankText = text.length === 1 ? text.charCodeAt(0) <= 0x20 : !NON_BLANK.test(text)
    // A copy's spaces and accents go with it (its accented letters matched as the originals were read).
    if (blankText || mark !== undefined ? this.copying : this.isCopy(text, px, py, em, ux, uy)) {
      this.copying = true
      return true
    }
    return false
  }

  /**
   * A spacing accent drawn back over the letter before it: that letter's combining mark. Its glyph stays, text empty,
   * so that its code is not lost to what reads glyph by glyph (a false map's code repaired).
   */
  private markOverLast(run: PdfjsTextItem, mark: string, oc: unknown, px: number, gx: number, py: number, last: PlacedGlyph): void {
    run.str += mark
    this.store.push(typeof oc === 'number' ? oc : -1, '', px, gx, py, false)
    run.glyphs!.end = this.store.length
    last.letter = false
  }

  /** Takes the accent `last` off `run` and returns `text` with it as its combining mark; the reference point goes back. */
  private takeAccentBack(run: PdfjsTextItem, last: PlacedGlyph, text: string): string {
    const ref = this.ref
    run.str = run.str.slice(0, last.at)
    this.hasLast = last.bHasLast
    ref.endX = last.bEndX
    ref.endY = last.bEndY
    ref.em = last.bEm
    ref.ux = last.bUx
    ref.uy = last.bUy
    if (!run.str) this.run = undefined
    return dotless(text) + last.mark!
  }

  /** What the gap from the last glyph to one starting at (px, py) puts before it: nothing, a space, a run's or a line's end. */
  private gapBefore(px: number, py: number, gx: number, gy: number, letter: boolean, unicode: string, alnum: boolean): void {
    const ref = this.ref
    // Where this glyph starts relative to where the last one ended, in ems, along and across the baseline.
    const dx = ((px - ref.endX) * ref.ux + (py - ref.endY) * ref.uy) / ref.em
    const dy = (-(px - ref.endX) * ref.uy + (py - ref.endY) * ref.ux) / ref.em
    if (dx < BACKWARD_GAP) {
      if (Math.abs(dy) > BACKWARD_LINE) this.endLine()
      else {
        // The same line drawn out of order (a cell to the left drawn after the one on its right, a label after its
        // value): a glyph ending more than a space before where the text it follows started is a word boundary. One
        // ending there continues it leftwards (right-to-left text drawn glyph by glyph), and a step back inside it (an
        // accent drawn back over its letter, an underline) is no boundary.
        const prev = this.run ?? this.items[this.items.length - 1]
        const o = prev?.transform
        const before = o ? ((gx - o[4]!) * ref.ux + (gy - o[5]!) * ref.uy) / ref.em < -SPACE_GAP : false
        this.flush()
        if (before) {
          this.lineMixed = true
          this.addSpace()
        }
      }
    } else if (Math.abs(dy) > 1) this.endLine()
    else if (letter && this.last?.letter && ref.track > 0 && Math.abs(dx - ref.track) <= SPACE_GAP) this.tracked(dx)
    else {
      this.trackedRun = false
      this.pendingTrack = undefined
      if (startsWithSpace(unicode)) this.lineMixed = true
      // (a NaN gap, from a fuzzed matrix, puts no space)
      else if (dx > SPACE_GAP) this.step(dx, this.addSpace(), alnum)
      else this.step(dx, undefined, alnum)
    }
  }

  result(): OplistText | undefined {
    if (this.unmodelled) return undefined
    this.lineSpaces()
    this.flush()
    return { items: this.items, styles: this.styles }
  }
}

/** An empty run of `fontId` starting at the glyph placed by `transform` (the em's axes and the origin). */
function newRun(transform: number[], fontId: string, store: GlyphStore): PdfjsTextItem {
  return {
    str: '',
    transform,
    width: 0,
    height: Math.hypot(transform[2]!, transform[3]!),
    fontName: fontId,
    hasEOL: false,
    glyphs: { store, start: store.length, end: store.length },
  }
}
