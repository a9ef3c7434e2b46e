import { Worker } from 'node:worker_threads'
import { TriageError } from '@pdftriage/core'
import { errorRecord, type OutRecord } from './records.js'
import { Session, type FileOutcome, type SessionOptions } from './session.js'

/** Callbacks of {@link processFiles}. Records of one document are delivered together and documents in input order. */
export interface FileSink {
  /** A file was handed to a session (in dispatch order, not input order: several may be in flight). Optional. */
  started?(index: number): void
  record(r: OutRecord, index: number): void
  outcome(o: FileOutcome, index: number): void | Promise<void>
}

/** Messages between the main thread and document workers. */
type ToWorker = { type: 'file'; id: number; file: string; range?: PageRange } | { type: 'close' }
type FromWorker =
  | { type: 'ready' }
  | { type: 'fatal'; error: { code?: string; message: string; path?: string } }
  | { type: 'record'; id: number; rec: OutRecord }
  | { type: 'done'; id: number; outcome: FileOutcome }
  | { type: 'closed' }

/** 1-based inclusive pages of a document. */
export interface PageRange {
  from: number
  to: number
}

/** One unit of work: a file, or a range of its pages (a long document shared between workers). */
export interface Task {
  file: string
  range?: PageRange
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

/**
 * Processes files with `jobs` document workers (worker threads, one session each), or in this thread when `jobs` is 1.
 * A worker that dies loses only the file it held (reported as an error record) and is replaced.
 * Rejects only when the configuration cannot be loaded (exit code 2 territory).
 */
export async function processFiles(input: ReadonlyArray<string | Task>, options: SessionOptions, jobs: number, sink: FileSink): Promise<void> {
  const tasks: Task[] = input.map((t) => (typeof t === 'string' ? { file: t } : t))
  const files = tasks.map((t) => t.file)
  const order = new Orderer(sink)
  if (jobs <= 1 || tasks.length <= 1) {
    const session = await Session.create(options)
    try {
      for (let i = 0; i < tasks.length; i++) {
        sink.started?.(i)
        const o = await session.processFile(tasks[i]!.file, (r) => order.record(i, r), undefined, tasks[i]!.range)
        await order.done(i, o)
      }
    } finally {
      await session.close()
    }
    return
  }
  const workerUrl = new URL('./worker.js', import.meta.url)
  let nextFile = 0
  let fatal: TriageError | undefined
  const count = Math.min(jobs, files.length)
  await new Promise<void>((resolveAll, rejectAll) => {
    let alive = 0
    let settled = false
    const finish = () => {
      if (settled || alive > 0) return
      settled = true
      if (fatal) rejectAll(fatal)
      else resolveAll()
    }
    const start = () => {
      alive++
      const w = new Worker(workerUrl, { workerData: options })
      let current: number | undefined
      let closing = false
      const feed = () => {
        if (fatal || nextFile >= files.length) {
          closing = true
          w.postMessage({ type: 'close' } satisfies ToWorker)
          return
        }
        current = nextFile++
        sink.started?.(current)
        const t = tasks[current]!
        w.postMessage({ type: 'file', id: current, file: t.file, ...(t.range ? { range: t.range } : {}) } satisfies ToWorker)
      }
      w.on('message', (m: FromWorker) => {
        if (m.type === 'ready') feed()
        else if (m.type === 'record') order.record(m.id, m.rec)
        else if (m.type === 'done') {
          current = undefined
          void order.done(m.id, m.outcome).then(feed)
        } else if (m.type === 'fatal') {
          fatal ??= new TriageError((m.error.code as TriageError['code']) ?? 'CONFIG_INVALID', m.error.message, m.error.path ? { path: m.error.path } : {})
          closing = true
          void w.terminate()
        } else if (m.type === 'closed') void w.terminate()
      })
      w.on('error', (e) => {
        if (current !== undefined) {
          const id = current
          current = undefined
          const file = files[id]!
          const rec = errorRecord(file, new TriageError('PLUGIN_FAILED', `The worker processing ${file} crashed: ${e.message}. The other files go on.`, { file, cause: e }))
          order.record(id, rec)
          void order.done(id, { file, status: 'failed', error: rec, pagesOcred: 0, pagesNeedingOcr: 0, seconds: 0 })
        }
      })
      w.on('exit', () => {
        alive--
        // A worker that died while work remains is replaced; one that was closing is not.
        if (!closing && !fatal && nextFile < files.length) start()
        finish()
      })
    }
    for (let i = 0; i < count; i++) start()
  })
}
