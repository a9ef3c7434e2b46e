import {
  TriageError,
  definePlugin,
  isUnicodeScript,
  type OcrEngine,
  type PageImage,
  type PageText,
  type RecognizeOptions,
  type ScriptGuess,
} from '@pdftriage/core'
import type Tesseract from 'tesseract.js'
import { skewOf, straighten, type Straightened } from './deskew.js'
import { findLanguages, findScriptModel, imageInput, languageSource, threadDeath, workerFiles, type LanguageFile } from '#platform'
import { tesseractOptionsSchema, type ResolvedTesseractOptions, type TesseractOptions } from './options.js'
import { toPageText, type TesseractBlock } from './page-text.js'
import { checkGrey, toPgm } from './pgm.js'
import { smoothBlocks } from './smooth.js'
import { PoolTaskError, WorkerPool, type Spawned } from './worker-pool.js'

/** The engine's name, in every error and log line. */
const NAME = 'tesseract'

/**
 * Milliseconds `close()` waits for a worker start that already timed out, so that the late worker can be terminated
 * and its language folder removed after it. A start takes 0.2-0.5 s on an idle machine and about 2 s at load 10.
 */
const LATE_START_GRACE_MS = 10_000

/** The image tesseract reads, and the skew it was straightened by with the way back for word boxes. */
interface Leveled {
  image: PageImage
  skew?: number
  toOriginal?: Straightened['toOriginal']
}

/** Recognition attempts a page gets: the first, then one retry on a fresh worker. */
const ATTEMPTS = 2

/** The worker key of script detection: tesseract's legacy engine with the orientation-and-script model alone. */
const SCRIPT_KEY = '#osd'

/**
 * Unicode scripts (as `\p{Script=...}` names them) of the writing systems tesseract's script model names otherwise:
 * Japanese and Korean text mix their own scripts with Han characters, and Fraktur is a Latin typeface.
 */
const SCRIPTS_OF: Record<string, string[]> = {
  Japanese: ['Han', 'Hiragana', 'Katakana'],
  Korean: ['Hangul', 'Han'],
  Fraktur: ['Latin'],
}

/** An OCR engine on tesseract.js (WebAssembly, in worker threads), offline; close it when done. */
export class TesseractEngine implements OcrEngine {
  /** Always `tesseract`. */
  readonly name = NAME
  /** Worker count: how many pages the runner should keep in flight. */
  readonly concurrency: number
  private readonly options: ResolvedTesseractOptions
  private readonly pool: WorkerPool<Tesseract.Worker>
  private readonly folders = new Map<string, ReturnType<typeof languageSource>>()
  private readonly languageSets = new Map<string, LanguageFile[]>()
  /** The worker of script detection, made on the first {@link detectScript}. */
  private scriptPool: WorkerPool<Tesseract.Worker> | undefined
  /** Worker creations still running: `close()` lets them settle before it removes the language folders they read. */
  private readonly creations = new Set<Promise<unknown>>()

  /** Checks the default languages now, so that a missing one fails at configuration; starts no worker. */
  constructor(options: ResolvedTesseractOptions) {
    this.options = options
    this.concurrency = options.workers
    this.languages(options.languages)
    this.pool = new WorkerPool(options.workers, (key) => this.spawn(key))
  }

