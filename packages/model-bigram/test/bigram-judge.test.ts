import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import type { JudgeContext, PageText, TextItem } from '@pdftriage/core'
import { bigramJudge, createBigramJudge } from '../src/bigram-judge.js'
import { joinLetterSpaced } from '../src/letter-spacing.js'
import { saveModel } from '../src/model-file.js'
import { fitFromTexts } from '@pdftriage/text-stats'
import { stripNumbers } from '../src/numbers.js'
import { ENGLISH, FRENCH, shuffle } from './sample-text.js'

const ctx: JudgeContext = { pageCount: 1, info: { pageCount: 1 } }
const model = fitFromTexts(FRENCH.split('\n'))

/** A page whose lines are items in the given font. */
function page(parts: [string, string][], fonts?: PageText['fonts']): PageText {
  const items: TextItem[] = []
  for (const [fontId, text] of parts) {
    for (const line of text.split('\n')) items.push({ text: line, fontId, hasEol: true, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } })
  }
  return { pageNumber: 1, width: 612, height: 792, items, text: items.map((i) => i.text).join('\n'), fonts, source: 'text-layer' }
}

test('healthy French reads, with score and threshold in the verdict and the notes', async () => {
  const v = await createBigramJudge(model).judge(page([['f1', FRENCH]]), ctx)
  assert.ok(v)
  assert.equal(v.layer, 'healthy')
  assert.equal(v.needsOcr, false)
  assert.equal(v.threshold, model.threshold)
  assert.match(v.notes[0]!, /^bigram -\d\.\d\d >= threshold -\d\.\d\d$/)
  assert.ok(v.notes.some((n) => /^structure \d\.\d\d >= min/.test(n)))
})

test('junk (the same letters shuffled) is unreadable and needs OCR', async () => {
  const v = await createBigramJudge(model).judge(page([['f1', shuffle(FRENCH)]]), ctx)
  assert.ok(v)
  assert.equal(v.layer, 'unreadable')
  assert.equal(v.needsOcr, true)
  assert.ok(v.score! < v.threshold!)
  assert.match(v.notes.at(-1)!, /no language order/)
})

test('another language with language order is reported, not sent to OCR (unless asked)', async () => {
  const p = page([['f1', ENGLISH]])
  const v = await createBigramJudge(model).judge(p, ctx)
  assert.ok(v)
  if (v.score! < v.threshold!) {
    assert.equal(v.needsOcr, false)
    assert.ok(v.notes.some((n) => n.includes('another language')))
    const strict = await createBigramJudge(model, { foreignLanguage: 'unreadable' }).judge(p, ctx)
    assert.equal(strict?.needsOcr, true)
  } else {
    assert.equal(v.needsOcr, false)
  }
})

test('per font: one broken font beside healthy text flags the page and names the font', async () => {
  const broken = shuffle(FRENCH.slice(0, 700), 7)
  const p = page(
    [
      ['f1', FRENCH],
      ['f2', broken],
    ],
    { f2: { id: 'f2', name: 'BrokenType3' } },
  )
  const v = await createBigramJudge(model).judge(p, ctx)
  assert.ok(v)
  assert.equal(v.needsOcr, true)
  assert.ok(v.notes.some((n) => n.startsWith('font BrokenType3 (f2): share')))
  assert.match(v.notes.at(-1)!, /font BrokenType3 \(f2\) has no language order/)
  // The same broken font below the share that matters is not enough to condemn the page.
  const small = await createBigramJudge(model, { fontShare: 0.6 }).judge(p, ctx)
  assert.equal(small?.needsOcr, false)
})

test('too little language: abstains (undefined)', async () => {
  assert.equal(await createBigramJudge(model).judge(page([['f1', 'Arrêté du maire']]), ctx), undefined)
  // A table of amounts and dates: numbers are set aside, what is left is too little to judge.
  const table = Array.from({ length: 40 }, (_, i) => `${i + 1}  12/0${(i % 9) + 1}/2024  1 234,${10 + i} €  ${(i * 37) % 1000}`).join('\n')
  assert.equal(await createBigramJudge(model).judge(page([['f1', table]]), ctx), undefined)
  // Symbols with hardly a letter: nothing for a letter model to judge (the gates' letter share does).
  const symbols = Array.from({ length: 60 }, (_, i) => `!"#$ %&'() *+,-. /:;<=> ?@[] ${i % 2 ? 'x' : ''}`).join('\n')
  assert.equal(await createBigramJudge(model).judge(page([['f1', symbols]]), ctx), undefined)
})

