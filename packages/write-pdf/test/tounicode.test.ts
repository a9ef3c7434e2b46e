import { test } from 'node:test'
import assert from 'node:assert/strict'
import { PDFDocument } from 'pdf-lib'
import type { PageText } from '@pdftriage/core'
import { FRENCH_DECREE, FRENCH_PROSE, buildPdf, garbledPdf, toWinAnsiText, unicodeToWinAnsi } from '@pdftriage/fixtures'
import { writeSearchablePdfWithSummary } from '../src/write-searchable-pdf.js'
import type { CodeMappedFont } from '../src/tounicode.js'
import { extract, render } from './pdfjs.js'

/** A repaired page as repair-codemap returns it: the font's code map (WinAnsi code -> character) on its FontInfo. */
function repairedPage(text: string, name = 'Helvetica'): PageText {
  const codeMap: Record<string, string> = {}
  for (const ch of toWinAnsiText(text)) {
    const c = unicodeToWinAnsi(ch)
    if (c !== undefined && !/\s/.test(ch)) codeMap[String(c)] = ch
  }
  return { pageNumber: 1, width: 595, height: 842, items: [], text, fonts: { f1: { id: 'f1', name, codeMap } as CodeMappedFont }, source: 'repaired' }
}

test('a page repaired by code maps gets them as a ToUnicode CMap: extracted exactly, rendered as before, nothing added', async () => {
  const input = await garbledPdf(FRENCH_DECREE)
  const healthy = await buildPdf([{ blocks: [{ text: FRENCH_DECREE }] }])
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page: repairedPage(FRENCH_DECREE) }])
  assert.deepEqual(summary.remapped, [1])
  assert.deepEqual(summary.layered, [])
  assert.equal(summary.toUnicode.fonts, 1)
  const [got] = await extract(pdf)
  const [want] = await extract(healthy)
  const [before] = await extract(input)
  assert.notEqual(before!.text, want!.text, 'the input is garbled')
  assert.equal(got!.text, want!.text)
  const [a] = await render(input, 72)
  const [b] = await render(pdf, 72)
  assert.deepEqual(b!.grey, a!.grey, 'renders byte-identically')
  // the content streams are those of the input: one page, one stream, no glyphless font
  const doc = await PDFDocument.load(pdf)
  assert.equal(
    doc.getPages()[0]!.node.normalizedEntries().Contents?.size() ?? 1,
    (await PDFDocument.load(input)).getPages()[0]!.node.normalizedEntries().Contents?.size() ?? 1,
  )
  assert.ok(pdf.length < input.length + 2000, `grew by ${pdf.length - input.length} bytes`)
})

test('a repaired page whose font cannot be found by name keeps the invisible layer', async () => {
  const input = await garbledPdf(FRENCH_PROSE)
  const { summary } = await writeSearchablePdfWithSummary(input, [
    {
      pageNumber: 1,
      action: 'repaired',
      page: { ...repairedPage(FRENCH_PROSE, 'NoSuchFont'), items: [{ text: 'Le matin', bbox: { x0: 56, y0: 60, x1: 120, y1: 72 }, hasEol: true }] },
    },
  ])
  assert.deepEqual(summary.remapped, [])
  assert.deepEqual(summary.layered, [1])
})

/** A repaired page of `text` whose font is `name`, with a code map; `change` alters one code's reading. */
function repairedWith(pageNumber: number, text: string, change?: [string, string]): PageText {
  const p = repairedPage(text)
  const f = p.fonts!.f1 as CodeMappedFont
  const codeMap: Record<string, string> = { ...f.codeMap!, '32': ' ' }
  if (change) codeMap[String(unicodeToWinAnsi(change[0]))] = change[1]
  return { ...p, pageNumber, fonts: { f1: { ...f, codeMap } as CodeMappedFont } }
}

test('two pages of one font that read a code differently keep their layers; pages that agree share one CMap', async () => {
  const input = await buildPdf([{ blocks: [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'x' }] }, { blocks: [{ text: FRENCH_PROSE, shareFont: 'x' }] }])
  const agree = await writeSearchablePdfWithSummary(input, [
    { pageNumber: 1, action: 'repaired', page: repairedWith(1, FRENCH_PROSE) },
    { pageNumber: 2, action: 'repaired', page: repairedWith(2, FRENCH_PROSE) },
  ])
  assert.deepEqual(agree.summary.remapped, [1, 2])
  assert.deepEqual(agree.summary.conflicting, [])
  assert.equal(agree.summary.toUnicode.fonts, 1)
  const [a1, a2] = await extract(agree.pdf)
  assert.equal(a1!.text, a2!.text)
  assert.equal(a1!.text.replace(/\s+/g, ' ').trim(), FRENCH_PROSE.replace(/\s+/g, ' ').trim())
  const differ = await writeSearchablePdfWithSummary(input, [
    { pageNumber: 1, action: 'repaired', page: repairedWith(1, FRENCH_PROSE) },
    { pageNumber: 2, action: 'repaired', page: repairedWith(2, FRENCH_PROSE, ['e', 'é']) },
  ])
  assert.deepEqual(differ.summary.conflicting, [1, 2])
  assert.deepEqual(differ.summary.remapped, [])
  assert.equal(differ.summary.toUnicode.fonts, 0)
})

