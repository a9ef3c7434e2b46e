import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isTriageError } from '@pdftriage/core'
import { ALPHABET, OTHER, SPACE, SYMBOL_COUNT, SYMBOL_OF } from '@pdftriage/text-stats'
import { fitFromTexts, fitModel, isReadable, scoreText, textStats } from '@pdftriage/text-stats'
import { FRENCH, shuffle } from './sample-text.js'

const close = (a: number, b: number): void => assert.ok(Math.abs(a - b) < 1e-12, `${a} != ${b}`)

test('alphabet: 45 symbols plus OTHER, upper case folded, white space is space', () => {
  assert.equal(ALPHABET.length, 45)
  assert.equal(SYMBOL_COUNT, 46)
  assert.equal(SYMBOL_OF['A'.charCodeAt(0)], 0)
  assert.equal(SYMBOL_OF['É'.charCodeAt(0)], ALPHABET.indexOf('é'))
  assert.equal(SYMBOL_OF['Œ'.charCodeAt(0)], ALPHABET.indexOf('œ'))
  for (const c of ' \t\n\r\f\u00a0') assert.equal(SYMBOL_OF[c.charCodeAt(0)], SPACE)
  for (const c of '1?ñß€') assert.equal(SYMBOL_OF[c.charCodeAt(0)], OTHER)
})

test('fit on "ab": P(b|a) = (1+1)/(1+46), so "ab" scores ln(2/47) and the threshold is 0.5 below', () => {
  // Pairs of "ab": (a,b) once. Row a holds 1 count; add-one over 46 successors: (1+1)/(1+46).
  const m = fitModel(['ab'])
  close(scoreText('ab', m), Math.log(2 / 47))
  close(m.worstTrainingScore, Math.log(2 / 47))
  close(m.threshold, Math.log(2 / 47) - 0.5)
  // (b,a) never seen and row b is empty: (0+1)/(0+46).
  close(scoreText('ba', m), Math.log(1 / 46))
  assert.equal(m.trainingPages, 1)
})

test('fit on "ab ab": spaces are symbols, the mean runs over the 4 pairs', () => {
  // Symbols a b _ a b -> pairs ab, b_, _a, ab. Counts: ab=2, b_=1, _a=1; rows a=2, b=1, _=1.
  // P(b|a) = 3/48, P(_|b) = 2/47, P(a|_) = 2/47. Score = (2 ln(3/48) + 2 ln(2/47)) / 4.
  const m = fitModel(['ab ab'])
  const expected = (2 * Math.log(3 / 48) + 2 * Math.log(2 / 47)) / 4
  close(scoreText('ab ab', m), expected)
  // Runs of white space (newline, tab) collapse to one space; leading and trailing white space is dropped;
  // upper case folds: all score as "ab ab".
  close(scoreText('  AB\n\t  ab \n', m), expected)
  // Every character outside the alphabet is one OTHER class: "a1" and "a?" are the same pair (a, OTHER) = 1/48.
  close(scoreText('a1', m), Math.log(1 / 48))
  close(scoreText('a?', m), Math.log(1 / 48))
})

test('fewer than 2 symbols scores -Infinity', () => {
  const m = fitModel(['ab'])
  for (const t of ['', ' ', 'a', '\n a \n', '\u{1F600}']) assert.equal(scoreText(t, m), -Infinity, JSON.stringify(t))
  // A character outside the BMP is one OTHER, not two: "a" + emoji is one pair (a, OTHER).
  close(scoreText('a\u{1F600}', m), Math.log(1 / 47))
})

test('fit of nothing throws MODEL_INVALID: a model fitted on nothing would call everything readable', () => {
  for (const pages of [[], [''], [' ', 'a']]) {
    assert.throws(
      () => fitModel(pages),
      (e: unknown) => isTriageError(e, 'MODEL_INVALID'),
    )
  }
})

test('fit skips pages without a pair and keeps the margin option', () => {
  const m = fitModel(['', 'ab', 'a'], { margin: 0.25 })
  assert.equal(m.trainingPages, 1)
  assert.equal(m.worstTrainingPage, 1)
  close(m.threshold, Math.log(2 / 47) - 0.25)
})

test('isReadable: language reads, its letters shuffled do not', () => {
  const pages = FRENCH.split('\n')
  const m = fitFromTexts(pages)
  const good = isReadable(FRENCH, m)
  assert.equal(good.readable, true)
  assert.ok(good.score >= good.threshold)
  const bad = isReadable(shuffle(FRENCH), m)
  assert.equal(bad.readable, false)
  assert.ok(bad.score < bad.threshold)
  assert.equal(bad.threshold, m.threshold)
})

test('structure: order earns about a nat in language and nothing once shuffled', () => {
  const m = fitFromTexts(FRENCH.split('\n'))
  const s = textStats(FRENCH, m.logprobs)
  const j = textStats(shuffle(FRENCH), m.logprobs)
  assert.ok(s.structure > 1, `language ${s.structure}`)
  assert.ok(Math.abs(j.structure) < 0.3, `shuffled ${j.structure}`)
  close(s.score, scoreText(FRENCH, m))
  assert.ok(m.worstTrainingStructure > 0.8)
  assert.ok(s.letterShare > 0.75)
})

test('fitFromTexts normalises to NFC: a decomposed é counts as é', () => {
  const m = fitFromTexts(['ce\u0301 ce\u0301'])
  close(scoreText('cé cé', m), m.worstTrainingScore)
})
