// A finished page laid out as the ALTO and hOCR writers need it: its words grouped into lines and blocks in reading
// order, boxes in points on the page as displayed.
import { xmlChars } from './xml.js'
import { readingTurn, turnBox, type BBox, type PageResult, type TextItem } from '@pdftriage/core'

/** A word of a page: its text (NFC), its box in points on the page as displayed (top-left origin), its OCR confidence. */
export interface LayoutWord {
  text: string
  bbox: BBox
  /** 0..1, for words an OCR engine read; `undefined` for a text layer's. */
  confidence?: number
}

/** A line of words, in reading order. */
export interface LayoutLine {
  bbox: BBox
  words: LayoutWord[]
}

/** Lines that follow each other closely in one column: a paragraph or a block of text. */
export interface LayoutBlock {
  bbox: BBox
  lines: LayoutLine[]
}

/** One page as the ALTO and hOCR writers lay it out: blocks of lines of words, boxes in points, top-left origin. */
export interface PageLayout {
  pageNumber: number
  /** Page size in points, as displayed. */
  width: number
  height: number
  /** Where the words come from: the PDF's own layer, a repaired layer, or OCR. */
  source: 'text-layer' | 'repaired' | 'ocr'
  /** The OCR's mean word confidence 0..1, when the page was OCRed. */
  confidence?: number
  blocks: LayoutBlock[]
}

/**
 * Share of the smaller of two boxes' heights they must overlap vertically to be on one line, when the backend gave no
 * line end between them. Half a line keeps superscripts and a ragged OCR baseline together and splits adjacent lines
 * (the same rule as the searchable-PDF writer's).
 */
const LINE_OVERLAP = 0.5
/**
 * A step from one line's bottom to the next one's larger than this many times the page's median step starts a new
 * block. The fixtures set paragraphs 0.6 em apart on a 1.3 em line pitch (a step of 1.46 times the median); an OCR
 * line's bottom moves by a descender (0.2 em, 1.15 times) from line to line.
 */
const BLOCK_STEP = 1.3
/** A word starting this many line heights left of the previous word's end is on a new line (a wrapped column). */
const BACKWARDS_EM = 1

const isBlank = (s: string) => !/\S/u.test(s)

/** A word as XML can hold it (see {@link xmlChars}); `undefined` when nothing of it is left. */
function kept(word: LayoutWord): LayoutWord | undefined {
  const text = xmlChars(word.text)
  return isBlank(text) ? undefined : { ...word, text }
}

/**
 * The words of one item: an OCR item is a word already; a text layer's item is a run of words. With glyphs whose text
 * is the item's (the pdf.js extractor gives them), each word's box spans its own glyphs; otherwise (a repaired run
 * whose characters were read anew, an extractor that gives runs only) the run's box is shared among its words in
 * proportion to their characters, spaces included.
 */
export function itemWords(item: TextItem): LayoutWord[] {
  const conf = item.confidence !== undefined ? { confidence: item.confidence } : {}
  const { bbox } = item
  const glyphs = item.glyphs
  const bare = (s: string) => s.replace(/\s+/gu, '').normalize('NFC')
  if (glyphs?.length && bare(glyphs.map((g) => g.text).join('')) === bare(item.text)) {
    const words: LayoutWord[] = []
    let cur: { text: string; x0: number; x1: number } | undefined
    const flush = () => {
      const w = cur && kept({ text: cur.text, bbox: { x0: cur.x0, y0: bbox.y0, x1: cur.x1, y1: bbox.y1 }, ...conf })
      if (w) words.push(w)
      cur = undefined
    }
    for (const g of glyphs) {
      if (g.spaceBefore) flush()
      if (g.text && isBlank(g.text)) {
        flush()
        continue
      }
      if (!cur) cur = { text: g.text, x0: Math.min(g.x0, g.x1), x1: Math.max(g.x0, g.x1) }
      else {
        cur.text += g.text
        cur.x0 = Math.min(cur.x0, g.x0, g.x1)
        cur.x1 = Math.max(cur.x1, g.x0, g.x1)
      }
    }
    flush()
    return words
  }
  const chars = Array.from(item.text)
  const n = chars.length
  if (!n) return []
  const w = bbox.x1 - bbox.x0
  const words: LayoutWord[] = []
  let start = -1
  for (let i = 0; i <= n; i++) {
    const blank = i === n || isBlank(chars[i]!)
    if (!blank && start < 0) start = i
    else if (blank && start >= 0) {
      const word = kept({
        text: chars.slice(start, i).join(''),
        bbox: { x0: bbox.x0 + (w * start) / n, y0: bbox.y0, x1: bbox.x0 + (w * i) / n, y1: bbox.y1 },
        ...conf,
      })
      if (word) words.push(word)
      start = -1
    }
  }
  return words
}

