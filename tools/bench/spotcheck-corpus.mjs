// Measures the spot-check judge on the development corpus, when present (it is not in the repo).
// Usage: node tools/bench/spotcheck-corpus.mjs [corpus-dir] [--options '{"dpi":200}'] [--labels ocr_good,bad_ocr,healthy]
//        [--healthy N] [--languages fra,eng] [--limit N]
// Each page runs through core's runDocument with judges = [spotcheck], a 1-worker tesseract engine and
// performOcr: false, so the judge gets the real `recognizeRegion`. Prints agreement per page, the confusion per label,
// and OCR seconds per checked page. `--healthy N` adds the first N born-digital `healthy` pages (they must abstain).
// Build first: npx tsc -b packages/judge-spotcheck
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runDocument } from '../../packages/core/dist/src/index.js'
import extractorFactory from '../../packages/extract-pdfjs/dist/src/index.js'
import { createTesseractEngine } from '../../packages/ocr-tesseract/dist/src/index.js'
import spotcheck from '../../packages/judge-spotcheck/dist/src/index.js'

const args = process.argv.slice(2)
const flag = (name) => {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const v = args[i + 1]
  args.splice(i, 2)
  return v
}
const options = JSON.parse(flag('--options') ?? '{}')
const labels = (flag('--labels') ?? 'ocr_good,bad_ocr').split(',')
const healthyN = Number(flag('--healthy') ?? 0)
const languages = (flag('--languages') ?? 'fra,eng').split(',')
const limit = Number(flag('--limit') ?? Infinity)
const root = args[0] ?? new URL('../../../shared/corpus', import.meta.url).pathname
if (!existsSync(join(root, 'labels.jsonl'))) {
  console.log(`corpus not found (${root}): nothing measured`)
  process.exit(0)
}
const rows = readFileSync(join(root, 'labels.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
let pages = rows.filter((r) => labels.includes(r.label))
if (healthyN) pages = pages.concat(rows.filter((r) => r.label === 'healthy').slice(0, healthyN))
pages = pages.slice(0, limit)
const extractor = await extractorFactory.create(extractorFactory.optionsSchema.parse({}), { baseDir: '.' })
const judge = await spotcheck.create(spotcheck.optionsSchema.parse(options), { baseDir: '.' })
const engine = createTesseractEngine({ workers: 1, languages })
const by = new Map()
let ocrMs = 0
let cpuMs = 0
let checked = 0
try {
  for (const r of pages) {
    const doc = await extractor.open(new Uint8Array(readFileSync(join(root, r.file))), { file: r.file })
    let verdict
    const t = performance.now()
    const cpu = process.cpuUsage()
    try {
      // runDocument judges every page; only the labelled one is read
      for await (const ev of runDocument(doc, { judges: [judge], repairs: [], ocr: engine, postprocess: [] }, { performOcr: false, file: r.file })) {
        if (ev.type === 'page' && ev.result.pageNumber === r.page) verdict = ev.result.verdict
      }
    } finally {
      await doc.close()
    }
    const ms = performance.now() - t
    const used = process.cpuUsage(cpu)
    const decided = verdict && verdict.judge === 'spotcheck'
    const mode = /mode=(\w+)/.exec(r.notes ?? '')?.[1] ?? ''
    const key = r.label + (mode ? ` ${mode}` : '')
    const b = by.get(key) ?? { pages: 0, ocr: 0, abstain: 0 }
    b.pages++
    if (!decided) b.abstain++
    else {
      checked++
      cpuMs += (used.user + used.system) / 1000
      ocrMs += Number(/, (\d+) ms$/.exec(verdict.notes[0] ?? '')?.[1] ?? 0)
      if (verdict.needsOcr) b.ocr++
    }
    by.set(key, b)
    const wrong = decided && r.needs_ocr !== null && verdict.needsOcr !== r.needs_ocr
    console.log(
      `${wrong ? 'WRONG ' : ''}${key} ${r.lang} cer=${r.cer ?? '-'} ${r.file} p${r.page}: ` +
        (decided
          ? `score ${verdict.score.toFixed(3)} ${verdict.needsOcr ? 'OCR' : 'ok'} (${(ms / 1000).toFixed(1)} s) | ${verdict.notes.join(' | ')}`
          : 'abstain'),
    )
  }
} finally {
  await engine.close()
}
console.log('\nlabel                  pages  ->OCR  abstain')
for (const [k, b] of [...by].sort()) console.log(`${k.padEnd(22)} ${String(b.pages).padStart(5)} ${String(b.ocr).padStart(6)} ${String(b.abstain).padStart(8)}`)
console.log(
  `OCR of the region: ${checked ? (ocrMs / checked / 1000).toFixed(2) : '-'} s wall a checked page (render + crop + recognise), ` +
    `${checked ? (cpuMs / checked / 1000).toFixed(2) : '-'} s CPU a checked page (the whole page run, worker threads included; ${checked} pages)`,
)
