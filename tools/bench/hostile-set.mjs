#!/usr/bin/env node
// Writes a set of hostile PDFs into a folder (kept out of git: give a folder outside the repository): truncations
// and seeded bit flips of generated and real PDFs, the generated bombs of tools/fixtures (forms drawing forms, deep
// nesting, millions of operators, huge declared images, shared-kids page trees, cycles, an asynchronous parse
// error), and truncated bombs. Deterministic for a seed.
//
//   node tools/bench/hostile-set.mjs --out DIR [--count 320] [--seed 1] [--real DIR_OF_PDFS]
//
// --real defaults to ../shared/corpus/pdf when present (the first 12 files, smallest first, are used as bases).
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'

const { opt } = benchArgs()
const out = opt('out', undefined)
if (!out) {
  console.error('Usage: node tools/bench/hostile-set.mjs --out DIR [--count 320] [--seed 1] [--real DIR]')
  process.exit(2)
}
const count = Number(opt('count', '320'))
const seed = Number(opt('seed', '1'))
const realDir = opt('real', join(root, '..', 'shared', 'corpus', 'pdf'))
const fx = await import(join(root, 'tools', 'fixtures', 'dist', 'src', 'index.js'))
const { seededRandom } = await import(join(root, 'packages', 'core', 'dist', 'src', 'index.js'))
mkdirSync(out, { recursive: true })

const bombs = {
  'bomb-fanout-4x100': fx.formFanoutPdf(4, 100),
  'bomb-fanout-3x1000': fx.formFanoutPdf(3, 1000),
  'bomb-nesting-500k': fx.deepNestingPdf(500_000),
  'bomb-operators-3m': fx.manyOperatorsPdf(3_000_000),
  'bomb-image-60000': fx.hugeImagePdf(),
  'bomb-jpeg-60000': fx.hugeJpegPdf(),
  'bomb-shared-kids-2e26': fx.sharedKidsPdf(26),
  'bomb-shared-kids-2e15': fx.sharedKidsPdf(15),
  'cycle-forms': fx.formCyclePdf(),
  'cycle-page-tree': fx.pageTreeCyclePdf(),
  'async-parse-error': fx.asyncParseErrorPdf(),
}
const bases = {
  'healthy-fr': await fx.healthyPdf('fr'),
  'healthy-en': await fx.healthyPdf('en'),
  'long-12': await fx.longPdf(12),
  scanned: await fx.scannedPdf(),
  'ocr-layer': await fx.ocrLayerPdf(),
  garbled: await fx.garbledPdf(),
  reflected: await fx.reflectedPdf(),
  mixed: await fx.mixedFontPdf(),
  vector: await fx.vectorPdf(),
  encrypted: fx.encryptedPdf(),
}
if (existsSync(realDir)) {
  const real = readdirSync(realDir)
    .filter((f) => f.endsWith('.pdf'))
    .map((f) => join(realDir, f))
  real.sort((a, b) => statSync(a).size - statSync(b).size)
  for (const f of real.slice(0, 12)) bases[`real-${f.slice(f.lastIndexOf('/') + 1, -4)}`] = new Uint8Array(readFileSync(f))
}

const rnd = seededRandom(seed)
let written = 0
const put = (name, bytes) => {
  writeFileSync(join(out, `${String(written).padStart(3, '0')}-${name}.pdf`), bytes)
  written++
}
for (const [k, v] of Object.entries(bombs)) put(k, v)
for (const [k, v] of Object.entries(bombs)) put(`${k}-cut`, fx.truncated(v, Math.floor(v.length * (0.5 + rnd() / 2))))
const names = Object.keys(bases)
for (let i = 0; written < count; i++) {
  const k = names[i % names.length]
  const b = bases[k]
  if (i % 2) put(`${k}-flip${i}`, fx.bitFlipped(b, seed * 100_000 + i, 1 + Math.floor(rnd() * 60)))
  else put(`${k}-cut${i}`, fx.truncated(b, Math.floor(b.length * rnd())))
}
console.log(`${written} files in ${out}: ${Object.keys(bombs).length * 2} bombs and cut bombs, the rest truncations and bit flips of ${names.length} bases`)
