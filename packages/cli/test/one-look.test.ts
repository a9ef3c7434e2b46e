// A scanned page through the real extractor, gates, runner and tesseract engine: looked at once, not probed then read
// again, with the same text either way.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { runDocument, type Extractor, type OcrEngine, type PageResult } from '@pdftriage/core'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import gates from '@pdftriage/judge-gates'
import { createTesseractEngine } from '@pdftriage/ocr-tesseract'
import * as fx from '@pdftriage/fixtures'

let extractor: Extractor
let tesseract: OcrEngine

before(async () => {
  extractor = await extractPdfjs.create(extractPdfjs.optionsSchema.parse({}), { baseDir: '.' })
  tesseract = createTesseractEngine({ languages: ['fra'], workers: 1 })
})
after(async () => {
  await tesseract?.close()
})

/** Page 1 of `pdf` through the pipeline (policy auto, OCR on), counting renders and engine calls. */
async function run(pdf: Uint8Array, scanLookAtOcrDpi: boolean) {
  const counts = { renders: 0, reads: 0 }
  const engine: OcrEngine = {
    name: tesseract.name,
    concurrency: 1,
    recognize: (img, o) => {
      counts.reads++
      return tesseract.recognize(img, o)
    },
    close: async () => {},
  }
  const judge = await gates.create(gates.optionsSchema.parse({ scanLookAtOcrDpi }), { baseDir: '.' })
  const doc = await extractor.open(pdf)
  const render = doc.renderPage.bind(doc)
  doc.renderPage = (n, dpi) => {
    counts.renders++
    return render(n, dpi)
  }
  try {
    let page: PageResult | undefined
    for await (const ev of runDocument(doc, { judges: [judge], repairs: [], postprocess: [], ocr: engine }, { languages: ['fra'] })) {
      if (ev.type === 'page') page = ev.result
    }
    assert.ok(page)
    return { page, counts }
  } finally {
    await doc.close()
  }
}

test('a scan without a layer is rendered and read once, and reads as when it was probed first and OCRed again', async () => {
  const pdf = await fx.scannedPdf()
  const once = await run(pdf, true)
  const twice = await run(pdf, false)
  for (const r of [once, twice]) {
    assert.equal(r.page.verdict.layer, 'absent', r.page.verdict.notes.join(' | '))
    assert.equal(r.page.action, 'ocr')
  }
  assert.deepEqual(twice.counts, { renders: 2, reads: 2 }, 'a band at the probe resolution, then the page at the OCR resolution')
  assert.deepEqual(once.counts, { renders: 1, reads: 1 }, 'one look, which was the OCR')
  assert.equal(once.page.page.text, twice.page.page.text)
  assert.match(once.page.page.text, /Article/)
  assert.deepEqual(
    once.page.looks!.map((l) => [l.by, l.dpi, l.reused ?? false]),
    [
      ['judge', 300, false],
      ['ocr', 300, true],
    ],
  )
  assert.match(once.page.verdict.notes.join(' | '), /looks: judge 300 dpi page; ocr 300 dpi page \(a reading already made\)/)
})

test('a picture without text is not OCRed: the look at the OCR resolution only decides', async () => {
  const pdf = await fx.buildPdf([{ scan: { text: '', dpi: 150, noise: 10 } }])
  const { page, counts } = await run(pdf, true)
  assert.equal(page.verdict.layer, 'blank', page.verdict.notes.join(' | '))
  assert.equal(page.action, 'kept')
  assert.ok(!page.looks!.some((l) => l.by === 'ocr'), 'no OCR stage look')
  assert.equal(counts.reads, page.looks!.filter((l) => !l.reused).length, 'every read is a look the notes name')
})
