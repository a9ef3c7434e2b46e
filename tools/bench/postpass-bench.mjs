#!/usr/bin/env node
// What the post-pass costs inside a real run: `pdftriage run --policy extract` over the inputs, once with the default
// post-pass and once without (`postprocess: []`), then, from the reports, the post-pass time of each document
// (`postprocessMs`) against its pages' extraction time (`ms.extract`), and the run's CPU time with and without.
//
//   node tools/bench/postpass-bench.mjs [--jobs N] [--runs R] PATH...
//
// The first document of each worker pays the post-pass's warm-up (its code is compiled while it runs): it is shown
// apart from the rest. Times are wall-clock inside the worker, best of R runs per document. Build first: npm run build.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchArgs, bin } from './bench-args.mjs'

const { args, opt } = benchArgs()
const jobs = opt('jobs', '1')
const runs = Number(opt('runs', '3'))
if (args.length === 0) {
  console.error('usage: node tools/bench/postpass-bench.mjs [--jobs N] [--runs R] PATH...')
  process.exit(2)
}
const tmp = mkdtempSync(join(tmpdir(), 'postpass-bench-'))
writeFileSync(join(tmp, 'post.json'), '{}')
writeFileSync(join(tmp, 'nopost.json'), JSON.stringify({ postprocess: [] }))

/** Runs the CLI once; returns its CPU seconds (children included) and the reports by input file. */
function run(config, k) {
  const out = join(tmp, `${config}-${k}`)
  const r = spawnSync(
    '/usr/bin/env',
    [
      'bash',
      '-c',
      'TIMEFORMAT=%U+%S; time node "$@" >/dev/null',
      '_',
      bin,
      'run',
      '--policy',
      'extract',
      '--jobs',
      jobs,
      '--config',
      join(tmp, `${config}.json`),
      '--out',
      out,
      ...args,
    ],
    { encoding: 'utf8' },
  )
  if (r.status !== 0 && r.status !== 1) throw new Error(`pdftriage run failed: ${r.stderr}`)
  const cpu = r.stderr
    .trim()
    .split('\n')
    .pop()
    .split('+')
    .reduce((s, x) => s + Number(x), 0)
  // Reports in input order (the index lists documents so, and one worker takes them so).
  const reports = new Map()
  const [header, ...rows] = readFileSync(join(out, 'documents.csv'), 'utf8').trim().split('\n')
  // The report column by name; paths with commas (quoted) are not expected among benchmark inputs.
  const col = header.split(',').indexOf('report')
  for (const row of rows) {
    const report = row.split(',')[col]
    if (!report) continue
    const rep = JSON.parse(readFileSync(join(out, report), 'utf8'))
    reports.set(rep.file, rep)
  }
  return { cpu, reports }
}

const best = new Map() // file -> { pages, extract, post, order }
let cpuWith = Infinity
let cpuWithout = Infinity
for (let k = 0; k < runs; k++) {
  const a = run('post', k)
  const b = run('nopost', k)
  cpuWith = Math.min(cpuWith, a.cpu)
  cpuWithout = Math.min(cpuWithout, b.cpu)
  let order = 0
  for (const [file, rep] of a.reports) {
    const extract = rep.pageVerdicts.reduce((s, p) => s + (p.ms?.extract ?? 0), 0)
    const prev = best.get(file)
    const cur = {
      pages: rep.pages,
      extract: Math.min(prev?.extract ?? Infinity, extract),
      post: Math.min(prev?.post ?? Infinity, rep.postprocessMs ?? 0),
      order: order++,
    }
    best.set(file, cur)
  }
}
const sum = { all: { E: 0, P: 0, pages: 0, docs: 0 }, warm: { E: 0, P: 0, pages: 0, docs: 0 } }
for (const [file, d] of best) {
  const first = d.order < Number(jobs)
  if (best.size <= 20)
    console.log(
      `${file}: ${d.pages} pages, extraction ${d.extract.toFixed(0)} ms, post-pass ${d.post.toFixed(0)} ms = ${((100 * d.post) / d.extract).toFixed(1)} %${first ? ' (first of its worker: warm-up included)' : ''}`,
    )
  for (const s of first ? [sum.all] : [sum.all, sum.warm]) {
    s.E += d.extract
    s.P += d.post
    s.pages += d.pages
    s.docs++
  }
}
const line = (s) =>
  `${s.docs} documents, ${s.pages} pages: extraction ${s.E.toFixed(0)} ms, post-pass ${s.P.toFixed(0)} ms = ${((100 * s.P) / s.E).toFixed(1)} %`
console.log(`all: ${line(sum.all)} (best of ${runs} runs, --jobs ${jobs})`)
if (sum.warm.docs) console.log(`after each worker's first document: ${line(sum.warm)}`)
console.log(
  `run CPU: ${cpuWithout.toFixed(2)} s without the post-pass, ${cpuWith.toFixed(2)} s with (+${((100 * (cpuWith - cpuWithout)) / cpuWithout).toFixed(1)} %; writing the rebuilt text included)`,
)
