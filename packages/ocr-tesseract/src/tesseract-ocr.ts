// The `tesseract` OCR engine plugin on tesseract.js, offline, in a pool of workers: a page or region straightened and
// read (retried once on a fresh worker), its language picked on a first look, its script detected.
import {
  POOR_OCR_CONFIDENCE,
  TriageError,
  cropImage,
  definePlugin,
  isTriageError,
  isUnicodeScript,
  meanConfidence,
  type OcrEngine,
  type PageImage,
  type PageText,
  type RecognizeOptions,
  type ScriptGuess,
} from '@pdftriage/core'
import type Tesseract from 'tesseract.js'
import { skewOf, straighten, type Straightened } from './deskew.js'
import {
  findLanguages,
  findScriptModel,
  imageInput,
  installedLanguages,
  languageSource,
  resolveLanguages,
  loadCounters,
  threadDeath,
  workerFiles,
  type LanguageFile,
} from '#platform'
import { candidateSets, codesFor, sampleBox, scriptsOf } from './language-pick.js'
import { tesseractOptionsSchema, type ResolvedTesseractOptions, type TesseractOptions } from './options.js'
import { toPageText, type TesseractBlock } from './page-text.js'
import { checkGrey, toPgm } from './pgm.js'
import { smoothBlocks } from './smooth.js'
import { busyNote, PoolTaskError, WorkerPool, type Spawned } from './worker-pool.js'

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

/**
 * Points of white kept around the sample's lines: tesseract finds a line's baseline and size better with a margin
 * (the sample is cut from the page's own pixels, so a wider margin only adds white or neighbouring ink).
 */
const SAMPLE_PAD_PT = 6

/** What a first look at a poorly read page decided for its language, with the note that says why. */
interface LanguageChoice {
  /** The set to read the page with, when another than the one asked reads clearly better. */
  languages?: string[]
  /** Why; on the page the look was paid on. None when there was nothing to look for. */
  note?: string
  /** The page the look was paid on. */
  page: number
  /** Whether the look settled the document's language (a later poor page reuses it) or saw too little to tell. */
  settled: boolean
}

/** What the engine keeps of one document: its first looks, by the language set asked. */
interface DocumentLooks {
  looks: number
  choices: Map<string, Promise<LanguageChoice>>
  /** The sets picked and confirmed by the page they were picked on (it read better whole): later pages read with them first. */
  picked: Map<string, LanguageChoice>
}

