// The invisible text layer of a page as content-stream operators: the page's words placed over their boxes in the
// glyphless font (render mode 3), lines on one baseline, spaces where the gaps are.
import { readingTurn, TextAligner, turnBox, type PageText, type TextItem } from '@pdftriage/core'
import { GLYPH_ADVANCE_EM, GLYPH_DESCENT_EM, type GlyphlessEncoder } from './glyphless-font.js'

/** Where the page is displayed, in PDF user space: the crop box and the /Rotate of the page (0, 90, 180, 270). */
export interface PageFrame {
  x0: number
  y0: number
  x1: number
  y1: number
  rotate: number
}

/** A line of items placed together: one font size and one baseline for all its words. */
interface Line {
  items: TextItem[]
  y0: number
  y1: number
  /**
   * When every item had a flat box (see {@link FLAT_SHARE}): the height they were given and their baselines. Such a
   * line is written at that height on its middle baseline.
   */
  flat?: { height: number; bases: number[] }
}

/**
 * Share of the smaller item's height two items must overlap vertically to stay on one line when the backend gave no
 * end-of-line mark. Half a line keeps superscripts and a ragged OCR baseline together and splits adjacent lines.
 */
const LINE_OVERLAP = 0.5
/**
 * Gap between two text-layer items (as a share of the line height) above which a space is written between them.
 * pdf.js splits a run at a font change with no gap, and writes separate words with a gap of about 0.25 em.
 */
const SPACE_GAP_EM = 0.15
/** Smallest horizontal scaling written (percent): a box narrower than this draws an unreadably thin word anyway. */
const MIN_TZ = 1
/**
 * Narrowest gap, in em of the line height, that gets a space glyph of its own. Tesseract's boxes overlap before
 * French punctuation ("entrée" + "?": gaps of -0.42 to -0.23 em on a corpus page), and pdf.js and pdftotext then
 * join the words whatever space glyph sits between them; the smallest positive gap there (0.093 em, "bref" + ":")
 * kept its space. Below this gap the space shares the word's box instead.
 */
const MIN_SPACE_EM = 0.08

/**
 * Boxes flatter than this share of their mean character advance are read as having lost their height: dvips's Type 3
 * fonts are shown at 0.1 pt through a large font matrix, so a line of 10 pt text comes out 0.1 pt high with
 * characters 4.7 pt apart (0.02); text of a real face is about as high as 1.6-2 of its mean advances (0.5-0.6 em a
 * character), a lone wide glyph (an em dash, a W) one, letter-spaced words (`L o r e m`, about 1 em a character) one.
 */
const FLAT_SHARE = 0.3
/** Mean advance of prose in em, spaces included (0.45-0.55 in Latin text faces): the height a flat box is given. */
const PROSE_ADVANCE_EM = 0.5

/** Mean character advance of an item's box; 0 when it has no width or no text. */
function advanceOf(it: TextItem): number {
  const n = Array.from(it.text).length
  return n > 0 ? Math.max(0, it.bbox.x1 - it.bbox.x0) / n : 0
}

const isFlat = (it: TextItem) => {
  const a = advanceOf(it)
  return a > 0 && it.bbox.y1 - it.bbox.y0 < FLAT_SHARE * a
}

/**
 * The height given to the page's flat boxes (see {@link FLAT_SHARE}): from the mean advance of all of them, character
 * for character, so that every line of one face gets one size. A size per line, from its own letters (an index line of
 * digits is wider a character than one of prose), gave lines of one column sizes 15 % apart, and pdftotext, which
 * groups lines of one size into blocks, read such a column in pieces and out of order.
 */
function flatHeight(items: readonly TextItem[]): number {
  let width = 0
  let chars = 0
  for (const it of items) {
    if (!it.text.trim() || !isFlat(it)) continue
    width += it.bbox.x1 - it.bbox.x0
    chars += Array.from(it.text).length
  }
  return chars > 0 ? width / chars / PROSE_ADVANCE_EM : 0
}

/** The item with the page's flat height (`flat`) when its box has none to speak of (see {@link FLAT_SHARE}). */
function withHeight(it: TextItem, flat: number): TextItem {
  if (!(flat > 0) || !isFlat(it)) return it
  return { ...it, bbox: { ...it.bbox, y0: it.bbox.y1 - flat } }
}

/** What a page's text puts between an item and the one before it: nothing (one word), a space, or a line end. */
type Gap = '' | ' ' | '\n'

/**
 * The gap before each item as the page's own text has it, for a page whose text is not one word an item (a repair's:
 * its items are the extractor's runs, which split words where fonts change or where a false map hid an accent, and end
 * a line at every descender of dvips's fonts). `undefined` when the items cannot all be found in the text in order.
 */
