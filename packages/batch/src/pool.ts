// Documents processed in child processes, each under its limits (time per document, time per page, memory): a child
// that dies or overruns is replaced and only its document fails.
import { type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { TriageError, blake2b512, type ImageWork } from '@pdftriage/core'
import { chooseResources, JOB_MAX_MB, thisMachine } from './machine.js'
import { PageClock } from './page-clock.js'
import { takeDocumentProcess } from './prestart.js'
import { errorRecord, type OutRecord } from './records.js'
import { Session, type DocumentProgress, type FileOutcome, type SessionOptions } from './session.js'

/** Callbacks of {@link processFiles}. Records of one document are delivered together, documents in input order unless asked otherwise. */
export interface FileSink {
  /** A file was handed to a session (in dispatch order, not input order: several may be in flight). Optional. */
  started?(index: number): void
  record(r: OutRecord, index: number): void
  outcome(o: FileOutcome, index: number): void | Promise<void>
  /** What a document is doing as it runs (a progress line), as it happens, not in input order. Optional. */
  progress?(ev: DocumentProgress, index: number): void
}

/** Messages between the main process and document processes. */
type ToWorker =
  | { type: 'init'; options: SessionOptions }
  | {
      type: 'file'
      id: number
      file: string
      range?: PageRange
      unread?: { pages: number[]; reason: string }
      progress?: boolean
      retryFailed?: true
    }
  | { type: 'close' }
type FromWorker =
  | { type: 'ready' }
  | { type: 'fatal'; error: { code?: string; message: string; path?: string } }
  | { type: 'record'; id: number; rec: OutRecord }
  | { type: 'done'; id: number; outcome: FileOutcome }
  | { type: 'closed' }
  /** The child's resident memory, for platforms without /proc. */
  | { type: 'rss'; mb: number }
  /** An unhandled rejection or exception ended the child: the file it held fails with this message. */
  | { type: 'crash'; message: string }
  /** Work on a page's image started (`busy`) or its last work of that kind ended. */
  | { type: 'image'; id: number; page: number; work: ImageWork; busy: boolean }
  /** The document's progress, sent when the sink listens for it. */
  | { type: 'progress'; id: number; ev: DocumentProgress }
  /** A page is done but held for a judge's second word: its record comes later, and its page's clock starts anew. */
  | { type: 'held'; id: number; page: number }

/** 1-based inclusive pages of a document. */
export interface PageRange {
  from: number
  to: number
}

/** One unit of work: a file, or a range of its pages (a long document shared between workers). */
export interface Task {
  file: string
  range?: PageRange
  /** The file's bytes, when the caller has read them (standard input): such a task runs in this thread. */
  bytes?: Uint8Array
  /** Run mode: the document was done with failed pages, which alone run again (see `Session.processFile`). */
  retryFailed?: boolean
  /** The file's content hash, when known: the failed record of a crashed document carries it. */
  hash?: string
}

/** Delivers records and outcomes as they come: each document's records still come before its outcome. */
class Direct {
  constructor(private readonly sink: FileSink) {}
  record(id: number, r: OutRecord) {
    this.sink.record(r, id)
  }
  async done(id: number, o: FileOutcome) {
    await this.sink.outcome(o, id)
  }
}

/** Delivers records per document in input order, streaming the document at the head. */
class Orderer {
  private next = 0
  private readonly buffered = new Map<number, OutRecord[]>()
  private readonly finished = new Map<number, FileOutcome>()
  constructor(private readonly sink: FileSink) {}

  record(id: number, r: OutRecord) {
    if (id === this.next) this.sink.record(r, id)
    else {
      let b = this.buffered.get(id)
      if (!b) this.buffered.set(id, (b = []))
      b.push(r)
    }
  }

  async done(id: number, o: FileOutcome) {
    this.finished.set(id, o)
    while (this.finished.has(this.next)) {
      const out = this.finished.get(this.next)!
      this.finished.delete(this.next)
      await this.sink.outcome(out, this.next)
      this.next++
      for (const r of this.buffered.get(this.next) ?? []) this.sink.record(r, this.next)
      this.buffered.delete(this.next)
    }
  }
}

/** Bounds on one document; a document over one fails with a typed error naming the option that raises it. */
export interface DocumentLimits {
  /** Wall time of one document, ms (`DOC_TIMEOUT`). */
  docTimeoutMs: number
  /**
   * Time from one page's end (or the document's start) to the next page's end, ms (`PAGE_TIMEOUT`); a page held for a
   * judge's second word ends when it is done, not when its record comes. Wall time while the machine has a core free,
   * the process's own CPU time while others hold every core (see {@link PageClock}).
   */
  pageTimeoutMs: number
  /** Resident memory of the process running the document, MB (`DOC_TOO_LARGE`). */
  maxMemoryMb: number
}

/**
 * Default limits. One page: 3 ms to extract, 6-7 s to OCR at 300 dpi on an idle core, and the OCR engine allows
 * itself 120 s and a retry; 300 s leaves that room, counted by {@link PageClock} so that other work on the machine
 * does not spend it. One document: the longest measured, a
 * 1,280-page document, triages in 4 s; 2 h is 1,000 scanned pages OCRed on one core. Memory: a job's process peaks
 * near 280 MB triaging 1,280 pages and at 430-510 MB OCRing scans with two tesseract workers, but genuine large
 * scans go further: a 50-page 300 dpi scan under OCR peaked at 1.18 GB, and two scanned documents of the
 * development corpus passed 1,000 MB when triaged (probes and spot-checks render whole pages). A page holding one
 * 9000 x 9000 image (81 MP, the size of a 600 dpi A3 scan) takes pdf.js and the canvas 1.8 GB to render at 150 dpi
 * and 2.2 GB at 300 dpi; its document peaked at 2.6 GB in a run with OCR. 3,000 MB leaves them room and still stops
 * a bomb long before it takes the host (9.9 GB seen). That is the most: unless given, the memory limit is the
 * machine's share for each job ({@link chooseResources}), lower on a small machine.
 */
export const DEFAULT_LIMITS: DocumentLimits = { docTimeoutMs: 7_200_000, pageTimeoutMs: 300_000, maxMemoryMb: JOB_MAX_MB }

/** How often the main process looks at each job's memory and clocks: at the 70 MB/s a bomb grows, 7 MB past the limit. */
const WATCH_MS = 100

/**
 * Times a document stopped while reading a page's image is run again without that page's image: each run again costs
 * the pages before it once more and a page timeout's wait, and a document whose images hang page after page fails
 * with `PAGE_TIMEOUT` after this many (three pages' images left unread).
 */
const MAX_RUNS_AGAIN = 3

/** How the files are processed. */
export interface ProcessControl {
  /** Deliver records and outcomes in input order (triage's stdout). false: as each document finishes (the index). Default true. */
  ordered?: boolean
  /**
   * Run each document in a child process under these limits (with any `jobs`); a crash, an unhandled rejection or a
   * limit fails only that document. Without limits, `jobs` 1 runs in this thread and more in child processes under
   * {@link DEFAULT_LIMITS}.
   */
  limits?: Partial<DocumentLimits>
  /** Content hashes by input index, when known: the failed record of a crashed document carries it. */
  hashes?: ReadonlyArray<string | undefined>
}

/** Resident memory of a process in MB from /proc (Linux), or `undefined` where there is none. */
function procRssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : undefined
  } catch {
    return undefined
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

/** The files one after the other in this thread, with one session: no child process, no limits. */
async function processInThread(tasks: readonly Task[], options: SessionOptions, sink: FileSink, order: Orderer | Direct): Promise<void> {
  const session = await Session.create(options)
  try {
    for (let i = 0; i < tasks.length; i++) {
      sink.started?.(i)
      const t = tasks[i]!
      const known = t.bytes ? { bytes: t.bytes, hash: blake2b512(t.bytes) } : undefined
      const watch = sink.progress ? { progress: (ev: DocumentProgress) => sink.progress!(ev, i) } : {}
      const o = await session.processFile(t.file, (r) => order.record(i, r), known, t.range, watch, t.retryFailed === true)
      await order.done(i, o)
    }
  } finally {
    await session.close()
  }
}

/**
 * The limit a document's process is over, if any, `file` started at `startedAt` and whose page has had the time
 * `page` counts: its wall time, its page's time, then its memory (`rssMb`, read only when the times hold).
 */
function overLimits(file: string, limits: DocumentLimits, startedAt: number, page: PageClock, rssMb: () => number | undefined): TriageError | undefined {
  const now = Date.now()
  if (now - startedAt > limits.docTimeoutMs) {
    return new TriageError(
      'DOC_TIMEOUT',
      `\`${file}\` took over ${seconds(limits.docTimeoutMs)}, the wall time allowed a document: stopped. Raise it with --doc-timeout SECONDS (option docTimeoutMs) if the document is genuine`,
      { file },
    )
  } else if (page.over(limits.pageTimeoutMs)) {
    const busy = page.wallMs - page.counted > 1000 ? ` (${seconds(page.wallMs)} of wall time, on a machine busy with other work)` : ''
    return new TriageError(
      'PAGE_TIMEOUT',
      `\`${file}\`: a page took over ${seconds(limits.pageTimeoutMs)}${busy}, the time allowed a page: the document was stopped. Raise it with --page-timeout SECONDS (option pageTimeoutMs) if the document is genuine`,
      { file },
    )
  } else {
    const rss = rssMb()
    if (rss !== undefined && rss > limits.maxMemoryMb) {
      return new TriageError(
        'DOC_TOO_LARGE',
        `\`${file}\` needed over ${limits.maxMemoryMb} MB of memory (${Math.round(rss)} MB when stopped). Raise the limit with --max-memory MB (option maxMemoryMb) if the document is genuine`,
        { file },
      )
    }
  }
  return undefined
}

/**
 * Processes files with `jobs` child processes (one session each), or in this thread when `jobs` is 1 and no limits
 * are asked for. A child that dies, rejects unhandled, or goes over a limit is killed and replaced, and only the
 * file it held fails (with its hash when known). Rejects when the configuration cannot be loaded (exit code 2
 * territory), or when the sink's `outcome` throws (a full disk): the children are killed first.
 */
export async function processFiles(
  input: ReadonlyArray<string | Task>,
  options: SessionOptions,
  jobs: number,
  sink: FileSink,
  control: ProcessControl = {},
): Promise<void> {
  const tasks: Task[] = input.map((t) => (typeof t === 'string' ? { file: t } : t))
  const order: Orderer | Direct = control.ordered === false ? new Direct(sink) : new Orderer(sink)
  // Bytes read by the caller and files returned to it stay in this process: their run does too.
  const here = options.returnFiles === true || tasks.some((t) => t.bytes)
  if (((jobs <= 1 || tasks.length <= 1) && !control.limits) || here) return processInThread(tasks, options, sink, order)
  // The memory limit not given is the machine's share for each of these jobs (see chooseResources).
  const limits = limitsFor(jobs, control.limits)
  const count = Math.max(1, Math.min(jobs, tasks.length))
  if (!tasks.length) return
  await new Promise<void>((resolveAll, rejectAll) => {
    const pool = new ChildPool({ tasks, options, sink, control, order, limits }, resolveAll, rejectAll)
    for (let i = 0; i < count; i++) pool.start()
  })
}

/** The limits of `jobs` document processes: {@link DEFAULT_LIMITS}, the memory the machine's share for each, then `given`. */
const limitsFor = (jobs: number, given: Partial<DocumentLimits> | undefined): DocumentLimits => ({
  ...DEFAULT_LIMITS,
  maxMemoryMb: chooseResources(thisMachine(), { jobs }).maxMemoryMb,
  ...given,
})

/**
 * Document processes that take documents as they come (a queue's jobs), under the limits and with the reruns of
 * {@link processFiles}: a document over a limit, or whose process crashes, fails alone; a document stopped while a
 * page's image was read runs again with it unread. Up to `jobs` processes, started as documents come and kept, idle,
 * for the next ones until {@link DocumentRunner.close}. A configuration that cannot be loaded fails every document in
 * hand and every later one with its error.
 */
export class DocumentRunner {
  private readonly pending = new Map<number, { onRecord: (r: OutRecord) => void; resolve: (o: FileOutcome) => void; reject: (e: Error) => void }>()
  private readonly pool: ChildPool
  private readonly ended: Promise<void>
  private broken: Error | undefined

  constructor(options: SessionOptions, jobs: number, limits?: Partial<DocumentLimits>) {
    const sink: FileSink = {
      record: (r, i) => this.pending.get(i)?.onRecord(r),
      outcome: (o, i) => {
        this.pending.get(i)?.resolve(o)
        this.pending.delete(i)
      },
    }
    const work: PoolWork = { tasks: [], options, sink, control: { ordered: false }, order: new Direct(sink), limits: limitsFor(jobs, limits) }
    let pool!: ChildPool
    this.ended = new Promise<void>((resolve, reject) => (pool = new ChildPool(work, resolve, reject, Math.max(1, jobs))))
    this.pool = pool
    this.ended.catch((e: Error) => {
      this.broken = e
      for (const p of this.pending.values()) p.reject(e)
      this.pending.clear()
    })
  }

  /** The error that ended the runner (a configuration that cannot be loaded), if one did. */
  get error(): Error | undefined {
    return this.broken
  }

  /** Processes one document in a document process: its records as they come, then its outcome (a failure is one too). */
  run(task: Task, onRecord: (r: OutRecord) => void = () => {}): Promise<FileOutcome> {
    if (this.broken) return Promise.reject(this.broken)
    return new Promise<FileOutcome>((resolve, reject) => {
      this.pending.set(this.pool.add(task), { onRecord, resolve, reject })
    })
  }

  /** Ends the processes once the documents in hand are done. */
  async close(): Promise<void> {
    this.pool.closeOpen()
    await this.ended.catch(() => {})
  }
}

/** What every child of one {@link processFiles} run shares: the work, its sink and its limits. */
interface PoolWork {
  /** By id; a {@link DocumentRunner}'s grow as documents come, and let go of each once its outcome is delivered. */
  tasks: Array<Task | undefined>
  options: SessionOptions
  sink: FileSink
  control: ProcessControl
  order: Orderer | Direct
  limits: DocumentLimits
}

/**
 * The run's side of the child processes: which file is handed out next, how many children are alive, the outcomes
 * being delivered, the watch over every child's limits, and the first fatal error (which kills them all).
 */
class ChildPool {
  nextFile = 0
  /** Documents stopped while reading a page's image, to be run again without it (before any new file). */
  readonly again: number[] = []
  /** Per document run again: the pages whose image it leaves unread. */
  readonly unread = new Map<number, Set<number>>()
  /** Per document run again: how many times, and the last page it recorded before (pages come in order). */
  readonly runsAgain = new Map<number, number>()
  readonly recordedUpTo = new Map<number, number>()
  fatal: Error | undefined
  private alive = 0
  private settled = false
  private readonly children = new Set<ChildProcess>()
  // Outcomes being delivered: the run ends after the last of them, so that none is lost and a sink's failure on
  // the last document (a full disk) still rejects the run.
  private readonly delivering = new Set<Promise<void>>()
  private readonly watchers: Array<() => void> = []
  private readonly watch: ReturnType<typeof setInterval>

  /** A {@link DocumentRunner}'s pool: children wait for the next document rather than close, until {@link closeOpen}. */
  private open: boolean
  /** An open pool's children waiting for a document. */
  readonly idle = new Set<DocumentChild>()

  /** `open`: the most children of a {@link DocumentRunner}'s pool, started as documents come; none: a fixed run's. */
  constructor(
    readonly work: PoolWork,
    private readonly resolveAll: () => void,
    private readonly rejectAll: (e: Error) => void,
    private readonly maxChildren?: number,
  ) {
    this.open = maxChildren !== undefined
    this.watch = setInterval(() => {
      for (const w of this.watchers) w()
    }, WATCH_MS)
  }

  /** The file of task `id`. */
  fileOf(id: number): string {
    return this.work.tasks[id]?.file ?? ''
  }

  /** An open pool: takes task `t`, to an idle child, a new one while under the most, or the next child free. Its id. */
  add(t: Task): number {
    const id = this.work.tasks.push(t) - 1
    const idle = this.idle.values().next().value
    if (idle) {
      this.idle.delete(idle)
      idle.feed()
    } else if (this.alive < (this.maxChildren ?? 0) && !this.fatal) this.start()
    return id
  }

  /** An open pool: lets go of task `id` once its outcome is delivered (a long-lived pool holds only those in hand). */
  forget(id: number): void {
    if (!this.open) return
    this.work.tasks[id] = undefined
    this.unread.delete(id)
    this.runsAgain.delete(id)
    this.recordedUpTo.delete(id)
  }

  /** An open pool: its idle children close, the others after their document; the pool ends with the last. */
  closeOpen(): void {
    this.open = false
    for (const c of [...this.idle]) {
      this.idle.delete(c)
      c.feed()
    }
    this.finish()
  }

  /** Whether children are to wait for documents to come. */
  get waitsForWork(): boolean {
    return this.open
  }

  /** Starts one more child: the one the command line started early (prestart.ts), or a new one. */
  start(): void {
    this.alive++
    new DocumentChild(this, takeDocumentProcess())
  }

  /** Counts `c` in, with `check` run at every watch tick while it lives. */
  join(c: ChildProcess, check: () => void): void {
    this.children.add(c)
    this.watchers.push(check)
  }

  /** Counts `c` out at its exit. */
  leave(c: ChildProcess, check: () => void, child: DocumentChild): void {
    this.idle.delete(child)
    this.alive--
    this.children.delete(c)
    this.watchers.splice(this.watchers.indexOf(check), 1)
  }

  /** Keeps the run open until `d`, an outcome's delivery, has settled. */
  delivers(d: Promise<void>): void {
    this.delivering.add(d)
    void d.finally(() => this.delivering.delete(d))
  }

  /** Ends the run once no child is alive, after the outcomes being delivered. */
  finish(): void {
    if (this.settled || this.alive > 0 || this.open) return
    this.settled = true
    clearInterval(this.watch)
    void Promise.allSettled([...this.delivering]).then(() => (this.fatal ? this.rejectAll(this.fatal) : this.resolveAll()))
  }

  /** Whether files are left to hand out, new or to be run again. */
  hasWork(): boolean {
    return this.again.length > 0 || this.nextFile < this.work.tasks.length
  }

  /**
   * Whether document `id`, stopped by the page timeout while reading the images of `pages`, is to be run again with
   * them unread: once per page, at most {@link MAX_RUNS_AGAIN} times a document, so that a document whose every page
   * hangs still ends.
   */
  runAgainWithout(id: number, pages: ReadonlySet<number>): boolean {
    const unread = this.unread.get(id) ?? new Set<number>()
    const fresh = [...pages].filter((p) => !unread.has(p))
    if (!fresh.length || (this.runsAgain.get(id) ?? 0) >= MAX_RUNS_AGAIN) return false
    for (const p of fresh) unread.add(p)
    this.unread.set(id, unread)
    this.runsAgain.set(id, (this.runsAgain.get(id) ?? 0) + 1)
    return true
  }

  /** Records the run's first fatal error and kills every child. */
  stopAll(e: Error): void {
    this.fatal ??= e
    this.open = false
    for (const c of this.children) c.kill('SIGKILL')
  }
}

/**
 * One child process of a {@link ChildPool} and the document it holds: it is fed a file at a time, its records and
 * outcomes are passed on, and at its exit the file it still held fails (a crash or a limit) and it is replaced while
 * work remains.
 */
class DocumentChild {
  private current: number | undefined
  private startedAt = 0
  private readonly page: PageClock
  private reportedRss: number | undefined
  private killedFor: TriageError | undefined
  /** Set when the child is stopped reading a page's image and its document is to be run again without it. */
  private runAgain = false
  /** The pages of the current document whose image is being rendered, and being read. */
  private readonly imageBusy = { render: new Set<number>(), read: new Set<number>() }
  /** The last page of the current document recorded: a run again goes over the pages before it, recorded once. */
  private recordedUpTo = 0
  private crash: string | undefined
  private closing = false
  // Set at the child's exit. Its IPC channel may still read as connected then, so `c.connected` cannot tell:
  // a file fed to a child already gone would be recorded by nobody.
  private gone = false

  constructor(
    private readonly pool: ChildPool,
    private readonly c: ChildProcess,
  ) {
    this.page = new PageClock(() => c.pid)
    c.send({ type: 'init', options: pool.work.options } satisfies ToWorker)
    pool.join(c, this.check)
    c.on('message', (m: FromWorker) => this.onMessage(m))
    c.on('error', () => {}) // a failed send to a dying child; its exit says the rest
    c.on('exit', (code, signal) => this.onExit(code, signal))
  }

  /** At each watch tick: kills the child when the document it holds is over a limit. */
  private readonly check = () => {
    if (this.current === undefined || this.killedFor) return
    const c = this.c
    this.page.tick()
    const e = overLimits(
      this.pool.fileOf(this.current),
      this.pool.work.limits,
      this.startedAt,
      this.page,
      () => (c.pid !== undefined ? procRssMb(c.pid) : undefined) ?? this.reportedRss,
    )
    if (e) this.overLimit(e)
  }

  private overLimit(e: TriageError): void {
    if (this.killedFor || this.current === undefined) return
    this.killedFor = e
    // A page that ran past its time while its image was being read (a render pdf.js cannot interrupt, a reading that
    // never returns) is not worth the document: run it again with that image unread, its verdict from its characters.
    // A render holds the thread, so the pages whose reading waits behind it are not to blame: a render names its page
    // alone; without one, every page being read is left unread.
    const { render, read } = this.imageBusy
    const blamed = render.size ? render : read
    this.runAgain = e.code === 'PAGE_TIMEOUT' && blamed.size > 0 && this.pool.runAgainWithout(this.current, blamed)
    this.c.kill('SIGKILL')
  }

  /** Hands the child the next file, or asks it to close when none is left (or the run failed); an open pool's waits. */
  feed(): void {
    const pool = this.pool
    if (this.gone) return
    if (!pool.fatal && !pool.hasWork() && pool.waitsForWork) {
      pool.idle.add(this)
      return
    }
    if (pool.fatal || !pool.hasWork()) {
      if (!this.closing) {
        this.closing = true
        this.c.send({ type: 'close' } satisfies ToWorker)
      }
      return
    }
    const again = pool.again.shift()
    const current = (this.current = again ?? pool.nextFile++)
    this.startedAt = Date.now()
    this.page.reset(this.startedAt)
    this.imageBusy.render.clear()
    this.imageBusy.read.clear()
    this.recordedUpTo = pool.recordedUpTo.get(current) ?? 0
    if (again === undefined) pool.work.sink.started?.(current)
    const t = pool.work.tasks[current]!
    const unread = pool.unread.get(current)
    this.c.send({
      type: 'file',
      id: current,
      file: t.file,
      ...(t.range ? { range: t.range } : {}),
      ...(t.retryFailed ? { retryFailed: true as const } : {}),
      ...(unread ? { unread: { pages: [...unread].sort((a, b) => a - b), reason: this.unreadReason() } } : {}),
      ...(pool.work.sink.progress ? { progress: true } : {}),
    } satisfies ToWorker)
  }

  /** Passes a document's outcome on; once it is delivered, the child is fed the next file. */
  private deliver(id: number, o: FileOutcome): void {
    const d = this.pool.work.order.done(id, o).then(
      () => {
        this.pool.forget(id)
        if (!this.closing && !this.gone && this.c.connected) this.feed()
      },
      (e: Error) => this.pool.stopAll(e),
    )
    this.pool.delivers(d)
  }

  /** Records document `id` as failed with `e` (its hash when known). */
  private fail(id: number, e: TriageError): void {
    const file = this.pool.fileOf(id)
    const hash = this.pool.work.tasks[id]?.hash ?? this.pool.work.control.hashes?.[id]
    const rec = errorRecord(file, e, hash)
    this.pool.work.order.record(id, rec)
    const outcome: FileOutcome = { file, status: 'failed', error: rec, pagesOcred: 0, pagesNeedingOcr: 0, seconds: (Date.now() - this.startedAt) / 1000 }
    if (hash) outcome.hash = hash
    this.deliver(id, outcome)
  }

  private onMessage(m: FromWorker): void {
    if (m.type === 'ready') this.feed()
    else if (m.type === 'record') {
      if (m.id !== this.current) return
      if (m.rec.type === 'page') {
        this.page.reset()
        // A document run again goes over the pages recorded before it was stopped: they are recorded once.
        if (m.rec.page <= this.recordedUpTo) return
        this.recordedUpTo = m.rec.page
      }
      this.pool.work.order.record(m.id, m.rec)
    } else if (m.type === 'image') {
      if (m.id !== this.current) return
      if (m.busy) this.imageBusy[m.work].add(m.page)
      else this.imageBusy[m.work].delete(m.page)
    } else if (m.type === 'held') {
      if (m.id === this.current) this.page.reset()
    } else if (m.type === 'progress') {
      if (m.id === this.current) this.pool.work.sink.progress?.(m.ev, m.id)
    } else if (m.type === 'rss') this.reportedRss = m.mb
    else if (m.type === 'done') {
      if (m.id !== this.current) return
      this.current = undefined
      this.deliver(m.id, m.outcome)
    } else if (m.type === 'crash') this.crash = m.message
    else if (m.type === 'fatal') {
      this.pool.stopAll(new TriageError((m.error.code as TriageError['code']) ?? 'CONFIG_INVALID', m.error.message, m.error.path ? { path: m.error.path } : {}))
      this.closing = true
    } else if (m.type === 'closed') this.c.disconnect()
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    const pool = this.pool
    this.gone = true
    pool.leave(this.c, this.check, this)
    if (this.current !== undefined && !pool.fatal) {
      const id = this.current
      this.current = undefined
      if (this.runAgain) {
        pool.again.push(id)
        pool.recordedUpTo.set(id, this.recordedUpTo)
      } else this.fail(id, this.killedFor ?? this.crashed(pool.fileOf(id), code, signal))
    }
    // A child that died while work remains is replaced; one that was closing is not.
    if (!this.closing && !pool.fatal && pool.hasWork()) pool.start()
    pool.finish()
  }

  /** Why a document run again leaves some pages' images unread, for their notes. */
  private unreadReason(): string {
    return `its render or reading ran past the page timeout of ${seconds(this.pool.work.limits.pageTimeoutMs)} in an earlier run of the document`
  }

  /** The error of a file whose process ended without a limit stopping it. */
  private crashed(file: string, code: number | null, signal: NodeJS.Signals | null): TriageError {
    return new TriageError(
      'WORKER_CRASHED',
      `The process reading \`${file}\` ${this.crash ? `failed: ${this.crash}` : `ended (${signal ?? `exit code ${code}`})`}. The file is recorded as failed with its hash; ` +
        'a rerun tries it again only with --redo-failed',
      { file },
    )
  }
}
