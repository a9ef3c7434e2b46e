import type { BBox, PageText } from '@pdftriage/core'

/** One glyph of the layer (or a space pdf.js inserted for a gap), with its estimated centre along the line. */
export interface Glyph {
  font: string
  /** The glyph's key in its font: `#` and its character code when the extractor gives codes, else its text. */
  code: string
  /** The text the layer gives for it. */
  text: string
  x: number
  space: boolean
}

/** A line of the layer: its glyphs in order and the box around them. */
export interface LayerLine {
  glyphs: Glyph[]
  box: BBox
  /** Vertical centre of the line, points. */
  cy: number
}

/** One character of the OCR (or a space between two of its words), with its estimated centre. */
export interface OcrChar {
  ch: string
  x: number
  space: boolean
}

/** The key of items without a font id. */
export const NO_FONT = ''

/** A glyph as the extractor may carry it on an item (extract-pdfjs's `glyphs`): its code, text and extent, page points. */
export interface ItemGlyph {
  code: number
  text: string
  x0: number
  x1: number
  spaceBefore: boolean
}

/** The glyphs an item carries, when its extractor gave them and they have codes. */
export function itemGlyphs(it: PageText['items'][number]): ItemGlyph[] | undefined {
  const g = (it as { glyphs?: ItemGlyph[] }).glyphs
  return Array.isArray(g) && g.length > 0 && g.every((x) => x.code >= 0) ? g : undefined
}

/** pdf.js's space threshold (its evaluator): a gap wider than 0.102 em between glyphs is a space. */
const SPACE_GAP = 0.102

/**
 * Whether a space stands before glyph `k`: where the extractor put one, or where it did not because the glyph's own
 * (false) text was white space, and the gap says a space.
 */
export function spacedBefore(gs: readonly ItemGlyph[], k: number, fontSize: number | undefined): boolean {
  const g = gs[k]!
  if (g.spaceBefore) return true
  if (k === 0 || !/^\s/u.test(g.text) || !fontSize) return false
  return g.x0 - gs[k - 1]!.x1 > SPACE_GAP * fontSize
}

/** A glyph's advance is its code's; a word space adds more than this share of the font's median advance to it. */
const WORD_GAP = 0.25
/** Share of a font's glyphs with a space before them above which the extractor's spaces mean nothing. */
const DEGENERATE = 0.5

/**
 * Where spaces stand between glyphs. The extractor's spaces, except in fonts where it put one before most glyphs:
 * Type 3 bitmap fonts whose size it reads as 0.1 pt, so that every gap is wider than 0.102 em ("U n e  f igu r e").
 * There each code's advance is learned as the smallest step from its glyph to the next, and a space stands where a
 * step exceeds the advance by a quarter of the font's median advance (word spaces about 0.6 of it, kerns under 0.1).
 */
export class Spacer {
  private readonly adv = new Map<string, number>()
  private readonly median = new Map<string, number>()
  private readonly degenerate = new Set<string>()

  constructor(page: PageText) {
    const spaced = new Map<string, [number, number]>()
    let prev: { font: string; g: ItemGlyph } | undefined
    for (const it of page.items) {
      const gs = itemGlyphs(it)
      const font = it.fontId ?? NO_FONT
      if (!gs) {
        prev = undefined
        continue
      }
      gs.forEach((g, k) => {
        if (k > 0) {
          const c = spaced.get(font) ?? [0, 0]
          c[0] += g.spaceBefore ? 1 : 0
          c[1]++
          spaced.set(font, c)
        }
        if (prev) {
          const d = g.x0 - prev.g.x0
          const key = `${prev.font}\u0000${prev.g.code}`
          if (d > 0 && d < (this.adv.get(key) ?? Infinity)) this.adv.set(key, d)
        }
        prev = { font, g }
      })
      if (it.hasEol) prev = undefined
    }
    for (const [f, [n, k]] of spaced) if (k > 0 && n / k > DEGENERATE) this.degenerate.add(f)
    const per = new Map<string, number[]>()
    for (const [key, a] of this.adv) {
      const f = key.slice(0, key.indexOf('\u0000'))
      let l = per.get(f)
      if (!l) per.set(f, (l = []))
      l.push(a)
    }
    for (const [f, l] of per) {
      l.sort((a, b) => a - b)
      this.median.set(f, l[Math.floor(l.length / 2)]!)
    }
  }

  /** Whether the spacing of `font` is rebuilt from advances. */
  rebuilt(font: string): boolean {
    return this.degenerate.has(font)
  }

  /** Whether a space stands between `prev` (of `prevFont`) and glyph `k` of `gs` (of `font`, at `fontSize`). */
  before(font: string, gs: readonly ItemGlyph[], k: number, fontSize: number | undefined, prev?: { font: string; g: ItemGlyph }): boolean {
    const g = gs[k]!
    const p = k > 0 ? { font, g: gs[k - 1]! } : prev
    if (this.degenerate.has(font) && p && this.degenerate.has(p.font)) {
      const a = this.adv.get(`${p.font}\u0000${p.g.code}`)
      const m = this.median.get(p.font)
      if (a === undefined || m === undefined) return g.spaceBefore
      return g.x0 - p.g.x0 - a > WORD_GAP * m
    }
    return k > 0 ? spacedBefore(gs, k, fontSize) : false
  }
}

