// The messages between the page and the worker that runs the pipeline. Everything crosses by structured clone: the
// PDF's bytes in, verdicts, texts, page pictures (grey pixels) and the files to download out.

/** Where the worker finds the files the page serves itself (absolute URLs of the page's own origin). */
export interface Assets {
  /** Folder holding tesseract.js's `worker.min.js`, its core `tesseract-core-simd-lstm.wasm.js` and `<code>.traineddata.gz`. */
  tesseract: string
  /** Folder holding the hunspell dictionaries `fra.aff`, `fra.dic`, `eng.aff`, `eng.dic`. */
  dictionaries: string
  /** Folder holding pdf.js's data: `standard_fonts/`, `cmaps/`, `wasm/`. */
  pdfjs: string
}

export type ToWorker =
  { type: 'init'; assets: Assets } | { type: 'run'; id: number; name: string; bytes: Uint8Array; ocr: boolean } | { type: 'cancel'; id: number }

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
}

export type FromWorker =
  | { type: 'start'; id: number; pageCount: number }
  | { type: 'page'; id: number; page: PageView; elapsedMs: number }
  | { type: 'picture'; id: number; picture: Picture }
  | { type: 'done'; id: number; outputs: Outputs; ms: number; needsOcr: number[]; actions: Record<string, number> }
  | { type: 'error'; id: number; message: string; stack?: string; cancelled: boolean }
