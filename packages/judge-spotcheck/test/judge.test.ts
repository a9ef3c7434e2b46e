// The judge on synthetic pages with a stub recognizeRegion: which pages it applies to and how it decides.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isTriageError, type BBox, type JudgeContext, type PageText, type TextItem } from '@pdftriage/core'
import spotcheck from '../src/index.js'

const WORDS = 'le maire de la commune vu le code général des collectivités territoriales et notamment ses articles'.split(' ')

/** 60 words on 6 lines, one item a word, in font `f`. */
function items(font: string, words = WORDS): TextItem[] {
  const out: TextItem[] = []
  for (let k = 0; k < 60; k++) {
    const x0 = 60 + (k % 10) * 45
    const y0 = 300 + Math.floor(k / 10) * 14
    out.push({ text: words[k % words.length]!, fontId: font, bbox: { x0, y0, x1: x0 + 40, y1: y0 + 10 } })
  }
  return out
}

function page(invisible: boolean, coverage = 1): PageText {
  return {
    pageNumber: 1,
    width: 595,
    height: 842,
    text: '',
    source: 'text-layer',
    imageCoverage: coverage,
    fonts: { f: { id: 'f', name: invisible ? 'GlyphLessFont' : 'Times-Roman', invisible } },
    items: items('f'),
  }
}

/** A context whose OCR reads `read` (the words the image shows) in the same places. */
function ctx(read: string[] | 'throw', confidence = 0.9, skew?: number): JudgeContext & { calls: BBox[] } {
  const calls: BBox[] = []
  return {
    pageCount: 1,
    info: { pageCount: 1 },
    calls,
    recognizeRegion: async (box) => {
      calls.push(box)
      if (read === 'throw') throw new Error('engine down')
      const its = items('x', read).map(({ fontId: _, ...i }) => ({ ...i, confidence }))
      const text = its.map((i) => i.text).join(' ')
      return { pageNumber: 1, width: 595, height: 842, text, source: 'ocr', items: its, ...(skew === undefined ? {} : { skew }) }
    },
  }
}

const judge = await spotcheck.create(spotcheck.optionsSchema.parse({}), { baseDir: '.' })

test('a layer that reads as the image does is healthy, with its numbers in the notes', async () => {
  const c = ctx(WORDS)
  const v = await judge.judge(page(true), c)
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr, v.score, v.threshold], ['healthy', false, 1, 0.75])
  assert.equal(c.calls.length, 1)
  assert.ok(c.calls[0]!.y1 - c.calls[0]!.y0 <= 842 * 0.34)
  assert.ok(
    v.notes.some((n) => /layer in OCR 1\.00, OCR in layer 1\.00/.test(n)),
    v.notes.join(' | '),
  )
})

test('a layer whose words the image does not confirm is unreadable', async () => {
  const misread = WORDS.map((w, i) => (i % 2 ? w.replace(/[aeiou]/, 'x') : w))
  const v = await judge.judge(page(true), ctx(misread))
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr], ['unreadable', true])
  assert.ok(v.score !== undefined && v.score < 0.75)
  assert.ok(
    v.notes.some((n) => /mismatched: .*maire→mxire/.test(n)),
    v.notes.join(' | '),
  )
})

test('abstains on visible text, on a page without a scan, without recognizeRegion and when the OCR sees nothing', async () => {
  const c = ctx(WORDS)
  assert.equal(await judge.judge(page(false), c), undefined)
  assert.equal(await judge.judge(page(true, 0), c), undefined)
  assert.equal(c.calls.length, 0) // no OCR spent on pages it does not judge
  const { recognizeRegion: _, ...bare } = c
  assert.equal(await judge.judge(page(true), bare), undefined)
  assert.equal(await judge.judge({ ...page(true), items: items('f').slice(0, 10) }, c), undefined) // too few words
  assert.equal(await judge.judge(page(true), ctx(['—', '.', 'a'])), undefined)
})

test('a page with fewer words than the region aims at (a title page) is checked on all of them', async () => {
  const c = ctx(WORDS)
  const v = await judge.judge({ ...page(true), items: items('f').slice(0, 30) }, c)
  assert.ok(v, 'judged')
  assert.equal(c.calls.length, 1)
})

test('a title page whose OCR layer reads Cyrillic as Latin look-alikes is unreadable, though short', async () => {
  // The image shows Russian; the layer holds Latin letters of the same shapes, as a Latin-only OCR wrote them.
  const lookalike = 'BECTHNK MNHNCTEPCTBA HAPOAHOrO OBPA3OBAHNR KOMNCCNR nO AEAAM MOAOAE}KN'.split(' ')
  const russian = 'ВЕСТНИК МИНИСТЕРСТВА НАРОДНОГО ОБРАЗОВАНИЯ КОМИССИЯ ПО ДЕЛАМ МОЛОДЕЖИ'.split(' ')
  const p = { ...page(true), items: items('f', lookalike).slice(0, 20) }
  const v = await judge.judge(p, ctx(russian, 0.92))
  assert.ok(v, 'judged on its 20 words')
  assert.deepEqual([v.layer, v.needsOcr], ['unreadable', true])
})

test("an OCR that unsurely reads another script than the layer's abstains (an engine without Chinese)", async () => {
  const chinese = '本公司 董事会 保证 本报告 内容 真实 准确 完整 不存在 虚假 记载 情况'.split(' ')
  const latinJunk = 'XHT RAE BTS ERM QIN TAH OPR ZUE WEN FAH LIR KOS'.split(' ')
  const c = ctx(latinJunk, 0.37)
  assert.equal(await judge.judge({ ...page(true), items: items('f', chinese) }, c), undefined)
  assert.equal(c.calls.length, 1)
})

test('an OCR failure is a PLUGIN_FAILED error naming the judge and the page', async () => {
  await assert.rejects(
    async () => judge.judge(page(true), ctx('throw')),
    (e: unknown) => {
      assert.ok(isTriageError(e, 'PLUGIN_FAILED'))
      assert.equal(e.plugin, 'spotcheck')
      assert.equal(e.page, 1)
      return true
    },
  )
})

test('a layer over a scan the engine had to straighten goes to OCR even when it agrees; a slight skew does not', async () => {
  const v = await judge.judge(page(true), ctx(WORDS, 0.9, -5.5))
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr, v.score], ['unreadable', true, 1])
  assert.ok(
    v.notes.some((n) => /skewed -5\.5 degrees/.test(n)),
    v.notes.join(' | '),
  )
  const slight = await judge.judge(page(true), ctx(WORDS, 0.9, 1.5))
  assert.deepEqual([slight?.layer, slight?.needsOcr], ['healthy', false])
})
