// pdf.js text items made core's page items (boxes in points from the top-left, NFC text, line ends), and the
// compact store of the glyphs the operator-list walk placed.
import type { BBox, ItemGlyph, PageText, TextItem } from '@pdftriage/core'

/** A pdf.js text item (`getTextContent().items`, marked-content entries excluded). */
export interface PdfjsTextItem {
  str: string
  /** Text space to user space, font size included: [a, b, c, d, e, f]; (e, f) is the baseline origin. */
  transform: number[]
  /** Advance along the baseline, user-space units. */
  width: number
  height: number
  fontName: string
  hasEOL: boolean
  /** Ranges of `str` that one glyph stands for, of right-to-left text: they keep their order when a line is reordered. */
  atoms?: Array<[number, number]>
  /** The run's glyphs (operator-list walk only): where they are in the page's {@link GlyphStore}. */
  glyphs?: GlyphSpan
}

/**
 * The glyphs the operator-list walk placed on a page, in drawing order, in typed columns rather than an object each:
 * a page places thousands of them, and objects that live as long as the page are what the collector pays for. Per
 * glyph: its code in the font (a CID for composite fonts; -1 when pdf.js gives none), the text the layer gives for it
 * (may be empty, or several characters: ligatures), its start and end along the baseline and the baseline (user
 * space), and whether a space was put before it (a gap wider than 0.102 em; {@link SPACE_TAKEN}: one taken back).
 */
/**
 * Room for a page's glyphs before the columns grow: the pages of a 312-page LaTeX manual place 2,064 (median) to
 * 5,578, 4,734 at the 95th percentile. Plain arrays, which grow as they go, extracted the manual 7-10 % slower.
 */
const GLYPHS_AT_FIRST = 4096

/** `spaceBefore` of a glyph whose gap put a space that its line's letters set apart took back (`ItemGlyph.spaceTaken`). */
export const SPACE_TAKEN = 2

export class GlyphStore {
  length = 0
  code = new Float64Array(GLYPHS_AT_FIRST)
  x0 = new Float64Array(GLYPHS_AT_FIRST)
  x1 = new Float64Array(GLYPHS_AT_FIRST)
  y = new Float64Array(GLYPHS_AT_FIRST)
  spaceBefore = new Uint8Array(GLYPHS_AT_FIRST)
  text: string[] = []

  push(code: number, text: string, x0: number, x1: number, y: number, spaceBefore: boolean): void {
    const n = this.length
    if (n === this.x0.length) this.#grow(n * 2)
    this.code[n] = code
    this.x0[n] = x0
    this.x1[n] = x1
    this.y[n] = y
    this.spaceBefore[n] = spaceBefore ? 1 : 0
    this.text.push(text)
    this.length = n + 1
  }

  #grow(size: number): void {
    const more = (a: Float64Array) => {
      const b = new Float64Array(size)
      b.set(a)
      return b
    }
    this.code = more(this.code)
    this.x0 = more(this.x0)
    this.x1 = more(this.x1)
    this.y = more(this.y)
    const s = new Uint8Array(size)
    s.set(this.spaceBefore)
    this.spaceBefore = s
  }
}

/** A run's glyphs: `start` to `end` (excluded) of `store`; a run's glyphs are placed one after the other. */
export interface GlyphSpan {
  store: GlyphStore
  start: number
  end: number
}

/** Items carry `glyphs` (core's {@link ItemGlyph}) only when the text came from the operator-list walk. */
export type { ItemGlyph }

/** A blank run with codes, as the page's `blankRuns` holds it (operator-list walk only). */
export type BlankRun = NonNullable<PageText['blankRuns']>[number]

/** pdf.js `getTextContent().styles[fontName]`: ascent and descent as shares of the font size. */
export interface PdfjsTextStyle {
  ascent: number
  descent: number
  vertical?: boolean
}

/**
 * Ascent and descent used when pdf.js reports none (0 for some Type3 and broken fonts): the Helvetica figures,
 * 0.718 and -0.207 of the font size, rounded.
 */
