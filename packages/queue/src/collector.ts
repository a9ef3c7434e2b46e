// The one writer of a queued batch's index: the rows of planned documents whose completion records are in, appended
// once each through the batch's index store, under a lock.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { IndexStore, countDone, emptyRow, emptySummary, type BatchEvent, type BatchSummary, type DocumentRow } from '@pdftriage/batch'
import { TriageError } from '@pdftriage/core'
import { QUEUE_DIR, readCompletion, readPlans, type Completion, type JobData, type PlanEntry } from './ledger.js'

/** Whether the index already holds the row a plan entry asks for (so collecting again appends nothing). */
function indexed(index: IndexStore, e: PlanEntry): boolean {
  const prev = index.latest(e.path)
  if (!prev || prev.config !== e.digest) return false
  if ('error' in e) return prev.status === 'failed' && prev.error_code === e.error.code
  return prev.hash === e.hash
}

/**
 * The one writer of a queued batch's index: appends the rows of plan entries whose completion records are in, through
 * the batch's {@link IndexStore} (the same append order, fsyncs and repair on open as a local run). Collecting is
 * idempotent: an entry whose row is in is skipped, so a killed collector, a document done twice (a worker lost after
 * writing its record) or a rerun never give a second row. Hold the lock ({@link Collector.lock}) while collecting.
 */
export class Collector {
  readonly index: IndexStore
  readonly fixes: string[]
  readonly summary: BatchSummary
  /** Pending entries that need no worker (unreadable inputs, duplicates), and those of each job. */
  private others: PlanEntry[] = []
  private byJob = new Map<string, Array<Extract<PlanEntry, { job: string }>>>()
  private lockPath: string | undefined

  constructor(
    readonly out: string,
    private readonly onEvent: (e: BatchEvent) => void = () => {},
  ) {
    this.index = new IndexStore(out)
    this.fixes = this.index.open()
    this.summary = emptySummary(out)
  }

