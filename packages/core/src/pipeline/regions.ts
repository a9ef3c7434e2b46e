// OCR of a page's regions when its layer is kept: pictures the layer lacks read and their text inserted where it
// reads, and the runs of broken fonts replaced by the OCR words over them.
import { bboxUnion, type BBox } from '../geometry.js'
import type { PageText, TextItem } from '../types.js'
import { meanConfidence } from './ocr-check.js'
import { POOR_OCR_CONFIDENCE, recognizeRegion, type OcrSetup, type PageImages } from './ocr.js'

/** A region of a page read by OCR, for the notes and the outputs. */
export interface RegionReading {
  bbox: BBox
  text: string
  words: number
  confidence: number | undefined
}

const boxNote = (b: BBox) => `(${[b.x0, b.y0, b.x1, b.y1].map((v) => Math.round(v)).join(', ')})`

/**
 * Where each item's text starts in `page.text` (items are joined in reading order, so each is found after the last);
 * -1 for an item whose text is not found as such.
 */
function itemOffsets(page: PageText): number[] {
  const out: number[] = []
  let at = 0
  for (const it of page.items) {
    const t = it.text.trim()
    const i = t ? page.text.indexOf(t, at) : -1
    out.push(i)
    if (i >= 0) at = i + t.length
  }
  return out
}

/**
 * The layer's text with each region's text inserted where it reads: before the first line of the layer that lies
 * wholly below the region in the same column, or at the end. The layer's own text is never changed.
 */
export function insertRegionTexts(page: PageText, regions: readonly RegionReading[]): string {
  const offsets = itemOffsets(page)
  const inserts: Array<{ at: number; text: string }> = []
  for (const r of regions) {
    if (!r.text) continue
    let at = page.text.length
    page.items.forEach((it: TextItem, k) => {
      const o = offsets[k]!
      if (o < 0 || o >= at) return
      const below = it.bbox.y0 >= r.bbox.y1 - 1
      const sameColumn = it.bbox.x0 < r.bbox.x1 && it.bbox.x1 > r.bbox.x0
      if (below && sameColumn) at = o
    })
    // At the start of that line.
    const lineStart = at >= page.text.length ? at : page.text.lastIndexOf('\n', at - 1) + 1
    inserts.push({ at: lineStart, text: r.text })
  }
  let text = page.text
  for (const ins of inserts.sort((a, b) => b.at - a.at)) {
    const before = text.slice(0, ins.at)
    const after = text.slice(ins.at)
    const sepBefore = before === '' || before.endsWith('\n') ? '' : '\n'
    const sepAfter = after === '' || after.startsWith('\n') ? '' : '\n'
    text = `${before}${sepBefore}${ins.text}${sepAfter}${after}`
  }
  return text.normalize('NFC')
}

/** Share of an OCR word's box under a layer item from which the word is the layer's own text, read again. */
const OVER_LAYER = 0.3

const area = (b: BBox): number => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0)

const overlapArea = (a: BBox, b: BBox): number =>
  area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) })

/**
 * A region's OCR words sorted by what lies under them: `over` a layer item of a broken font (the index of the item
 * that holds most of the word), over the layer's own readable text (dropped: a region's margin can take in a line of
 * the layer, read again), or over nothing of the layer (`picture` words).
 */
function sortWords(layer: PageText, words: readonly TextItem[], broken: ReadonlySet<string>): { picture: TextItem[]; over: Map<number, TextItem[]> } {
  const picture: TextItem[] = []
  const over = new Map<number, TextItem[]>()
  const layerItems = layer.items.flatMap((it, k) =>
    it.text.trim() === '' ? [] : [{ k, bbox: it.bbox, broken: it.fontId !== undefined && broken.has(it.fontId) }],
  )
  words: for (const w of words) {
    const a = area(w.bbox)
    let best = -1
    let bestArea = 0
    if (a > 0) {
      for (const it of layerItems) {
        const o = overlapArea(it.bbox, w.bbox)
        if (o < OVER_LAYER * a) continue
        if (!it.broken) continue words
        if (o > bestArea) [best, bestArea] = [it.k, o]
      }
    }
    if (best < 0) picture.push(w)
    else over.set(best, [...(over.get(best) ?? []), w])
  }
  return { picture, over }
}

/**
 * The layer with the text of broken fonts' items replaced by the OCR words over them: each such item's text in the
 * page text, and the item itself by those words (with their boxes, so that what rebuilds text from boxes reads them
 * there). An item no word lies over keeps its text.
 */
function replaceBroken(layer: PageText, over: ReadonlyMap<number, readonly TextItem[]>): PageText {
  if (!over.size) return layer
  const offsets = itemOffsets(layer)
  let text = layer.text
  for (const k of [...over.keys()].sort((a, b) => offsets[b]! - offsets[a]!)) {
    const at = offsets[k]!
    if (at < 0) continue
    const old = layer.items[k]!.text.trim()
    text = text.slice(0, at) + joinWords(over.get(k)!).replace(/\n/g, ' ') + text.slice(at + old.length)
  }
  const items = layer.items.flatMap((it, k) => over.get(k) ?? [it])
  return { ...layer, text: text.normalize('NFC'), items }
}

