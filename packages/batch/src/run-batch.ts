// `pdftriage run`'s engine: every input into the output folder, incrementally (unchanged documents skipped,
// duplicates processed once), with the index committed as each document finishes.
import { mkdir, readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { TriageError, configDigest, loadConfig, readAndHash, type Policy, type WrittenPage } from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import { fsPath } from './file-names.js'
import { IndexStore, type DocumentRow } from './index-store.js'
import { expandInputs, missingError, type InputFilter } from './inputs.js'
import { chooseResources, thisMachine } from './machine.js'
import { checkMirror, mirrorPlan, mirrorStem, placeMirror, rowFiles, type NameClaim, type NamesMode } from './mirror.js'
import { lockOutput, prepareOutput } from './out-folder.js'
import { processFiles, type DocumentLimits, type FileSink } from './pool.js'
import { errorRecord, type PageRecord } from './records.js'
import type { FileOutcome, SessionOptions } from './session.js'
import { outputStem, type DocumentOutputs } from './write-outputs.js'

/** What {@link runBatch} processes, with what, and where it writes. Plain data. */
export interface RunBatchOptions {
  /** Files and folders (folders are searched recursively for `*.pdf`), resolved against `cwd`. */
  inputs: readonly string[]
  /** The output folder, which is also the index (created if missing), resolved against `cwd`. */
  outDir: string
  /** Folder relative paths are resolved from, and the config looked for in. Default: `process.cwd()`. */
  cwd?: string
  /** A config file; default: `pdftriage.config.json` (or `.mjs`, `.js`) in `cwd`, else the built-in default. */
  configFile?: string
  /** A letter-pair model file (`pdftriage fit`): adds the model judge. */
  model?: string
  /** Overrides the config's OCR policy. */
  policy?: Policy
  /** Overrides the config's OCR languages. */
  languages?: string[]
  /** Opens encrypted inputs; overrides the config's `password`. Not part of the digest: it does not change outputs. */
  password?: string
  /** Documents processed at once, each in a worker thread (1: in this thread). Default: the cores. */
  jobs?: number
  /** Also write a searchable PDF per document. Default false. */
  pdf?: boolean
  /** Options over the searchable-PDF writer's, e.g. `{ rotatePages: true, deskew: true }`; part of the digest. */
  pdfOptions?: Record<string, unknown>
  /** Process every input again, even unchanged ones. Default false. */
  redo?: boolean
  /**
   * Process inputs that failed in an earlier run again, and the failed pages of documents done with some (an OCR
   * that timed out, a page stopped by the page timeout): those pages alone run again, the document's other pages are
   * kept as they were, and its outputs are rewritten with them all. Default false.
   */
  redoFailed?: boolean
  /**
   * What to do with documents done earlier under another configuration (config, policy, model or `pdf` changed):
   * `redo` them (the default), or `refuse` to start, with a `USAGE` error naming them, unless `redo` is set. A front end
   * asks for `refuse` so that, say, `--policy extract` over an OCRed folder does not silently replace OCR text.
   */
  configChange?: 'redo' | 'refuse'
  /** Include/exclude globs applied below each input folder. */
  filter?: InputFilter
  /** Folders plugins resolve from after the config's folder (e.g. a front end's own dependencies). */
  pluginDirs?: string[]
  /** Bounds on each document (each runs in a child process); default {@link DEFAULT_LIMITS}, the memory from the machine. */
  limits?: Partial<DocumentLimits>
  /**
   * `mirror`: besides `documents/<hash>.*`, each document's files get its input's name, below the input folder it was
   * found in, under a folder per role (`text/a/b/foo.txt` for the clean text of `in/a/b/foo.pdf`, see MIRROR_ROLES).
   * Not part of the digest: names do not change contents. Default `hash`.
   */
  names?: NamesMode
}

/** Why an input was not processed again. */
export type UnchangedStatus = 'done' | 'failed' | 'duplicate'

/**
 * What {@link runBatch} reports as it goes. Documents finish in any order (each is committed to the index as soon as
 * it is done, so a kill loses only those in flight); a document's `page-done` events come before its
 * `document-done`/`failed`. `document-done`, `failed` and `duplicate` fire once the index row is on disk.
 */
export type BatchEvent =
  /** The index was repaired on open (what a killed run left: a torn line, page rows of an unfinished document). */
  | { type: 'resumed'; message: string }
  /** The jobs and each job's memory limit, from the machine unless given, and the sentence saying so. */
  | { type: 'resources'; message: string; jobs: number; maxMemoryMb: number }
  /** Inputs listed and hashed: `todo` documents will be processed. */
  | { type: 'planned'; inputs: number; todo: number }
  /** A worker took the document. */
  | { type: 'document-started'; file: string }
  /** A page of the document is done (its `pages.jsonl` row, not yet written: rows are written with the document). */
  | { type: 'page-done'; file: string; page: PageRecord }
  /** The document's outputs and its index rows are written; `files` are the outputs by writer role. */
  | { type: 'document-done'; file: string; row: DocumentRow; files: Record<string, string> }
  /** The input could not be processed (missing, unreadable, not a PDF, encrypted, a plugin failed); the rest go on. */
  | { type: 'failed'; file: string; code: string; message: string; row: DocumentRow }
  /** Same bytes as an input already done with the same configuration: listed, not processed. */
  | { type: 'duplicate'; file: string; of: string; row: DocumentRow }
  /** Done (or failed) in an earlier run with the same content and configuration: nothing rewritten. */
  | { type: 'unchanged'; file: string; status: UnchangedStatus }
  /**
   * With `names: 'mirror'`: the input's mirrored name is another input's (`holder`, the first to claim it in the index,
   * then in input order), or its mirrored files could not be placed. Its hash-named files are there.
   */
  | { type: 'names-warning'; file: string; message: string }

/** What a batch did. */
export interface BatchSummary {
  /** The output folder, absolute. */
  outDir: string
  /** Documents processed and written in this run. */
  done: number
  /** Inputs that failed in this run (including missing paths). */
  failed: number
  /** Inputs listed as duplicates in this run. */
  duplicate: number
  /** Inputs left as an earlier run recorded them. */
  unchanged: number
  /** Of the unchanged, those that had failed (`redoFailed` tries them again). */
  stillFailed: number
  /** Of the unchanged, those done with failed pages (`redoFailed` runs those pages again). */
  stillFailedPages: number
  /**
   * Pages of the documents done in this run, by action; `poorOcr`: OCRed pages whose OCR reads badly (`ocrQuality:
   * "poor"` in pages.jsonl); `turned`, `straightened`: pages the writers' files show turned upright or straightened
   * (`turned`, `straightened` in pages.jsonl). The last three are counted by a local run only.
   */
  pages: { kept: number; repaired: number; ocr: number; failed: number; poorOcr: number; turned: number; straightened: number }
  /** Wall time of the run. */
  seconds: number
}

/** A summary with nothing counted yet: what {@link runBatch} and a queued batch's collector start from. */
export function emptySummary(outDir: string): BatchSummary {
  return {
    outDir,
    done: 0,
    failed: 0,
    duplicate: 0,
    unchanged: 0,
    stillFailed: 0,
    stillFailedPages: 0,
    pages: { kept: 0, repaired: 0, ocr: 0, failed: 0, poorOcr: 0, turned: 0, straightened: 0 },
    seconds: 0,
  }
}

/** Counts a document done in this run and its pages by action (a document's `actions`: action -> pages). */
export function countDone(summary: BatchSummary, actions: Readonly<Record<string, number>>): void {
  summary.done++
  summary.pages.kept += actions.kept ?? 0
  summary.pages.repaired += actions.repaired ?? 0
  summary.pages.ocr += actions.ocr ?? 0
  summary.pages.failed += actions.failed ?? 0
}

/**
 * The digest of everything that changes outputs: the effective config (writers included), the policy, the model
 * file's bytes, the PDF flag. It is the `config` column of the index: a row counts only for the same digest.
 */
export async function batchDigest(o: Pick<RunBatchOptions, 'cwd' | 'configFile' | 'policy' | 'model' | 'pdf' | 'pdfOptions' | 'languages'>): Promise<string> {
  const cwd = o.cwd ?? process.cwd()
  const { config } = await loadConfig(o.configFile, cwd, preset.config)
  // OCR languages given apart change the OCR text as the config's do: a rerun with another -l redoes OCRed documents
  if (o.languages) config.languages = [...o.languages]
  const extra: Array<string | Uint8Array> = [`policy=${o.policy ?? config.policy}`, `pdf=${o.pdf === true}`]
  // only when given: the digests of runs without them stay as they were
  if (o.pdfOptions && Object.keys(o.pdfOptions).length) extra.push(`pdfOptions=${JSON.stringify(Object.entries(o.pdfOptions).sort())}`)
  if (o.model) extra.push(await readFile(resolve(cwd, o.model)))
  return configDigest(config, extra)
}

/** An index row for a path with nothing known yet: `failed` until filled in. */
export const emptyRow = (path: string, digest: string): DocumentRow => ({
  path,
  hash: '',
  pages: '',
  status: 'failed',
  text: '',
  clean: '',
  report: '',
  pdf: '',
  mirror_name: '',
  mirror_text: '',
  mirror_pdf: '',
  mirror_collision: '',
  producer: '',
  creator: '',
  creator_tool: '',
  pdf_type: '',
  pages_needing_ocr: '',
  pages_ocred: '',
  seconds: '',
  error_code: '',
  error_message: '',
  duplicate_of: '',
  tags: '',
  config: digest,
  outputs: '',
  pages_end: '',
})

/** The index row of a processed document: `done` with its outputs and metadata, or `failed` with its error. */
export function outcomeRow(res: FileOutcome, digest: string): DocumentRow {
  const row = emptyRow(res.file, digest)
  row.hash = res.hash ?? ''
  row.seconds = res.seconds.toFixed(2)
  if (res.status === 'done' && res.document && res.outputs) {
    const d = res.document
    const f = res.outputs.files
    const info = d.info as { producer?: string; creator?: string; creatorTool?: string }
    Object.assign(row, {
      status: 'done',
      pages: String(d.pages),
      text: f.text ?? '',
      clean: f.clean ?? '',
      report: f.report ?? '',
      pdf: f.pdf ?? '',
      producer: info.producer ?? '',
      creator: info.creator ?? '',
      creator_tool: info.creatorTool ?? '',
      pdf_type: res.outputs.pdfType,
      pages_needing_ocr: String(res.pagesNeedingOcr),
      pages_ocred: String(res.pagesOcred),
      tags: d.tags.join(' '),
      outputs: JSON.stringify(f),
    })
    // A done document whose pages failed (their layer kept), or whose writer was skipped, says so where its error
    // would be: a page whose OCR failed is not a document done with no error.
    const problems: Array<{ code: string; message: string }> = []
    const failed = res.failedPages ?? []
    if (failed.length) {
      const first = failed[0]!
      problems.push({
        code: first.code,
        message: `${failed.length}${FAILED_PAGES_NOTE}${failed.map((p) => p.page).join(', ')}): page ${first.page}: ${first.message}`,
      })
    }
    const skip = res.outputs.skipped[0]
    if (skip) problems.push({ code: skip.code, message: `${skip.writer} skipped: ${skip.message}` })
    if (problems.length) {
      row.error_code = problems[0]!.code
      row.error_message = problems.map((p) => p.message).join('; ')
    }
  } else {
    row.error_code = res.error?.code ?? 'PLUGIN_FAILED'
    row.error_message = res.error?.message ?? 'unknown error'
  }
  return row
}

/** How a done document's row says that pages of it failed (after their count), which `redoFailed` reads back. */
const FAILED_PAGES_NOTE = ' page(s) failed, their layer kept ('
const FAILED_PAGES = new RegExp(`^\\d+${FAILED_PAGES_NOTE.replace(/[()]/g, '\\$&')}`)

/** Whether a row is of a document done with failed pages (its layer kept on them): `redoFailed` runs them again. */
export const hasFailedPages = (row: Pick<DocumentRow, 'status' | 'error_message'>): boolean => row.status === 'done' && FAILED_PAGES.test(row.error_message)

/**
 * Extracts, judges, repairs and OCRs every input into the output folder, incrementally: a file already done with the
 * same content and configuration is skipped (nothing rewritten), identical files are processed once and the copies
 * listed as duplicates. Resolves to the summary once the index is compacted; rejects only when the configuration (or
 * model) cannot be loaded. A document that fails is a `failed` event and a row, never a rejection.
 */
export async function runBatch(o: RunBatchOptions, onEvent: (e: BatchEvent) => void = () => {}): Promise<BatchSummary> {
  const t0 = performance.now()
  const cwd = o.cwd ?? process.cwd()
  const out = resolve(cwd, o.outDir)
  await mkdir(out, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
    // ENOTDIR: a part of the path is a file; the raw error names neither the folder nor what to do
    throw new TriageError(
      'OUTPUT_PATH_INVALID',
      `Cannot create the output folder ${out}: ${e.code ?? e.message}${e.code === 'ENOTDIR' ? ' (a part of the path is a file)' : ''}`,
      {
        cause: e,
        stage: 'write',
      },
    )
  })
  const release = lockOutput(out)
  try {
    return await locked(o, cwd, out, t0, onEvent)
  } finally {
    release()
  }
}

