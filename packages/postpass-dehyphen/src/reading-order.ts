// A page's lines put in reading order by recursive XY-cut: columns cut at empty vertical channels, stacked blocks at
// wide horizontal gaps, lines top to bottom inside each block.
import { Line, NARROW_GUTTER_EM, TEXT_COLUMN_EM } from './line-builder.js'
import { medianFontSize } from './layout.js'
import { sortInPlace, sortNumbers } from './sort.js'

/** A column gutter is at least this many body font sizes wide (a word space is a quarter of one). */
const MIN_GUTTER_EM = 1
// A narrower gutter, down to NARROW_GUTTER_EM, separates columns of running text only (TEXT_COLUMN_EM wide by their
// median line on each side): see the line builder.
/** A vertical gap over this many median line gaps separates blocks stacked on the page (a heading band, a table). */
const BLOCK_GAP_FACTOR = 1.8
/** Share of a region's lines that may cross a gutter (titles, full-width notes) for it still to be a gutter. */
const CROSSING = 0.1
/** A column holds at least this many lines: fewer beside a gap is a short line, not a column. */
const MIN_COLUMN_LINES = 2

/** Scratch starts and ends for {@link gaps}, grown as regions need. */
let starts = new Float64Array(256)
let ends = new Float64Array(256)

/**
 * Gaps between the projections of a region's lines on one axis (x, or y when `vertical`): the empty runs inside
 * their extent, as a flat list `[start0, end0, start1, end1, ...]`. Starts and ends are sorted apart (a native
 * numeric sort, no comparator) and swept: a gap opens where every started span has ended and closes at the next
 * start. A start sorts before an equal end, so touching spans leave no gap.
 */
function gaps(region: Line[], vertical: boolean): number[] {
  const n = region.length
  if (starts.length < n) {
    starts = new Float64Array(2 * n)
    ends = new Float64Array(2 * n)
  }
  let first = Infinity
  let last = -Infinity
  for (let i = 0; i < n; i++) {
    const l = region[i]!
    const a = (starts[i] = vertical ? l.y0 : l.x0)
    const b = (ends[i] = vertical ? l.y1 : l.x1)
    if (a < first) first = a
    if (b > last) last = b
  }
  // One span over the whole extent leaves no gap (a full line of a single column): nothing to sort.
  for (let i = 0; i < n; i++) if (starts[i] === first && ends[i] === last) return []
  sortNumbers(starts, n)
  sortNumbers(ends, n)
  const lo = starts
  const hi = ends
  const out: number[] = []
  let open = 0
  for (let i = 0, j = 0; i < n;) {
    if (lo[i]! <= hi[j]!) {
      open++
      i++
    } else {
      open--
      if (open === 0) out.push(hi[j]!, lo[i]!)
      j++
    }
  }
  return out
}

/**
 * The middles of the gaps of `gs` (flat, as {@link gaps} gives them) that cut the region into columns: at least
 * {@link MIN_GUTTER_EM} wide, or {@link NARROW_GUTTER_EM} between columns of running text.
 */
function cutsOf(region: Line[], gs: number[], em: number): number[] {
  const out: number[] = []
  for (let k = 0; k < gs.length; k += 2) {
    const w = gs[k + 1]! - gs[k]!
    const mid = (gs[k]! + gs[k + 1]!) / 2
    if (w >= MIN_GUTTER_EM * em || (w >= NARROW_GUTTER_EM * em && textColumnsAround(region, mid, em))) out.push(mid)
  }
  return out
}

/**
 * True when the lines wholly left of `x` and those wholly right of it are columns of running text: at least
 * {@link MIN_COLUMN_LINES} each, their median line {@link TEXT_COLUMN_EM} wide.
 */
function textColumnsAround(region: Line[], x: number, em: number): boolean {
  let nl = 0
  let nr = 0
  for (const l of region) {
    if (l.x1 <= x) scratchLeft[nl++] = l.x1 - l.x0
    else if (l.x0 >= x) scratchRight[nr++] = l.x1 - l.x0
  }
  // Columns, not two pieces of one row (a heading split at a stretched space).
  if (nl < MIN_COLUMN_LINES || nr < MIN_COLUMN_LINES) return false
  sortNumbers(scratchLeft, nl)
  sortNumbers(scratchRight, nr)
  return scratchLeft[nl >> 1]! >= TEXT_COLUMN_EM * em && scratchRight[nr >> 1]! >= TEXT_COLUMN_EM * em
}

