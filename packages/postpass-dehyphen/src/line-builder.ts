// A page's items grouped into lines: runs on one baseline with no wide gap between them, split at column gutters,
// each with its box, font size and text.
import type { PageText, TextItem } from '@pdftriage/core'
import { isSpace } from './chars.js'
import { median, sortInPlace } from './sort.js'

/**
 * A line segment of one page: items on one baseline with no wide gap between them. Boxes in points, top-left origin.
 * A class, so that every line has one shape from its first construction: lines made as object literals in two places
 * had two, and whole-number coordinates on some pages changed them again, each change throwing away the compiled code
 * of every function reading lines.
 */
export class Line {
  constructor(
    /** 1-based page number. */
    public page: number,
    public text: string,
    public x0: number,
    public y0: number,
    public x1: number,
    public y1: number,
    /** Dominant font size in points (by characters). */
    public fontSize: number,
    /** Dominant font id, `undefined` when the backend gave none (OCR). */
    public fontId: string | undefined,
    /** True when the size came from the backend; false when estimated from OCR word boxes (a few % off). */
    public sized: boolean,
    /** Left and right edges of the column the line belongs to, in points (set by `withColumns`; the line's own before). */
    public left: number,
    public right: number,
  ) {}
}

/** A word space in points when a page shows no measurable one: a quarter em is the usual space of Latin fonts. */
const DEFAULT_SPACE_EM = 0.25
/** Two items closer than this share of the font size are one run (kerning, a superscript marker): no space between. */
const JOIN_GAP_EM = 0.12
/** A segment split needs at least an em even when word spaces are tiny (a column gutter is rarely narrower)... */
const MIN_SPLIT_EM = 1
/**
 * ...but LaTeX's default gap between two columns is 10 pt, 0.83-1 em at 10-12 pt type: a gap down to this share of
 * an em splits a row too when running text lies on both sides of it (at least {@link TEXT_COLUMN_EM} wide each).
 * Between narrow pieces (the number and title of a table of contents) it is the space inside one line.
 */
export const NARROW_GUTTER_EM = 0.6
/** Running text: a column at least this many ems wide (a table cell or a number is narrower). */
export const TEXT_COLUMN_EM = 8
/** A gutter is at least twice the line's own median space (TeX stretches spaces by at most about 1.5). */
const ROW_GAP_FACTOR = 2

interface Item {
  text: string
  x0: number
  y0: number
  x1: number
  y1: number
  /** Font size, or the box height when the backend gave none (OCR). */
  size: number
  /** True when `size` came from the backend. */
  sized: boolean
  fontId: string | undefined
  /** Vertical centre, the row sort key (computed once, not at every comparison). */
  cy: number
  /** Characters without the leading and trailing white space: the item's weight in the line's size and font. */
  n: number
  /** First and last UTF-16 units of `text`. */
  first: number
  last: number
  /** True when `text` holds white space other than single U+0020 spaces (what collapsing the line's spaces rewrites). */
  ragged: boolean
}

/** Cap height of Latin text faces as a share of the font size (Helvetica 0.72, Times 0.66). */
const CAP_HEIGHT = 0.7
/** Characters reaching cap height or above (capitals, digits, ascenders, accents, i-dots), and descenders. */
const TALL = /[A-ZÀ-Þ0-9bdfhijklt'’àâäéèêëîïôöùûüç]/u
const DESCENDING = /[gjpqyç,;()[\]{}]/u

/**
 * Font size of an OCR line, from its word boxes: baseline (the bottom of words without descenders) minus the top of
 * words with a tall letter, over the cap height. `undefined` when no word has a tall letter.
 */
function ocrSize(items: Item[]): number | undefined {
  const tall = items.filter((i) => TALL.test(i.text))
  if (tall.length === 0) return undefined
  const flat = items.filter((i) => !DESCENDING.test(i.text))
  const base = median((flat.length ? flat : items).map((i) => i.y1))!
  const top = median(tall.map((i) => i.y0))!
  return base > top ? (base - top) / CAP_HEIGHT : undefined
}

/** {@link whiteSpaceOf} flags: a C0 control character (pdf.js leaves a few in some fonts' text)... */
const CONTROL = 1
/** ...white space that collapsing would change: a space other than U+0020, or two U+0020 in a row. */
const RAGGED = 2

/** Control and white-space flags of a string, in one scan (leading and trailing spaces are judged on the whole line). */
function whiteSpaceOf(s: string): number {
  let flags = 0
  let prevSpace = false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x20) {
      if (prevSpace) flags |= RAGGED
      prevSpace = true
      continue
    }
    prevSpace = false
    if (c < 0x20) flags |= CONTROL
    if (isSpace(c)) flags |= RAGGED
  }
  return flags
}

