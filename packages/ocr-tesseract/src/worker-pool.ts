// The OCR engine's pool of tesseract.js workers: one per language set, reused, ended when they time out, fail or sit
// idle, each task's time limit stretched as the machine's load stretches the page clock.
import { LoadClock, type LoadCounters } from '@pdftriage/core'

/**
 * Checks of a task's clock over its time limit: often enough that a timeout fires within a twentieth of the limit
 * past it, at most once a second (a check reads two counters: some microseconds), at least every 10 ms.
 */
const CHECKS_PER_LIMIT = 20
const CHECK_MAX_MS = 1000
const CHECK_MIN_MS = 10

/**
 * What a timeout's message adds when the wall time ran past the limit by more than a second (the batch's page timeout
 * says so past the same second): the machine was busy with other work.
 */
export const busyNote = (limitMs: number, wallMs: number | undefined): string =>
  wallMs !== undefined && wallMs > limitMs + 1000 ? ` (${wallMs} ms of wall time, on a machine busy with other work)` : ''

/** Why a pooled task failed: the pool has already discarded (terminated) the worker it ran on. */
export class PoolTaskError extends Error {
  override name = 'PoolTaskError'
  /** `timeout`: over its time limit; `crash`: the worker thread died; `failed`: the task rejected; `aborted`; `closed`. */
  readonly reason: 'timeout' | 'crash' | 'failed' | 'aborted' | 'closed'
  /** `timeout`: the wall time the task had, which a loaded machine stretches past its limit. */
  wallMs?: number
  constructor(reason: PoolTaskError['reason'], message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.reason = reason
  }
}

/** A worker as the pool needs it: something to run tasks on, a promise that rejects when it dies, and a way to end it. */
export interface Spawned<W> {
  worker: W
  /** Rejects when the worker dies on its own (thread error or exit); never resolves. */
  died: Promise<never>
  terminate(): Promise<void>
}

interface Slot<W> extends Spawned<W> {
  key: string
  busy: boolean
  /** Ends the worker once it has been idle for the pool's `idleMs`. */
  idle?: ReturnType<typeof setTimeout>
}

/**
 * A fixed-size pool of workers, created lazily, reused across tasks. Each worker is bound to a key (here: a language
 * set); a task needing another key replaces an idle worker. A worker whose task times out, dies or fails is
 * terminated and dropped, so the next task gets a fresh one. A worker idle for `idleMs` is terminated too: its memory
 * (a WebAssembly heap that never shrinks) goes back, and a later task starts another. `close()` terminates every
 * worker (tesseract.js threads keep the process alive otherwise).
 */
export class WorkerPool<W> {
  private readonly slots: Slot<W>[] = []
  private starting = 0
  private waiters: Array<() => void> = []
  private closed = false

  /**
   * `size` workers at most; `spawn` starts one bound to `key` (and must time out on its own). With `load`, a task's
   * time limit counts as core's {@link LoadClock} does over these counters (this process's CPU time while others hold
   * every core), so that a loaded machine stretches it as it stretches the batch's page timeout; without, wall time.
   * `idleMs`: how long a worker no task waits for is kept (0: ended as soon as its task is done; undefined: until
   * {@link close}).
   */
  constructor(
    private readonly size: number,
    private readonly spawn: (key: string) => Promise<Spawned<W>>,
    private readonly load?: LoadCounters,
    private readonly idleMs?: number,
  ) {}

  /** Workers alive now (idle or busy). */
  get alive(): number {
    return this.slots.length
  }

