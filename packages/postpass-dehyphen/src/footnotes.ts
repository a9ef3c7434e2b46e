import type { Line } from './line-builder.js'
import { sortInPlace } from './sort.js'

/** A footnote starts with its number (plain or superscript), an asterisk or a dagger. */
export const NOTE_START = /^(?:\d{1,3}(?=[\s.)\p{L}])|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*{1,3}|†)/u

/**
 * Splits the footnotes off a page's lines (reading order kept for the rest): the lines in a font smaller than `ratio`
 * times the body size lying below every body-size line, when the first of them starts with a note number.
 * Returns the body lines and the notes (each a list of lines); no notes when the page has none.
 */
export function splitFootnotes(lines: Line[], bodySize: number, ratio: number): { body: Line[]; notes: Line[][] } {
  const small = (l: Line) => l.fontSize < ratio * bodySize
  const big = lines.filter((l) => !small(l))
  if (big.length === 0) return { body: lines, notes: [] }
  // Geometric, not by reading order: a short note under the left column is read before the right column.
  const bodyBottom = Math.max(...big.map((l) => l.y1))
  const run = sortInPlace(lines.filter((l) => small(l) && l.y0 >= bodyBottom), (a, b) => a.y0 - b.y0 || a.x0 - b.x0)
  if (run.length === 0 || !NOTE_START.test(run[0]!.text)) return { body: lines, notes: [] }
  const inRun = new Set(run)
  const body = lines.filter((l) => !inRun.has(l))
  const left = Math.min(...run.map((l) => l.x0))
  const notes: Line[][] = []
  for (const l of run) {
    // A new note starts at the run's left edge with a number; other lines continue the current note.
    if ((NOTE_START.test(l.text) && l.x0 - left < l.fontSize) || notes.length === 0) notes.push([l])
    else notes[notes.length - 1]!.push(l)
  }
  return { body, notes }
}
