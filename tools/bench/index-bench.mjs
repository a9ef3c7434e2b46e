#!/usr/bin/env node
// Times what a resumed run asks of the output folder's index: open a documents.csv of N rows, then one `latest` and
// one `doneByHash` lookup per input, as runBatch and the queue's producer do before deciding to skip a document.
//
//   node tools/bench/index-bench.mjs [--rows 100000] [--batch-dist DIR]   (build first: npm run build)
//
// --batch-dist points at another build of @pdftriage/batch (its dist folder) to compare two versions.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { benchArgs, root } from './bench-args.mjs'

const { opt } = benchArgs()
const n = Number(opt('rows', '100000'))
const dist = opt('batch-dist', join(root, 'packages', 'batch', 'dist'))
const { IndexStore, DOCUMENT_COLUMNS } = await import(pathToFileURL(join(dist, 'src', 'index.js')).href)

const out = mkdtempSync(join(tmpdir(), 'index-bench-'))
try {
  const blank = Object.fromEntries(DOCUMENT_COLUMNS.map((c) => [c, '']))
  const row = (i) => ({ ...blank, path: `in/${i}.pdf`, hash: `h${i}`, config: 'c1', status: 'done', pages: '1' })
  const w = new IndexStore(out)
  w.open()
  // Written in groups of 1,000 documents (the collector's group commit), so building the index is not what is timed.
  for (let i = 0; i < n; i += 1000) w.appendMany(Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({ row: row(i + k), pageLines: [] })))

  const t0 = process.hrtime.bigint()
  const r = new IndexStore(out)
  r.open()
  const t1 = process.hrtime.bigint()
  let found = 0
  for (let i = 0; i < n; i++) {
    if (r.latest(`in/${i}.pdf`)) found++
    if (r.doneByHash(`h${i}`, 'c1')) found++
  }
  const t2 = process.hrtime.bigint()
  const ms = (a, b) => (Number(b - a) / 1e6).toFixed(0)
  console.log(`${n} rows: open ${ms(t0, t1)} ms, ${2 * n} lookups ${ms(t1, t2)} ms (${found} found)`)
} finally {
  rmSync(out, { recursive: true, force: true })
}