/**
 * Anything {@link whiteSpaceOf} would flag: a control character, a space other than U+0020, two spaces in a row. Most
 * runs have none; one native scan for them costs less than a loop over their characters, above all while the code
 * is still running unoptimised on a worker's first pages.
 */
const UNUSUAL_SPACE = /[\u0000-\u001f]|[^\S ]| {2}/

function toItem(it: TextItem): Item | undefined {
  let text = it.text
  let flags = UNUSUAL_SPACE.test(text) ? whiteSpaceOf(text) : 0
  if (flags & CONTROL) {
    text = text.replace(/[\u0000-\u001f]/g, ' ')
    flags = whiteSpaceOf(text)
  }
  const n = trimmedLength(text)
  if (n === 0) return undefined
  const { x0, y0, x1, y1 } = it.bbox
  const h = y1 - y0
  if (!(h > 0) || !(x1 >= x0)) return undefined
  const sized = it.fontSize !== undefined && it.fontSize > 0
  return {
    text,
    x0,
    y0,
    x1,
    y1,
    size: sized ? it.fontSize! : h,
    sized,
    fontId: it.fontId,
    cy: (y0 + y1) / 2,
    n,
    first: text.charCodeAt(0),
    last: text.charCodeAt(text.length - 1),
    ragged: (flags & RAGGED) !== 0,
  }
}

/** Scratch for {@link medianOf}, grown as pages need. */
let scratch = new Float64Array(1024)

/** {@link median} of a value of each element, read into a reused typed array rather than a mapped copy. */
function medianOf<T>(xs: readonly T[], value: (x: T) => number): number | undefined {
  if (xs.length === 0) return undefined
  if (scratch.length < xs.length) scratch = new Float64Array(2 * xs.length)
  for (let k = 0; k < xs.length; k++) scratch[k] = value(xs[k]!)
  const s = scratch.subarray(0, xs.length).sort()
  return s[Math.floor(s.length / 2)]
}

/** Vertical overlap of two ranges over the smaller height, 0..1. */
function vOverlap(a: { y0: number; y1: number }, b: { y0: number; y1: number }): number {
  const o = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)
  const h = Math.min(a.y1 - a.y0, b.y1 - b.y0)
  return h > 0 ? o / h : 0
}

/** A row being gathered: the range of its tallest item, the extent of all its items, its items. */
interface Row {
  y0: number
  y1: number
  top: number
  bottom: number
  items: Item[]
}

/** Groups a page's items into rows by baseline overlap. */
function rows(items: Item[]): Item[][] {
  const sorted = items.slice()
  // Checked in place before sorting (the extractor mostly gives items in order): a loop here, monomorphic, costs
  // less than the shared helper calling a comparator it cannot inline.
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1]!.cy - sorted[i]!.cy > 0) {
      sorted.sort((a, b) => a.cy - b.cy)
      break
    }
  }
  const out: Row[] = []
  for (const it of sorted) {
    let best: Row | undefined
    let bestO = 0.5 // at least half of the smaller height must overlap: a superscript stays on its line, the next line does not
    // Items are sorted by centre, so only the last few rows can overlap this one.
    for (let k = out.length - 1; k >= Math.max(0, out.length - 4); k--) {
      const r = out[k]!
      const o = vOverlap(r, it)
      if (o >= bestO) {
        best = r
        bestO = o
      }
    }
    if (best) {
      best.items.push(it)
      // The row keeps the range of its tallest item so that small markers do not stretch it.
      if (it.y1 - it.y0 > best.y1 - best.y0) {
        best.y0 = it.y0
        best.y1 = it.y1
      }
      if (it.y0 < best.top) best.top = it.y0
      if (it.y1 > best.bottom) best.bottom = it.y1
    } else out.push({ y0: it.y0, y1: it.y1, top: it.y0, bottom: it.y1, items: [it] })
  }
  // OCR word boxes follow their letters (x-height words sit low, capitals high): the greedy pass can open two rows
  // for one line. Merge rows whose extents overlap by half the smaller one.
  sortInPlace(out, (a, b) => a.top + a.bottom - b.top - b.bottom)
  const merged: Item[][] = []
  let prev: Row | undefined
  for (const r of out) {
    if (prev && spanOverlap(prev, r) >= 0.5) {
      for (const it of r.items) prev.items.push(it)
      prev.top = Math.min(prev.top, r.top)
      prev.bottom = Math.max(prev.bottom, r.bottom)
    } else {
      prev = r
      merged.push(r.items)
    }
  }
  for (const r of merged) {
    for (let i = 1; i < r.length; i++) {
      if (r[i - 1]!.x0 - r[i]!.x0 > 0) {
        r.sort(byLeft)
        break
      }
    }
  }
  return merged
}

