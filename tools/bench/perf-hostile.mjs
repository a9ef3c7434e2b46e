#!/usr/bin/env node
// Row (g) of perf.mjs: peak memory of the whole process tree of `pdftriage run --jobs 2` with default limits over a
// batch of hostile files built by hostile-set.mjs (bombs, truncations and bit flips of generated and real PDFs). No
// anchor: the figure is pdftriage's own peak.
//
//   node tools/bench/perf-hostile.mjs [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--runs 5] [--count 938] [--seed 1] [--machine-memory MB]
//
// --machine-memory: the memory pdftriage takes the machine to have (PDFTRIAGE_MACHINE_MEMORY_MB), from which it
// chooses each document's memory limit: 4096 measures the default of a 4 GB machine here.
// The set is built with this checkout's hostile-set.mjs (--real: the corpus's pdf/ folder when present).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { root } from './bench-args.mjs'
import { alternate, cleanup, main, pdftriage, result, rowFolder } from './perf-lib.mjs'

export const row = { id: 'g', name: 'hostile', title: 'peak memory of the process tree, run --jobs 2 over a hostile batch (default limits)', run }

async function run(ctx) {
  const machineMb = ctx.opt('machine-memory', undefined)
  if (machineMb !== undefined) process.env.PDFTRIAGE_MACHINE_MEMORY_MB = machineMb // the runs inherit it
  const count = ctx.opt('count', '938')
  const seed = ctx.opt('seed', '1')
  const { dir, cwd } = rowFolder('hostile')
  const set = join(dir, 'set')
  const real = join(ctx.corpus, 'pdf')
  const b = spawnSync(
    process.execPath,
    [join(root, 'tools', 'bench', 'hostile-set.mjs'), '--out', set, '--count', count, '--seed', seed, ...(existsSync(real) ? ['--real', real] : [])],
    { encoding: 'utf8' },
  )
  if (b.status !== 0) throw new Error(`hostile-set.mjs failed: ${b.stderr}`)
  console.log(`  ${b.stdout.trim()}`)
  const out = join(dir, 'out')
  const arms = [
    {
      name: 'pdftriage run --jobs 2',
      cmd: () => pdftriage(ctx, 'run', '--jobs', '2', '--quiet', '--out', out, set),
      prepare: () => rmSync(out, { recursive: true, force: true }),
      ok: [0, 1], // 1: some documents failed, as hostile files should
    },
  ]
  await alternate(ctx, arms, { cwd, timeoutS: 7200 })
  // what became of the files, from the index of the last run
  let outcome = ''
  const csv = join(out, 'documents.csv')
  if (existsSync(csv)) {
    const [head, ...rows] = readFileSync(csv, 'utf8').trim().split('\n')
    const col = head.split(',').indexOf('status')
    const counts = {}
    for (const r of rows) counts[r.split(',')[col]] = (counts[r.split(',')[col]] ?? 0) + 1
    outcome = `last run: ${rows.length} rows, ${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`
  }
  cleanup(ctx, dir)
  return result(row, arms, {
    subject: 'pdftriage run --jobs 2',
    figure: 'peakMb',
    ratio: 'absolute',
    target: { op: '<=', value: 2048, text: '<= 2 GB' },
    notes: [`${count} files, seed ${seed}${machineMb !== undefined ? `, as a ${machineMb} MB machine` : ''}`, ...(outcome ? [outcome] : [])],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main([row])