const FALLBACK_ASCENT = 0.75
const FALLBACK_DESCENT = -0.25

const round2 = (v: number) => Math.round(v * 100) / 100

/**
 * Text below U+0300 is NFC as it is (no character there decomposes, and what composes with a letter, a combining
 * mark or a jamo, comes later: checked on every pair of them): only other text is handed to the normalizer, which
 * costs five times the look.
 */
const MAY_COMPOSE = /[^\u0000-\u02ff]/
const nfc = (s: string): string => (MAY_COMPOSE.test(s) ? s.normalize('NFC') : s)

/**
 * The box of a text item in points, top-left origin. `viewport` is pdf.js's scale-1 viewport transform, which maps
 * user space to the displayed page (rotation and MediaBox/CropBox offset included). The box spans the run's advance
 * along its baseline and, across it, the font's descent to ascent; rotated runs get the axis-aligned box around them.
 */
export function itemBox(item: PdfjsTextItem, style: PdfjsTextStyle | undefined, viewport: readonly number[]): BBox {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform
  const along = Math.hypot(a, b) || 1
  const ux = a / along
  const uy = b / along
  const size = Math.hypot(c, d) || along
  // The "up" direction of the glyphs: perpendicular to the baseline, on the side of (c, d).
  const cross = ux * d - uy * c
  const vx = cross < 0 ? uy : -uy
  const vy = cross < 0 ? -ux : ux
  const asc = style && style.ascent > 0 ? style.ascent : FALLBACK_ASCENT
  const desc = style && style.descent < 0 ? style.descent : FALLBACK_DESCENT
  const w = item.width
  const [m0 = 1, m1 = 0, m2 = 0, m3 = 1, m4 = 0, m5 = 0] = viewport
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  // The four corners, descent side then ascent side, start then end of the run (no arrays: once an item).
  for (let side = 0; side < 2; side++) {
    const h = side === 0 ? desc * size : asc * size
    const sx = e + vx * h
    const sy = f + vy * h
    for (let end = 0; end < 2; end++) {
      const x = end === 0 ? sx : sx + ux * w
      const y = end === 0 ? sy : sy + uy * w
      const px = m0 * x + m2 * y + m4
      const py = m1 * x + m3 * y + m5
      x0 = Math.min(x0, px)
      x1 = Math.max(x1, px)
      y0 = Math.min(y0, py)
      y1 = Math.max(y1, py)
    }
  }
  return { x0: round2(x0), y0: round2(y0), x1: round2(x1), y1: round2(y1) }
}

/**
 * Page items and text from pdf.js text content.
 *
 * Reading order is pdf.js's content order, not sorted by position: producers write columns, footnotes and OCR
 * layers in the order they are read, and a sort by y interleaves the lines of two columns. pdf.js already puts a
 * space item where the gap between runs is wide enough and `hasEOL` where a line changes, so the text is the runs
 * concatenated with a newline after each `hasEOL` (two runs with neither a space nor a line end between them are
 * parts of one word, e.g. a font change inside it). Whitespace-only runs are kept in the text but not as items (their
 * `hasEOL` moves to the item before). Text and items are NFC.
 */
