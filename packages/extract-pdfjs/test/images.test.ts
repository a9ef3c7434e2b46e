import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { handPdf } from './hand-pdf.js'

const open = async (bytes: Uint8Array, options = {}) =>
  (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse(options), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

const stream = (dict: string, body: string) => `<< ${dict} /Length ${body.length} >>\nstream\n${body}\nendstream`

/** A 2 x 2 grey image, hex-encoded so the file stays text. */
const INLINE = 'BI /W 2 /H 2 /CS /G /BPC 8 /F /AHx ID 00FFFF00> EI'

/**
 * A page of one line, a picture 200 x 100 pt at (72, 600) in user space, a 10 x 10 pt icon, and two stamp
 * annotations: one whose appearance paints an image, one drawn as a filled outline without text.
 */
function picturesPdf(rotate = 0): Uint8Array {
  const helv = '<< /Font << /Helv 5 0 R >> >>'
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Rotate ${rotate} /Contents 4 0 R /Resources ${helv} /Annots [6 0 R 8 0 R] >>`,
    stream('', `BT /Helv 12 Tf 72 760 Td (Figure 1) Tj ET q 200 0 0 100 72 600 cm ${INLINE} Q q 10 0 0 10 500 100 cm ${INLINE} Q`),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Annot /Subtype /Stamp /Rect [300 400 400 440] /F 4 /AP << /N 7 0 R >> >>',
    stream('/Type /XObject /Subtype /Form /BBox [0 0 100 40]', '0 0 1 rg 2 2 96 36 re f'),
    '<< /Type /Annot /Subtype /Stamp /Rect [300 200 380 230] /F 4 /AP << /N 9 0 R >> >>',
    stream('/Type /XObject /Subtype /Form /BBox [0 0 80 30] /Resources << /XObject << /Im 10 0 R >> >>', 'q 80 0 0 30 0 0 cm /Im Do Q'),
    stream('/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /ASCIIHexDecode', '00FFFF00>'),
  ])
}

const near = (got: { x0: number; y0: number; x1: number; y1: number }, want: [number, number, number, number]) =>
  [got.x0, got.y0, got.x1, got.y1].every((v, i) => Math.abs(v - want[i]!) < 0.5)

test('the pictures of a page: its images and the stamps annotations draw, on the page as displayed, largest first', async () => {
  await using doc = await open(picturesPdf())
  const page = await doc.getPageText(1)
  const images = page.images!
  assert.equal(images.length, 3, JSON.stringify(images))
  // The page's picture: y measured from the top (842 - 700 = 142).
  assert.ok(near(images[0]!.bbox, [72, 142, 272, 242]), JSON.stringify(images[0]))
  assert.equal(images[0]!.annotation, undefined)
  assert.deepEqual(images[0]!.pixels, { width: 2, height: 2 })
  // The stamp drawn as an outline is listed by its rectangle, the stamp holding an image by the image.
  const stamps = images.filter((i) => i.annotation)
  assert.equal(stamps.length, 2)
  assert.ok(
    stamps.some((s) => near(s.bbox, [300, 402, 400, 442])),
    JSON.stringify(stamps),
  )
  assert.ok(
    stamps.some((s) => near(s.bbox, [300, 612, 380, 642])),
    JSON.stringify(stamps),
  )
  // The 10 x 10 pt icon is under 0.001 of the page; annotations stay out of the page's own coverage.
  assert.ok(!images.some((i) => i.bbox.x0 >= 499), 'the icon is not listed')
  assert.ok(Math.abs(page.imageCoverage! - (200 * 100) / (595 * 842)) < 0.005, `coverage ${page.imageCoverage}`)
})

test('the pictures of a page turned by /Rotate 90 are where the page shows them', async () => {
  await using doc = await open(picturesPdf(90))
  const page = await doc.getPageText(1)
  assert.equal(page.width, 842)
  // Turned clockwise: user (x, y) shows at (y, x), so the picture spans x 600..700, y 72..272.
  assert.ok(near(page.images![0]!.bbox, [600, 72, 700, 272]), JSON.stringify(page.images))
})

test('no pictures are listed when image coverage is not asked for', async () => {
  await using doc = await open(picturesPdf(), { imageCoverage: false })
  assert.equal((await doc.getPageText(1)).images, undefined)
})
