// The clock of a document's page timeout. Wall time alone stops genuine documents on a loaded machine (a page that
// needs 16 s of CPU took over 300 s of wall time beside 30 other busy processes on 2 cores), so the clock counts wall
// time while the machine has a core free, and only the time the child actually ran while every core is taken.
import { readFileSync } from 'node:fs'

/**
 * Share of one core the machine must have idle during a tick for the tick to count whole: a child that waits while a
 * core is free is waiting on itself (a hang), not on others. Half a core: /proc's counters move by 10 ms, so a tick
 * of 100 ms on a busy machine can still show a few idle ms.
 */
const FREE_CORE_SHARE = 0.5

/**
 * How far the clock may lag behind the wall: a page that gets no CPU at all on a machine that never frees a core
 * (a hang on a saturated host) still ends, at this many times the page timeout.
 */
export const MAX_STRETCH = 4

/** CPU counters the clock reads: the machine's idle time over all cores, and a process's CPU time (all threads), ms. */
export interface CpuCounters {
  /** Idle time of all cores together since boot, ms; `undefined` where the system does not say (not Linux). */
  machineIdleMs(): number | undefined
  /** CPU time (user + system, every thread) of process `pid`, ms; `undefined` when unknown. */
  processCpuMs(pid: number): number | undefined
}

/** /proc's counters run in clock ticks of 10 ms (USER_HZ 100 on Linux). */
const TICK_MS = 10

/** The counters of Linux's /proc; elsewhere every reading is `undefined` and the clock is the wall. */
export const procCounters: CpuCounters = {
  machineIdleMs() {
    try {
      // cpu  user nice system idle iowait ...: idle and iowait are time no process ran
      const f = /^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.split(/\s+/).map(Number)
      return f && f.length >= 5 ? (f[3]! + f[4]!) * TICK_MS : undefined
    } catch {
      return undefined
    }
  },
  processCpuMs(pid) {
    try {
      const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ')
      const ms = (Number(f[11]) + Number(f[12])) * TICK_MS
      return Number.isFinite(ms) ? ms : undefined
    } catch {
      return undefined
    }
  },
}

interface Sample {
  at: number
  idle: number | undefined
  cpu: number | undefined
}

/**
 * Time a page has had, for its timeout: each tick counts whole when the machine had a core free (or cannot say), and
 * as the child's own CPU time (at most the tick) when every core was taken by others.
 */
export class PageClock {
  private elapsed = 0
  private wall = 0
  private last: Sample | undefined

  constructor(
    private readonly pid: () => number | undefined,
    private readonly counters: CpuCounters = procCounters,
  ) {}

  /** Starts the clock again from `now` (a page has ended, or a document begun). */
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

  /** Whether the page is over `limitMs`: counted time over it, or wall time over {@link MAX_STRETCH} times it. */
  over(limitMs: number): boolean {
    return this.elapsed > limitMs || this.wall > limitMs * MAX_STRETCH
  }

  private sample(at: number): Sample {
    const pid = this.pid()
    return { at, idle: this.counters.machineIdleMs(), cpu: pid === undefined ? undefined : this.counters.processCpuMs(pid) }
  }
}
