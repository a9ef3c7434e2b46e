import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, it, mock } from 'node:test'
import { MAX_STRETCH, type LoadCounters } from '@pdftriage/core'
import { PoolTaskError, WorkerPool, type Spawned } from '../src/worker-pool.js'

// A reading's time limit on a loaded machine: the machine's load and the process's CPU time are injected as functions
// of the (mocked) clock, so that no test waits for real time.

/** A worker whose task never ends (a reading that hangs). */
const spawn = async (): Promise<Spawned<object>> => ({ worker: {}, died: new Promise<never>(() => {}), terminate: async () => {} })
const never = () => new Promise<never>(() => {})

/** Counters of a machine with `idleCores` idle and this process given `cpuCores` of CPU, from the mocked clock's start. */
function load(idleCores: number, cpuCores: number): LoadCounters {
  const t0 = Date.now()
  return { machineIdleMs: () => (Date.now() - t0) * idleCores, cpuMs: () => (Date.now() - t0) * cpuCores }
}

/** A hanging task on `pool` with a limit of 1 s: its error once it has timed out, as time is advanced. */
async function hang(pool: WorkerPool<object>): Promise<() => PoolTaskError | undefined> {
  let error: PoolTaskError | undefined
  pool.run('k', never, 1000).catch((e: PoolTaskError) => (error = e))
  await new Promise((r) => setImmediate(r)) // the worker is acquired and the limit armed
  return () => error
}

/** Advances the mocked clock by `ms` in steps of 10 ms, letting the rejections each causes run. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 10) {
    mock.timers.tick(Math.min(10, ms - t))
    await new Promise((r) => setImmediate(r))
  }
}

describe("a reading's time limit stretches on a loaded machine as the batch's page timeout does", () => {
  beforeEach(() => mock.timers.enable({ apis: ['setInterval', 'setTimeout', 'Date'], now: 1_000_000 }))
  afterEach(() => mock.timers.reset())

  it('a machine with a core free: the limit is wall time', async () => {
    const error = await hang(new WorkerPool(1, spawn, load(1, 1)))
    await advance(1000)
    assert.equal(error(), undefined)
    await advance(50)
    assert.equal(error()?.reason, 'timeout')
    assert.equal(error()?.wallMs, 1050, 'the first check past the limit')
    assert.equal(error()?.message, 'no result after 1000 ms')
  })

  it('every core taken by others, this process given half a core: the limit lasts twice as long', async () => {
    const error = await hang(new WorkerPool(1, spawn, load(0, 0.5)))
    await advance(2000)
    assert.equal(error(), undefined, 'not stopped at the wall limit: the reading had half of it')
    await advance(50)
    assert.equal(error()?.reason, 'timeout')
    assert.equal(error()?.wallMs, 2050)
    assert.equal(error()?.message, 'no result after 1000 ms (2050 ms of wall time, on a machine busy with other work)')
  })

  it('a process given no CPU at all still ends, at MAX_STRETCH times the limit', async () => {
    const error = await hang(new WorkerPool(1, spawn, load(0, 0)))
    await advance(1000 * MAX_STRETCH)
    assert.equal(error(), undefined)
    await advance(50)
    assert.equal(error()?.wallMs, 1000 * MAX_STRETCH + 50)
  })

  it('without counters (a browser), wall time as before', async () => {
    const error = await hang(new WorkerPool(1, spawn))
    await advance(990)
    assert.equal(error(), undefined)
    await advance(10)
    assert.equal(error()?.message, 'no result after 1000 ms')
  })
})
