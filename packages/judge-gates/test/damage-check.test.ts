// Garbled verdicts that genuine text can earn (too few letters, letters alone on their lines) put to the page image:
// generated pages, a stub OCR that reads what the page shows.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BBox, JudgeContext, PageText, TextItem } from '@pdftriage/core'
import gates, { trigramDice } from '../src/index.js'
import { ENGLISH, garbleAscii, page } from './helpers.js'

const judge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })

/** A context of one document (its own info object) whose OCR reads `shown` in every region asked, one word per item. */
function showing(shown: string, calls: BBox[] = [], info = { pageCount: 3 }): JudgeContext {
  return {
    pageCount: 3,
    info,
    recognizeRegion: async (box) => {
      calls.push(box)
      const items = shown
        .split(/\s+/)
        .filter(Boolean)
        .map((text, i) => ({
          text,
          confidence: 0.9,
          bbox: { x0: 60 + 40 * (i % 10), y0: 100 + 12 * Math.floor(i / 10), x1: 95 + 40 * (i % 10), y1: 110 + 12 * Math.floor(i / 10) },
        }))
      return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
    },
  }
}

/** Test input of a number formatter: each row a formula as typed, then as printed (few letters, many signs). */
const OUTPUT = [
  'input printed expected',
  ...Array.from({ length: 24 }, (_, i) => `$(${i}+${i * 2})*[${i}]=${3 * i * i}$ & $-${i}.${i}e+${i}$ & {${i},${i + 1}} \\\\`),
  'mixed numbers and signs',
].join('\n')

test('a table of few letters is garbled by its characters, and reads when the image shows its words and symbols', async () => {
  const p = page(OUTPUT, { imageCoverage: 0 })
  const calls: BBox[] = []
  // no OCR engine: the characters alone decide, as before
  const blind = await judge.judge(p, { pageCount: 1, info: { pageCount: 1 } })
  assert.deepEqual([blind?.layer, blind?.needsOcr], ['garbled', true])
  assert.match(blind!.notes.at(-1)!, /letters 0\.\d+ < 0\.25/)
  // the image shows the same table (the OCR drops the row ends and misreads a digit)
  const v = await judge.judge(p, showing(OUTPUT.replace('$-2.2e+2$', '$-2.2e+Z$').replace(/\\\\/g, ''), calls))
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false])
  assert.equal(calls.length, 1)
  assert.match(
    v!.notes.at(-1)!,
    /but the image shows the layer's text \(\d+ of \d+ OCR words found in the layer \(1\.00\), character trigrams in common 0\.[5-9]\d\)/,
  )
})

test("junk of a false map stays garbled when the image shows prose, and the document's later pages are not asked", async () => {
  // Each page in a font of its own: the document's memory of fonts has nothing to say, its count of confirmed pages does.
  const junk = (n: number) => page([{ text: garbleAscii(ENGLISH.repeat(2), true), font: `f${n}` }], { imageCoverage: 0, pageNumber: n })
  const calls: BBox[] = []
  const ctx = showing(ENGLISH.repeat(2), calls)
  for (let n = 1; n <= 2; n++) {
    const v = await judge.judge(junk(n), ctx)
    assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
    assert.match(v!.notes.join('\n'), /image confirms: 0 of \d+ OCR words found in the layer \(0\.00\), character trigrams in common 0\.0\d/)
  }
  assert.equal(calls.length, 2)
  const third = await judge.judge(junk(3), ctx)
  assert.equal(third?.layer, 'garbled')
  assert.equal(calls.length, 2, 'two confirmations: the document is not probed again')
  assert.match(third.notes.join('\n'), /image not asked: it confirmed this kind of damage on 2 pages of the document/)
  // another document is asked afresh
  await judge.judge(junk(1), showing(ENGLISH, calls, { pageCount: 3 }))
  assert.equal(calls.length, 3)
})

test('a layer holding the letters of its words one a line stays garbled though the image shows those words', async () => {
  // a vertical font drawn horizontally: every glyph its own line, the letters in order
  const words = 'notice of public hearing the department will hold a public hearing on the proposed regulation'
  const lines = [...words.replace(/ /g, '')].join('\n')
  const v = await judge.judge(page(lines, { imageCoverage: 0 }), showing(words))
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /lines are one or two letters alone/)
  assert.match(v!.notes.join('\n'), /image confirms: 0 of \d+ OCR words found in the layer/)
  // cut marks set as letters beside labels that read: the image shows the labels as the layer holds them
  const labels = Array.from({ length: 12 }, (_, i) => `b\nb\nHello friend\nNumber: ${i + 1}`).join('\n')
  const ok = await judge.judge(page(labels, { imageCoverage: 0 }), showing(labels.replace(/\bb\b/g, '')))
  assert.deepEqual([ok?.layer, ok?.needsOcr], ['healthy', false])
})

