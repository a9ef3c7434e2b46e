// A document's type (born-digital, scan, mixed or empty) from its finished pages, and the image coverage from which
// a page counts as a scan.
import type { PageResult } from './types.js'

/**
 * Share of a page under images from which the page is a scan, whatever its text layer. Scans cover the page edge to
 * edge (1.00); born-digital pages with large figures measured 0.52-0.85. The character gates' default and the
 * document type of the batch's index both read it from here.
 */
export const SCAN_IMAGE_COVERAGE = 0.9

/** Whether a document is born-digital (`text`), a scan (`image`), both (`mixed`), or has no content (`empty`). */
export type PdfType = 'text' | 'image' | 'mixed' | 'empty'

/**
 * Whether a finished page is a scan: its verdict says the layer is missing or thin over an image (`absent`,
 * `sparse`), or an image covers it (an existing OCR layer over a scan is still a scan).
 */
export const isScanPage = (p: PageResult): boolean =>
  p.verdict.layer === 'absent' || p.verdict.layer === 'sparse' || (p.page.imageCoverage ?? 0) >= SCAN_IMAGE_COVERAGE

/** The document's type from its finished pages; blank and skipped pages do not count. */
export function pdfType(pages: readonly PageResult[]): PdfType {
  const content = pages.filter((p) => p.verdict.layer !== 'blank' && p.action !== 'skipped')
  if (!content.length) return 'empty'
  const scans = content.filter(isScanPage).length
  return scans === 0 ? 'text' : scans === content.length ? 'image' : 'mixed'
}
