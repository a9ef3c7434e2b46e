import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PageText } from '@pdftriage/core'
import { compareWords } from '../src/agreement.js'
import { chooseRegion, layerSlope } from '../src/region.js'
import { looksMisread } from '../src/look-alikes.js'
import { ocrLayer, splitWords, wordKey, type Word } from '../src/words.js'

const word = (text: string, x0: number, y0: number, w = 30, h = 10): Word => ({ text, key: wordKey(text), bbox: { x0, y0, x1: x0 + w, y1: y0 + h } })

test('wordKey lower-cases, unfolds ligatures, strips punctuation and drops tokens under 2 letters', () => {
  assert.equal(wordKey('Arrêté,'), 'arrêté')
  assert.equal(wordKey('«ﬁn»'), 'fin')
  assert.equal(wordKey("l'Église"), 'léglise')
  assert.equal(wordKey('a'), '')
  assert.equal(wordKey('12,5'), '')
  assert.equal(wordKey('—'), '')
})

test('splitWords shares a line item between its words in proportion to their characters', () => {
  const w = splitWords([{ text: 'ab cd', bbox: { x0: 0, y0: 0, x1: 50, y1: 10 } }])
  assert.deepEqual(
    w.map((x) => [x.text, x.bbox.x0, x.bbox.x1]),
    [
      ['ab', 0, 20],
      ['cd', 30, 50],
    ],
  )
})

test('ocrLayer keeps invisible and GlyphLessFont text and measures its share', () => {
  const page: PageText = {
    pageNumber: 1,
    width: 600,
    height: 800,
    text: '',
    source: 'text-layer',
    fonts: { a: { id: 'a', invisible: true }, b: { id: 'b', name: 'GlyphLessFont' }, c: { id: 'c', invisible: false } },
    items: [
      { text: 'un deux', fontId: 'a', bbox: { x0: 0, y0: 0, x1: 70, y1: 10 } },
      { text: 'trois', fontId: 'b', bbox: { x0: 0, y0: 20, x1: 50, y1: 30 } },
      { text: 'visible', fontId: 'c', bbox: { x0: 0, y0: 40, x1: 70, y1: 50 } },
    ],
  }
  const l = ocrLayer(page)
  assert.ok(l)
  assert.deepEqual(
    l.words.map((w) => w.text),
    ['un', 'deux', 'trois'],
  )
  assert.equal(l.invisibleShare, 11 / 18)
  assert.equal(ocrLayer({ ...page, fonts: undefined }), undefined)
})

test('chooseRegion takes whole lines around the middle up to the word count, within the height cap', () => {
  const words: Word[] = []
  for (let line = 0; line < 30; line++) for (let k = 0; k < 8; k++) words.push(word(`mot${line}x${k}`, 50 + k * 40, 100 + line * 20))
  const r = chooseRegion(words, 20, 1000, 3, { width: 600, height: 800 })
  assert.ok(r)
  assert.equal(r.words.length, 24) // 20 words end inside a line: the band takes the 3 whole lines
  const lines = new Set(r.words.map((w) => w.bbox.y0))
  assert.equal(lines.size, 3)
  assert.ok(
    [...lines].every((y) => y >= 360 && y <= 440),
    `lines near the middle: ${[...lines].join(', ')}`,
  )
  assert.equal(r.box.y0, Math.min(...r.words.map((w) => w.bbox.y0)) - 3)
  assert.ok(r.band.y0 > r.box.y0 && r.band.y1 < r.box.y1) // OCR words are compared by centre, inside the ink
  const capped = chooseRegion(words, 200, 50, 3, { width: 600, height: 800 })
  assert.ok(capped && capped.band.y1 - capped.band.y0 <= 50)
  assert.equal(chooseRegion(words.slice(0, 10), 20, 1000, 3, { width: 600, height: 800 }), undefined)
})

test('compareWords matches multisets both ways and pairs mismatches by overlap', () => {
  const band = { x0: 0, y0: 0, x1: 500, y1: 100 }
  const layer = [word('le', 0, 0), word('maire', 40, 0), word('de', 80, 0), word('la', 120, 0), word('cornmune', 160, 0)]
  const ocr = [word('Le', 0, 1), word('maire', 40, 1), word('de', 80, 1), word('la', 120, 1), word('commune,', 160, 1), word('hors', 0, 200)]
  const a = compareWords(layer, ocr, band, 5)
  assert.equal(a.layerWords, 5)
  assert.equal(a.ocrWords, 5) // 'hors' lies outside the band
  assert.equal(a.matched, 4)
  assert.equal(a.dice, 0.8)
  assert.deepEqual(a.mismatches, [['cornmune', 'commune,']])
  const twice = compareWords([word('de', 0, 0), word('de', 40, 0)], [word('de', 0, 0)], band, 5)
  assert.equal(twice.matched, 1) // a multiset: one OCR word confirms one layer word
  assert.equal(compareWords([], [], band, 5).dice, 0)
})

test('layerSlope reads the skew of word-level boxes and the crop takes the tilted lines whole', () => {
  const slope = Math.tan((3 * Math.PI) / 180) // a scan turned 3 degrees
  const words: Word[] = []
  for (let line = 0; line < 20; line++) for (let k = 0; k < 10; k++) words.push(word(`mot${line}x${k}`, 60 + k * 45, 100 + line * 20 + k * 45 * slope))
  assert.ok(Math.abs(layerSlope(words) - slope) < 1e-9)
  assert.equal(layerSlope([word('un', 0, 0), word('deux', 0, 30)]), 0) // no pair on a line: cannot tell, 0
  const r = chooseRegion(words, 30, 1000, 3, { width: 600, height: 800 })
  assert.ok(r)
  const inkTop = Math.min(...r.words.map((w) => w.bbox.y0))
  const drift = slope * (r.band.x1 - r.band.x0)
  assert.ok(Math.abs(r.box.y0 - (inkTop - 3 - drift)) < 1e-9)
  const flat = chooseRegion(
    words.map((w) => ({ ...w, bbox: { ...w.bbox, y0: Math.round(w.bbox.y0 / 20) * 20, y1: Math.round(w.bbox.y0 / 20) * 20 + 10 } })),
    30,
    1000,
    3,
    { width: 600, height: 800 },
  )
  assert.ok(flat && r.box.y1 - r.box.y0 > flat.box.y1 - flat.box.y0)
})

test('looksMisread: Latin read into a cased script by its model, not the script’s own words', () => {
  for (const w of ['ОеМап', 'Тгапз1аНоп', '110М-ги5ап', 'НиБег']) assert.equal(looksMisread(w), true, w)
  for (const w of ['Debian', 'DeBian', 'постановление', 'СССР', 'Ту-154', 'МВД', '第3章', 'l10n']) assert.equal(looksMisread(w), false, w)
})
