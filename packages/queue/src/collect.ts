// One pass of the collector over a queued run's output folder (`pdftriage collect`): the rows of completed documents
// not yet in the index appended, then the index compacted.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { BatchEvent, BatchSummary } from '@pdftriage/batch'
import { TriageError } from '@pdftriage/core'
import { Collector } from './collector.js'
import { CLOSE_GRACE_MS, closeWithin, loadBullmq, parseQueueUrl, shortLivedConnection } from './connection.js'
import { QUEUE_DIR, queueName } from './ledger.js'

/** Options of {@link collect}. */
export interface CollectOptions {
  outDir: string
  cwd?: string
  /** With the queue, jobs that failed for good without a completion record become `failed` rows too. */
  queue?: string
  retryForMs?: number
}

/**
 * One pass of the collector over an output folder: appends the rows of every completion record not yet in the index
 * (and, given the queue, of jobs Redis gave up on), then compacts. Safe to rerun at any time; refuses while another
 * collector holds the folder. `pending` counts the planned inputs still without a row.
 */
export async function collect(o: CollectOptions, onEvent: (e: BatchEvent) => void = () => {}): Promise<BatchSummary & { pending: number }> {
  const t0 = performance.now()
  const out = resolve(o.cwd ?? process.cwd(), o.outDir)
  if (!existsSync(join(out, QUEUE_DIR))) throw new TriageError('USAGE', `${out} has no queue/ folder: nothing was enqueued for it (pdftriage run --queue ...)`)
  const c = new Collector(out, onEvent)
  for (const fix of c.fixes) onEvent({ type: 'resumed', message: fix })
  const holder = c.lock()
  if (holder) throw new TriageError('USAGE', `Another collector (${holder}) is writing the index of ${out}: it will append these rows`)
  try {
    c.reload()
    c.step()
    const name = await queueName(out, false)
    if (o.queue && name && c.hasPending()) {
      const address = parseQueueUrl(o.queue)
      const retryForMs = o.retryForMs ?? 5000
      const { Queue } = await loadBullmq()
      const { connection, gaveUp } = shortLivedConnection(address, retryForMs)
      const queue = new Queue(name, { connection })
      queue.on('error', () => {})
      try {
        const lost = new Map<string, string>()
        for (const id of c.pendingJobs().keys()) {
          const job = await Promise.race([queue.getJob(id), gaveUp])
          if (job && (await Promise.race([job.getState(), gaveUp])) === 'failed') lost.set(id, job.failedReason || 'failed')
        }
        c.step(undefined, lost)
      } finally {
        await closeWithin([queue], CLOSE_GRACE_MS)
      }
    }
    return { ...c.summary, seconds: (performance.now() - t0) / 1000, pending: c.pending().length }
  } finally {
    await c.close()
  }
}
