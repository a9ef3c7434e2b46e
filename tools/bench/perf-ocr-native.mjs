#!/usr/bin/env node
// Row (h) of perf.mjs: OCR of six French scans (the first six French `absent` pages of ../shared/corpus with a truth
// text, as ocr-bench.mjs picks them, joined into one PDF with qpdf), `pdftriage ocr -l fra -j 1` against native
// tesseract on one thread (pdftoppm -r 300 then `tesseract -l fra` page by page, OMP_THREAD_LIMIT=1): wall time of each
// whole job, both rendering the PDF and reading it on one core. Character error rate of each against the truth,
// from the last run (pdftriage's --sidecar, tesseract's text files).
//
//   node tools/bench/perf-ocr-native.mjs [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--runs 5] [--corpus DIR]
//
// Needs qpdf, poppler-utils and tesseract-ocr-fra (Debian); skips without them or the corpus.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { alternate, cer, cleanup, has, main, pdftriage, qpdfJoin, result, rowFolder, tesseractHas } from './perf-lib.mjs'

export const row = { id: 'h', name: 'ocr', title: 'OCR of six French scans: pdftriage ocr -j 1 vs native tesseract on one thread (time)', run }

async function run(ctx) {
  const labels = join(ctx.corpus, 'labels.jsonl')
  if (!existsSync(labels)) return { row: row.id, title: row.title, skipped: `no labels.jsonl under ${ctx.corpus} (--corpus DIR)` }
  for (const t of ['qpdf', 'pdftoppm', 'tesseract'])
    if (!has(t)) return { row: row.id, title: row.title, skipped: `${t} not installed (apt-get install qpdf poppler-utils tesseract-ocr-fra)` }
  if (!tesseractHas('fra')) return { row: row.id, title: row.title, skipped: 'tesseract has no French model (apt-get install tesseract-ocr-fra)' }
  const picked = readFileSync(labels, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.label === 'absent' && l.lang === 'fr' && l.truth)
    .slice(0, 6)
  const { dir, cwd } = rowFolder('ocr')
  const scans = qpdfJoin(
    picked.map((l) => [join(ctx.corpus, l.file), String(l.page)]),
    join(dir, 'scans-6.pdf'),
  )
  const pages = join(dir, 'pages')
  const out = join(dir, 'out.pdf')
  const side = join(dir, 'out.txt')
  // one shell job: render every page, then read each; the image files are the job's own work, as pdftriage's renders
  const native = `mkdir -p "$2" && pdftoppm -r 300 -gray "$1" "$2/p" && for f in "$2"/p*.pgm; do tesseract "$f" "\${f%.pgm}" -l fra >/dev/null 2>&1 || exit 1; done`
  const arms = [
    {
      name: 'tesseract (native, 1 thread)',
      cmd: () => ['sh', ['-c', native, 'native', scans, pages]],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      prepare: () => rmSync(pages, { recursive: true, force: true }),
    },
    {
      name: 'pdftriage ocr -j 1',
      cmd: () => pdftriage(ctx, 'ocr', '-l', 'fra', '-j', '1', '--sidecar', side, scans, out),
      prepare: () => rmSync(out, { force: true }),
    },
  ]
  await alternate(ctx, arms, { cwd, timeoutS: 900 })
  const truths = picked.map((l) => readFileSync(join(ctx.corpus, l.truth), 'utf8'))
  const mean = (texts) => texts.reduce((a, t, i) => a + cer(t, truths[i]), 0) / truths.length
  const ours = existsSync(side) ? readFileSync(side, 'utf8').split('\f') : []
  const theirs = existsSync(pages)
    ? readdirSync(pages)
        .filter((f) => f.endsWith('.txt'))
        .sort()
        .map((f) => readFileSync(join(pages, f), 'utf8'))
    : []
  const cers = `mean page CER against the truth: pdftriage ${ours.length ? mean(ours).toFixed(4) : 'n/a'}, native ${theirs.length === truths.length ? mean(theirs).toFixed(4) : 'n/a'}`
  cleanup(ctx, dir)
  return result(row, arms, {
    anchor: 'tesseract (native, 1 thread)',
    subject: 'pdftriage ocr -j 1',
    figure: 'secs',
    ratio: 'slowdown',
    // the issue asks to keep the ratio it measured (1.05x); allowed here: that and 5% of noise
    target: { op: '<=', value: 1.1, text: '<= 1.10x (keep)' },
    notes: [`pages: ${picked.map((l) => `${l.file.replace(/^pdf\//, '')} p${l.page}`).join(', ')}`, cers],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main([row])