/** Scratch widths for {@link textColumnsAround}, grown with the regions. */
let scratchLeft = new Float64Array(256)
let scratchRight = new Float64Array(256)

function splitAt(lines: Line[], cuts: number[], key: (l: Line) => number): Line[][] {
  const groups: Line[][] = cuts.map(() => [])
  groups.push([])
  for (const l of lines) {
    const v = key(l)
    let k = 0
    while (k < cuts.length && v > cuts[k]!) k++
    groups[k]!.push(l)
  }
  return groups.filter((g) => g.length > 0)
}

const byRow = (a: Line, b: Line): number => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0

/** Joins segments of one row inside a block back into one line (a wide justified space split them). */
function mergeRows(lines: Line[]): Line[] {
  const sorted = lines.slice()
  for (let i = 1; i < sorted.length; i++) {
    if (byRow(sorted[i - 1]!, sorted[i]!) > 0) {
      sorted.sort(byRow)
      break
    }
  }
  const out: Line[] = []
  for (const l of sorted) {
    const prev = out[out.length - 1]
    const o = prev ? Math.min(prev.y1, l.y1) - Math.max(prev.y0, l.y0) : 0
    if (prev && o > 0.5 * Math.min(prev.y1 - prev.y0, l.y1 - l.y0) && l.x0 >= prev.x1) {
      out[out.length - 1] = new Line(
        prev.page,
        `${prev.text} ${l.text}`,
        prev.x0,
        Math.min(prev.y0, l.y0),
        l.x1,
        Math.max(prev.y1, l.y1),
        prev.fontSize,
        prev.fontId,
        prev.sized,
        prev.left,
        prev.right,
      )
    } else out.push(l)
  }
  return out
}

/** Scratch coverage bins for {@link gutter}, grown as regions need. */
let coverScratch = new Int32Array(1024)

/**
 * The middle of a column gutter that a few lines cross (at most `CROSSING` of them), with at least
 * `MIN_COLUMN_LINES` lines wholly on each side; `undefined` when there is none.
 */
function gutter(region: Line[], em: number): number | undefined {
  let lo = Infinity
  let hi = -Infinity
  // The two leftmost line ends and the two rightmost line starts: a gutter has two lines wholly on each side, so it
  // lies between the second leftmost end and the second rightmost start. In a single column short lines end right of
  // where indented ones start: no gutter, and no need to count the lines over every point of the width.
  let end1 = Infinity
  let end2 = Infinity
  let start1 = -Infinity
  let start2 = -Infinity
  for (const l of region) {
    if (l.x0 < lo) lo = l.x0
    if (l.x1 > hi) hi = l.x1
    if (l.x1 < end1) {
      end2 = end1
      end1 = l.x1
    } else if (l.x1 < end2) end2 = l.x1
    if (l.x0 > start1) {
      start2 = start1
      start1 = l.x0
    } else if (l.x0 > start2) start2 = l.x0
  }
  if (end2 > start2) return undefined
  const x0 = Math.floor(lo)
  const x1 = Math.ceil(hi)
  if (x1 - x0 < 3 * em) return undefined
  // Columns are narrower than half the region: without a few such lines on the page there is nothing to find.
  let narrow = 0
  for (const l of region) if (l.x1 - l.x0 < 0.55 * (x1 - x0)) narrow++
  if (narrow < 2 * MIN_COLUMN_LINES) return undefined
  // One bin a point, counting the lines over it: +1 where a line starts, -1 past its end, then running sums
  // (linear in lines plus width, not in the sum of the lines' widths).
  const bins = x1 - x0 + 1
  if (coverScratch.length < bins + 1) coverScratch = new Int32Array(2 * (bins + 1))
  const cover = coverScratch.subarray(0, bins + 1).fill(0) // one spare bin for the -1 past a line ending in the last one
  for (const l of region) {
    const a = Math.ceil(l.x0)
    const b = Math.floor(l.x1)
    if (a > b) continue
    cover[a - x0]!++
    cover[b - x0 + 1]!--
  }
  for (let i = 1; i < cover.length; i++) cover[i]! += cover[i - 1]!
  const tol = Math.floor(CROSSING * region.length)
  // A gutter of a whole em first; else a narrow one, between columns of running text only.
  const wide = channel(cover, bins, tol, MIN_GUTTER_EM * em)
  const mid = wide !== undefined ? x0 + wide : narrowGutter(region, cover, bins, tol, em, x0)
  if (mid === undefined) return undefined
  let left = 0
  let right = 0
  for (const l of region) {
    if (l.x1 <= mid) left++
    if (l.x0 >= mid) right++
  }
  return left >= MIN_COLUMN_LINES && right >= MIN_COLUMN_LINES ? mid : undefined
}

