// A queue worker (`pdftriage worker`): documents taken from the queue, processed with the batch's session, outputs
// then a completion record written into the output folder, and only then the job completed.
import { availableParallelism, hostname } from 'node:os'
import { dirname, resolve } from 'node:path'
import { DocumentRunner, batchDigest, emptyRow, outcomeRow, pageLines, type DocumentLimits, type PageRecord, type SessionOptions } from '@pdftriage/batch'
import { TriageError, type Policy } from '@pdftriage/core'
import { CLOSE_GRACE_MS, connectionOptions, settlesWithin, loadBullmq, parseQueueUrl, unreachable } from './connection.js'
import { jobIdOf, queueNamePath, readCompletion, readQueueName, writeCompletion, type Completion, type JobData } from './ledger.js'
import { QUEUE_WAIT_POLL_MS, waitForFile } from './wait.js'

/** Options of {@link runWorker}. */
export interface QueueWorkerOptions {
  /** `redis://HOST:PORT[/DB]`. */
  queue: string
  /** The output folder the producer named (this machine's path to it). */
  outDir: string
  cwd?: string
  /**
   * Documents at once, each in a document process of the batch's (under `limits`). Default 1: a document's extraction
   * holds its process's thread, OCR has its own workers.
   */
  concurrency?: number
  /**
   * Bounds on each document, as a local run's (`runBatch`'s `limits`): a document over one fails alone with its typed
   * error (`DOC_TIMEOUT`, `PAGE_TIMEOUT`, `DOC_TOO_LARGE`), a page stopped while its image was read costs that page
   * alone. Default: the batch's `DEFAULT_LIMITS`, the memory the machine's share for each of `concurrency` documents.
   */
  limits?: Partial<DocumentLimits>
  /** Folders plugins resolve from after the config's folder. */
  pluginDirs?: string[]
  /**
   * How long a job stays claimed without a heartbeat, ms; a worker killed mid-document loses its job to another after
   * about this. Default 30000 (BullMQ's): a document whose extraction holds the thread longer is taken for stalled.
   */
  lockMs?: number
  /** How often this worker looks for stalled jobs of dead workers, ms. Default 30000 (BullMQ's). */
  stalledCheckMs?: number
  /** Times a job may stall (its worker lost) before it fails for good. Default 2. */
  maxStalled?: number
  /**
   * Stop once nothing is waiting, delayed or running in the queue (for scripts and tests). Default false: a service,
   * which runs until `signal`, waiting for the next jobs whenever the queue is drained.
   */
  exitWhenIdle?: boolean
  /** How often an idle worker with `exitWhenIdle` asks whether the queue is empty, ms. Default 1000. */
  idleCheckMs?: number
  /**
   * While the output folder has no queue yet (no producer has enqueued), how often to look for its `queue/name`
   * besides watching for it, ms. Default {@link QUEUE_WAIT_POLL_MS}: watch events do not come on NFS-like folders.
   */
  queueWaitPollMs?: number
  /** Stops the worker: it finishes the documents it holds, then resolves. */
  signal?: AbortSignal
  /** Give up on Redis after this long without a connection, ms. Default 60000. */
  retryForMs?: number
  /**
   * Once its documents are done, how long a stopping worker waits for its Redis connections to close, ms; then it drops
   * them. Default 5000 ({@link CLOSE_GRACE_MS}).
   */
  closeGraceMs?: number
}

/** What a worker reports. */
export type QueueWorkerEvent =
  | { type: 'waiting-for-queue'; outDir: string }
  | { type: 'ready'; queue: string; name: string }
  | { type: 'job-started'; file: string; job: string; attempt: number }
  | { type: 'page-done'; file: string; job: string; page: PageRecord }
  | { type: 'job-done'; file: string; job: string; status: 'done' | 'failed' | 'already-done'; code?: string }
  | { type: 'job-retry'; file: string; job: string; code: string; message: string }
  | { type: 'notice'; message: string }

/** What a worker did. */
export interface QueueWorkerSummary {
  done: number
  failed: number
  alreadyDone: number
}

