// Verdicts that ask whether the page image shows what the layer says: one confident item both ways, a layer's words
// absent from what OCR read, letters a font's map lacks, pictures looked at closely or turned, uncertain scripts,
// and a look that runs past its budget.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BBox, JudgeContext, PageText } from '@pdftriage/core'
import gates from '../src/index.js'
import { ENGLISH, page } from './helpers.js'

const judgeWith = (options: object = {}) => gates.create(gates.optionsSchema.parse(options), { baseDir: '.' })
const judge = await judgeWith()

interface Look {
  box: BBox
  dpi: number
  turn: number
}

/** A context whose OCR reads `read(look)` (words with confidences) and records each look. */
function eyes(read: (l: Look) => Array<[string, number]>, looks: Look[] = [], info: object = { pageCount: 1 }): JudgeContext {
  return {
    pageCount: 1,
    info: info as JudgeContext['info'],
    recognizeRegion: async (box, dpi, turn = 0) => {
      const l = { box, dpi, turn }
      looks.push(l)
      const words = read(l)
      const items = words.map(([text, confidence], i) => ({
        text,
        confidence,
        bbox: { x0: box.x0 + 40 * (i % 10), y0: box.y0 + 12 * Math.floor(i / 10), x1: box.x0 + 40 * (i % 10) + 35, y1: box.y0 + 12 * Math.floor(i / 10) + 10 },
      }))
      return { pageNumber: 1, width: 595, height: 842, items, text: words.map((w) => w[0]).join(' '), source: 'ocr' }
    },
  }
}

test('a layer of punctuation where the image reads one word with confidence is garbled', async () => {
  const v = await judge.judge(
    page('#$%&', { imageCoverage: 0 }),
    eyes(() => [['Bienvenue', 0.93]]),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /the image reads Bienvenue 0\.93/)
  // the same word read unsure does not decide alone
  const w = await judge.judge(
    page('#$%&', { imageCoverage: 0 }),
    eyes(() => [['Bienvenue', 0.72]]),
  )
  assert.equal(w?.needsOcr, false)
})