test('a broken font among healthy ones is compared with its own text only, in its own region', async () => {
  const body = { text: ENGLISH, font: 'f1', name: 'Times' }
  const broken = { text: garbleAscii(ENGLISH, true), font: 'f2', name: 'Broken' }
  const p: PageText = page([body, broken], { imageCoverage: 0 })
  const calls: BBox[] = []
  // the region asked holds the healthy body's words as well: they are not the broken font's
  const v = await judge.judge(p, showing(ENGLISH, calls))
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.join('\n'), /damage of font Broken \(f2\) put to the image/)
  const f2Items = p.items.filter((i) => i.fontId === 'f2')
  assert.ok(calls[0]!.y0 >= Math.min(...f2Items.map((i) => i.bbox.y0)) - 3, 'the region is the broken font own box')
})

test('names of few vowels (particle symbols) fail the vowel gate and read when the image shows them', async () => {
  const names = Array.from({ length: 30 }, (_, i) => `B${i} Bd${i} Bs${i} Kp${i} Dst${i} Lmbd${i} Ups${i}`).join('\n')
  const p = page(names, { imageCoverage: 0 })
  assert.match((await judge.judge(p, { pageCount: 1, info: { pageCount: 1 } }))!.notes.at(-1)!, /garbled: vowels 0\.06/)
  const v = await judge.judge(p, showing(names))
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false])
})

test('trigram Dice: shared character trigrams of two texts, white space left out', () => {
  assert.equal(trigramDice('abcd', 'ab cd'), 1)
  assert.equal(trigramDice('abcd', 'wxyz'), 0)
  assert.equal(trigramDice('ab', 'ab'), 0)
  assert.ok(Math.abs(trigramDice('abcde', 'abcxx') - 2 / 6) < 1e-9)
})

