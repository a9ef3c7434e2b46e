// A time limit that a loaded machine does not spend. Wall time alone stops genuine work beside other busy processes
// (a page that needs 16 s of CPU took over 300 s of wall time beside 30 other busy processes on 2 cores), so the
// clock counts wall time while the machine has a core free, and only the time the process actually ran while every
// core is taken. The batch's page timeout and the OCR engine's own reading timeout count with it, so that the two
// stretch alike. Pure arithmetic over counters given to it: readers of the system's counters live apart (Node only).

/**
 * Share of one core the machine must have idle during a tick for the tick to count whole: a process that waits while
 * a core is free is waiting on itself (a hang), not on others. Half a core: /proc's counters move by 10 ms, so a tick
 * of 100 ms on a busy machine can still show a few idle ms.
 */
export const FREE_CORE_SHARE = 0.5

/**
 * How far the clock may lag behind the wall: work that gets no CPU at all on a machine that never frees a core (a
 * hang on a saturated host) still ends, at this many times its limit.
 */
export const MAX_STRETCH = 4

/** What a {@link LoadClock} reads, in ms; `undefined` where the system does not say (the clock is then the wall). */
export interface LoadCounters {
  /** Idle time of all cores together since boot. */
  machineIdleMs(): number | undefined
  /** CPU time (user + system, every thread) of the process whose work is timed. */
  cpuMs(): number | undefined
}

interface Sample {
  at: number
  idle: number | undefined
  cpu: number | undefined
}

/**
 * Time some work has had, for its limit: each tick counts whole when the machine had a core free (or cannot say), and
 * as the process's own CPU time (at most the tick) when every core was taken by others.
 */
export class LoadClock {
  private elapsed = 0
  private wall = 0
  private last: Sample | undefined

  constructor(private readonly counters: LoadCounters) {}

  /** Starts the clock again from `now`. */
  reset(now = Date.now()): void {
    this.elapsed = 0
    this.wall = 0
    this.last = this.sample(now)
  }

  /** Advances the clock to `now`. */
  tick(now = Date.now()): void {
    const s = this.sample(now)
    const last = this.last
    this.last = s
    if (!last) return
    const dt = Math.max(0, now - last.at)
    this.wall += dt
    if (dt === 0) return
    let share = 1
    if (s.idle !== undefined && last.idle !== undefined && s.cpu !== undefined && last.cpu !== undefined) {
      const idleCores = (s.idle - last.idle) / dt
      if (idleCores < FREE_CORE_SHARE) share = Math.min(1, Math.max(0, (s.cpu - last.cpu) / dt))
    }
    this.elapsed += dt * share
  }

  /** Time counted since the reset, ms. */
  get counted(): number {
    return this.elapsed
  }

  /** Wall time since the reset, ms. */
  get wallMs(): number {
    return this.wall
  }

  /** Whether the work is over `limitMs`: counted time over it, or wall time over {@link MAX_STRETCH} times it. */
  over(limitMs: number): boolean {
    return this.elapsed > limitMs || this.wall > limitMs * MAX_STRETCH
  }

  private sample(at: number): Sample {
    return { at, idle: this.counters.machineIdleMs(), cpu: this.counters.cpuMs() }
  }
}
