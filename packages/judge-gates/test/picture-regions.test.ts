// Pictures as the extractor lists them (PageText.images): regions OCRed whole, pages that are not thin looked at
// where a large picture has no layer text over it, stamps drawn by annotations. Generated pages, a stub OCR.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BBox, JudgeContext } from '@pdftriage/core'
import gates from '../src/index.js'
import { ENGLISH, page } from './helpers.js'

const judge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })

/** A context whose OCR sees the words at the boxes given, whatever region it is asked for; `calls` records the asks. */
function ocrAt(words: Array<[string, BBox]>, calls: BBox[] = []): JudgeContext {
  return {
    pageCount: 1,
    info: { pageCount: 1 },
    recognizeRegion: async (box) => {
      calls.push(box)
      const items = words.map(([text, bbox]) => ({ text, bbox, confidence: 0.9 }))
      return { pageNumber: 1, width: 595, height: 842, items, text: words.map((w) => w[0]).join(' '), source: 'ocr' }
    },
  }
}

/** `n` words on lines of six, 60 x 10 pt each, from (x, y). */
const wordsAt = (names: string[], x: number, y: number): Array<[string, BBox]> =>
  names.map((t, i) => [t, { x0: x + 62 * (i % 6), y0: y + 14 * Math.floor(i / 6), x1: x + 60 + 62 * (i % 6), y1: y + 10 + 14 * Math.floor(i / 6) }])

const SCREEN: BBox = { x0: 60, y0: 200, x1: 460, y1: 420 }

test('a picture holding the words the probe was sure of is OCRed whole, not only around those words', async () => {
  // one line of layer (y 50-60), a screenshot of which the probe read three words in its top corner
  const p = page('Here is an image with some attributes:', { imageCoverage: 0.18, images: [{ bbox: SCREEN }] })
  const v = await judge.judge(p, ocrAt(wordsAt(['pdfplumber', 'stable', 'branches'], 70, 210)))
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false])
  assert.equal(v?.regions?.length, 1)
  const r = v.regions[0]!
  // the whole picture, given the margin of 0.6 word height (6 pt)
  assert.deepEqual([r.x0, r.y0, r.x1, r.y1], [54, 194, 466, 426])
  // without the picture's box, the region is the words' alone
  const alone = await judge.judge(
    page('Here is an image with some attributes:', { imageCoverage: 0.18 }),
    ocrAt(wordsAt(['pdfplumber', 'stable', 'branches'], 70, 210)),
  )
  assert.ok(alone?.regions?.[0] && alone.regions[0].y1 < 230 && alone.regions[0].x1 < 270, JSON.stringify(alone?.regions))
})

test('a background picture under more layer words than it shows alone is not OCRed whole', async () => {
  // the layer's two lines (y 50-72, six words) lie over a picture covering the top of the page, which shows three
  // words the layer lacks
  const p = page('Quarterly report of the north\nAnnual figures', { imageCoverage: 0.3, images: [{ bbox: { x0: 0, y0: 0, x1: 595, y1: 280 } }] })
  const v = await judge.judge(p, ocrAt(wordsAt(['Revenue', 'Expenses', 'Margin'], 70, 220)))
  assert.equal(v?.regions?.length, 1, JSON.stringify(v))
  assert.ok(v.regions[0]!.y0 > 200 && v.regions[0]!.x1 < 300, JSON.stringify(v.regions))
})

test('a long layer beside a large picture with no layer text over it: the picture alone is looked at', async () => {
  // seven layer lines at y 50-134; a picture below them of 400 x 220 pt, more than 0.43 of the layer's text area
  const menu = Array.from({ length: 40 }, (_, i) => `Service${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`)
  const calls: BBox[] = []
  const v = await judge.judge(page(ENGLISH, { imageCoverage: 0.18, images: [{ bbox: SCREEN }] }), ocrAt(wordsAt(menu, 70, 210), calls))
  assert.deepEqual(calls, [SCREEN], 'one probe, of the picture')
  assert.deepEqual([v?.layer, v?.needsOcr, v?.regions?.length], ['healthy', false, 1])
  assert.match(v!.notes.at(-1)!, /40 words only in the image .*>= 0\.30 of the page's words: the layer is kept and the picture region/)
  assert.deepEqual(v!.regions![0], { x0: 54, y0: 194, x1: 466, y1: 426 })
  // a few words in that picture (a logo, a banner) are no reason to OCR it
  const few = await judge.judge(page(ENGLISH, { imageCoverage: 0.18, images: [{ bbox: SCREEN }] }), ocrAt(wordsAt(menu.slice(0, 5), 70, 210)))
  assert.deepEqual([few?.layer, few?.regions], ['healthy', undefined])
  assert.match(few!.notes.at(-1)!, /5 words only in the image, 0\.0\d < 0\.30/)
})

test('no look at a long page whose pictures are small beside its text, lie under it, or have too few pixels for letters', async () => {
  const calls: BBox[] = []
  const small = { x0: 60, y0: 300, x1: 160, y1: 400 } // 10,000 pt2 against 0.43 x 34,650 of layer text
  assert.equal((await judge.judge(page(ENGLISH, { imageCoverage: 0.02, images: [{ bbox: small }] }), ocrAt([], calls)))?.layer, 'healthy')
  const under = { x0: 40, y0: 40, x1: 560, y1: 400 }
  assert.equal((await judge.judge(page(ENGLISH, { imageCoverage: 0.37, images: [{ bbox: under }] }), ocrAt([], calls)))?.layer, 'healthy')
  // a swatch of 2 x 2 pixels stretched over a large box holds no letters
  const swatch = { bbox: SCREEN, pixels: { width: 2, height: 2 } }
  assert.equal((await judge.judge(page(ENGLISH, { imageCoverage: 0.18, images: [swatch] }), ocrAt([], calls)))?.layer, 'healthy')
  assert.equal(calls.length, 0)
  // the same box as an image of 400 x 220 pixels is looked at
  await judge.judge(page(ENGLISH, { imageCoverage: 0.18, images: [{ ...swatch, pixels: { width: 400, height: 220 } }] }), ocrAt([], calls))
  assert.equal(calls.length, 1)
})

test('a stamp an annotation draws beside a one-word layer is read: one word of it is enough', async () => {
  const stamp: BBox = { x0: 70, y0: 90, x1: 170, y1: 121 }
  const seen = wordsAt(['APPROVED'], 80, 100)
  const p = page('Stamp', { imageCoverage: 0, images: [{ bbox: stamp, annotation: true }] })
  const v = await judge.judge(p, ocrAt([['Stamp', { x0: 50, y0: 50, x1: 90, y1: 60 }], ...seen]))
  assert.deepEqual([v?.layer, v?.needsOcr, v?.regions?.length], ['healthy', false, 1])
  // the same word in the page's own image is a logo beside a line: kept without OCR
  const logo = page('Stamp', { imageCoverage: 0.01, images: [{ bbox: stamp }] })
  const w = await judge.judge(logo, ocrAt([['Stamp', { x0: 50, y0: 50, x1: 90, y1: 60 }], ...seen]))
  assert.deepEqual([w?.layer, w?.regions], ['healthy', undefined])
})
