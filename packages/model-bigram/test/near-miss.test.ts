import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { JudgeContext, PageText } from '@pdftriage/core'
import { createBigramJudge } from '../src/bigram-judge.js'
import { fitFromTexts } from '@pdftriage/text-stats'
import { nearMisses } from '../src/near-miss.js'
import { FRENCH } from './sample-text.js'

test('nearMisses: one letter changed inside a known word counts, an inflection or a new word does not', () => {
  const vocab = new Set(['notes', 'document', 'commande'])
  const r = nearMisses(['nutes', 'docunent', 'commandes', 'commande', 'girafe', 'nutes'], vocab)
  // nutes (twice) ~ notes and docunent ~ document; "commandes" adds a final letter; "girafe" is merely unseen.
  // "nutes" seen twice on the page is itself a reference, so it is not counted: a page's own repeated words are trusted.
  assert.equal(r.words, 6)
  assert.equal(r.misses, 1)
  assert.deepEqual(r.examples, ['docunent~document'])
})

/** Misreads one letter inside every third word of 5+ letters, the way a scanner's OCR does ("o" read as "u"...). */
function misread(s: string): string {
  let i = 0
  const swap: Record<string, string> = { o: 'u', e: 'c', n: 'u', a: 'o', i: 'l', t: 'f', r: 'n', s: 'e', l: 'i', u: 'n', m: 'n', c: 'e' }
  return s.replace(/\p{L}{5,}/gu, (w) => {
    if (i++ % 3 !== 0) return w
    const k = 2
    return w.slice(0, k) + (swap[w[k]!] ?? 'x') + w.slice(k + 1)
  })
}

test('judge: a layer with misread letters in known words is a bad OCR layer; the clean text is not', async () => {
  const model = fitFromTexts(FRENCH.split('\n'))
  const ctx: JudgeContext = { pageCount: 1, info: { pageCount: 1 } }
  const mk = (text: string): PageText => ({
    pageNumber: 1,
    width: 1,
    height: 1,
    text,
    source: 'text-layer',
    items: [{ text, fontId: 'f1', bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } }],
  })
  const judge = createBigramJudge(model, { nearMissMinWords: 50 })
  const clean = await judge.judge(mk(FRENCH), ctx)
  assert.equal(clean?.needsOcr, false)
  const bad = await judge.judge(mk(misread(FRENCH)), ctx)
  assert.equal(bad?.needsOcr, true, bad?.notes.join(' | '))
  assert.ok(bad?.notes.some((n) => /^near misses \d+ of \d+ words/.test(n)))
  assert.match(bad.notes.at(-1)!, /a bad OCR layer/)
  // 1 keeps the signal in the notes only.
  assert.equal((await createBigramJudge(model, { nearMissMinWords: 50, nearMissShare: 1 }).judge(mk(misread(FRENCH)), ctx))?.needsOcr, false)
})

test("judge: misread letters condemn only a layer that can be an OCR's (invisible, or over a scan), never a born-digital one", async () => {
  const model = fitFromTexts(FRENCH.split('\n'))
  const ctx: JudgeContext = { pageCount: 1, info: { pageCount: 1 } }
  const judge = createBigramJudge(model, { nearMissMinWords: 50 })
  const text = misread(FRENCH)
  const mk = (invisible: boolean, imageCoverage: number): PageText => ({
    pageNumber: 1,
    width: 1,
    height: 1,
    text,
    source: 'text-layer',
    imageCoverage,
    fonts: { f1: { id: 'f1', name: invisible ? 'GlyphLessFont' : 'Helvetica', invisible } },
    items: [{ text, fontId: 'f1', bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } }],
  })
  const born = await judge.judge(mk(false, 0), ctx)
  assert.equal(born?.needsOcr, false)
  assert.ok(born?.notes.some((n) => /not judged: a born-digital layer/.test(n)))
  assert.equal((await judge.judge(mk(true, 1), ctx))?.needsOcr, true)
  assert.equal((await judge.judge(mk(false, 1), ctx))?.needsOcr, true, 'a visible layer over a scan can be OCR too')
})