test('Latin-1 letters where the image shows a number are garbled; a layer holding the number is not', async () => {
  const v = await judge.judge(
    page('ÃÂÃ©Ã¨ Ã', { imageCoverage: 0 }),
    eyes(() => [['2019', 0.95]]),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  const fine = await judge.judge(
    page('ÃÂÃ©Ã¨ 2019', { imageCoverage: 0 }),
    eyes(() => [['2019', 0.95]]),
  )
  assert.notEqual(fine?.layer, 'garbled')
})

test('two control characters are damage without a look', async () => {
  const looks: Look[] = []
  const v = await judge.judge(
    page('\x01\x02', { imageCoverage: 0 }),
    eyes(() => [], looks),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /2 control or unassigned characters/)
})

test('one non-Latin character repeated is no text; the same count of distinct ideographs is', async () => {
  const v = await judge.judge(
    page('丁丁丁丁丁丁丁丁', { imageCoverage: 0 }),
    eyes(() => []),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /8 letters are one Han character repeated/)
  assert.equal(
    (
      await judge.judge(
        page('北京市人民政府', { imageCoverage: 0 }),
        eyes(() => []),
      )
    )?.layer,
    'healthy',
  )
})

// A shifted-looking Latin layer (no function words, vowels 0.26) that a page in another script carries.
const WORDS = ['lakdm', 'wortsb', 'hiban', 'qrustv', 'manbec', 'xezlkoj']
const LATIN_JUNK = Array.from({ length: 400 }, (_, i) => WORDS[i % 6]).join(' ')

test('a Latin layer whose words OCR reads none of, over text OCR reads unsure, is garbled; read, it stands', async () => {
  const unsure = Array.from({ length: 20 }, (_, i) => [`ﻻﺒ${i}x`, 0.3] as [string, number])
  const v = await judge.judge(
    page(LATIN_JUNK, { imageCoverage: 0 }),
    eyes(() => unsure),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /0 of the \d+ Latin words of the layer there are in what OCR read/)
  // OCR unsure of a genuine layer still reads its words: it stands
  const misread = Array.from({ length: 20 }, (_, i) => [WORDS[i % 6]!, 0.4] as [string, number])
  const w = await judge.judge(
    page(LATIN_JUNK, { imageCoverage: 0 }),
    eyes(() => misread),
  )
  assert.equal(w?.needsOcr, false)
})

test('prose whose layer lacks a common letter the image shows is garbled; a lipogram the image confirms stands', async () => {
  const noC = `${ENGLISH} ${ENGLISH} ${ENGLISH}`.replace(/c/g, ' ')
  const v = await judge.judge(
    page(noC, { imageCoverage: 0 }),
    eyes(() => [
      ['committee', 0.9],
      ['since', 0.9],
      ['could', 0.9],
      ['architect', 0.9],
    ]),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /lack letters the image shows \(`c` 5 times/)
  const w = await judge.judge(
    page(noC, { imageCoverage: 0 }),
    eyes(() => [
      ['the', 0.9],
      ['roof', 0.9],
      ['had', 0.9],
    ]),
  )
  assert.deepEqual([w?.layer, w?.needsOcr], ['healthy', false])
  assert.match(w!.notes.join('|'), /shows none of the letters the layer lacks/)
})

test('the band read for a missing letter holds as many letters as the suspicion needed, not a fixed share of lines', async () => {
  // Short lines (a notice set narrow): a fifth of them holds some 150 letters, too few places for the missing `c`.
  const words = `${ENGLISH} ${ENGLISH}`.replace(/c/g, ' ').split(/\s+/)
  const lines: string[] = []
  for (let i = 0; i < words.length; i += 4) lines.push(words.slice(i, i + 4).join(' '))
  const narrow = page(lines.join('\n'), { imageCoverage: 0 })
  const lettersIn = (box: BBox) =>
    narrow.items.filter((i) => i.bbox.y0 >= box.y0 && i.bbox.y1 <= box.y1).reduce((n, i) => n + (i.text.match(/[a-z]/g)?.length ?? 0), 0)
  const looks: Look[] = []
  // The image shows the missing letter only where enough of the text is read: the words holding it lie beyond the middle lines.
  const v = await judge.judge(
    narrow,
    eyes(
      (l) =>
        lettersIn(l.box) >= 400
          ? [
              ['committee', 0.9],
              ['since', 0.9],
              ['could', 0.9],
            ]
          : [
              ['the', 0.9],
              ['roof', 0.9],
            ],
      looks,
    ),
  )
  assert.equal(looks.length, 1)
  assert.ok(lettersIn(looks[0]!.box) >= 400, `the band holds ${lettersIn(looks[0]!.box)} letters`)
  assert.ok(looks[0]!.box.y1 - looks[0]!.box.y0 < narrow.height, 'a band, not the page')
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
})

test('a short layer short of a letter it never has, in words the image reads whole, is garbled; one misread word is not', async () => {
  const small = { x0: 90, y0: 700, x1: 140, y1: 740 }
  const title = (text: string) => page(text, { imageCoverage: 0.01, images: [{ bbox: small, pixels: { width: 200, height: 160 } }] })
  const read = eyes(() => [
    ['SILex', 0.93],
    ['A', 0.9],
    ['Scheme', 0.92],
    ['Implementation', 0.95],
    ['of', 0.9],
    ['Lex', 0.9],
    ['Documentation', 0.94],
    ['for', 0.92],
  ])
  // The font maps its `c` to a ligature: two words show it.
  const v = await judge.judge(title('SILex\nA S\ufb02heme Implementation of Lex\nDo \ufb02umentation for SILex'), read)
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true], v?.notes.join(' | '))
  assert.match(v!.notes.at(-1)!, /reads Scheme Documentation where the layer has each short of `c`/)
  // The letter dropped: one word is enough.
  const dropped = await judge.judge(title('SILex\nImplementation of Lex\nDo umentation for SILex'), read)
  assert.match(dropped!.notes.at(-1)!, /reads Documentation where the layer has each short of `c`/)
  // Other characters in the letter's place in one word only: OCR's misreading of a short layer could make it, so it
  // does not decide alone (one-letter misreads are matched as the layer's own words before this).
  const once = await judge.judge(title('SILex\nImplementation of Lex\nDo \ufb02umentation for SILex'), read)
  assert.equal(once?.needsOcr, false, once?.notes.join(' | '))
})