/** One run's state while it holds the output folder: its options, folder, index, names and summary. */
interface LockedRun {
  o: RunBatchOptions
  cwd: string
  out: string
  digest: string
  index: IndexStore
  names: MirrorNames | undefined
  summary: BatchSummary
  onEvent: (e: BatchEvent) => void
}

/**
 * A file to process, with its content hash ('' when it could not be read: the session reports the read error);
 * `retryFailed`: done earlier with failed pages, which alone run again.
 */
type TodoFile = { file: string; hash: string; retryFailed?: boolean }

async function locked(o: RunBatchOptions, cwd: string, out: string, t0: number, onEvent: (e: BatchEvent) => void): Promise<BatchSummary> {
  const { removed } = prepareOutput(out)
  if (removed) onEvent({ type: 'resumed', message: `removed ${removed} temporary file(s) left by a run that was stopped` })
  const index = new IndexStore(out)
  for (const fix of index.open()) onEvent({ type: 'resumed', message: fix })
  const digest = await batchDigest({ ...o, cwd })
  const { files, missing, below } = await expandInputs([...o.inputs], o.filter ?? {}, cwd)
  const names = o.names === 'mirror' ? new MirrorNames(out, index, files, below, onEvent) : undefined
  const run: LockedRun = { o, cwd, out, digest, index, names, summary: emptySummary(out), onEvent }
  recordMissing(run, missing)
  const { todo, changed } = await planFiles(run, files)
  if (changed.length && o.configChange === 'refuse' && !o.redo) throw configChangeRefused(o, changed)
  onEvent({ type: 'planned', inputs: files.length + missing.length, todo: todo.length })
  const { session, jobs, maxMemoryMb } = chooseSession(run, todo.length)
  await processFiles(
    todo.map((t) => ({ file: t.file, ...(t.retryFailed ? { retryFailed: true } : {}) })),
    session,
    jobs,
    indexSink(run, todo),
    { ordered: false, limits: { ...o.limits, maxMemoryMb }, hashes: todo.map((t) => t.hash || undefined) },
  )
  await index.compact()
  run.summary.seconds = (performance.now() - t0) / 1000
  return run.summary
}

