// Footnotes split off a page's lines (small print under the body, opening with a note mark), so that the rebuilt
// text keeps them apart from the paragraphs they interrupt.
import type { Line } from './line-builder.js'
import { sortInPlace } from './sort.js'

/** A footnote starts with its number (plain or superscript), an asterisk or a dagger. */
export const NOTE_START = /^(?:\d{1,3}(?=[\s.)\p{L}])|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*{1,3}|†)/u

/** What {@link splitFootnotes} finds on a page. */
export interface PageNotes {
  /** The page's other lines, in the order given. */
  body: Line[]
  /** The notes, each a list of lines: column by column from the left, top to bottom in each. */
  notes: Line[][]
  /** Small print opening the page's first column of notes without a number: the previous page's last note, continued. */
  continued: Line[]
}

/**
 * Splits the footnotes off a page's lines (reading order kept for the rest): the lines in a font smaller than `ratio`
 * times the body size with no body-size line over them reaching lower (per column: a note under a short column sits
 * above the other column's last line), grouped by column, when a group's first line starts with a note number.
 * With `continuing` (the previous page's last note did not end its sentence), a first group opening without a
 * number is that note's continuation. No notes when the page has none.
 */
export function splitFootnotes(lines: Line[], bodySize: number, ratio: number, continuing = false): PageNotes {
  const small = (l: Line) => l.fontSize < ratio * bodySize
  const big = lines.filter((l) => !small(l))
  if (big.length === 0) return { body: lines, notes: [], continued: [] }
  // Geometric, not by reading order: a short note under the left column is read before the right column.
  const below = lines.filter((l) => small(l) && !bodyUnder(big, l))
  if (below.length === 0) return { body: lines, notes: [], continued: [] }
  const notes: Line[][] = []
  const continued: Line[] = []
  const taken = new Set<Line>()
  columnsOf(below).forEach((group, gi) => {
    sortInPlace(group, (a, b) => a.y0 - b.y0 || a.x0 - b.x0)
    const numbered = NOTE_START.test(group[0]!.text)
    if (!numbered && !(continuing && gi === 0)) return
    let left = Infinity
    for (const l of group) if (l.x0 < left) left = l.x0
    // Where numbers stand: LaTeX sets a note's number 1.8 em in and its following lines at the margin.
    const numberAt = group.find((l) => NOTE_START.test(l.text))?.x0 ?? left
    let current: Line[] | undefined
    group.forEach((l, i) => {
      taken.add(l)
      // A new note starts with a number at the group's left edge or where its first number stands (its first line
      // always, when numbered); other lines continue the current note, or the previous page's.
      const starts = NOTE_START.test(l.text) && (l.x0 - left < l.fontSize || Math.abs(l.x0 - numberAt) < l.fontSize)
      if ((i === 0 && numbered) || starts) notes.push((current = [l]))
      else if (current) current.push(l)
      else continued.push(l)
    })
  })
  if (taken.size === 0) return { body: lines, notes: [], continued: [] }
  return { body: lines.filter((l) => !taken.has(l)), notes, continued }
}

/** True when a body line sharing some of `l`'s width reaches lower than its top (from the last: the lowest first). */
function bodyUnder(big: Line[], l: Line): boolean {
  for (let i = big.length - 1; i >= 0; i--) {
    const b = big[i]!
    if (b.x0 < l.x1 && b.x1 > l.x0 && b.y1 > l.y0) return true
  }
  return false
}

/** Lines grouped into columns (lines sharing some of their width with the group), from the left. */
function columnsOf(lines: Line[]): Line[][] {
  const sorted = sortInPlace(lines.slice(), (a, b) => a.x0 - b.x0)
  const out: Line[][] = []
  let right = -Infinity
  for (const l of sorted) {
    if (out.length && l.x0 < right) {
      out[out.length - 1]!.push(l)
      if (l.x1 > right) right = l.x1
    } else {
      out.push([l])
      right = l.x1
    }
  }
  return out
}
