#!/usr/bin/env node
// The garbled pages of ../shared/corpus through the whole pipeline, as `pdftriage ocr` runs it (the CLI's components
// and configuration, core's runDocument): per page, what became of it (repaired, OCRed), how many times its image was
// rendered and read (the extractor's `renderPage` and the engine's `recognize` counted), and the word F1 of the text
// kept against the unbroken source page (pdf.js's text of the texlive documentation page the corpus took it from;
// Debian texlive-lang-french and texlive-latex-recommended-doc, under /usr/share/doc/texlive-doc). Pages without a
// source page installed are counted, not scored.
//
//   node tools/bench/codemap-looks.mjs [--only d0002,d0007] [--out rows.jsonl]
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { f1 } from './word-score.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const CORPUS = join(root, '../../shared/corpus')
const DOC = '/usr/share/doc/texlive-doc/'
const { values } = parseArgs({ options: { only: { type: 'string' }, out: { type: 'string' } } })
const corpus = existsSync(join(CORPUS, 'labels.jsonl')) ? CORPUS : '/work/shared/corpus'
if (!existsSync(join(corpus, 'labels.jsonl'))) {
  console.log('corpus not found: nothing measured')
  process.exit(0)
}
const core = await import(join(root, 'packages/core/dist/src/index.js'))
const { CLI_DIR } = await import(join(root, 'packages/cli/dist/src/cli-dir.js'))
const { preset } = await import(join(root, 'packages/preset-default/dist/src/index.js'))
const loaded = await core.loadConfig(undefined, process.cwd(), preset.config)
const components = await core.createComponents({ ...loaded.config, policy: 'auto' }, loaded.baseDir, {
  names: preset,
  fallbackDirs: [CLI_DIR],
  withPostprocess: false,
})
const only = values.only?.split(',')
const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  .filter((l) => l.label === 'garbled' && (!only || only.includes(l.file.replace(/^pdf\/|\.pdf$/g, ''))))

let reads = []
const eng = components.ocr
const rec = eng.recognize.bind(eng)
eng.recognize = async (img, o) => {
  reads.push({ page: img.pageNumber, dpi: img.dpi, px: img.width * img.height })
  return rec(img, o)
}
const rows = []
const t0 = performance.now()
for (const l of labels) {
  const id = l.file.replace(/^pdf\/|\.pdf$/g, '')
  const file = join(corpus, l.file)
  const doc = await components.extractor.open(new Uint8Array(readFileSync(file)), { file })
  const render = doc.renderPage.bind(doc)
  const renders = []
  doc.renderPage = async (n, dpi) => {
    renders.push({ page: n, dpi })
    return render(n, dpi)
  }
  reads = []
  let result
  const languages = l.lang === 'en' ? ['eng'] : ['fra']
  for await (const e of core.runDocument(doc, components, { file, policy: 'auto', languages, postprocess: false, pageRange: { from: l.page, to: l.page } })) {
    if (e.type === 'page' && e.result.pageNumber === l.page) result = e.result
  }
  await doc.close()
  let truth
  const m = /^texlive-doc:(.*) p\.(\d+)$/.exec(l.source ?? '')
  // epslatex-fr's own pages are the broken ones: its source is no truth
  if (m && !m[1].includes('epslatex') && existsSync(DOC + m[1])) {
    const src = await components.extractor.open(new Uint8Array(readFileSync(DOC + m[1])))
    truth = (await src.getPageText(Number(m[2]))).text
    await src.close()
  }
  const mine = (x) => x.page === l.page
  const row = {
    id,
    page: l.page,
    variant: /variant=(\w)/.exec(l.notes)?.[1] ?? l.method,
    layer: result?.verdict.layer,
    action: result?.action,
    repair: result?.repair ?? null,
    renders: renders.filter(mine).map((r) => r.dpi),
    readings: reads.filter(mine).map((r) => r.dpi),
    looks: (result?.looks ?? []).map((k) => `${k.by} ${k.dpi}${k.box ? ' box' : ''}${k.reused ? ' reused' : ''}`),
  }
  if (truth !== undefined && result) row.f1 = +f1(result.page.text, truth).toFixed(4)
  rows.push(row)
  console.log(JSON.stringify(row))
}
await components.close()
if (values.out) writeFileSync(values.out, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN)
const rep = rows.filter((r) => r.action === 'repaired')
const scored = rows.filter((r) => r.f1 !== undefined)
const repScored = rep.filter((r) => r.f1 !== undefined)
console.log(
  `pages ${rows.length}: repaired ${rep.length}, OCRed ${rows.filter((r) => r.action === 'ocr').length}, kept ${rows.filter((r) => r.action === 'kept').length}`,
)
console.log(
  `renders ${rows.reduce((a, r) => a + r.renders.length, 0)}, readings ${rows.reduce((a, r) => a + r.readings.length, 0)}; pages read more than once ${rows.filter((r) => r.readings.length > 1).length}`,
)
console.log(
  `word F1 against the source page: all ${scored.length} scored pages mean ${mean(scored.map((r) => r.f1)).toFixed(4)}; repaired ${repScored.length} mean ${mean(repScored.map((r) => r.f1)).toFixed(4)}, min ${Math.min(...repScored.map((r) => r.f1)).toFixed(4)}`,
)
console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`)