function textGaps(page: PageText): Gap[] | undefined {
  if (page.source === 'ocr' || !page.text) return undefined
  const aligner = new TextAligner(page.text)
  const gaps: Gap[] = []
  for (const it of page.items) {
    const gap = aligner.place(it.text)
    if (gap === undefined) return undefined
    // a run's own leading and trailing blanks are in the gaps as the extractor tidied them
    gaps.push(/\n/.test(gap) ? '\n' : /\s/u.test(gap) || /^\s/u.test(it.text) ? ' ' : '')
  }
  return gaps
}

/**
 * Groups items into lines, by the page text's line ends when `gaps` gives them (else by the items' `hasEol`), and by
 * their boxes overlapping vertically. With `gaps`, items the text joins with no space become one item (one word to
 * every extractor, whatever their boxes' gaps), and each item then stands for a word or more: spaces between them.
 */
function groupLines(items: readonly TextItem[], gaps?: readonly Gap[]): Line[] {
  const lines: Line[] = []
  let cur: Line | undefined
  let eol = true
  const flat = flatHeight(items)
  items.forEach((item, i) => {
    const gap = gaps?.[i]
    if (gap === '\n') eol = true
    if (!item.text.trim() || !(item.bbox.x1 >= item.bbox.x0) || !(item.bbox.y1 > item.bbox.y0)) return
    // the text's own gaps stand between the items: their blanks are not written twice
    const bare = gaps ? { ...item, text: item.text.trim() } : item
    const isFlatItem = flat > 0 && isFlat(bare)
    const it = withHeight(bare, flat)
    const h = it.bbox.y1 - it.bbox.y0
    const overlap = cur ? Math.min(cur.y1, it.bbox.y1) - Math.max(cur.y0, it.bbox.y0) : 0
    const sameLine = cur && !eol && overlap >= LINE_OVERLAP * Math.min(h, cur.y1 - cur.y0)
    const last = cur?.items[cur.items.length - 1]
    if (sameLine && gap === '' && last) {
      // one word of the text: one item over both boxes
      const b = last.bbox
      cur!.items[cur!.items.length - 1] = {
        ...last,
        text: last.text + it.text,
        bbox: { x0: Math.min(b.x0, it.bbox.x0), y0: Math.min(b.y0, it.bbox.y0), x1: Math.max(b.x1, it.bbox.x1), y1: Math.max(b.y1, it.bbox.y1) },
      }
    } else if (!cur || !sameLine) {
      cur = { items: [it], y0: it.bbox.y0, y1: it.bbox.y1, ...(isFlatItem ? { flat: { height: flat, bases: [] } } : {}) }
      lines.push(cur)
    } else cur.items.push(it)
    cur!.y0 = Math.min(cur!.y0, it.bbox.y0)
    cur!.y1 = Math.max(cur!.y1, it.bbox.y1)
    if (!isFlatItem) delete cur!.flat
    cur!.flat?.bases.push(it.bbox.y1)
    eol = gaps ? false : it.hasEol === true
  })
  return lines
}

const num = (n: number) => (Math.abs(n) < 1e-4 ? '0' : Number(n.toFixed(3)).toString())
const hexCodes = (codes: number[]) => '<' + codes.map((c) => c.toString(16).toUpperCase().padStart(4, '0')).join('') + '>'

type Matrix = [number, number, number, number, number, number]

/**
 * The matrix from the displayed page (origin at its bottom-left corner, as a viewer shows it after /Rotate) to PDF
 * user space, so that boxes measured on a rendered image land on the same spot whatever the rotation.
 */
export function viewToUserMatrix(f: PageFrame): Matrix {
  switch (((f.rotate % 360) + 360) % 360) {
    case 90:
      return [0, 1, -1, 0, f.x1, f.y0]
    case 180:
      return [-1, 0, 0, -1, f.x1, f.y1]
    case 270:
      return [0, -1, 1, 0, f.x0, f.y1]
    default:
      return [1, 0, 0, 1, f.x0, f.y0]
  }
}

/**
 * The matrix from the page turned clockwise by `deg` (bottom-left origin, as OCR read it) to the page as displayed
 * (bottom-left origin, `w` x `h` points): a line written left to right on the turned page reads in the displayed
 * page's own text direction.
 */
function readToViewMatrix(deg: number, w: number, h: number): Matrix {
  switch (deg) {
    case 90:
      return [0, 1, -1, 0, w, 0]
    case 180:
      return [-1, 0, 0, -1, w, h]
    case 270:
      return [0, -1, 1, 0, 0, h]
    default:
      return [1, 0, 0, 1, 0, 0]
  }
}