function narrowGutter(region: Line[], cover: Int32Array, bins: number, tol: number, em: number, x0: number): number | undefined {
  const narrow = channel(cover, bins, tol, NARROW_GUTTER_EM * em)
  return narrow !== undefined && textColumnsAround(region, x0 + narrow, em) ? x0 + narrow : undefined
}

/**
 * The middle (in bins) of the channel of bins that at most `t` lines cross, for the least `t` up to `tol` that has
 * one at least `width` bins wide, the widest such (the emptiest channel first, then the widest: a short column beside
 * a full one is not a gutter); `undefined` when there is none.
 */
function channel(cover: Int32Array, bins: number, tol: number, width: number): number | undefined {
  let best: [number, number] | undefined
  for (let t = 0; t <= tol && !best; t++) {
    for (let i = 1, start = -1; i < bins - 1; i++) {
      if (cover[i]! <= t) {
        if (start < 0) start = i
        if (i - start + 1 >= width && (!best || i - start > best[1] - best[0])) best = [start, i]
      } else start = -1
    }
  }
  return best && (best[0] + best[1]) / 2
}

const centreX = (l: Line): number => (l.x0 + l.x1) / 2
const centreY = (l: Line): number => (l.y0 + l.y1) / 2

/** One step of the XY-cut on `region` (see {@link readingOrder}); blocks are appended to `out` in reading order. */
function visit(region: Line[], depth: number, em: number, out: Line[][]): void {
  if (region.length <= 1 || depth > 40) {
    out.push(mergeRows(region))
    return
  }
  if (scratchLeft.length < region.length) {
    scratchLeft = new Float64Array(2 * region.length)
    scratchRight = new Float64Array(2 * region.length)
  }
  const xcuts = cutsOf(region, gaps(region, false), em)
  if (xcuts.length) {
    for (const g of splitAt(region, xcuts, centreX)) visit(g, depth + 1, em, out)
    return
  }
  // Columns under lines that cross them (a title, full-width footnotes, a centred running head): the gutter is
  // the widest channel that at most a tenth of the lines cross; the region is then cut into bands at the lines
  // crossing it, and each band into its columns.
  const mid = gutter(region, em)
  if (mid !== undefined) {
    const sorted = sortInPlace([...region], (a, b) => a.y0 - b.y0)
    let band: Line[] = []
    for (const l of sorted) {
      if (l.x0 < mid && l.x1 > mid) {
        if (band.length) visit(band, depth + 1, em, out)
        band = []
        out.push([l])
      } else band.push(l)
    }
    if (band.length) visit(band, depth + 1, em, out)
    return
  }
  const yg = gaps(region, true)
  if (yg.length) {
    const widths = new Float64Array(yg.length / 2)
    for (let k = 0; k < widths.length; k++) widths[k] = yg[2 * k + 1]! - yg[2 * k]!
    sortNumbers(widths, widths.length)
    // With under three gaps the median says nothing of the line spacing: take a fifth of an em, a usual leading gap.
    const typical = widths.length >= 3 ? widths[Math.floor(widths.length / 2)]! : 0.2 * em
    const threshold = Math.max(BLOCK_GAP_FACTOR * typical, 0.5 * em)
    const big: number[] = []
    for (let k = 0; k < yg.length; k += 2) if (yg[k + 1]! - yg[k]! > threshold) big.push((yg[k]! + yg[k + 1]!) / 2)
    // Cut only at wide gaps, so that two columns whose lines share baselines are not cut into rows first.
    if (big.length) {
      const parts = splitAt(region, big, centreY)
      if (parts.length > 1) {
        for (const p of parts) visit(p, depth + 1, em, out)
        return
      }
    }
  }
  out.push(mergeRows(region))
}

/**
 * Orders a page's line segments for reading by recursive XY-cut: columns are cut where an empty vertical channel at
 * least one em wide runs through the whole region, stacked blocks where a horizontal gap is clearly wider than the
 * line spacing. Returns the blocks (each a column or a band) in reading order, lines top to bottom inside each.
 */
export function readingOrder(lines: Line[]): Line[][] {
  if (lines.length === 0) return []
  const out: Line[][] = []
  visit(lines, 0, medianFontSize(lines), out)
  return out
}