  /**
   * Takes `queue/collector.lock` (pid and host), so that two producers or a producer and `collect` never append at
   * once. A lock left by a dead process of this host is taken over. Returns the holder when another one has it.
   */
  lock(): string | undefined {
    const path = join(this.out, QUEUE_DIR, 'collector.lock')
    mkdirSync(join(this.out, QUEUE_DIR), { recursive: true })
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx')
        writeSync(fd, `${process.pid} ${hostname()}\n`)
        closeSync(fd)
        this.lockPath = path
        return undefined
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      }
      let holder: string
      try {
        holder = readFileSync(path, 'utf8').trim()
      } catch {
        continue // released meanwhile
      }
      const [pid, host] = holder.split(' ')
      if (host !== hostname() || alive(Number(pid))) return `pid ${pid} on ${host}`
      rmSync(path, { force: true })
    }
    throw new TriageError('USAGE', `Cannot take ${path}: remove it if no collector is running`)
  }

  unlock(): void {
    if (this.lockPath) rmSync(this.lockPath, { force: true })
    this.lockPath = undefined
  }

  /** Reads the plans again (another producer may have added one); returns the entries not yet in the index. */
  reload(): PlanEntry[] {
    this.others = []
    this.byJob.clear()
    for (const e of readPlans(this.out)) {
      if (indexed(this.index, e)) continue
      if ('job' in e) {
        const a = this.byJob.get(e.job)
        if (a) a.push(e)
        else this.byJob.set(e.job, [e])
      } else this.others.push(e)
    }
    return this.pending()
  }

  /** Whether some planned input has no row yet. */
  hasPending(): boolean {
    return this.others.length > 0 || this.byJob.size > 0
  }

  /** Entries not yet in the index. */
  pending(): PlanEntry[] {
    return [...this.others, ...[...this.byJob.values()].flat()]
  }

  /** Jobs of pending entries with what a worker needs (one per document: copies share it). */
  pendingJobs(): Map<string, JobData> {
    return new Map([...this.byJob].map(([job, [e]]) => [job, e!.data]))
  }

  /**
   * Appends the rows that can be written now: inputs that could not be read, duplicates, and documents whose
   * completion record is in (`only`: look at these jobs only, as their events arrive; default every pending job).
   * `lost` gives the reason of a job that ended in Redis without a record (failed too often, stalled too often),
   * which makes a `failed` row. Returns the number of rows appended.
   */
  step(only?: ReadonlySet<string>, lost: ReadonlyMap<string, string> = new Map()): number {
    let appended = 0
    for (const e of this.others) {
      if (indexed(this.index, e)) continue // planned twice, or collected by another pass
      const base = emptyRow(e.path, e.digest)
      if ('error' in e) this.append({ ...base, error_code: e.error.code, error_message: e.error.message }, [], 'failed')
      else if ('duplicateOf' in e) this.append({ ...base, hash: e.hash, status: 'duplicate', duplicate_of: e.duplicateOf }, [], 'duplicate', e.duplicateOf)
      appended++
    }
    this.others = []
    for (const job of only ?? [...this.byJob.keys()]) {
      const entries = this.byJob.get(job)
      if (!entries) continue
      const c = readCompletion(this.out, job)
      const still = entries.filter((e) => {
        if (indexed(this.index, e)) return false
        const base = emptyRow(e.path, e.digest)
        // Same bytes planned under two paths (two producers, or a copy seen after its first was indexed): the worker
        // processed one path; the others are its duplicates.
        const first = c && c.path !== e.path ? c.path : c ? undefined : this.index.doneByHash(e.hash, e.digest)?.path
        if (c && c.path === e.path) this.append({ ...c.row }, c.lines, c.row.status === 'done' ? 'done' : 'failed', undefined, c)
        else if (first && first !== e.path) this.append({ ...base, hash: e.hash, status: 'duplicate', duplicate_of: first }, [], 'duplicate', first)
        else if (lost.has(job))
          this.append({ ...base, hash: e.hash, error_code: 'PLUGIN_FAILED', error_message: `The queue gave up on ${e.path}: ${lost.get(job)}` }, [], 'failed')
        else return true
        appended++
        return false
      })
      if (still.length) this.byJob.set(job, still)
      else this.byJob.delete(job)
    }
    this.flush()
    return appended
  }

  private batch: Array<{
    row: Omit<DocumentRow, 'pages_end'>
    pageLines: readonly string[]
    kind: 'done' | 'failed' | 'duplicate'
    of?: string
    c?: Completion
  }> = []

  /** Queues a row for {@link Collector.flush}. */
  private append(row: Omit<DocumentRow, 'pages_end'>, pageLines: readonly string[], kind: 'done' | 'failed' | 'duplicate', of?: string, c?: Completion): void {
    this.batch.push({ row, pageLines, kind, ...(of ? { of } : {}), ...(c ? { c } : {}) })
  }

  /** Appends the queued rows in one group commit (two fsyncs, not two a document), then tells each. */
  private flush(): void {
    const batch = this.batch
    this.batch = []
    this.index.appendMany(batch)
    const s = this.summary
    for (const { row, kind, of, c } of batch) {
      const full = this.index.latest(row.path)!
      if (kind === 'done') {
        countDone(s, c?.actions ?? {})
        this.onEvent({ type: 'document-done', file: row.path, row: full, files: { ...(c?.files ?? {}) } })
      } else if (kind === 'failed') {
        s.failed++
        this.onEvent({ type: 'failed', file: row.path, code: row.error_code, message: row.error_message, row: full })
      } else {
        s.duplicate++
        this.onEvent({ type: 'duplicate', file: row.path, of: of!, row: full })
      }
    }
  }

  /** Compacts the index (a path processed again keeps its newest row) and releases the lock. */
  async close(): Promise<void> {
    try {
      await this.index.compact()
    } finally {
      this.unlock()
    }
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