  /** Runs `task` on a worker bound to `key`, within `timeoutMs`. Rejects with a {@link PoolTaskError}. */
  async run<T>(key: string, task: (worker: W) => Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new PoolTaskError('aborted', 'aborted before start', signal.reason)
    const slot = await this.acquire(key)
    let timer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    try {
      const limits = new Promise<never>((_, reject) => {
        timer = this.limit(timeoutMs, (wallMs) => {
          const e = new PoolTaskError('timeout', `no result after ${timeoutMs} ms${busyNote(timeoutMs, wallMs)}`)
          e.wallMs = wallMs
          reject(e)
        })
        onAbort = () => reject(new PoolTaskError('aborted', 'aborted', signal?.reason))
        signal?.addEventListener('abort', onAbort, { once: true })
      })
      const died = slot.died.catch((e: unknown) => {
        throw new PoolTaskError('crash', `worker died: ${e instanceof Error ? e.message : String(e)}`, e)
      })
      const work = task(slot.worker).catch((e: unknown) => {
        throw e instanceof PoolTaskError ? e : new PoolTaskError('failed', e instanceof Error ? e.message : String(e), e)
      })
      const out = await Promise.race([work, died, limits])
      this.release(slot)
      return out
    } catch (e) {
      this.discard(slot)
      throw e instanceof PoolTaskError ? e : new PoolTaskError('failed', String(e), e)
    } finally {
      clearInterval(timer)
      if (onAbort) signal?.removeEventListener('abort', onAbort)
    }
  }

  /** Calls `over` with the wall time once `timeoutMs` has passed: on the wall, or on a load clock (see the constructor). */
  private limit(timeoutMs: number, over: (wallMs: number) => void): NodeJS.Timeout {
    if (!this.load) return setTimeout(() => over(timeoutMs), timeoutMs)
    const clock = new LoadClock(this.load)
    clock.reset()
    const every = Math.min(CHECK_MAX_MS, Math.max(CHECK_MIN_MS, timeoutMs / CHECKS_PER_LIMIT))
    const timer: NodeJS.Timeout = setInterval(() => {
      clock.tick()
      if (!clock.over(timeoutMs)) return
      clearInterval(timer)
      over(Math.round(clock.wallMs))
    }, every)
    return timer
  }

  /** Terminates every worker; tasks still running reject, later calls reject with reason `closed`. */
  async close(): Promise<void> {
    this.closed = true
    const slots = this.slots.splice(0)
    for (const s of slots) clearTimeout(s.idle)
    for (const wake of this.waiters.splice(0)) wake()
    await Promise.allSettled(slots.map((s) => s.terminate()))
  }

  private async acquire(key: string): Promise<Slot<W>> {
    for (;;) {
      if (this.closed) throw new PoolTaskError('closed', 'the OCR engine is closed')
      const idle = this.slots.find((s) => !s.busy && s.key === key)
      if (idle) {
        clearTimeout(idle.idle)
        idle.busy = true
        return idle
      }
      if (this.slots.length + this.starting >= this.size) {
        const other = this.slots.find((s) => !s.busy)
        if (other) this.discard(other, false)
        else {
          await new Promise<void>((resolve) => this.waiters.push(resolve))
          continue
        }
      }
      this.starting++
      try {
        const spawned = await this.spawn(key)
        const slot: Slot<W> = { ...spawned, key, busy: true }
        if (this.closed) {
          await slot.terminate()
          continue
        }
        this.slots.push(slot)
        return slot
      } catch (e) {
        this.wake()
        throw e instanceof PoolTaskError ? e : new PoolTaskError('failed', e instanceof Error ? e.message : String(e), e)
      } finally {
        this.starting--
      }
    }
  }

  private release(slot: Slot<W>): void {
    slot.busy = false
    if (this.idleMs === 0 && !this.waiters.length) return this.discard(slot, false)
    if (this.idleMs !== undefined) {
      // a waiter woken below may take this worker (which clears the timer) or start one of another key
      slot.idle = setTimeout(() => !slot.busy && this.discard(slot), this.idleMs)
      // the timer does not keep the process alive (Node; a browser's timers have no unref)
      ;(slot.idle as { unref?: () => void }).unref?.()
    }
    this.wake()
  }

  private discard(slot: Slot<W>, wake = true): void {
    clearTimeout(slot.idle)
    const i = this.slots.indexOf(slot)
    if (i >= 0) this.slots.splice(i, 1)
    slot.terminate().catch(() => {})
    if (wake) this.wake()
  }

  private wake(): void {
    this.waiters.shift()?.()
  }
}