/** The key of a glyph's code (see {@link Glyph.code}). */
export const codeKey = (code: number): string => `#${code}`

/**
 * Lines of the layer, from the extractor's line ends. Items carry one box for a whole run, so each character's centre
 * is spread evenly over it: the estimate drifts by a character or two on long runs, which the alignment absorbs (it
 * weighs position lightly and word shapes and the map learned so far heavily).
 */
export function layerLines(page: PageText, spacer = new Spacer(page)): LayerLine[] {
  const lines: LayerLine[] = []
  let cur: LayerLine | undefined
  let lastX1 = -Infinity
  let lastCy = 0
  let ended = false
  for (const it of page.items) {
    const chars = Array.from(it.text)
    if (chars.length === 0) continue
    const cy = (it.bbox.y0 + it.bbox.y1) / 2
    const h = Math.max(it.bbox.y1 - it.bbox.y0, it.fontSize ?? 0)
    // A line end is kept unless the next run goes on along the same baseline: fonts whose size the extractor
    // misreads (Type 3 bitmaps scaled to 0.1 pt) end a "line" at every change of font and at every descender, as
    // dvips places each bitmap glyph by its corner (up to 3 pt off the baseline; lines are 12 pt or more apart).
    const slack = h < 1 ? 4 : Math.max(2, 0.3 * h)
    const continues = cur !== undefined && Math.abs(cy - lastCy) < slack && it.bbox.x0 >= lastX1 - 2
    if (cur && ended && !continues) {
      lines.push(cur)
      cur = undefined
    }
    if (!cur) {
      cur = { glyphs: [], box: { ...it.bbox }, cy: 0 }
      lastX1 = -Infinity
    } else {
      cur.box = {
        x0: Math.min(cur.box.x0, it.bbox.x0),
        y0: Math.min(cur.box.y0, it.bbox.y0),
        x1: Math.max(cur.box.x1, it.bbox.x1),
        y1: Math.max(cur.box.y1, it.bbox.y1),
      }
    }
    const font = it.fontId ?? NO_FONT
    // a gap between two runs of a line is a space where pdf.js dropped its whitespace item
    if (cur.glyphs.length > 0 && it.bbox.x0 - lastX1 > 1) cur.glyphs.push({ font, code: ' ', text: ' ', x: (it.bbox.x0 + lastX1) / 2, space: true })
    const gs = itemGlyphs(it)
    if (gs) {
      gs.forEach((g, k) => {
        if (k > 0 && spacer.before(font, gs, k, it.fontSize)) cur!.glyphs.push({ font, code: ' ', text: ' ', x: g.x0, space: true })
        // every glyph is a code to learn, one that reads as white space too (a false map names tabs and line feeds)
        cur!.glyphs.push({ font, code: codeKey(g.code), text: g.text, x: (g.x0 + g.x1) / 2, space: false })
      })
    } else {
      const w = (it.bbox.x1 - it.bbox.x0) / chars.length
      chars.forEach((c, k) => cur!.glyphs.push({ font, code: c, text: c, x: it.bbox.x0 + (k + 0.5) * w, space: c === ' ' }))
    }
    lastX1 = it.bbox.x1
    lastCy = cy
    ended = it.hasEol === true
  }
  if (cur) lines.push(cur)
  for (const l of lines) l.cy = (l.box.y0 + l.box.y1) / 2
  return lines.filter((l) => l.glyphs.some((g) => !g.space))
}

/** OCR words (items with boxes) given to the layer line they sit on; words on no line are left out. */
export function ocrByLine(lines: readonly LayerLine[], words: PageText['items']): OcrChar[][] {
  const per: Array<Array<PageText['items'][number]>> = lines.map(() => [])
  for (const w of words) {
    const t = w.text.trim()
    if (!t) continue
    const h = w.bbox.y1 - w.bbox.y0
    const cy = (w.bbox.y0 + w.bbox.y1) / 2
    let best = -1
    let bestD = Infinity
    lines.forEach((l, i) => {
      // on the line: its centre inside the word's box with half its height of slack (a word of x-height letters over
      // a line whose box is only its baseline), and across its width; the nearest line wins
      if (l.cy < w.bbox.y0 - 0.5 * h || l.cy > w.bbox.y1 + 0.5 * h) return
      if (w.bbox.x1 < l.box.x0 - 5 || w.bbox.x0 > l.box.x1 + 5) return
      const d = Math.abs(l.cy - cy)
      if (d < bestD) {
        bestD = d
        best = i
      }
    })
    if (best >= 0) per[best]!.push({ ...w, text: t })
  }
  return per.map((ws) => {
    ws.sort((a, b) => a.bbox.x0 - b.bbox.x0)
    const out: OcrChar[] = []
    let lastX1 = 0
    for (const w of ws) {
      if (out.length) out.push({ ch: ' ', x: (lastX1 + w.bbox.x0) / 2, space: true })
      lastX1 = w.bbox.x1
      const chars = Array.from(w.text.normalize('NFC'))
      const cw = (w.bbox.x1 - w.bbox.x0) / chars.length
      chars.forEach((c, k) => out.push({ ch: c, x: w.bbox.x0 + (k + 0.5) * cw, space: false }))
    }
    return out
  })
}