/**
 * The content stream (as text) that draws `page`'s items invisibly (render mode 3) with the glyphless font named
 * `fontName` in the page resources. Each item is stretched horizontally (Tz) to its box; items of one line share a
 * font size equal to the line's height and a baseline 0.2 em above its bottom, so a word's selection box is its OCR
 * box. Between items a space is drawn across the gap, so extractors see words whatever their spacing heuristics.
 * A page OCR read turned (`page.rotation`) is laid out on the turned page, where its lines are horizontal, and turned
 * back with the matrix, so each baseline runs the way its words read (likewise a page whose lines run down or up it). Returns '' when the page has nothing to draw.
 */
export function textLayerContent(page: PageText, frame: PageFrame, fontName: string, encoder: GlyphlessEncoder): string {
  const rotated = ((frame.rotate % 180) + 180) % 180 === 90
  const viewW = rotated ? frame.y1 - frame.y0 : frame.x1 - frame.x0
  const viewH = rotated ? frame.x1 - frame.x0 : frame.y1 - frame.y0
  // OCR records the turn it read the page image at; tesseract reads a sideways image by itself, which shows in the
  // layout only (so a page turned 270 to be read may still hold columns of words): the two turns add up
  const turn = readingTurn(page)
  const side = turn === 90 || turn === 270
  // the page as OCR read it: the displayed page turned by `turn`, in PageText units and in points
  const readW = side ? viewH : viewW
  const readH = side ? viewW : viewH
  const pageW = side ? page.height : page.width
  const pageH = side ? page.width : page.height
  const items = turn ? page.items.map((it) => ({ ...it, bbox: turnBox(it.bbox, turn, page.width, page.height) })) : page.items
  // PageText sizes come from the render (rounded pixels) or the extractor; scale to the displayed page exactly.
  const sx = pageW > 0 ? readW / pageW : 1
  const sy = pageH > 0 ? readH / pageH : 1
  const ops: string[] = []
  const space = encoder.encode(' ')
  const gaps = textGaps(page)
  for (const line of groupLines(items, gaps)) {
    // a line of flat boxes is the page's flat height on its middle baseline: an accent drawn 0.6 pt off it (TeX's
    // \accent over a capital) neither grows the line nor sets its baseline
    const bases = line.flat?.bases.sort((a, b) => a - b)
    const y1 = bases?.length ? bases[bases.length >> 1]! : line.y1
    const size = (line.flat?.height ?? line.y1 - line.y0) * sy
    const baseline = readH - y1 * sy + GLYPH_DESCENT_EM * size
    ops.push(`/${fontName} ${num(size)} Tf`)
    line.items.forEach((it, i) => {
      const codes = encoder.encode(it.text.normalize('NFC'))
      if (!codes.length) return
      const x = it.bbox.x0 * sx
      const w = (it.bbox.x1 - it.bbox.x0) * sx
      const next = line.items[i + 1]
      const gap = next ? (next.bbox.x0 - it.bbox.x1) * sx : 0
      const needSpace =
        next !== undefined && (page.source === 'ocr' || gaps !== undefined || (gap >= SPACE_GAP_EM * size && !/\s$/u.test(it.text) && !/^\s/u.test(next.text)))
      if (needSpace && gap < MIN_SPACE_EM * size) {
        // too tight for a space glyph of its own: word and space share the box up to the next word
        const span = Math.max(w + gap, w)
        const tz = Math.max(MIN_TZ, (100 * span) / ((codes.length + 1) * GLYPH_ADVANCE_EM * size))
        ops.push(`1 0 0 1 ${num(x)} ${num(baseline)} Tm ${num(tz)} Tz ${hexCodes([...codes, ...space])} Tj`)
        return
      }
      const tz = Math.max(MIN_TZ, (100 * w) / (codes.length * GLYPH_ADVANCE_EM * size))
      ops.push(`1 0 0 1 ${num(x)} ${num(baseline)} Tm ${num(tz)} Tz ${hexCodes(codes)} Tj`)
      if (needSpace) ops.push(`${num((100 * gap) / (GLYPH_ADVANCE_EM * size))} Tz ${hexCodes(space)} Tj`)
    })
  }
  if (!ops.length) return ''
  const m = viewToUserMatrix(frame).map(num).join(' ')
  const t = turn ? ` ${readToViewMatrix(turn, viewW, viewH).map(num).join(' ')} cm` : ''
  return `q ${m} cm${t} BT 3 Tr\n${ops.join('\n')}\nET Q\n`
}
