// One loaded configuration and its created plugins, reused for every document a process handles: reads a file, runs
// the pipeline on it, writes its outputs, and returns its records.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  TriageError,
  createComponent,
  createComponents,
  effectiveRules,
  effectiveWriters,
  importPlugin,
  loadConfig,
  openDocument,
  planDocument,
  readAndHash,
  refParts,
  runDocument,
  type Components,
  type ExtractedDocument,
  type LoadedConfig,
  type PageResult,
  type PageStage,
  type PluginRef,
  type Policy,
  type ResolvedConfig,
  type RunDocumentOptions,
  type Writer,
  type WrittenFile,
} from '@pdftriage/core'
import { MODEL_JUDGE, preset } from '@pdftriage/preset-default'
import { fsPath } from './file-names.js'
import { chooseResources, thisMachine } from './machine.js'
import { documentRecord, errorRecord, pageRecord, type DocumentRecord, type ErrorRecord, type OutRecord } from './records.js'
import { keepForRetry, settledPages } from './retry-file.js'
import { outputStem, runWriter, writeDocumentOutputs, type DocumentOutputs } from './write-outputs.js'

/** What a session needs to know; plain data so that it can be sent to a worker thread. */
export interface SessionOptions {
  mode: 'triage' | 'run'
  cwd: string
  configFile?: string
  policy?: Policy
  /** Overrides the config's OCR languages (`-l`). */
  languages?: string[]
  /** Opens encrypted inputs; overrides the config's `password` (`--password`). */
  password?: string
  /** A bigram model file: adds the model judge after the configured ones. */
  model?: string
  withText?: boolean
  /** OCR workers for this session's engine ({@link runBatch} divides the cores between document jobs). */
  ocrWorkers?: number
  /** Run mode: the output folder. */
  out?: string
  /** Run mode: add the searchable-PDF writer to the configured ones (unless named there already). */
  pdf?: boolean
  /** Run mode: options over the searchable-PDF writer's (`--rotate-pages`, `--deskew`). */
  pdfOptions?: Record<string, unknown>
  /**
   * Run mode: these writers in place of the config's (and of `pdf`): a front end that writes given files, not a
   * run's outputs (`pdftriage ocr`: the searchable PDF, ALTO, hOCR).
   */
  writers?: PluginRef[]
  /** Run mode: run the config's post-processors (default true); a front end writing the pages as read leaves them out. */
  postprocess?: boolean
  /** Only these pages may be OCRed (`--pages`); the others keep their layer. Default: every page. */
  ocrPages?: PageList
  /**
   * Run mode: the writers' files are returned in the outcome (`files`), none skipped, rather than written into `out`:
   * a front end puts them at paths of its own. Their data stays in this process: {@link processFiles} runs such a
   * session in its own thread.
   */
  returnFiles?: boolean
  /**
   * Before a document is opened, each writer that states a `precheck` is asked whether it can write it: a document one
   * refuses fails before its pages are read (`pdftriage ocr`). Off by default: a run's rows record the pages first.
   */
  precheck?: boolean
  /**
   * Folders plugins resolve from when the config's folder lacks them, before this package's own (a front end such as
   * the CLI passes the folder holding its built-in plugins).
   */
  fallbackDirs?: string[]
  /**
   * Run mode: the configuration's digest (the index's `config` column). A document done with failed pages keeps its
   * pages' results under it (see retry-file.ts), and only a run under the same digest reuses them.
   */
  digest?: string
}

/** What happened to one input file. */
export interface FileOutcome {
  file: string
  hash?: string
  status: 'done' | 'failed'
  document?: DocumentRecord
  error?: ErrorRecord
  /** Run mode: the files written for the document. */
  outputs?: DocumentOutputs
  /** Run mode with `returnFiles`: the writers' files, in order, for the caller to put where it is told. */
  files?: WrittenFile[]
  pagesOcred: number
  pagesNeedingOcr: number
  /** Pages that failed (OCR, a repair, a timeout...): the document is done with their layer kept, and its row says so. */
  failedPages?: Array<{ page: number; code: string; message: string }>
  seconds: number
}

/** The folder of this package: its own dependencies (the default writers) resolve from here last. */
export const BATCH_DIR = dirname(fileURLToPath(import.meta.url))

