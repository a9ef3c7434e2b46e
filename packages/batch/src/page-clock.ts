// The clock of a document's page timeout: core's LoadClock over the document process's CPU time, read from the main
// process (the child may be stuck in a render and answer nothing). See LoadClock for why wall time alone will not do.
import { LoadClock, MAX_STRETCH, machineIdleMs, processCpuMs } from '@pdftriage/core'

export { MAX_STRETCH }

/** CPU counters the clock reads: the machine's idle time over all cores, and a process's CPU time (all threads), ms. */
export interface CpuCounters {
  /** Idle time of all cores together since boot, ms; `undefined` where the system does not say (not Linux). */
  machineIdleMs(): number | undefined
  /** CPU time (user + system, every thread) of process `pid`, ms; `undefined` when unknown. */
  processCpuMs(pid: number): number | undefined
}

/** The counters of Linux's /proc; elsewhere every reading is `undefined` and the clock is the wall. */
export const procCounters: CpuCounters = { machineIdleMs, processCpuMs }

/**
 * Time a page has had, for its timeout: each tick counts whole when the machine had a core free (or cannot say), and
 * as the child's own CPU time (at most the tick) when every core was taken by others.
 */
export class PageClock extends LoadClock {
  constructor(pid: () => number | undefined, counters: CpuCounters = procCounters) {
    super({
      machineIdleMs: () => counters.machineIdleMs(),
      cpuMs: () => {
        const p = pid()
        return p === undefined ? undefined : counters.processCpuMs(p)
      },
    })
  }
}
