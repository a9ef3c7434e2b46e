import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isTriageError } from '@pdftriage/core'
import { calibrate } from '../src/calibrate.js'
import { loadModel, saveModel } from '../src/model-file.js'
import { fitFromTexts, fitModel, scoreText } from '@pdftriage/text-stats'
import { splitPages } from '../src/split-pages.js'
import { ENGLISH, FRENCH } from './sample-text.js'

const invalid =
  (file: string | undefined) =>
  (e: unknown): boolean =>
    isTriageError(e, 'MODEL_INVALID') && (file === undefined || e.message.includes(file))

test('saveModel / loadModel round-trip gives the same scores and threshold', () => {
  const m = fitFromTexts(FRENCH.split('\n'))
  const json = saveModel(m)
  const back = loadModel(json, 'm.json')
  assert.equal(back.threshold, m.threshold)
  assert.equal(back.worstTrainingScore, m.worstTrainingScore)
  assert.equal(scoreText(ENGLISH, back), scoreText(ENGLISH, m))
  assert.deepEqual([...back.words.vocabulary].sort(), [...m.words.vocabulary].sort())
  const raw = JSON.parse(json) as Record<string, unknown>
  assert.equal(raw.format, 'pdftriage-bigram')
  assert.equal(raw.version, 1)
  assert.ok(json.length < 50_000, `${json.length} bytes`)
})

test('a bad or foreign file is MODEL_INVALID naming the file', () => {
  const good = JSON.parse(saveModel(fitModel(['ab ab']))) as Record<string, unknown>
  const cases: [string, string][] = [
    ['not json {', 'not JSON'],
    [JSON.stringify({ format: 'something-else', version: 1 }), 'something-else'],
    [JSON.stringify({ ...good, version: 2 }), 'version'],
    [JSON.stringify({ ...good, counts: [1, 2, 3] }), 'counts'],
    [JSON.stringify({ ...good, threshold: 0 }), 'threshold'],
    [JSON.stringify({ ...good, extra: true }), 'extra'],
    [JSON.stringify([1, 2]), '(root)'],
  ]
  for (const [text, why] of cases) {
    assert.throws(
      () => loadModel(text, '/x/model.json'),
      (e: unknown) => invalid('/x/model.json')(e) && (e as Error).message.includes(why),
      why,
    )
  }
  assert.throws(() => loadModel('{}'), invalid(undefined))
})

test('calibrate widens the margin just enough for held-out pages, and never narrows it', () => {
  const m = fitModel(['ab ab'], { margin: 0.1 })
  // "ba" scores ln(1/47): row b holds 1 count (b,_), so P(a|b) = (0+1)/(1+46).
  const below = m.worstTrainingScore - Math.log(1 / 47)
  const c = calibrate(m, ['ba', '', 'ab ab'])
  assert.equal(c.pages.length, 2) // the empty page cannot be scored
  assert.equal(c.pages[0]!.index, 0)
  assert.ok(Math.abs(c.pages[0]!.belowWorst - below) < 1e-12)
  assert.ok(c.margin > below && c.margin - below < 1e-5)
  assert.ok(scoreText('ba', c.model) >= c.model.threshold)
  const wide = calibrate({ ...m, margin: 5, threshold: m.worstTrainingScore - 5 }, ['ab ab'])
  assert.equal(wide.margin, 5)
  assert.ok(wide.needed < 1e-5)
  assert.throws(
    () => calibrate(m, ['', ' ']),
    (e: unknown) => isTriageError(e, 'MODEL_INVALID'),
  )
})

test('splitPages splits at form feeds and drops only a trailing empty page', () => {
  assert.deepEqual(splitPages('a\fb\f'), ['a', 'b'])
  assert.deepEqual(splitPages('a\f\fc'), ['a', '', 'c'])
  assert.deepEqual(splitPages('only'), ['only'])
})
