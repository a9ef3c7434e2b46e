import assert from 'node:assert/strict'
import { test } from 'node:test'
import { composeAccent, joinGlyphs, markOf, markOfGlyphName, over, spacingAccent } from '../src/accents.js'

test('glyph names of accents drawn alone give their marks; other names none', () => {
  assert.equal(markOfGlyphName('acute'), '\u0301')
  assert.equal(markOfGlyphName('gravecomb'), '\u0300')
  assert.equal(markOfGlyphName('circumflex.cap'), '\u0302')
  assert.equal(markOfGlyphName('uni00B4'), '\u0301')
  assert.equal(markOfGlyphName('uni0308'), '\u0308')
  assert.equal(markOfGlyphName('cedilla'), '\u0327')
  for (const n of ['e', 'eacute', 'dotlessi', 'quoteleft', 'uni0041', 'g17']) assert.equal(markOfGlyphName(n), undefined, n)
})

test('an accent over its letter composes, dotless i and j taking the mark as i and j', () => {
  assert.equal(composeAccent('e', '\u0301'), 'é')
  assert.equal(composeAccent('\u0131', '\u0302'), 'î')
  assert.equal(composeAccent('c', '\u0327'), 'ç')
  assert.equal(spacingAccent('\u0301'), '\u00b4')
  assert.equal(markOf('\u00b4'), '\u0301')
  assert.equal(markOf('è'), '\u0300')
  assert.equal(markOf('e'), undefined)
})

test('glyphs joined put an accent drawn over the next or the previous letter on it', () => {
  const g = (code: number, x0: number, x1: number, spaceBefore = false) => ({ code, text: '', x0, x1, spaceBefore })
  // TeX's \accent: the acute first, centred over the e; groff's \o: the e, then the acute over it
  const gs = [g(114, 0, 4), g(19, 4.2, 8.8), g(101, 4, 9), g(103, 9, 14)]
  assert.ok(over(gs[1]!, gs[2]!))
  assert.equal(
    joinGlyphs(gs, ['r', '\u00b4', 'e', 'g'], () => ''),
    'rég',
  )
  const back = [g(101, 0, 5), g(19, 0.2, 4.8), g(116, 5, 8)]
  assert.equal(
    joinGlyphs(back, ['e', '\u00b4', 't'], () => ''),
    'ét',
  )
})
