// The system's counters a LoadClock reads, in Node: Linux's /proc for the machine's idle time, Node's own account of
// a process's CPU time. Elsewhere the machine's idle time is unknown and a clock over them is the wall.
import { readFileSync } from 'node:fs'
import type { LoadCounters } from './load-clock.js'

/** /proc's counters run in clock ticks of 10 ms (USER_HZ 100 on Linux). */
const TICK_MS = 10

/** Idle time of all cores together since boot, ms, from /proc/stat; `undefined` where there is none (not Linux). */
export function machineIdleMs(): number | undefined {
  try {
    // cpu  user nice system idle iowait ...: idle and iowait are time no process ran
    const f = /^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.split(/\s+/).map(Number)
    return f && f.length >= 5 ? (f[3]! + f[4]!) * TICK_MS : undefined
  } catch {
    return undefined
  }
}

/** CPU time of process `pid` (user + system, every thread), ms, from /proc; `undefined` when unknown. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ')
    const ms = (Number(f[11]) + Number(f[12])) * TICK_MS
    return Number.isFinite(ms) ? ms : undefined
  } catch {
    return undefined
  }
}

/** The counters of this process: the machine's idle time, and this process's CPU time (every thread, workers' too). */
export const ownLoadCounters: LoadCounters = {
  machineIdleMs,
  cpuMs() {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  },
}
