import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PageText, RepairContext, Verdict } from '@pdftriage/core'
import { ENGLISH_PROSE, FRENCH_DECREE, FRENCH_PROSE, NUMERIC_TABLE, seeded } from '@pdftriage/fixtures'
import { fitFromTexts } from '@pdftriage/model-bigram'
import { charStats, statsReads } from '../src/char-stats.js'
import { modelScorer, statsScorer } from '../src/language-scorer.js'
import { reflectOptionsSchema } from '../src/options.js'
import { reflectText, unreflect } from '../src/reflect.js'
import { ReflectRepair } from '../src/reflect-repair.js'
import { glyphOffsets, repairedCodeMaps, withCodeMaps } from '../src/code-map.js'
import { findShift, misplacedShare, shiftExplains, shiftText } from '../src/shift.js'
import { applySubstitution, solveSubstitution } from '../src/substitution.js'

const model = fitFromTexts([FRENCH_PROSE, FRENCH_DECREE, ENGLISH_PROSE])
const LONG_FR = `${FRENCH_PROSE}\n${FRENCH_DECREE}`

/** A one-font page (or one font per block) built directly, as an extractor would give it. */
function page(...blocks: Array<[string, string]>): PageText {
  const items = blocks.flatMap(([font, text]) => text.split('\n').map((t) => ({ text: t, fontId: font, hasEol: true, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 } })))
  return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join('\n'), source: 'text-layer' }
}

/** A context whose judges are the character statistics: reads when function words, letters and vowels say prose. */
function ctx(): RepairContext {
  const judge = async (p: PageText): Promise<Verdict> => {
    const ok = statsReads(charStats(p.text))
    return { judge: 'stats', layer: ok ? 'healthy' : 'garbled', needsOcr: !ok, notes: [] }
  }
  return { pageCount: 1, info: { pageCount: 1 }, verdict: { judge: 'gates', layer: 'garbled', needsOcr: true, notes: [] }, judge }
}

/** Codes renumbered by first appearance to ASCII from '!', the space included (the fixtures' `garbled` layer). */
function garble(s: string): string {
  const m = new Map<string, string>()
  let out = ''
  for (const ch of s) {
    if (ch === '\n') {
      out += ch
      continue
    }
    if (!m.has(ch)) m.set(ch, String.fromCharCode(0x21 + (m.size % 94)))
    out += m.get(ch)
  }
  return out
}

test('reflection comes back exactly, with and without a model', () => {
  for (const t of [FRENCH_PROSE, ENGLISH_PROSE, FRENCH_DECREE]) assert.equal(unreflect(reflectText(t), model), t)
  // without a model, prose without upper-case accents (ARRÊTÉ reads ARRVTÉ: Ê and V are both plausible capitals)
  assert.equal(unreflect(reflectText(FRENCH_PROSE)), FRENCH_PROSE)
  assert.equal(unreflect(reflectText(ENGLISH_PROSE)), ENGLISH_PROSE)
  assert.notEqual(reflectText(FRENCH_PROSE), FRENCH_PROSE)
})

test('a constant shift is found per font and the text comes back exactly', () => {
  for (const scorer of [modelScorer(model), statsScorer()]) {
    const r = findShift(shiftText(ENGLISH_PROSE, -0x1d), scorer)
    assert.equal(r?.shift, 0x1d)
    assert.equal(shiftText(shiftText(ENGLISH_PROSE, -0x1d), 0x1d), ENGLISH_PROSE)
  }
})

test('the repair recovers reflected and shifted pages, font by font', async () => {
  const repair = new ReflectRepair(reflectOptionsSchema.parse({}), model)
  const refl = await repair.repair(page(['f1', reflectText(LONG_FR)]), ctx())
  assert.equal(refl?.page.text, page(['f1', LONG_FR]).text)
  assert.equal(refl?.notes[0], 'method reflect')
  const mixed = page(['ok', FRENCH_PROSE], ['bad', shiftText(ENGLISH_PROSE, -0x1d)])
  const sh = await new ReflectRepair(reflectOptionsSchema.parse({}), undefined).repair(mixed, ctx())
  assert.equal(sh?.page.text, page(['ok', FRENCH_PROSE], ['bad', ENGLISH_PROSE]).text)
  assert.match(sh.notes.join('\n'), /font bad: shift \+0x1D/)
})

