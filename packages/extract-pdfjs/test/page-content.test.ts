import assert from 'node:assert/strict'
import { test } from 'node:test'
import { blankPdf, buildPdf, healthyPdf, ocrLayerPdf, scannedPdf, sparsePdf, vectorPdf } from '@pdftriage/fixtures'
import pdfjsExtractor from '../src/index.js'
import { scanOperators } from '../src/operator-scan.js'
import { loadPdfjs } from '../src/pdfjs-loader.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes)
const firstPage = async (bytes: Uint8Array) => {
  await using doc = await open(bytes)
  return await doc.getPageText(1)
}

test('image coverage: 1 on a full-page scan, 0 on a text page; vector flag', async () => {
  const scan = await firstPage(await scannedPdf())
  assert.equal(scan.imageCoverage, 1)
  assert.equal(scan.text, '')
  const text = await firstPage(await healthyPdf('fr'))
  assert.equal(text.imageCoverage, 0)
  assert.equal(text.hasVectorGraphics, false)
  const vector = await firstPage(await vectorPdf())
  assert.equal(vector.hasVectorGraphics, true)
  assert.equal(vector.imageCoverage, 0)
  const blank = await firstPage(await blankPdf())
  assert.deepEqual([blank.items.length, blank.imageCoverage, blank.hasVectorGraphics], [0, 0, false])
})

test('invisible text: the OCR layer of a scan and the folio of a sparse page are marked invisible', async () => {
  const ocr = await firstPage(await ocrLayerPdf())
  assert.ok(ocr.text.length > 500)
  assert.equal(ocr.imageCoverage, 1)
  const fonts = Object.values(ocr.fonts!)
  assert.equal(fonts.length, 1)
  assert.equal(fonts[0]!.invisible, true)
  const sparse = await firstPage(await sparsePdf())
  assert.equal(sparse.text, '- 3 -')
  assert.equal(sparse.fonts![sparse.items[0]!.fontId!]!.invisible, true)
})

test('a font drawn visibly once is not invisible', async () => {
  const page = await firstPage(await buildPdf([{ blocks: [{ text: 'Visible words here.' }, { text: 'Hidden words.', invisible: true }] }]))
  const byText = Object.fromEntries(page.items.map((i) => [i.text, page.fonts![i.fontId!]!.invisible]))
  assert.deepEqual(byText, { 'Visible words here.': false, 'Hidden words.': true })
})

test('scanOperators: union of overlapping images, clipped to the page, transforms and forms followed', async () => {
  const { pdfjs } = await loadPdfjs('test')
  const O = pdfjs.OPS
  const view = [0, 0, 100, 200]
  // Two images, each the left half of the page, overlapping by half: 3/4 of the page width x full height... as
  // halves: image A covers x 0..50, image B x 25..75, both full height: union 75 %.
  const ops = [O.save, O.transform, O.paintImageXObject, O.restore, O.save, O.transform, O.paintImageXObject, O.restore]
  const args = [null, [50, 0, 0, 200, 0, 0], ['img1', 1, 1], null, null, [50, 0, 0, 200, 25, 0], ['img2', 1, 1], null]
  assert.ok(Math.abs(scanOperators(O, ops, args, view).imageCoverage - 0.75) < 0.01)
  // An image twice the page, shifted off it: clipped to the page.
  const big = scanOperators(O, [O.transform, O.paintImageXObject], [[400, 0, 0, 400, -100, -100], ['i']], view)
  assert.equal(big.imageCoverage, 1)
  // Inside a form XObject with a matrix scaling by 0.5: a quarter of the page.
  const form = scanOperators(
    O,
    [O.paintFormXObjectBegin, O.transform, O.paintImageXObject, O.paintFormXObjectEnd, O.paintImageXObject],
    [
      [
        [0.5, 0, 0, 0.5, 0, 0],
        [0, 0, 100, 200],
      ],
      [100, 0, 0, 200, 0, 0],
      ['i'],
      null,
      ['unit'],
    ],
    view,
  )
  assert.ok(Math.abs(form.imageCoverage - 0.25) < 0.01, `form ${form.imageCoverage}`)
  // Text render mode follows save/restore.
  const modes = scanOperators(
    O,
    [O.save, O.setFont, O.setTextRenderingMode, O.showText, O.restore, O.setFont, O.showText],
    [null, ['f1', 10], [3], [[]], null, ['f2', 10], [[]]],
    view,
  )
  assert.deepEqual([[...modes.invisibleFonts], [...modes.visibleFonts]], [['f1'], ['f2']])
  // A path that is only a clip is not vector graphics; a filled one is.
  assert.equal(scanOperators(O, [O.constructPath], [[O.endPath, [], null]], view).hasVectorGraphics, false)
  assert.equal(scanOperators(O, [O.constructPath], [[O.fill, [], null]], view).hasVectorGraphics, true)
})

test('glyph names: the /Differences names of the codes a font draws on the page, none for a font without them', async () => {
  const page = await firstPage(await buildPdf([{ blocks: [{ text: 'Été 42, à Paris.', layer: 'garbled', glyphNames: true }, { text: 'plain' }] }]))
  const named = Object.values(page.fonts!).find((f) => f.glyphNames)!
  assert.deepEqual(named.glyphNames, {
    '32': 'space',
    '44': 'comma',
    '46': 'period',
    '50': 'two',
    '52': 'four',
    '80': 'P',
    '97': 'a',
    '105': 'i',
    '114': 'r',
    '115': 's',
    '116': 't',
    '201': 'Eacute',
    '224': 'agrave',
    '233': 'eacute',
  })
  assert.equal(Object.values(page.fonts!).filter((f) => f.glyphNames).length, 1, 'Helvetica with its standard encoding names nothing')
})
