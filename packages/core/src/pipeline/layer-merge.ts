// When a page's old OCR layer is replaced, the words of the new OCR it was unsure of taken from the old layer, where
// the old layer agrees with the new one's sure words on that line, and its lines in a script the new OCR lacks kept.
import type { PageText, TextItem } from '../types.js'
import { bboxUnion, centreIn } from '../geometry.js'
import { itemLines, shareInScripts } from '../text.js'

/** Thresholds of {@link mergeLayer}. */
export interface MergeOptions {
  /** OCR words under this confidence are unsure: the old layer's word in their place may stand instead. */
  unsure: number
  /** OCR words from this confidence are sure: they are what the old layer's reading of a line is checked against. */
  sure: number
  /** Share of a line's sure OCR words the old layer must give for its words to stand in that line. */
  agreement: number
  /** Least similarity (1 - edit distance / longer length) of an old word to the unsure OCR word it replaces. */
  near: number
  /**
   * An OCR line under this mean confidence over old words mostly in another script than its own (Latin against
   * Cyrillic, either way) is the OCR reading a script it lacks: the old words stand for the whole line.
   */
  foreign: number
}

/**
 * Mean confidence under which an OCR line over another script's old words is a reading of a script the OCR lacks:
 * tesseract's Latin models read Russian and Ukrainian scans at 0.61-0.68 a page (their letters have Latin look-alikes:
 * `Amocrpod` for Апостроф), a script they have at 0.8-0.95 (the spot check's `foreignScriptConfidence`, measured on
 * the labelled real set).
 */
export const FOREIGN_LINE_CONFIDENCE = 0.75

/**
 * Thresholds used unless configured. On the development corpus's 25 pages with a poor OCR layer
 * (tools/bench/bad-ocr-merge.mjs): word F1 0.8990 for the new OCR alone, 0.8994 merged with `unsure` 0.3 (9 words
 * taken), 0.8991 with 0.6 (22), 0.8985-0.8990 with 0.8 (23-40): the higher, the more of the old layer's misreadings.
 */
export const DEFAULT_LAYER_MERGE: MergeOptions = { unsure: 0.3, sure: 0.9, agreement: 0.5, near: 0.5, foreign: FOREIGN_LINE_CONFIDENCE }

/** What {@link mergeLayer} did. */
export interface MergeResult {
  page: PageText
  /** Words of the old layer put in place of unsure OCR words. */
  taken: number
  /** OCR lines with unsure words, and those of them where the old layer agreed with the sure words. */
  unsureLines: number
  agreedLines: number
  /** OCR lines read in another script than the old layer's, unsure, whose old words stand. */
  foreignLines: number
  notes: string[]
}

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

/** The old layer's words (an item may hold several), each with its item's box cut in proportion to its characters. */
function oldWords(items: readonly TextItem[]): TextItem[] {
  const out: TextItem[] = []
  for (const it of items) {
    const parts = it.text.split(/\s+/u).filter(Boolean)
    if (parts.length <= 1) {
      if (parts.length) out.push({ text: parts[0]!, bbox: it.bbox })
      continue
    }
    const total = it.text.length
    let at = 0
    for (const p of parts) {
      const start = it.text.indexOf(p, at)
      at = start + p.length
      const w = it.bbox.x1 - it.bbox.x0
      out.push({ text: p, bbox: { x0: it.bbox.x0 + (w * start) / total, x1: it.bbox.x0 + (w * at) / total, y0: it.bbox.y0, y1: it.bbox.y1 } })
    }
  }
  return out
}

/** Index pairs of a longest common subsequence of `a` and `b`, in order. */
function lcs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length
  const m = b.length
  const t = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) t[i]![j] = a[i] === b[j] && a[i] !== '' ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!)
  const out: Array<[number, number]> = []
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j] && a[i] !== '') out.push([i++, j++])
    else if (t[i + 1]![j]! >= t[i]![j + 1]!) i++
    else j++
  }
  return out
}

/** Whether two words are near readings of each other: similarity 1 - edit distance / longer length >= `least`. */
function near(a: string, b: string, least: number): boolean {
  if (!a || !b) return false
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length) >= least
}

