import type { BBox } from '../geometry.js'
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

/** The words of a region's OCR that do not lie over the layer's own items (a region's margin can take in a line of the layer). */
function pictureWords(layer: PageText, words: readonly TextItem[]): TextItem[] {
  const boxes = layer.items.filter((i) => i.text.trim() !== '').map((i) => i.bbox)
  return words.filter((w) => {
    const a = area(w.bbox)
    return !boxes.some(
      (b) =>
        area({ x0: Math.max(b.x0, w.bbox.x0), y0: Math.max(b.y0, w.bbox.y0), x1: Math.min(b.x1, w.bbox.x1), y1: Math.min(b.y1, w.bbox.y1) }) >=
          OVER_LAYER * a && a > 0,
    )
  })
}

/** Words joined by spaces, lines (an item with `hasEol`) by newlines. */
const joinWords = (items: readonly TextItem[]): string =>
  items
    .map((i, k) => i.text + (k === items.length - 1 ? '' : i.hasEol ? '\n' : ' '))
    .join('')
    .trim()

/**
 * OCRs the regions of a page that keeps its layer, one at a time, without the words lying over the layer's own text.
 * A region whose reading is poor (mean word confidence under {@link POOR_OCR_CONFIDENCE}) keeps only its words of
 * that confidence or more; one without any is left out.
 * Returns the readings kept, their words as one
 * `PageText` in page points, the page text with theirs inserted, how many regions were read poorly (kept in part or
 * left out), and the notes.
 */
export async function ocrRegions(
  setup: OcrSetup,
  layer: PageText,
  regions: readonly BBox[],
  dpi: number,
  images: PageImages,
): Promise<{ readings: RegionReading[]; regionText: PageText; text: string; poorlyRead: number; notes: string[] }> {
  const readings: RegionReading[] = []
  let poorlyRead = 0
  const items: TextItem[] = []
  const notes: string[] = []
  const sorted = [...regions].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
  for (const box of sorted) {
    const read = await recognizeRegion(setup, images, box, dpi, 0, 'ocr')
    const kept = pictureWords(layer, read.items)
    // Only words over the layer's own text dropped: the region's text is the OCR's as it read it.
    let p = kept.length === read.items.length ? read : { ...read, items: kept, text: joinWords(kept) }
    let confidence = meanConfidence(p)
    let words = p.items.filter((i) => i.text.trim()).length
    let poor = ''
    if (words && confidence !== undefined && confidence < POOR_OCR_CONFIDENCE) {
      // A picture read poorly as a whole (a map's labels among its lines) still holds the words OCR is sure of: those
      // alone are added, the rest (line art read as letters) left out.
      const sure = p.items.filter((i) => i.text.trim() && (i.confidence ?? 0) >= POOR_OCR_CONFIDENCE)
      poor = `${words} words, confidence ${confidence.toFixed(2)}: `
      poorlyRead++
      p = { ...p, items: sure, text: joinWords(sure) }
      confidence = meanConfidence(p)
      words = sure.length
    }
    const text = p.text.trim()
    if (!words) {
      notes.push(`ocr: region ${boxNote(box)}: ${poor || `${words} words, confidence ${confidence?.toFixed(2) ?? 'unknown'}: `}left out`)
      continue
    }
    // Placed by where its words are, not by the box asked for: a margin can reach over the layer's next line.
    const at = p.items.reduce<BBox | undefined>(
      (b, i) => (b ? { x0: Math.min(b.x0, i.bbox.x0), y0: Math.min(b.y0, i.bbox.y0), x1: Math.max(b.x1, i.bbox.x1), y1: Math.max(b.y1, i.bbox.y1) } : i.bbox),
      undefined,
    )
    readings.push({ bbox: at ?? box, text, words, confidence })
    items.push(...p.items)
    notes.push(
      `ocr: region ${boxNote(box)}: ${poor}${words} ${poor ? `words of confidence ${POOR_OCR_CONFIDENCE} or more` : 'words'} added to the layer (confidence ${confidence?.toFixed(2) ?? 'unknown'})`,
    )
  }
  const regionText: PageText = {
    pageNumber: layer.pageNumber,
    width: layer.width,
    height: layer.height,
    items,
    text: readings.map((r) => r.text).join('\n\n'),
    source: 'ocr',
  }
  return { readings, regionText, text: insertRegionTexts(layer, readings), poorlyRead, notes }
}
