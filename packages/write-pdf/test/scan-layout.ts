import { PDFDocument, StandardFonts } from 'pdf-lib'
import { toWinAnsiText, wrap } from '@pdftriage/fixtures'
import type { PageText, TextItem } from '@pdftriage/core'

// The layout of the fixtures' scanned page (tools/fixtures renderTextImage): 56 pt margins, 11 pt LiberationSans
// (Helvetica's metric twin), baselines every 1.3 em, 0.6 em between paragraphs, A4.
const MARGIN = 56
const SIZE = 11
const A4 = { width: 595.28, height: 841.89 }

/**
 * Word boxes for the fixtures' scanned page, as an OCR engine that reads it perfectly would give them: one item a
 * word, boxes from the text's metrics (0.75 em above the baseline, 0.2 em below), `hasEol` on each line's last word.
 */
export async function scanWordBoxes(text: string, pageNumber = 1): Promise<PageText> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const width = (s: string) => font.widthOfTextAtSize(toWinAnsiText(s), SIZE)
  const items: TextItem[] = []
  const lines: string[] = []
  let y = MARGIN
  for (const para of wrap(text, A4.width - 2 * MARGIN, width)) {
    for (const line of para) {
      y += SIZE * 1.3
      const words = line.split(' ')
      let x = MARGIN
      words.forEach((w, i) => {
        items.push({ text: w, bbox: { x0: x, y0: y - 0.75 * SIZE, x1: x + width(w), y1: y + 0.2 * SIZE }, confidence: 0.95, hasEol: i === words.length - 1 })
        x += width(w + ' ')
      })
      lines.push(line)
    }
    y += SIZE * 0.6
  }
  return { pageNumber, ...A4, items, text: lines.join('\n').normalize('NFC'), source: 'ocr' }
}