/**
 * Keeps, word by word, the better of a page's old layer and the OCR that replaces it. Where the OCR is sure of a word
 * (its confidence), its word stands. Where it is unsure, the old layer's word at that place stands instead, but only
 * in a line where the old layer agrees with the OCR's sure words (it read this line of the same image right where the
 * image is clear) and only for a word the two readings align one to one, the old one a near reading of the new. A
 * layer that agrees nowhere (a false character map, an OCR of another image) gives nothing. The text keeps the OCR's line and
 * paragraph breaks; a word taken from the old layer has no confidence.
 */
export function mergeLayer(ocr: PageText, layer: PageText, o: MergeOptions): MergeResult {
  const olds = oldWords(layer.items)
  const used = new Set<number>()
  const replaced = new Map<number, string>()
  let unsureLines = 0
  let agreedLines = 0
  let foreignLines = 0
  // OCR lines replaced whole, by their first item
  const wholeLines = new Map<number, readonly number[]>()
  const lines = itemLines(ocr.items)
  const candidates = invisibleShare(layer) >= OCR_LAYER_SHARE ? foreignOldLines(lines, ocr, olds, o.foreign) : { at: new Map<number, number[]>(), lines: 0 }
  const hidden = candidates.at.size > 0 && candidates.at.size >= FOREIGN_MIN_LINE_SHARE * candidates.lines
  // the old words of the lines kept are theirs alone: no unsure OCR word of another line takes one
  if (hidden) for (const ks of candidates.at.values()) for (const k of ks) used.add(k)
  for (const [n, line] of lines.entries()) {
    const words = line.map((i) => ocr.items[i]!)
    const foreign = hidden ? candidates.at.get(n) : undefined
    if (foreign) {
      // the old line's words in the place of the OCR's: the first item takes them, the others are dropped
      foreignLines++
      replaced.set(line[0]!, foreign.map((k) => olds[k]!.text).join(' '))
      wholeLines.set(line[0]!, line)
      continue
    }
    const unsure = line.filter((i) => (ocr.items[i]!.confidence ?? 1) < o.unsure)
    if (!unsure.length) continue
    unsureLines++
    const oldLine = agreeingOldLine(words, olds, used, o)
    if (!oldLine) continue
    agreedLines++
    takeNearReadings(ocr, line, olds, oldLine, o, used, replaced)
  }
  const taken = replaced.size - wholeLines.size
  const notes = noteOf(taken, unsureLines, agreedLines, foreignLines, o)
  if (candidates.at.size && !hidden)
    notes.unshift(
      `ocr: ${candidates.at.size} of ${candidates.lines} line(s) read under mean confidence ${o.foreign} in another script than the old layer's ` +
        `words there, under ${FOREIGN_MIN_LINE_SHARE} of them: faint lines of a page in the OCR's script, the OCR stands`,
    )
  if (!replaced.size) return { page: ocr, taken: 0, unsureLines, agreedLines, foreignLines, notes }
  return { page: withReplaced(ocr, replaced, wholeLines), taken, unsureLines, agreedLines, foreignLines, notes }
}

/**
 * Share of a layer's characters drawn invisibly from which it is an OCR layer (text laid over a scan), whose lines in
 * a script the new OCR lacks may stand: the spot check's `minInvisibleShare`. A layer drawn visibly in another script
 * than the OCR reads is a false character map's junk (Greek or Cyrillic letters where the page shows French), never
 * kept for it.
 */
const OCR_LAYER_SHARE = 0.8

/** Share of a page's characters (spaces aside) in fonts drawn invisibly. */
function invisibleShare(page: PageText): number {
  let all = 0
  let hidden = 0
  for (const it of page.items) {
    const n = it.text.replace(/\s+/gu, '').length
    all += n
    if (it.fontId !== undefined && page.fonts?.[it.fontId]?.invisible === true) hidden += n
  }
  return all ? hidden / all : 0
}

