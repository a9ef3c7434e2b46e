// The language pick: a page read poorly in the configured languages gets a first look with the other installed sets,
// on drawn pages read by the real engine.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { isTriageError, type PageImage, type PageText } from '@pdftriage/core'
import { createTesseractEngine, type TesseractEngine, type TesseractOptions } from '../src/index.js'
import { candidateSets, codesFor, sampleBox, scriptsOf } from '../src/language-pick.js'
import { cer, drawPage } from './draw.js'

const DPI = 300
const W = 2480

/** A page of `lines` of 42 px type (10 pt at 300 dpi), one every 90 px. */
const page = (lines: readonly string[], pageNumber = 1): Promise<PageImage> =>
  drawPage(
    lines.map((text, i) => ({ text, x: 120, y: 150 + i * 90, size: 42 })),
    W,
    150 + lines.length * 90 + 60,
    DPI,
    pageNumber,
  )

// accents on most words: read with `eng`, tesseract drops the circumflexes and graves (`arrété`, `a`, `tache`)
const FRENCH = [
  "L'arrêté préfectoral du 12 décembre a été notifié à la société.",
  "Le délégué général prévoit qu'à l'échéance, la tâche sera menée à bien.",
  "Après l'enquête publique, le préfet a reçu des élèves et leurs maîtres.",
  "Où qu'ils soient, les intéressés pourront être entendus à leur demande.",
  "La procédure prévue à l'article 3 reste applicable jusqu'à la clôture.",
  'Fait à Besançon, le 3 février, pour le préfet et par délégation.',
]
const ENGLISH = [
  'The committee met on the twelfth of December to review the budget.',
  'Members agreed that the report should be published without delay.',
  'A further meeting will be held in the spring to discuss the findings.',
  'Questions may be sent to the secretary before the end of the month.',
]
const RUSSIAN = [
  'Постановление администрации города',
  'о порядке хранения документов в архиве.',
  'Копии выдаются по письменному запросу.',
  'Настоящее постановление вступает в силу.',
]

/** An engine whose worker jobs are counted by language set: each is one reading of a page or of a sample. */
function counted(options: TesseractOptions): { engine: TesseractEngine; runs: string[] } {
  const engine = createTesseractEngine({ workers: 1, ...options })
  const runs: string[] = []
  const pool = (engine as unknown as { pool: { run: (key: string, ...rest: unknown[]) => Promise<unknown> } }).pool
  const run = pool.run.bind(pool)
  pool.run = (key, ...rest) => {
    runs.push(key)
    return run(key, ...rest)
  }
  return { engine, runs }
}

const words = (p: PageText) => p.items.map((i) => i.text)

