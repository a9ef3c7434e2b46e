import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { fontPage, helveticaPage } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

test('a NUL code the font has no glyph for reads as nothing (a TJ ended by <00>, as PDFlib writes a chart)', async () => {
  const body = ['BT /F1 12 Tf 72 760 Td [(Do nothing.)<00>] TJ ET', 'BT /F1 12 Tf 72 740 Td [(00)-666<00>] TJ ET'].join('\n')
  await using doc = await open(helveticaPage(body))
  const page = await doc.getPageText(1)
  // pdf.js reads each <00> as U+0000: a chart of 2,446 characters carried 0.30 control characters and read as garbled
  assert.equal(page.text, 'Do nothing.\n00')
})

test('a NUL the font draws stays in the text: a broken map is damage to be seen', async () => {
  // A Type3 font whose code 0 draws a filled square and whose ToUnicode maps it to U+0000.
  const proc = '1000 0 0 0 700 700 d1 0 0 700 700 re f'
  const cmap =
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<00> <FF>\nendcodespacerange\n' +
    '2 beginbfchar\n<00> <0000>\n<41> <0041>\nendbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n'
  const body = 'BT /F1 12 Tf 72 760 Td <004100> Tj ET'
  const bytes = fontPage(
    body,
    '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /g0 6 0 R /A 6 0 R >> ' +
      '/Encoding << /Type /Encoding /Differences [0 /g0 65 /A] >> /FirstChar 0 /LastChar 65 /Widths [1000 ' +
      `${'0 '.repeat(64)}1000] /ToUnicode 7 0 R /Resources << >> >>`,
    `<< /Length ${proc.length} >>\nstream\n${proc}\nendstream`,
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  )
  await using doc = await open(bytes)
  const page = await doc.getPageText(1)
  assert.equal(page.text.replace(/\s/g, ''), '\u0000A\u0000')
})