/** A failed row for each input that does not exist (appended again only when the last one was not failed, or on a redo). */
function recordMissing({ o, digest, index, summary, onEvent }: LockedRun, missing: readonly string[]): void {
  for (const m of missing) {
    const e = errorRecord(m, missingError(m))
    const row = { ...emptyRow(m, digest), error_code: e.code, error_message: e.message }
    if (index.latest(m)?.status !== 'failed' || o.redo || o.redoFailed) index.append(row, [])
    summary.failed++
    onEvent({ type: 'failed', file: m, code: e.code, message: e.message, row })
  }
}

/**
 * Decides what to do with each file: skip (done with the same content and config), duplicate, or process (`todo`).
 * `changed`: the files done before with the same content under another configuration.
 */
async function planFiles(run: LockedRun, files: readonly string[]): Promise<{ todo: TodoFile[]; changed: Array<{ file: string; ocred: number }> }> {
  const { o, cwd, digest, index, names, summary, onEvent } = run
  const todo: TodoFile[] = []
  const claimed = new Map<string, string>() // hash -> first path processed in this run
  const changed: Array<{ file: string; ocred: number }> = []
  for (const file of files) {
    let hash: string
    try {
      hash = (await readAndHash(fsPath(resolve(cwd, file)))).hash
    } catch {
      todo.push({ file, hash: '' }) // the session reports the read error
      continue
    }
    const prev = index.latest(file)
    const same = prev && prev.hash === hash && prev.config === digest
    if (same && !o.redo && o.redoFailed && hasFailedPages(prev)) {
      // done with failed pages: they run again, the others are kept; the document is its own first
      claimed.set(hash, file)
      todo.push({ file, hash, retryFailed: true })
      continue
    }
    if (same && !o.redo && (prev.status !== 'failed' || !o.redoFailed)) {
      // A row of a run without mirrored names, or one killed before a duplicate's names were placed, gets them now.
      if (names && prev.status !== 'failed') names.complete(prev)
      summary.unchanged++
      if (prev.status === 'failed') summary.stillFailed++
      else if (hasFailedPages(prev)) summary.stillFailedPages++
      onEvent({ type: 'unchanged', file, status: prev.status as UnchangedStatus })
      continue
    }
    if (prev && prev.status === 'done' && prev.hash === hash && prev.config !== digest) changed.push({ file, ocred: Number(prev.pages_ocred) || 0 })
    const first = claimed.get(hash) ?? (o.redo ? undefined : index.doneByHash(hash, digest)?.path)
    if (first && first !== file) {
      recordDuplicate(run, file, hash, first, claimed.has(hash))
      continue
    }
    claimed.set(hash, file)
    todo.push({ file, hash })
  }
  return { todo, changed }
}