/** Errors that trying again cannot fix: the document fails at once. */
const PERMANENT = new Set(['PDF_INVALID', 'PDF_ENCRYPTED', 'PDF_EMPTY', 'PAGE_TOO_LARGE', 'OUTPUT_PATH_INVALID'])

/**
 * A queue worker: takes documents from the queue of `outDir`, processes each in a document process of the batch
 * library's (its `DocumentRunner`: the limits and reruns of a local run), which writes its outputs atomically into
 * `outDir`, then writes its completion record (the collector's input), and only then completes
 * the job. A worker killed mid-document leaves no record: BullMQ's stalled check hands the job to another worker,
 * which writes everything again. A document that fails `attempts` times (at once for input errors) leaves a `failed`
 * record. On a folder with no queue yet it waits for one (`waiting-for-queue`). Resolves when stopped (`signal`) or
 * idle (`exitWhenIdle`); rejects when Redis stays out of reach.
 */
export async function runWorker(o: QueueWorkerOptions, onEvent: (e: QueueWorkerEvent) => void = () => {}): Promise<QueueWorkerSummary> {
  const cwd = o.cwd ?? process.cwd()
  const out = resolve(cwd, o.outDir)
  const address = parseQueueUrl(o.queue)
  const name = await queueNameOrWait(out, o, onEvent)
  if (!name) return { done: 0, failed: 0, alreadyDone: 0 }
  const { Worker, UnrecoverableError } = await loadBullmq()
  const concurrency = o.concurrency ?? 1
  const retryForMs = o.retryForMs ?? 60000
  const summary: QueueWorkerSummary = { done: 0, failed: 0, alreadyDone: 0 }
  const { runners, runnerFor } = runnerCache(out, o, concurrency)

  let fail: (e: unknown) => void = () => {}
  const failed = new Promise<never>((_, rej) => (fail = rej))
  failed.catch(() => {})
  let lastError: unknown
  const connection = connectionOptions(address, {
    retryForMs,
    onRetry: (message) => onEvent({ type: 'notice', message }),
    onGiveUp: () => fail(unreachable(address, lastError, retryForMs)),
  })

  // The documents in hand: a stopping worker waits for them, however long, before it bounds its wait for Redis.
  const inHand = new Set<Promise<unknown>>()
  const processJob = (job: import('bullmq').Job) => runJob(job, { out, runnerFor, summary, onEvent, UnrecoverableError })
  const worker = new (droppable(Worker))(
    name,
    (job) => {
      const p = processJob(job)
      inHand.add(p)
      void p.then(
        () => inHand.delete(p),
        () => inHand.delete(p),
      )
      return p
    },
    {
      connection,
      concurrency,
      autorun: false,
      lockDuration: o.lockMs ?? 30000,
      stalledInterval: o.stalledCheckMs ?? 30000,
      maxStalledCount: o.maxStalled ?? 2,
    },
  )
  worker.on('error', (e) => {
    lastError = e
  })
  const { Queue } = await loadBullmq()
  const counts = o.exitWhenIdle ? new Queue(name, { connection }) : undefined
  const { idle, stop: stopIdleCheck } = idleOrStopped(o, counts)
  try {
    await Promise.race([worker.waitUntilReady(), failed])
    onEvent({ type: 'ready', queue: address.display, name: `${name} on ${hostname()}` })
    void worker.run().catch((e) => fail(e))
    await Promise.race([idle, failed])
  } finally {
    stopIdleCheck()
    await closeWorker(worker, counts, inHand, o, onEvent)
    await Promise.allSettled([...runners.values()].map((s) => s.then((x) => x.runner.close())))
  }
  return summary
}

/**
 * BullMQ's worker, able to drop its connections when its close cannot finish: it stops its lock renewal (a timer
 * the close would have stopped) and its wait between stalled checks, then disconnects.
 */
function droppable(Worker: typeof import('bullmq').Worker) {
  return class DroppableWorker extends Worker {
    drop(): void {
      void this.lockManager.close()
      // Private in BullMQ 6.7.0 (pinned); without it the stalled check ends at its next turn (stalledCheckMs).
      ;(this as unknown as { stalledCheckStopper?: () => void }).stalledCheckStopper?.()
      void this.disconnect().catch(() => {})
    }
  }
}