const photo = (): PageText =>
  page('', { imageCoverage: 0.5, hasVectorGraphics: false, images: [{ bbox: { x0: 100, y0: 100, x1: 500, y1: 500 }, pixels: { width: 3000, height: 3000 } }] })

test('a picture whose first look finds nothing is looked at closely before it is called blank', async () => {
  const looks: Look[] = []
  // the caption is legible only at the close look's resolution
  const v = await judge.judge(
    photo(),
    eyes(
      (l) =>
        l.dpi >= 300
          ? [
              ['Inauguration', 0.9],
              ['mairie', 0.88],
            ]
          : [],
      looks,
      {},
    ),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['absent', true])
  assert.deepEqual(
    looks.map((l) => [l.dpi, l.turn]),
    [
      [150, 0],
      [300, 0],
    ],
  )
  // text set sideways is read turned
  const side = await judge.judge(
    photo(),
    eyes((l) => (l.turn === 270 ? [['Légende', 0.9]] : []), [], {}),
  )
  assert.deepEqual([side?.layer, side?.needsOcr], ['absent', true])
  assert.match(side!.notes.join('|'), /turned 270°/)
})

test('a photo album stops paying for close looks after three empty pages', async () => {
  const looks: Look[] = []
  const info = {}
  for (let i = 0; i < 5; i++) {
    const v = await judge.judge(
      photo(),
      eyes(() => [], looks, info),
    )
    assert.deepEqual([v?.layer, v?.needsOcr], ['blank', false])
  }
  // pages 1-3: a first look and three close ones; pages 4-5: the first look only
  assert.equal(looks.length, 3 * 4 + 2)
})

test('a layer in a script the OCR reads none of is uncertain, OCRed by default and kept when configured so', async () => {
  const greekish = Array.from({ length: 120 }, (_, i) => ['Αβγδ', 'Εζηθ', 'Ικλμ'][i % 3]).join(' ')
  // a suspect Cyrillic layer: letter-spaced words
  const layer = `${greekish} ${Array.from({ length: 200 }, () => 'Д').join(' ')}`
  const unsure = Array.from({ length: 30 }, (_, i) => [`xq${i}`, 0.3] as [string, number])
  const v = await judge.judge(
    page(layer, { imageCoverage: 0 }),
    eyes(() => unsure),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['uncertain', true])
  assert.match(v!.notes.at(-1)!, /uncertain: .*OCRed \(uncertainOcr\)/)
  const kept = await (
    await judgeWith({ uncertainOcr: false })
  ).judge(
    page(layer, { imageCoverage: 0 }),
    eyes(() => unsure),
  )
  assert.deepEqual([kept?.layer, kept?.needsOcr], ['uncertain', false])
})

test('a look past its budget leaves the verdict to the characters and says so', async () => {
  const slow = await judgeWith({ lookBudgetSeconds: 0.05 })
  const ctx: JudgeContext = { pageCount: 1, info: { pageCount: 1 }, recognizeRegion: () => new Promise(() => undefined) }
  const v = await slow.judge(page('#$%&', { imageCoverage: 0 }), ctx)
  assert.equal(v?.layer, 'healthy')
  assert.match(v.notes.join('|'), /look abandoned: the look ran past its budget of 0\.05 s/)
})
