// How lines sit on the page for the rebuild: each line's column edges, and whether a line is short, indented, ends
// with a hyphen or a sentence, or starts a list item.
import { codePointBefore, isLetterOrDigit } from './chars.js'
import type { Line } from './line-builder.js'

/** Sentence-final punctuation, closing quotes and brackets included: a line ending so may close a paragraph. */
export const FINAL_PUNCT = /[.!?:;…»"”’)\]]$/u
/** A line-end hyphen site: a letter or digit, then a hyphen (or soft hyphen) ending the line. */
export const HYPHEN_END = /[\p{L}\p{N}][-\u2010\u00ad]$/u
/**
 * {@link HYPHEN_END} without the regex: an end-anchored regex is tried at every position of the string, and the
 * paragraph being rebuilt is tested after each line (quadratic in its length).
 */
export function endsWithHyphen(s: string): boolean {
  const n = s.length
  if (n < 2) return false
  const c = s.charCodeAt(n - 1)
  if (c !== 0x2d && c !== 0x2010 && c !== 0xad) return false
  return isLetterOrDigit(codePointBefore(s, n - 1))
}

/** {@link FINAL_PUNCT} on the last character only (all its characters are single UTF-16 units). */
export function endsWithFinalPunct(s: string): boolean {
  switch (s.charCodeAt(s.length - 1)) {
    case 0x2e:
    case 0x21:
    case 0x3f:
    case 0x3a:
    case 0x3b:
    case 0x2026:
    case 0xbb:
    case 0x22:
    case 0x201d:
    case 0x2019:
    case 0x29:
    case 0x5d:
      return true
    default:
      return false
  }
}

/** The start of a list item: a bullet, a dash, "1.", "1)", "a)", "(i)". */
export const LIST_START = /^(?:[•▪◦‣●■□–—-]\s|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]\s)/u

/** A line in reading order, once {@link withColumns} has set the edges of its column. */
export type FlowLine = Line

/**
 * Gives each line of a page the edges of its column: the extreme edges of the page's lines that share most of its
 * horizontal extent. A one-line block thus still knows how wide its column is. Sets `left` and `right` on the lines
 * themselves (each line belongs to one flow) and returns them.
 */
export function withColumns(lines: Line[]): FlowLine[] {
  const n = lines.length
  if (spanX0.length < n) {
    spanX0 = new Float64Array(2 * n)
    spanX1 = new Float64Array(2 * n)
  }
  const sx0 = spanX0
  const sx1 = spanX1
  for (let i = 0; i < n; i++) {
    sx0[i] = lines[i]!.x0
    sx1[i] = lines[i]!.x1
  }
  // The result depends only on a line's span, and consecutive lines of a justified column often share one: it is
  // computed again only when the span changes.
  let left = 0
  let right = 0
  for (let i = 0; i < n; i++) {
    const a = sx0[i]!
    const b = sx1[i]!
    if (i === 0 || a !== sx0[i - 1] || b !== sx1[i - 1]) {
      left = a
      right = b
      const w = b - a
      for (let k = 0; k < n; k++) {
        const c = sx0[k]!
        const d = sx1[k]!
        // A span inside the edges found so far cannot move them; one starting at or right of this one's right edge
        // cannot overlap it (widths are never negative).
        if ((c >= left && d <= right) || c >= b) continue
        const o = Math.min(b, d) - Math.max(a, c)
        if (o > 0.5 * Math.min(w, d - c)) {
          if (c < left) left = c
          if (d > right) right = d
        }
      }
    }
    const l = lines[i]!
    l.left = left
    l.right = right
  }
  justifiedEdges(lines)
  return lines
}

/**
 * Lines sharing one right edge to this many points are justified to it: pdfTeX's full lines of a column end within
 * 0.01 pt of each other, and ragged lines rarely meet to a tenth of a point.
 */
const EDGE_TOLERANCE = 0.1
/** A shared right edge is the column's when at least this many lines, and this share of the column's lines, end there. */
const EDGE_MIN_LINES = 3
const EDGE_MIN_SHARE = 1 / 3
/**
 * Share of the lines at the shared edge that must read as running text. A 52 mm TeX column can have as many overfull
 * lines as full ones, so their count tells nothing; a chart's labels or a grid of digits are no prose.
 */
const EDGE_PROSE_SHARE = 3 / 4
/** Words a line of running text has at least (a 52 mm column holds 6 to 9), and its share of letters. */
const PROSE_WORDS = 4
const PROSE_LETTERS = 0.6

/** True when a line reads as running text: a few words, mostly letters. */
function isProse(t: string): boolean {
  let words = 1
  let letters = 0
  let other = 0
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i)
    if (c === 0x20) words++
    else if (((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7)) letters++
    else other++
  }
  return words >= PROSE_WORDS && letters >= PROSE_LETTERS * (letters + other)
}

/**
 * Moves a column's right edge in from its widest line to the edge its justified lines share. An overfull line (a
 * path or a command TeX could not break sticks out by up to several ems in a narrow column) otherwise widens the
 * column, and every full line then looks short: a paragraph break after each one ending in a full stop.
 */
