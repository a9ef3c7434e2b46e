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
    case 0x2e: case 0x21: case 0x3f: case 0x3a: case 0x3b: case 0x2026: case 0xbb: case 0x22: case 0x201d: case 0x2019: case 0x29: case 0x5d:
      return true
    default:
      return false
  }
}

/** The start of a list item: a bullet, a dash, "1.", "1)", "a)", "(i)". */
export const LIST_START = /^(?:[•▪◦‣●■□–—-]\s|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]\s)/u

/** A line in reading order with what the paragraph builder needs to know of its column. */
export interface FlowLine extends Line {
  /** Left and right edges of the column the line belongs to, in points. */
  left: number
  right: number
}

/** Median of finite numbers (the upper one of an even count); `undefined` for none. */
export function median(xs: number[]): number | undefined {
  if (xs.length === 0) return undefined
  // A typed copy sorts numerically without calling a comparator.
  const s = Float64Array.from(xs).sort()
  return s[Math.floor(s.length / 2)]
}

/**
 * Gives each line of a page the edges of its column: the extreme edges of the page's lines that share most of its
 * horizontal extent. A one-line block thus still knows how wide its column is.
 */
export function withColumns(lines: Line[]): FlowLine[] {
  // The result depends only on a line's span and the set of spans, and the lines of a justified column share one
  // span: each distinct span is computed once, against the distinct spans only (quadratic in those, not in lines).
  const order = lines.map((_, i) => i).sort((i, j) => lines[i]!.x0 - lines[j]!.x0 || lines[i]!.x1 - lines[j]!.x1)
  const ux0: number[] = []
  const ux1: number[] = []
  for (const i of order) {
    const l = lines[i]!
    const u = ux0.length - 1
    if (u < 0 || l.x0 !== ux0[u] || l.x1 !== ux1[u]) {
      ux0.push(l.x0)
      ux1.push(l.x1)
    }
  }
  const out: FlowLine[] = new Array(lines.length)
  let left = 0
  let right = 0
  let prev: Line | undefined
  for (const i of order) {
    const l = lines[i]!
    if (!prev || l.x0 !== prev.x0 || l.x1 !== prev.x1) {
      left = l.x0
      right = l.x1
      const w = l.x1 - l.x0
      // Spans by left edge: one starting at or right of l's right edge cannot overlap it (widths are never negative).
      for (let k = 0; k < ux0.length && ux0[k]! < l.x1; k++) {
        const o = Math.min(l.x1, ux1[k]!) - Math.max(l.x0, ux0[k]!)
        if (o > 0.5 * Math.min(w, ux1[k]! - ux0[k]!)) {
          left = Math.min(left, ux0[k]!)
          right = Math.max(right, ux1[k]!)
        }
      }
      prev = l
    }
    // A literal rather than a spread: one object shape for every flow line, and no property enumeration.
    out[i] = { page: l.page, text: l.text, x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1, fontSize: l.fontSize, fontId: l.fontId, sized: l.sized, left, right }
  }
  return out
}

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
