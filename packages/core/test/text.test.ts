import assert from 'node:assert/strict'
import { test } from 'node:test'
import { accentMark, isLetterOrDigit, joinItems, mayBeLettered, rejoinItems, type PageText, type TextItem } from '@pdftriage/core'

const item = (text: string, hasEol = false): TextItem => ({ text, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 }, ...(hasEol ? { hasEol } : {}) })
const page = (items: TextItem[], text: string): PageText => ({ pageNumber: 1, width: 100, height: 100, items, text, source: 'text-layer' })

test("rejoinItems keeps the page's separators between runs and falls back to joinItems where the runs are not its text", () => {
  // "\" and "documentclass" touch (a font change inside a word), a space item before "{", a blank line, a run's own
  // trailing blank tidied away before its line end
  const p = page([item('Ä'), item('¼±½«³»²¬½´¿­­ '), item('¥', true), item('·²¬®± ', true)], 'Ä¼±½«³»²¬½´¿­­ ¥\n\n·²¬®±')
  const now = [item('\\'), item('documentclass '), item('{', true), item('intro ', true)]
  assert.equal(rejoinItems(p, now), '\\documentclass {\n\nintro')
  assert.equal(joinItems(now), '\\ documentclass {\nintro')
  // not one for one, runs of another length, runs missing from the text, text the runs do not hold: joinItems
  assert.equal(rejoinItems(p, now.slice(1)), joinItems(now.slice(1)))
  assert.equal(rejoinItems(p, [item('\\\\'), ...now.slice(1)]), joinItems([item('\\\\'), ...now.slice(1)]))
  assert.equal(rejoinItems(page(p.items, 'Ä¼±½«³»²¬½´¿­­ ¥'), now), joinItems(now))
  assert.equal(rejoinItems(page(p.items, `${p.text} more`), now), joinItems(now))
  // runs that touch stay touching whatever they now read
  assert.equal(rejoinItems(page([item('a'), item('b')], 'ab'), [item('x'), item('y')]), 'xy')
})

test('accentMark: a spacing accent or a lone combining mark gives its mark; letters and longer texts none', () => {
  assert.equal(accentMark('\u00b4'), '\u0301')
  assert.equal(accentMark('^'), '\u0302')
  assert.equal(accentMark('\u0308'), '\u0308')
  assert.equal(accentMark('e'), undefined)
  assert.equal(accentMark('\u00e9'), undefined)
  assert.equal(accentMark('\u00b4\u00b4'), undefined)
  assert.equal(accentMark(''), undefined)
})

test('letters or digits: with their marks, in any script; signs and two letters are not one', () => {
  for (const t of ['a', 'Z', '7', 'é', 'e\u0301', 'Ж', '٣', '²']) assert.ok(isLetterOrDigit(t), t)
  for (const t of ['=', '+', ',', ' ', '', 'ab', '\u0301', '€']) assert.ok(!isLetterOrDigit(t), JSON.stringify(t))
})

test('a line may be of letters set apart when most steps between its letters put a space and letters make most steps', () => {
  // `k o m u n i k u j e`: 9 steps, all between letters, all spaced
  assert.ok(mayBeLettered(9, 9, 9))
  // prose: about one step between letters in five puts a space
  assert.ok(!mayBeLettered(8, 40, 48))
  // `a = b + c` read as signs: no step goes from a letter to a letter
  assert.ok(!mayBeLettered(0, 0, 4))
  // two spaced steps are too few to say
  assert.ok(!mayBeLettered(2, 2, 2))
  // letters spaced among many signs (`1 , 85 . 3 %`): the spaces say nothing
  assert.ok(!mayBeLettered(3, 3, 8))
})