const byLeft = (a: Item, b: Item): number => a.x0 - b.x0

/** {@link vOverlap} of two rows' extents. */
function spanOverlap(a: Row, b: Row): number {
  const o = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
  const h = Math.min(a.bottom - a.top, b.bottom - b.top)
  return h > 0 ? o / h : 0
}

/** Average word space of a page in points: gaps between neighbouring items that look like spaces; `undefined` when none. */
function averageSpace(rowsOfPage: Item[][]): number | undefined {
  let sum = 0
  let n = 0
  for (const r of rowsOfPage) {
    for (let i = 1; i < r.length; i++) {
      const gap = r[i]!.x0 - r[i - 1]!.x1
      const size = r[i]!.size
      if (gap > JOIN_GAP_EM * size && gap < size) {
        sum += gap
        n++
      }
    }
  }
  return n >= 3 ? sum / n : undefined // three gaps: fewer says nothing about the page's spacing
}

/** Length of a string without its leading and trailing white space (what `s.trim().length` gives, with no copy). */
function trimmedLength(s: string): number {
  let a = 0
  let b = s.length
  while (a < b && isSpace(s.charCodeAt(a))) a++
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--
  return b - a
}

/**
 * Characters by value (size or font) over a segment's items. Lines hold a few distinct values: parallel arrays, not
 * a Map per line, reused from segment to segment (emptied by a count, not by `length = 0`, which frees the arrays'
 * storage and made every line allocate it again).
 */
class Tally<T> {
  private readonly keys: T[] = []
  private readonly counts: number[] = []
  private size = 0

  reset(): void {
    this.size = 0
  }

  add(key: T, n: number): void {
    for (let k = 0; k < this.size; k++) {
      if (this.keys[k] === key) {
        this.counts[k]! += n
        return
      }
    }
    this.keys[this.size] = key
    this.counts[this.size] = n
    this.size++
  }

  /** The value with the most characters, the first seen among equals (as a stable sort of the counts would give). */
  dominant(): T | undefined {
    let best = -1
    for (let k = 0; k < this.size; k++) if (best < 0 || this.counts[k]! > this.counts[best]!) best = k
    return best < 0 ? undefined : this.keys[best]
  }
}

const sizeTally = new Tally<number>()
const fontTally = new Tally<string | undefined>()

