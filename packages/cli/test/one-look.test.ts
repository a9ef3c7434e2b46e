// A scanned page through the real extractor, gates, runner and tesseract engine: looked at once, not probed then read
// again, with the same text either way.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { runDocument, type Extractor, type OcrEngine, type PageResult, type Repair } from '@pdftriage/core'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import gates, { type GatesOptions } from '@pdftriage/judge-gates'
import { CodemapRepair, codemapOptionsSchema, type CodemapOptions } from '@pdftriage/repair-codemap'
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

/**
 * Page 1 of `pdf` through the pipeline (policy auto, OCR on), counting renders and engine calls; with `codemap`, the
 * code-map repair after the gates, the file's glyph names withheld (the fixtures' standard fonts name their glyphs,
 * which would read the page with no look at all).
 */
async function run(pdf: Uint8Array, options: GatesOptions, codemap?: CodemapOptions, repairsFirst?: boolean) {
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
  const judge = await gates.create(gates.optionsSchema.parse(options), { baseDir: '.' })
  const repairs: Repair[] = codemap ? [new CodemapRepair(codemapOptionsSchema.parse(codemap))] : []
  const doc = await extractor.open(pdf)
  if (codemap) Object.defineProperty(doc, 'getGlyphNames', { value: undefined })
  const render = doc.renderPage.bind(doc)
  doc.renderPage = (n, dpi) => {
    counts.renders++
    return render(n, dpi)
  }
  try {
    let page: PageResult | undefined
    const o = { languages: ['fra'], ...(repairsFirst === undefined ? {} : { repairsFirst }) }
    for await (const ev of runDocument(doc, { judges: [judge], repairs, postprocess: [], ocr: engine }, o)) {
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
  const once = await run(pdf, { scanLookAtOcrDpi: true })
  const twice = await run(pdf, { scanLookAtOcrDpi: false })
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
  const { page, counts } = await run(pdf, { scanLookAtOcrDpi: true })
  assert.equal(page.verdict.layer, 'blank', page.verdict.notes.join(' | '))
  assert.equal(page.action, 'kept')
  assert.ok(!page.looks!.some((l) => l.by === 'ocr'), 'no OCR stage look')
  assert.equal(counts.reads, page.looks!.filter((l) => !l.reused).length, 'every read is a look the notes name')
})

test("a garbled page is rendered and read once: the gates' look at the OCR resolution is the code-map repair's anchor", async () => {
  const pdf = await fx.garbledPdf()
  // the judges looking first (repairsFirst: false), as the gates' option is about
  const once = await run(pdf, { damageLookAtOcrDpi: true }, {}, false)
  const twice = await run(pdf, { damageLookAtOcrDpi: false }, {}, false)
  for (const r of [once, twice]) {
    assert.equal(r.page.action, 'repaired', r.page.verdict.notes.join(' | '))
    assert.equal(r.page.repair, 'codemap')
  }
  assert.deepEqual(twice.counts, { renders: 2, reads: 2 }, 'the look at the probe resolution, then the anchor lines at the OCR resolution')
  assert.deepEqual(once.counts, { renders: 1, reads: 1 }, 'one look, whose reading the anchor took')
  assert.deepEqual(
    once.page.looks!.map((l) => [l.by, l.dpi, l.box ? 'box' : 'page', l.reused ?? false]),
    [
      ['judge', 300, 'page', false],
      ['repair', 300, 'box', true],
    ],
  )
  assert.equal(once.page.page.text, twice.page.page.text)
  assert.match(once.page.page.text, /ARRÊTÉ MUNICIPAL/)
  // the repairs first (the default): the anchor's lines are the page's one look, the gates look at nothing
  const first = await run(pdf, { damageLookAtOcrDpi: true }, {})
  assert.equal(first.page.action, 'repaired', first.page.verdict.notes.join(' | '))
  assert.deepEqual(first.counts, { renders: 1, reads: 1 })
  assert.deepEqual(
    first.page.looks!.map((l) => [l.by, l.dpi, l.box ? 'box' : 'page', l.reused ?? false]),
    [['repair', 300, 'box', false]],
  )
  assert.equal(first.page.page.text, once.page.page.text)
})

test('a garbled page the code-map repair declines is OCRed with the look: read once', async () => {
  // no region allowed: the repair declines and the page goes to OCR
  const { page, counts } = await run(await fx.garbledPdf(), { damageLookAtOcrDpi: true }, { maxRegionsPerDocument: 0 })
  assert.equal(page.action, 'ocr', page.verdict.notes.join(' | '))
  assert.deepEqual(counts, { renders: 1, reads: 1 })
  assert.deepEqual(
    page.looks!.map((l) => [l.by, l.dpi, l.reused ?? false]),
    [
      ['judge', 300, false],
      ['ocr', 300, true],
    ],
  )
  assert.match(page.page.text, /ARRÊTÉ MUNICIPAL/)
})