  /** Recognises one page; retries once on a fresh worker, then throws `OCR_TIMEOUT` or `OCR_FAILED` for the page. */
  async recognize(image: PageImage, options: RecognizeOptions = {}): Promise<PageText> {
    const page = image.pageNumber
    const langs = this.languages(options.languages ?? this.options.languages)
    const key = langs.map((l) => l.code).join('+')
    let level: Leveled
    try {
      level = this.level(this.smooth(image, options.sourceDpi))
      checkGrey(level.image)
    } catch (e) {
      throw new TriageError('OCR_FAILED', `[${NAME}] page ${page}: ${(e as Error).message}`, { cause: e, plugin: NAME, stage: 'ocr', page })
    }
    let last: PoolTaskError | undefined
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        // blocks: the word tree with boxes and confidences; text: false because the text is rebuilt from the words
        // The PGM (a copy of the page's pixels: 8.7 MB an A4 page at 300 dpi) is made once a worker is free, not
        // held by every page waiting for one.
        const result = await this.pool.run(
          key,
          (w) =>
            w.recognize(
              imageInput(toPgm(level.image)),
              // PGM carries no resolution: without it tesseract guesses one (and says so on stderr)
              { user_defined_dpi: String(image.dpi) } as Partial<Tesseract.RecognizeOptions>,
              { blocks: true, text: false },
            ),
          this.options.pageTimeoutMs,
          options.signal,
        )
        const read = toPageText(image, level.toOriginal ? mapBlocks(result.data.blocks, level.toOriginal) : result.data.blocks)
        return level.skew ? { ...read, skew: level.skew } : read
      } catch (e) {
        if (!(e instanceof PoolTaskError)) throw e
        if (e.reason === 'aborted') throw new TriageError('ABORTED', `[${NAME}] page ${page}: aborted`, { cause: e, plugin: NAME, stage: 'ocr', page })
        if (e.reason === 'closed') throw new TriageError('OCR_FAILED', `[${NAME}] page ${page}: ${e.message}`, { cause: e, plugin: NAME, stage: 'ocr', page })
        last = e
      }
    }
    const code = last?.reason === 'timeout' ? 'OCR_TIMEOUT' : 'OCR_FAILED'
    const what = last?.reason === 'timeout' ? `no result within ${this.options.pageTimeoutMs} ms` : last?.message
    throw new TriageError(code, `[${NAME}] page ${page}: ${what} (${ATTEMPTS} attempts)`, { cause: last, plugin: NAME, stage: 'ocr', page })
  }

  /**
   * The script the image shows, by tesseract's orientation-and-script detection (`@tesseract.js-data/osd`, on a
   * worker of its own started on first use); `undefined` when the model is not installed or the image holds too
   * little writing to tell. The confidence is tesseract's: how far the best script's score stands above the next.
   */
  async detectScript(image: PageImage, options: { signal?: AbortSignal } = {}): Promise<ScriptGuess | undefined> {
    const model = this.scriptModel()
    if (!model) return undefined
    const page = image.pageNumber
    try {
      checkGrey(image)
    } catch (e) {
      throw new TriageError('OCR_FAILED', `[${NAME}] page ${page}: ${(e as Error).message}`, { cause: e, plugin: NAME, stage: 'ocr', page })
    }
    this.scriptPool ??= new WorkerPool(1, (key) => this.spawn(key))
    let r: Tesseract.DetectResult
    try {
      r = await this.scriptPool.run(
        SCRIPT_KEY,
        async (w) => {
          // PGM carries no resolution; tesseract's layout analysis before detection sizes its filters by it
          await w.setParameters({ user_defined_dpi: String(image.dpi) })
          return w.detect(imageInput(toPgm(image)))
        },
        this.options.pageTimeoutMs,
        options.signal,
      )
    } catch (e) {
      if (!(e instanceof PoolTaskError)) throw e
      if (e.reason === 'aborted') throw new TriageError('ABORTED', `[${NAME}] page ${page}: aborted`, { cause: e, plugin: NAME, stage: 'ocr', page })
      const code = e.reason === 'timeout' ? 'OCR_TIMEOUT' : 'OCR_FAILED'
      throw new TriageError(code, `[${NAME}] page ${page}: script detection: ${e.message}`, { cause: e, plugin: NAME, stage: 'ocr', page })
    }
    const name = r.data.script
    if (!name || r.data.script_confidence === null) return undefined
    // `Common` (digits, signs) and `NULL` say no script; a name Unicode lacks cannot be compared with letters
    const scripts = (SCRIPTS_OF[name] ?? [name]).filter((x) => x !== 'Common' && isUnicodeScript(x))
    return scripts.length ? { name, scripts, confidence: r.data.script_confidence } : undefined
  }

  /** Terminates every worker and removes temporary language folders. The engine cannot be used afterwards. */
  async close(): Promise<void> {
    await Promise.all([this.pool.close(), this.scriptPool?.close()])
    if (this.creations.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, LATE_START_GRACE_MS)))
      await Promise.race([Promise.allSettled([...this.creations]), cap])
      clearTimeout(timer)
    }
    const folders = [...this.folders.values()]
    this.folders.clear()
    await Promise.allSettled(folders.map(async (f) => (await f).dispose()))
  }

  /** Calls {@link close}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close()
  }

  /**
   * The render with the blocks of an enlarged low-resolution scan smoothed (see `smoothEnlarged`). An enlargement
   * under 2 leaves blocks of one or two pixels, which tesseract reads as they are.
   */
  private smooth(image: PageImage, sourceDpi: number | undefined): PageImage {
    const f = sourceDpi ? Math.round(image.dpi / sourceDpi) : 1
    return this.options.smoothEnlarged && f >= 2 ? smoothBlocks(image, f) : image
  }

  /**
   * The image tesseract reads: the page as given, or straightened when its text runs at a clear skew (see the
   * `deskew*` options), with the way back for word boxes.
   */
  private level(image: PageImage): Leveled {
    if (!this.options.deskew) return { image }
    const { degrees: skew, gain } = skewOf(image, this.options.deskewMaxDegrees)
    if (Math.abs(skew) < this.options.deskewMinDegrees || gain < this.options.deskewMinGain) return { image }
    const st = straighten(image, skew)
    return { image: st.image, skew, toOriginal: st.toOriginal }
  }

  /** The orientation-and-script model, looked for once; `undefined` when not installed. */
  private scriptModel(): LanguageFile | undefined {
    if (!this.languageSets.has(SCRIPT_KEY)) {
      const model = findScriptModel()
      this.languageSets.set(SCRIPT_KEY, model ? [model] : [])
    }
    return this.languageSets.get(SCRIPT_KEY)![0]
  }

  private languages(codes: readonly string[]): LanguageFile[] {
    const key = codes.join('+')
    let langs = this.languageSets.get(key)
    if (!langs) {
      langs = findLanguages(codes, NAME, this.options)
      this.languageSets.set(key, langs)
    }
    return langs
  }

  private async spawn(key: string): Promise<Spawned<Tesseract.Worker>> {
    const langs = this.languageSets.get(key)!
    let folder = this.folders.get(key)
    if (!folder) {
      folder = languageSource(langs, this.options)
      this.folders.set(key, folder)
    }
    const { path } = await folder
    const T = (await import('tesseract.js')).default
    let creating = true
    let failCreation: (e: Error) => void = () => {}
    let failLate: () => void = () => {}
    const lateFailure = new Promise<void>((resolve) => (failLate = resolve))
    const failed = new Promise<never>((_, reject) => (failCreation = reject))
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`worker not ready after ${this.options.createTimeoutMs} ms`)), this.options.createTimeoutMs)
    })
    let worker: Tesseract.Worker
    let gaveUp = false
    try {
      // script detection needs tesseract's legacy engine (a larger WebAssembly core) and its model; reading, LSTM only
      const legacy = key === SCRIPT_KEY
      const creation = T.createWorker(
        langs.map((l) => l.code),
        legacy ? T.OEM.TESSERACT_ONLY : T.OEM.LSTM_ONLY,
        {
          ...workerFiles(this.options),
          ...(legacy ? { legacyCore: true, legacyLang: true } : {}),
          langPath: path, // Node: a plain folder tesseract.js reads with fs; a browser: a URL of the page's origin
          gzip: true,
          cacheMethod: 'none', // the default cache writes <lang>.traineddata into the working directory
          // Without a handler tesseract.js throws from its message listener and the process dies; a failed job
          // still rejects its own promise, so after creation there is nothing to do here.
          errorHandler: (e: unknown) => {
            if (creating) failCreation(new Error(String(e)))
            else if (gaveUp) failLate()
          },
        },
      )
      // a worker that becomes ready after the timeout would keep the process alive: end it
      const settled = Promise.race([creation.then((late) => (gaveUp ? late.terminate() : undefined)), lateFailure]).catch(() => {})
      this.creations.add(settled)
      void settled.finally(() => this.creations.delete(settled))
      worker = await Promise.race([creation, failed, timedOut])
    } catch (e) {
      gaveUp = true
      throw e
    } finally {
      creating = false
      clearTimeout(timer)
    }
    const died = threadDeath(worker)
    died.catch(() => {}) // observed by the pool while a task runs; a normal terminate() must not be unhandled
    try {
      // debug_file: tesseract's own chatter ("Detected 54 diacritics", leptonica box warnings) goes to the void
      // instead of the user's stderr, where it buried the progress line and the summary.
      await worker.setParameters({ tessedit_pageseg_mode: String(this.options.psm) as Tesseract.PSM, debug_file: '/dev/null' })
    } catch (e) {
      await worker.terminate()
      throw e
    }
    return { worker, died, terminate: async () => void (await worker.terminate()) }
  }
}

/** Tesseract's blocks with every word box moved by `move` (from a straightened image back onto the page). */
function mapBlocks(blocks: readonly TesseractBlock[] | null | undefined, move: Straightened['toOriginal']): TesseractBlock[] {
  return (blocks ?? []).map((b) => ({
    ...b,
    paragraphs: b.paragraphs?.map((p) => ({
      ...p,
      lines: p.lines?.map((l) => ({ ...l, words: l.words?.map((w) => ({ ...w, bbox: move(w.bbox) })) })),
    })),
  }))
}

/** Creates the engine from user options (defaults applied, validated). Close it when done. */
export function createTesseractEngine(options: TesseractOptions = {}): TesseractEngine {
  return new TesseractEngine(tesseractOptionsSchema.parse(options))
}

/** The plugin factory: `"ocr": "@pdftriage/ocr-tesseract"` (or `"tesseract"`) in a pdftriage config. */
export const tesseractOcr = definePlugin({
  kind: 'ocr',
  name: NAME,
  capabilities: { workersOption: 'workers' },
  optionsSchema: tesseractOptionsSchema,
  create: (options: ResolvedTesseractOptions) => new TesseractEngine(tesseractOptionsSchema.parse(options)),
})
