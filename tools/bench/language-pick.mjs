// The OCR engine's language pick on French scans: `node tools/bench/language-pick.mjs [--pages 8] [--arm NAME]`.
// Renders the corpus's French pages labelled absent or sparse (with truth) at 300 dpi and OCRs them in arms, one engine
// (1 worker) each: `eng` with the pick off (`eng-off`) and on (`eng-pick`), the same pages read as one document
// (`eng-doc`: the look paid once), and the default `fra+eng` with the pick off and on (`default-off`,
// `default-pick`). Per arm: word F1 against the truth (tools/bench/word-score.mjs), the CPU seconds of the process
// (its worker threads included) and the pages that paid a first look or were read again. `--arm NAME` runs one arm
// alone, to time it as a whole process. Skips without the corpus.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'
import { f1 } from './word-score.mjs'

const { opt } = benchArgs()
const corpus = opt('corpus', process.env.PDFTRIAGE_CORPUS ?? join(root, '..', 'shared', 'corpus'))
if (!existsSync(join(corpus, 'labels.jsonl'))) {
  console.log('language-pick: the corpus was not found: skipped')
  process.exit(0)
}
const { createPdfjsExtractor, pdfjsExtractorOptionsSchema } = await import(join(root, 'packages', 'extract-pdfjs', 'dist', 'src', 'index.js'))
const { createTesseractEngine } = await import(join(root, 'packages', 'ocr-tesseract', 'dist', 'src', 'index.js'))
const { meanConfidence } = await import(join(root, 'packages', 'core', 'dist', 'src', 'index.js'))
const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
const pages = labels.filter((l) => (l.label === 'absent' || l.label === 'sparse') && l.truth && l.lang === 'fr').slice(0, Number(opt('pages', '8')))
const ARMS = {
  'eng-off': { languages: ['eng'], languagePick: false },
  'eng-pick': { languages: ['eng'] },
  'eng-doc': { languages: ['eng'], oneDocument: true },
  'default-off': { languagePick: false },
  'default-pick': {},
}
const only = opt('arm')
const arms = only ? { [only]: ARMS[only] } : ARMS
const ex = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
const images = []
for (const l of pages) {
  const doc = await ex.open(new Uint8Array(readFileSync(join(corpus, l.file))))
  images.push({ l, img: await doc.renderPage(l.page, 300), truth: readFileSync(join(corpus, l.truth), 'utf8') })
  await doc.close()
}
const rows = []
for (const [arm, { oneDocument, ...options }] of Object.entries(arms)) {
  const engine = createTesseractEngine({ workers: 1, ...options })
  const f1s = []
  let looks = 0
  let reread = 0
  const shared = {}
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  try {
    for (const { l, img, truth } of images) {
      const p = await engine.recognize(img, { document: oneDocument ? shared : {} })
      const notes = p.notes ?? []
      if (notes.some((n) => /first look at/.test(n))) looks++
      if (notes.some((n) => /picked by/.test(n))) reread++
      f1s.push(f1(p.text, truth))
      console.log(
        `${arm.padEnd(13)} ${`${l.file} p${l.page}`.padEnd(18)} F1 ${f1(p.text, truth).toFixed(3)} conf ${meanConfidence(p)?.toFixed(2)} ${notes.join(' | ')}`,
      )
    }
  } finally {
    await engine.close()
  }
  const c = process.cpuUsage(cpu0)
  const mean = f1s.reduce((a, b) => a + b, 0) / f1s.length
  rows.push({
    arm,
    pages: f1s.length,
    f1: mean.toFixed(3),
    cpuS: ((c.user + c.system) / 1e6).toFixed(1),
    wallS: ((performance.now() - t0) / 1000).toFixed(1),
    looks,
    reread,
  })
}
console.table(rows)