test('a listing of signs and digits, no word for OCR to compare, reads when the image shows its characters', async () => {
  // As a bar-line chart of a music manual: `":|.S" 4 4 4 4`, few letters, no word of three.
  const bars = ['":|.S"', '":|.S-S"', '"S.|:-S"', '"S.|:"', '"S.|:-|"', '":|.S.|:"']
  const listing = Array.from({ length: 40 }, (_, i) => `${bars[i % bars.length]} ${i % 7}4 | {} | -- ${i}`).join('\n')
  const p = page(listing, { imageCoverage: 0 })
  const v = await judge.judge(p, showing(listing.replace(/"/g, ' ')))
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false], v?.notes.join(' | '))
  assert.match(v!.notes.at(-1)!, /0 of 0 OCR words found in the layer \(0\.00\), character trigrams in common 0\.[3-9]\d/)
  // The same layer over an image of other signs: no words, and no trigrams in common either: garbled.
  const other = listing.replace(/[S:|]/g, (c) => ({ S: '8', ':': '=', '|': '/' })[c]!).replace(/4/g, '7')
  const w = await judge.judge(p, showing(other.replace(/"/g, ' ')))
  assert.deepEqual([w?.layer, w?.needsOcr], ['garbled', true], w?.notes.join(' | '))
})

test('a Cyrillic layer the OCR languages cannot read is uncertain, not garbled by their misreadings; Cyrillic junk over Latin still is', async () => {
  // Russian verse, short, with two control characters: suspect enough to be put to the image.
  const verse = 'Скоро осень за окном листья падают кругом тихо дождь стучит в окно и в душе моей темно \u0001 \u0002'
  const p = page(verse, { imageCoverage: 0 })
  // French and English models read Cyrillic as Latin look-alikes, sure of a few and unsure of most.
  const misread = (sure: string[], unsure: number): JudgeContext => ({
    pageCount: 1,
    info: { pageCount: 1 },
    recognizeRegion: async () => {
      const items = [
        ...sure.map((text, i) => ({ text, confidence: 0.9, bbox: { x0: 60 + 40 * i, y0: 100, x1: 95 + 40 * i, y1: 110 } })),
        ...Array.from({ length: unsure }, (_, i) => ({
          text: 'Hbl',
          confidence: 0.4,
          bbox: { x0: 60 + 30 * (i % 10), y0: 130 + 12 * Math.floor(i / 10), x1: 85 + 30 * (i % 10), y1: 140 + 12 * Math.floor(i / 10) },
        })),
      ]
      return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
    },
  })
  const v = await judge.judge(p, misread(['CKOPO', 'OCEHb', 'TOMHO', 'OKHO'], 20))
  // neither confirmed nor refuted: uncertain, OCRed by default (uncertainOcr)
  assert.deepEqual([v?.layer, v?.needsOcr], ['uncertain', true], v?.notes.join(' | '))
  assert.match(v!.notes.join(' '), /the layer is written in Cyrillic, which the OCR read none of/)
  // Junk mapped into Cyrillic over a page the OCR reads with confidence: the image still speaks.
  const junk = page(
    [...ENGLISH.slice(0, 300)].map((c) => (/\s/.test(c) ? c : String.fromCodePoint(0x430 + (c.charCodeAt(0) % 32)))).join('') + ' \u0001 \u0002',
    {
      imageCoverage: 0,
    },
  )
  const w = await judge.judge(
    junk,
    misread(
      ENGLISH.slice(0, 300)
        .split(/\s+/)
        .filter((t) => t.length >= 3)
        .slice(0, 30),
      2,
    ),
  )
  assert.deepEqual([w?.layer, w?.needsOcr], ['garbled', true], w?.notes.join(' | '))
})

test("a listing font's words are looked for in the page's text, where another font sets the start of its tokens", async () => {
  // `\draw` in a keyword font, its arguments in a font of signs and digits, on one line; prose above.
  const items: TextItem[] = []
  const lines: string[] = []
  ENGLISH.match(/.{1,80}(?:\s|$)/g)!.forEach((t, i) => {
    items.push({ text: t.trim(), bbox: { x0: 50, y0: 50 + 12 * i, x1: 545, y1: 60 + 12 * i }, fontId: 'f1', hasEol: true })
    lines.push(t.trim())
  })
  for (let i = 0; i < 30; i++) {
    const y = 150 + 12 * i
    const args = `(${i},${2 * i})--(${i + 1},${3 * i});`
    items.push({ text: '\\draw', bbox: { x0: 50, y0: y, x1: 80, y1: y + 10 }, fontId: 'f2' })
    items.push({ text: args, bbox: { x0: 80, y0: y, x1: 200, y1: y + 10 }, fontId: 'f3', hasEol: true })
    lines.push(`\\draw${args}`)
  }
  const fonts = { f1: { id: 'f1', name: 'Times' }, f2: { id: 'f2', name: 'LMMono9-Bold' }, f3: { id: 'f3', name: 'LMMono9-Regular' } }
  const p: PageText = { pageNumber: 1, width: 595, height: 842, items, text: lines.join('\n'), fonts, source: 'text-layer', imageCoverage: 0 }
  // The OCR reads each listing line as one token, `\draw` and its arguments together, over both fonts.
  const ctx: JudgeContext = {
    pageCount: 1,
    info: { pageCount: 1 },
    recognizeRegion: async () => {
      const read = items
        .filter((i) => i.fontId === 'f2')
        .map((i, k) => ({ text: lines[lines.length - 30 + k]!, confidence: 0.9, bbox: { ...i.bbox, x1: 200 } }))
      return { pageNumber: 1, width: 595, height: 842, items: read, text: read.map((r) => r.text).join('\n'), source: 'ocr' }
    },
  }
  const v = await judge.judge(p, ctx)
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false], v?.notes.join(' | '))
  assert.match(
    v!.notes.at(-1)!,
    /font LMMono9-Regular \(f3\) carries .* but the image shows the layer's text \((\d+) of \1 OCR words over the font's text found/,
  )
})

test('with the repairs to go first, damage is left unconfirmed with no look, and the document remembers nothing of it', async () => {
  const junk = page([{ text: garbleAscii(ENGLISH.repeat(2), true), font: 'f1', name: 'Broken' }], { imageCoverage: 0 })
  const calls: BBox[] = []
  const ctx = showing(ENGLISH.repeat(2), calls)
  const first = await judge.judge(junk, { ...ctx, repairsFirst: true })
  assert.deepEqual([first?.layer, first?.needsOcr, first?.unconfirmed], ['garbled', true, true])
  assert.equal(calls.length, 0)
  assert.match(first!.notes.join('\n'), /damage not put to the image yet: the repairs try the page first/)
  // judged again with its looks (no repair read it): the font is put to the image as if the first judging had not been
  const again = await judge.judge(junk, ctx)
  assert.deepEqual([again?.layer, again?.needsOcr, again?.unconfirmed], ['garbled', true, undefined])
  assert.equal(calls.length, 1)
  assert.match(again!.notes.join('\n'), /image confirms: 0 of \d+ OCR words found in the layer/)
  // genuine text of few letters is overruled by its look as before
  const table = page(OUTPUT, { imageCoverage: 0 })
  const deferred = await judge.judge(table, { ...showing(OUTPUT), repairsFirst: true })
  assert.equal(deferred?.unconfirmed, true)
  const seen = await judge.judge(table, showing(OUTPUT))
  assert.deepEqual([seen?.layer, seen?.needsOcr], ['healthy', false])
})
