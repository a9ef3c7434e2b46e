import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { rtlSpans } from '../src/bidi-order.js'
import { handPdf } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

/** Hebrew and Arabic letters by their Adobe glyph names, at codes 0xC0 on, in a font whose glyphs are 0.5 em wide. */
const NAMES = ['alef', 'lamed', 'vav', 'shin', 'ayin', 'finalmem', 'beharabic', 'lamarabic', 'ghainarabic', 'tehmarbutaarabic', 'seenarabic', 'noonarabic']
const code = (name: string) => `\\${(0xc0 + NAMES.indexOf(name)).toString(8)}`

function rtlPdf(body: string): Uint8Array {
  const widths = NAMES.map(() => 500).join(' ')
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 192 /LastChar ${191 + NAMES.length} /Widths [${widths}] /Encoding << /Type /Encoding /Differences [192 ${NAMES.map((n) => `/${n}`).join(' ')}] >> >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ])
}
const visual = (...names: string[]) => `(${names.map(code).join('')})`

test('right-to-left lines drawn in visual order read in logical order, numbers and Latin in place', async () => {
  const body = [
    // "שלום עולם" as it shows: the leftmost glyph first.
    `BT /F1 12 Tf 300 760 Td ${visual('finalmem', 'lamed', 'vav', 'ayin')} Tj /F2 12 Tf ( ) Tj /F1 12 Tf ${visual('finalmem', 'vav', 'lamed', 'shin')} Tj ET`,
    // "بلغة", then "سنة 2024" with its number at the left.
    `BT /F1 12 Tf 300 740 Td ${visual('tehmarbutaarabic', 'ghainarabic', 'lamarabic', 'beharabic')} Tj ET`,
    `BT /F2 12 Tf 300 720 Td (2024 ) Tj /F1 12 Tf ${visual('tehmarbutaarabic', 'noonarabic', 'seenarabic')} Tj ET`,
    // "بلغة" drawn glyph by glyph from the right, in logical order.
    `BT /F1 12 Tf 330 700 Td ${visual('beharabic')} Tj -6 0 Td ${visual('lamarabic')} Tj -6 0 Td ${visual('ghainarabic')} Tj -6 0 Td ${visual('tehmarbutaarabic')} Tj ET`,
    'BT /F2 12 Tf 72 680 Td (Left to right, untouched.) Tj ET',
  ].join('\n')
  await using doc = await open(rtlPdf(body))
  const page = await doc.getPageText(1)
  assert.equal(page.text, 'שלום עולם\nبلغة\nسنة 2024\nبلغة\nLeft to right, untouched.')
})

test("a glyph's text is held in logical order only where it is right-to-left: its Latin letters and end spaces are placed", () => {
  assert.deepEqual(rtlSpans('لا'), [[0, 2]])
  // one glyph mapped to an Arabic word, a space and a Latin letter (a file's ToUnicode): the word alone moves whole
  assert.deepEqual(rtlSpans('حَبيبي h'), [[0, 6]])
  assert.deepEqual(rtlSpans(' بلغة '), [[1, 5]])
  assert.deepEqual(rtlSpans('ab'), [])
  assert.deepEqual(rtlSpans('xلاy'), [[1, 3]])
})