/** The row of `file`, identical in content to `first` (processed in this run when `firstInRun`, else in an earlier one). */
function recordDuplicate({ digest, index, names, summary, onEvent }: LockedRun, file: string, hash: string, first: string, firstInRun: boolean): void {
  let row: DocumentRow = { ...emptyRow(file, digest), hash, status: 'duplicate', duplicate_of: first }
  // Identical content under another name gets its own mirrored names, once the files exist: now when the first
  // was done in an earlier run, else when it is done (its outcome places them).
  const done = firstInRun ? undefined : index.doneByHash(hash, digest)
  if (names) row = done ? names.placed(row, rowFiles(done)) : names.pending(row)
  index.append(row, [])
  summary.duplicate++
  onEvent({ type: 'duplicate', file, of: first, row })
}

/** The refusal to redo documents done under another configuration (`configChange: 'refuse'`), naming up to three. */
function configChangeRefused(o: RunBatchOptions, changed: ReadonlyArray<{ file: string; ocred: number }>): TriageError {
  const ocred = changed.filter((c) => c.ocred > 0)
  const names =
    changed
      .slice(0, 3)
      .map((c) => c.file)
      .join(', ') + (changed.length > 3 ? `, and ${changed.length - 3} more` : '')
  return new TriageError(
    'USAGE',
    `${changed.length} document(s) in ${o.outDir} were done with another configuration (config, policy, languages, model, --pdf or --output-type): ${names}. ` +
      `Running again would redo them and replace their outputs${ocred.length ? ` (${ocred.length} of them hold OCR text)` : ''}: ` +
      'pass --redo to redo them, or give another output folder.',
  )
}