export function pageItems(
  raw: readonly unknown[],
  styles: Record<string, PdfjsTextStyle | undefined>,
  viewport: readonly number[],
): { items: TextItem[]; text: string; fontIds: Set<string>; blankRuns: BlankRun[] } {
  const items: TextItem[] = []
  const blankRuns: BlankRun[] = []
  const fontIds = new Set<string>()
  let text = ''
  for (const r of raw) {
    if (typeof r !== 'object' || r === null || !('str' in r)) continue // marked-content markers
    const it = r as PdfjsTextItem
    const s = it.str
    if (s.trim() === '') {
      text += s
      if (it.hasEOL) {
        text += '\n'
        const last = items[items.length - 1]
        if (last) last.hasEol = true
      }
      // glyphs drawn, that a false map names blank: kept apart with their codes, for repairs that read codes
      if (it.glyphs && hasCode(it.glyphs)) {
        const run = toItem(it) as BlankRun
        run.before = items.length
        blankRuns.push(run)
      }
      continue
    }
    text += s
    if (it.hasEOL) text += '\n'
    fontIds.add(it.fontName)
    items.push(toItem(it))
  }
  text = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  text = nfc(text)
  return { items, text, fontIds, blankRuns }

  function toItem(it: PdfjsTextItem): TextItem {
    const [, , c = 0, d = 0] = it.transform
    const item: TextItem = {
      text: nfc(it.str),
      bbox: itemBox(it, styles[it.fontName], viewport),
      fontId: it.fontName,
      fontSize: round2(Math.hypot(c, d)),
      ...(it.hasEOL ? { hasEol: true } : {}),
    }
    if (it.glyphs) {
      const [m0 = 1, , m2 = 0, , m4 = 0] = viewport
      lazyGlyphs.set(item, new PendingGlyphs(it.glyphs, m0, m2, m4))
      Object.defineProperty(item, 'glyphs', GLYPHS_PROPERTY)
    }
    return item
  }
}

/**
 * Adds the codes an item's glyphs carry (those >= 0) to `into`, reading them from the page's glyph store while the
 * item's glyph records are not made: what only needs the codes does not make them.
 */
export function addGlyphCodes(item: TextItem, into: Set<number>): void {
  const v = lazyGlyphs.get(item)
  if (v instanceof PendingGlyphs) {
    const { store, start, end } = v.span
    for (let k = start; k < end; k++) if (store.code[k]! >= 0) into.add(store.code[k]!)
  } else for (const g of item.glyphs ?? []) if (g.code >= 0) into.add(g.code)
}

const hasCode = ({ store, start, end }: GlyphSpan): boolean => {
  for (let k = start; k < end; k++) if (store.code[k]! >= 0) return true
  return false
}

/** An item's glyphs not yet made into records: their span, and the x terms of the viewport transform. */
class PendingGlyphs {
  constructor(
    readonly span: GlyphSpan,
    readonly m0: number,
    readonly m2: number,
    readonly m4: number,
  ) {}

  records(): ItemGlyph[] {
    const { span, m0, m2, m4 } = this
    const { store, start, end } = span
    const out: ItemGlyph[] = []
    for (let k = start; k < end; k++) {
      const a = m0 * store.x0[k]! + m2 * store.y[k]! + m4
      const b = m0 * store.x1[k]! + m2 * store.y[k]! + m4
      const g: ItemGlyph = {
        code: store.code[k]!,
        text: store.text[k]!,
        x0: round2(Math.min(a, b)),
        x1: round2(Math.max(a, b)),
        spaceBefore: store.spaceBefore[k] === 1,
      }
      // set on the few glyphs it concerns, not spread into every record
      if (store.spaceBefore[k] === SPACE_TAKEN) g.spaceTaken = true
      out.push(g)
    }
    return out
  }
}

/**
 * An item's `glyphs`, made into records the first time they are read: only the code-map repair and the PDF writer
 * read them, and most pages meet neither. An own enumerable property as a plain one is (JSON, spreads and copies see
 * it), with one getter and setter for every item, so that items keep one shape.
 */
const lazyGlyphs = new WeakMap<TextItem, PendingGlyphs | ItemGlyph[] | undefined>()
const GLYPHS_PROPERTY: PropertyDescriptor = {
  get(this: TextItem): ItemGlyph[] | undefined {
    const v = lazyGlyphs.get(this)
    if (!(v instanceof PendingGlyphs)) return v
    const records = v.records()
    lazyGlyphs.set(this, records)
    return records
  },
  set(this: TextItem, v: ItemGlyph[] | undefined) {
    lazyGlyphs.set(this, v)
  },
  enumerable: true,
  configurable: true,
}
