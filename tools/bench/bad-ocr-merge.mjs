// The word-by-word choice between an old OCR layer and the OCR that replaces it (core's mergeLayer), on the pages of
// ../shared/corpus labelled bad_ocr: for each page, the file's own layer (pdf.js), the OCR at 300 dpi (the engine's
// defaults) and the two merged, each scored by word F1 against the page's truth; then the mean F1 of the merged text
// over a grid of thresholds, and every word taken from the old layer with whether the truth has it.
//   node tools/bench/bad-ocr-merge.mjs [--cache DIR] [--limit N]
// --cache keeps each page's two readings as JSON (OCR is the slow part), so that a second run only merges;
// --cached-only scores the cached pages alone.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'
import { f1, words } from './word-score.mjs'

const { opt } = benchArgs()
const cache = opt('cache', undefined)
const limit = Number(opt('limit', '1000'))
const cachedOnly = process.argv.includes('--cached-only')
// beside the checkout, or beside the folder of worktrees
const corpus = [join(root, '..', 'shared', 'corpus'), join(root, '..', '..', 'shared', 'corpus')].find((d) => existsSync(join(d, 'labels.jsonl')))
if (!corpus) {
  console.log('bad-ocr-merge: ../shared/corpus not found: skipped')
  process.exit(0)
}
const pkg = (p) => import(join(root, 'packages', p, 'dist', 'src', 'index.js'))
// not part of core's public API: the runner applies it
const { DEFAULT_LAYER_MERGE, mergeLayer } = await import(join(root, 'packages', 'core', 'dist', 'src', 'pipeline', 'layer-merge.js'))
const { createPdfjsExtractor, pdfjsExtractorOptionsSchema } = await pkg('extract-pdfjs')
const { createTesseractEngine } = await pkg('ocr-tesseract')
const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .filter((l) => l.label === 'bad_ocr')
  .slice(0, limit)
if (cache) mkdirSync(cache, { recursive: true })
const ex = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
const engine = createTesseractEngine({ workers: 1, pageTimeoutMs: 600_000 })
const rows = []
try {
  for (const l of labels) {
    const file = cache && join(cache, `${basename(l.file, '.pdf')}_p${l.page}.json`)
    let row = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
    if (!row && cachedOnly) continue
    if (!row) {
      const doc = await ex.open(readFileSync(join(corpus, l.file)))
      const old = await doc.getPageText(l.page)
      const img = await doc.renderPage(l.page, 300)
      await doc.close()
      row = { file: l.file, mode: /mode=(\w+)/.exec(l.notes)?.[1], old, ocr: await engine.recognize(img) }
      if (file) writeFileSync(file, JSON.stringify(row))
    }
    row.truth = readFileSync(join(corpus, l.truth), 'utf8')
    rows.push(row)
  }
} finally {
  await engine.close()
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
for (const r of rows) {
  const m = mergeLayer(r.ocr, r.old, DEFAULT_LAYER_MERGE)
  const f = (t) => f1(t, r.truth).toFixed(3)
  console.log(`${basename(r.file)}\t${r.mode}\tlayer ${f(r.old.text)}\tocr ${f(r.ocr.text)}\tmerged ${f(m.page.text)}\ttaken ${m.taken}`)
}
console.log(
  `\n${rows.length} pages, mean F1: layer ${mean(rows.map((r) => f1(r.old.text, r.truth))).toFixed(4)}, ocr ${mean(rows.map((r) => f1(r.ocr.text, r.truth))).toFixed(4)}`,
)
for (const unsure of [0.3, 0.6, 0.8])
  for (const near of [0.3, 0.5, 0.7]) {
    const g = { ...DEFAULT_LAYER_MERGE, unsure, near }
    const ms = rows.map((r) => mergeLayer(r.ocr, r.old, g))
    console.log(
      `${JSON.stringify(g)}\tmerged ${mean(ms.map((m, i) => f1(m.page.text, rows[i].truth))).toFixed(4)}\ttaken ${ms.reduce((a, m) => a + m.taken, 0)}`,
    )
  }
let right = 0
let wrong = 0
for (const r of rows) {
  const truth = new Set(words(r.truth))
  const m = mergeLayer(r.ocr, r.old, DEFAULT_LAYER_MERGE)
  m.page.items.forEach((it, i) => {
    const o = r.ocr.items[i]
    if (it.text === o.text) return
    const inT = (t) => words(t).every((w) => truth.has(w))
    if (inT(it.text) && !inT(o.text)) right++
    else if (inT(o.text) && !inT(it.text)) wrong++
    console.log(`${basename(r.file)}\t${o.text} (${o.confidence?.toFixed(2)}) -> ${it.text}`)
  })
}
console.log(`words taken at the defaults: ${right} right where the OCR was wrong, ${wrong} wrong where the OCR was right`)
