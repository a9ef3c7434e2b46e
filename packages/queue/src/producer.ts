// The producer of a queued batch (`pdftriage run --queue`): the inputs listed and hashed, the plan written, one job
// added per new document, and the index collected as completions come in.
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { batchDigest, expandInputs, hasFailedPages, missingError, type BatchEvent, type BatchSummary, type RunBatchOptions } from '@pdftriage/batch'
import { readAndHash } from '@pdftriage/core'
import { Collector } from './collector.js'
import { CLOSE_GRACE_MS, closeWithin, connectionOptions, loadBullmq, parseQueueUrl, unreachable, type QueueAddress } from './connection.js'
import { donePath, jobIdOf, newQueueName, publishQueueName, readQueueName, writePlan, type JobData, type PlanEntry } from './ledger.js'

/** Options of a queued batch: those of a local one (but `jobs`, `redo`, `redoFailed`), plus the queue. */
export interface QueuedBatchOptions extends Omit<RunBatchOptions, 'jobs' | 'redo' | 'redoFailed' | 'pluginDirs'> {
  /** `redis://HOST:PORT[/DB]`. */
  queue: string
  /** Tries of a document before it is a `failed` row (input errors such as not-a-PDF are not retried). Default 3. */
  attempts?: number
  /** Wait before the first retry of a failed document, ms, doubling after. Default 1000. */
  backoffMs?: number
  /** Collect rows as workers complete documents, until every planned document is in the index. Default true. */
  collect?: boolean
  /** Give up on Redis after this long without a connection, ms. Default 60000. */
  retryForMs?: number
  /**
   * How often to look for completions whose event was missed (a Redis restart drops its event stream), and for
   * jobs Redis lost, ms. Default 2000: one stat per pending document each time.
   */
  scanMs?: number
  /**
   * Keep completed jobs in Redis (for `status` counts). Default true. Each costs about 2-6 KB of Redis memory
   * (tools/bench/queue-bench.mjs); correctness does not need them: the completion records in the output folder are
   * what stops a document from being done twice.
   */
  keepCompleted?: boolean
}

/** Events of a queued batch: a local batch's, and the queue's own. */
export type QueuedBatchEvent =
  | BatchEvent
  /** Jobs handed to the queue: `submitted` new ids (ids already queued are not added twice), `alreadyDone` skipped. */
  | { type: 'enqueued'; submitted: number; alreadyDone: number; queue: string }
  /** Something about the queue for the log: a lost connection and its retries, another collector holding the lock. */
  | { type: 'notice'; message: string }

/** Jobs added per Redis round trip: 500 keeps each MULTI under about 0.5 MB of job data. */
const ADD_CHUNK = 500

/**
 * The producer of a queued batch: lists and hashes the inputs as a local run does (unchanged inputs skipped, copies
 * listed as duplicates), writes its plan into the output folder, and adds one job per new document, keyed by
 * content hash and config digest (two producers or a rerun never add a document twice). Then, unless `collect` is
 * false or another collector holds the index, it appends the index rows as completions arrive from the workers,
 * until every planned document is in. Rejects when the configuration cannot be loaded or Redis cannot be reached.
 */