/**
 * Closing first stops the worker taking jobs; it finishes the ones in hand. BullMQ's close can then wait forever on a
 * connection that was waiting to reconnect (Redis down, or restarted and not yet seen again): bounded by
 * `closeGraceMs` after the last document, then the connections are dropped.
 */
async function closeWorker(
  worker: InstanceType<ReturnType<typeof droppable>>,
  counts: import('bullmq').Queue | undefined,
  inHand: ReadonlySet<Promise<unknown>>,
  o: QueueWorkerOptions,
  onEvent: (e: QueueWorkerEvent) => void,
): Promise<void> {
  const closing = Promise.allSettled([worker.close(), counts?.close()])
  await Promise.allSettled([...inHand])
  const grace = o.closeGraceMs ?? CLOSE_GRACE_MS
  if (!(await settlesWithin(closing, grace))) {
    onEvent({ type: 'notice', message: `Redis connections not closed ${grace / 1000} s after the last document (Redis out of reach): dropped` })
    worker.drop()
    void counts?.disconnect().catch(() => {})
  }
}

/**
 * The BullMQ queue name of `out`; on a folder with no queue yet (a worker started before any producer, as a service),
 * waits for the first producer to publish it. `undefined` when stopped while waiting.
 */
async function queueNameOrWait(out: string, o: QueueWorkerOptions, onEvent: (e: QueueWorkerEvent) => void): Promise<string | undefined> {
  let name = await readQueueName(out)
  if (!name) {
    // Started before any producer (a service): the first producer publishes the name once its jobs are in.
    onEvent({ type: 'waiting-for-queue', outDir: out })
    const pollMs = o.queueWaitPollMs ?? QUEUE_WAIT_POLL_MS
    if (!(await waitForFile(queueNamePath(out), { pollMs, top: dirname(out), ...(o.signal ? { signal: o.signal } : {}) }))) return undefined
    name = await readQueueName(out)
    if (!name) throw new TriageError('USAGE', `${queueNamePath(out)} is empty: remove it and rerun the producer`)
  }
  return name
}

/** What runs the documents of one job setting: its document processes, and its configuration digest. */
interface JobRunner {
  runner: DocumentRunner
  digest: string
}

/**
 * One runner (and its configuration digest) per distinct job setting, made on first use and kept for the next jobs;
 * one whose configuration could not be loaded is made again for the next job.
 */
function runnerCache(out: string, o: QueueWorkerOptions, concurrency: number) {
  const runners = new Map<string, Promise<JobRunner>>()
  const runnerFor = async (d: JobData): Promise<JobRunner> => {
    const key = JSON.stringify([d.cwd, d.configFile, d.model, d.policy, d.languages, d.pdf, d.pdfOptions])
    let s = runners.get(key)
    const made = await s?.catch(() => undefined)
    if (s && made?.runner.error && runners.get(key) === s) {
      runners.delete(key)
      s = undefined
    }
    if (!s) {
      const so: SessionOptions = {
        mode: 'run',
        cwd: d.cwd,
        out,
        pdf: d.pdf,
        ocrWorkers: Math.max(1, Math.floor(availableParallelism() / concurrency)),
        ...(d.configFile ? { configFile: d.configFile } : {}),
        ...(d.model ? { model: d.model } : {}),
        ...(d.policy ? { policy: d.policy as Policy } : {}),
        ...(d.languages ? { languages: d.languages } : {}),
        ...(d.pdfOptions ? { pdfOptions: d.pdfOptions } : {}),
        ...(o.pluginDirs ? { fallbackDirs: [...o.pluginDirs] } : {}),
      }
      // The digest first: a configuration that cannot be loaded fails here, before any process starts.
      s = batchDigest({ ...so, pdf: d.pdf }).then((digest) => ({ digest, runner: new DocumentRunner({ ...so, digest }, concurrency, o.limits) }))
      runners.set(key, s)
      s.catch(() => runners.delete(key))
    }
    return s
  }
  return { runners, runnerFor }
}