test('healthy, numeric, short and junk pages are never repaired', async () => {
  const withModel = new ReflectRepair(reflectOptionsSchema.parse({}), model)
  const without = new ReflectRepair(reflectOptionsSchema.parse({}), undefined)
  const rnd = seeded(3)
  const junk = Array.from({ length: 1500 }, () => (rnd() < 0.15 ? ' ' : String.fromCharCode(0xa1 + Math.floor(rnd() * 95)))).join('')
  for (const r of [withModel, without]) {
    for (const t of [FRENCH_PROSE, ENGLISH_PROSE, FRENCH_DECREE, NUMERIC_TABLE, junk]) assert.equal(await r.repair(page(['f', t]), ctx()), undefined)
    assert.equal(await r.repair(page(['f', reflectText(FRENCH_PROSE.slice(0, 300))]), ctx()), undefined, 'under 400 characters')
  }
  // a garbled page too short for its font to be solved is declined
  assert.equal(await withModel.repair(page(['f', garble(FRENCH_PROSE.slice(0, 450))]), ctx()), undefined)
})

test('substitution: no model, no solve; with a model, letters recovered at a stated accuracy', async () => {
  const stored = garble(LONG_FR)
  const without = new ReflectRepair(reflectOptionsSchema.parse({ reflect: false, shift: false }), undefined)
  assert.equal(await without.repair(page(['f', stored]), ctx()), undefined)
  const sub = solveSubstitution(stored, model, { seed: 1, restarts: 6 })
  assert.ok(sub)
  const out = applySubstitution(stored, sub.map)
  let same = 0
  let letters = 0
  for (let i = 0; i < LONG_FR.length; i++) {
    if (!/\p{L}/u.test(LONG_FR[i]!)) continue
    letters++
    if (out[i]?.toLowerCase() === LONG_FR[i]!.toLowerCase()) same++
  }
  // case-folded letter accuracy on a 2.7k-character French page with the space itself substituted
  assert.ok(same / letters >= 0.95, `letter accuracy ${(same / letters).toFixed(3)}`)
  assert.equal(sub.spaceSymbol, stored[LONG_FR.indexOf(' ')])
})

test('a shift that explains the ASCII letters but not the accented ones is declined (a wrong repair is worse than OCR)', () => {
  // A glyph-id fallback: ASCII stored 0x1F lower, accented letters at codes that follow no shift (as on a real file,
  // where the shifted accents came out as "ątą" for "été").
  const stray: Record<string, string> = { é: '\u0116', è: '\u0115', à: '\u0122', ê: '\u0127', ç: '\u0119', ô: '\u012b', É: '\u0111' }
  const stored = [...FRENCH_PROSE].map((c) => stray[c] ?? (c === ' ' || c === '\n' ? c : String.fromCharCode(c.charCodeAt(0) - 0x1f))).join('')
  const r = findShift(stored, statsScorer())
  assert.ok(r, 'a candidate is found')
  assert.equal(r.shift, 0x1f, 'the ASCII letters are explained by +0x1F')
  assert.ok(r.explained < 0.99, `explained ${r.explained}`)
  assert.equal(r.reads, false, 'but the page is not called recovered')
  // The same page with its accents following the shift is recovered.
  const clean = findShift(shiftText(FRENCH_PROSE, -0x1f), statsScorer())
  assert.equal(clean?.reads, true)
  assert.equal(clean?.explained, 1)
})

