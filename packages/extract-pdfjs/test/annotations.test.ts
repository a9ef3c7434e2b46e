import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { handPdf } from './hand-pdf.js'

const open = async (bytes: Uint8Array, options = {}) =>
  (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse(options), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

const stream = (dict: string, body: string) => `<< ${dict} /Length ${body.length} >>\nstream\n${body}\nendstream`

/**
 * A page with a line of its own, a filled text field (its value drawn by its appearance stream), a FreeText note,
 * and a hidden FreeText note that does not show.
 */
function formPdf(): Uint8Array {
  const helv = '<< /Font << /Helv 5 0 R >> >>'
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 5 0 R >> >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources ${helv} /Annots [6 0 R 8 0 R 10 0 R] >>`,
    stream('', 'BT /Helv 12 Tf 72 760 Td (Nom du demandeur :) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (nom) /V (Jean Dupont) /Rect [200 750 400 772] /F 4 /P 3 0 R /DA (/Helv 12 Tf 0 g) /AP << /N 7 0 R >> >>',
    stream(`/Type /XObject /Subtype /Form /BBox [0 0 200 22] /Resources ${helv}`, '/Tx BMC q BT /Helv 12 Tf 2 6 Td (Jean Dupont) Tj ET Q EMC'),
    '<< /Type /Annot /Subtype /FreeText /Rect [72 600 300 630] /F 4 /Contents (Vu et approuve) /DA (/Helv 14 Tf 0 g) /AP << /N 9 0 R >> >>',
    stream(`/Type /XObject /Subtype /Form /BBox [0 0 228 30] /Resources ${helv}`, 'BT /Helv 14 Tf 4 10 Td (Vu et approuve) Tj ET'),
    '<< /Type /Annot /Subtype /FreeText /Rect [72 500 300 530] /F 6 /Contents (Brouillon) /AP << /N 11 0 R >> >>',
    stream(`/Type /XObject /Subtype /Form /BBox [0 0 228 30] /Resources ${helv}`, 'BT /Helv 14 Tf 4 10 Td (Brouillon) Tj ET'),
  ])
}

test('a filled form field and a FreeText note are read where they show, each on its own line; hidden ones are not', async () => {
  await using doc = await open(formPdf())
  const page = await doc.getPageText(1)
  // After the page content, in the order pdf.js draws them (form fields last).
  assert.deepEqual(page.text.split('\n').sort(), ['Jean Dupont', 'Nom du demandeur :', 'Vu et approuve'])
  assert.match(page.text, /^Nom du demandeur :\n/)
  const value = page.items.find((i) => i.text === 'Jean Dupont')!
  // The field's rectangle starts at x = 200 and its appearance puts the baseline 6 pt above its bottom (842 - 756).
  assert.ok(Math.abs(value.bbox.x0 - 202) < 0.5, `x0 ${value.bbox.x0}`)
  assert.ok(Math.abs(value.bbox.y1 - (842 - 756) - 12 * 0.25) < 1, `bottom ${value.bbox.y1}`)
  // The annotations paint no image: the page's own coverage is what it was.
  assert.equal(page.imageCoverage, 0)
})

test('annotationText: false reads the page content only', async () => {
  await using doc = await open(formPdf(), { annotationText: false })
  assert.equal((await doc.getPageText(1)).text, 'Nom du demandeur :')
})

/**
 * A push button whose appearance draws its caption over the same word in the page content, 1.3 pt (0.13 em at 10 pt)
 * to the left and 1 pt up, as a LaTeX form's "Submit" button does; and a field whose value repeats a page word
 * elsewhere on the page.
 */
function buttonPdf(): Uint8Array {
  const helv = '<< /Font << /Helv 5 0 R >> >>'
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R 8 0 R] /DR << /Font << /Helv 5 0 R >> >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources ${helv} /Annots [6 0 R 8 0 R] >>`,
    stream('', 'BT /Helv 10 Tf 100 700 Td (Submit) Tj ET BT /Helv 10 Tf 100 650 Td (Submit the form) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (go) /Rect [90 690 150 715] /F 4 /P 3 0 R /AP << /N 7 0 R >> >>',
    stream(`/Type /XObject /Subtype /Form /BBox [0 0 60 25] /Resources ${helv}`, 'BT /Helv 10 Tf 8.7 11 Td (Submit) Tj ET'),
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (what) /V (Submit) /Rect [300 640 400 665] /F 4 /P 3 0 R /AP << /N 9 0 R >> >>',
    stream(`/Type /XObject /Subtype /Form /BBox [0 0 100 25] /Resources ${helv}`, 'BT /Helv 10 Tf 2 10 Td (Submit) Tj ET'),
  ])
}

test("a widget redrawing the page's own word a little off is read once; a field value elsewhere is kept", async () => {
  await using doc = await open(buttonPdf())
  const page = await doc.getPageText(1)
  assert.deepEqual(page.text.split('\n').sort(), ['Submit', 'Submit', 'Submit the form'])
  await using bare = await open(buttonPdf(), { annotationText: false })
  assert.deepEqual((await bare.getPageText(1)).text.split('\n').sort(), ['Submit', 'Submit the form'])
})
