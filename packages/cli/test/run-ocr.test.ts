import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import pdfjs from '@pdftriage/extract-pdfjs'
import { cli, folder, readIndex } from './helpers.js'

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
    const { docs, pages } = readIndex(out)
    const scan = docs.find((d) => d.path === 'scan.pdf')!
    assert.equal(scan.status, 'done')
    assert.equal(scan.pdf_type, 'image')
    assert.equal(scan.pages_ocred, '1')
    const healthy = docs.find((d) => d.path === 'healthy.pdf')!
    assert.equal(healthy.pages_ocred, '0')
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

describe('pdftriage run on a born-digital page with a screenshot (end to end, real tesseract)', () => {
  let dir: string
  before(async () => {
    dir = folder({
      'manual.pdf': await fx.screenshotPdf(),
      'menu.pdf': await fx.menuPicturePdf(),
      'cropped-scan.pdf': await fx.croppedSparsePdf(),
      'config.json': JSON.stringify({ ocr: { use: 'tesseract', options: { languages: ['eng', 'fra'], workers: 1 } } }),
    })
  })

  it('keeps the layer exactly and adds the picture text, thin or long; a scan with a thin invisible layer is OCRed whole', async () => {
    const r = await cli(['run', '--config', 'config.json', '--jobs', '1', '--pdf', '--out', 'out', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const out = join(dir, 'out')
    const { docs, pages } = readIndex<{
      file: string
      layer: string
      needsOcr: boolean
      action: string
      regions?: number[][]
      notes: string[]
      ocrQuality?: string
    }>(out)
    const manual = pages.find((p) => p.file === 'manual.pdf')!
    assert.deepEqual([manual.layer, manual.needsOcr, manual.action, manual.regions?.length], ['healthy', false, 'kept', 1], manual.notes.join('\n'))
    // the region is the whole picture (x 90-490, y 120-250 points) with a margin, not only where the probe read words
    const [x0, y0, x1, y1] = manual.regions![0]!
    assert.ok(x0! >= 80 && x0! <= 90 && y0! >= 110 && y0! <= 120 && x1! >= 490 && x1! <= 500 && y1! >= 250 && y1! <= 260, JSON.stringify(manual.regions))
    assert.equal(manual.ocrQuality, 'good')
    const text = readFileSync(join(out, docs.find((d) => d.path === 'manual.pdf')!.text!), 'utf8')
    // the layer's line exactly, first, then the picture's words
    assert.equal(text.split('\n')[0], fx.SCREENSHOT_CAPTION)
    assert.ok(wordRecall(fx.SCREENSHOT_TEXT, text) > 0.9, `picture word recall ${wordRecall(fx.SCREENSHOT_TEXT, text)}`)
    assert.ok(text.indexOf(fx.SCREENSHOT_CAPTION) === text.lastIndexOf(fx.SCREENSHOT_CAPTION), 'the layer is not read twice')
    // the searchable PDF keeps the original line once and gets the picture's words
    const ex = await pdfjs.create(pdfjs.optionsSchema.parse({}), { baseDir: dir })
    const doc = await ex.open(new Uint8Array(readFileSync(join(out, docs.find((d) => d.path === 'manual.pdf')!.pdf!))))
    const layer = (await doc.getPageText(1)).text
    await doc.close()
    assert.equal(layer.split(fx.SCREENSHOT_CAPTION).length, 2, layer)
    assert.ok(wordRecall(fx.SCREENSHOT_TEXT, layer) > 0.9, layer)

    // a long layer beside a large picture holding half the page's words: the layer kept, the picture OCRed whole
    const menu = pages.find((p) => p.file === 'menu.pdf')!
    assert.deepEqual([menu.layer, menu.needsOcr, menu.action, menu.regions?.length], ['healthy', false, 'kept', 1], menu.notes.join('\n'))
    const [m0, m1, m2, m3] = menu.regions![0]!
    assert.ok(m0! <= 80 && m1! <= 300 && m2! >= 520 && m3! >= 500, JSON.stringify(menu.regions))
    const menuText = readFileSync(join(out, docs.find((d) => d.path === 'menu.pdf')!.text!), 'utf8')
    const paragraph = fx.ENGLISH_PROSE.split('\n')[0]!
    const original = await ex.open(new Uint8Array(await fx.menuPicturePdf()))
    const menuLayer = (await original.getPageText(1)).text
    await original.close()
    const flat = (t: string) => t.replace(/\s+/g, ' ').trim()
    assert.ok(flat(menuText).startsWith(flat(menuLayer)), `the layer first, its words exactly:\n${menuText}`)
    assert.ok(wordRecall(paragraph, menuText) === 1)
    assert.ok(wordRecall(fx.MENU_PICTURE_TEXT, menuText) > 0.9, `picture word recall ${wordRecall(fx.MENU_PICTURE_TEXT, menuText)}`)

    const scan = pages.find((p) => p.file === 'cropped-scan.pdf')!
    assert.deepEqual([scan.layer, scan.needsOcr, scan.action, scan.regions], ['sparse', true, 'ocr', undefined], scan.notes.join('\n'))
  })
})
