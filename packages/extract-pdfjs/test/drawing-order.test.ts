import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { helveticaPage } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

test('runs drawn out of order read as separate words and lines', async () => {
  await using doc = await open(
    helveticaPage(
      [
        // A cell on the right drawn before the one on its left, on one baseline.
        'BT /F1 10 Tf 300 700 Td (AFIRMATIVO) Tj ET BT /F1 10 Tf 72 700 Td (ABDALA de MATARAZZO) Tj ET',
        // A heading, then a line 0.8 em under it drawn from the left margin: a new line, not the same word.
        'BT /F1 24 Tf 72 600 Td (Header) Tj ET BT /F1 12 Tf 72 581 Td (Foo: bar) Tj ET',
        // A step back inside a word (an underline drawn back over it) is no word boundary.
        'BT /F1 10 Tf 72 500 Td (under) Tj 10 0 Td (__) Tj ET',
      ].join('\n'),
    ),
  )
  const text = (await doc.getPageText(1)).text
  assert.equal(text, 'AFIRMATIVO ABDALA de MATARAZZO\nHeader\nFoo: bar\nunder__')
})

test('text drawn over itself (fake bold, a shadow, a drifting copy) is read once', async () => {
  await using doc = await open(
    helveticaPage(
      [
        // Three copies of a line, each a quarter point off the one before (fake bold).
        'BT /F1 20 Tf 100 700 Td (Rapport annuel 2011) Tj ET',
        'BT /F1 20 Tf 100.25 700.25 Td (Rapport annuel 2011) Tj ET',
        'BT /F1 20 Tf 100 700.25 Td (Rapport annuel 2011) Tj ET',
        // Glyph by glyph: each letter drawn twice, 0.3 pt apart.
        'BT /F1 12 Tf ' + [100, 100.3, 108, 108.3, 114.67, 114.97].map((x, i) => `1 0 0 1 ${x} 650 Tm (${'SSooll'[i]}) Tj`).join(' ') + ' ET',
        // A line, the next one, then a copy of the first whose word spacing drifts a point a word.
        'BT /F1 10 Tf 100 600 Td (un examen des gaz du sang) Tj 0 -12 Td (fonction clinique) Tj ET',
        'BT /F1 10 Tf 2 Tw 100.01 600.01 Td (un examen des gaz du sang) Tj ET',
        // Copies of text elsewhere: kept (the same word on another line, at another place on the line).
        'BT /F1 10 Tf 100 550 Td (echo) Tj 0 -12 Td (echo) Tj 100 0 Td (echo) Tj ET',
      ].join('\n'),
    ),
  )
  const text = (await doc.getPageText(1)).text
  assert.equal(text, 'Rapport annuel 2011\nSol\nun examen des gaz du sang\nfonction clinique\necho\necho echo')
})
