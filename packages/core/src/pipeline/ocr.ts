// The OCR stage: a page rendered once per resolution and read whole (turned when it reads poorly upright) or by
// regions, with the renders and readings shared by every stage that looks at the page.
import type { ExtractedDocument, OcrEngine, RecognizeOptions, ScriptGuess } from '../contracts.js'
import { centreIn, type BBox } from '../geometry.js'
import type { PageImage, PageLook, PageResult, PageText } from '../types.js'
import { pageTextProblem, scriptGuessProblem } from '../contract-checks.js'
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
   * The document's renders, one at a time, when set. A render runs on the thread that extracts, so two at once are
   * no faster, but each holds its page's canvas (RGBA: 35 MB an A4 page at 300 dpi) and a scan's decoded picture
   * (RGB: 26 MB more) until it is read back: with several pages in flight, their renders would hold them together.
   */
  renders?: { last: Promise<unknown> }
  /**
   * Told when work on a page's image starts (a render; a reading or a script guess) and when the last of its kind
   * ends: a render runs on the thread that extracts and may hold it for good, and whoever stops such a run can tell
   * from this that the page's image, not its text, was the cause, and which page's.
   */
  onImageWork?: ((pageNumber: number, work: ImageWork, busy: boolean) => void) | undefined
  /** Given to the engine with every reading of this document's pages ({@link RecognizeOptions.document}). */
  document?: object
  /** Work under way on each page's image, by `${page}:${kind}`, for {@link imageWork}. */
  busy?: Map<string, number>
}

/** Work on a page's image: a render holds the extracting thread while it runs; a reading or script guess waits on the engine. */
export type ImageWork = 'render' | 'read'

/** `work` on page `n`'s image, told to {@link OcrSetup.onImageWork} as it starts and as the page's last of its kind ends. */
export function imageWork<T>(s: OcrSetup, n: number, kind: ImageWork, work: () => Promise<T>): Promise<T> {
  const tell = s.onImageWork
  if (!tell) return work()
  const busy = (s.busy ??= new Map())
  const key = `${n}:${kind}`
  const before = busy.get(key) ?? 0
  busy.set(key, before + 1)
  if (before === 0) tell(n, kind, true)
  const done = () => {
    const left = busy.get(key)! - 1
    if (left) busy.set(key, left)
    else {
      busy.delete(key)
      tell(n, kind, false)
    }
  }
  const p = work()
  p.then(done, done)
  return p
}

/**
 * What one page's run has seen of its image: its renders by resolution and the regions read on them, shared by every
 * stage that reads the page (the verdict's looks, the repairs', the OCR of the page or its regions), and let go with
 * the page. A render of an A4 page at 300 dpi takes about 0.2 s and 8.7 MB (lshort-fr's pages), a reading of it by
 * tesseract 2-4 s: a region read again at the same resolution and turn is answered from here.
 */
export class PageImages {
  private readonly renders = new Map<number, Promise<PageImage>>()
  private readonly readings = new Map<string, Promise<PageText>>()
  /** Every look at the page, in order: who asked, at what resolution, over what, and what it cost. */
  readonly looks: PageLook[] = []

  /**
   * `sourceDpi`: the resolution the page's scan is stored at (see {@link scanDpi}); every reading of a render finer
   * than it tells the engine, so that a look and the OCR read the same pixels the same way.
   */
  constructor(
    private readonly s: OcrSetup,
    readonly pageNumber: number,
    readonly sourceDpi?: number,
  ) {}

  /** The engine's options for a reading of a render at `dpi`; `part` for a region or a band of the page. */
  options(dpi: number, signal?: AbortSignal, part = false): RecognizeOptions {
    const opts: RecognizeOptions = {}
    if (this.s.languages) opts.languages = this.s.languages
    if (this.s.document) opts.document = this.s.document
    if (signal) opts.signal = signal
    if (part) opts.part = true
    if (this.sourceDpi !== undefined && this.sourceDpi < dpi) opts.sourceDpi = this.sourceDpi
    return opts
  }

