import assert from 'node:assert/strict'
import { totalmem } from 'node:os'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { chooseResources, JOB_MAX_MB, JOB_MIN_MB, MACHINE_MEMORY_ENV, runBatch, thisMachine, type BatchEvent } from '../src/index.js'
import { EXTRACT_ONLY, folder } from './helpers.js'

test('jobs and memory from the machine: half its memory for the tree, the main process kept, the rest shared', () => {
  // 4 GB, 2 cores: (2048 - 200) / 2 = 924 MB each, so the tree stays near 2 GB
  const small = chooseResources({ memoryMb: 4096, cores: 2 })
  assert.deepEqual([small.jobs, small.maxMemoryMb], [2, 924])
  assert.equal(small.note, "chose max-memory 924 MB, jobs 2 from the machine's 4 GB / 2 cores")
  // a large machine: the per-document ceiling, one job a core
  assert.deepEqual(Object.values(chooseResources({ memoryMb: 24 * 1024, cores: 2 })).slice(0, 2), [2, JOB_MAX_MB])
  assert.deepEqual(Object.values(chooseResources({ memoryMb: 64 * 1024, cores: 16 })).slice(0, 2), [16, 2035])
  // 2 GB and 4 cores: room for one job only, given all of it
  assert.deepEqual(Object.values(chooseResources({ memoryMb: 2048, cores: 4 })).slice(0, 2), [1, 824])
  // too small for one job: one job with the least a document process needs
  assert.deepEqual(Object.values(chooseResources({ memoryMb: 1024, cores: 2 })).slice(0, 2), [1, JOB_MIN_MB])
})

test('a flag given wins and the other figure follows from it', () => {
  const m = { memoryMb: 4096, cores: 2 }
  const one = chooseResources(m, { jobs: 1 })
  assert.deepEqual([one.jobs, one.maxMemoryMb], [1, 1848])
  assert.match(one.note, /jobs 1 \(--jobs given\)/)
  const mem = chooseResources(m, { maxMemoryMb: 5000 })
  assert.deepEqual([mem.jobs, mem.maxMemoryMb], [2, 5000])
  assert.match(mem.note, /max-memory 5000 MB \(--max-memory given\)/)
})

test('the machine: its memory, or the figure the environment names', () => {
  const here = thisMachine({})
  assert.ok(here.memoryMb > 0 && here.memoryMb <= totalmem() / 2 ** 20)
  assert.ok(here.cores >= 1)
  assert.equal(thisMachine({ [MACHINE_MEMORY_ENV]: '4096' }).memoryMb, 4096)
  assert.equal(thisMachine({ [MACHINE_MEMORY_ENV]: 'lots' }).memoryMb, here.memoryMb)
})

test('a run says what it chose, and runs its documents under that memory limit', async (t) => {
  const dir = folder(t, { 'config.json': JSON.stringify(EXTRACT_ONLY), 'in/a.pdf': await fx.healthyPdf('fr') })
  const events: BatchEvent[] = []
  const summary = await runBatch({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', limits: { maxMemoryMb: 800 } }, (e) => events.push(e))
  assert.equal(summary.done, 1)
  const chose = events.find((e) => e.type === 'resources')
  assert.ok(chose?.type === 'resources')
  assert.equal(chose.maxMemoryMb, 800)
  assert.equal(chose.jobs, chooseResources(thisMachine()).jobs)
  assert.match(chose.message, /^chose max-memory 800 MB \(--max-memory given\), jobs \d+ from the machine's [\d.]+ GB \/ \d+ cores$/)
})
