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