/** Jobs, each job's memory and the session options of the document processes, for `todoCount` documents. */
function chooseSession({ o, cwd, out, digest, onEvent }: LockedRun, todoCount: number): { session: SessionOptions; jobs: number; maxMemoryMb: number } {
  // Jobs and each job's memory from the machine unless given; the choice is said, as the first line of the run.
  const machine = thisMachine()
  const chosen = chooseResources(machine, {
    ...(o.jobs !== undefined ? { jobs: o.jobs } : {}),
    ...(o.limits?.maxMemoryMb !== undefined ? { maxMemoryMb: o.limits.maxMemoryMb } : {}),
  })
  onEvent({ type: 'resources', message: chosen.note, jobs: chosen.jobs, maxMemoryMb: chosen.maxMemoryMb })
  const cores = machine.cores
  const jobs = Math.max(1, Math.min(chosen.jobs, todoCount || 1))
  // Documents across jobs, OCR pages across each job's engine: never more OCR workers in all than cores.
  const ocrWorkers = Math.max(1, Math.floor(cores / jobs))
  const session: SessionOptions = {
    mode: 'run',
    cwd,
    out,
    digest,
    pdf: o.pdf === true,
    ...(o.pdfOptions ? { pdfOptions: { ...o.pdfOptions } } : {}),
    ocrWorkers,
    ...(o.configFile ? { configFile: o.configFile } : {}),
    ...(o.model ? { model: o.model } : {}),
    ...(o.policy ? { policy: o.policy } : {}),
    ...(o.languages ? { languages: [...o.languages] } : {}),
    ...(o.password !== undefined ? { password: o.password } : {}),
    ...(o.pluginDirs ? { fallbackDirs: [...o.pluginDirs] } : {}),
  }
  return { session, jobs, maxMemoryMb: chosen.maxMemoryMb }
}