/** The line segment of the items `from` to `to` (exclusive) of a row. */
function segmentOf(page: number, row: Item[], from: number, to: number): Line {
  // Pieces joined once: a string grown by += is a chain of pieces that every later read of the line (tokens,
  // hashes, regexes) pays to walk or flatten; a join makes it flat from the start.
  const pieces: string[] = []
  let prev: Item | undefined
  sizeTally.reset()
  fontTally.reset()
  let sized = false
  let x0 = Infinity
  let x1 = -Infinity
  // Whether the text needs its white space collapsed (`replace(/\s+/g, ' ').trim()`), told from the items' own flags
  // and their junctions: reading back the growing concatenation would flatten it at every item.
  let ragged = row[from]!.first === 0x20
  for (let k = from; k < to; k++) {
    const it = row[k]!
    if (prev) {
      const gap = it.x0 - prev.x1
      if (gap > JOIN_GAP_EM * Math.min(it.size, prev.size) && !isSpace(prev.last) && !isSpace(it.first)) pieces.push(' ')
      else if (prev.last === 0x20 && it.first === 0x20) ragged = true
    }
    if (it.ragged) ragged = true
    pieces.push(it.text)
    sizeTally.add(Math.round(it.size * 10) / 10, it.n)
    fontTally.add(it.fontId, it.n)
    if (it.sized) sized = true
    if (it.x0 < x0) x0 = it.x0
    if (it.x1 > x1) x1 = it.x1
    prev = it
  }
  // Without sizes from the backend (OCR), word-box heights follow the letters: estimate from the line instead.
  const fontSize = sized ? sizeTally.dominant()! : (ocrSize(row.slice(from, to)) ?? Number.NaN)
  // The line box is the box of its body-size items, so that a raised marker does not make the line look taller.
  let y0 = Infinity
  let y1 = -Infinity
  for (let k = from; k < to; k++) {
    const i = row[k]!
    if (!(i.sized && Math.abs(i.size - fontSize) < 0.5)) continue
    if (i.y0 < y0) y0 = i.y0
    if (i.y1 > y1) y1 = i.y1
  }
  if (y0 === Infinity) {
    for (let k = from; k < to; k++) {
      const i = row[k]!
      if (i.y0 < y0) y0 = i.y0
      if (i.y1 > y1) y1 = i.y1
    }
  }
  if (prev!.last === 0x20) ragged = true
  // left and right are the line's own edges until withColumns gives it its column's.
  const text = pieces.length === 1 ? pieces[0]! : pieces.join('')
  return new Line(page, ragged ? text.replace(/\s+/g, ' ').trim() : text, x0, y0, x1, y1, fontSize, fontTally.dominant(), sized, x0, x1)
}

/** A row's split threshold, and twice its own median gap between OCR word boxes (0 for a text layer's runs). */
interface RowSplit {
  /** A wider gap splits the row. */
  split: number
  /** A wider gap splits it where it lines up with a narrow gutter: {@link NARROW_GUTTER_EM}, or twice the median gap
   * between OCR word boxes, whichever is more. */
  narrow: number
}

function rowSplitOf(r: Item[], split: number, bodySize: number): RowSplit {
  // A justified line stretches all its spaces alike: a gap between OCR words is a gutter only if it is also well
  // over the row's median gap (a gutter is one gap among many word spaces; a loose line would otherwise split at
  // every wide space).
  // Only for word boxes (OCR): a text layer's runs already hold their spaces, its item gaps are not word spaces.
  const words = r.length >= 4 && !r.some((it) => it.sized)
  const own = words
    ? median(
        r
          .slice(1)
          .map((it, k) => it.x0 - r[k]!.x1)
          .filter((g) => g > 0),
      )
    : undefined
  const narrow = NARROW_GUTTER_EM * bodySize
  return own !== undefined ? { split: Math.max(split, ROW_GAP_FACTOR * own), narrow: Math.max(narrow, ROW_GAP_FACTOR * own) } : { split, narrow }
}

/** Rows that must show a narrow gutter between running text, at overlapping places, for it to split rows. */
const GUTTER_ROWS = 3
/**
 * Share of the rows with a gap at that place that must have running text on both sides: two columns of text have it
 * in nearly every row (a paragraph's short last line the exception); a glossary's names and descriptions only where
 * a name is long.
 */
const GUTTER_SHARE = 0.5

/**
 * Narrow column gutters of a page (as flat `[x0, x1, ...]` gaps): gaps under the row split threshold but over
 * {@link NARROW_GUTTER_EM}, with running text ({@link TEXT_COLUMN_EM}) on both sides in at least {@link GUTTER_ROWS}
 * rows at overlapping places, and in {@link GUTTER_SHARE} of the rows with a gap there. Such a gutter then splits
 * every row that has a gap there, the short last line of a paragraph too. Word spaces stretched in single rows do
 * not line up; the space after a number in a table of contents has no running text on its left.
 */
