// End to end: fixture PDFs through the real extractor, core's runDocument and a real tesseract engine (fra, 1 worker).
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { runDocument, type Extractor, type Judge, type OcrEngine, type Verdict } from '@pdftriage/core'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import { createTesseractEngine } from '@pdftriage/ocr-tesseract'
import * as fx from '@pdftriage/fixtures'
import spotcheck from '../src/index.js'

let extractor: Extractor
let engine: OcrEngine
let judge: Judge

before(async () => {
  extractor = await extractPdfjs.create(extractPdfjs.optionsSchema.parse({}), { baseDir: '.' })
  engine = createTesseractEngine({ languages: ['fra'], workers: 1 })
  judge = await spotcheck.create(spotcheck.optionsSchema.parse({}), { baseDir: '.' })
})
after(async () => {
  await engine?.close()
})

/** Changes `share` of the letters to other letters (same case), seeded: a well-formed but wrong OCR layer. */
function corrupt(text: string, share: number, seed = 11): string {
  const rnd = fx.seeded(seed)
  const abc = 'abcdefghijklmnopqrstuvwxyz'
  return text.replace(/\p{L}/gu, (c) => {
    if (rnd() >= share) return c
    let r = c
    while (r.toLowerCase() === c.toLowerCase()) r = abc[Math.floor(rnd() * abc.length)]!
    return c === c.toUpperCase() ? r.toUpperCase() : r
  })
}

/** The verdict on page 1 through runDocument with the spot-check judge alone (`none` when it abstains). */
async function verdictOf(pdf: Uint8Array, withOcr = true): Promise<Verdict> {
  const ocr = withOcr ? engine : undefined
  const doc = await extractor.open(pdf)
  try {
    let v: Verdict | undefined
    for await (const ev of runDocument(doc, { judges: [judge], repairs: [], postprocess: [], ...(ocr ? { ocr } : {}) }, { performOcr: false })) {
      if (ev.type === 'page') v = ev.result.verdict
    }
    assert.ok(v)
    return v
  } finally {
    await doc.close()
  }
}

const scan = { text: fx.FRENCH_DECREE, dpi: 200, noise: 20 }

test('a layer that reads like its own scan passes', async () => {
  const v = await verdictOf(await fx.buildPdf([{ scan, blocks: [{ text: fx.FRENCH_DECREE, invisible: true }] }]))
  assert.equal(v.judge, 'spotcheck', v.notes.join(' | '))
  assert.equal(v.layer, 'healthy')
  assert.equal(v.needsOcr, false)
  assert.ok(v.score !== undefined && v.score >= 0.8, v.notes.join(' | '))
})

test('a well-formed layer with a fifth of its letters wrong over a clean scan needs OCR', async () => {
  const bad = corrupt(fx.FRENCH_DECREE, 0.2)
  assert.notEqual(bad, fx.FRENCH_DECREE)
  const v = await verdictOf(await fx.buildPdf([{ scan, blocks: [{ text: bad, invisible: true }] }]))
  assert.equal(v.judge, 'spotcheck', v.notes.join(' | '))
  assert.equal(v.layer, 'unreadable')
  assert.equal(v.needsOcr, true)
  assert.ok(v.score !== undefined && v.threshold !== undefined && v.score < v.threshold)
  assert.ok(
    v.notes.some((n) => /mismatched: .+→/.test(n)),
    v.notes.join(' | '),
  )
})

test('born-digital text is not judged', async () => {
  const v = await verdictOf(await fx.healthyPdf('fr'))
  assert.equal(v.judge, 'none', v.notes.join(' | '))
})

test('without recognizeRegion (no OCR engine) the judge abstains', async () => {
  const v = await verdictOf(await fx.ocrLayerPdf(corrupt(fx.FRENCH_DECREE, 0.3)), false)
  assert.equal(v.judge, 'none', v.notes.join(' | '))
})

test('an invisible layer over no image is not judged (nothing to compare with)', async () => {
  const v = await verdictOf(await fx.buildPdf([{ blocks: [{ text: fx.FRENCH_DECREE, invisible: true }] }]))
  assert.equal(v.judge, 'none', v.notes.join(' | '))
})