  /** The page rendered at `dpi`, rendered once; a failed render is not kept (the next look tries again). */
  render(dpi: number): { img: Promise<PageImage>; rendered: boolean } {
    const had = this.renders.get(dpi)
    if (had) return { img: had, rendered: false }
    const img = renderOf(this.s, this.pageNumber, dpi)
    this.renders.set(dpi, img)
    img.catch(() => {
      if (this.renders.get(dpi) === img) this.renders.delete(dpi)
    })
    return { img, rendered: true }
  }

  /** Lets the renders go (a page that waits for a judge's second word); a later look renders anew. */
  dropRenders(): void {
    this.renders.clear()
  }

  /** The reading of the region `key` names, when one was made (or is being made). */
  made(key: string): Promise<PageText> | undefined {
    return this.readings.get(key)
  }

  /** A reading of the region `key` names, made once; a failed one is not kept. */
  reading(key: string, read: () => Promise<PageText>): { text: Promise<PageText>; reused: boolean } {
    const had = this.readings.get(key)
    if (had) return { text: had, reused: true }
    const text = read()
    this.readings.set(key, text)
    text.catch(() => {
      if (this.readings.get(key) === text) this.readings.delete(key)
    })
    return { text, reused: false }
  }
}

/** The key of a region read: resolution, pixel box and turn. */
const readingKey = (dpi: number, l: number, t: number, r: number, b: number, turn: Rotation) => `${dpi}:${l},${t},${r},${b}:${turn}`

