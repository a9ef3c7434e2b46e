import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { FRENCH_PROSE, reflectedPdf } from '@pdftriage/fixtures'
import pdfjs from '../src/index.js'
import { restoreFormatMarks } from '../src/format-marks.js'
import type { PdfjsTextItem } from '../src/page-text.js'

const item = (str: string): PdfjsTextItem => ({ str, transform: [1, 0, 0, 1, 0, 0], width: 10, height: 10, fontName: 'f', hasEOL: false })

describe('restoreFormatMarks', () => {
  it('puts a dropped soft hyphen back where the font drew it, before the space pdf.js kept', () => {
    const out = restoreFormatMarks([item('nou quitte'), item('le pré')], 'nou\u00ad quitte le pré\u00ad')
    assert.deepEqual(
      out?.map((i) => i.str),
      ['nou\u00ad quitte', 'le pré\u00ad'],
    )
  })
  it('matches characters pdf.js normalised (ligatures) and spaces it added', () => {
    const out = restoreFormatMarks([item('office  fi\u00a0nal')], '\u00adoﬃce final')
    assert.deepEqual(
      out?.map((i) => i.str),
      ['\u00adoffice  fi\u00a0nal'],
    )
  })
  it('leaves the items alone when there is nothing to restore or the texts do not line up', () => {
    assert.equal(restoreFormatMarks([item('abc')], 'abc'), undefined)
    assert.equal(restoreFormatMarks([item('abc')], 'ab\u00adx'), undefined)
    assert.equal(restoreFormatMarks([item('abc')], 'a\u00adbcd'), undefined)
  })
})

describe('soft hyphens on a real page', () => {
  it('keeps the U+00AD a reflected font stores for every `s`, so a repair can give the `s` back', async () => {
    const ex = await pdfjs.create(pdfjs.optionsSchema.parse({}), { baseDir: '.' })
    const doc = await ex.open(await reflectedPdf(FRENCH_PROSE))
    const p = await doc.getPageText(1)
    await doc.close()
    const sCount = [...FRENCH_PROSE].filter((c) => c === 's').length
    const shy = [...p.text].filter((c) => c === '\u00ad').length
    // Every `s` of the lines on the page comes back (the page holds the whole text).
    assert.equal(shy, sCount)
  })
})
