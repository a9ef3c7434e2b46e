/**
 * The rows of a run's output folder, as the batch writes them and the review page reads them back: one place, so
 * that the writer and its readers cannot drift apart.
 */

/** A page's row in `pages.jsonl`; with `type: 'page'`, a page line of `pdftriage triage`. */
export interface PageRow {
  file: string
  page: number
  layer: string
  needsOcr: boolean
  judge: string
  score: number | null
  threshold?: number
  action: string
  repair?: string
  chars: number
  notes: string[]
  text?: string
  error?: { code: string; message: string }
  hash?: string
  /** When the page was OCRed: mean word confidence 0..1, and `poor` when the OCR reads badly. */
  ocrConfidence?: number
  ocrQuality?: 'good' | 'poor'
  /** With the text: the OCR's text when it was kept beside the layer (`extract-and-ocr`, or a poor OCR). */
  ocrText?: string
  /** With the text: the layer's own text when the OCR replaced it. */
  layerText?: string
  /** Picture regions the verdict sends to OCR on a page that keeps its layer: boxes `[x0, y0, x1, y1]` in points. */
  regions?: number[][]
  /** In run's searchable PDF (`--rotate-pages`): the clockwise turn (degrees) added so that the page shows upright. */
  turned?: 90 | 180 | 270
  /** In run's searchable PDF (`--deskew`): the skew (degrees, clockwise positive) the page's content was turned back by. */
  straightened?: number
}

/** The columns of `documents.csv`, in order (described in the README of @pdftriage/batch, "The output folder"). */
export const DOCUMENT_COLUMNS = [
  'path',
  'hash',
  'pages',
  'status',
  'text',
  'clean',
  'report',
  'pdf',
  'mirror_name',
  'mirror_text',
  'mirror_pdf',
  'mirror_collision',
  'producer',
  'creator',
  'creator_tool',
  'pdf_type',
  'pages_needing_ocr',
  'pages_ocred',
  'seconds',
  'error_code',
  'error_message',
  'duplicate_of',
  'tags',
  'config',
  'outputs',
  'pages_end',
] as const

/** A row of `documents.csv`: every value a string, empty when not set. */
export type DocumentRow = Record<(typeof DOCUMENT_COLUMNS)[number], string>