/** What a job needs of its worker. */
interface JobContext {
  out: string
  runnerFor: (d: JobData) => Promise<JobRunner>
  summary: QueueWorkerSummary
  onEvent: (e: QueueWorkerEvent) => void
  UnrecoverableError: typeof import('bullmq').UnrecoverableError
}

/**
 * One document of the queue: processed in a document process, its outputs written, then its completion record; a failure
 * is retried unless it is the last attempt or one trying again cannot fix, which records it failed.
 */
async function runJob(job: import('bullmq').Job, { out, runnerFor, summary, onEvent, UnrecoverableError }: JobContext): Promise<string> {
  const d = job.data as JobData
  const id = job.id ?? jobIdOf(d.hash, d.digest)
  if (readCompletion(out, id)) {
    // Done by a worker lost before it could tell Redis: the record is what counts.
    summary.alreadyDone++
    onEvent({ type: 'job-done', file: d.path, job: id, status: 'already-done' })
    return 'already-done'
  }
  const { runner, digest } = await runnerFor(d)
  if (digest !== d.digest) {
    throw new UnrecoverableError(
      `CONFIG_CHANGED: the configuration this worker reads (${digest}) is not the producer's (${d.digest}): the config or model file changed after enqueueing`,
    )
  }
  onEvent({ type: 'job-started', file: d.path, job: id, attempt: job.attemptsMade + 1 })
  const records: PageRecord[] = []
  const res = await runner.run({ file: d.path, hash: d.hash }, (r) => {
    if (r.type !== 'page') return
    records.push(r)
    onEvent({ type: 'page-done', file: d.path, job: id, page: r })
  })
  const row = outcomeRow(res, d.digest)
  if (res.hash && res.hash !== d.hash) {
    // Other bytes than the producer hashed: the row is this job's (its hash), failed; a rerun plans the new bytes.
    Object.assign(row, emptyRow(d.path, d.digest), {
      hash: d.hash,
      error_code: 'FILE_CHANGED',
      error_message: `${d.path} changed after it was enqueued: rerun the producer to process it`,
    })
    res.status = 'failed'
  }
  const c: Completion = { job: id, path: d.path, hash: d.hash, row, lines: [], files: {}, actions: {} }
  if (res.status === 'done') {
    Object.assign(c, { lines: pageLines(records, res.outputs), files: { ...(res.outputs?.files ?? {}) }, actions: { ...(res.document?.actions ?? {}) } })
    await writeCompletion(out, c)
    summary.done++
    onEvent({ type: 'job-done', file: d.path, job: id, status: 'done' })
    return 'done'
  }
  const reason = `${row.error_code}: ${row.error_message}`
  const last = PERMANENT.has(row.error_code) || row.error_code === 'FILE_CHANGED' || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
  if (!last) {
    onEvent({ type: 'job-retry', file: d.path, job: id, code: row.error_code, message: row.error_message })
    throw new Error(reason)
  }
  await writeCompletion(out, c)
  summary.failed++
  onEvent({ type: 'job-done', file: d.path, job: id, status: 'failed', code: row.error_code })
  throw new UnrecoverableError(reason)
}

/** Resolves when `o.signal` stops the worker or, with `exitWhenIdle`, when `counts` finds the queue empty. */
function idleOrStopped(o: QueueWorkerOptions, counts: import('bullmq').Queue | undefined): { idle: Promise<void>; stop: () => void } {
  let timer: NodeJS.Timeout | undefined
  const idle = new Promise<void>((res) => {
    o.signal?.addEventListener('abort', () => res(), { once: true })
    if (o.signal?.aborted) res()
    if (!counts) return
    const check = async () => {
      try {
        const n = await counts.getJobCounts('waiting', 'active', 'delayed', 'prioritized')
        if (Object.values(n).every((x) => x === 0)) return res()
      } catch {
        // A lost connection: the retry budget decides; ask again later.
      }
      timer = setTimeout(() => void check(), o.idleCheckMs ?? 1000)
    }
    timer = setTimeout(() => void check(), o.idleCheckMs ?? 1000)
  })
  return { idle, stop: () => clearTimeout(timer) }
}
