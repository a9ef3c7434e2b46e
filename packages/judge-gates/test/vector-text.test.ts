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
  const v = await (await judge).judge(vectorPage(), ocrContext([['Forat', 0.9], ['Electronics', 0.93], ['brochure', 0.88], ['quality', 0.91], ['service', 0.9]], calls))
  assert.equal(v?.layer, 'absent')
  assert.equal(v?.needsOcr, true)
  assert.equal(calls.length, 1)
  assert.equal(calls[0]!.dpi, 150)
  assert.match(v!.notes.join('|'), /finds 5 confident words/)
})

test('a diagram stays blank: OCR noise on line art is too few or too unsure to be words', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  const v = await (await judge).judge(vectorPage(), ocrContext([['Fig', 0.95], ['lll', 0.4], ['~~', 0.3], ['axis', 0.8]], calls))
  assert.equal(v?.layer, 'blank')
  assert.equal(v?.needsOcr, false)
  assert.match(v!.notes.join('|'), /finds 2 confident words/)
})

test('without an OCR engine, or on a page without vector drawing, nothing is OCRed and the page is blank', async () => {
  const calls: Array<{ box: BBox; dpi: number }> = []
  assert.equal((await (await judge).judge(vectorPage(), { pageCount: 1, info: { pageCount: 1 } }))?.layer, 'blank')
  assert.equal((await (await judge).judge(page('', { imageCoverage: 0, hasVectorGraphics: false }), ocrContext([['Words', 1]], calls)))?.layer, 'blank')
  assert.equal(calls.length, 0)
})
