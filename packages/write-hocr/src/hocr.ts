// hOCR 1.2 XHTML from pages laid out as blocks, lines and words: boxes in whole pixels, OCR word confidences.
import { escapeXml, unitBox, type PageLayout } from '@pdftriage/write-alto'
import type { BBox } from '@pdftriage/core'

/** What an hOCR file says beside the pages. */
export interface HocrOptions {
  /** Pixels per inch of the boxes. */
  dpi: number
  /** Name and version of the software, for the `ocr-system` meta. */
  software?: { name: string; version?: string }
  /** The document's title (the input's file name). */
  title?: string
}

/**
 * An hOCR 1.2 document (XHTML) for the pages: an `ocr_page` each (`bbox` of the whole page, `ppageno` from 0,
 * `scan_res` the resolution of the boxes), `ocr_carea` > `ocr_par` > `ocr_line` > `ocrx_word` with a `bbox` each and,
 * for OCR words, `x_wconf` (0-100). Boxes in whole pixels at `dpi` from the page's top-left corner. Words are
 * separated by spaces and lines by line ends, so the text of the document reads as the page's.
 */
export function hocrXhtml(pages: readonly PageLayout[], o: HocrOptions): string {
  const k = o.dpi / 72
  const software = o.software ? `${o.software.name}${o.software.version ? ` ${o.software.version}` : ''}` : undefined
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
    '<html xmlns="http://www.w3.org/1999/xhtml">',
    ' <head>',
    `  <title>${escapeXml(o.title ?? '')}</title>`,
    '  <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>',
  ]
  if (software) out.push(`  <meta name="ocr-system" content="${escapeXml(software)}"/>`)
  out.push('  <meta name="ocr-capabilities" content="ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf"/>', ' </head>', ' <body>')
  for (const p of pages) {
    const n = p.pageNumber
    const W = Math.round(p.width * k)
    const H = Math.round(p.height * k)
    const bbox = (b: BBox) => {
      const [x, y, w, h] = unitBox(b, k, W, H)
      return `bbox ${x} ${y} ${x + w} ${y + h}`
    }
    out.push(`  <div class="ocr_page" id="page_${n}" title="bbox 0 0 ${W} ${H}; ppageno ${n - 1}; scan_res ${o.dpi} ${o.dpi}">`)
    let line = 0
    let word = 0
    p.blocks.forEach((block, bi) => {
      out.push(`   <div class="ocr_carea" id="block_${n}_${bi + 1}" title="${bbox(block.bbox)}">`)
      out.push(`    <p class="ocr_par" id="par_${n}_${bi + 1}" title="${bbox(block.bbox)}">`)
      for (const l of block.lines) {
        const words = l.words.map((w) => {
          const conf = w.confidence !== undefined ? `; x_wconf ${Math.round(Math.min(1, Math.max(0, w.confidence)) * 100)}` : ''
          return `<span class="ocrx_word" id="word_${n}_${++word}" title="${bbox(w.bbox)}${conf}">${escapeXml(w.text)}</span>`
        })
        out.push(`     <span class="ocr_line" id="line_${n}_${++line}" title="${bbox(l.bbox)}">${words.join(' ')}</span>`)
      }
      out.push('    </p>', '   </div>')
    })
    out.push('  </div>')
  }
  out.push(' </body>', '</html>', '')
  return out.join('\n')
}
