// Script detection (tesseract's orientation-and-script model) on drawn pages: what the judges ask before trusting an
// OCR layer's letters.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createTesseractEngine, installedLanguages, type TesseractEngine } from '../src/index.js'
import { drawPage, type DrawnLine } from './draw.js'

const DPI = 300
const W = 2480
const H = 700
const at = (texts: string[]): DrawnLine[] => texts.map((text, i) => ({ text, x: 150, y: 180 + i * 110, size: 50 }))

describe('script detection', () => {
  let engine: TesseractEngine
  before(() => {
    engine = createTesseractEngine({ languages: ['eng'], workers: 1 })
  })
  after(() => engine.close())

  test('tells Cyrillic, Greek and Latin writing apart, with the Unicode script of each', async () => {
    const cyrillic = await engine.detectScript(
      await drawPage(
        at(['Постановление администрации города', 'о порядке хранения документов в архиве.', 'Копии выдаются по письменному запросу.']),
        W,
        H,
        DPI,
      ),
    )
    assert.deepEqual([cyrillic?.name, cyrillic?.scripts], ['Cyrillic', ['Cyrillic']])
    const latin = await engine.detectScript(
      await drawPage(at(["L'arrêté préfectoral du 12 février est abrogé.", 'Le maire de la commune est chargé', 'de son exécution.']), W, H, DPI),
    )
    assert.deepEqual([latin?.name, latin?.scripts], ['Latin', ['Latin']])
    // the same page, sure of itself: the judges' bar sits between what each kind of page gives
    assert.ok(latin!.confidence > cyrillic!.confidence || latin!.confidence > 10, `${latin!.confidence} / ${cyrillic!.confidence}`)
    const greek = await engine.detectScript(
      await drawPage(
        at(['Η παρούσα απόφαση ρυθμίζει τη διαδικασία', 'φύλαξης των εγγράφων στο δημόσιο αρχείο.', 'Αντίγραφα χορηγούνται μετά από αίτηση.']),
        W,
        H,
        DPI,
      ),
    )
    assert.deepEqual(greek?.scripts, ['Greek'])
  })

  test('cannot tell on a page with too little writing, and reads nothing from a blank one', async () => {
    assert.equal(await engine.detectScript(await drawPage([], W, H, DPI)), undefined)
    assert.equal(await engine.detectScript(await drawPage(at(['Ok']), W, H, DPI)), undefined)
  })

  test('the script model is not a language a user can ask for', () => {
    assert.ok(!installedLanguages().includes('osd'))
    assert.throws(() => createTesseractEngine({ languages: ['osd'] }), /no OCR language data for `osd`/)
  })
})
