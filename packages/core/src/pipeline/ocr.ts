import type { ExtractedDocument, OcrEngine, RecognizeOptions } from '../contracts.js'
import type { BBox } from '../geometry.js'
import type { PageImage, PageResult, PageText } from '../types.js'
import { pageTextProblem } from '../contract-checks.js'
import { band, meanConfidence, rotateImage, unrotateBox, type Rotation } from './ocr-check.js'
import { callPlugin } from './plugin-call.js'

/**
 * Mean word confidence under which an OCR result is poor and the page is read again at other turns. Tesseract's
 * length-weighted mean confidence on 8 scanned development pages at 300 dpi: 0.84-0.92 upright, 0.29-0.38 turned
 * 180 degrees, 0.30-0.39 turned 270 (a page turned 90 degrees it reads by itself: 0.83-0.92). 0.7 sits in the gap
 * (`node tools/bench/orientation-bench.mjs`).
 */
export const POOR_OCR_CONFIDENCE = 0.7
/**
 * How much better (mean confidence of the middle band) a turned reading must be than the upright one for the page to
 * be read turned. The same pages' bands: 0.74-0.92 read the right way up, 0.28-0.41 the wrong way; the margin keeps a
 * page that is merely faint from being turned on noise.
 */
export const TURN_MARGIN = 0.15
/** The band read at each turn when looking for the page's orientation: its middle third. */
const BAND: [number, number] = [1 / 3, 2 / 3]

/** What OCR of one document needs: the open document renders, the engine reads. */
export interface OcrSetup {
  doc: ExtractedDocument
  engine: OcrEngine
  languages?: string[] | undefined
  file?: string | undefined
  /**
   * The last page rendered for a region, kept for the next region of the same page: a repair reads up to a few regions
   * a page, and a 300 dpi render of an A4 page takes about 0.2 s and 8.7 MB (lshort-fr's pages).
   */
  regionRender?: { n: number; dpi: number; img: Promise<PageImage> } | undefined
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
  sourceDpi?: number,
): Promise<PageText> {
  let t = performance.now()
  const img = await renderOf(s, n, dpi)
  timings.render = performance.now() - t
  t = performance.now()
  try {
    const opts: RecognizeOptions = {}
    if (s.languages) opts.languages = s.languages
    if (signal) opts.signal = signal
    if (sourceDpi !== undefined && sourceDpi < dpi) opts.sourceDpi = sourceDpi
    const read = (im: PageImage) =>
      callPlugin({ plugin: s.engine.name, stage: 'ocr', page: n, file: s.file }, () => s.engine.recognize(im, opts), pageTextProblem)
    const p = await read(img)
    const conf = meanConfidence(p)
    if (conf === undefined || conf >= POOR_OCR_CONFIDENCE) return { ...p, pageNumber: n, source: 'ocr' }
    // A poor reading: the page may be scanned sideways or upside down. A middle band is read at each turn and the page
    // is read again whole at the best one, when it is clearly better.
    const bandConf = async (deg: Rotation) => meanConfidence(await read(band(rotateImage(img, deg), ...BAND))) ?? 0
    let best: Rotation = 0
    let bestConf = await bandConf(0)
    const upright = bestConf
    for (const deg of [180, 90, 270] as const) {
      const c = await bandConf(deg)
      if (c > bestConf) [best, bestConf] = [deg, c]
    }
    if (best === 0 || bestConf < upright + TURN_MARGIN) return { ...p, pageNumber: n, source: 'ocr' }
    const turned = await read(rotateImage(img, best))
    if ((meanConfidence(turned) ?? 0) <= conf) return { ...p, pageNumber: n, source: 'ocr' }
    const w = (img.width * 72) / img.dpi
    const h = (img.height * 72) / img.dpi
    const items = turned.items.map((i) => ({ ...i, bbox: unrotateBox(i.bbox, best, w, h) }))
    return { ...turned, items, width: w, height: h, pageNumber: n, rotation: best, source: 'ocr' }
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
export async function recognizeRegion(s: OcrSetup, n: number, box: BBox, dpi: number, turn: Rotation = 0): Promise<PageText> {
  let r = s.regionRender
  if (!r || r.n !== n || r.dpi !== dpi) {
    r = s.regionRender = { n, dpi, img: renderOf(s, n, dpi) }
    // a failed render is not kept: the next region tries again
    r.img.catch(() => {
      if (s.regionRender === r) s.regionRender = undefined
    })
  }
  const img = await r.img
  const k = dpi / 72
  const crop = cropImage(img, box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)
  const dx = Math.max(0, Math.floor(box.x0 * k)) / k
  const dy = Math.max(0, Math.floor(box.y0 * k)) / k
  const p = await callPlugin(
    { plugin: s.engine.name, stage: 'ocr', page: n, file: s.file },
    () => s.engine.recognize(rotateImage(crop, turn), s.languages ? { languages: s.languages } : {}),
    pageTextProblem,
  )
  const [cw, ch] = [(crop.width * 72) / dpi, (crop.height * 72) / dpi]
  const items = p.items.map((i) => {
    const b = unrotateBox(i.bbox, turn, cw, ch)
    return { ...i, bbox: { x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy } }
  })
  return { ...p, pageNumber: n, width: (img.width * 72) / dpi, height: (img.height * 72) / dpi, items, source: 'ocr' }
}

/**
 * Share of the page an image must cover to be taken as the page's scan: a scan covers the whole page (the corpus's
 * scans 0.97-1.0); a photo in a text page does not say how the text was stored.
 */
const SCAN_SHARE = 0.5

/**
 * The resolution (dots per inch) at which the page's scan is stored: the pixels of its largest picture over the size
 * of its box, by area so that an image turned a quarter says the same; `undefined` when no picture covers half the page or its pixels are
 * unknown.
 */
export function scanDpi(page: PageText): number | undefined {
  const pic = page.images?.find((p) => !p.annotation && p.pixels)
  if (!pic?.pixels) return undefined
  const w = pic.bbox.x1 - pic.bbox.x0
  const h = pic.bbox.y1 - pic.bbox.y0
  if (w <= 0 || h <= 0 || (w * h) / (page.width * page.height) < SCAN_SHARE) return undefined
  return 72 * Math.sqrt((pic.pixels.width * pic.pixels.height) / (w * h))
}
