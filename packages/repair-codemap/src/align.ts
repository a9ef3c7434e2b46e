// The alignment of a layer line's glyphs with the OCR characters read over it (Needleman-Wunsch), and the votes it
// casts: which text each code of a font reads as, decided per code.
import type { Glyph, OcrChar } from './layout.js'

/** Votes code -> text of one font: how often the OCR read each text where the layer drew that code. */
export type Votes = Map<string, Map<string, number>>

/** What the alignment knows of a font: its votes so far, or that it is healthy (each code reads as itself). */
export interface FontModel {
  healthy?: boolean
  votes?: Votes
  /** A settled map (learned on an earlier page): scored as certain. */
  map?: ReadonlyMap<string, string>
}

/** A glyph of the layer aligned with the OCR text read at its place (one to three characters: ligatures). */
export interface Pair {
  glyph: Glyph
  text: string
  /** The OCR characters read for it: indexes `at` to `end` (exclusive) of the line's OCR. */
  at: number
  end: number
}

// Scores of the alignment. A glyph matched with OCR text scores by what is known of its code (the share of its votes
// for that text), minus a light penalty for distance; what is unknown scores a little above skipping, so that the first
// pass, knowing nothing, follows position and word shapes. Layer spaces may be skipped freely: Type 3 bitmap fonts
// whose widths are wrong get a space between every glyph.
const UNKNOWN = 0.2
const EXTRA_CHAR = 0.4
const SKIP = -0.6
const SPACE_MATCH = 0.6
const SKIP_OCR_SPACE = -0.2
const POSITION = 0.4
const MAX_DISTANCE = 3
const NEG = -1e9

function glyphScore(g: Glyph, text: string, model: FontModel | undefined): number {
  const k = Array.from(text).length
  if (model?.healthy) return text === g.text ? 2 : text.toLowerCase() === g.text.toLowerCase() ? 1 : -1
  const fixed = model?.map?.get(g.code)
  if (fixed !== undefined) return fixed === text ? 2 : -1
  const v = model?.votes?.get(g.code)
  if (!v || v.size === 0) return UNKNOWN - EXTRA_CHAR * (k - 1)
  let n = 0
  for (const c of v.values()) n += c
  return (2 * (v.get(text) ?? 0)) / n - 0.5 - 0.3 * (k - 1)
}

/**
 * Needleman-Wunsch alignment of one line: layer glyphs (and soft spaces) against OCR characters (and the spaces
 * between its words). Returns the glyphs matched with OCR text.
 */
export function alignLine(glyphs: readonly Glyph[], ocr: readonly OcrChar[], models: ReadonlyMap<string, FontModel>, charWidth: number): Pair[] {
  const L = glyphs.length
  const O = ocr.length
  if (L === 0 || O === 0) return []
  const W = O + 1
  const grid: Grid = { W, score: new Float64Array((L + 1) * W).fill(NEG), move: new Int8Array((L + 1) * W) }
  grid.score[0] = 0
  const cw = Math.max(0.5, charWidth)
  for (let i = 0; i <= L; i++) for (let j = 0; j <= O; j++) extend(grid, glyphs, ocr, models, cw, i, j)
  return traceBack(grid, glyphs, ocr)
}

/**
 * The alignment's table over glyphs `i` (rows) and OCR characters `j` (columns, `W` a row): each cell's best score
 * and the move that reached it (1-3: a glyph read as that many characters, 4: a glyph skipped, 5: an OCR character
 * skipped, 6: a layer space matched with an OCR space).
 */
interface Grid {
  W: number
  score: Float64Array
  move: Int8Array
}

/** Takes move `m` into cell `at` when it scores `s`, better than what the cell holds. */
function relax(t: Grid, at: number, s: number, m: number): void {
  if (s > t.score[at]!) {
    t.score[at] = s
    t.move[at] = m
  }
}

