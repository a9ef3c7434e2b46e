// Measures @pdftriage/repair-reflect on the dev corpus dump (/tmp/corpus-pages.jsonl): which pages each method
// repairs, per label, and the time per repair. Judges: judge-gates (defaults) then the bigram model fitted on
// corpus/fit/*.txt. Usage: node tools/bench/repair-bench.mjs [labels...] [--show N] [--no-model]
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { judgePage } from '@pdftriage/core'
import { fitFromTexts, splitPages, isReadable } from '@pdftriage/model-bigram'
import gates from '@pdftriage/judge-gates'
import { ReflectRepair } from '../../packages/repair-reflect/dist/src/reflect-repair.js'
import { reflectOptionsSchema } from '../../packages/repair-reflect/dist/src/options.js'

const args = process.argv.slice(2)
const show = Number(args[args.indexOf('--show') + 1] ?? 0) || 0
const noModel = args.includes('--no-model')
const labels = args.filter((a) => !a.startsWith('--') && Number.isNaN(Number(a)))
const FIT = '/work/shared/corpus/fit'
const pages = []
for (const f of readdirSync(FIT).filter((f) => /^fit_.*\.txt$/.test(f))) pages.push(...splitPages(readFileSync(join(FIT, f), 'utf8')))
const model = fitFromTexts(pages.filter((p) => p.trim().length > 200))
const gatesJudge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })
const bigram = {
  name: 'bigram',
  judge: (p) => {
    const r = isReadable(p.text, model)
    return {
      judge: 'bigram',
      layer: r.readable ? 'healthy' : 'unreadable',
      needsOcr: !r.readable,
      score: r.score,
      threshold: r.threshold,
      notes: [`bigram ${r.score.toFixed(2)} vs ${r.threshold.toFixed(2)}`],
    }
  },
}
const judges = [gatesJudge, bigram]
const repair = new ReflectRepair(reflectOptionsSchema.parse({}), noModel ? undefined : model)
const { ensureDump, DEFAULT_DUMP } = await import('./corpus-dump.mjs')
if (!(await ensureDump())) {
  console.log('corpus not found: nothing measured')
  process.exit(0)
}
const rows = readFileSync(DEFAULT_DUMP, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
const by = {}
let shown = 0
for (const r of rows) {
  if (labels.length && !labels.includes(r.label)) continue
  const items = r.items.map((i) => ({ text: i.t, fontId: i.f, hasEol: i.eol, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 } }))
  const page = { pageNumber: r.page, width: 595, height: 842, items, text: r.text, source: 'text-layer' }
  const ctx = { pageCount: 1, info: { pageCount: 1 }, file: r.file }
  const v = await judgePage(page, judges, ctx)
  const b = (by[r.label] ??= { pages: 0, failed: 0, repaired: 0, methods: {}, ms: [] })
  b.pages++
  if (!v.needsOcr) continue
  b.failed++
  const t = performance.now()
  const res = await repair.repair(page, { ...ctx, verdict: v, judge: (p) => judgePage(p, judges, ctx) })
  b.ms.push(performance.now() - t)
  if (!res) {
    if (args.includes('--why'))
      console.log(`--- not repaired ${r.file} p${r.page} ${r.label}: ${v.notes.join(' | ').slice(0, 300)}\n${page.text.slice(0, 200)}`)
    continue
  }
  b.repaired++
  const m = res.notes[0].replace('method ', '')
  b.methods[m] = (b.methods[m] ?? 0) + 1
  if (shown < show) {
    shown++
    console.log(`--- ${r.file} p${r.page} ${r.label} ${r.notes.slice(0, 60)}\n${res.notes.join('\n')}\n${res.page.text.slice(0, 500)}\n`)
  }
}
for (const [l, b] of Object.entries(by)) {
  b.ms.sort((x, y) => x - y)
  const ms = b.ms.length ? `repair ms median ${b.ms[b.ms.length >> 1].toFixed(0)} max ${b.ms.at(-1).toFixed(0)}` : ''
  console.log(`${l}: ${b.pages} pages, ${b.failed} failed a judge, ${b.repaired} repaired ${JSON.stringify(b.methods)} ${ms}`)
}