test('codes only a page left as it was draws keep the text it extracts today', async () => {
  // one font over two pages; page 1 is repaired and uses no digit, page 2 is kept and draws digits too
  const kept = 'Le matin 1914 et 2025'
  const input = await buildPdf([{ blocks: [{ text: 'Le matin', layer: 'garbled', shareFont: 'x' }] }, { blocks: [{ text: kept, shareFont: 'x' }] }])
  const [, before] = await extract(input)
  const glyphs = [...toWinAnsiText(kept)].map((ch, i) => ({
    code: unicodeToWinAnsi(ch)!,
    text: before!.text.replace(/\n/g, '')[i]!,
    x0: i,
    x1: i + 1,
    spaceBefore: false,
  }))
  const keptPage: PageText = {
    pageNumber: 2,
    width: 595,
    height: 842,
    items: [{ text: before!.text.trim(), fontId: 'f1', bbox: { x0: 56, y0: 60, x1: 200, y1: 72 }, glyphs }],
    text: before!.text.trim(),
    fonts: { f1: { id: 'f1', name: 'Helvetica' } },
    source: 'text-layer',
  }
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [
    { pageNumber: 1, action: 'repaired', page: repairedWith(1, 'Le matin') },
    { pageNumber: 2, action: 'kept', page: keptPage },
  ])
  assert.deepEqual(summary.remapped, [1])
  const [p1, p2] = await extract(pdf)
  assert.equal(p1!.text.trim(), 'Le matin')
  // the letters page 1 read are corrected on page 2 too (one font); the digits read as they did
  assert.notEqual(before!.text.trim(), kept)
  assert.equal(p2!.text.trim().slice(0, 'Le matin'.length), 'Le matin')
  for (const d of ['1', '9', '4', '2', '0', '5']) {
    const at = kept.indexOf(d)
    assert.equal(p2!.text.trim()[at], before!.text.trim()[at], `digit ${d} reads as before`)
  }
})

test('documents of kept and OCRed pages are written byte for byte as without ToUnicode maps', async () => {
  const input = await buildPdf([{ blocks: [{ text: FRENCH_PROSE }] }, { blocks: [{ text: FRENCH_DECREE }] }])
  const [h] = await extract(input)
  const pages = [
    { pageNumber: 1, action: 'kept' as const, page: { pageNumber: 1, width: 595, height: 842, items: [], text: h!.text, source: 'text-layer' as const } },
    {
      pageNumber: 2,
      action: 'ocr' as const,
      page: {
        pageNumber: 2,
        width: 595,
        height: 842,
        items: [{ text: 'Article', bbox: { x0: 56, y0: 60, x1: 120, y1: 72 }, hasEol: true }],
        text: 'Article',
        source: 'ocr' as const,
      },
    },
  ]
  const on = await writeSearchablePdfWithSummary(input, pages)
  const off = await writeSearchablePdfWithSummary(input, pages, { toUnicode: false })
  assert.deepEqual(on.summary.layered, [2])
  assert.ok(Buffer.from(on.pdf).equals(Buffer.from(off.pdf)))
})

/** `p` as a page of a letter-spaced font (dvips's, as the extractor reads it: a space before every glyph), one item. */
function letterSpaced(p: PageText): PageText {
  const map = (p.fonts!.f1 as CodeMappedFont).codeMap!
  const code = new Map(Object.entries(map).map(([c, ch]) => [ch, Number(c)]))
  const glyphs = Array.from(toWinAnsiText(p.text))
    .filter((ch) => code.has(ch))
    .map((ch, k) => ({ code: code.get(ch)!, text: '?', x0: 56 + 5 * k, x1: 60 + 5 * k, spaceBefore: true }))
  const line = p.text.replace(/\s+/g, ' ')
  return { ...p, items: [{ text: line, bbox: { x0: 56, y0: 60, x1: 540, y1: 72 }, fontId: 'f1', fontSize: 12, glyphs, hasEol: true }] }
}
const words = (s: string) => s.split(/\s+/).filter(Boolean)

test("a repaired page of letter-spaced fonts keeps its layer, its fonts' codes written as spaces: extractors read the layer alone", async () => {
  const input = await garbledPdf(FRENCH_PROSE)
  const page = letterSpaced(repairedPage(FRENCH_PROSE))
  const [before] = await extract(input)
  assert.notDeepEqual(words(before!.text), words(FRENCH_PROSE), 'the input is garbled')
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page }])
  assert.deepEqual([summary.layered, summary.blanked, summary.remapped], [[1], [1], []])
  const [got] = await extract(pdf)
  assert.deepEqual(words(got!.text), words(FRENCH_PROSE))
  const [a] = await render(input, 72)
  const [b] = await render(pdf, 72)
  assert.deepEqual(b!.grey, a!.grey, 'renders byte-identically')
})

