// The link to Redis: `--queue` URLs parsed, connections that retry then give up, BullMQ loaded lazily, and closes
// that do not hang on a connection that is down.
import { TriageError } from '@pdftriage/core'

/** Where the queue lives: `redis://[user:password@]HOST:PORT[/DB]`, parsed. */
export interface QueueAddress {
  host: string
  port: number
  db: number
  username?: string
  password?: string
  /** The URL without its password, for messages. */
  display: string
}

/** Parses `--queue`; a malformed URL is a USAGE error quoting it. */
export function parseQueueUrl(url: string): QueueAddress {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new TriageError('USAGE', `Expected --queue to be redis://HOST:PORT[/DB], not \`${url}\``)
  }
  const db = u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0
  if (u.protocol !== 'redis:' || !u.hostname || !Number.isInteger(db) || db < 0) {
    throw new TriageError('USAGE', `Expected --queue to be redis://HOST:PORT[/DB], not \`${url}\``)
  }
  const port = u.port ? Number(u.port) : 6379
  const a: QueueAddress = { host: u.hostname, port, db, display: `redis://${u.hostname}:${port}/${db}` }
  if (u.username) a.username = decodeURIComponent(u.username)
  if (u.password) a.password = decodeURIComponent(u.password)
  return a
}

/** How long to keep trying to reach Redis before giving up, and how the waits between tries grow. */
export interface RetryOptions {
  /** Total time to keep retrying a lost or refused connection, in ms. Default 60000: a Redis restart takes seconds. */
  retryForMs?: number
  /** Called before each retry with a message for the log. */
  onRetry?: (message: string) => void
  /** Called once the budget is spent (the connection is then closed). */
  onGiveUp?: () => void
}

/** First wait between connection tries, ms; it doubles up to {@link MAX_RETRY_DELAY_MS}. */
const FIRST_RETRY_DELAY_MS = 200
/** Longest wait between tries: a restarted Redis is seen within 5 s of coming back. */
const MAX_RETRY_DELAY_MS = 5000

/**
 * ioredis options for BullMQ: exponential backoff between tries, given up once `retryForMs` is spent (ioredis then
 * closes the connection and pending commands fail), each retry told to `onRetry`.
 */
export function connectionOptions(a: QueueAddress, r: RetryOptions = {}): Record<string, unknown> {
  const budget = r.retryForMs ?? 60000
  return {
    host: a.host,
    port: a.port,
    db: a.db,
    ...(a.username ? { username: a.username } : {}),
    ...(a.password ? { password: a.password } : {}),
    maxRetriesPerRequest: null,
    retryStrategy(times: number) {
      // ioredis counts tries from 1 again after each successful connection: each outage gets the whole budget. The
      // time spent is a function of `times` alone, since BullMQ's connections (main, blocking, events) share these
      // options and would otherwise share one budget.
      const delay = retryDelay(times)
      if (retrySpent(times - 1) + delay > budget) {
        r.onGiveUp?.()
        return null
      }
      r.onRetry?.(`cannot reach Redis at ${a.display}: retry ${times} in ${(delay / 1000).toFixed(1)} s`)
      return delay
    },
  }
}

/** The wait before try `times` (from 1). */
function retryDelay(times: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (times - 1), MAX_RETRY_DELAY_MS)
}

/** The waits of the first `n` tries. */
function retrySpent(n: number): number {
  let s = 0
  for (let k = 1; k <= n; k++) s += retryDelay(k)
  return s
}

/** Something BullMQ that holds Redis connections: a Queue, a Worker, QueueEvents. */
interface Closable {
  close(): Promise<unknown>
  disconnect(): Promise<unknown>
}

/**
 * Closes BullMQ objects, and gives up waiting after `graceMs`: a connection closed while it waits to reconnect (Redis
 * down) never reports its end in ioredis 5.9.3, and BullMQ's close waits for that report. The connections are then
 * dropped instead (ioredis has cleared its reconnect timer by then, so nothing is left to keep the process alive).
 * Resolves true when everything closed in time.
 */
export async function closeWithin(items: ReadonlyArray<Closable | undefined>, graceMs: number): Promise<boolean> {
  const live = items.filter((x): x is Closable => !!x)
  const inTime = await settlesWithin(Promise.allSettled(live.map((x) => x.close())), graceMs)
  if (!inTime) for (const x of live) void x.disconnect().catch(() => {})
  return inTime
}

/** Whether `p` settles within `ms`; the timer is cleared either way. */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((res) => (timer = setTimeout(() => res(false), ms)))
  try {
    return await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * How long a close may wait for Redis, ms. A close with Redis up sends QUIT on each connection and takes milliseconds;
 * a longer wait means a connection was waiting to reconnect (see {@link closeWithin}).
 */
export const CLOSE_GRACE_MS = 5000

/**
 * The connection options of a short-lived client (status, collect) and a promise that rejects with
 * `QUEUE_UNREACHABLE` once they give up: race each Redis call against it, as a command queued on a closed connection
 * would otherwise never settle.
 */
export function shortLivedConnection(a: QueueAddress, retryForMs: number): { connection: Record<string, unknown>; gaveUp: Promise<never> } {
  let giveUp: () => void = () => {}
  const gaveUp = new Promise<never>((_, rej) => (giveUp = () => rej(unreachable(a, undefined, retryForMs))))
  gaveUp.catch(() => {})
  return { connection: connectionOptions(a, { retryForMs, onGiveUp: () => giveUp() }), gaveUp }
}

/** The error for a Redis that stayed out of reach. */
export function unreachable(a: QueueAddress, cause: unknown, retryForMs: number): TriageError {
  const why = (cause as NodeJS.ErrnoException)?.code ?? (cause as Error)?.message ?? String(cause)
  return new TriageError(
    'QUEUE_UNREACHABLE',
    `Cannot reach Redis at ${a.display} (${why}) after retrying for ${Math.round(retryForMs / 1000)} s: start redis-server there or check --queue. ` +
      'What is done is in the output folder: a rerun of the producer (or pdftriage collect) completes the index.',
    { cause },
  )
}

type Bullmq = typeof import('bullmq')

/** BullMQ, imported only when a queue is used, so that a local batch never needs it. */
export async function loadBullmq(): Promise<Bullmq> {
  try {
    return await import('bullmq')
  } catch (e) {
    throw new TriageError(
      'PLUGIN_NOT_FOUND',
      'A queued batch needs bullmq and ioredis: npm install bullmq@6.7.0 ioredis@5.9.3. Without --queue, pdftriage run needs neither.',
      { cause: e },
    )
  }
}
