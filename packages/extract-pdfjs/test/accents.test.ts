import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { helveticaPage } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

/** One page in Helvetica (WinAnsi: \264 acute, \140 grave, \210 circumflex) showing `tj`, a TJ array per line. */
function helveticaPdf(lines: string[]): Uint8Array {
  const body = lines.map((tj, i) => `BT /F1 12 Tf 72 ${760 - 20 * i} Td [${tj}] TJ ET`).join('\n')
  return helveticaPage(body)
}

// Helvetica's widths: e and a 556, acute, grave and circumflex 333. TeX centres an accent over its letter: a kern of
// (556 - 333) / 2 = 111.5 before the accent, back by 333 + 111.5 after it, then the letter.
test('spacing accents drawn over a letter, before it (TeX) or after it, are combined with it', async () => {
  await using doc = await open(
    helveticaPdf([
      '(mat) -111.5 (\\264) 444.5 (eriel)',
      '(m) -111.5 (\\210) 444.5 (eme)',
      '(me) 444.5 (\\210) -111.5 (me)',
      '(voil) -111.5 (\\140) 444.5 (a)',
      '-111.5 (\\140) 444.5 (a la ligne)',
    ]),
  )
  const page = await doc.getPageText(1)
  assert.equal(page.text, 'matériel\nmême\nmême\nvoilà\nà la ligne')
  assert.equal(page.text, page.text.normalize('NFC'))
})

test('spacing accents and carets typed between letters stay as they are', async () => {
  await using doc = await open(helveticaPdf(['(don\\264t x^2 a`b)']))
  assert.equal((await doc.getPageText(1)).text, 'don´t x^2 a`b')
})