const union = (a: BBox, b: BBox): BBox => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) })

/** The median of positive numbers; 0 for none. */
function median(xs: number[]): number {
  if (!xs.length) return 0
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]!
}

/**
 * A finished page laid out in blocks, lines and words: the text the page kept (its layer, repaired layer or OCR) and
 * the OCR of regions added to a kept layer (already among the page's items). Lines follow the backend's line ends and
 * the boxes' overlap; blocks split where the step between lines grows or a line leaves the previous one's column. A
 * page OCR read turned is grouped as it reads, and its boxes are given back on the page as displayed.
 */
export function pageLayout(r: Pick<PageResult, 'pageNumber' | 'page' | 'ocrConfidence'>): PageLayout {
  const page = r.page
  const turn = readingTurn(page)
  const side = turn === 90 || turn === 270
  const readW = side ? page.height : page.width
  const readH = side ? page.width : page.height
  // from the reading frame back to the page as displayed: the opposite turn, on the turned page's size
  const back = (b: BBox): BBox => (turn ? turnBox(b, (360 - turn) % 360, readW, readH) : b)
  const lines: Array<{ bbox: BBox; words: LayoutWord[] }> = []
  let cur: (typeof lines)[number] | undefined
  let eol = true
  for (const item of page.items) {
    if (!(item.bbox.x1 >= item.bbox.x0) || !(item.bbox.y1 >= item.bbox.y0)) continue
    const read = turn ? { ...item, bbox: turnBox(item.bbox, turn, page.width, page.height) } : item
    for (const word of itemWords(read)) {
      const b = word.bbox
      const h = Math.max(b.y1 - b.y0, 1e-6)
      const last = cur?.words[cur.words.length - 1]
      const overlap = cur ? Math.min(cur.bbox.y1, b.y1) - Math.max(cur.bbox.y0, b.y0) : 0
      const same = cur && last && !eol && overlap >= LINE_OVERLAP * Math.min(h, cur.bbox.y1 - cur.bbox.y0) && b.x0 > last.bbox.x1 - BACKWARDS_EM * h
      if (!cur || !same) {
        cur = { bbox: { ...b }, words: [word] }
        lines.push(cur)
      } else {
        cur.words.push(word)
        cur.bbox = union(cur.bbox, b)
      }
      eol = false
    }
    if (item.hasEol) eol = true
  }
  const steps: number[] = []
  for (let i = 1; i < lines.length; i++) {
    const step = lines[i]!.bbox.y1 - lines[i - 1]!.bbox.y1
    if (step > 0) steps.push(step)
  }
  const typical = median(steps)
  const blocks: LayoutBlock[] = []
  let block: LayoutBlock | undefined
  for (const line of lines) {
    const prev = block?.lines[block.lines.length - 1]
    const step = prev ? line.bbox.y1 - prev.bbox.y1 : 0
    const xOverlap = prev ? Math.min(prev.bbox.x1, line.bbox.x1) - Math.max(prev.bbox.x0, line.bbox.x0) : 0
    const apart = !prev || step <= 0 || xOverlap <= 0 || (typical > 0 && step > BLOCK_STEP * typical)
    if (!block || apart) {
      block = { bbox: { ...line.bbox }, lines: [line] }
      blocks.push(block)
    } else {
      block.lines.push(line)
      block.bbox = union(block.bbox, line.bbox)
    }
  }
  const out: LayoutBlock[] = blocks.map((b) => ({
    bbox: back(b.bbox),
    lines: b.lines.map((l) => ({ bbox: back(l.bbox), words: l.words.map((w) => ({ ...w, bbox: back(w.bbox) })) })),
  }))
  return {
    pageNumber: r.pageNumber,
    width: page.width,
    height: page.height,
    source: page.source,
    ...(r.ocrConfidence !== undefined ? { confidence: r.ocrConfidence } : {}),
    blocks: out,
  }
}
