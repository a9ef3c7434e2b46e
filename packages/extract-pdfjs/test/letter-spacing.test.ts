import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { helveticaPage } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

function helveticaPdf(lines: string[]): Uint8Array {
  const body = lines.map((ops, i) => `BT /F1 12 Tf 72 ${760 - 20 * i} Td ${ops} ET`).join('\n')
  return helveticaPage(body)
}

test('letters set apart by character spacing read as words; word gaps, leader dots and kerned gaps stay', async () => {
  await using doc = await open(
    helveticaPdf([
      // Tracking of 0.25 em (3 pt at 12 pt): the words keep their space glyph, or a wider TJ gap.
      '3 Tc (Lorem ipsum) Tj 0 Tc',
      '3 Tc [(LOREM) -400 (IPSUM)] TJ 0 Tc',
      // Leader dots 0.33 em apart with character spacing, as TeX sets them.
      '(Chapitre) Tj 4 Tc (....) Tj 0 Tc ( 12) Tj',
      // No tracking: a gap of 0.15 em between two runs is a space.
      '[(ab) -150 (cd)] TJ',
      // A wide character spacing (1/3 em) taken back by TJ kerns after every letter but the first: the word space.
      '4 Tc [(A) (s) 333 (e) 333 (c) 333 (t) 333 (i) 333 (o) 333 (n)] TJ 0 Tc',
    ]),
  )
  assert.equal((await doc.getPageText(1)).text, 'Lorem ipsum\nLOREM IPSUM\nChapitre. . . . 12\nab cd\nA section')
})

test('a space drawn under a flattening text matrix separates nothing; letters drawn so are kept', async () => {
  // As a form generator wrote a button's label: `BUTTO`, a space under `0 0 0 1 0 0 Tm`, then `N` where `BUTTO` ends
  // (Helvetica: B 667, U 722, T 611, O 778 thousandths of the 12 pt size: 40.647 + 40.668 = 81.315).
  const body = [
    'BT /F1 12 Tf 1 0 0 1 0 0 Tm 40.647 661.094 TD (BUTTO) Tj',
    '0 0 0 1 0 0 Tm 81.315 661.094 TD ( ) Tj',
    '1 0 0 1 0 0 Tm 81.315 661.094 TD (N) Tj',
    '1 0 0 1 0 0 Tm 40 600 TD (Shown) Tj 0 0 0 1 0 0 Tm 100 600 TD (Flat) Tj ET',
  ].join('\n')
  await using doc = await open(helveticaPage(body))
  assert.equal((await doc.getPageText(1)).text, 'BUTTON\nShown Flat')
})

/** Helvetica's widths (thousandths of an em) of the letters the next test places one by one. */
const HELVETICA: Record<string, number> = { A: 667, B: 667, a: 556, b: 556, c: 500, d: 556, e: 556, g: 556, H: 722, I: 278, i: 222, j: 222, k: 500 }
Object.assign(HELVETICA, { m: 833, n: 556, o: 556, r: 333, s: 500, t: 278, u: 556, w: 722, ',': 278, 3: 556, 5: 556, 8: 556 })

/**
 * A line of 12 pt Helvetica whose letters are each shown by itself and moved to by `Td`, as a justifying layout writes
 * them: `letterGap` em between the letters of a word, `wordGap` em between words, no space glyph.
 */
function placed(words: string[], letterGap: number, wordGap: number): string {
  const ops: string[] = []
  words.forEach((word, w) => {
    ;[...word].forEach((ch, i) => {
      ops.push(`(${ch}) Tj`)
      const last = i === word.length - 1
      if (last && w === words.length - 1) return
      ops.push(`${((HELVETICA[ch]! / 1000 + (last ? wordGap : letterGap)) * 12).toFixed(3)} 0 Td`)
    })
  })
  return ops.join(' ')
}

test('letters placed apart one by one to justify a line make words again; single letters a word space apart stay', async () => {
  await using doc = await open(
    helveticaPdf([
      // Two sizes of gap: letters 0.15 em apart, words 1.4 em; a comma goes with the letters beside it.
      placed(['Here', 'we', 'go,', '38,5'], 0.15, 1.4),
      // One size, under poppler's 0.4 em: one word.
      placed(['komunikuje'], 0.3, 0),
      // Single letters a word space apart (0.6 em, one size): words of one letter, as poppler reads them.
      placed(['a', 'b', 'c', 'd'], 0, 0.6),
      // Under 0.4 em, where poppler joins them: small letters and capitals, a list of letters.
      placed(['a', 'A', 'b', 'B'], 0, 0.3),
      // A sentence with a word of one letter: its spaces are words' spaces.
      placed(['I', 'am', 'a', 'cat'], 0, 0.3),
    ]),
  )
  const page = await doc.getPageText(1)
  assert.equal(page.text, 'Here we go, 38,5\nkomunikuje\na b c d\na A b B\nI am a cat')
  // The letters joined lose the space their glyph records had; a word's first letter keeps it.
  const here = page.items.find((it) => it.text.startsWith('Here'))!
  assert.deepEqual(
    here.glyphs!.slice(0, 8).map((g) => g.spaceBefore),
    [false, false, false, false, true, false, true, false],
  )
})
