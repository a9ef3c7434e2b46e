// The judge on synthetic pages with a stub recognizeRegion: which pages it applies to and how it decides.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isTriageError, type BBox, type JudgeContext, type PageText, type ScriptGuess, type TextItem } from '@pdftriage/core'
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

/** `c` with a script detection that answers `guess` and records the boxes it was asked about. */
function withScript<C extends JudgeContext>(c: C, guess: ScriptGuess | undefined): C & { scriptCalls: BBox[] } {
  const scriptCalls: BBox[] = []
  return {
    ...c,
    scriptCalls,
    detectScript: async (box) => {
      scriptCalls.push(box)
      return guess
    },
  }
}

const CYRILLIC: ScriptGuess = { name: 'Cyrillic', scripts: ['Cyrillic'], confidence: 9.5 }
const LOOKALIKE = 'BECTHNK MNHNCTEPCTBA HAPOAHOrO OBPA3OBAHNR KOMNCCNR nO AEAAM MOAOAE}KN'.split(' ')

test('a layer in another script than the image shows is unreadable, though an OCR without that script agrees with it', async () => {
  // Latin look-alikes over a Russian scan, as a Latin-only OCR wrote them; our OCR, Latin-only too, reads the same.
  const p = { ...page(true), items: items('f', LOOKALIKE) }
  // our OCR lacks Cyrillic too: it agrees, unsure (tesseract's Latin models gave 0.44-0.51 on Russian pages)
  const c = withScript(ctx(LOOKALIKE, 0.5), CYRILLIC)
  const v = await judge.judge(p, c)
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr, v.score], ['unreadable', true, 0])
  assert.equal(c.scriptCalls.length, 1)
  assert.ok(
    v.notes.some((n) => /shows Cyrillic writing .*0\.00 of the layer's letters are in it .*another script/.test(n)),
    v.notes.join(' | '),
  )
  // the same without script detection: agreement alone calls it healthy
  assert.equal((await judge.judge(p, ctx(LOOKALIKE, 0.5)))?.layer, 'healthy')
  // an OCR sure of its reading does not take the script model's word for it
  const sure = await judge.judge(p, withScript(ctx(LOOKALIKE, 0.9), CYRILLIC))
  assert.equal(sure?.layer, 'healthy')
  assert.ok(
    sure.notes.some((n) => /the OCR reads the region surely .*not trusted/.test(n)),
    sure.notes.join(' | '),
  )
})

