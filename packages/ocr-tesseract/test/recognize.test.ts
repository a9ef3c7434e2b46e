import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { isTriageError } from '@pdftriage/core'
import plugin, { createTesseractEngine, type TesseractEngine } from '../src/index.js'
import { cer, drawPage, type DrawnLine } from './draw.js'

const DPI = 300
// A4 width at 300 dpi; height cut to the text to keep the suite fast
const W = 2480
const H = 700
const LINES: DrawnLine[] = [
  { text: "L'arrêté préfectoral du 12 février 2024 est abrogé.", x: 150, y: 200, size: 50 },
  { text: 'Le maire de la commune est chargé de son exécution.', x: 150, y: 300, size: 50 },
  { text: 'The quick brown fox jumps over the lazy dog.', x: 150, y: 500, size: 50 },
]

describe('tesseract engine on drawn pages', () => {
  let engine: TesseractEngine
  before(() => {
    // kept until close whatever the time between tests (a loaded machine), for the test of its reuse
    engine = createTesseractEngine({ workers: 1, idleWorkerMs: null })
  })
  after(() => engine.close())

  test('reads French and English text with a low character error rate', async () => {
    const page = await engine.recognize(await drawPage(LINES, W, H, DPI, 7))
    assert.equal(page.source, 'ocr')
    assert.equal(page.pageNumber, 7)
    const truth = `${LINES[0]!.text}\n${LINES[1]!.text}\n\n${LINES[2]!.text}`
    // clean 50 px (12 pt) type at 300 dpi: tesseract reads it almost exactly; 2 % allows one or two slips
    assert.ok(cer(page.text, truth) < 0.02, `CER ${cer(page.text, truth)} for ${JSON.stringify(page.text)}`)
    assert.equal(page.text, page.text.normalize('NFC'))
    assert.match(page.text, /arrêté préfectoral/)
    assert.match(page.text, /exécution\.\n/)
  })

  test('gives word items with boxes in points near where they were drawn', async () => {
    const page = await engine.recognize(await drawPage(LINES, W, H, DPI))
    assert.ok(Math.abs(page.width - (W * 72) / DPI) < 1e-9)
    assert.ok(Math.abs(page.height - (H * 72) / DPI) < 1e-9)
    const k = 72 / DPI
    const word = page.items.find((i) => i.text === 'préfectoral')
    assert.ok(word, `no "préfectoral" in ${page.items.map((i) => i.text).join(' ')}`)
    // drawn on the baseline y = 200 px (48 pt), cap height ~36 px; x after "L'arrêté " ~ 335 px
    assert.ok(Math.abs(word.bbox.y1 - 210 * k) < 4, `y1 ${word.bbox.y1}`)
    assert.ok(Math.abs(word.bbox.y0 - 163 * k) < 4, `y0 ${word.bbox.y0}`)
    assert.ok(word.bbox.x0 > 150 * k && word.bbox.x0 < 400 * k, `x0 ${word.bbox.x0}`)
    assert.ok(word.confidence !== undefined && word.confidence > 0.5 && word.confidence <= 1)
    const fox = page.items.find((i) => i.text === 'fox')
    assert.ok(fox && fox.bbox.y0 > 440 * k && fox.bbox.y1 < 520 * k, `fox ${JSON.stringify(fox?.bbox)}`)
    // one end of line per drawn line, on its last word
    const eols = page.items.filter((i) => i.hasEol).map((i) => i.text)
    assert.deepEqual(eols, ['abrogé.', 'exécution.', 'dog.'])
  })

  test('a blank page gives no items and no text', async () => {
    const page = await engine.recognize(await drawPage([], 600, 400, DPI))
    assert.deepEqual(page.items, [])
    assert.equal(page.text, '')
  })

  test('reuses its worker across pages', async () => {
    assert.equal(engine.concurrency, 1)
    assert.equal((engine as unknown as { pool: { alive: number } }).pool.alive, 1)
  })

  test('refuses pixels that do not match the size', async () => {
    await assert.rejects(
      engine.recognize({ pageNumber: 3, width: 10, height: 10, dpi: DPI, data: new Uint8Array(5) }),
      (e) => isTriageError(e, 'OCR_FAILED') && e.page === 3 && e.plugin === 'tesseract',
    )
  })
})

describe('plugin factory', () => {
  test('is an ocr plugin named tesseract with defaults', async () => {
    assert.equal(plugin.kind, 'ocr')
    assert.equal(plugin.name, 'tesseract')
    const o = plugin.optionsSchema.parse({})
    assert.deepEqual(o.languages, ['fra', 'eng'])
    assert.equal(o.dpi, 300)
    assert.ok(o.workers >= 1)
    assert.throws(() => plugin.optionsSchema.parse({ langs: ['fra'] }))
    assert.throws(() => plugin.optionsSchema.parse({ psm: 0 }))
    const engine = await plugin.create(plugin.optionsSchema.parse({ workers: 2 }), { baseDir: '.' })
    assert.equal(engine.name, 'tesseract')
    assert.equal(engine.concurrency, 2)
    await engine.close()
  })
})
