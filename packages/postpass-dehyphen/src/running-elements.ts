// Running heads, running feet and page numbers: lines in the top and bottom bands that recur across pages, found so
// that the rebuilt text keeps them once or drops them rather than repeat them in its paragraphs.
import { NOTE_START } from './footnotes.js'
import { medianFontSize } from './layout.js'
import type { Line } from './line-builder.js'
import { sortInPlace } from './sort.js'

/** A line alone in a band that is only a page number: "12", "- 12 -", "Page 12", "p. 12", "12/40", "12 sur 40", "xii". */
const PAGE_NUMBER =
  /^[\s\-–—([|]*(?:(?:page|pages|p\.|pag\.|seite|pagina|página|folio|blatt)\s*)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:\/|sur|of|de|von|di|du)\s*\d{1,4})?[\s\-–—)\]|.]*$/i

/** True when a line's text is only a page number (in any of the usual forms). */
export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim())
}

/** Text key for comparing band lines across pages: lower case, digits masked, spaces collapsed. */
function key(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()
}

/**
 * The distinct character trigrams of `  s `, each as a number (three UTF-16 units, 16 bits each: exact in a double),
 * sorted. The same sets as trigram strings would give, without a string and a hash per trigram.
 */
function trigrams(s: string): Float64Array {
  const p = `  ${s} `
  const n = p.length - 2
  const codes = new Float64Array(n)
  for (let i = 0; i < n; i++) codes[i] = p.charCodeAt(i) * 0x100000000 + p.charCodeAt(i + 1) * 0x10000 + p.charCodeAt(i + 2)
  codes.sort()
  let u = 0
  for (let i = 0; i < n; i++) if (i === 0 || codes[i] !== codes[u - 1]) codes[u++] = codes[i]!
  return codes.subarray(0, u)
}

/** Jaccard similarity of two sorted sets of trigram codes, counted by merging them. */
function jaccard(a: Float64Array, b: Float64Array): number {
  let inter = 0
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i]!
    const y = b[j]!
    if (x === y) {
      inter++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return inter / (a.length + b.length - inter || 1)
}

/** What the band analysis found. */
export interface RunningElements {
  /** Lines to remove from the body (headers, footers, page numbers), by identity. */
  remove: Set<Line>
  /** One text per distinct running header, in first-seen order, page numbers stripped. */
  headers: Array<{ text: string; pages: number[] }>
  /** Same for footers. */
  footers: Array<{ text: string; pages: number[] }>
  /** Count of page-number lines dropped. */
  pageNumbers: number
}

/** A band line closer than this share of its height to the next line inwards belongs with it (a note's last line). */
const TIGHT = 0.5
/** Pages either side compared when looking for repeats: 3 covers odd/even alternating heads. */
const WINDOW = 3
/** Running heads are short; a band line longer than this many characters is held to {@link LONG_LINE_SIMILARITY}. */
const LONG_LINE = 60
/** Similarity a long band line needs to count as repeated (legal boilerplate repeats exactly, footnotes do not). */
const LONG_LINE_SIMILARITY = 0.95
/** Two band lines are at the same place when their centres are within this many points (or half a line height). */
const SAME_PLACE_PT = 6

/** The text of a running element without the parts that vary between its occurrences (page numbers, dates). */
function stableText(a: string, b: string | undefined): string {
  if (b === undefined) return a.trim()
  const ta = a.trim().split(/\s+/)
  const tb = new Set(b.trim().split(/\s+/))
  const kept = ta.filter((t) => tb.has(t) || !/\d/.test(t))
  const out = kept.join(' ').replace(/^[\s\-–—|·•,]+|[\s\-–—|·•,]+$/g, '')
  return isPageNumber(out) ? '' : out
}

/** True when one of the lines further in than `line` at distance `gap` is a page number. */
function nearestIsPageNumber(lines: Line[], line: Line, side: 'top' | 'bottom', gap: number): boolean {
  for (const l of lines) {
    if (l === line || !(side === 'top' ? l.y0 >= line.y1 : l.y1 <= line.y0)) continue
    if ((side === 'top' ? l.y0 - line.y1 : line.y0 - l.y1) === gap && isPageNumber(l.text)) return true
  }
  return false
}

type Side = 'top' | 'bottom'

/** A band line: its side, its distance from that page edge, and its trigrams once a comparison needs them. */
interface Candidate {
  line: Line
  side: Side
  y: number
  key: string | undefined
  grams: Float64Array | undefined
}

function keyOf(c: Candidate): string {
  return (c.key ??= key(c.line.text))
}

function gramsOf(c: Candidate): Float64Array {
  return (c.grams ??= trigrams(keyOf(c)))
}

/** Trigram similarity of two band lines; 1 without building trigrams when their keys are equal (a running head's usual case). */
function similarityOf(c: Candidate, d: Candidate): number {
  return keyOf(c) === keyOf(d) ? 1 : jaccard(gramsOf(c), gramsOf(d))
}

/** The band lines of one page (inside the top or bottom `band` share of its height `h`), in the page's line order. */
function candidatesOf(lines: Line[], h: number, band: number): Candidate[] {
  const out: Candidate[] = []
  for (const l of lines) {
    const side = l.y1 <= band * h ? 'top' : l.y0 >= (1 - band) * h ? 'bottom' : undefined
    if (!side) continue
    out.push({ line: l, side, y: side === 'top' ? (l.y0 + l.y1) / 2 : h - (l.y0 + l.y1) / 2, key: undefined, grams: undefined })
  }
  return out
}

