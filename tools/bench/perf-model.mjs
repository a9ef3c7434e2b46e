#!/usr/bin/env node
// Row (c) of perf.mjs: the cost of the letter-pair model (N1) on the 312-page French manual: `pdftriage triage
// --model M` against `pdftriage triage` (N0 alone), wall time of each whole process. M is fitted first with the
// measured pdftriage, as the README says: `pdftriage fit` on ../shared/corpus/fit/*.txt, then `pdftriage calibrate` on
// holdout/*.txt.
//
//   node tools/bench/perf-model.mjs [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--runs 5] [--corpus DIR] [--file F.pdf]
//
// Needs the manual (apt-get install texlive-lang-french) and the corpus's fit/ and holdout/ pages.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { manual } from './perf-manual.mjs'
import { alternate, cleanup, main, pdftriage, result, rowFolder } from './perf-lib.mjs'

export const row = { id: 'c', name: 'model', title: 'N1 model overhead: triage --model M vs triage, the same manual (time)', run }

async function run(ctx) {
  const file = manual(ctx)
  if (!file) return { row: row.id, title: row.title, skipped: 'latex2e-fr.pdf not installed (apt-get install texlive-lang-french)' }
  const txt = (d) => (existsSync(join(ctx.corpus, d)) ? readdirSync(join(ctx.corpus, d)).filter((f) => /^(fit|holdout)_.*\.txt$/.test(f)) : [])
  const fit = txt('fit').map((f) => join(ctx.corpus, 'fit', f))
  const holdout = txt('holdout').map((f) => join(ctx.corpus, 'holdout', f))
  if (!fit.length || !holdout.length) return { row: row.id, title: row.title, skipped: `no fit/*.txt and holdout/*.txt under ${ctx.corpus} (--corpus DIR)` }
  const { dir, cwd } = rowFolder('model')
  const model = join(dir, 'model.json')
  for (const args of [
    ['fit', '--out', model, ...fit],
    ['calibrate', '--model', model, ...holdout],
  ]) {
    const [cmd, a] = pdftriage(ctx, ...args)
    const r = spawnSync(cmd, a, { cwd, encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`pdftriage ${args[0]} failed (${r.status}): ${r.stderr}`)
  }
  const arms = [
    { name: 'triage (N0)', cmd: () => pdftriage(ctx, 'triage', file) },
    { name: 'triage --model M (N1)', cmd: () => pdftriage(ctx, 'triage', '--model', model, file) },
  ]
  await alternate(ctx, arms, { cwd, timeoutS: 600 })
  // the model was read: the N1 run's records name its judge
  const judged = /"judge":"[^"]*(bigram|model)/.test(arms[1].last?.out ?? '')
  cleanup(ctx, dir)
  return result(row, arms, {
    anchor: 'triage (N0)',
    subject: 'triage --model M (N1)',
    figure: 'secs',
    ratio: 'slowdown',
    target: { op: '<=', value: 1.1, text: '<= 1.10x' },
    notes: [
      `model fitted on ${fit.length} files, calibrated on ${holdout.length}${judged ? '' : "; the N1 run's last records name no model judge (check it)"}`,
    ],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main([row])
