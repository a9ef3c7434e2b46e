import type { Line } from './line-builder.js'

/** Sentence-final punctuation, closing quotes and brackets included: a line ending so may close a paragraph. */
export const FINAL_PUNCT = /[.!?:;…»"”’)\]]$/u
/** A line-end hyphen site: a letter or digit, then a hyphen (or soft hyphen) ending the line. */
export const HYPHEN_END = /[\p{L}\p{N}][-\u2010\u00ad]$/u
/** The start of a list item: a bullet, a dash, "1.", "1)", "a)", "(i)". */
export const LIST_START = /^(?:[•▪◦‣●■□–—-]\s|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]\s)/u

/** A line in reading order with what the paragraph builder needs to know of its column. */
export interface FlowLine extends Line {
  /** Left and right edges of the column the line belongs to, in points. */
  left: number
  right: number
}

/** Median of numbers; `undefined` for none. */
export function median(xs: number[]): number | undefined {
  if (xs.length === 0) return undefined
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

/**
 * Gives each line of a page the edges of its column: the extreme edges of the page's lines that share most of its
 * horizontal extent. A one-line block thus still knows how wide its column is.
 */
export function withColumns(lines: Line[]): FlowLine[] {
  return lines.map((l) => {
    let left = l.x0
    let right = l.x1
    for (const m of lines) {
      const o = Math.min(l.x1, m.x1) - Math.max(l.x0, m.x0)
      if (o > 0.5 * Math.min(l.x1 - l.x0, m.x1 - m.x0)) {
        left = Math.min(left, m.x0)
        right = Math.max(right, m.x1)
      }
    }
    return { ...l, left, right }
  })
}

/** Approximate width in points of the first word of a line (its share of the line's characters). */
function firstWordWidth(l: Line): number {
  const w = l.text.split(' ')[0] ?? ''
  return ((l.x1 - l.x0) * w.length) / Math.max(1, l.text.length)
}

/**
 * True when a line stops short by design: the next line's first word would have fitted in the space left.
 * A line ending with a hyphen is full by definition.
 */
export function isShort(a: FlowLine, next: FlowLine | undefined): boolean {
  if (HYPHEN_END.test(a.text)) return false
  const room = a.right - a.x1
  const need = next ? firstWordWidth(next) + 0.3 * a.fontSize : 2 * a.fontSize // 0.3 em: one word space
  return room > need
}

/** True when a line starts indented from its column's left edge by more than `em` (a first-line indent). */
export function isIndented(l: FlowLine): boolean {
  return l.x0 - l.left > 0.8 * l.fontSize && l.x0 - l.left < 0.5 * (l.right - l.left)
}