test('the script decides only when the engine is sure of it and the layer is mostly in another', async () => {
  const p = { ...page(true), items: items('f', LOOKALIKE) }
  const unsure = await judge.judge(p, withScript(ctx(LOOKALIKE, 0.5), { ...CYRILLIC, confidence: 0.5 }))
  assert.equal(unsure?.layer, 'healthy')
  assert.ok(
    unsure.notes.some((n) => /script confidence 0\.50 < /.test(n)),
    unsure.notes.join(' | '),
  )
  const latin = await judge.judge(page(true), withScript(ctx(WORDS), { name: 'Latin', scripts: ['Latin'], confidence: 40 }))
  assert.equal(latin?.layer, 'healthy')
  assert.ok(
    latin.notes.some((n) => /shows Latin writing .* 1\.00 of the layer's letters are in it$/.test(n)),
    latin.notes.join(' | '),
  )
  // Japanese is Han, Hiragana and Katakana: a Japanese layer over a Japanese page is in its script
  const japanese = 'この 文書 は 公文書館 に 保存 されて います 東京都 千代田区'.split(' ')
  const jp = await judge.judge(
    { ...page(true), items: items('f', japanese) },
    withScript(ctx(japanese), { name: 'Japanese', scripts: ['Han', 'Hiragana', 'Katakana'], confidence: 3 }),
  )
  assert.equal(jp?.layer, 'healthy')
  const off = await spotcheck.create(spotcheck.optionsSchema.parse({ scriptCheck: false }), { baseDir: '.' })
  const c = withScript(ctx(LOOKALIKE, 0.5), CYRILLIC)
  assert.equal((await off.judge(p, c))?.layer, 'healthy')
  assert.equal(c.scriptCalls.length, 0)
})

test('a title page too short to compare words is still checked for its script', async () => {
  const short = { ...page(true), items: items('f', LOOKALIKE).slice(0, 7) }
  const c = withScript(ctx(LOOKALIKE, 0.5), CYRILLIC)
  const v = await judge.judge(short, c)
  assert.deepEqual([v?.layer, v?.needsOcr], ['unreadable', true])
  // the script model asked about the words' box, then one reading of it to hear whether the OCR is unsure too
  const box = c.scriptCalls[0]!
  for (const i of short.items) assert.ok(i.bbox.x0 >= box.x0 && i.bbox.x1 <= box.x1 && i.bbox.y0 >= box.y0 && i.bbox.y1 <= box.y1)
  assert.deepEqual(c.calls, [box])
  // an OCR sure of what it reads there, or the page's own script: "cannot tell", as before, and no reading spent on the latter
  assert.equal(await judge.judge(short, withScript(ctx(LOOKALIKE, 0.9), CYRILLIC)), undefined)
  const latin = withScript(ctx(LOOKALIKE, 0.5), { name: 'Latin', scripts: ['Latin'], confidence: 30 })
  assert.equal(await judge.judge(short, latin), undefined)
  assert.equal(latin.calls.length, 0)
  // too few letters to say what the layer is written in: not asked
  const tiny = withScript(ctx(LOOKALIKE), CYRILLIC)
  assert.equal(await judge.judge({ ...page(true), items: items('f', LOOKALIKE).slice(0, 2) }, tiny), undefined)
  assert.equal(tiny.scriptCalls.length, 0)
})

test('a Chinese layer the OCR cannot judge is unreadable when the image shows Latin writing, and abstains over Han', async () => {
  const chinese = '本公司 董事会 保证 本报告 内容 真实 准确 完整 不存在 虚假 记载 情况'.split(' ')
  const latinJunk = 'XHT RAE BTS ERM QIN TAH OPR ZUE WEN FAH LIR KOS'.split(' ')
  const p = { ...page(true), items: items('f', chinese) }
  assert.equal(await judge.judge(p, withScript(ctx(latinJunk, 0.37), { name: 'Han', scripts: ['Han'], confidence: 4 })), undefined)
  const v = await judge.judge(p, withScript(ctx(latinJunk, 0.37), { name: 'Latin', scripts: ['Latin'], confidence: 30 }))
  assert.deepEqual([v?.layer, v?.needsOcr], ['unreadable', true])
})

test('a Cyrillic layer that a Latin-only OCR reads as look-alikes, sure of them at 0.65, cannot be judged by it', async () => {
  // A right Ukrainian layer: tesseract's Latin models read such scans at 0.61-0.68 (`Amocrpod` for Апостроф)
  const ukrainian = 'Апостроф ставиться перед буквами після твердих приголосних якщо вимовляється звук'.split(' ')
  const lookalike = 'Amocrpod cTaBuThCA mepe 6yKBaMu micna TBepaux npuronocHux AKLO BUMOBNAETLCA 3ByK'.split(' ')
  const p = { ...page(true), items: items('f', ukrainian) }
  assert.equal(await judge.judge(p, ctx(lookalike, 0.65)), undefined)
  assert.equal(await judge.judge(p, withScript(ctx(lookalike, 0.65), CYRILLIC)), undefined)
  // a Latin reading as sure as the engine's own scripts read (0.8-0.95) is taken at its word
  assert.deepEqual((await judge.judge(p, ctx(lookalike, 0.9)))?.layer, 'unreadable')
})

test('an English title whose layer a Russian model wrote in Cyrillic is unreadable: the OCR reads it surely, in the script the image shows', async () => {
  const cyrillic = 'РасКаєіпе Саїде Ргоіесі Ноте Сопігіьиїог Гаїеві Кеїеазе Мапиаі'.split(' ')
  const english = 'Packaging Guide Project Home Contributor Latest Release Manual'.split(' ')
  const short = { ...page(true), items: items('f', cyrillic).slice(0, 8) }
  const v = await judge.judge(short, withScript(ctx(english, 0.94), { name: 'Latin', scripts: ['Latin'], confidence: 10 }))
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr], ['unreadable', true])
  assert.ok(
    v.notes.some((n) => /the OCR reads the region surely in it/.test(n)),
    v.notes.join(' | '),
  )
  // the same OCR reading look-alikes of the layer's own script says nothing of it
  assert.equal(await judge.judge(short, withScript(ctx(english, 0.94), { ...CYRILLIC, confidence: 10 })), undefined)
})

