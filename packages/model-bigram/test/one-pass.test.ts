import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PageText, Verdict } from '@pdftriage/core'
import { createBigramJudge } from '../src/bigram-judge.js'
import { joinLetterSpaced } from '../src/letter-spacing.js'
import { fitFromTexts } from '@pdftriage/text-stats'
import { nearMisses } from '../src/near-miss.js'
import { tokenize } from '@pdftriage/text-stats'
import { ENGLISH, FRENCH, shuffle } from './sample-text.js'

// The judge counts letter-spaced tokens and near misses without splitting the text or rebuilding the vocabulary's
// keys for each page. These are the earlier, plainer versions, kept here as the reference the faster ones must match.

function referenceJoinLetterSpaced(text: string): { text: string; single: number; tokens: number } | undefined {
  let tokens = 0
  let single = 0
  for (const t of text.split(/\s+/)) {
    if (t === '') continue
    tokens++
    if (t.length === 1 || (t.length === 2 && /[\ud800-\udbff]/.test(t))) single++
  }
  if (tokens === 0 || single / tokens < 0.5) return undefined
  return { text: text.replace(/(?<=(?:^|\s)\S) (?=\S(?:\s|$))/g, ''), single, tokens }
}

function referenceNearMisses(tokens: readonly string[], vocabulary: ReadonlySet<string>): ReturnType<typeof nearMisses> {
  const keys = (w: string): string[] => [...w.slice(0, -1)].map((_, i) => w.slice(0, i) + '?' + w.slice(i + 1))
  const long = tokens.filter((w) => w.length >= 4)
  const count = new Map<string, number>()
  for (const w of long) count.set(w, (count.get(w) ?? 0) + 1)
  const isRef = (w: string): boolean => vocabulary.has(w) || (count.get(w) ?? 0) >= 2
  const refKeys = new Map<string, string>()
  const addRef = (w: string): void => {
    if (w.length >= 4) for (const k of keys(w)) refKeys.set(k, w)
  }
  for (const w of vocabulary) addRef(w)
  for (const [w, c] of count) if (c >= 2) addRef(w)
  let misses = 0
  const examples: string[] = []
  for (const [w, c] of count) {
    if (isRef(w)) continue
    for (const k of keys(w)) {
      const ref = refKeys.get(k)
      if (ref !== undefined && ref !== w) {
        misses += c
        if (examples.length < 3) examples.push(`${w}~${ref}`)
        break
      }
    }
  }
  return { words: long.length, misses, examples }
}

/** Deterministic text: words of the sample prose, some misread by one letter, some letter-spaced, odd white space. */
function generated(seed: number): string {
  const words = `${FRENCH} ${ENGLISH}`.split(/\s+/)
  const spaces = [' ', ' ', ' ', '\n', '  ', '\t', '\u00a0', '\u2009', '\u3000', '\ufeff']
  let x = seed
  const rnd = (n: number): number => {
    x = (x * 1103515245 + 12345) % 2147483648
    return x % n
  }
  const out: string[] = []
  for (let i = 0; i < 400; i++) {
    let w = words[rnd(words.length)]!
    const r = rnd(10)
    if (r === 0 && w.length > 4) w = w.slice(0, 2) + 'xuoe'[rnd(4)]! + w.slice(3)
    else if (r === 1) w = [...w].join(' ')
    else if (r === 2) w = '\u{1d400}'
    out.push(w, spaces[rnd(spaces.length)]!)
  }
  return out.join('')
}

test('joinLetterSpaced counts as splitting on white space did, on generated and letter-spaced text', () => {
  const texts = [generated(1), generated(2), [...FRENCH].join(' '), shuffle(FRENCH), '', '  ', 'a', 'a b', '\u{1d400} \u{1d401} cd']
  for (const t of texts) assert.deepEqual(joinLetterSpaced(t), referenceJoinLetterSpaced(t))
})

test('nearMisses matches the rebuilt-per-page version, examples included', () => {
  const model = fitFromTexts(FRENCH.split('\n'))
  for (let seed = 1; seed <= 20; seed++) {
    const toks = tokenize(generated(seed), model.logprobs).map((t) => t.lower)
    assert.deepEqual(nearMisses(toks, model.words.vocabulary), referenceNearMisses(toks, model.words.vocabulary))
  }
  // A page's repeated word sharing a key with a training word is the one named, as before.
  const vocab = new Set(['notes'])
  const page = ['nites', 'nites', 'nutes']
  assert.deepEqual(nearMisses(page, vocab), referenceNearMisses(page, vocab))
  assert.deepEqual(nearMisses(page, vocab).examples, ['nutes~nites'])
})

test('the judge gives the same verdict to a page judged twice and after other pages (no state kept between pages)', () => {
  const judge = createBigramJudge(fitFromTexts(FRENCH.split('\n')))
  const page = (text: string): PageText => ({
    pageNumber: 1,
    width: 1,
    height: 1,
    text,
    source: 'text-layer',
    items: text.split('\n').map((line, i) => ({ text: line, fontId: `f${i % 2}`, hasEol: true, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } })),
  })
  const ctx = { pageCount: 1, info: { pageCount: 1 } }
  const texts = [1, 2, 3, 4].map(generated)
  const first = texts.map((t) => judge.judge(page(t), ctx) as Verdict | undefined)
  const again = [...texts].reverse().map((t) => judge.judge(page(t), ctx) as Verdict | undefined)
  assert.deepEqual(again.reverse(), first)
})