test('a shift that sends the accented letters to other Latin-1 characters is declined', () => {
  // A glyph-id fallback of a font ordering Latin-1 right after ASCII: ASCII at code - 0x1D, U+00A0-U+00FF at code - 0x3E.
  // +0x1D reads the ASCII letters and lands every accent in Latin-1 too, on the wrong character: "é" -> "È", "à" -> "¿".
  const stored = [...FRENCH_PROSE]
    .map((c) => {
      const u = c.charCodeAt(0)
      return c === ' ' || c === '\n' ? c : String.fromCharCode(u >= 0xa0 ? u - 0x3e : u - 0x1d)
    })
    .join('')
  const shifted = shiftText(stored, 0x1d)
  assert.match(shifted, /[a-z]È/, 'the fixture holds the misreading')
  const r = findShift(stored, statsScorer())
  assert.equal(r?.shift, 0x1d, 'the ASCII letters are explained by +0x1D')
  assert.ok(r.explained < 0.99, `explained ${r.explained}`)
  assert.equal(r.reads, false, 'the page is not called recovered')
  assert.ok(shiftExplains(stored, 0x1d) < 0.99, 'small fonts are held to the same')
  // Correct French text: nothing misplaced, inclusive writing and soft hyphens included.
  assert.equal(misplacedShare(FRENCH_PROSE), 0)
  assert.equal(misplacedShare('les agent·e·s et les étudiant·e·s, la pré\u00adface, À Paris, ÉTÉ, Ça va'), 0)
})

/** Each character (spaces and line ends kept) sent pseudo-randomly into U+00A1..U+00FF: a font mapped into Latin-1. */
function latin1(s: string, seed: number): string {
  const rnd = seeded(seed)
  const m = new Map<string, string>()
  let out = ''
  for (const ch of s) {
    if (ch === '\n' || ch === ' ') {
      out += ch
      continue
    }
    if (!m.has(ch)) m.set(ch, String.fromCharCode(0xa1 + Math.floor(rnd() * 95)))
    out += m.get(ch)
  }
  return out
}

test('a font mapped into Latin-1 is not "un-reflected" into ASCII junk', async () => {
  // These seeds made the reflection turn the page into `;||Txé RQpfKfm;x m<|x;px`, which passed the character
  // statistics (letters 0.7, one-letter runs such as `a` and `l` counted as function words) before the check of
  // function words of two letters or more.
  const cases: Array<[string, number]> = [
    [FRENCH_PROSE, 1],
    [FRENCH_PROSE, 15],
    [FRENCH_PROSE, 23],
    [ENGLISH_PROSE, 38],
    [FRENCH_DECREE, 3],
    [FRENCH_DECREE, 30],
  ]
  const repair = new ReflectRepair(reflectOptionsSchema.parse({}), undefined)
  for (const [text, seed] of cases) {
    const junk = latin1(`${text}\n${text}`, seed)
    const r = await repair.repair(page(['F1', junk]), ctx())
    assert.equal(r, undefined, `seed ${seed}: ${r?.page.text.slice(0, 60)}`)
  }
  // a true reflection still reads
  assert.ok(await repair.repair(page(['F1', reflectText(`${FRENCH_PROSE}\n${FRENCH_PROSE}`)]), ctx()))
})

/** One item per line, each character a glyph whose code is its own code point and whose text is what `store` makes of it. */
function glyphPage(font: string, text: string, store: (s: string) => string): PageText {
  const items = text.split('\n').map((line) => {
    const glyphs = [...line].map((ch, i) => ({ code: ch.charCodeAt(0), text: store(ch), x0: i * 5, x1: i * 5 + 5, spaceBefore: false }))
    return { text: store(line), fontId: font, hasEol: true, bbox: { x0: 0, y0: 0, x1: line.length * 5, y1: 10 }, glyphs }
  })
  return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join('\n'), source: 'text-layer' }
}