const fmt = (x: number | undefined) => (x === undefined ? 'none' : x.toFixed(2))

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
  /** The first looks of each document ({@link RecognizeOptions.document}) at its language. */
  private readonly documents = new WeakMap<object, DocumentLooks>()

  /** Checks the default languages now, so that a missing one fails at configuration; starts no worker. */
  constructor(options: ResolvedTesseractOptions) {
    this.options = options
    this.concurrency = options.workers
    this.languages(options.languages)
    if (options.languagePickLanguages) for (const l of options.languagePickLanguages) this.languages([l])
    this.pool = new WorkerPool(options.workers, (key) => this.spawn(key), loadCounters, options.idleWorkerMs ?? undefined)
  }

  /**
   * Recognises one page; retries once on a fresh worker, then throws `OCR_TIMEOUT` or `OCR_FAILED` for the page. A page
   * that reads poorly may be read again in another language (see {@link pickLanguage}).
   */
  async recognize(image: PageImage, options: RecognizeOptions = {}): Promise<PageText> {
    const page = image.pageNumber
    const asked = options.languages ?? this.options.languages
    this.languages(asked)
    let smooth: PageImage
    let level: Leveled
    try {
      smooth = this.smooth(image, options.sourceDpi)
      level = this.level(smooth)
      checkGrey(level.image)
    } catch (e) {
      throw new TriageError('OCR_FAILED', `[${NAME}] page ${page}: ${(e as Error).message}`, { cause: e, plugin: NAME, stage: 'ocr', page })
    }
    if (!this.options.languagePick) return this.read(image, level, asked, options.signal)
    const picked = this.documentOf(options.document)?.picked.get(asked.join('+'))
    // A part of a page (a region, a band) neither picks the document's language nor is read twice for it: a broken
    // font's junk or a logo reads poorly in every language.
    if (options.part) return this.read(image, level, picked?.languages ?? asked, options.signal)
    if (picked) return this.readPicked(image, level, asked, picked, options.signal)
    return this.pickLanguage(image, smooth, level, asked, await this.read(image, level, asked, options.signal), options)
  }

  /** What the engine keeps of the document `key` names; none without a key. */
  private documentOf(key: object | undefined): DocumentLooks | undefined {
    if (!key) return undefined
    let doc = this.documents.get(key)
    if (!doc) this.documents.set(key, (doc = { looks: 0, choices: new Map(), picked: new Map() }))
    return doc
  }

  /**
   * A page of a document whose language was picked: read with the set picked, and when that reads poorly, with the set
   * asked too, the better kept (a page in the language asked, in a document of the other).
   */
  private async readPicked(image: PageImage, level: Leveled, asked: readonly string[], c: LanguageChoice, signal: AbortSignal | undefined): Promise<PageText> {
    const set = c.languages!.join('+')
    const why = `picked for the document by a first look on page ${c.page}`
    const p = await this.read(image, level, c.languages!, signal)
    const conf = meanConfidence(p)
    if (conf === undefined) return p
    if (conf >= this.options.languagePickBelow) return { ...p, notes: [`ocr: read with ${set}, ${why} (mean confidence ${fmt(conf)})`] }
    const q = await this.read(image, level, asked, signal)
    const confAsked = meanConfidence(q)
    if (confAsked !== undefined && confAsked >= conf + this.options.languagePickMargin)
      return { ...q, notes: [`ocr: read with ${asked.join('+')} as asked: mean confidence ${fmt(confAsked)} against ${fmt(conf)} with ${set}, ${why}`] }
    return { ...p, notes: [`ocr: read with ${set}, ${why}: mean confidence ${fmt(conf)} against ${fmt(confAsked)} with ${asked.join('+')}`] }
  }

  /** Reads the (levelled) image with `codes`: the page's words on `image`, retried once on a fresh worker. */
  private async read(image: PageImage, level: Leveled, codes: readonly string[], signal: AbortSignal | undefined): Promise<PageText> {
    const page = image.pageNumber
    const key = this.languages(codes)
      .map((l) => l.code)
      .join('+')
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
          signal,
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
    const what =
      last?.reason === 'timeout' ? `no result within ${this.options.pageTimeoutMs} ms${busyNote(this.options.pageTimeoutMs, last.wallMs)}` : last?.message
    throw new TriageError(code, `[${NAME}] page ${page}: ${what} (${ATTEMPTS} attempts)`, { cause: last, plugin: NAME, stage: 'ocr', page })
  }

  /**
   * A page read poorly with the languages asked (mean word confidence under `languagePickBelow`) may be in another
   * language: the document's first look ({@link look}) reads a sample of it with each other set, and when one reads the
   * sample clearly better the page is read again with it and kept when it reads better whole by the same margin. The
   * document's later pages are read with the set picked first, without a look ({@link readPicked}). The page's notes
   * say what was chosen and why.
   */
  private async pickLanguage(
    image: PageImage,
    smooth: PageImage,
    level: Leveled,
    asked: readonly string[],
    read: PageText,
    options: RecognizeOptions,
  ): Promise<PageText> {
    const conf = meanConfidence(read)
    if (conf === undefined || conf >= this.options.languagePickBelow) return read
    const key = asked.join('+')
    const doc = this.documentOf(options.document)
    let choice = doc?.choices.get(key)
    const reused = choice !== undefined
    if (!choice) {
      if (doc && doc.looks >= this.options.languagePickLooks) return read
      if (doc) doc.looks++
      choice = this.look(smooth, asked, read, options)
      const mine = choice
      if (doc) {
        doc.choices.set(key, mine)
        // a look that could not tell (or failed) leaves the next poor page free to look again
        void mine.then(
          (c) => !c.settled && doc.choices.get(key) === mine && doc.choices.delete(key),
          () => doc.choices.get(key) === mine && doc.choices.delete(key),
        )
      }
    }
    let c: LanguageChoice
    try {
      c = await choice
    } catch (e) {
      if (isTriageError(e, 'ABORTED')) throw e
      return { ...read, notes: [`ocr: the first look at the page's language failed (${(e as Error).message}): read with ${key}`] }
    }
    // a page that did not pay the look says nothing of it, unless its language comes from it
    if (reused && (!c.languages || !c.settled)) return read
    const note = reused ? `ocr: read with ${c.languages!.join('+')}, picked by a first look on page ${c.page}` : c.note
    if (!c.languages) return note ? { ...read, notes: [note] } : read
    const again = await this.read(image, level, c.languages, options.signal)
    const conf2 = meanConfidence(again)
    if (conf2 === undefined || conf2 < conf + this.options.languagePickMargin)
      return {
        ...read,
        notes: [
          `${note}; the page read with ${c.languages.join('+')} is no better (mean confidence ${fmt(conf2)} against ${fmt(conf)}): kept as read with ${key}`,
        ],
      }
    // confirmed by a whole page: the document's later pages are read with it first
    if (doc && c.settled && !doc.picked.has(key)) doc.picked.set(key, c)
    return { ...again, notes: [`${note}; the page reads at ${fmt(conf2)} (${fmt(conf)} with ${key})`] }
  }

  /**
   * The first look at a poorly read page's language: its densest lines (`languagePickLines`) cut from the image and
   * read with the set asked and with each installed language it lacks, alone. Another set is picked when it reads them clearly
   * better (`languagePickMargin`). When every set reads them poorly and the script model says the page shows writing
   * no installed language reads, the note names the data package that would.
   */
  private async look(image: PageImage, asked: readonly string[], read: PageText, options: RecognizeOptions): Promise<LanguageChoice> {
    const page = image.pageNumber
    const key = asked.join('+')
    const box = sampleBox(read, this.options.languagePickLines, SAMPLE_PAD_PT)
    if (!box) return { note: `ocr: no lines to look at the page's language on: read with ${key}`, page, settled: false }
    const k = image.dpi / 72
    const crop = cropImage(image, box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)
    const sample = this.level(crop)
    const installed = this.options.languagePickLanguages ?? this.installed()
    const sets = candidateSets(installed, asked)
    const lines = `${this.options.languagePickLines} lines`
    let figures: string
    if (sets.length > 1) {
      const tried: Array<{ set: string[]; conf: number }> = []
      for (const set of sets) tried.push({ set, conf: meanConfidence(await this.read(crop, sample, set, options.signal)) ?? 0 })
      const base = tried[0]!
      const best = tried.reduce((a, b) => (b.conf > a.conf ? b : a))
      figures = tried.map((t) => `${fmt(t.conf)} with ${t.set.join('+')}`).join(', ')
      // a set that reads the sample poorly too is no pick, however far above the others: junk against junk
      if (best !== base && best.conf >= base.conf + this.options.languagePickMargin && best.conf >= POOR_OCR_CONFIDENCE) {
        return {
          languages: best.set,
          note: `ocr: language ${best.set.join('+')} picked by a first look at ${lines}: mean confidence ${fmt(best.conf)} against ${fmt(base.conf)} with ${key} (${figures})`,
          page,
          settled: true,
        }
      }
      if (best.conf >= POOR_OCR_CONFIDENCE) return { note: `ocr: a first look at ${lines} kept ${key} (${figures})`, page, settled: true }
    } else {
      // nothing to try that the set asked lacks: no reading, and none again for this document unless the page reads so
      // poorly that its writing may be of another script
      const conf = meanConfidence(read) ?? 0
      if (conf >= POOR_OCR_CONFIDENCE) return { page, settled: true }
      figures = `${fmt(conf)} with ${key}, the page`
    }
    // every set reads the sample poorly: writing of a script none of them reads, or a page too poor to tell
    const script = await this.detectScript(crop, options.signal ? { signal: options.signal } : {}).catch((e: unknown) => {
      if (isTriageError(e, 'ABORTED')) throw e
      return undefined
    })
    const covered = new Set(installed.concat(asked).flatMap(scriptsOf))
    if (script && !script.scripts.some((s) => covered.has(s))) {
      const codes = codesFor(script.scripts)
      const install = codes.length
        ? `@tesseract.js-data/${codes[0]} would${codes.length > 1 ? ` (or ${codes.slice(1, 4).join(', ')}${codes.length > 4 ? ', ...' : ''})` : ''}`
        : 'no language data listed for it here'
      return {
        note: `ocr: the page shows ${script.name} writing (script model), which no installed language reads (${[...new Set(installed.concat(asked))].join(', ')}): ${install}; read with ${key} (${figures})`,
        page,
        settled: true,
      }
    }
    return {
      note: sets.length > 1 ? `ocr: a first look at ${lines} found no set reading them well (${figures}): read with ${key}` : undefined,
      page,
      settled: false,
    }
  }

  /** The installed languages (Node), or those the page serves (browser). */
  private installed(): string[] {
    const have = installedLanguages()
    return have.length ? have : (this.options.browser?.languages ?? [])
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
    this.scriptPool ??= new WorkerPool(1, (key) => this.spawn(key), loadCounters, this.options.idleWorkerMs ?? undefined)
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

/**
 * The engine's language check for front ends (its `capabilities.checkLanguages`): the language data of `languages`,
 * else of the options' own, is found as creating the engine finds it, or `OCR_LANGUAGE_MISSING` names what is there.
 * Options that do not parse are left to the engine's creation, which says why (languages given are still checked).
 */
export function checkLanguages(options: unknown, languages: readonly string[] | undefined): void {
  const o = tesseractOptionsSchema.safeParse(options ?? {})
  if (o.success) findLanguages(languages ?? o.data.languages, NAME, o.data)
  else if (languages) resolveLanguages(languages, NAME)
}

/** The plugin factory: `"ocr": "@pdftriage/ocr-tesseract"` (or `"tesseract"`) in a pdftriage config. */
export const tesseractOcr = definePlugin({
  kind: 'ocr',
  name: NAME,
  capabilities: { workersOption: 'workers', checkLanguages },
  optionsSchema: tesseractOptionsSchema,
  create: (options: ResolvedTesseractOptions) => new TesseractEngine(tesseractOptionsSchema.parse(options)),
})