/**
 * Where the documents' records and outcomes go: pages.jsonl rows held until their document's row is appended to the
 * index (and its writers have said what they did to each page).
 */
function indexSink({ digest, index, names, summary, onEvent }: LockedRun, todo: readonly TodoFile[]): FileSink {
  const pageRecords = new Map<number, PageRecord[]>()
  return {
    started(i) {
      onEvent({ type: 'document-started', file: todo[i]!.file })
    },
    record(r, i) {
      if (r.type !== 'page') return
      let a = pageRecords.get(i)
      if (!a) pageRecords.set(i, (a = []))
      a.push(r)
      if (r.ocrQuality === 'poor') summary.pages.poorOcr++
      onEvent({ type: 'page-done', file: r.file, page: r })
    },
    outcome(res: FileOutcome, i) {
      const records = pageRecords.get(i) ?? []
      pageRecords.delete(i)
      // The document is not at fault: the run stops, and the document is done again by the next one.
      if (res.error?.code === 'DISK_FULL') throw new TriageError('DISK_FULL', res.error.message, { stage: 'write' })
      const row = outcomeRow(res, digest)
      row.hash ||= todo[i]!.hash
      if (row.status === 'done' && res.document && res.outputs) {
        countDone(summary, res.document.actions)
        for (const p of Object.values(res.outputs.pages ?? {})) {
          if (p.turned) summary.pages.turned++
          if (p.straightened) summary.pages.straightened++
        }
        const placed = names ? names.placed(row, res.outputs.files) : row
        index.append(placed, pageLines(records, res.outputs))
        Object.assign(row, placed)
        // duplicates of it met in this run get their names now that its files exist
        names?.completeDuplicates(row, res.outputs.files)
        onEvent({ type: 'document-done', file: res.file, row, files: { ...res.outputs.files } })
      } else {
        summary.failed++
        index.append(row, [])
        onEvent({ type: 'failed', file: res.file, code: row.error_code, message: row.error_message, row })
      }
    },
  }
}

/**
 * The mirrored names of a run (`names: 'mirror'`). A stem belongs to the first input to claim it: the index's rows
 * first (in the order their paths first appeared), then this run's inputs in their order, all claimed before any
 * document starts, so that who holds a name does not depend on which document finishes first. A path keeps its own
 * name across runs (a changed file replaces its mirrored files). The files are placed before the row that names them
 * is appended, and `mirror_name` is set only once they are (or once a collision leaves nothing to place): a row
 * never names a file a kill kept from being placed, and a row without it gets its names on the next run.
 */
class MirrorNames {
  private readonly claims = new Map<string, NameClaim>()
  /** Duplicates met in this run whose first is processed in it: their paths by the first's. */
  private readonly waiting = new Map<string, string[]>()

  constructor(
    private readonly out: string,
    private readonly index: IndexStore,
    files: readonly string[],
    below: ReadonlyMap<string, string>,
    onEvent: (e: BatchEvent) => void,
    private readonly warn = (file: string, message: string) => onEvent({ type: 'names-warning', file, message }),
  ) {
    const owners = new Map<string, string>()
    for (const r of index.newestRows()) if (r.mirror_name && !r.mirror_collision && !owners.has(r.mirror_name)) owners.set(r.mirror_name, r.path)
    for (const file of files) {
      const rel = below.get(file)
      if (rel === undefined) continue
      const stem = mirrorStem(rel)
      const holder = owners.get(stem)
      if (holder === undefined) owners.set(stem, file)
      if (holder === undefined || holder === file) this.claims.set(file, { stem })
      else {
        this.claims.set(file, { stem, holder })
        this.warn(file, `${file}: its mirrored name ${stem} is ${holder}'s: only documents/ holds its files (mirror_collision in documents.csv)`)
      }
    }
  }