test('a numeric page with words is judged on its words and says so', async () => {
  const rows = FRENCH.split('\n').map((l, i) => `${l.slice(0, 60)}  ${(i + 1) * 1250},00 €  0${i}/03/2024`)
  const v = await createBigramJudge(model).judge(page([['f1', rows.join('\n')]]), ctx)
  assert.ok(v)
  assert.equal(v.needsOcr, false)
  assert.ok(v.notes.some((n) => /numbers/.test(n)))
})

test('letter-spaced junk is judged joined and caught; letter-spaced language reads', async () => {
  const spaced = (s: string): string => [...s].join(' ')
  const junk = await createBigramJudge(model).judge(page([['f1', spaced(shuffle(FRENCH))]]), ctx)
  assert.equal(junk?.needsOcr, true)
  const prose = await createBigramJudge(model).judge(page([['f1', FRENCH.split(' ').map(spaced).join('   ')]]), ctx)
  assert.equal(prose?.needsOcr, false)
  assert.ok(prose?.notes.some((n) => n.startsWith('letter-spaced')))
})

test('OCR confidence below the minimum flags the page; invisible layers are noted', async () => {
  const p = page([['f1', FRENCH]], { f1: { id: 'f1', name: 'GlyphLessFont' } })
  p.items = p.items.map((i) => ({ ...i, confidence: 0.4 }))
  const v = await createBigramJudge(model).judge(p, ctx)
  assert.equal(v?.needsOcr, true)
  assert.ok(v?.notes.includes('invisible OCR layer'))
  assert.ok(v?.notes.some((n) => /^OCR confidence 0\.40 over \d+ items < 0\.60$/.test(n)))
})

test('plugin: default export shape, model read relative to baseDir, unreadable file is MODEL_INVALID', async (t) => {
  assert.equal(bigramJudge.kind, 'judge')
  assert.equal(bigramJudge.name, 'bigram')
  const dir = await mkdtemp(join(tmpdir(), 'bigram-'))
  t.after(() => rm(dir, { recursive: true, force: true }))
  await writeFile(join(dir, 'm.json'), saveModel(model))
  const judge = await bigramJudge.create(bigramJudge.optionsSchema.parse({ model: './m.json' }), { baseDir: dir })
  assert.equal(judge.name, 'bigram')
  assert.equal((await judge.judge(page([['f1', FRENCH]]), ctx))?.needsOcr, false)
  await assert.rejects(async () => bigramJudge.create(bigramJudge.optionsSchema.parse({ model: 'missing.json' }), { baseDir: dir }), {
    code: 'MODEL_INVALID',
    plugin: 'bigram',
  })
  await writeFile(join(dir, 'bad.json'), '{"format":"other"}')
  await assert.rejects(
    async () => bigramJudge.create(bigramJudge.optionsSchema.parse({ model: 'bad.json' }), { baseDir: dir }),
    (e: Error & { code?: string }) => e.code === 'MODEL_INVALID' && e.message.includes('bad.json'),
  )
  assert.throws(() => bigramJudge.optionsSchema.parse({ model: 'm.json', nope: 1 }))
})

test('stripNumbers: amounts, dates and references go, letters glued to digits stay', () => {
  const r = stripNumbers('Total 1 234,56 € le 12/05/2024 à 10:30, art. 3.2.1; x2701 a1')
  assert.equal(r.numbers, 4)
  assert.ok(r.text.includes('x2701') && r.text.includes('a1'))
  assert.ok(!/\d{2}\/\d{2}/.test(r.text))
})

test('joinLetterSpaced joins only when most tokens are single characters', () => {
  assert.equal(joinLetterSpaced('le chat dort'), undefined)
  assert.equal(joinLetterSpaced('l e  c h a t')?.text, 'le  chat')
})

test('public API', async () => {
  const api = Object.keys(await import('../src/index.js')).sort()
  for (const k of [
    'default',
    'bigramJudge',
    'fitModel',
    'fitFromTexts',
    'scoreText',
    'isReadable',
    'calibrate',
    'loadModel',
    'saveModel',
    'splitPages',
    'textStats',
  ]) {
    assert.ok(api.includes(k), k)
  }
})