/**
 * Share of a page's OCR lines that must be read unsure in another script than the old layer's for any of them to keep
 * the old line: on a page in the OCR's own script a few faint lines are read unsure too. On the labelled real set's
 * OCR-layer pages, English scans under a Cyrillic layer had 0.01-0.07 of their lines so (and keeping them cost word F1
 * 0.003-0.017 against native OCR), Russian pages with Latin names or listings 0.18-0.83 (keeping them gained 0.09-0.66 over the OCR alone).
 */
const FOREIGN_MIN_LINE_SHARE = 0.12

/**
 * OCR lines with words, and, by line index, the old OCR layer's words that would stand for those read in another
 * script than theirs ({@link foreignOldLine}), each old word under one line at most.
 */
function foreignOldLines(lines: readonly number[][], ocr: PageText, olds: readonly TextItem[], foreign: number): { at: Map<number, number[]>; lines: number } {
  const used = new Set<number>()
  const at = new Map<number, number[]>()
  let all = 0
  lines.forEach((line, n) => {
    const words = line.map((i) => ocr.items[i]!)
    if (!words.some((w) => w.text.trim())) return
    all++
    const old = foreignOldLine(words, olds, used, foreign)
    if (!old) return
    at.set(n, old)
    for (const k of old) used.add(k)
  })
  return { at, lines: all }
}

const LATIN = ['Latin']

/** Letters an old line needs for its script to be told: fewer are a stray mark or a one-letter word. */
const FOREIGN_MIN_LETTERS = 3

/** The old layer's words not yet used whose centres lie in the box of an OCR line's `words`. */
function oldUnder(words: readonly TextItem[], olds: readonly TextItem[], used: ReadonlySet<number>): number[] {
  const box = bboxUnion(words.map((w) => w.bbox))
  return box ? olds.map((w, k) => k).filter((k) => !used.has(k) && centreIn(box, olds[k]!.bbox)) : []
}

/**
 * The old OCR layer's words not yet used under an OCR line (centres in its box), left to right, when the OCR read the
 * line under `foreign` mean confidence and in another script than most of their letters (Latin against any other):
 * the OCR lacks the old layer's script there, and its reading is look-alikes. `undefined` otherwise.
 */
function foreignOldLine(words: readonly TextItem[], olds: readonly TextItem[], used: ReadonlySet<number>, foreign: number): number[] | undefined {
  const conf = words.flatMap((w) => (w.confidence === undefined || !w.text.trim() ? [] : [w.confidence]))
  if (!conf.length || conf.reduce((a, b) => a + b, 0) / conf.length >= foreign) return undefined
  const here = oldUnder(words, olds, used)
  const oldText = here.map((k) => olds[k]!.text).join(' ')
  if ((oldText.match(/\p{L}/gu)?.length ?? 0) < FOREIGN_MIN_LETTERS) return undefined
  const a = shareInScripts(words.map((w) => w.text).join(' '), LATIN)
  const b = shareInScripts(oldText, LATIN)
  if (a === undefined || b === undefined || a >= 0.5 === b >= 0.5) return undefined
  return here.sort((x, y) => olds[x]!.bbox.x0 - olds[y]!.bbox.x0)
}

/**
 * The old layer's words not yet used under an OCR line (their centres in its box), left to right, when they agree
 * with the line's sure words (a share of at least `agreement` of them found among the old words); else `undefined`.
 */
function agreeingOldLine(words: readonly TextItem[], olds: readonly TextItem[], used: ReadonlySet<number>, o: MergeOptions): number[] | undefined {
  const here = oldUnder(words, olds, used)
  if (!here.length) return undefined
  const sure = words
    .filter((w) => (w.confidence ?? 0) >= o.sure)
    .map((w) => norm(w.text))
    .filter(Boolean)
  if (!sure.length) return undefined
  const left = new Map<string, number>()
  for (const k of here) left.set(norm(olds[k]!.text), (left.get(norm(olds[k]!.text)) ?? 0) + 1)
  let hit = 0
  for (const s of sure) {
    const c = left.get(s)
    if (c) {
      hit++
      left.set(s, c - 1)
    }
  }
  if (hit / sure.length < o.agreement) return undefined
  return here.sort((a, b) => olds[a]!.bbox.x0 - olds[b]!.bbox.x0)
}