  /** The row with its mirror columns, its files placed; a name that cannot be placed is said in its error columns. */
  placed(row: DocumentRow, files: Readonly<Record<string, string>>): DocumentRow {
    const claim = this.claims.get(row.path)
    if (!claim) return row
    const plan = mirrorPlan(claim, files, outputStem(row.hash))
    try {
      for (const l of plan.links) checkMirror(this.out, l.to)
      for (const l of plan.links) placeMirror(this.out, l.from, l.to)
    } catch (e) {
      // a name refused (a link on the way) or a file gone from documents/ (a row's `outputs` edited, a file removed):
      // this document's names are not placed, the run goes on; anything else (a full disk) stops it
      const missing = (e as NodeJS.ErrnoException).code === 'ENOENT'
      if (!missing && !(e instanceof TriageError && e.code === 'OUTPUT_PATH_INVALID')) throw e
      const why = missing ? `a file to mirror is missing (${(e as Error).message})` : (e as Error).message
      this.warn(row.path, `${row.path}: ${why}`)
      const message = `${REFUSED}${why}`
      const code = missing ? 'OUTPUT_PATH_INVALID' : (e as TriageError).code
      return { ...row, error_code: row.error_code || code, error_message: row.error_message ? `${row.error_message}; ${message}` : message }
    }
    return { ...withoutRefusal(row), ...plan.cells }
  }

  /** A duplicate's row before its first is done: a collision is settled (nothing to place), a name waits. */
  pending(row: DocumentRow): DocumentRow {
    const claim = this.claims.get(row.path)
    if (claim?.holder !== undefined) return { ...row, ...mirrorPlan(claim, {}, '').cells }
    if (claim) this.waiting.set(row.duplicate_of, [...(this.waiting.get(row.duplicate_of) ?? []), row.path])
    return row
  }

  /** Places the names of the duplicates of `first` met in this run, now that its files exist. */
  completeDuplicates(first: DocumentRow, files: Readonly<Record<string, string>>): void {
    for (const path of this.waiting.get(first.path) ?? []) {
      const dup = this.index.latest(path)
      if (dup?.status === 'duplicate' && dup.hash === first.hash) this.complete(dup, files)
    }
    this.waiting.delete(first.path)
  }

  /**
   * Places the names of a row of the index that lacks them (done without mirrored names, or a duplicate whose first
   * was not done yet, or a name refused earlier) and appends the completed row. Nothing when its names are there.
   */
  complete(prev: DocumentRow, files?: Readonly<Record<string, string>>): void {
    const claim = this.claims.get(prev.path)
    if (!claim || (prev.mirror_name === claim.stem && prev.mirror_collision === (claim.holder ?? ''))) return
    const first = prev.status === 'duplicate' ? this.index.doneByHash(prev.hash, prev.config) : prev
    const source = files ?? (first ? rowFiles(first) : undefined)
    if (!source) return
    const { pages_end: _end, ...row } = this.placed(prev, source)
    if (row.mirror_name) this.index.append(row, [])
  }
}

/** The note of a refused name, which a row keeps until its names are placed. */
const REFUSED = 'mirrored names not written: '

/** A row without the note of names refused earlier (and its code when it was the only problem). */
function withoutRefusal(row: DocumentRow): DocumentRow {
  if (!row.error_message.includes(REFUSED)) return row
  const rest = row.error_message
    .split('; ')
    .filter((m) => !m.startsWith(REFUSED))
    .join('; ')
  return { ...row, error_message: rest, error_code: rest ? row.error_code : '' }
}

/**
 * A `pages.jsonl` row: the page record without its type tag (one JSON line of it, with its newline, per page), with
 * what the writers did to the page in their files (`written`: turned upright, straightened) once they have run.
 */
export function pageRow(r: PageRecord, written?: WrittenPage): Omit<PageRecord, 'type'> {
  const { type: _t, ...rest } = r
  if (written?.turned) rest.turned = written.turned
  // a hundredth of a degree: the engine measures a skew to about a tenth
  if (written?.straightened) rest.straightened = Math.round(written.straightened * 100) / 100
  return rest
}

/** The `pages.jsonl` lines of a document's page records, with what its writers did to each page (its outputs' `pages`). */
export function pageLines(records: readonly PageRecord[], outputs?: Pick<DocumentOutputs, 'pages'>): string[] {
  return records.map((r) => `${JSON.stringify(pageRow(r, outputs?.pages?.[r.page]))}\n`)
}