function narrowGutters(rs: Item[][], splits: RowSplit[], bodySize: number): number[] {
  const wide: number[] = []
  const any: number[] = []
  const text = TEXT_COLUMN_EM * bodySize
  for (let ri = 0; ri < rs.length; ri++) {
    const r = rs[ri]!
    const { split, narrow } = splits[ri]!
    let right = -Infinity
    for (const it of r) if (it.x1 > right) right = it.x1
    let from = 0
    for (let k = 1; k < r.length; k++) {
      const gap = r[k]!.x0 - r[k - 1]!.x1
      if (gap > narrow) {
        // Rows split anyway (a paragraph's short last line beside the other column) show the gutter too.
        any.push(r[k - 1]!.x1, r[k]!.x0)
        const running = r[k - 1]!.x1 - r[from]!.x0 >= text && right - r[k]!.x0 >= text
        // The runs on either side hold words themselves: a stretched space beside one word set in another font
        // (a run of its own) is not a gutter, even where similar lines put it at the same place.
        const runs = running && hasWords(r, k - 1, k, 2) && hasWords(r, k, k + 1, 2)
        if (runs && hasWords(r, from, k, TEXT_COLUMN_WORDS) && hasWords(r, k, r.length, TEXT_COLUMN_WORDS)) wide.push(r[k - 1]!.x1, r[k]!.x0)
      }
      if (gap > split) from = k
    }
  }
  const out: number[] = []
  for (let i = 0; i < wide.length; i += 2) {
    const n = overlapping(wide, wide[i]!, wide[i + 1]!)
    if (n >= GUTTER_ROWS && n >= GUTTER_SHARE * overlapping(any, wide[i]!, wide[i + 1]!)) out.push(wide[i]!, wide[i + 1]!)
  }
  return out
}

/**
 * Running text also holds words: at least this many on each side of a narrow gutter (a glossary's long entry name
 * is as wide as a column line, but one word).
 */
const TEXT_COLUMN_WORDS = 4

/** True when the items `from` to `to` (exclusive) of a row hold `need` words: the items, plus the spaces inside them. */
function hasWords(r: Item[], from: number, to: number, need: number): boolean {
  let n = to - from
  for (let k = from; k < to && n < need; k++) {
    const t = r[k]!.text
    for (let i = t.indexOf(' '); i >= 0 && n < need; i = t.indexOf(' ', i + 1)) n++
  }
  return n >= need
}

/** How many of the gaps (flat `[x0, x1, ...]`) overlap the one from `a` to `b`. */
function overlapping(gs: number[], a: number, b: number): number {
  let n = 0
  for (let j = 0; j < gs.length; j += 2) if (gs[j]! < b && gs[j + 1]! > a) n++
  return n
}

/**
 * Builds the line segments of a page: items grouped by baseline, then split where a gap exceeds `wordGapFactor`
 * average word spaces (a column gutter, a tab stop). Returns segments in no particular order; empty for a page
 * without text.
 */
export function buildLines(page: PageText, wordGapFactor: number): Line[] {
  const items: Item[] = []
  for (const t of page.items) {
    const it = toItem(t)
    if (it) items.push(it)
  }
  if (items.length === 0) return []
  const rs = rows(items)
  const bodySize = medianOf(items, (i) => i.size) ?? 10
  const space = averageSpace(rs) ?? DEFAULT_SPACE_EM * bodySize
  const split = Math.max(wordGapFactor * space, MIN_SPLIT_EM * bodySize)
  const out: Line[] = []
  let unsized = false
  const rowSplits = rs.map((r) => rowSplitOf(r, split, bodySize))
  const gutters = narrowGutters(rs, rowSplits, bodySize)
  for (let ri = 0; ri < rs.length; ri++) {
    const r = rs[ri]!
    const rowSplit = rowSplits[ri]!
    let from = 0
    for (let k = 1; k <= r.length; k++) {
      if (k < r.length) {
        const a = r[k - 1]!.x1
        const b = r[k]!.x0
        if (!(b - a > rowSplit.split) && !(b - a > rowSplit.narrow && overlapping(gutters, a, b) > 0)) continue
      }
      const l = segmentOf(page.pageNumber, r, from, k)
      if (Number.isNaN(l.fontSize)) unsized = true
      out.push(l)
      from = k
    }
  }
  if (unsized) {
    // OCR lines with no tall letter get the page's typical size.
    const known = median(out.filter((l) => !Number.isNaN(l.fontSize)).map((l) => l.fontSize)) ?? bodySize
    for (const l of out) if (Number.isNaN(l.fontSize)) l.fontSize = known
  }
  return out
}
