#!/usr/bin/env node
// Runs the gates over every labelled page of the development corpus and prints a confusion table of needsOcr
// against the labels. Reads the corpus only when present; never copies it.
//   node scripts/eval-corpus.mjs [--dump /tmp/corpus-pages.jsonl] [--corpus DIR] [--coverage computed|unknown] [--list]
// The dump is a pdf.js text dump (label fields + text + items [{t,f,eol}]); image coverage is computed from the
// corpus PDFs (scripts/image-coverage.mjs, cached beside the dump) unless --coverage unknown.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const here = dirname(fileURLToPath(import.meta.url))
const { values: args } = parseArgs({
  options: {
    dump: { type: 'string', default: '/tmp/corpus-pages.jsonl' },
    corpus: { type: 'string', default: process.env.PDFTRIAGE_CORPUS ?? resolve(here, '../../../../shared/corpus') },
    coverage: { type: 'string', default: 'computed' },
    options: { type: 'string', default: '{}' },
    list: { type: 'boolean', default: false },
  },
})
await (await import(join(here, '../../../tools/bench/corpus-dump.mjs'))).ensureDump(args.dump, args.corpus)
if (!existsSync(args.dump)) {
  console.log(`no corpus dump at ${args.dump}: nothing to evaluate`)
  process.exit(0)
}
const { gatesJudge } = await import(join(here, '../dist/src/index.js'))
const rows = readFileSync(args.dump, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))

let coverage = {}
if (args.coverage === 'computed') {
  const cache = args.dump.replace(/\.jsonl$/, '') + '.coverage.json'
  if (existsSync(cache)) coverage = JSON.parse(readFileSync(cache, 'utf8'))
  else if (existsSync(args.corpus)) {
    const { imageCoverages } = await import('./image-coverage.mjs')
    for (const f of new Set(rows.map((r) => r.file))) coverage[f] = await imageCoverages(new Uint8Array(readFileSync(join(args.corpus, f))))
    writeFileSync(cache, JSON.stringify(coverage))
  } else console.log(`no corpus at ${args.corpus}: image coverage unknown`)
}

const judge = await gatesJudge.create(gatesJudge.optionsSchema.parse(JSON.parse(args.options)), { baseDir: process.cwd() })
const pageCounts = new Map()
for (const r of rows) pageCounts.set(r.file, Math.max(pageCounts.get(r.file) ?? 0, r.page))
const table = new Map()
let missed = 0
const byFont = []
let needless = 0
for (const r of rows) {
  const cov = coverage[r.file]?.[r.page - 1]
  const page = {
    pageNumber: r.page,
    width: 0,
    height: 0,
    source: 'text-layer',
    text: r.text,
    items: r.items.map((i) => ({ text: i.t, fontId: i.f, hasEol: i.eol, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 } })),
    ...(typeof cov === 'number' ? { imageCoverage: cov } : {}),
  }
  const v = await judge.judge(page, { pageCount: pageCounts.get(r.file), info: { pageCount: pageCounts.get(r.file) } })
  const key = r.label
  const t = table.get(key) ?? { pages: 0, ocr: 0, keep: 0, layers: {} }
  t.pages++
  v.needsOcr ? t.ocr++ : t.keep++
  t.layers[v.layer] = (t.layers[v.layer] ?? 0) + 1
  table.set(key, t)
  if (r.needs_ocr === true && !v.needsOcr) missed++
  if (r.needs_ocr === false && v.needsOcr && r.label !== 'reflected') needless++
  if (v.notes.some((n) => n.startsWith('garbled: font '))) byFont.push(`${r.label} ${r.file} p${r.page}`)
  const wrong = r.needs_ocr !== null && r.needs_ocr !== v.needsOcr
  if (args.list && wrong) console.log(`${r.label}\t${r.file} p${r.page}\t${v.layer}\t${v.notes.join(' | ')}`)
}
console.log('label       pages  gates-OCR  gates-keep  layers')
for (const [k, t] of [...table].sort()) {
  console.log(`${k.padEnd(11)} ${String(t.pages).padStart(5)}  ${String(t.ocr).padStart(9)}  ${String(t.keep).padStart(10)}  ${JSON.stringify(t.layers)}`)
}
console.log(`pages decided by the per-font gate: ${byFont.length}${byFont.length ? ' (' + byFont.join(', ') + ')' : ''}`)
const reflectedOcr = table.get('reflected')?.ocr ?? 0
console.log(`missed (needs_ocr true, gates keep): ${missed}`)
console.log(`needless OCR (needs_ocr false, gates OCR), reflected excluded: ${needless}; reflected sent to repair/OCR: ${reflectedOcr}`)
