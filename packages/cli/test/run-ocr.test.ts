import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import pdfjs from '@pdftriage/extract-pdfjs'
import { parseCsv } from '@pdftriage/batch'
import { cli, folder } from './helpers.js'

/** Share of the words of `truth` (4+ letters) found in `text`: OCR is not exact, the words mostly are. */
function wordRecall(truth: string, text: string): number {
  const have = new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
  const want = truth.toLowerCase().match(/\p{L}{4,}/gu) ?? []
  return want.filter((w) => have.has(w)).length / want.length
}

describe('pdftriage run with OCR and --pdf (end to end, real tesseract)', () => {
  let dir: string
  before(async () => {
    dir = folder({
      'scan.pdf': await fx.scannedPdf(fx.FRENCH_PROSE, 200),
      'healthy.pdf': await fx.healthyPdf('fr', { title: 'Arrêté de circulation', author: 'Mairie' }),
      'reflected.pdf': await fx.reflectedPdf(),
      // One worker and French only keep the test short; 200 dpi is the scan's own resolution.
      'config.json': JSON.stringify({ ocr: { use: 'tesseract', options: { languages: ['fra'], workers: 1 } }, ocrDpi: 200 }),
    })
  })

  it('OCRs only the scanned page, writes its text, a searchable PDF and the index', async () => {
    const r = await cli(['run', '--config', 'config.json', '--jobs', '1', '--pdf', '--out', 'out', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const out = join(dir, 'out')
    const [header, ...rows] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
    const docs = rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]!])))
    const scan = docs.find((d) => d.path === 'scan.pdf')!
    assert.equal(scan.status, 'done')
    assert.equal(scan.pdf_type, 'image')
    assert.equal(scan.pages_ocred, '1')
    const healthy = docs.find((d) => d.path === 'healthy.pdf')!
    assert.equal(healthy.pages_ocred, '0')
    const pages = readFileSync(join(out, 'pages.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    assert.deepEqual(Object.fromEntries(pages.map((p) => [p.file, p.action])), { 'healthy.pdf': 'kept', 'reflected.pdf': 'repaired', 'scan.pdf': 'ocr' })
    const ocrText = readFileSync(join(out, scan.text!), 'utf8')
    assert.ok(wordRecall(fx.FRENCH_PROSE, ocrText) > 0.9, `OCR word recall ${wordRecall(fx.FRENCH_PROSE, ocrText)}`)
    const clean = readFileSync(join(out, scan.text!.replace(/\.txt$/, '.clean.txt')), 'utf8')
    assert.ok(wordRecall(fx.FRENCH_PROSE, clean) > 0.9)

    // The searchable PDF reads like the scan, and the healthy file keeps its metadata and its own layer.
    const ex = await pdfjs.create(pdfjs.optionsSchema.parse({}), { baseDir: dir })
    const doc = await ex.open(new Uint8Array(readFileSync(join(out, scan.pdf!))))
    const layer = await doc.getPageText(1)
    await doc.close()
    assert.ok(wordRecall(fx.FRENCH_PROSE, layer.text) > 0.9, `searchable layer word recall ${wordRecall(fx.FRENCH_PROSE, layer.text)}`)
    const h = await ex.open(new Uint8Array(readFileSync(join(out, healthy.pdf!))))
    assert.equal(h.info.title, 'Arrêté de circulation')
    assert.match((await h.getPageText(1)).text, /Article premier/)
    await h.close()
  })
})
