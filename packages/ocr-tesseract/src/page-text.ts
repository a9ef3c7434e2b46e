// Tesseract's block tree made a page of OCR text: one item a word, boxes in points, confidences 0..1, lines and
// paragraphs in its reading order.
import { pixelsToPoints, type PageImage, type PageText, type TextItem } from '@pdftriage/core'

/** A box as tesseract gives it: pixels, top-left origin. */
interface PixelBox {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** The part of tesseract.js's `blocks` output (JSON from `GetJSONText`) that is read here. */
export interface TesseractBlock {
  paragraphs?: Array<{
    lines?: Array<{ words?: Array<{ text: string; confidence: number; bbox: PixelBox }> }>
  }>
}

/**
 * Turns tesseract's block tree into a `PageText` (source `ocr`): one item a word, boxes in points, confidence 0..1,
 * `hasEol` on each line's last word. Text: words joined by spaces, lines by `\n`, blocks and paragraphs by a blank
 * line, in tesseract's reading order, NFC.
 */
export function toPageText(image: PageImage, blocks: readonly TesseractBlock[] | null | undefined): PageText {
  const items: TextItem[] = []
  const paragraphs: string[] = []
  for (const block of blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      const lines: string[] = []
      for (const line of para.lines ?? []) {
        const words = (line.words ?? []).filter((w) => w.text.trim() !== '')
        words.forEach((w, i) => {
          const text = w.text.trim().normalize('NFC')
          items.push({
            text,
            bbox: pixelsToPoints(w.bbox, image.dpi),
            // tesseract says 0..100; clamp because it is a float that can stray
            confidence: Math.min(1, Math.max(0, w.confidence / 100)),
            hasEol: i === words.length - 1,
          })
        })
        if (words.length) lines.push(words.map((w) => w.text.trim()).join(' '))
      }
      if (lines.length) paragraphs.push(lines.join('\n'))
    }
  }
  const k = 72 / image.dpi
  return {
    pageNumber: image.pageNumber,
    width: image.width * k,
    height: image.height * k,
    items,
    text: paragraphs.join('\n\n').normalize('NFC'),
    source: 'ocr',
  }
}