test("on a Latin layer with words of another script, those words and the OCR's look-alikes over them are left out", async () => {
  // A French notice with Russian names: a Latin-only OCR reads the Cyrillic words as look-alikes (`Mockba`)
  const words = [...WORDS.slice(0, 10), 'Москва', 'Иванов', 'минут']
  const read = [...WORDS.slice(0, 10), 'Mockba', 'UBaHOB', 'munym']
  const p = { ...page(true), items: items('f', words) }
  const v = await judge.judge(p, ctx(read, 0.85))
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr, v.score], ['healthy', false, 1])
  assert.ok(
    v.notes.some((n) => /layer words in another script than the OCR reads left out/.test(n)),
    v.notes.join(' | '),
  )
  // the Latin words still decide: misread there, the layer is unreadable
  const misread = read.map((w, i) => (i < 10 && i % 2 ? w.replace(/[aeiou]/, 'x') : w))
  assert.equal((await judge.judge(p, ctx(misread, 0.85)))?.layer, 'unreadable')
})

test('a title page whose image leans to the script another page of its document showed surely under its layer gets a second word: unreadable', async () => {
  // A Russian document OCRed with Latin models: its title page, 7 words of look-alikes, leans to Cyrillic unsurely;
  // its third page shows Cyrillic surely under look-alikes the OCR reads unsure.
  const info = { pageCount: 3 }
  const asked: string[] = []
  const doc = <C extends JudgeContext>(c: C): C => ({ ...c, info, revisitLater: (j: string) => void asked.push(j) })
  const title = { ...page(true), items: items('f', LOOKALIKE).slice(0, 7) }
  assert.equal(await judge.judge(title, doc(withScript(ctx(LOOKALIKE, 0.9), { ...CYRILLIC, confidence: 2 }))), undefined)
  assert.deepEqual(asked, ['spotcheck'])
  // before the third page is judged, the second word has nothing to add; it is asked once
  const bare = { pageCount: 3, info }
  assert.equal(await judge.revisit!(title, bare), undefined)
  assert.equal(await judge.judge(title, doc(withScript(ctx(LOOKALIKE, 0.9), { ...CYRILLIC, confidence: 2 }))), undefined)
  const third = { ...page(true), pageNumber: 3, items: items('f', LOOKALIKE) }
  assert.equal((await judge.judge(third, doc(withScript(ctx(LOOKALIKE, 0.5), CYRILLIC))))?.layer, 'unreadable')
  const v = await judge.revisit!(title, bare)
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr], ['unreadable', true])
  assert.ok(
    v.notes.some((n) =>
      /leaned to Cyrillic writing here \(script confidence 2\.00.*page 3 of the document showed Cyrillic surely \(script confidence 9\.50\)/.test(n),
    ),
    v.notes.join(' | '),
  )
  // another document's finding, or one in another script, says nothing of this page
  const other = { pageCount: 3, info: { pageCount: 3 } }
  assert.equal(await judge.judge(title, { ...withScript(ctx(LOOKALIKE, 0.9), { ...CYRILLIC, confidence: 2 }), ...other, revisitLater: () => {} }), undefined)
  assert.equal(await judge.revisit!(title, other), undefined)
  const greek = { pageCount: 3, info: { pageCount: 3 } }
  const inGreek = <C extends JudgeContext>(c: C): C => ({ ...c, info: greek.info, revisitLater: () => {} })
  await judge.judge(title, inGreek(withScript(ctx(LOOKALIKE, 0.9), { ...CYRILLIC, confidence: 2 })))
  await judge.judge(third, inGreek(withScript(ctx(LOOKALIKE, 0.5), { name: 'Greek', scripts: ['Greek'], confidence: 9 })))
  assert.equal(await judge.revisit!(title, greek), undefined)
})

