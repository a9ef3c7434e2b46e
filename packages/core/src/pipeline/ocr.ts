import type { ExtractedDocument, OcrEngine, RecognizeOptions } from '../contracts.js'
import type { BBox } from '../geometry.js'
import type { PageImage, PageResult, PageText } from '../types.js'
import { callPlugin } from './plugin-call.js'

/** What OCR of one document needs: the open document renders, the engine reads. */
export interface OcrSetup {
  doc: ExtractedDocument
  engine: OcrEngine
  languages?: string[] | undefined
  file?: string | undefined
}

const renderOf = (s: OcrSetup, n: number, dpi: number): Promise<PageImage> =>
  callPlugin({ plugin: 'extractor', stage: 'render', page: n, file: s.file }, () => s.doc.renderPage(n, dpi))

/**
 * Renders page `n` at `dpi` and recognises it; the time of each step goes into `timings`. Errors name the extractor
 * (`render`) or the engine (`ocr`, code `OCR_FAILED` unless the engine gave its own).
 */
export async function ocrPage(
  s: OcrSetup,
  n: number,
  dpi: number,
  signal: AbortSignal | undefined,
  timings: NonNullable<PageResult['timings']>,
): Promise<PageText> {
  let t = performance.now()
  const img = await renderOf(s, n, dpi)
  timings.render = performance.now() - t
  t = performance.now()
  try {
    const opts: RecognizeOptions = {}
    if (s.languages) opts.languages = s.languages
    if (signal) opts.signal = signal
    const p = await callPlugin({ plugin: s.engine.name, stage: 'ocr', page: n, file: s.file }, () => s.engine.recognize(img, opts))
    return { ...p, pageNumber: n, source: 'ocr' }
  } finally {
    timings.ocr = performance.now() - t
  }
}

/** Crops a grey image to a box given in pixels (clamped to the image). */
export function cropImage(img: PageImage, x0: number, y0: number, x1: number, y1: number): PageImage {
  const l = Math.max(0, Math.floor(x0))
  const t = Math.max(0, Math.floor(y0))
  const r = Math.min(img.width, Math.ceil(x1))
  const b = Math.min(img.height, Math.ceil(y1))
  const w = Math.max(0, r - l)
  const h = Math.max(0, b - t)
  const data = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) data.set(img.data.subarray((t + y) * img.width + l, (t + y) * img.width + l + w), y * w)
  return { pageNumber: img.pageNumber, width: w, height: h, dpi: img.dpi, data }
}

/**
 * OCRs a region of page `n`: renders the page, crops the box (points), recognises it, and moves the boxes back to page
 * points. What judges get as `JudgeContext.recognizeRegion`.
 */
export async function recognizeRegion(s: OcrSetup, n: number, box: BBox, dpi: number): Promise<PageText> {
  const img = await renderOf(s, n, dpi)
  const k = dpi / 72
  const crop = cropImage(img, box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)
  const dx = Math.max(0, Math.floor(box.x0 * k)) / k
  const dy = Math.max(0, Math.floor(box.y0 * k)) / k
  const p = await callPlugin({ plugin: s.engine.name, stage: 'ocr', page: n, file: s.file }, () =>
    s.engine.recognize(crop, s.languages ? { languages: s.languages } : {}),
  )
  const items = p.items.map((i) => ({ ...i, bbox: { x0: i.bbox.x0 + dx, y0: i.bbox.y0 + dy, x1: i.bbox.x1 + dx, y1: i.bbox.y1 + dy } }))
  return { ...p, pageNumber: n, width: (img.width * 72) / dpi, height: (img.height * 72) / dpi, items, source: 'ocr' }
}
