import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BBox, JudgeContext, PageText } from '@pdftriage/core'
import gates from '../src/index.js'
import { page } from './helpers.js'

const judge = gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })
const vectorPage = (): PageText => page('', { imageCoverage: 0, hasVectorGraphics: true })

/** A context whose OCR "sees" the given words (and records the region and dpi asked). */
function ocrContext(words: Array<[string, number]>, calls: Array<{ box: BBox; dpi: number }>): JudgeContext {
  return {
    pageCount: 1,
    info: { pageCount: 1 },
    recognizeRegion: async (box, dpi) => {
      calls.push({ box, dpi })
      const items = words.map(([text, confidence], i) => ({ text, confidence, bbox: { x0: 10 * i, y0: 0, x1: 10 * i + 8, y1: 10 } }))
      return { pageNumber: 1, width: box.x1, height: box.y1, items, text: words.map((w) => w[0]).join(' '), source: 'ocr' }
    },
  }
}

test('a vector-only page whose image carries words is absent: lettering drawn as curves needs OCR', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  const v = await (
    await judge
  ).judge(
    vectorPage(),
    ocrContext(
      [
        ['Forat', 0.9],
        ['Electronics', 0.93],
        ['brochure', 0.88],
        ['quality', 0.91],
        ['service', 0.9],
      ],
      calls,
    ),
  )
  assert.equal(v?.layer, 'absent')
  assert.equal(v?.needsOcr, true)
  assert.equal(calls.length, 1)
  assert.equal(calls[0]!.dpi, 150)
  assert.match(v.notes.join('|'), /finds 5 confident words/)
})

test('a diagram stays blank: OCR noise on line art is too unsure to be words', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  const v = await (
    await judge
  ).judge(
    vectorPage(),
    ocrContext(
      [
        ['lll', 0.4],
        ['~~', 0.3],
        ['Fi', 0.8],
      ],
      calls,
    ),
  )
  assert.equal(v?.layer, 'blank')
  assert.equal(v?.needsOcr, false)
  assert.match(v.notes.join('|'), /finds 0 confident words, 1 unsure/)
})

test('a single word drawn without a text layer (a wordmark, a stamp) is absent', async () => {
  const v = await (await judge).judge(page('', { imageCoverage: 0.02 }), ocrContext([['Firefox', 0.95]], []))
  assert.deepEqual([v?.layer, v?.needsOcr], ['absent', true])
})

test('a photo without text is blank-like: no OCR, and the notes say so', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  const v = await (await judge).judge(page('', { imageCoverage: 0.6 }), ocrContext([], calls))
  assert.deepEqual([v?.layer, v?.needsOcr], ['blank', false])
  assert.match(v!.notes.at(-1)!, /a picture without text \(no OCR\)/)
  assert.equal(calls.length, 1)
})

test('a scan without a layer is read in a middle band first, and is absent when the band shows words', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  const v = await (await judge).judge(page('', { imageCoverage: 1 }), ocrContext(manyWordsOf(30), calls))
  assert.deepEqual([v?.layer, v?.needsOcr], ['absent', true])
  assert.equal(calls.length, 1)
  assert.ok(calls[0]!.box.y1 - calls[0]!.box.y0 < 842 * 0.3)
})

test('a scan in a script the OCR cannot read is absent: many unsure items', async () => {
  const unsure = Array.from({ length: 40 }, (_, i) => [`AH${i}`, 0.3] as [string, number])
  const v = await (await judge).judge(page('', { imageCoverage: 1 }), ocrContext(unsure, []))
  assert.deepEqual([v?.layer, v?.needsOcr], ['absent', true])
  assert.match(v!.notes.at(-1)!, /OCR cannot read/)
})

test('without an OCR engine nothing is OCRed; with one, a page that paints nothing is not looked at', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  assert.equal((await (await judge).judge(vectorPage(), { pageCount: 1, info: { pageCount: 1 } }))?.layer, 'blank')
  const v = await (await judge).judge(page('', { imageCoverage: 0, hasVectorGraphics: false }), ocrContext([], calls))
  assert.equal(v?.layer, 'blank')
  assert.match(v.notes.at(-1)!, /paints no image, no drawing and no glyph: nothing to look at/)
  assert.equal(calls.length, 0)
  // a page whose extractor cannot tell what it paints is still looked at
  const u = await (await judge).judge(page('', { imageCoverage: 0 }), ocrContext([], calls))
  assert.match(u!.notes.at(-1)!, /nothing to read/)
  assert.equal(calls.length, 1)
})

const manyWordsOf = (n: number) => Array.from({ length: n }, (_, i) => [`mot${'abcdefghij'[i % 10]}ument`, 0.9] as [string, number])
const thinPage = (): PageText => page([{ text: '- 12 -' }], { imageCoverage: 1, hasVectorGraphics: false })
const manyWords = Array.from({ length: 60 }, (_, i) => [`mot${'abcdefghij'[i % 10]}ument`, 0.9] as [string, number])

test('a folio over a scan of a text page is sparse: the image shows far more words than the layer', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  const v = await (await judge).judge(thinPage(), ocrContext(manyWords, calls))
  assert.equal(v?.layer, 'sparse')
  assert.equal(v?.needsOcr, true)
  assert.match(v.notes.at(-1)!, /the image shows 60 words the layer lacks, the layer 0/)
})

test("a thin OCR layer that already holds what the image shows (a chart's labels) is kept", async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  const chart = page([{ text: 'Évolution des dépenses 2019 2020 2021 2022 fonctionnement investissement total' }], { imageCoverage: 1 })
  const v = await (
    await judge
  ).judge(
    chart,
    ocrContext(
      [
        ['Évolution', 0.9],
        ['dépenses', 0.9],
        ['fonctionnement', 0.85],
        ['investissement', 0.88],
        ['total', 0.9],
      ],
      calls,
    ),
  )
  assert.equal(v?.layer, 'healthy')
  assert.equal(v?.needsOcr, false)
  assert.match(v.notes.at(-1)!, /the layer holds what the image shows/)
})

test('without an OCR engine a thin layer over a full-page image stays sparse (the seed rule)', async () => {
  assert.equal((await (await judge).judge(thinPage(), { pageCount: 1, info: { pageCount: 1 } }))?.layer, 'sparse')
})
