#!/usr/bin/env node
// Runs the reliability test's misbehaving batch (a crash, an exit, a hang, runaway memory and three good files, two
// jobs) in fresh processes, two at a time so they load each other, and counts the runs whose summary lost a file:
// every run must end with 3 done and 4 failed. A race between a child's exit and the next file it is given showed
// here as 5 bad runs of 60 on Node 24, and not at all in one long-lived process.
//
//   node tools/bench/misbehaving-batch.mjs [--runs 60] [--batch-dist DIR]   (build first: npm run build)
//
// --batch-dist points at another build of @pdftriage/batch (its dist folder) to compare two versions.
import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { benchArgs, root } from './bench-args.mjs'

const { opt } = benchArgs()
const dist = opt('batch-dist', join(root, 'packages', 'batch', 'dist'))

if (process.argv[2] === '--one') {
  const { runBatch } = await import(pathToFileURL(join(process.argv[3], 'src', 'index.js')).href)
  const { misbehavingConfig, tempDir } = await import(pathToFileURL(join(process.argv[3], 'test', 'rel-helpers.js')).href)
  const d = tempDir('misbehaving-batch-')
  try {
    mkdirSync(join(d, 'in'))
    const heads = { 'a-ok': 'ok:1', 'b-crash': 'CRASH', 'c-exit': 'EXIT:', 'd-hang': 'HANG:', 'e-grow': 'GROW:', 'f-ok': 'ok:2', 'g-ok': 'ok:3' }
    for (const [name, head] of Object.entries(heads)) writeFileSync(join(d, 'in', `${name}.pdf`), head)
    const limits = { pageTimeoutMs: 3000, maxMemoryMb: 400 }
    const s = await runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile: misbehavingConfig(d), jobs: 2, limits })
    console.log(JSON.stringify({ done: s.done, failed: s.failed }))
  } finally {
    rmSync(d, { recursive: true, force: true })
  }
} else {
  const runs = Number(opt('runs', '60'))
  const run = promisify(execFile)
  let bad = 0
  const t0 = Date.now()
  for (let i = 0; i < runs; i += 2) {
    const pair = [0, 1].filter((k) => i + k < runs).map(() => run(process.execPath, [import.meta.filename, '--one', dist]))
    for (const { stdout } of await Promise.all(pair)) {
      const s = JSON.parse(stdout)
      if (s.done !== 3 || s.failed !== 4) {
        bad++
        console.log(`bad run: ${s.done} done, ${s.failed} failed`)
      }
    }
  }
  console.log(`${runs} runs on node ${process.version}: ${bad} lost a file (${((Date.now() - t0) / 1000).toFixed(0)} s)`)
}
