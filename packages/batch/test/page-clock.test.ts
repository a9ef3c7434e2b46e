// The page timeout's clock on made-up CPU counters: whole ticks while a core is free, the child's own CPU while
// every core is taken, and the wall past the stretch.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MAX_STRETCH, PageClock, procCounters, type CpuCounters } from '../src/page-clock.js'

/** Counters advanced by hand: per 100 ms tick, `idle` ms of idle over all cores and `cpu` ms of the child's CPU. */
function counters(known = true): CpuCounters & { step(idle: number, cpu: number): void } {
  let idle = 0
  let cpu = 0
  return {
    machineIdleMs: () => (known ? idle : undefined),
    processCpuMs: () => (known ? cpu : undefined),
    step(i, c) {
      idle += i
      cpu += c
    },
  }
}

/** Runs `ticks` ticks of 100 ms from 0 with the given idle and CPU per tick. */
function run(clock: PageClock, c: ReturnType<typeof counters>, ticks: number, idle: number, cpu: number, from = 0): number {
  let now = from
  for (let k = 0; k < ticks; k++) {
    now += 100
    c.step(idle, cpu)
    clock.tick(now)
  }
  return now
}

test('while the machine has a core free, the clock is the wall, whatever the child does (a hang is timed)', () => {
  const c = counters()
  const clock = new PageClock(() => 1, c)
  clock.reset(0)
  run(clock, c, 50, 100, 0) // one core idle, the child asleep: waiting on itself
  assert.equal(clock.counted, 5000)
  assert.ok(clock.over(4000) && !clock.over(5000))
})

test('while other work holds every core, only the time the child ran counts, up to the stretch', () => {
  const c = counters()
  const clock = new PageClock(() => 1, c)
  clock.reset(0)
  run(clock, c, 100, 0, 10) // no idle time, the child gets a tenth of a core
  assert.equal(clock.wallMs, 10_000)
  assert.ok(Math.abs(clock.counted - 1000) < 1e-6)
  assert.ok(!clock.over(5000), 'a 5 s page is not over after 1 s of its own time')
  // a child that never runs on a saturated machine still ends, at the stretch
  run(clock, c, 100 * MAX_STRETCH, 0, 0, 10_000)
  assert.ok(clock.over(5000))
})

test("a child busy on more than one core counts the tick once; the machine's own work does not slow the clock", () => {
  const c = counters()
  const clock = new PageClock(() => 1, c)
  clock.reset(0)
  run(clock, c, 10, 0, 200) // two OCR threads, both cores busy with them
  assert.equal(clock.counted, 1000)
})

test('where the system gives no counters, the clock is the wall; a reset starts it again', () => {
  const c = counters(false)
  const clock = new PageClock(() => undefined, c)
  clock.reset(0)
  run(clock, c, 30, 0, 0)
  assert.equal(clock.counted, 3000)
  clock.reset(3000)
  assert.equal(clock.counted, 0)
  assert.equal(clock.wallMs, 0)
})

test("Linux's counters read this machine and this process", { skip: process.platform !== 'linux' && 'no /proc here' }, () => {
  const idle = procCounters.machineIdleMs()
  assert.ok(idle !== undefined && idle >= 0)
  const before = procCounters.processCpuMs(process.pid)!
  let x = 0
  for (let i = 0; i < 3e7; i++) x += i % 7
  assert.ok(x > 0)
  assert.ok(procCounters.processCpuMs(process.pid)! > before, 'CPU time grows while this process computes')
})
