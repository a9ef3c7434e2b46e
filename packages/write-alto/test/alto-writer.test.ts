import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PageResult, PageText, TextItem, WriterInput } from '@pdftriage/core'
import { describeWriter, sampleWriterInput } from '@pdftriage/core/testing'
import { pdfjsExtractor } from '@pdftriage/extract-pdfjs'
import { FRENCH_PROSE, buildPdf } from '@pdftriage/fixtures'
import altoWriter, { documentAlto, itemWords, pageLayout } from '../src/index.js'
import { altoXsd, checkAltoStructure, hasXmllint, xmllint } from './alto-check.js'

describeWriter('write-alto', () => altoWriter.create(altoWriter.optionsSchema.parse({}), { baseDir: '.' }))

const verdict = { judge: 'test', layer: 'healthy' as const, needsOcr: false, notes: [] }

async function extracted(pdf: Uint8Array): Promise<PageText[]> {
  const doc = await (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(pdf.slice(), { file: 't.pdf' })
  try {
    return await Promise.all(Array.from({ length: doc.info.pageCount }, (_, i) => doc.getPageText(i + 1)))
  } finally {
    await doc.close()
  }
}

/** An OCRed page: one item a word with its confidence, lines ended by `hasEol`. */
function ocrPage(lines: string[][], pageNumber = 1): PageText {
  const items: TextItem[] = []
  lines.forEach((words, li) => {
    let x = 50
    words.forEach((w, wi) => {
      items.push({
        text: w,
        bbox: { x0: x, y0: 100 + 20 * li, x1: x + 8 * w.length, y1: 112 + 20 * li },
        confidence: 0.5 + 0.05 * wi,
        hasEol: wi === words.length - 1,
      })
      x += 8 * w.length + 5
    })
  })
  return { pageNumber, width: 595.28, height: 841.89, items, text: lines.map((l) => l.join(' ')).join('\n'), source: 'ocr' }
}

const input = (pages: PageResult[]): WriterInput => ({ ...sampleWriterInput(), pages })
const pt = (v: string | null, dpi = 300) => (Number(v) * 72) / dpi

test("a born-digital page: one String per word of the extractor's runs, each box over that word's glyphs", async () => {
  const [page] = await extracted(await buildPdf([{ blocks: [{ text: FRENCH_PROSE }] }]))
  const w = await altoWriter.create(altoWriter.optionsSchema.parse({}), { baseDir: '.' })
  const [file] = await w.write(input([{ pageNumber: 1, verdict, action: 'kept', page: page! }]))
  assert.equal(file!.role, 'alto')
  assert.match(file!.path, /\.alto\.xml$/)
  const strings = checkAltoStructure(file!.data as string)
  assert.deepEqual(
    strings.map((s) => s.getAttribute('CONTENT')),
    page!.text.split(/\s+/).filter(Boolean),
  )
  // each word's box is its glyphs' extent on its run's line, within a pixel at 300 dpi (0.24 pt)
  const glyphWords = page!.items.flatMap((it) => itemWords(it))
  assert.equal(glyphWords.length, strings.length)
  strings.forEach((s, i) => {
    const b = glyphWords[i]!.bbox
    assert.ok(Math.abs(pt(s.getAttribute('HPOS')) - b.x0) <= 0.25, `${s.getAttribute('CONTENT')} HPOS`)
    assert.ok(Math.abs(pt(s.getAttribute('HPOS')) + pt(s.getAttribute('WIDTH')) - b.x1) <= 0.5, `${s.getAttribute('CONTENT')} WIDTH`)
    assert.ok(Math.abs(pt(s.getAttribute('VPOS')) - b.y0) <= 0.25, `${s.getAttribute('CONTENT')} VPOS`)
    assert.equal(s.getAttribute('WC'), null, 'a text layer has no confidence')
  })
  // the words of "Le matin où" are apart, in order, on the first line
  const [le, matin] = strings
  assert.ok(Number(le!.getAttribute('HPOS')) + Number(le!.getAttribute('WIDTH')) < Number(matin!.getAttribute('HPOS')))
  // paragraphs make blocks: the prose has more than one
  assert.ok(pageLayout({ pageNumber: 1, page: page! }).blocks.length > 1)
})

test('OCR words keep their confidence (WC) and the page its mean (PC); lines follow the OCR line ends', () => {
  const page = ocrPage([
    ['ARRÊTÉ', 'MUNICIPAL'],
    ['Article', '1er', 'portant'],
  ])
  const xml = documentAlto([{ pageNumber: 1, page, ocrConfidence: 0.87 }], { unit: 'pixel', dpi: 300 })
  const strings = checkAltoStructure(xml)
  assert.deepEqual(
    strings.map((s) => [s.getAttribute('CONTENT'), s.getAttribute('WC')]),
    [
      ['ARRÊTÉ', '0.5'],
      ['MUNICIPAL', '0.55'],
      ['Article', '0.5'],
      ['1er', '0.55'],
      ['portant', '0.6'],
    ],
  )
  assert.match(xml, /<Page ID="P1" PHYSICAL_IMG_NR="1" WIDTH="2480" HEIGHT="3508" PC="0.87">/)
  assert.equal((xml.match(/<TextLine /g) ?? []).length, 2)
})

test('text is escaped, Unicode kept, characters XML cannot hold left out; a run without glyphs is shared by characters', () => {
  const item: TextItem = { text: 'a<b&"c\u0001 漢字 e\u0301t\u00e9', bbox: { x0: 100, y0: 100, x1: 280, y1: 112 }, hasEol: true }
  const words = itemWords(item)
  assert.deepEqual(
    words.map((w) => w.text),
    ['a<b&"c', '漢字', 'été'],
  )
  // 15 characters over 180 pt, 12 pt each: "漢字" is characters 8-9
  assert.deepEqual(words[1]!.bbox, { x0: 196, y0: 100, x1: 220, y1: 112 })
  const page: PageText = {
    pageNumber: 1,
    width: 300,
    height: 300,
    items: [item, { text: '\u0002', bbox: { x0: 1, y0: 1, x1: 2, y1: 2 } }],
    text: '',
    source: 'text-layer',
  }
  const xml = documentAlto([{ pageNumber: 1, page }], { unit: 'inch1200', dpi: 300, file: 'dir/a&b.pdf' })
  assert.ok(xml.includes('CONTENT="a&lt;b&amp;&quot;c"'))
  assert.ok(xml.includes('<fileName>a&amp;b.pdf</fileName>'))
  assert.deepEqual(
    checkAltoStructure(xml).map((s) => s.getAttribute('CONTENT')),
    ['a<b&"c', '漢字', 'été'],
  )
  // 1/1200 inch: 100 pt is 1666.67
  assert.match(xml, /<MeasurementUnit>inch1200<\/MeasurementUnit>/)
  assert.match(xml, /CONTENT="a&lt;b&amp;&quot;c" HPOS="1667"/)
})

test('a page OCR read turned a quarter: lines grouped as they read, boxes on the page as displayed', () => {
  // the words of one line run down the page (text turned clockwise): read at 90, given back on the page as shown
  const items: TextItem[] = ['one', 'two', 'three'].map((t, i) => ({
    text: t,
    bbox: { x0: 300, y0: 100 + 40 * i, x1: 312, y1: 130 + 40 * i },
    confidence: 0.9,
  }))
  const page: PageText = { pageNumber: 1, width: 595, height: 842, items, text: 'one two three', source: 'ocr', rotation: 270 }
  const [block] = pageLayout({ pageNumber: 1, page }).blocks
  assert.equal(block!.lines.length, 1)
  assert.deepEqual(
    block!.lines[0]!.words.map((w) => w.bbox),
    items.map((i) => i.bbox),
  )
})

test('valid against the ALTO v4 schema, where one is given (ALTO_XSD)', async (t) => {
  const xsd = altoXsd()
  if (!xsd || !hasXmllint()) {
    t.skip(
      `no ALTO v4 XSD (set ALTO_XSD to alto-4-x.xsd; none ships in Debian or on npm) or no xmllint (apt-get install libxml2-utils): checked structurally only`,
    )
    return
  }
  const [page] = await extracted(await buildPdf([{ blocks: [{ text: FRENCH_PROSE }] }]))
  const xml = documentAlto(
    [
      { pageNumber: 1, page: page! },
      { pageNumber: 2, page: ocrPage([['deux', 'mots']], 2), ocrConfidence: 0.9 },
    ],
    { unit: 'pixel', dpi: 300, file: 'x.pdf' },
  )
  const r = xmllint(xml, ['--schema', xsd])
  assert.equal(r.status, 0, r.stderr)
})
