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
