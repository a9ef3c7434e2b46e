// `pdftriage status`: the jobs of an output folder's queue counted by state.
import { resolve } from 'node:path'
import { TriageError } from '@pdftriage/core'
import { CLOSE_GRACE_MS, closeWithin, loadBullmq, parseQueueUrl, shortLivedConnection } from './connection.js'
import { queueName } from './ledger.js'

/** Jobs of an output folder's queue by state. `done` counts completed jobs, which includes failed rows' documents. */
export interface QueueStatus {
  queue: string
  name: string
  waiting: number
  active: number
  done: number
  failed: number
}

/** Counts the jobs of the queue of `outDir` by state (one Redis round trip). */
export async function queueStatus(o: { queue: string; outDir: string; cwd?: string; retryForMs?: number }): Promise<QueueStatus> {
  const address = parseQueueUrl(o.queue)
  const out = resolve(o.cwd ?? process.cwd(), o.outDir)
  const name = await queueName(out, false)
  if (!name) throw new TriageError('USAGE', `${out} has no queue (queue/name): nothing was enqueued for this folder`)
  const { Queue } = await loadBullmq()
  const retryForMs = o.retryForMs ?? 5000
  const { connection, gaveUp } = shortLivedConnection(address, retryForMs)
  const queue = new Queue(name, { connection })
  queue.on('error', () => {})
  try {
    const c = await Promise.race([queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'), gaveUp])
    return {
      queue: address.display,
      name,
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.delayed ?? 0),
      active: c.active ?? 0,
      done: c.completed ?? 0,
      failed: c.failed ?? 0,
    }
  } finally {
    await closeWithin([queue], CLOSE_GRACE_MS)
  }
}