test('a repaired page carries each repaired font code -> text, so a writer can put it back in the file', async () => {
  // shift (context-free) and reflection (context choice)
  for (const [text, store, method] of [
    [ENGLISH_PROSE, (s: string) => shiftText(s, -0x1d), 'shift'],
    [LONG_FR, reflectText, 'reflect'],
  ] as const) {
    const r = await new ReflectRepair(reflectOptionsSchema.parse({}), model).repair(glyphPage('f1', text, store), ctx())
    assert.equal(r?.notes[0], `method ${method}`)
    assert.equal(r.page.text, page(['f1', text]).text)
    const codeMap = (r.page.fonts?.f1 as { codeMap?: Record<string, string> } | undefined)?.codeMap
    assert.ok(codeMap, r.notes.join('\n'))
    const truth = [...new Set(text.replace(/\n/g, ''))].map((ch) => [String(ch.charCodeAt(0)), ch])
    assert.deepEqual(codeMap, Object.fromEntries(truth), method)
    assert.match(r.notes.at(-1)!, /^code maps: font f1 \d+ codes/)
  }
})

test("a code read two ways takes its own character, its majority reading or a tie's free reading, the text following; an unspelled item leaves no map", () => {
  // code 0x37 ('7' stored as 'é' by a reflection): read '7' twice, 'é' once by the context choice
  const stored = glyphPage('f', '17 27 37', reflectText)
  const misread = (page: PageText, at: number, ch: string): PageText => {
    const items = page.items.map((it) => ({ ...it, text: [...it.text].map((c, i) => (i === at ? ch : c)).join('') }))
    return { ...page, items, text: items.map((i) => i.text).join('\n') }
  }
  const repaired = misread({ ...stored, items: stored.items.map((it) => ({ ...it, text: '17 27 37' })), text: '17 27 37' }, 7, 'é')
  const decoders = new Map([['f', { alone: () => undefined }]])
  const maps = repairedCodeMaps(stored, repaired, decoders)
  const f = maps.fonts.get('f')!
  assert.ok('map' in f)
  assert.equal(f.map[String(0x37)], '7')
  assert.equal(f.outvoted, 1)
  assert.equal(withCodeMaps(repaired, maps)?.text, '17 27 37')
  // 1:1 at a code that is one reading's own character (a simple font in a standard encoding): that reading
  const tied = { ...repaired, items: [{ ...repaired.items[0]!, text: '17 3é' }], text: '17 3é' }
  const own = repairedCodeMaps(glyphPage('f', '17 37', reflectText), tied, decoders).fonts.get('f')!
  assert.ok('map' in own)
  assert.equal(own.map[String(0x37)], '7')
  // ... even against the majority; but a composite font's codes are glyph numbers: there the majority decides
  const most = { ...repaired, items: [{ ...repaired.items[0]!, text: '1é 2é 37' }], text: '1é 2é 37' }
  const byCode = repairedCodeMaps(glyphPage('f', '17 27 37', reflectText), most, decoders).fonts.get('f')!
  assert.ok('map' in byCode)
  assert.equal(byCode.map[String(0x37)], '7')
  const cid = { ...glyphPage('f', '17 27 37', reflectText), fonts: { f: { id: 'f', kind: 'Type0' } } }
  const byVotes = repairedCodeMaps(cid, most, decoders).fonts.get('f')!
  assert.ok('map' in byVotes)
  assert.equal(byVotes.map[String(0x37)], 'é')
  // 1:1 at a code that is neither reading (a font of its own encoding) is a tie: the reading met first, the text
  // following, so that the page still gets its maps (without them a searchable PDF reads the broken text too)
  const recode = (p: PageText) => {
    for (const it of p.items) it.glyphs = it.glyphs!.map((g) => ({ ...g, code: g.code + 100 }))
    return p
  }
  const tie = repairedCodeMaps(recode(glyphPage('f', '17 37', reflectText)), tied, decoders)
  assert.deepEqual(tie.fonts.get('f'), { map: { '149': '1', '132': ' ', '151': '3', '155': '7' }, outvoted: 1 })
  assert.equal(withCodeMaps(tied, tie)?.text, '17 37')
  // ... unless another code of the font stands for it: a font draws each character with one code
  const held = { ...repaired, items: [{ ...repaired.items[0]!, text: 'é 1é 37' }], text: 'é 1é 37' }
  const other = repairedCodeMaps(recode(glyphPage('f', 'é 17 37', reflectText)), held, decoders).fonts.get('f')!
  assert.ok('map' in other)
  assert.deepEqual([other.map[String(0xe9 + 100)], other.map[String(0x37 + 100)]], ['é', '7'])
  // an item whose glyphs do not spell its text cannot be read glyph by glyph: its glyphs are read alone, when they can
  const odd = glyphPage('f', 'abc', (s) => s)
  odd.items[0]!.text = 'abxc'
  assert.equal(glyphOffsets(odd.items[0]!.text, odd.items[0]!.glyphs!), undefined)
  const oddOut = { ...odd, items: [{ ...odd.items[0]!, text: 'ABXC' }] }
  assert.deepEqual(repairedCodeMaps(odd, oddOut, decoders).fonts.get('f'), { failure: 'unaligned', codes: 3 })
  const upper = new Map([['f', { alone: (s: string) => s.toUpperCase() }]])
  assert.deepEqual(repairedCodeMaps(odd, oddOut, upper).fonts.get('f'), { map: { '97': 'A', '98': 'B', '99': 'C' }, outvoted: 0 })
  // blanks and combining marks the extractor put between glyphs are no glyph's; an accent moved after its letter is
  // not placed (the glyph texts are NFC-compared: U+2329 is stored as U+3008 in an NFC item)
  const gl = (text: string, code: number) => ({ code, text, x0: 0, x1: 1, spaceBefore: false })
  assert.deepEqual(glyphOffsets('a b\u0301\u3008', [gl('a', 1), gl('b', 2), gl('', 3), gl('\u2329', 4)]), [
    { at: 0, len: 1 },
    { at: 2, len: 1 },
    undefined,
    { at: 4, len: 1 },
  ])
})

