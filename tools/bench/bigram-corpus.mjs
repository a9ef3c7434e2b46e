// Measures the bigram judge on the development corpus, when present (it is not in the repo).
// Usage: node tools/bench/bigram-corpus.mjs [corpus-dir] [pages.jsonl] [--list] [--options '{"fontShare":0.2}']
//   corpus-dir   default ../shared/corpus (fit/*.txt to fit, holdout/*.txt to calibrate)
//   pages.jsonl  a pdf.js dump of the labelled pages: label fields + text + items [{t, f, eol}] (default /tmp/corpus-pages.jsonl)
// Prints, per label, how many pages the judge sends to OCR, then the wrong pages with their notes.
// The gates are left out of the picture: only pages with >= 200 non-space characters are judged.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { calibrate, createBigramJudge, fitFromTexts, loadModel, saveModel } from '../../packages/model-bigram/dist/src/index.js'

const args = process.argv.slice(2)
const flag = (name) => {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const v = args[i + 1]
  args.splice(i, 2)
  return v
}
const options = JSON.parse(flag('--options') ?? '{}')
const list = args.includes('--list')
const pos = args.filter((a) => !a.startsWith('--'))
const root = pos[0] ?? new URL('../../../shared/corpus', import.meta.url).pathname
const dump = pos[1] ?? '/tmp/corpus-pages.jsonl'
if (existsSync(join(root, 'fit'))) await (await import('./corpus-dump.mjs')).ensureDump(dump, root)
if (!existsSync(join(root, 'fit')) || !existsSync(dump)) {
  console.log(`corpus not found (${root}, ${dump}): nothing measured`)
  process.exit(0)
}
const texts = (d) =>
  readdirSync(join(root, d))
    .filter((f) => f.endsWith('.txt') && f !== 'SOURCES.txt')
    .sort()
    .map((f) => readFileSync(join(root, d, f), 'utf8'))
const fitted = fitFromTexts(texts('fit'))
const cal = calibrate(fitted, texts('holdout'))
const model = loadModel(saveModel(cal.model)) // through the file format, as the plugin sees it
console.log(
  `fit ${model.trainingPages} pages, worst ${model.worstTrainingScore.toFixed(3)} (page ${model.worstTrainingPage}), ` +
    `structure ${model.worstTrainingStructure.toFixed(3)}; calibrate: needed ${cal.needed.toFixed(3)}, margin ${cal.margin.toFixed(3)}, ` +
    `threshold ${model.threshold.toFixed(3)}; holdout below worst: ${cal.pages.map((p) => p.belowWorst.toFixed(2)).join(' ')}`,
)
const judge = createBigramJudge(model, options)
const rows = readFileSync(dump, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
const nonSpace = (s) => s.replace(/\s/g, '').length
const by = new Map()
const wrong = []
for (const r of rows) {
  if (nonSpace(r.text) < 200) continue
  const page = {
    pageNumber: r.page,
    width: 612,
    height: 792,
    text: r.text,
    source: 'text-layer',
    items: r.items.map((i) => ({ text: i.t, fontId: i.f, hasEol: i.eol, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 } })),
  }
  const v = await judge.judge(page, { pageCount: 1, info: { pageCount: 1 } })
  const key = r.label + (/kind=numeric/.test(r.notes ?? '') ? ' (numeric)' : '')
  const b = by.get(key) ?? { pages: 0, ocr: 0, abstain: 0 }
  b.pages++
  if (v === undefined) b.abstain++
  else if (v.needsOcr) b.ocr++
  by.set(key, b)
  const isWrong = v !== undefined && r.needs_ocr !== null && r.needs_ocr !== v.needsOcr && r.label !== 'reflected'
  if (isWrong || list) wrong.push(`${isWrong ? 'WRONG ' : ''}${r.label} ${r.lang} ${r.file} p${r.page}: ${v === undefined ? 'abstain' : v.notes.join(' | ')}`)
}
console.log('label                  pages  ->OCR  abstain')
for (const [k, b] of [...by].sort()) console.log(`${k.padEnd(22)} ${String(b.pages).padStart(5)} ${String(b.ocr).padStart(6)} ${String(b.abstain).padStart(8)}`)
console.log(wrong.join('\n'))