function justifiedEdges(lines: FlowLine[]): void {
  const n = lines.length
  for (let i = 0; i < n; i++) {
    const l = lines[i]!
    // Columns are found as runs of lines with the same edges, handled at their first line.
    let seen = false
    for (let k = 0; k < i && !seen; k++) seen = lines[k]!.left === l.left && lines[k]!.right === l.right
    if (seen) continue
    let members = 0
    let best = 0
    let bestCount = 0
    for (let k = i; k < n; k++) {
      const m = lines[k]!
      if (m.left !== l.left || m.right !== l.right) continue
      members++
      // The count of lines ending where this one does (quadratic in a column's lines: a page holds a few dozen).
      let c = 0
      for (let j = i; j < n; j++) {
        const o = lines[j]!
        if (o.left === l.left && o.right === l.right && Math.abs(o.x1 - m.x1) <= EDGE_TOLERANCE) c++
      }
      if (c > bestCount || (c === bestCount && m.x1 > best)) {
        best = m.x1
        bestCount = c
      }
    }
    if (bestCount < EDGE_MIN_LINES || bestCount < EDGE_MIN_SHARE * members || best >= l.right - EDGE_TOLERANCE) continue
    const right = l.right
    const left = l.left
    // Only running text is justified: lines of a grid of numbers or of a form can share an end by their layout, and
    // lines past it are then no overfull exceptions (its rows would run together).
    let prose = 0
    for (let k = i; k < n; k++) {
      const m = lines[k]!
      if (m.left === left && m.right === right && Math.abs(m.x1 - best) <= EDGE_TOLERANCE && isProse(m.text)) prose++
    }
    if (prose < EDGE_PROSE_SHARE * bestCount) continue
    for (let k = i; k < n; k++) {
      const m = lines[k]!
      if (m.left === left && m.right === right) m.right = best + EDGE_TOLERANCE
    }
  }
}

/** Scratch spans for {@link withColumns}: typed arrays read in its quadratic loop, grown as pages need. */
let spanX0 = new Float64Array(256)
let spanX1 = new Float64Array(256)

/** Approximate width in points of the first word of a line (its share of the line's characters). */
function firstWordWidth(l: Line): number {
  const sp = l.text.indexOf(' ')
  return ((l.x1 - l.x0) * (sp < 0 ? l.text.length : sp)) / Math.max(1, l.text.length)
}

/**
 * True when a line stops short by design: the next line's first word would have fitted in the space left.
 * A line ending with a hyphen is full by definition.
 */
export function isShort(a: FlowLine, next: FlowLine | undefined): boolean {
  if (endsWithHyphen(a.text)) return false
  const room = a.right - a.x1
  const need = next ? firstWordWidth(next) + 0.3 * a.fontSize : 2 * a.fontSize // 0.3 em: one word space
  return room > need
}

/** True when a line starts indented from its column's left edge by more than `em` (a first-line indent). */
export function isIndented(l: FlowLine): boolean {
  return l.x0 - l.left > 0.8 * l.fontSize && l.x0 - l.left < 0.5 * (l.right - l.left)
}

/**
 * The median font size of the lines (the upper one of an even count; 0 for none), from the count of each distinct
 * size: a page has a few sizes, and sorting them with their counts gives the element a sort of every line would put
 * in the middle.
 */
export function medianFontSize(lines: Line[]): number {
  if (lines.length === 0) return 0
  let d = 0
  for (const l of lines) {
    let k = 0
    while (k < d && sizeValues[k] !== l.fontSize) k++
    if (k === d) {
      if (d === sizeValues.length) return medianBySort(lines)
      sizeValues[d] = l.fontSize
      sizeCounts[d++] = 0
    }
    sizeCounts[k]!++
  }
  // Distinct sizes in order, counts alongside (insertion: a handful of them).
  for (let i = 1; i < d; i++) {
    const v = sizeValues[i]!
    const c = sizeCounts[i]!
    let j = i - 1
    while (j >= 0 && sizeValues[j]! > v) {
      sizeValues[j + 1] = sizeValues[j]!
      sizeCounts[j + 1] = sizeCounts[j]!
      j--
    }
    sizeValues[j + 1] = v
    sizeCounts[j + 1] = c
  }
  const mid = lines.length >> 1
  let acc = 0
  for (let k = 0; k < d; k++) {
    acc += sizeCounts[k]!
    if (acc > mid) return sizeValues[k]!
  }
  return sizeValues[d - 1]!
}

/** Distinct sizes and their counts for {@link medianFontSize}; a page with more falls back to a sort. */
const sizeValues = new Float64Array(32)
const sizeCounts = new Int32Array(32)

function medianBySort(lines: Line[]): number {
  const sizes = new Float64Array(lines.length)
  for (let k = 0; k < lines.length; k++) sizes[k] = lines[k]!.fontSize
  sizes.sort()
  return sizes[lines.length >> 1]!
}
