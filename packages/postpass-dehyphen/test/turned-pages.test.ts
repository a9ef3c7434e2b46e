// Pages OCR read turned: their word boxes are on the page as displayed, so the lines run down, up or backwards.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { turnBox, type PageText, type TextItem } from '@pdftriage/core'
import { dehyphenOptionsSchema, rebuildText } from '../src/index.js'
import { column, doc } from './helpers.js'

const o = dehyphenOptionsSchema.parse({})

const LINES = [
  'Le conseil municipal, réuni en séance ordinaire, a examiné le projet de',
  'budget présenté par le maire et les avis de la commission des finances.',
  'Après en avoir délibéré, il adopte le budget primitif de la commune pour',
  "l'exercice à venir, par dix-neuf voix pour et deux abstentions.",
  '',
  'La séance est levée à vingt et une heures.',
]

/** OCR words of the lines, on an upright 400 x 600 page as OCR read it. */
function readPage(): PageText {
  // ragged right: OCR words with a word space between them
  const items = column(LINES, { words: true, top: 100, lastShort: new Set(LINES.keys()) }).map((i) => {
    const { fontSize: _size, fontId: _font, ...it } = i
    return { ...it, confidence: 0.95 }
  })
  return { pageNumber: 1, width: 400, height: 600, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
}

/** The same words where they are on the page as displayed, had OCR read it turned clockwise by `deg`. */
function displayed(read: PageText, deg: 90 | 180 | 270, recorded: boolean): PageText {
  const back = (360 - deg) % 360
  const side = deg !== 180
  const items: TextItem[] = read.items.map((i) => ({ ...i, bbox: turnBox(i.bbox, back, read.width, read.height) }))
  const p: PageText = { ...read, items, width: side ? read.height : read.width, height: side ? read.width : read.height }
  if (recorded) p.rotation = deg
  return p
}

const textOf = (p: PageText) => rebuildText(doc([p]), o).text

test('a page read turned 90, 180 or 270 degrees rebuilds the same text as upright', () => {
  const upright = textOf(readPage())
  assert.match(upright, /^Le conseil municipal, réuni en séance ordinaire, a examiné le projet de budget présenté/)
  assert.match(upright, /\n\nLa séance est levée à vingt et une heures\.$/)
  for (const deg of [90, 180, 270] as const) {
    assert.equal(textOf(displayed(readPage(), deg, true)), upright, `read turned ${deg}`)
  }
})

test('a sideways page tesseract read by itself (columns of tall words, no turn recorded) rebuilds the same text', () => {
  const upright = textOf(readPage())
  for (const deg of [90, 270] as const) {
    assert.equal(textOf(displayed(readPage(), deg, false)), upright, `columns turned ${deg}`)
  }
})

test('a text layer is never turned: its items are its own lines', () => {
  const layer = { ...displayed(readPage(), 90, false), source: 'text-layer' as const }
  assert.notEqual(textOf(layer), textOf(readPage()))
})