/**
 * The judges with the `--model` judge (the preset's `MODEL_JUDGE`, its `model` option the file) added, unless one of
 * them already comes from the model judge's plugin: after
 * the judges that read characters or a model, before the first that OCRs part of the page (its factory's
 * `capabilities.cost` is `ocr`), which costs OCR time and so runs last, on pages the others passed.
 */
export async function withModelJudge(
  judges: readonly PluginRef[],
  model: string | undefined,
  cwd: string,
  baseDir: string,
  fallbackDirs: string[] = [BATCH_DIR],
): Promise<PluginRef[]> {
  if (!model) return [...judges]
  const factories = await Promise.all(judges.map((j) => importPlugin(refParts(j).id, 'judge', baseDir, preset, fallbackDirs)))
  const modelFactory = await importPlugin(MODEL_JUDGE, 'judge', baseDir, preset, fallbackDirs)
  if (factories.some((f) => f.name === modelFactory.name)) return [...judges]
  const ref: PluginRef = { use: MODEL_JUDGE, options: { model: resolve(cwd, model) } }
  const at = factories.findIndex((f) => f.capabilities?.cost === 'ocr')
  return at < 0 ? [...judges, ref] : [...judges.slice(0, at), ref, ...judges.slice(at)]
}

/** Gives the OCR engine its share of the cores when it says which option sets its workers and the config does not. */
export async function withOcrWorkers(config: ResolvedConfig, workers: number | undefined, baseDir: string, fallbackDirs: string[]): Promise<ResolvedConfig> {
  if (!workers || !config.ocr) return config
  const { id, options } = refParts(config.ocr)
  const option = (await importPlugin(id, 'ocr', baseDir, preset, fallbackDirs)).capabilities?.workersOption
  if (option === undefined || option in options) return config
  return { ...config, ocr: { use: id, options: { ...options, [option]: workers } } }
}

/**
 * Which pages' images a document's run leaves unread, who is told of the work on them, and who hears of a page done
 * but held for a judge's second word (see `runDocument`).
 */
export type DocumentImages = Pick<RunDocumentOptions, 'unreadImages' | 'onImageWork' | 'onHeld'>

/**
 * What a front end hears of a document as it runs, for a progress line and a line per page: it is open, a page enters
 * a stage, a page is done (with what an output row does not say: whether regions of it were OCRed), the writers start.
 */
export type DocumentProgress =
  | { type: 'opened'; pages: number }
  | { type: 'stage'; page: number; stage: PageStage }
  | {
      type: 'page'
      page: number
      layer: PageResult['verdict']['layer']
      action: PageResult['action']
      judge: string
      /** The page kept its layer and the pictures it lacked were OCRed. */
      regions: boolean
      error?: { code: string; message: string }
    }
  | { type: 'writing' }

/** What a document's run is watched by: its images (see {@link DocumentImages}) and its progress. */
export type DocumentWatch = DocumentImages & { progress?: (ev: DocumentProgress) => void }

/** The 1-based pages of a page count that a {@link PageList} names (a range without `to` runs to the last page). */
export function pagesOf(list: PageList, pageCount: number): Set<number> {
  const set = new Set<number>()
  for (const { from, to } of list) for (let n = from; n <= Math.min(to ?? pageCount, pageCount); n++) set.add(n)
  return set
}

/** Pages as plain data (sent to a document process): ranges of 1-based pages, `to` absent for an open end. */
export type PageList = ReadonlyArray<{ from: number; to?: number }>

/** Loaded config plus created components, reused across files. Close it when done. */
export class Session {
  private constructor(
    readonly options: SessionOptions,
    readonly loaded: LoadedConfig,
    readonly config: ResolvedConfig,
    readonly components: Components,
    /** Run mode: the writers, in order; empty in triage. */
    readonly writers: readonly Writer[],
  ) {}