/**
 * The two readings of the line aligned word by word (longest common subsequence of the normalised words): an unsure
 * OCR word is replaced only where it stands alone between two agreed words, opposite one old word that is a near
 * reading of it (the same word read differently), never across a gap of several words. Notes the old words `used`
 * and the OCR items `replaced` (by index, with their new text).
 */
function takeNearReadings(
  ocr: PageText,
  line: readonly number[],
  olds: readonly TextItem[],
  oldLine: readonly number[],
  o: MergeOptions,
  used: Set<number>,
  replaced: Map<number, string>,
): void {
  const A = line.map((i) => norm(ocr.items[i]!.text))
  const B = oldLine.map((k) => norm(olds[k]!.text))
  const pairs = lcs(A, B)
  const anchors: Array<[number, number]> = [[-1, -1], ...pairs, [A.length, B.length]]
  for (let g = 0; g + 1 < anchors.length; g++) {
    const [a0, b0] = anchors[g]!
    const [a1, b1] = anchors[g + 1]!
    if (a1 - a0 !== 2 || b1 - b0 !== 2) continue
    const i = line[a0 + 1]!
    const w = ocr.items[i]!
    if ((w.confidence ?? 1) >= o.unsure) continue
    const k = oldLine[b0 + 1]!
    const text = olds[k]!.text
    if (!near(norm(w.text), norm(text), o.near)) continue
    used.add(k)
    if (text !== w.text) replaced.set(i, text.normalize('NFC'))
  }
}

/**
 * The OCR page with the `replaced` items' texts (their confidence dropped). The text was built from the items in
 * order: each item is found from where the previous one ended and swapped. An item that starts a line of `wholeLines`
 * stands for the whole line (its box theirs, its end of line the last one's), the line's other items dropped with the
 * spaces before them.
 */
function withReplaced(ocr: PageText, replaced: ReadonlyMap<number, string>, wholeLines: ReadonlyMap<number, readonly number[]>): PageText {
  const dropped = new Set([...wholeLines.values()].flatMap((l) => l.slice(1)))
  let text = ''
  let at = 0
  const items: TextItem[] = []
  ocr.items.forEach((it, i) => {
    const start = ocr.text.indexOf(it.text, at)
    const r = replaced.get(i)
    if (start >= 0) {
      if (!dropped.has(i)) text += ocr.text.slice(at, start) + (r ?? it.text)
      at = start + it.text.length
    }
    if (dropped.has(i)) return
    if (r === undefined) return void items.push(it)
    const { confidence: _drop, ...rest } = it
    const line = wholeLines.get(i)
    if (!line) return void items.push({ ...rest, text: r })
    const last = ocr.items[line.at(-1)!]!
    const bbox = bboxUnion(line.map((k) => ocr.items[k]!.bbox)) ?? it.bbox
    const { hasEol: _eol, ...base } = rest
    items.push({ ...base, text: r, bbox, ...(last.hasEol ? { hasEol: true } : {}) })
  })
  text += ocr.text.slice(at)
  return { ...ocr, items, text: text.normalize('NFC') }
}

function noteOf(taken: number, unsureLines: number, agreedLines: number, foreignLines: number, o: MergeOptions): string[] {
  const notes: string[] = []
  if (foreignLines)
    notes.push(
      `ocr: ${foreignLines} line(s) read under mean confidence ${o.foreign} in another script than the old layer's words there: ` +
        `the OCR lacks that script, the old words stand`,
    )
  if (unsureLines)
    notes.push(
      `ocr: ${unsureLines} line(s) with words under confidence ${o.unsure}; in ${agreedLines} the old layer agreed with the line's ` +
        `words of confidence >= ${o.sure} (share >= ${o.agreement}): ${taken} unsure word(s) taken from the old layer where it read the ` +
        `same word differently between two agreed words (similarity >= ${o.near}), the OCR kept elsewhere`,
    )
  return notes
}