/** True when a band line of page `i` repeats at the same place, with similar text, on a page within {@link WINDOW}. */
function repeats(cands: Candidate[][], c: Candidate, i: number, similarity: number): boolean {
  const tol = Math.max(SAME_PLACE_PT, 0.5 * (c.line.y1 - c.line.y0))
  // A long line must repeat almost exactly: bottom-aligned footnotes share a place and most of their words.
  const need = c.line.text.length > LONG_LINE ? Math.max(similarity, LONG_LINE_SIMILARITY) : similarity
  for (let j = Math.max(0, i - WINDOW); j <= Math.min(cands.length - 1, i + WINDOW); j++) {
    if (j === i) continue
    for (const d of cands[j]!) {
      if (d.side !== c.side || Math.abs(d.y - c.y) > tol) continue
      if (similarityOf(c, d) >= need) return true
    }
  }
  return false
}

/** A running element found so far: its side, the trigrams of its first line, its first two lines, its pages. */
interface Cluster {
  side: Side
  grams: Float64Array
  first: Candidate
  second: Candidate | undefined
  pages: number[]
}

/** What the scan of all pages gathers. */
interface Found {
  remove: Set<Line>
  clusters: Cluster[]
  pageNumbers: number
}

/** The gap from a band line to the nearest line further in on its page; Infinity when there is none. */
function gapInwards(lines: Line[], line: Line, side: Side): number {
  let gapIn = Infinity
  for (const l of lines) {
    if (l === line || !(side === 'top' ? l.y0 >= line.y1 : l.y1 <= line.y0)) continue
    const g = side === 'top' ? l.y0 - line.y1 : line.y0 - l.y1
    if (g < gapIn) gapIn = g
  }
  return gapIn
}

/**
 * Scans one side of page `i` from its edge inwards: running elements sit outside the text block, so the scan stops
 * at the first band line that neither repeats nor is a page number (a footnote or the body's last line).
 */
function scanSide(cands: Candidate[][], i: number, lines: Line[], side: Side, pageSize: number, similarity: number, found: Found): void {
  const order: Candidate[] = []
  for (const c of cands[i]!) if (c.side === side) order.push(c)
  sortInPlace(order, (a, b) => a.y - b.y)
  for (let ci = 0; ci < order.length; ci++) {
    const c = order[ci]!
    // A footnote is bottom-aligned like a footer, and "Ibid." repeats: a small-print line opening with a note
    // number, or one set tight against a line further in that is not itself running, is left to the body.
    if (side === 'bottom' && NOTE_START.test(c.line.text) && c.line.fontSize < pageSize) break
    const gapIn = gapInwards(lines, c.line, side)
    const attached = gapIn < TIGHT * (c.line.y1 - c.line.y0)
    if (isPageNumber(c.line.text)) {
      found.remove.add(c.line)
      found.pageNumbers++
      continue
    }
    if (!repeats(cands, c, i, similarity)) break
    if (attached && !nearestIsPageNumber(lines, c.line, side, gapIn)) {
      const next = order[ci + 1]
      if (!next || !repeats(cands, next, i, similarity) || (NOTE_START.test(next.line.text) && next.line.fontSize < pageSize)) break
    }
    found.remove.add(c.line)
    const grams = gramsOf(c)
    let cl: Cluster | undefined
    for (const k of found.clusters) {
      if (k.side === c.side && jaccard(k.grams, grams) >= similarity) {
        cl = k
        break
      }
    }
    if (cl) {
      if (!cl.second) cl.second = c
      if (!cl.pages.includes(c.line.page)) cl.pages.push(c.line.page)
    } else found.clusters.push({ side: c.side, grams, first: c, second: undefined, pages: [c.line.page] })
  }
}

/** One text per cluster of a side, in first-seen order, with the parts that vary removed; empty texts left out. */
function textsOf(clusters: Cluster[], side: Side): Array<{ text: string; pages: number[] }> {
  const out: Array<{ text: string; pages: number[] }> = []
  for (const k of clusters) {
    if (k.side !== side) continue
    const text = stableText(k.first.line.text, k.second?.line.text)
    if (text.length > 0) out.push({ text, pages: k.pages })
  }
  return out
}

/**
 * Finds running headers, footers and page numbers: lines inside the top or bottom band (`band` share of the page
 * height) that repeat at the same place on a nearby page with similar text (digits masked), and band lines that are
 * only a page number. `pageLines[i]` are the segments of page i; page heights in points.
 */
export function findRunningElements(pageLines: Line[][], heights: number[], band: number, similarity: number): RunningElements {
  const cands: Candidate[][] = []
  for (let i = 0; i < pageLines.length; i++) cands.push(candidatesOf(pageLines[i]!, heights[i] ?? 0, band))
  const found: Found = { remove: new Set(), clusters: [], pageNumbers: 0 }
  for (let i = 0; i < cands.length; i++) {
    if (cands[i]!.length === 0) continue
    const lines = pageLines[i]!
    const pageSize = medianFontSize(lines)
    scanSide(cands, i, lines, 'top', pageSize, similarity, found)
    scanSide(cands, i, lines, 'bottom', pageSize, similarity, found)
  }
  return { remove: found.remove, headers: textsOf(found.clusters, 'top'), footers: textsOf(found.clusters, 'bottom'), pageNumbers: found.pageNumbers }
}