  /** Loads the config and creates the components a mode needs (triage never creates OCR or post-processors). */
  static async create(o: SessionOptions): Promise<Session> {
    const loaded = await loadConfig(o.configFile, o.cwd, preset.config)
    let config: ResolvedConfig = { ...loaded.config }
    if (o.policy) config.policy = o.policy
    if (o.languages) config.languages = [...o.languages]
    if (o.password !== undefined) config.password = o.password
    const fallbackDirs = [...(o.fallbackDirs ?? []), BATCH_DIR]
    config.judges = await withModelJudge(config.judges, o.model, o.cwd, loaded.baseDir, fallbackDirs)
    config = await withOcrWorkers(config, o.ocrWorkers, loaded.baseDir, fallbackDirs)
    const components = await createComponents(config, loaded.baseDir, {
      // Triage creates the engine too (its workers start only if used): judges may spot-check an OCR layer with it.
      withOcr: true,
      withPostprocess: o.mode === 'run' && o.postprocess !== false,
      names: preset,
      fallbackDirs,
    })
    // Triage writes nothing, but a bad writer in the config is an error in every command.
    const run = o.mode === 'run'
    const refs = run ? (o.writers ?? effectiveWriters(config.writers, preset, o.pdf === true, o.pdfOptions)) : (config.writers ?? [])
    let writers: Writer[]
    try {
      writers = (await Promise.all(refs.map((r, i) => createComponent(r, 'writer', `writers.${i}`, loaded.baseDir, preset, fallbackDirs, !run)))).filter(
        Boolean,
      )
    } catch (e) {
      await components.close()
      throw e
    }
    return new Session(o, loaded, config, components, writers)
  }

  /**
   * Processes one file: emits a record per page as it is done, then returns the outcome (with the document record
   * or the error record). Never throws for a bad file: the batch goes on. `retryFailed` (run mode): the document was
   * done with failed pages; when its retry file is there, only those pages run again (else the whole document).
   */
  async processFile(
    file: string,
    emit: (r: OutRecord) => void,
    knownHash?: { bytes: Uint8Array; hash: string },
    pageRange?: { from: number; to: number },
    watch: DocumentWatch = {},
    retryFailed = false,
  ): Promise<FileOutcome> {
    const t0 = performance.now()
    let hash: string | undefined
    let doc: ExtractedDocument | undefined
    try {
      let read: { bytes: Uint8Array; hash: string } | undefined = knownHash ?? (await readInput(this.options.cwd, file))
      hash = read.hash
      if (this.options.precheck) for (const w of this.writers) await w.precheck?.({ file, pdf: read.bytes })
      const openOpts: { file: string; password?: string } = { file }
      if (this.config.password) openOpts.password = this.config.password
      doc = await openDocument(this.components.extractor, read.bytes, openOpts)
      watch.progress?.({ type: 'opened', pages: doc.pageCount })
      // The extractor keeps its own copy: ours is needed again only by a writer that asks for it (a searchable PDF).
      // Letting it go keeps a 200 MB scan from being held twice for the whole OCR of the document.
      const keepBytes = this.writers.some((w) => w.needs?.pdfBytes)
      const pdfBytes = keepBytes ? read.bytes : undefined
      read = undefined
      const run = this.options.mode === 'run' && this.options.out !== undefined && !pageRange
      const known = run && retryFailed ? await settledPages(this.options.out!, hash, this.options.digest ?? '') : undefined
      return await this.processOpened(doc, { file, hash, pdfBytes, t0 }, emit, pageRange, { ...watch, ...(known ? { knownPages: known } : {}) })
    } catch (e) {
      const error = errorRecord(file, e, hash)
      emit(error)
      const outcome: FileOutcome = { file, status: 'failed', error, pagesOcred: 0, pagesNeedingOcr: 0, seconds: (performance.now() - t0) / 1000 }
      if (hash) outcome.hash = hash
      return outcome
    } finally {
      await doc?.close().catch(() => {})
    }
  }

