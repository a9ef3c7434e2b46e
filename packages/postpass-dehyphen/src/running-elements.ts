import { NOTE_START } from './footnotes.js'
import type { Line } from './line-builder.js'

/** A line alone in a band that is only a page number: "12", "- 12 -", "Page 12", "p. 12", "12/40", "12 sur 40", "xii". */
const PAGE_NUMBER =
  /^[\s\-–—(\[|]*(?:(?:page|pages|p\.|pag\.|seite|pagina|página|folio|blatt)\s*)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:\/|sur|of|de|von|di|du)\s*\d{1,4})?[\s\-–—)\]|.]*$/i

/** True when a line's text is only a page number (in any of the usual forms). */
export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim())
}

/** Text key for comparing band lines across pages: lower case, digits masked, spaces collapsed. */
function key(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()
}

function trigrams(s: string): Set<string> {
  const p = `  ${s} `
  const out = new Set<string>()
  for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3))
  return out
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0
  for (const x of a) if (b.has(x)) inter++
  return inter / (a.size + b.size - inter || 1)
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

/**
 * Finds running headers, footers and page numbers: lines inside the top or bottom band (`band` share of the page
 * height) that repeat at the same place on a nearby page with similar text (digits masked), and band lines that are
 * only a page number. `pageLines[i]` are the segments of page i; page heights in points.
 */
export function findRunningElements(pageLines: Line[][], heights: number[], band: number, similarity: number): RunningElements {
  type Cand = { line: Line; side: 'top' | 'bottom'; y: number; grams: Set<string>; pageIdx: number }
  const cands: Cand[][] = pageLines.map((lines, i) => {
    const h = heights[i] ?? 0
    const out: Cand[] = []
    for (const l of lines) {
      const side = l.y1 <= band * h ? 'top' : l.y0 >= (1 - band) * h ? 'bottom' : undefined
      if (!side) continue
      out.push({ line: l, side, y: side === 'top' ? (l.y0 + l.y1) / 2 : h - (l.y0 + l.y1) / 2, grams: trigrams(key(l.text)), pageIdx: i })
    }
    return out
  })
  const remove = new Set<Line>()
  let pageNumbers = 0
  const clusters: Array<{ side: 'top' | 'bottom'; grams: Set<string>; first: Cand; second?: Cand; pages: number[] }> = []
  const repeats = (c: Cand, i: number): boolean => {
    for (let j = Math.max(0, i - WINDOW); j <= Math.min(cands.length - 1, i + WINDOW); j++) {
      if (j === i) continue
      for (const d of cands[j]!) {
        const tol = Math.max(SAME_PLACE_PT, 0.5 * (c.line.y1 - c.line.y0))
        if (d.side !== c.side || Math.abs(d.y - c.y) > tol) continue
        // A long line must repeat almost exactly: bottom-aligned footnotes share a place and most of their words.
        const need = c.line.text.length > LONG_LINE ? Math.max(similarity, LONG_LINE_SIMILARITY) : similarity
        if (jaccard(c.grams, d.grams) >= need) return true
      }
    }
    return false
  }
  for (let i = 0; i < cands.length; i++) {
    if (cands[i]!.length === 0) continue
    const lines = pageLines[i]!
    // The page's median font size, sorted once for both bands.
    const sizes = lines.map((l) => l.fontSize).sort((a, b) => a - b)
    const pageSize = sizes[Math.floor(sizes.length / 2)] ?? 0
    for (const side of ['top', 'bottom'] as const) {
      // From the page edge inwards: running elements sit outside the text block, so the scan stops at the first
      // band line that neither repeats nor is a page number (a footnote or the body's last line).
      const order = cands[i]!.filter((c) => c.side === side).sort((a, b) => a.y - b.y)
      for (let ci = 0; ci < order.length; ci++) {
        const c = order[ci]!
        // A footnote is bottom-aligned like a footer, and "Ibid." repeats: a small-print line opening with a note
        // number, or one set tight against a line further in that is not itself running, is left to the body.
        if (side === 'bottom' && NOTE_START.test(c.line.text) && c.line.fontSize < pageSize) break
        // The gap to the nearest line further in, by a scan of the page's lines (no filtered copy per candidate).
        let gapIn = Infinity
        for (const l of lines) {
          if (l === c.line || !(side === 'top' ? l.y0 >= c.line.y1 : l.y1 <= c.line.y0)) continue
          const g = side === 'top' ? l.y0 - c.line.y1 : c.line.y0 - l.y1
          if (g < gapIn) gapIn = g
        }
        const attached = gapIn < TIGHT * (c.line.y1 - c.line.y0)
        if (isPageNumber(c.line.text)) {
          remove.add(c.line)
          pageNumbers++
          continue
        }
        if (!repeats(c, i)) break
        if (attached && !nearestIsPageNumber(lines, c.line, side, gapIn)) {
          const next = order[ci + 1]
          if (!next || !repeats(next, i) || (NOTE_START.test(next.line.text) && next.line.fontSize < pageSize)) break
        }
        remove.add(c.line)
        const cl = clusters.find((k) => k.side === c.side && jaccard(k.grams, c.grams) >= similarity)
        if (cl) {
          if (!cl.second) cl.second = c
          if (!cl.pages.includes(c.line.page)) cl.pages.push(c.line.page)
        } else clusters.push({ side: c.side, grams: c.grams, first: c, pages: [c.line.page] })
      }
    }
  }
  const texts = (side: 'top' | 'bottom') =>
    clusters
      .filter((k) => k.side === side)
      .map((k) => ({ text: stableText(k.first.line.text, k.second?.line.text), pages: k.pages }))
      .filter((k) => k.text.length > 0)
  return { remove, headers: texts('top'), footers: texts('bottom'), pageNumbers }
}