function renderOf(s: OcrSetup, n: number, dpi: number): Promise<PageImage> {
  const go = () => imageWork(s, n, 'render', () => callPlugin({ plugin: 'extractor', stage: 'render', page: n, file: s.file }, () => s.doc.renderPage(n, dpi)))
  if (!s.renders) return go()
  const img = s.renders.last.then(go, go)
  s.renders.last = img.catch(() => {})
  return img
}

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
  images: PageImages,
): Promise<PageText> {
  let t = performance.now()
  const r = images.render(dpi)
  const img = await r.img
  timings.render = performance.now() - t
  t = performance.now()
  const read = (im: PageImage, part = false) =>
    imageWork(s, n, 'read', () =>
      callPlugin(
        { plugin: s.engine.name, stage: 'ocr', page: n, file: s.file },
        () => s.engine.recognize(im, images.options(dpi, signal, part)),
        pageTextProblem,
      ),
    )
  // A look that already read the whole page upright at this resolution read what OCR would: it is the OCR.
  const whole = images.reading(readingKey(dpi, 0, 0, img.width, img.height, 0), async () => ({ ...(await read(img)), pageNumber: n, source: 'ocr' }))
  try {
    const p = await whole.text
    images.looks.push({ by: 'ocr', dpi, turn: 0, rendered: r.rendered, ...(whole.reused ? { reused: true } : {}), ms: performance.now() - t })
    const conf = meanConfidence(p)
    if (conf === undefined || conf >= POOR_OCR_CONFIDENCE) return { ...p, pageNumber: n, source: 'ocr' }
    // A poor reading: the page may be scanned sideways or upside down. A middle band is read at each turn and the page
    // is read again whole at the best one, when it is clearly better.
    const bandConf = async (deg: Rotation) => {
      const t1 = performance.now()
      const c = meanConfidence(await read(band(rotateImage(img, deg), ...BAND), true)) ?? 0
      images.looks.push({ by: 'ocr', dpi, turn: deg, band: true, rendered: false, ms: performance.now() - t1 })
      return c
    }
    let best: Rotation = 0
    let bestConf = await bandConf(0)
    const upright = bestConf
    for (const deg of [180, 90, 270] as const) {
      const c = await bandConf(deg)
      if (c > bestConf) [best, bestConf] = [deg, c]
    }
    if (best === 0 || bestConf < upright + TURN_MARGIN) return { ...p, pageNumber: n, source: 'ocr' }
    const t1 = performance.now()
    const turned = await read(rotateImage(img, best))
    images.looks.push({ by: 'ocr', dpi, turn: best, rendered: false, ms: performance.now() - t1 })
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
 * OCRs a region of a page: renders the page (once per resolution, see {@link PageImages}), crops the box (points),
 * recognises it, and moves the boxes back to page points. A region already read at this resolution and turn is not
 * read again. What judges and repairs get as `JudgeContext.recognizeRegion`; `by` names who looked, for the notes.
 */
export async function recognizeRegion(
  s: OcrSetup,
  images: PageImages,
  box: BBox,
  dpi: number,
  turn: Rotation = 0,
  by: PageLook['by'] = 'judge',
): Promise<PageText> {
  const t0 = performance.now()
  const n = images.pageNumber
  const r = images.render(dpi)
  const img = await r.img
  const k = dpi / 72
  const [l, t] = [Math.max(0, Math.floor(box.x0 * k)), Math.max(0, Math.floor(box.y0 * k))]
  const [rt, b] = [Math.min(img.width, Math.ceil(box.x1 * k)), Math.min(img.height, Math.ceil(box.y1 * k))]
  const whole = l === 0 && t === 0 && rt >= img.width && b >= img.height
  // A region of a page already read whole, upright, at this resolution is what that reading holds over it: the same
  // pixels read (a repair's anchor lines after a judge's look at the page, or a region after the page's OCR).
  const page = turn === 0 && !whole ? images.made(readingKey(dpi, 0, 0, img.width, img.height, 0)) : undefined
  const got = page
    ? { text: page.then((p) => wordsWithin(p, box)), reused: true }
    : images.reading(readingKey(dpi, l, t, Math.max(l, rt), Math.max(t, b), turn), () =>
        imageWork(s, n, 'read', async () => {
          const crop = cropImage(img, box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)
          const dx = l / k
          const dy = t / k
          const p = await callPlugin(
            { plugin: s.engine.name, stage: 'ocr', page: n, file: s.file },
            () => s.engine.recognize(rotateImage(crop, turn), images.options(dpi, undefined, !whole)),
            pageTextProblem,
          )
          const [cw, ch] = [(crop.width * 72) / dpi, (crop.height * 72) / dpi]
          const items = p.items.map((i) => {
            const u = unrotateBox(i.bbox, turn, cw, ch)
            return { ...i, bbox: { x0: u.x0 + dx, y0: u.y0 + dy, x1: u.x1 + dx, y1: u.y1 + dy } }
          })
          const out: PageText = { ...p, pageNumber: n, width: (img.width * 72) / dpi, height: (img.height * 72) / dpi, items, source: 'ocr' }
          return out
        }),
      )
  try {
    return await got.text
  } finally {
    const look: PageLook = { by, dpi, turn, rendered: r.rendered, ms: performance.now() - t0 }
    if (!whole) look.box = box
    if (got.reused) look.reused = true
    images.looks.push(look)
  }
}

/** The words of reading `p` whose box's centre lies in `box` (points), in their order, as a reading of that region. */
export function wordsWithin(p: PageText, box: BBox): PageText {
  const items = p.items.filter((i) => centreIn(box, i.bbox))
  const text = items.map((i, k) => (k === items.length - 1 ? i.text : i.text + (i.hasEol ? '\n' : ' '))).join('')
  return { ...p, items, text }
}

/**
 * The script a region of a page shows (see `JudgeContext.detectScript`): crops the box (points) out of the page's
 * render at `dpi` (the render `recognizeRegion` reads at the same resolution, not made again) and asks the engine.
 * `undefined` where the engine cannot tell.
 */
export async function detectRegionScript(s: OcrSetup, images: PageImages, box: BBox, dpi: number): Promise<ScriptGuess | undefined> {
  const engine = s.engine
  if (!engine.detectScript) return undefined
  const img = await images.render(dpi).img
  const k = dpi / 72
  const crop = cropImage(img, box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)
  return imageWork(s, images.pageNumber, 'read', () =>
    callPlugin({ plugin: s.engine.name, stage: 'ocr', page: images.pageNumber, file: s.file }, () => engine.detectScript!(crop), scriptGuessProblem),
  )
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