/** The words read surely: of {@link POOR_OCR_CONFIDENCE} or more. */
const sureOnly = (ws: readonly TextItem[]): TextItem[] => ws.filter((i) => i.text.trim() && (i.confidence ?? 0) >= POOR_OCR_CONFIDENCE)

/** Words joined by spaces, lines (an item with `hasEol`) by newlines. */
const joinWords = (items: readonly TextItem[]): string =>
  items
    .map((i, k) => i.text + (k === items.length - 1 ? '' : i.hasEol ? '\n' : ' '))
    .join('')
    .trim()

/**
 * OCRs the regions of a page that keeps its layer, one at a time, without the words lying over the layer's own text.
 * Over the items of `brokenFonts` (fonts whose text the page does not show) the words replace the items' text. A
 * region whose reading is poor (mean word confidence under {@link POOR_OCR_CONFIDENCE}) keeps only its words of that
 * confidence or more; one without any is left out.
 * Returns the readings kept, their words as one `PageText` in page points, the page (its text with the regions'
 * text inserted and broken fonts' text replaced; its items with the words that replaced items in their place), how
 * many regions were read poorly (kept in part or left out), and the notes.
 */
export async function ocrRegions(
  setup: OcrSetup,
  layer: PageText,
  regions: readonly BBox[],
  dpi: number,
  images: PageImages,
  brokenFonts: readonly string[] = [],
): Promise<{ readings: RegionReading[]; regionText: PageText; page: PageText; poorlyRead: number; notes: string[] }> {
  const readings: RegionReading[] = []
  const broken = new Set(brokenFonts)
  const replaced = new Map<number, TextItem[]>()
  let poorlyRead = 0
  const items: TextItem[] = []
  const pictureItems: TextItem[] = []
  const notes: string[] = []
  const sorted = [...regions].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
  for (const box of sorted) {
    const read = await recognizeRegion(setup, images, box, dpi, 0, 'ocr')
    let { picture, over } = sortWords(layer, read.items, broken)
    const kept = [...picture, ...[...over.values()].flat()]
    // Only words over the layer's own text dropped: the region's text is the OCR's as it read it.
    let p = kept.length === read.items.length ? read : { ...read, items: kept, text: joinWords(kept) }
    let confidence = meanConfidence(p)
    let words = p.items.filter((i) => i.text.trim()).length
    let poor = ''
    if (words && confidence !== undefined && confidence < POOR_OCR_CONFIDENCE) {
      // A picture read poorly as a whole (a map's labels among its lines) still holds the words OCR is sure of: those
      // alone are added, the rest (line art read as letters) left out.
      poor = `${words} words, confidence ${confidence.toFixed(2)}: `
      poorlyRead++
      picture = sureOnly(picture)
      // A broken font's text is replaced only by a reading of the image that is sure: one read poorly (the page shows
      // junk there too: a font the file does not embed, drawn from its false codes) keeps the font's own.
      over = new Map()
      const sure = picture
      p = { ...p, items: sure, text: joinWords(sure) }
      confidence = meanConfidence(p)
      words = sure.length
    }
    if (!words) {
      notes.push(`ocr: region ${boxNote(box)}: ${poor || `${words} words, confidence ${confidence?.toFixed(2) ?? 'unknown'}: `}left out`)
      continue
    }
    const instead = [...over.values()].reduce((n, ws) => n + ws.length, 0)
    for (const [k, ws] of over) replaced.set(k, [...(replaced.get(k) ?? []), ...ws])
    items.push(...p.items)
    const said = poor ? `words of confidence ${POOR_OCR_CONFIDENCE} or more` : 'words'
    if (instead) notes.push(`ocr: region ${boxNote(box)}: ${poor}${instead} ${said} replace the text of a broken font under them (${over.size} items)`)
    if (picture.length) {
      pictureItems.push(...picture)
      const text = joinWords(picture)
      // Placed by where its words are, not by the box asked for: a margin can reach over the layer's next line.
      const at = bboxUnion(picture.map((i) => i.bbox))
      readings.push({ bbox: at ?? box, text, words: picture.length, confidence: meanConfidence({ ...p, items: picture }) })
      notes.push(
        `ocr: region ${boxNote(box)}: ${instead ? '' : poor}${picture.length} ${said} added to the layer (confidence ${confidence?.toFixed(2) ?? 'unknown'})`,
      )
    } else if (instead) readings.push({ bbox: box, text: '', words: instead, confidence })
  }
  const regionText: PageText = {
    pageNumber: layer.pageNumber,
    width: layer.width,
    height: layer.height,
    items,
    text: readings
      .map((r) => r.text)
      .filter(Boolean)
      .join('\n\n'),
    source: 'ocr',
  }
  const page = replaceBroken(layer, replaced)
  // The pictures' words join the layer's items, so that what rebuilds text from boxes (the post-pass) reads them where
  // they are; the layer's other items are unchanged.
  return { readings, regionText, page: { ...page, text: insertRegionTexts(page, readings), items: [...page.items, ...pictureItems] }, poorlyRead, notes }
}