/**
 * Each line in two items of two fonts split inside a word (a font change within it: `\` and `documentclass` in two
 * fonts), the page text as the extractor joins them: no space where the two runs touch, one where a space item stood.
 */
function splitPage(text: string, store: (s: string) => string): PageText {
  const items: PageText['items'] = []
  let pageText = ''
  for (const line of text.split('\n')) {
    const cut = Math.max(1, line.indexOf(' ', line.length >> 1) + 3)
    const parts = [line.slice(0, cut), line.slice(cut)].filter((p) => p.trim())
    // an empty line is in the text, as the extractor's blank runs put it, and no item
    if (parts.length === 0) pageText += '\n'
    parts.forEach((part, k) => {
      const glyphs = [...part].map((ch, i) => ({ code: ch.charCodeAt(0), text: store(ch), x0: i * 5, x1: i * 5 + 5, spaceBefore: false }))
      const last = k === parts.length - 1
      items.push({ text: store(part), fontId: `f${k + 1}`, ...(last ? { hasEol: true } : {}), bbox: { x0: 0, y0: 0, x1: part.length * 5, y1: 10 }, glyphs })
      pageText += store(part) + (last ? '\n' : '')
    })
  }
  return { pageNumber: 1, width: 595, height: 842, items, text: pageText.trim(), source: 'text-layer' }
}

test("the repaired text keeps the extractor's separators between runs: no space where two fonts meet inside a word", async () => {
  for (const [text, store, method] of [
    [ENGLISH_PROSE, (s: string) => shiftText(s, -0x1d), 'shift'],
    [LONG_FR, reflectText, 'reflect'],
  ] as const) {
    const broken = splitPage(text, store)
    assert.ok(
      broken.items.some((it) => !it.hasEol && !/\s$/.test(it.text)),
      'a word split between two runs',
    )
    const r = await new ReflectRepair(reflectOptionsSchema.parse({}), model).repair(broken, ctx())
    assert.equal(r?.notes[0], `method ${method}`)
    assert.equal(r.page.text, text.trim(), method)
    assert.match(r.notes.at(-1)!, /^code maps: /, method)
    assert.equal(r.page.items.map((it) => it.text).join(''), text.replace(/\n/g, ''), method)
  }
})