test('a font another page writes with its text is not blanked: the letter-spaced page keeps its layer as before', async () => {
  const input = await buildPdf([
    { blocks: [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'x' }] },
    { blocks: [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'x' }] },
  ])
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [
    { pageNumber: 1, action: 'repaired', page: letterSpaced(repairedWith(1, FRENCH_PROSE)) },
    { pageNumber: 2, action: 'repaired', page: repairedWith(2, FRENCH_PROSE) },
  ])
  assert.deepEqual([summary.layered, summary.blanked, summary.remapped, summary.conflicting], [[1], [], [2], []])
  const [, p2] = await extract(pdf)
  assert.deepEqual(words(p2!.text), words(FRENCH_PROSE))
})

/**
 * A page of three Type 3 fonts as dvips writes them (every glyph one width and named `aN`, shown at 0.1 pt through a
 * large FontMatrix, each with a false ToUnicode): T1 has code 0, T2 and T3 codes 0, 4 and 5. The page draws 0 with
 * T1, 5 and 0 with T2, 4 with T3.
 */
async function typeThreePage(): Promise<Uint8Array> {
  const { PDFName, PDFHexString } = await import('pdf-lib')
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const ctx = doc.context
  const font = (codes: number[], fake: string) => {
    const procs = ctx.obj({})
    for (const c of codes) procs.set(PDFName.of(`a${c}`), ctx.register(ctx.stream('510 0 0 0 400 400 d1 0 0 400 400 re f')))
    const first = Math.min(...codes)
    const last = Math.max(...codes)
    const cmap = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /F def 1 begincodespacerange <00> <FF> endcodespacerange',
      `${codes.length} beginbfchar`,
      ...codes.map((c) => `<${c.toString(16).padStart(2, '0')}> <${fake.charCodeAt(0).toString(16).padStart(4, '0')}>`),
      'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
    ].join('\n')
    return ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'Type3',
        FontBBox: [0, 0, 510, 400],
        FontMatrix: [0.1, 0, 0, 0.1, 0, 0],
        CharProcs: procs,
        Encoding: ctx.obj({ Type: 'Encoding', Differences: ctx.obj(codes.flatMap((c) => [c, PDFName.of(`a${c}`)])) }),
        FirstChar: first,
        LastChar: last,
        Widths: Array.from({ length: last - first + 1 }, (_, i) => (codes.includes(first + i) ? 510 : 0)),
        Resources: ctx.obj({}),
        ToUnicode: ctx.register(ctx.stream(cmap)),
      }),
    )
  }
  page.node.setFontDictionary(PDFName.of('T1'), font([0], 'X'))
  page.node.setFontDictionary(PDFName.of('T2'), font([0, 4, 5], 'Y'))
  page.node.setFontDictionary(PDFName.of('T3'), font([0, 4, 5], 'Z'))
  const hex = (codes: number[]) => PDFHexString.of(codes.map((c) => c.toString(16).padStart(2, '0')).join('')).toString()
  const content = `BT /T1 0.1 Tf 72 700 Td ${hex([0])} Tj /T2 0.1 Tf 10 0 Td ${hex([5, 0])} Tj /T3 0.1 Tf 20 0 Td ${hex([4])} Tj ET`
  page.node.addContentStream(ctx.register(ctx.stream(content)))
  return doc.save()
}

test('Type 3 fonts told apart only as a group are written as spaces all the same: the page reads as its layer alone', async () => {
  const input = await typeThreePage()
  const [before] = await extract(input)
  assert.match(before!.text, /X/, 'the fixture reads its false map')
  // the repaired page as repair-codemap gives it: each font's glyphs (5.1 pt advances at 0.1 pt), its code map
  const glyph = (code: number, x: number) => ({ code, text: '?', x0: x, x1: x + 5.1, spaceBefore: false })
  const item = (fontId: string, text: string, x: number, codes: number[]) => ({
    text,
    bbox: { x0: x, y0: 141.9, x1: x + 5.1 * codes.length, y1: 142 },
    fontId,
    fontSize: 0.1,
    glyphs: codes.map((c, k) => glyph(c, x + 5.1 * k)),
  })
  const fonts = {
    f1: { id: 'f1', name: 'Type3', kind: 'Type3', glyphNames: { 0: 'a0' }, codeMap: { 0: 'o' } },
    f2: { id: 'f2', name: 'Type3', kind: 'Type3', glyphNames: { 0: 'a0', 5: 'a5' }, codeMap: { 0: 'u', 5: 'l' } },
    f3: { id: 'f3', name: 'Type3', kind: 'Type3', glyphNames: { 4: 'a4' }, codeMap: { 4: 'i' } },
  } as Record<string, CodeMappedFont>
  const page: PageText = {
    pageNumber: 1,
    width: 595,
    height: 842,
    items: [item('f1', 'o', 72, [0]), item('f2', 'lu', 82, [5, 0]), item('f3', 'i', 102.2, [4])],
    text: 'o lu i',
    fonts,
    source: 'repaired',
  }
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page }])
  assert.deepEqual([summary.layered, summary.blanked], [[1], [1]])
  const [got] = await extract(pdf)
  assert.deepEqual(words(got!.text), ['o', 'lu', 'i'])
})