describe('language pick on drawn pages', () => {
  let french: PageImage
  before(async () => {
    french = await page(FRENCH)
  })

  test('a French page with the engine configured eng is read with fra, its accented words right', async () => {
    const { engine, runs } = counted({ languages: ['eng'] })
    try {
      const p = await engine.recognize(french, { document: {} })
      const w = words(p)
      for (const x of [
        "L'arrêté",
        'préfectoral',
        'décembre',
        'été',
        'à',
        'tâche',
        "l'enquête",
        'reçu',
        'élèves',
        'maîtres.',
        'Où',
        'être',
        'clôture.',
        'Besançon,',
      ])
        assert.ok(w.includes(x), `${x} not in ${w.join(' ')}`)
      assert.equal(p.notes?.length, 1)
      assert.match(p.notes[0]!, /^ocr: language fra picked by a first look at 6 lines: mean confidence 0\.\d\d against 0\.\d\d with eng/)
      // the page with eng, the sample with eng and fra, the page with fra
      assert.deepEqual(runs, ['eng', 'eng', 'fra', 'fra'])
    } finally {
      await engine.close()
    }
  })

  test("the document's later pages are read with the pick first, without a look", async () => {
    const { engine, runs } = counted({ languages: ['eng'] })
    try {
      const doc = {}
      await engine.recognize(french, { document: doc })
      runs.length = 0
      const p = await engine.recognize(await page(FRENCH.slice(2), 2), { document: doc })
      assert.deepEqual(runs, ['fra'])
      assert.match(p.notes![0]!, /^ocr: read with fra, picked for the document by a first look on page 1 \(mean confidence 0\.\d\d\)$/)
      assert.ok(words(p).includes('clôture.'), p.text)
      // an English page of that document: fra reads it well (0.95 drawn so), and it stays so
      runs.length = 0
      const en = await engine.recognize(await page(ENGLISH, 3), { document: doc })
      assert.deepEqual(runs, ['fra'])
      assert.ok(en.text.includes('The committee met on the twelfth of December'), en.text)
      // another document looks for itself
      runs.length = 0
      await engine.recognize(french, { document: {} })
      assert.deepEqual(runs, ['eng', 'eng', 'fra', 'fra'])
    } finally {
      await engine.close()
    }
  })

  test('an English page configured fra stays or switches, its text at least as good', async () => {
    const img = await page(ENGLISH)
    const truth = `${ENGLISH.slice(0, 3).join('\n')}\n\n${ENGLISH[3]}`
    const on = createTesseractEngine({ workers: 1, languages: ['fra'] })
    const off = createTesseractEngine({ workers: 1, languages: ['fra'], languagePick: false })
    try {
      const [a, b] = [await on.recognize(img, { document: {} }), await off.recognize(img)]
      assert.ok(cer(a.text, truth) <= cer(b.text, truth), `${cer(a.text, truth)} against ${cer(b.text, truth)} without the pick`)
    } finally {
      await Promise.all([on.close(), off.close()])
    }
  })

  test('a part of a page picks no language: read once as asked, or in the language whole pages picked', async () => {
    const { engine, runs } = counted({ languages: ['eng'] })
    try {
      const doc = {}
      // the French page read as a region (a judge's look, a picture): one reading with eng, no look, no note
      const p = await engine.recognize(french, { document: doc, part: true })
      assert.deepEqual(runs, ['eng'])
      assert.equal(p.notes, undefined)
      // nor did it pick for the document: the first whole page still looks
      runs.length = 0
      await engine.recognize(french, { document: doc })
      assert.deepEqual(runs, ['eng', 'eng', 'fra', 'fra'])
      // once a whole page picked fra, a part is read with fra, once
      runs.length = 0
      await engine.recognize(french, { document: doc, part: true })
      assert.deepEqual(runs, ['fra'])
    } finally {
      await engine.close()
    }
  })

  test('a poor page whose languages are all in the set asked pays no look', async () => {
    // grey on grey, small: a page every set reads poorly
    const faint = await page(FRENCH)
    faint.data = faint.data.map((v) => 120 + (v * 60) / 255)
    const { engine, runs } = counted({ languages: ['fra', 'eng'], languagePickBelow: 1 })
    try {
      const p = await engine.recognize(faint, { document: {} })
      assert.deepEqual(runs, ['fra+eng'])
      assert.equal(p.notes, undefined)
    } finally {
      await engine.close()
    }
  })

  test('a page read well pays no look', async () => {
    const { engine, runs } = counted({})
    try {
      const p = await engine.recognize(french, { document: {} })
      assert.deepEqual(runs, ['fra+eng'])
      assert.equal(p.notes, undefined)
    } finally {
      await engine.close()
    }
  })

  test('with the option off a page is read as asked, as before the pick: one reading, no notes', async () => {
    const { engine, runs } = counted({ languages: ['eng'], languagePick: false })
    try {
      const p = await engine.recognize(french, { document: {} })
      assert.deepEqual(runs, ['eng'])
      assert.equal(p.notes, undefined)
      assert.ok(!words(p).includes('clôture.'), p.text)
    } finally {
      await engine.close()
    }
  })

  test('writing in a script no installed language reads: the note names the data package, the page is read', async () => {
    const { engine, runs } = counted({ languages: ['eng'] })
    try {
      const p = await engine.recognize(await page(RUSSIAN), { document: {} })
      assert.ok(p.text.length > 0)
      assert.deepEqual(runs.slice(0, 3), ['eng', 'eng', 'fra'])
      assert.ok(!runs.slice(3).includes('fra'), runs.join())
      assert.match(
        p.notes![0]!,
        /the page shows Cyrillic writing \(script model\), which no installed language reads \(eng, fra\): @tesseract\.js-data\/rus would/,
      )
    } finally {
      await engine.close()
    }
  })

  test('the languages it tries must be installed', () => {
    assert.throws(
      () => createTesseractEngine({ languagePickLanguages: ['eng', 'xyz'] }),
      (e) => isTriageError(e, 'OCR_LANGUAGE_MISSING') && e.message.includes('`xyz`'),
    )
    assert.throws(() => createTesseractEngine({ languagePickMargin: 2 }))
  })
})

describe('language pick helpers', () => {
  const item = (text: string, y: number, hasEol = true) => ({ text, bbox: { x0: 10, y0: y, x1: 100, y1: y + 10 }, hasEol })

  test('the sample is the run of lines holding the most letters, padded and kept on the page', () => {
    const items = [item('a', 0), item('12 34', 20), item('word', 40, false), item('more', 40), item('long', 60), item('x', 80)]
    assert.deepEqual(sampleBox({ items, width: 200, height: 300 }, 2, 5), { x0: 5, y0: 35, x1: 105, y1: 75 })
    assert.deepEqual(sampleBox({ items, width: 200, height: 300 }, 10, 5), { x0: 5, y0: 0, x1: 105, y1: 95 })
    assert.equal(sampleBox({ items: [item('12', 0)], width: 200, height: 300 }, 3, 5), undefined)
  })

  test('the sets tried: the configured set, then each language it lacks, alone', () => {
    assert.deepEqual(candidateSets(['eng', 'fra'], ['eng']), [['eng'], ['fra']])
    assert.deepEqual(candidateSets(['deu', 'eng', 'fra', 'deu'], ['fra', 'eng']), [['fra', 'eng'], ['deu']])
    assert.deepEqual(candidateSets(['eng', 'fra'], ['fra', 'eng']), [['fra', 'eng']])
  })

  test('scripts and the packages that read them', () => {
    assert.deepEqual(scriptsOf('fra'), ['Latin'])
    assert.deepEqual(scriptsOf('jpn'), ['Han', 'Hiragana', 'Katakana'])
    assert.equal(codesFor(['Cyrillic'])[0], 'rus')
    assert.deepEqual(codesFor(['Latin']), [])
  })
})
