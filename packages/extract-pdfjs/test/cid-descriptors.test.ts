import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { handPdf } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

/**
 * Two pages in a non-embedded Japanese Type0 font `encoding`, whose CIDFont has no FontDescriptor (and no BaseFont
 * when `baseFont` is false), showing `hex` under a line of Helvetica; page 2 shows Helvetica only, or page 1's
 * content again (`twice`). `extra` objects follow.
 */
function cjkPdf(encoding: string, hex: string, { baseFont = true, twice = false, extra = [] as string[] } = {}): Uint8Array {
  const body = `BT /F1 14 Tf 72 720 Td (Hello ASCII) Tj 0 -28 Td /F2 14 Tf <${hex}> Tj ET`
  const plain = 'BT /F1 14 Tf 72 720 Td (Page two) Tj ET'
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 8 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Type /Font /Subtype /Type0 /BaseFont /HeiseiMin-W3 /Encoding /${encoding} /DescendantFonts [7 0 R] >>`,
    `<< /Type /Font /Subtype /CIDFontType2 ${baseFont ? '/BaseFont /HeiseiMin-W3 ' : ''}/CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> /DW 1000 >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${twice ? 4 : 9} 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>`,
    `<< /Length ${plain.length} >>\nstream\n${plain}\nendstream`,
    ...extra,
  ])
}

test('a CID font named without a FontDescriptor is read through its CMap, not one byte a glyph', async () => {
  // 日本語テスト in Shift-JIS
  await using doc = await open(cjkPdf('90ms-RKSJ-H', '93fa967b8cea836583588367'))
  const page = await doc.getPageText(1)
  assert.equal(page.text.replace(/\s+/g, ' ').trim(), 'Hello ASCII 日本語テスト')
  assert.equal((await doc.getPageText(2)).text.trim(), 'Page two')
  // renders still come from the document (its copy)
  const image = await doc.renderPage(1, 36)
  assert.ok(image.width > 0 && image.height > 0)
})

test('a CID font with neither FontDescriptor nor BaseFont keeps its text', async () => {
  // あいうえお in JIS X 0208 (the `H` CMap)
  await using doc = await open(cjkPdf('H', '2422242424262428242a', { baseFont: false }))
  const page = await doc.getPageText(1)
  assert.equal(page.text.replace(/\s+/g, ' ').trim(), 'Hello ASCII あいうえお')
})

test('objects pdf-lib cannot parse while the copy is made are not reported on the console', async (t) => {
  const warn = t.mock.method(console, 'warn', () => {})
  // an eleventh object that is not one: pdf-lib warns of it and goes on
  await using doc = await open(cjkPdf('90ms-RKSJ-H', '93fa967b8cea836583588367', { extra: ['<< /Broken [ 1 2 >> >> ]'] }))
  assert.equal((await doc.getPageText(1)).text.replace(/\s+/g, ' ').trim(), 'Hello ASCII 日本語テスト')
  assert.equal(warn.mock.callCount(), 0)
})

test('pages read at once that both show such a font are both read from the copy', async () => {
  await using doc = await open(cjkPdf('90ms-RKSJ-H', '93fa967b8cea836583588367', { twice: true }))
  const pages = await Promise.all([doc.getPageText(2), doc.getPageText(1)])
  for (const p of pages) assert.equal(p.text.replace(/\s+/g, ' ').trim(), 'Hello ASCII 日本語テスト')
})
