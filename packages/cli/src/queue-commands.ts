// The queue commands' work (`run --queue`, `worker`, `collect`, `status`), with @pdftriage/queue imported only when
// a command needs it, so that a local run never loads BullMQ.
import type { DocumentLimits, InputFilter } from '@pdftriage/batch'
import { TriageError, type Policy } from '@pdftriage/core'
import { CLI_DIR } from './cli-dir.js'
import { BatchProgress, batchExitCode, summaryLine } from './batch-progress.js'

/** The package the queue commands need; an optional peer of the CLI, so that BullMQ and ioredis install only for them. */
export const QUEUE_PACKAGE = '@pdftriage/queue'

/**
 * The queue package, imported only by the commands that use a queue: a local run never loads BullMQ. When it is not
 * installed, a `USAGE` error says which package to install (`importer` is replaceable for the tests).
 */
export async function loadQueue(importer: () => Promise<typeof import('@pdftriage/queue')> = () => import('@pdftriage/queue')) {
  try {
    return await importer()
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    if (err.code === 'ERR_MODULE_NOT_FOUND' && err.message.includes(`'${QUEUE_PACKAGE}'`)) {
      throw new TriageError(
        'USAGE',
        `The queue commands (run --queue, worker, collect, status) need ${QUEUE_PACKAGE}, which is not installed: ` +
          `npm install ${QUEUE_PACKAGE} beside @pdftriage/cli (npm install -g ${QUEUE_PACKAGE} for a global pdftriage).`,
        { cause: e },
      )
    }
    throw e
  }
}
const queueLib = () => loadQueue()

/** Options of `pdftriage run --queue`. */
export interface QueuedRunCommandOptions {
  queue: string
  paths: string[]
  out: string
  configFile?: string
  model?: string
  policy?: Policy
  /** OCR languages (`-l`): carried by each job to the workers. */
  languages?: string[]
  pdf: boolean
  /** The PDF writer's flags (`--output-type`, `--rotate-pages`, `--deskew`): carried by each job to the workers. */
  pdfOptions?: Record<string, unknown>
  filter: InputFilter
  cwd: string
  log: (s: string) => void
}

/**
 * `pdftriage run --queue`: lists and hashes the inputs, enqueues the new documents, and writes the index as the
 * workers complete them (the bar counts completions from every worker). Exit code as `run`.
 */
export async function queuedRunCommand(o: QueuedRunCommandOptions): Promise<number> {
  const { runQueued } = await queueLib()
  const report = new BatchProgress({ log: o.log, pagesWithDocument: true })
  const summary = await runQueued(
    {
      queue: o.queue,
      inputs: o.paths,
      outDir: o.out,
      cwd: o.cwd,
      pdf: o.pdf,
      filter: o.filter,
      ...(o.configFile ? { configFile: o.configFile } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.policy ? { policy: o.policy } : {}),
      ...(o.languages ? { languages: o.languages } : {}),
      ...(o.pdfOptions ? { pdfOptions: o.pdfOptions } : {}),
    },
    (e) => {
      if (e.type === 'notice') o.log(e.message)
      else if (e.type === 'enqueued') {
        if (e.submitted)
          o.log(
            `enqueued ${e.submitted} document(s) on ${e.queue}${e.alreadyDone ? ` (${e.alreadyDone} already done by workers)` : ''}: start workers with pdftriage worker --queue ${e.queue} --out ${o.out}`,
          )
      } else report.on(e)
    },
  )
  report.done()
  o.log(summaryLine(summary))
  if (summary.stillFailed) o.log(`${summary.stillFailed} unchanged file(s) failed in an earlier run`)
  return batchExitCode(summary)
}

/**
 * `pdftriage worker`: processes documents of the queue of `out` until interrupted (or idle, with `exitWhenIdle`); on a
 * folder with no queue yet, says so and waits for the first producer's.
 */
export async function workerCommand(o: {
  queue: string
  out: string
  cwd: string
  concurrency: number
  exitWhenIdle: boolean
  limits?: Partial<DocumentLimits>
  log: (s: string) => void
}): Promise<number> {
  const { runWorker } = await queueLib()
  const stop = new AbortController()
  let waiting = false
  const onSignal = () => {
    o.log(waiting ? 'stopping' : 'stopping: finishing the documents in hand (again to quit at once; their jobs go to other workers)')
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
    stop.abort()
  }
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
  try {
    const s = await runWorker(
      {
        queue: o.queue,
        outDir: o.out,
        cwd: o.cwd,
        concurrency: o.concurrency,
        exitWhenIdle: o.exitWhenIdle,
        pluginDirs: [CLI_DIR],
        signal: stop.signal,
        ...(o.limits && Object.keys(o.limits).length ? { limits: o.limits } : {}),
      },
      (e) => {
        if (e.type === 'waiting-for-queue') {
          waiting = true
          o.log(`waiting for a producer: ${e.outDir} has no queue yet (the first pdftriage run --queue with this --out makes it)`)
        } else if (e.type === 'ready') {
          waiting = false
          o.log(`worker ready: queue ${e.name} at ${e.queue}`)
        } else if (e.type === 'notice') o.log(e.message)
        else if (e.type === 'job-retry') o.log(`will retry: ${e.file}: ${e.code}: ${e.message}`)
        else if (e.type === 'job-done' && e.status === 'failed') o.log(`failed: ${e.file}: ${e.code}`)
      },
    )
    o.log(`worker: ${s.done} done, ${s.failed} failed, ${s.alreadyDone} already done`)
    return 0
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
  }
}

/** `pdftriage collect`: appends the rows of completed documents not yet in the index; rerunnable. */
export async function collectCommand(o: { out: string; cwd: string; queue?: string; log: (s: string) => void }): Promise<number> {
  const { collect } = await queueLib()
  const s = await collect({ outDir: o.out, cwd: o.cwd, ...(o.queue ? { queue: o.queue } : {}) }, (e) => {
    if (e.type === 'failed') o.log(`failed: ${e.file}: ${e.code}: ${e.message}`)
    else if (e.type === 'resumed') o.log(`resumed: ${e.message}`)
  })
  o.log(`collected: ${s.done} done, ${s.failed} failed, ${s.duplicate} duplicate; ${s.pending} still pending -> ${s.outDir}`)
  return s.failed > 0 ? 1 : 0
}

/** `pdftriage status`: jobs of an output folder's queue by state, one line. */
export async function statusCommand(o: { queue: string; out: string; cwd: string; print: (s: string) => void }): Promise<number> {
  const { queueStatus } = await queueLib()
  const s = await queueStatus({ queue: o.queue, outDir: o.out, cwd: o.cwd })
  o.print(`${s.name} at ${s.queue}: waiting ${s.waiting}, active ${s.active}, done ${s.done}, failed ${s.failed}`)
  return 0
}