export async function runQueued(o: QueuedBatchOptions, onEvent: (e: QueuedBatchEvent) => void = () => {}): Promise<BatchSummary> {
  const t0 = performance.now()
  const cwd = o.cwd ?? process.cwd()
  const out = resolve(cwd, o.outDir)
  const address = parseQueueUrl(o.queue)
  await mkdir(out, { recursive: true })
  const collector = new Collector(out, onEvent)
  for (const fix of collector.fixes) onEvent({ type: 'resumed', message: fix })
  const index = collector.index
  const digest = await batchDigest({ ...o, cwd })
  const { files, missing } = await expandInputs([...o.inputs], o.filter ?? {}, cwd)

  const summary = collector.summary
  const plan: PlanEntry[] = []
  for (const m of missing) {
    const e = missingError(m)
    plan.push({ path: m, digest, error: { code: e.code, message: e.message } })
  }
  const claimed = new Map<string, string>() // hash -> first path of this plan
  const jobs = new Map<string, JobData>()
  for (const file of files) {
    let hash: string
    try {
      hash = (await readAndHash(resolve(cwd, file))).hash
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message
      plan.push({ path: file, digest, error: { code: 'FILE_UNREADABLE', message: `Cannot read ${file}: ${code}. Check the path and its permissions.` } })
      continue
    }
    const prev = index.latest(file)
    if (prev && prev.hash === hash && prev.config === digest) {
      summary.unchanged++
      if (prev.status === 'failed') summary.stillFailed++
      else if (hasFailedPages(prev)) summary.stillFailedPages++
      onEvent({ type: 'unchanged', file, status: prev.status as 'done' | 'failed' | 'duplicate' })
      continue
    }
    const first = claimed.get(hash) ?? index.doneByHash(hash, digest)?.path
    if (first && first !== file) {
      plan.push({ path: file, digest, hash, duplicateOf: first })
      continue
    }
    claimed.set(hash, file)
    const job = jobIdOf(hash, digest)
    const data: JobData = { path: file, cwd, hash, digest, pdf: o.pdf === true }
    if (o.configFile) data.configFile = resolve(cwd, o.configFile)
    if (o.model) data.model = resolve(cwd, o.model)
    if (o.policy) data.policy = o.policy
    if (o.languages) data.languages = [...o.languages]
    if (o.pdfOptions && Object.keys(o.pdfOptions).length) data.pdfOptions = { ...o.pdfOptions }
    plan.push({ path: file, digest, hash, job, data })
    jobs.set(job, data)
  }
  if (plan.length) await writePlan(out, plan)
  onEvent({ type: 'planned', inputs: files.length + missing.length, todo: jobs.size })

  const lockHolder = o.collect === false ? 'not collecting' : collector.lock()
  try {
    if (lockHolder && o.collect !== false)
      onEvent({ type: 'notice', message: `another collector (${lockHolder}) writes the index: this producer only enqueues` })
    if (!lockHolder) {
      collector.reload()
      collector.step() // rows that need no worker: missing inputs, duplicates, documents already done
    }
    const todo = [...jobs].filter(([id]) => !existsSync(donePath(out, id)))
    if (!todo.length && (lockHolder || !collector.hasPending())) {
      onEvent({ type: 'enqueued', submitted: 0, alreadyDone: jobs.size, queue: address.display })
      return summary
    }
    await enqueueAndCollect(o, address, out, todo, jobs.size - todo.length, lockHolder ? undefined : collector, onEvent)
    return summary
  } finally {
    if (!lockHolder) await collector.close()
    summary.seconds = (performance.now() - t0) / 1000
  }
}

/**
 * The producer's link to Redis: a connection that retries for `retryForMs` and then gives up (every Redis call is
 * guarded by that), and, when it collects, the completions and failures its queues' events report.
 */
class ProducerLink {
  private lastError: unknown
  private giveUp: () => void = () => {}
  // Settles (rejects) only once the connection budget is spent: every Redis call races it.
  private readonly gaveUp: Promise<never>
  readonly guard: Guard
  /** Wakes the collecting loop; set while it waits. */
  wake: () => void = () => {}
  private readonly connection: Record<string, unknown>
  /** Jobs an event said completed or failed, not yet looked at. */
  readonly dirty = new Set<string>()
  readonly failedJobs = new Set<string>()

  constructor(
    private readonly bull: Bullmq,
    address: QueueAddress,
    retryForMs: number,
    private readonly listen: boolean,
    onEvent: (e: QueuedBatchEvent) => void,
  ) {
    this.gaveUp = new Promise<never>((_, rej) => (this.giveUp = () => rej(unreachable(address, this.lastError, retryForMs))))
    this.gaveUp.catch(() => {})
    this.guard = (p) => Promise.race([p, this.gaveUp])
    this.connection = connectionOptions(address, {
      retryForMs,
      onRetry: (message) => onEvent({ type: 'notice', message }),
      onGiveUp: () => {
        this.giveUp()
        this.wake()
      },
    })
  }

  /** Queue `name`, with its events when collecting. */
  open(name: string) {
    const q = new this.bull.Queue(name, { connection: this.connection })
    const ev = this.listen ? new this.bull.QueueEvents(name, { connection: this.connection }) : undefined
    q.on('error', (e) => (this.lastError = e))
    ev?.on('error', (e) => (this.lastError = e))
    ev?.on('completed', ({ jobId }) => {
      this.dirty.add(jobId)
      this.wake()
    })
    ev?.on('failed', ({ jobId }) => {
      this.failedJobs.add(jobId)
      this.dirty.add(jobId)
      this.wake()
    })
    return { q, ev }
  }

  /** Resolves true at an event, false after `scanMs` without one. */
  async nextEvent(scanMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const woke = await this.guard(
      new Promise<boolean>((res) => {
        this.wake = () => res(true)
        timer = setTimeout(() => res(false), scanMs)
        if (this.dirty.size) res(true)
      }),
    )
    clearTimeout(timer)
    this.wake = () => {}
    return woke
  }
}

type Opened = ReturnType<ProducerLink['open']>

/** The options every job is added with. */
type JobOptions = { attempts: number; backoff: { type: string; delay: number }; removeOnComplete: boolean; removeOnFail: boolean }

