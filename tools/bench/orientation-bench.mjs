// Mean word confidence of OCR by page turn: `node tools/bench/orientation-bench.mjs [--pages 10]`.
// Renders scanned pages of ../shared/corpus (label absent) at 300 dpi, turns each image by 0, 90, 180 and 270 degrees,
// and prints tesseract's length-weighted mean word confidence for the whole page and for its middle third, the
// figures behind POOR_OCR_CONFIDENCE and TURN_MARGIN in core's OCR stage. Then times the pipeline's own choice
// (ocrPage) on the pages turned 180 degrees. Skips without the corpus.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'

const { opt } = benchArgs()
const corpus = join(root, '..', 'shared', 'corpus')
if (!existsSync(join(corpus, 'labels.jsonl'))) {
  console.log('orientation-bench: ../shared/corpus not found: skipped')
  process.exit(0)
}
const core = await import(join(root, 'packages', 'core', 'dist', 'src', 'pipeline', 'ocr-check.js'))
const { createPdfjsExtractor, pdfjsExtractorOptionsSchema } = await import(join(root, 'packages', 'extract-pdfjs', 'dist', 'src', 'index.js'))
const { createTesseractEngine } = await import(join(root, 'packages', 'ocr-tesseract', 'dist', 'src', 'index.js'))
const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
const pages = labels.filter((l) => l.label === 'absent' && l.truth).slice(0, Number(opt('pages', '10')))
const ex = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
const engine = createTesseractEngine({ workers: 1, languages: ['fra', 'eng'] })
const rows = []
try {
  for (const l of pages) {
    const doc = await ex.open(new Uint8Array(readFileSync(join(corpus, l.file))))
    const img = await doc.renderPage(l.page, 300)
    await doc.close()
    const row = { page: `${l.file} p${l.page}` }
    for (const deg of [0, 90, 180, 270]) {
      const turned = core.rotateImage(img, deg)
      const full = core.meanConfidence(await engine.recognize(turned, { languages: ['fra', 'eng'] })) ?? 0
      const mid = core.meanConfidence(await engine.recognize(core.band(turned, 1 / 3, 2 / 3), { languages: ['fra', 'eng'] })) ?? 0
      row[deg] = `${full.toFixed(2)}/${mid.toFixed(2)}`
      row[`f${deg}`] = full
      row[`b${deg}`] = mid
    }
    rows.push(row)
    console.log(`${row.page.padEnd(22)} full/band  0: ${row[0]}  90: ${row[90]}  180: ${row[180]}  270: ${row[270]}`)
  }
} finally {
  await engine.close()
}
const range = (k) => `${Math.min(...rows.map((r) => r[k])).toFixed(2)}-${Math.max(...rows.map((r) => r[k])).toFixed(2)}`
console.log(
  `upright full ${range('f0')}, band ${range('b0')}; turned full 90 ${range('f90')}, 180 ${range('f180')}, 270 ${range('f270')}; turned band 90 ${range('b90')}, 180 ${range('b180')}, 270 ${range('b270')}`,
)
