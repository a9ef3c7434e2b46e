// The messages between the page and the worker that runs the pipeline. Everything crosses by structured clone: the
// PDF's bytes in, verdicts, texts, page pictures (grey pixels) and the files to download out.
import type { PageStage } from 'pdftriage'

/** Where the worker finds the files the page serves itself (absolute URLs of the page's own origin). */
export interface Assets {
  /** Folder holding tesseract.js's `worker.min.js`, its core `tesseract-core-simd-lstm.wasm.js` and `<code>.traineddata.gz`. */
  tesseract: string
  /** Folder holding the hunspell dictionaries `fra.aff`, `fra.dic`, `eng.aff`, `eng.dic`. */
  dictionaries: string
  /** Folder holding pdf.js's data: `standard_fonts/`, `cmaps/`, `wasm/`. */
  pdfjs: string
}

/** The searchable PDF's kind: plain PDF, or PDF/A-2B (write-pdf's `outputType`). */
export type PdfType = 'pdf' | 'pdfa'

/**
 * The page sends one document at a time and waits for its `done` or `error`. There is no cancel message: a cancel
 * ends the worker (and the OCR workers it started), which is the only way to stop a page's OCR midway.
 */
export type ToWorker = { type: 'init'; assets: Assets } | { type: 'run'; id: number; name: string; bytes: Uint8Array; ocr: boolean; pdfType: PdfType }

/** One page as the page shows it. */
export interface PageView {
  page: number
  layer: string
  needsOcr: boolean
  action: string
  judge: string
  score?: number
  threshold?: number
  repair?: string
  notes: string[]
  source: string
  text: string
  layerText?: string
  ocrConfidence?: number
  ocrQuality?: string
  error?: { code: string; message: string }
  chars: number
  /** Review weight and reasons (the review page's ranking, `@pdftriage/report/attention`). */
  weight: number
  reasons: string[]
  ms: number
}

/** The page's picture: grey pixels, 0 black, 255 white. */
export interface Picture {
  page: number
  width: number
  height: number
  data: Uint8Array
}

/** The files a finished document offers. */
export interface Outputs {
  text: string
  cleanText?: string
  report: string
  pdf?: Uint8Array
  /** What `pdf` is: PDF/A-2B when asked for and the input allows it, else plain PDF. */
  pdfType?: PdfType
  /** Why PDF/A was asked for and not written (write-pdf's `PDFA_INCOMPATIBLE` message). */
  pdfaRefused?: string
}

export type FromWorker =
  | { type: 'start'; id: number; pageCount: number }
  | { type: 'stage'; id: number; page: number; stage: PageStage }
  | { type: 'page'; id: number; page: PageView; elapsedMs: number }
  | { type: 'picture'; id: number; picture: Picture }
  | { type: 'done'; id: number; outputs: Outputs; ms: number; needsOcr: number[]; actions: Record<string, number> }
  | { type: 'error'; id: number; message: string; stack?: string }