/** Every move out of cell (`i`, `j`) of the table, once the cell's best score is final. */
function extend(t: Grid, glyphs: readonly Glyph[], ocr: readonly OcrChar[], models: ReadonlyMap<string, FontModel>, cw: number, i: number, j: number): void {
  const W = t.W
  const here = t.score[i * W + j]!
  if (here <= NEG / 2) return
  // skip an OCR character or space
  if (j < ocr.length) relax(t, i * W + j + 1, here + (ocr[j]!.space ? SKIP_OCR_SPACE : SKIP), 5)
  if (i === glyphs.length) return
  const g = glyphs[i]!
  // skip a glyph (a layer space for free)
  relax(t, (i + 1) * W + j, here + (g.space ? 0 : SKIP), 4)
  if (j === ocr.length) return
  if (g.space) {
    if (ocr[j]!.space) relax(t, (i + 1) * W + j + 1, here + SPACE_MATCH, 6)
    return
  }
  const model = models.get(g.font)
  if (ocr[j]!.space) {
    // a glyph drawn for the space (word processors draw them; a false map names them like any other code); TeX
    // draws none, and fonts of rebuilt spacing are dvips's
    if (g.rebuilt) return
    const d = Math.min(MAX_DISTANCE, Math.abs(g.x - ocr[j]!.x) / cw)
    relax(t, (i + 1) * W + j + 1, here + glyphScore(g, ' ', model) - POSITION * d, 1)
    return
  }
  // the glyph read as the next one to three OCR characters of a word (ligatures), at their mean position
  let text = ''
  let xs = 0
  for (let k = 1; k <= 3 && j + k <= ocr.length; k++) {
    const c = ocr[j + k - 1]!
    if (c.space) break
    text += c.ch
    xs += c.x
    const d = Math.min(MAX_DISTANCE, Math.abs(g.x - xs / k) / cw)
    relax(t, (i + 1) * W + j + k, here + glyphScore(g, text, model) - POSITION * d, k)
  }
}

/** The glyphs matched with OCR text along the best path, from the table's last cell back to its first. */
function traceBack(t: Grid, glyphs: readonly Glyph[], ocr: readonly OcrChar[]): Pair[] {
  const W = t.W
  const pairs: Pair[] = []
  let i = glyphs.length
  let j = ocr.length
  while (i > 0 || j > 0) {
    const m = t.move[i * W + j]!
    if (m >= 1 && m <= 3) {
      let text = ''
      for (let k = j - m; k < j; k++) text += ocr[k]!.ch
      pairs.push({ glyph: glyphs[i - 1]!, text, at: j - m, end: j })
      i--
      j -= m
    } else if (m === 4) i--
    else if (m === 5) j--
    else if (m === 6) {
      i--
      j--
    } else break
  }
  return pairs.reverse()
}

/** Adds one vote. */
export function vote(votes: Map<string, Votes>, font: string, code: string, text: string): void {
  let v = votes.get(font)
  if (!v) votes.set(font, (v = new Map()))
  let c = v.get(code)
  if (!c) v.set(code, (c = new Map()))
  c.set(text, (c.get(text) ?? 0) + 1)
}

/**
 * A code the OCR read as another code's letter nearly as often as its own: within one font each letter or digit is
 * drawn by one code, so a code whose winning letter a code of more votes holds takes its runner-up letter when that
 * has at least this share of the winner's votes and no code holds it. Alignment slips cast such votes: `packaee` for
 * "package", a g read 5 times as the e beside it and 4 times as g, where the e's code has 16 votes.
 */
const RUNNER_UP_SHARE = 0.5
const ONE_CHAR = /^[\p{L}\p{N}]$/u

/** The winning text of each code, with its votes and all votes (letters and digits one code each, see above). */
export function decide(v: Votes): Map<string, { text: string; votes: number; total: number }> {
  const out = new Map<string, { text: string; votes: number; total: number }>()
  for (const [code, c] of v) {
    let best = ''
    let bv = 0
    let total = 0
    for (const [t, n] of c) {
      total += n
      if (n > bv || (n === bv && t < best)) {
        best = t
        bv = n
      }
    }
    if (bv > 0) out.set(code, { text: best, votes: bv, total })
  }
  const holder = new Map<string, string>()
  for (const [code, d] of out) {
    if (!ONE_CHAR.test(d.text)) continue
    const h = holder.get(d.text)
    if (h === undefined || out.get(h)!.votes < d.votes) holder.set(d.text, code)
  }
  for (const [code, d] of out) {
    if (!ONE_CHAR.test(d.text) || holder.get(d.text) === code) continue
    let alt = ''
    let av = 0
    for (const [t, n] of v.get(code)!) if (t !== d.text && ONE_CHAR.test(t) && !holder.has(t) && (n > av || (n === av && t < alt))) [alt, av] = [t, n]
    if (av > 0 && av >= RUNNER_UP_SHARE * d.votes) {
      out.set(code, { text: alt, votes: av, total: d.total })
      holder.set(alt, code)
    }
  }
  return out
}

/** Levenshtein distance of two strings (code points); a `wild` character of `a` stands for any one character of `b`. */
export function editDistance(a: string, b: string, wild?: string): number {
  const x = Array.from(a)
  const y = Array.from(b)
  if (x.length === 0) return y.length
  if (y.length === 0) return x.length
  let prev = new Uint32Array(y.length + 1)
  let cur = new Uint32Array(y.length + 1)
  for (let j = 0; j <= y.length; j++) prev[j] = j
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i
    for (let j = 1; j <= y.length; j++) {
      const sub = prev[j - 1]! + (x[i - 1] === y[j - 1] || x[i - 1] === wild ? 0 : 1)
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1)
    }
    ;[prev, cur] = [cur, prev]
  }
  return prev[y.length]!
}
