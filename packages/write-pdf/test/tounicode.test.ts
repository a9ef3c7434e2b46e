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
