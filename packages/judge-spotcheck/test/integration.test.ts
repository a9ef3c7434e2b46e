// End to end: fixture PDFs through the real extractor, core's runDocument and a real tesseract engine (fra, 1 worker).
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { runDocument, type Extractor, type Judge, type OcrEngine, type Verdict } from '@pdftriage/core'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import { createTesseractEngine } from '@pdftriage/ocr-tesseract'
import * as fx from '@pdftriage/fixtures'
import spotcheck from '../src/index.js'

let extractor: Extractor
let engine: OcrEngine
let judge: Judge

before(async () => {
  extractor = await extractPdfjs.create(extractPdfjs.optionsSchema.parse({}), { baseDir: '.' })
  engine = createTesseractEngine({ languages: ['fra'], workers: 1 })
  judge = await spotcheck.create(spotcheck.optionsSchema.parse({}), { baseDir: '.' })
})
after(async () => {
  await engine?.close()
})

/** Changes `share` of the letters to other letters (same case), seeded: a well-formed but wrong OCR layer. */
function corrupt(text: string, share: number, seed = 11): string {
  const rnd = fx.seeded(seed)
  const abc = 'abcdefghijklmnopqrstuvwxyz'
  return text.replace(/\p{L}/gu, (c) => {
    if (rnd() >= share) return c
    let r = c
    while (r.toLowerCase() === c.toLowerCase()) r = abc[Math.floor(rnd() * abc.length)]!
    return c === c.toUpperCase() ? r.toUpperCase() : r
  })
}

/** The verdict on page 1 through runDocument with the spot-check judge alone (`none` when it abstains). */
async function verdictOf(pdf: Uint8Array, withOcr = true): Promise<Verdict> {
  const ocr = withOcr ? engine : undefined
  const doc = await extractor.open(pdf)
  try {
    let v: Verdict | undefined
    for await (const ev of runDocument(doc, { judges: [judge], repairs: [], postprocess: [], ...(ocr ? { ocr } : {}) }, { performOcr: false })) {
      if (ev.type === 'page') v = ev.result.verdict
    }
    assert.ok(v)
    return v
  } finally {
    await doc.close()
  }
}

const scan = { text: fx.FRENCH_DECREE, dpi: 200, noise: 20 }

test('a layer that reads like its own scan passes', async () => {
  const v = await verdictOf(await fx.buildPdf([{ scan, blocks: [{ text: fx.FRENCH_DECREE, invisible: true }] }]))
  assert.equal(v.judge, 'spotcheck', v.notes.join(' | '))
  assert.equal(v.layer, 'healthy')
  assert.equal(v.needsOcr, false)
  assert.ok(v.score !== undefined && v.score >= 0.8, v.notes.join(' | '))
  // the engine saw Latin writing where the layer's letters are Latin
  assert.ok(
    v.notes.some((n) => /the image shows Latin writing .* 1\.00 of the layer's letters are in it/.test(n)),
    v.notes.join(' | '),
  )
})

/** A Russian notice, and the Latin letters of the same shapes an OCR without Cyrillic puts in its place. */
const RUSSIAN =
  'ПОСТАНОВЛЕНИЕ АДМИНИСТРАЦИИ ГОРОДА О ПОРЯДКЕ ХРАНЕНИЯ ДОКУМЕНТОВ В АРХИВЕ. ' +
  'Документы принимаются на хранение после проверки их состава и состояния. Копии документов выдаются по ' +
  'письменному запросу граждан и организаций в течение тридцати дней со дня поступления запроса.'
const LOOKS: Record<string, string> = {
  А: 'A',
  Б: '6',
  В: 'B',
  Г: 'r',
  Д: 'A',
  Е: 'E',
  Ё: 'E',
  Ж: 'X',
  З: '3',
  И: 'N',
  Й: 'N',
  К: 'K',
  Л: 'JI',
  М: 'M',
  Н: 'H',
  О: 'O',
  П: 'II',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Ф: 'O',
  Х: 'X',
  Ц: 'U',
  Ч: '4',
  Ш: 'III',
  Щ: 'III',
  Ъ: 'b',
  Ы: 'bI',
  Ь: 'b',
  Э: '3',
  Ю: 'IO',
  Я: 'R',
  а: 'a',
  б: '6',
  в: 'B',
  г: 'r',
  д: 'A',
  е: 'e',
  ё: 'e',
  ж: 'x',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  л: 'n',
  м: 'M',
  н: 'H',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 'T',
  у: 'y',
  ф: 'o',
  х: 'x',
  ц: 'u',
  ч: '4',
  ш: 'w',
  щ: 'w',
  ъ: 'b',
  ы: 'bI',
  ь: 'b',
  э: '3',
  ю: 'io',
  я: 'a',
}
const LOOKALIKE = RUSSIAN.replace(/\p{Script=Cyrillic}/gu, (c) => LOOKS[c] ?? 'x')

test('an OCR layer of Latin look-alikes over a Russian scan is sent to OCR: the image shows Cyrillic', async () => {
  assert.match(LOOKALIKE, /^[\x20-\x7e]+$/) // the layer is plain Latin
  const v = await verdictOf(await fx.buildPdf([{ scan: { text: RUSSIAN, dpi: 200, fontSize: 14 }, blocks: [{ text: LOOKALIKE, invisible: true, size: 14 }] }]))
  assert.equal(v.judge, 'spotcheck', v.notes.join(' | '))
  assert.deepEqual([v.layer, v.needsOcr], ['unreadable', true])
  assert.ok(
    v.notes.some((n) => /the image shows Cyrillic writing .* 0\.00 of the layer's letters are in it/.test(n)),
    v.notes.join(' | '),
  )
})

test('a well-formed layer with a fifth of its letters wrong over a clean scan needs OCR', async () => {
  const bad = corrupt(fx.FRENCH_DECREE, 0.2)
  assert.notEqual(bad, fx.FRENCH_DECREE)
  const v = await verdictOf(await fx.buildPdf([{ scan, blocks: [{ text: bad, invisible: true }] }]))
  assert.equal(v.judge, 'spotcheck', v.notes.join(' | '))
  assert.equal(v.layer, 'unreadable')
  assert.equal(v.needsOcr, true)
  assert.ok(v.score !== undefined && v.threshold !== undefined && v.score < v.threshold)
  assert.ok(
    v.notes.some((n) => /mismatched: .+→/.test(n)),
    v.notes.join(' | '),
  )
})

test('born-digital text is not judged', async () => {
  const v = await verdictOf(await fx.healthyPdf('fr'))
  assert.equal(v.judge, 'none', v.notes.join(' | '))
})

test('without recognizeRegion (no OCR engine) the judge abstains', async () => {
  const v = await verdictOf(await fx.ocrLayerPdf(corrupt(fx.FRENCH_DECREE, 0.3)), false)
  assert.equal(v.judge, 'none', v.notes.join(' | '))
})

test('an invisible layer over no image is not judged (nothing to compare with)', async () => {
  const v = await verdictOf(await fx.buildPdf([{ blocks: [{ text: fx.FRENCH_DECREE, invisible: true }] }]))
  assert.equal(v.judge, 'none', v.notes.join(' | '))
})