test("a page whose image shows its layer's script, or leans nowhere, asks for no second word", async () => {
  const asked: string[] = []
  const c = <C extends JudgeContext>(x: C): C => ({ ...x, revisitLater: (j: string) => void asked.push(j) })
  await judge.judge(page(true), c(withScript(ctx(WORDS), { name: 'Latin', scripts: ['Latin'], confidence: 2 })))
  await judge.judge(page(true), c(withScript(ctx(WORDS), { name: 'Latin', scripts: ['Latin'], confidence: 40 })))
  await judge.judge(page(true), c(ctx(WORDS)))
  assert.deepEqual(asked, [])
  // leaning on a page whose agreement fails: it goes to OCR already, no second word needed
  const misread = WORDS.map((w, i) => (i % 2 ? w.replace(/[aeiou]/, 'x') : w))
  assert.equal((await judge.judge(page(true), c(withScript(ctx(misread), { ...CYRILLIC, confidence: 2 }))))?.needsOcr, true)
  assert.deepEqual(asked, [])
  // the same leaning on a page that agrees asks for one
  await judge.judge(page(true), c(withScript(ctx(WORDS), { ...CYRILLIC, confidence: 2 })))
  assert.deepEqual(asked, ['spotcheck'])
})

const RUSSIAN = 'постановление администрации города о порядке предоставления муниципальных услуг в области'.split(' ')

/**
 * A Russian OCR layer of 60 words whose words 12-14 are the page's Latin read by a Cyrillic model, and a context whose
 * OCR (Latin only) reads the Russian words unsure as look-alikes and, where the image shows Latin, `latin` with
 * confidence `sure`.
 */
function misreadLayer(misread: string[], latin: string[], sure: number): { page: PageText; c: JudgeContext & { calls: BBox[] } } {
  const words = Array.from({ length: 60 }, (_, k) => (k >= 12 && k - 12 < misread.length ? misread[k - 12]! : RUSSIAN[k % RUSSIAN.length]!))
  const calls: BBox[] = []
  const read = items(
    'x',
    Array.from({ length: 60 }, (_, k) => (k >= 12 && k - 12 < latin.length ? latin[k - 12]! : 'nocrahobnehne')),
  )
  return {
    page: { ...page(true), items: items('f', words) },
    c: {
      pageCount: 1,
      info: { pageCount: 1 },
      calls,
      recognizeRegion: async (box) => {
        calls.push(box)
        const its = read.map(({ fontId: _, ...i }, k) => ({ ...i, confidence: k >= 12 && k - 12 < latin.length ? sure : 0.5 }))
        return { pageNumber: 1, width: 595, height: 842, text: its.map((i) => i.text).join(' '), source: 'ocr', items: its }
      },
    },
  }
}

test("a layer that wrote the page's Latin in Cyrillic letters is unreadable where the image reads those words as Latin", async () => {
  const { page: p, c } = misreadLayer(['ОеМап', 'Тгапз1аНоп', 'РеМап'], ['Debian', 'Translation', 'Debian'], 0.9)
  const v = await judge.judge(p, c)
  assert.ok(v)
  assert.deepEqual([v.layer, v.needsOcr, v.score], ['unreadable', true, 1])
  // the band (our OCR lacks Cyrillic: it cannot judge), then the misread words' own line
  assert.equal(c.calls.length, 2)
  assert.ok(c.calls[1]!.y1 - c.calls[1]!.y0 < 20, JSON.stringify(c.calls[1]))
  assert.ok(
    v.notes.some((n) =>
      /3 layer words .* misread Latin .*reads 3 of the 3 there surely as Latin words \(ОеМап→Debian, Тгапз1аНоп→Translation, РеМап→Debian\)/.test(n),
    ),
    v.notes.join(' | '),
  )
  // the image reads those words unsure: it does not say they are Latin
  const unsure = misreadLayer(['ОеМап', 'Тгапз1аНоп', 'РеМап'], ['Debian', 'Translation', 'Debian'], 0.5)
  assert.equal((await judge.judge(unsure.page, unsure.c))?.needsOcr, undefined)
  assert.equal(unsure.c.calls.length, 2)
  // one such word (two Russian words run together) is no cause for a look
  const one = misreadLayer(['ЗаТехнічні'], ['Debian'], 0.9)
  assert.equal(await judge.judge(one.page, one.c), undefined)
  assert.equal(one.c.calls.length, 1)
  // the look is an option
  const off = await spotcheck.create(spotcheck.optionsSchema.parse({ lookAlikeMinWords: 0 }), { baseDir: '.' })
  const again = misreadLayer(['ОеМап', 'Тгапз1аНоп', 'РеМап'], ['Debian', 'Translation', 'Debian'], 0.9)
  assert.equal(await off.judge(again.page, again.c), undefined)
  assert.equal(again.c.calls.length, 1)
})
