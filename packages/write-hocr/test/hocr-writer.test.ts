import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import type { PageText, TextItem } from '@pdftriage/core'
import { describeWriter, sampleWriterInput } from '@pdftriage/core/testing'
import { pdfjsExtractor } from '@pdftriage/extract-pdfjs'
import { FRENCH_PROSE, buildPdf } from '@pdftriage/fixtures'
import { itemWords } from '@pdftriage/write-alto'
import { DOMParser, type Element } from '@xmldom/xmldom'
import hocrWriter, { documentHocr } from '../src/index.js'

describeWriter('write-hocr', () => hocrWriter.create(hocrWriter.optionsSchema.parse({}), { baseDir: '.' }))

const verdict = { judge: 'test', layer: 'healthy' as const, needsOcr: false, notes: [] }

const hasXmllint = () => spawnSync('xmllint', ['--version']).status === 0

/** `xmllint --noout --nonet` on the document: well-formed XML (the XHTML DTD is not fetched). */
function xmllint(xml: string) {
  const dir = mkdtempSync(join(tmpdir(), 'hocr-'))
  try {
    writeFileSync(join(dir, 'doc.hocr'), xml)
    return spawnSync('xmllint', ['--noout', '--nonet', join(dir, 'doc.hocr')], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const parse = (xml: string) =>
  new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${msg}`)
    },
  }).parseFromString(xml, 'text/xml')

const byClass = (doc: ReturnType<typeof parse>, cls: string) => Array.from(doc.getElementsByTagName('*')).filter((e) => e.getAttribute('class') === cls)

/** The `bbox` of an element's title, and its other properties. */
function props(e: Element): { bbox: number[]; conf?: number } {
  const title = e.getAttribute('title') ?? ''
  const bbox = /(?:^|;\s*)bbox (\d+) (\d+) (\d+) (\d+)/.exec(title)
  assert.ok(bbox, `${e.getAttribute('id')} has a bbox: ${title}`)
  const conf = /x_wconf (\d+)/.exec(title)
  return { bbox: bbox.slice(1).map(Number), ...(conf ? { conf: Number(conf[1]) } : {}) }
}

test('a born-digital page and an OCRed one: XHTML with the hOCR classes, a bbox each, x_wconf on OCR words', async (t) => {
  const pdf = await buildPdf([{ blocks: [{ text: FRENCH_PROSE }] }])
  const doc = await (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(pdf.slice(), { file: 't.pdf' })
  const layer = await doc.getPageText(1)
  await doc.close()
  const ocrItems: TextItem[] = ['Vu', 'le', 'code', '&', 'l’arrêté'].map((w, i) => ({
    text: w,
    bbox: { x0: 60 + 40 * i, y0: 80, x1: 90 + 40 * i, y1: 92 },
    confidence: 0.9 - 0.1 * i,
  }))
  const ocr: PageText = { pageNumber: 2, width: 595.28, height: 841.89, items: ocrItems, text: 'Vu le code & l’arrêté', source: 'ocr' }
  const w = await hocrWriter.create(hocrWriter.optionsSchema.parse({}), { baseDir: '.' })
  const input = {
    ...sampleWriterInput(),
    pages: [
      { pageNumber: 1, verdict, action: 'kept' as const, page: layer },
      { pageNumber: 2, verdict, action: 'ocr' as const, page: ocr, ocrConfidence: 0.7 },
    ],
  }
  const [file] = await w.write(input)
  assert.equal(file!.role, 'hocr')
  assert.match(file!.path, /\.hocr$/)
  const xml = file!.data as string
  const html = parse(xml)
  assert.equal(html.documentElement!.namespaceURI, 'http://www.w3.org/1999/xhtml')
  const pages = byClass(html, 'ocr_page')
  assert.deepEqual(
    pages.map((p) => p.getAttribute('title')),
    ['bbox 0 0 2480 3508; ppageno 0; scan_res 300 300', 'bbox 0 0 2480 3508; ppageno 1; scan_res 300 300'],
  )
  for (const cls of ['ocr_carea', 'ocr_par', 'ocr_line']) assert.ok(byClass(html, cls).length >= 2, cls)
  const words = byClass(html, 'ocrx_word')
  const layerWords = layer.items.flatMap((it) => itemWords(it))
  assert.deepEqual(
    words.map((w) => w.textContent),
    [...layer.text.split(/\s+/).filter(Boolean), 'Vu', 'le', 'code', '&', 'l’arrêté'],
  )
  const ids = new Set(
    Array.from(html.getElementsByTagName('*'))
      .map((e) => e.getAttribute('id'))
      .filter(Boolean),
  )
  assert.equal(ids.size, pages.length + byClass(html, 'ocr_carea').length + byClass(html, 'ocr_par').length + byClass(html, 'ocr_line').length + words.length)
  words.forEach((e, i) => {
    const { bbox, conf } = props(e)
    assert.ok(bbox[0]! <= bbox[2]! && bbox[1]! <= bbox[3]! && bbox[2]! <= 2480 && bbox[3]! <= 3508, e.getAttribute('title')!)
    if (i < layerWords.length) {
      // pixels at 300 dpi of the extractor's glyph boxes
      const b = layerWords[i]!.bbox
      assert.ok(Math.abs((bbox[0]! * 72) / 300 - b.x0) <= 0.25 && Math.abs((bbox[3]! * 72) / 300 - b.y1) <= 0.25, e.textContent!)
      assert.equal(conf, undefined)
    } else assert.equal(conf, Math.round(100 * ocrItems[i - layerWords.length]!.confidence!))
  })
  // the page's text reads with spaces between words
  assert.match(pages[1]!.textContent!.replace(/\s+/g, ' '), /Vu le code & l’arrêté/)
  if (!hasXmllint()) {
    t.diagnostic('xmllint missing (apt-get install libxml2-utils): well-formedness checked by @xmldom/xmldom only')
    return
  }
  const r = xmllint(xml)
  assert.equal(r.status, 0, r.stderr)
})

test('boxes at another resolution; a bad option is refused', async () => {
  const item: TextItem = { text: 'mot', bbox: { x0: 72, y0: 144, x1: 108, y1: 156 }, confidence: 0.5 }
  const page: PageText = { pageNumber: 1, width: 144, height: 288, items: [item], text: 'mot', source: 'ocr' }
  const xml = documentHocr([{ pageNumber: 1, page }], { dpi: 144 })
  assert.match(xml, /title="bbox 0 0 288 576; ppageno 0; scan_res 144 144"/)
  assert.match(xml, /<span class="ocrx_word" id="word_1_1" title="bbox 144 288 216 312; x_wconf 50">mot<\/span>/)
  assert.throws(() => hocrWriter.optionsSchema.parse({ dpi: 0 }))
})