  /**
   * Runs the pipeline over an opened document: a record per page, then (in run mode) the writers' outputs and the
   * document record, and the outcome of a document done.
   */
  private async processOpened(
    doc: ExtractedDocument,
    { file, hash, pdfBytes, t0 }: { file: string; hash: string; pdfBytes: Uint8Array | undefined; t0: number },
    emit: (r: OutRecord) => void,
    pageRange: { from: number; to: number } | undefined,
    { progress, ...images }: DocumentWatch & Pick<RunDocumentOptions, 'knownPages'>,
  ): Promise<FileOutcome> {
    const o = this.options
    const keepItems = this.writers.some((w) => w.needs?.items)
    const rules = effectiveRules(this.config)
    const pages: PageResult[] = []
    let document: DocumentRecord | undefined
    let outputs: DocumentOutputs | undefined
    let files: WrittenFile[] | undefined
    const keepPages = o.mode === 'run'
    // The results a run again of the failed pages would hand on: with the items the post-processors read (the runner
    // holds those pages for them anyway), else as the writers get them.
    const keepFull = keepItems || this.components.postprocess.length > 0
    const settled: PageResult[] = []
    const failedPages: NonNullable<FileOutcome['failedPages']> = []
    for await (const ev of runDocument(doc, this.components, {
      file,
      policy: this.config.policy,
      ocrDpi: this.config.ocrDpi,
      ...(this.config.layerMerge !== undefined ? { layerMerge: this.config.layerMerge } : {}),
      ...(this.config.repairsFirst !== undefined ? { repairsFirst: this.config.repairsFirst } : {}),
      ...(this.config.languages ? { languages: this.config.languages } : {}),
      plan: (info) => {
        const plan = planDocument(rules, info)
        if (o.ocrPages) plan.ocrPages = pagesOf(o.ocrPages, info.pageCount)
        return plan
      },
      needText: o.withText === true || o.mode === 'run',
      performOcr: o.mode === 'run',
      ...(o.postprocess === false ? { postprocess: false } : {}),
      ...(pageRange ? { pageRange } : {}),
      ...(progress ? { onStage: (page: number, stage: PageStage) => progress({ type: 'stage', page, stage }) } : {}),
      ...images,
    })) {
      if (ev.type === 'page') {
        const rec = pageRecord(file, ev.result, o.withText === true || o.mode === 'run')
        if (ev.result.action === 'failed') {
          failedPages.push({ page: ev.result.pageNumber, code: ev.result.error?.code ?? 'PLUGIN_FAILED', message: ev.result.error?.message ?? '' })
        }
        if (o.mode === 'run') rec.hash = hash
        emit(rec)
        progress?.(pageProgress(ev.result))
        if (keepPages) {
          const written = keepItems ? ev.result : { ...ev.result, page: { ...ev.result.page, items: [] } }
          pages.push(written)
          settled.push(keepFull ? ev.result : written)
        }
      } else {
        document = documentRecord(file, hash, ev.result)
        if (o.mode === 'run' && (o.out || o.returnFiles)) {
          progress?.({ type: 'writing' })
          const input = { file, hash, stem: outputStem(hash), pages, document: ev.result, ...(pdfBytes ? { pdf: pdfBytes } : {}) }
          if (o.returnFiles) {
            files = []
            for (const w of this.writers) files.push(...(await runWriter(w, input)))
          } else if (o.out) {
            outputs = await writeDocumentOutputs(o.out, this.writers, input)
            // whole documents only: a range's results are not the document's
            if (!pageRange) await keepForRetry(o.out, hash, o.digest ?? '', failedPages.length ? settled : undefined)
          }
        }
        emit(document)
      }
    }
    const outcome: FileOutcome = {
      file,
      hash,
      status: 'done',
      pagesOcred: document?.actions.ocr ?? 0,
      pagesNeedingOcr: document?.needsOcr.length ?? 0,
      seconds: (performance.now() - t0) / 1000,
    }
    if (document) outcome.document = document
    if (outputs) outcome.outputs = outputs
    if (files) outcome.files = files
    if (failedPages.length) outcome.failedPages = failedPages
    return outcome
  }

  async close(): Promise<void> {
    await this.components.close()
  }
}

/** A page done, as {@link DocumentProgress} tells it. */
function pageProgress(r: PageResult): DocumentProgress {
  return {
    type: 'page',
    page: r.pageNumber,
    layer: r.verdict.layer,
    action: r.action,
    judge: r.verdict.judge,
    regions: r.regionText !== undefined,
    ...(r.error ? { error: { code: r.error.code, message: r.error.message } } : {}),
  }
}

/** The bytes and content hash of `file` (resolved against `cwd`); a read failure is FILE_UNREADABLE. */
async function readInput(cwd: string, file: string): Promise<{ bytes: Uint8Array; hash: string }> {
  return readAndHash(fsPath(resolve(cwd, file))).catch((e: NodeJS.ErrnoException) => {
    throw new TriageError('FILE_UNREADABLE', `Cannot read ${file}: ${e.code ?? e.message}. Check the path and its permissions.`, {
      file,
      cause: e,
      stage: 'open',
    })
  })
}

/** Default number of document jobs: one per core, fewer when the machine's memory cannot hold them (see chooseResources). */
export const defaultJobs = (): number => chooseResources(thisMachine()).jobs
