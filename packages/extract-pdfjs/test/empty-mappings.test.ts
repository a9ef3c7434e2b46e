import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { fontPage } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

const utf16 = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('')

/**
 * A shaping engine's ToUnicode: the glyphs of an Arabic word drawn as four codes (A B C D), the last carrying the
 * word's text and the others mapped to nothing (`<>`); Latin letters map to themselves.
 */
function clusterPdf(body: string): Uint8Array {
  const entries: Array<[number, string]> = [
    [0x41, ''],
    [0x42, ''],
    [0x43, ''],
    [0x44, 'بلغة'],
    [0x20, ' '],
    ...[...'Helowrd'].map((c): [number, string] => [c.charCodeAt(0), c]),
  ]
  const cmap =
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<00> <FF>\nendcodespacerange\n' +
    `${entries.length} beginbfchar\n${entries.map(([c, t]) => `<${c.toString(16).padStart(2, '0')}> <${utf16(t)}>`).join('\n')}\nendbfchar\n` +
    'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n'
  return fontPage(
    body,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 6 0 R >>',
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  )
}

test('glyphs the ToUnicode maps to nothing read as nothing, not as their codes', async () => {
  const body = ['BT /F1 12 Tf 72 760 Td (Hello world ABCD) Tj ET', 'BT /F1 12 Tf 72 740 Td (ABCD) Tj ET'].join('\n')
  await using doc = await open(clusterPdf(body))
  const page = await doc.getPageText(1)
  // pdf.js alone reads each empty mapping as the code's own character ("Hello world ABCبلغة")
  assert.equal(page.text, 'Hello world بلغة\nبلغة')
  // the glyphs stay, their codes kept for what reads glyph by glyph
  const codes = page.items.flatMap((it) => (it.glyphs ?? []).map((g) => g.code))
  for (const c of [0x41, 0x42, 0x43, 0x44]) assert.ok(codes.includes(c), `code ${c} kept`)
})