async function enqueueAndCollect(
  o: QueuedBatchOptions,
  address: QueueAddress,
  out: string,
  todo: Array<[string, JobData]>,
  alreadyDone: number,
  collector: Collector | undefined,
  onEvent: (e: QueuedBatchEvent) => void,
): Promise<void> {
  const bull = await loadBullmq()
  const link = new ProducerLink(bull, address, o.retryForMs ?? 60000, collector !== undefined, onEvent)
  const lost = new Map<string, string>()
  // A folder without a queue gets its name only once this producer's jobs are in (see below): until then no worker
  // can take them, and a worker that waited for the name (with exitWhenIdle) never finds the queue empty before them.
  const published = await readQueueName(out)
  const proposed = published ?? newQueueName()
  const opened: { now: Opened; orphan?: Opened['q'] } = { now: link.open(proposed) }
  try {
    const opts: JobOptions = {
      attempts: o.attempts ?? 3,
      backoff: { type: 'exponential', delay: o.backoffMs ?? 1000 },
      // Kept for `status` (see keepCompleted); a failed job keeps its reason for the collector.
      removeOnComplete: o.keepCompleted === false,
      removeOnFail: false,
    }
    await enqueue(link, opened, out, published, proposed, todo, opts)
    onEvent({ type: 'enqueued', submitted: todo.length, alreadyDone, queue: address.display })
    if (!collector) return
    await collect(link, opened.now.q, collector, opts, lost, o.scanMs ?? 2000)
  } finally {
    await closeWithin([opened.now.ev, opened.now.q, opened.orphan], CLOSE_GRACE_MS)
  }
}

/**
 * Adds the jobs to the queue proposed, then publishes its name. When another producer published its queue first, the
 * jobs go there (BullMQ keeps one job per id), and this producer's queue, which no worker could see, is removed.
 */
async function enqueue(
  link: ProducerLink,
  opened: { now: Opened; orphan?: Opened['q'] },
  out: string,
  published: string | undefined,
  proposed: string,
  todo: Array<[string, JobData]>,
  opts: JobOptions,
): Promise<void> {
  // Listen before adding, so no completion is missed.
  if (opened.now.ev) await link.guard(opened.now.ev.waitUntilReady())
  const addAll = async () => {
    for (let i = 0; i < todo.length; i += ADD_CHUNK) {
      await link.guard(opened.now.q.addBulk(todo.slice(i, i + ADD_CHUNK).map(([jobId, data]) => ({ name: 'document', data, opts: { ...opts, jobId } }))))
    }
  }
  await addAll()
  const name = published ?? (await publishQueueName(out, proposed))
  if (name === proposed) return
  const orphan = (opened.orphan = opened.now.q)
  await closeWithin([opened.now.ev], CLOSE_GRACE_MS)
  opened.now = link.open(name)
  if (opened.now.ev) await link.guard(opened.now.ev.waitUntilReady())
  await addAll()
  await link.guard(orphan.obliterate({ force: true }))
}

/**
 * Steps the collector at each completion or failure the events report until nothing is pending; after a while
 * without one, looks at every pending record (an event lost in a Redis restart) and at what Redis has.
 */
async function collect(link: ProducerLink, queue: BullQueue, collector: Collector, opts: JobOptions, lost: Map<string, string>, scanMs: number): Promise<void> {
  while (collector.hasPending()) {
    const woke = await link.nextEvent(scanMs)
    const ids = new Set(link.dirty)
    link.dirty.clear()
    for (const id of ids) if (link.failedJobs.has(id)) await noteLost(queue, id, lost, link.guard)
    if (woke) {
      collector.step(ids, lost)
      continue
    }
    // No event for a while: look at every pending record (an event lost in a Redis restart), and at what Redis has.
    collector.reload()
    collector.step(undefined, lost)
    await readd(queue, collector, opts, lost, link.guard)
  }
}

type Guard = <T>(p: Promise<T>) => Promise<T>
type Bullmq = typeof import('bullmq')
/** The few Queue methods used here (BullMQ's Queue type is generic over its backend). */
type BullQueue = Pick<import('bullmq').Queue, 'getJob' | 'getJobState' | 'getJobCounts' | 'add'>

/** A job that failed for good without a completion record (stalled too often, refused by every worker): its reason. */
async function noteLost(queue: BullQueue, id: string, lost: Map<string, string>, guard: Guard): Promise<void> {
  const job = await guard(queue.getJob(id))
  if (job && (await guard(job.getState())) === 'failed') lost.set(id, job.failedReason || 'failed')
}

/**
 * Pending jobs that Redis no longer has (a restart without persistence) are added again under the same ids, from
 * their plan entries; those that failed for good are noted. Asked only when nothing is waiting or running, so a
 * busy queue costs nothing.
 */
async function readd(queue: BullQueue, collector: Collector, opts: object, lost: Map<string, string>, guard: Guard): Promise<void> {
  const c = await guard(queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'))
  if (Object.values(c).some((n) => n > 0)) return
  for (const [id, data] of collector.pendingJobs()) {
    const state = await guard(queue.getJobState(id))
    if (state === 'failed') await noteLost(queue, id, lost, guard)
    else if (state === 'unknown') await guard(queue.add('document', data, { ...opts, jobId: id }))
  }
  collector.step(undefined, lost)
}
