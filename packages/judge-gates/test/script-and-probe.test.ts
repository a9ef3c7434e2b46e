// Layers whose junk passes the letter gate, short pages, and pictures: generated fixtures, with a stub OCR.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BBox, JudgeContext, PageText } from '@pdftriage/core'
import gates, { pageStats, scriptMix } from '../src/index.js'
import { ENGLISH, FRENCH, page } from './helpers.js'

const judge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })
const noOcr: JudgeContext = { pageCount: 1, info: { pageCount: 1 } }

/**
 * A context of one document (its own info object: the gates keep state per document) whose OCR sees `words`
 * (confidence 0.9 unless given) along one line.
 */
function ocr(words: Array<string | [string, number]>, calls: BBox[] = []): JudgeContext {
  return {
    pageCount: 1,
    info: { pageCount: 1 },
    recognizeRegion: async (box) => {
      calls.push(box)
      const items = words.map((w, i) => {
        const [text, confidence] = typeof w === 'string' ? [w, 0.9] : w
        return { text, confidence, bbox: { x0: 60 + 50 * (i % 9), y0: 100 + 12 * Math.floor(i / 9), x1: 100 + 50 * (i % 9), y1: 110 + 12 * Math.floor(i / 9) } }
      })
      return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
    },
  }
}

/** A text as a font whose codes are shifted down by 29 extracts it. */
const shift29 = (t: string): string => [...t].map((c) => String.fromCodePoint(c.codePointAt(0)! - 29)).join('')

/** ASCII text read as UTF-16 big-endian: each pair of bytes becomes one code unit. */
function asUtf16(ascii: string): string {
  let out = ''
  for (let i = 0; i + 1 < ascii.length; i += 2) out += String.fromCharCode((ascii.charCodeAt(i) << 8) | ascii.charCodeAt(i + 1))
  return out
}

test('a byte-swapped UTF-16 layer reads as ideographs and is garbled, though its letter share is high', async () => {
  const junk = asUtf16('Multicolour printing of the annual report')
  assert.ok(/\p{Script=Han}/u.test(junk))
  const v = await judge.judge(page(`${ENGLISH}\n${junk}`, { imageCoverage: 0 }), noOcr)
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /two ASCII letters read as one UTF-16 unit/)
  // genuine Chinese and Japanese keep far fewer such pairs
  const zh = scriptMix('本公司董事会保证本报告内容真实准确完整不存在虚假记载误导性陈述或者重大遗漏')
  assert.ok(zh.letterPairs / zh.han < 0.3, `${zh.letterPairs} of ${zh.han}`)
  assert.equal((await judge.judge(page('北京市人民政府 2014年工作报告全文', { imageCoverage: 0 }), noOcr))?.layer, 'healthy')
})

test('ideographs outside every common set, in a Latin line, are a broken map', async () => {
  const v = await judge.judge(page('INVOICE No\u02d62020-7-14 Client\u02d6\u3a00\u4c00', { imageCoverage: 0 }), noOcr)
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /2 of 2 ideographs are in no common national set/)
  assert.equal((await judge.judge(page('INVOICE No：2020-7-14 Client：王明', { imageCoverage: 0 }), noOcr))?.layer, 'healthy')
})

test('an Arabic line whose words take letters from three scripts is garbled; genuine Arabic reads', async () => {
  // Glyph ids landing in neighbouring blocks: Arabic, Syriac, Thaana and Hebrew letters inside each word.
  const junk = 'ܐبހא ܒتށב ܓثނג ܕجރד ܗحބה ܘخޅו ܙدކז ܚذއח'
  const v = await judge.judge(page(junk, { imageCoverage: 0 }), noOcr)
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /words mixing scripts/)
  assert.equal((await judge.judge(page('بلغة عربية سليمة كتب المؤلف هذا النص القصير', { imageCoverage: 0 }), noOcr))?.layer, 'healthy')
})

test('a short page with a broken font is garbled when the image shows words the layer lacks', async () => {
  // a font whose codes are shifted by 29 (a non-Unicode map): the space becomes a control
  const shifted = page(shift29('Zpráva o hospodaření obce'), { imageCoverage: 0, hasVectorGraphics: false })
  const v = await judge.judge(shifted, ocr(['Zpráva', 'o', 'hospodaření', 'obce']))
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /0 of 3 OCR words found in the layer/)
  // the same suspicion on a genuine short line: the image shows the layer's words, it reads
  const fine = page('Zpráva o hospodaření obce\x03', { imageCoverage: 0 })
  assert.equal((await judge.judge(fine, ocr(['Zprava', 'o', 'hospodareni', 'obce'])))?.layer, 'healthy')
})

test('one small font of control codes among healthy ones is seen and its region recorded; a large one is garbled', async () => {
  const sidebar = Array.from({ length: 35 }, (_, i) => String.fromCharCode(1 + (i % 20), 3 + (i % 7), 0x21 + (i % 9))).join('\x03')
  const body = { text: `${ENGLISH}\n${ENGLISH}\n${ENGLISH}`, font: 'f1', name: 'Times' }
  const v = await judge.judge(page([body, { text: sidebar, font: 'f2', name: 'Sidebar' }], { imageCoverage: 0 }), noOcr)
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false])
  assert.match(
    v!.notes.join(' | '),
    /font Sidebar \(f2\) is broken \(\d+ control or unassigned characters.*carries 0\.\d\d of the page: its region \[50, \d+, 545, \d+\] is OCRed/,
  )
  // the kept page has the font's box (with a margin) to OCR
  assert.equal(v!.regions?.length, 1)
  assert.equal(v!.regions[0]!.x0, 48)
  // ... and names the font, whose text the OCR there replaces
  assert.deepEqual(v!.brokenFonts, ['f2'])
  const big = Array.from({ length: 6 }, () => sidebar).join('\x03')
  const w = await judge.judge(page([body, { text: big, font: 'f2', name: 'Sidebar' }], { imageCoverage: 0 }), noOcr)
  assert.deepEqual([w?.layer, w?.needsOcr], ['garbled', true])
  assert.match(w!.notes.at(-1)!, /font Sidebar \(f2\) carries 0\.\d\d of the page and fails/)
})

test('a small image holding words beside one line: the layer is kept and the picture alone OCRed', async () => {
  const p = page('The scanned receipt below was attached by the clerk.', { imageCoverage: 0.04 })
  const seen = ['The', 'scanned', 'receipt', 'below', 'was', 'attached', 'by', 'the', 'clerk.', 'Total', 'paid', 'cash,', 'thanks']
  const v = await judge.judge(p, ocr(seen))
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false])
  // the four words of the second OCR line (x 60-250, y 112-122), with a margin of 0.6 of their height
  assert.deepEqual(v?.regions, [{ x0: 54, y0: 106, x1: 256, y1: 128 }])
  assert.match(
    v.notes.at(-1)!,
    /4 words only in the image \(Total paid cash, thanks\), 0\.33 >= 0\.30 of the page's words: the layer is kept and the picture region \[54, 106, 256, 128\] OCRed/,
  )
  // a logo word beside a line is not enough
  const logo = await judge.judge(page('Minutes of the annual meeting', { imageCoverage: 0.03 }), ocr(['Minutes', 'the', 'annual', 'meeting', 'Acme']))
  assert.deepEqual([logo?.layer, logo?.needsOcr, logo?.regions], ['healthy', false, undefined])
  assert.match(logo!.notes.at(-1)!, /1 words only in the image/)
})

/** A context whose OCR sees words at the boxes given. */
function ocrAt(words: Array<[string, BBox]>): JudgeContext {
  return {
    ...noOcr,
    recognizeRegion: async () => {
      const items = words.map(([text, bbox]) => ({ text, bbox, confidence: 0.9 }))
      return { pageNumber: 1, width: 595, height: 842, items, text: words.map((w) => w[0]).join(' '), source: 'ocr' }
    },
  }
}

test("words the OCR misreads on the layer's own line are not a picture region", async () => {
  // The layer's line is at y 50-60 (helpers.page); OCR misreads three of its words beyond one edit.
  const p = page('Quarterly figures of the northern warehouse', { imageCoverage: 0.05 })
  const line = (i: number): BBox => ({ x0: 60 + 60 * i, y0: 51, x1: 110 + 60 * i, y1: 59 })
  const misread: Array<[string, BBox]> = [
    ['Qvarterlv', line(0)],
    ['fiqvres', line(1)],
    ['nonthenn', line(2)],
    ['warehouse', line(3)],
  ]
  const v = await judge.judge(p, ocrAt(misread))
  assert.deepEqual([v?.layer, v?.needsOcr, v?.regions], ['healthy', false, undefined])
  assert.match(v!.notes.at(-1)!, /0 words only in pictures \(3 more over the layer's text\)/)
  // the same words in a picture below the line are the picture's: one region around them
  const below = misread.map(([t, b]): [string, BBox] => [t, { ...b, y0: b.y0 + 200, y1: b.y1 + 200 }])
  const w = await judge.judge(p, ocrAt(below))
  assert.equal(w?.regions?.length, 1)
  assert.ok(w.regions[0]!.y0 > 240 && w.regions[0]!.y1 < 270, JSON.stringify(w?.regions))
})

test('picture words far apart are OCRed as one region, unless a line of the layer lies between them', async () => {
  // helpers.page puts the layer's line at y 50-60, x 50-545
  const p = page('Quarterly figures', { imageCoverage: 0.2 })
  const at = (x: number, y: number): BBox => ({ x0: x, y0: y, x1: x + 40, y1: y + 10 })
  const words = (y: number): Array<[string, BBox]> => [
    ['Revenue', at(60, y)],
    ['Expenses', at(110, y)],
    ['Margin', at(160, y)],
  ]
  // two groups 200 points apart below the line: one call reads both
  const below = await judge.judge(p, ocrAt([...words(100), ...words(300)]))
  assert.equal(below?.regions?.length, 1, JSON.stringify(below?.regions))
  // one group above the line, one below: two regions, each read where it lies
  const around = await judge.judge(p, ocrAt([...words(20), ...words(300)]))
  assert.equal(around?.regions?.length, 2, JSON.stringify(around?.regions))
  assert.ok(around.regions[0]!.y1 <= 50 && around.regions[1]!.y0 >= 60)
})

test('a thin layer drawn invisible beside an image that stops short of the page edges is sparse: an OCR layer', async () => {
  const folio = page('- 3 -', { imageCoverage: 0.7 })
  folio.fonts = { f1: { id: 'f1', invisible: true } }
  const words = Array.from({ length: 40 }, (_, i) => `paragraphe${i}`)
  const v = await judge.judge(folio, ocr(words))
  assert.deepEqual([v?.layer, v?.needsOcr, v?.regions], ['sparse', true, undefined])
  assert.match(v!.notes.at(-1)!, /sparse: the image shows 40 words the layer lacks/)
  // the same page with a visible layer is a born-digital page with a picture: kept, the picture OCRed
  const visible = await judge.judge(page('- 3 -', { imageCoverage: 0.7 }), ocr(words))
  assert.deepEqual([visible?.layer, visible?.needsOcr, visible?.regions?.length], ['healthy', false, 1])
})

test('a thin layer over a scan in a script the OCR cannot read is sparse', async () => {
  const unsure = Array.from({ length: 24 }, (_, i) => [`HE${i}`, 0.3] as [string, number])
  const v = await judge.judge(page('2021 3 31', { imageCoverage: 1 }), ocr([['2021', 0.9], ...unsure]))
  assert.deepEqual([v?.layer, v?.needsOcr], ['sparse', true])
  assert.match(v!.notes.at(-1)!, /OCR cannot read/)
})

test('a letter-spaced layer is checked against the image: kept when its letters spell what the image shows', async () => {
  const letters = 'ANNUALGENERALMEETINGoftheRiverClub'
  const spaced = [...letters].join(' ')
  const seen = ['ANNUAL', 'GENERAL', 'MEETING', 'of', 'the', 'River', 'Club']
  const calls: BBox[] = []
  const v = await judge.judge(page(spaced, { imageCoverage: 0 }), ocr(seen, calls))
  assert.equal(v?.layer, 'healthy')
  assert.equal(calls.length, 1)
  assert.match(v.notes.join(' | '), /single letters .* a letter-spaced layer: the image shows the layer's words/)
  const reversed = [...letters].reverse().join(' ')
  const r = await judge.judge(page(reversed, { imageCoverage: 0 }), ocr(seen))
  assert.deepEqual([r?.layer, r?.needsOcr], ['garbled', true])
})

test('pages that need no look cost no OCR: a long healthy page, a short page of plain text', async () => {
  const calls: BBox[] = []
  const p: PageText = page(`${ENGLISH}\n${ENGLISH}`, { imageCoverage: 0, hasVectorGraphics: true })
  assert.equal((await judge.judge(p, ocr(['x'], calls)))?.layer, 'healthy')
  assert.equal((await judge.judge(page('Chapitre III', { imageCoverage: 0, hasVectorGraphics: false }), ocr(['x'], calls)))?.layer, 'healthy')
  assert.equal(calls.length, 0)
})

test('words broken a glyph a line are garbled, the image showing the words notwithstanding; letters spaced on their lines are not', async () => {
  const letters = 'NOTICEOFPUBLICHEARINGTheSouthCarolinaDepartmentofInsurance'
  const calls: BBox[] = []
  const v = await judge.judge(page([...letters].join('\n'), { imageCoverage: 0 }), ocr(['NOTICE'], calls))
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /lines are one or two letters alone/)
  // the image is asked (cut marks beside labels fail the same count) and its word is not one the layer holds
  assert.equal(calls.length, 1)
  assert.match(v!.notes.join('\n'), /image confirms: 0 of 1 OCR words found in the layer/)
  // The same letters spaced on a few lines are not broken words: the image decides, and shows them.
  const spaced = [letters.slice(0, 20), letters.slice(20, 40), letters.slice(40)].map((l) => [...l].join(' ')).join('\n')
  const kept = await judge.judge(page(spaced, { imageCoverage: 0 }), ocr(['NOTICE', 'OF', 'PUBLIC', 'HEARING']))
  assert.notEqual(kept?.layer, 'garbled')
})

/**
 * `prose` with each letter the next one (`Uif` for `The`), judged with an OCR that sees the prose's first 40 words:
 * asserts the image was asked once and the page called garbled.
 */
async function judgeShiftedUp(prose: string): Promise<{ shifted: string; words: string[]; notes: string }> {
  const shifted = prose.replace(/[a-y]/gi, (c) => String.fromCharCode(c.charCodeAt(0) + 1))
  const words = prose.split(/\s+/).slice(0, 40)
  const calls: BBox[] = []
  const v = await judge.judge(page(shifted, { imageCoverage: 0 }), ocr(words, calls))
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.equal(calls.length, 1)
  return { shifted, words, notes: v!.notes.join(' | ') }
}

test('a long page without function words and short of vowels (a font shifted by one letter) is checked against the image', async () => {
  const prose = `${FRENCH}\n${FRENCH}`
  // "mf" for "le": vowels 0.24 of the letters, function words 0.02 (shifted words that spell one)
  const { words, notes } = await judgeShiftedUp(prose)
  assert.match(notes, /function words 0\.00 and French 0\.02 .*vowels 0\.24 .*a shifted font/)
  // the same page in its own letters needs no look; nor does a language with vowels, whatever its function words
  const plain: BBox[] = []
  assert.equal((await judge.judge(page(prose, { imageCoverage: 0 }), ocr(words, plain)))?.layer, 'healthy')
  const latin = Array.from({ length: 12 }, () => 'Gallia est omnis divisa in partes tres quarum unam incolunt Belgae aliam Aquitani').join('\n')
  assert.equal((await judge.judge(page(latin, { imageCoverage: 0 }), ocr(words, plain)))?.layer, 'healthy')
  assert.equal(plain.length, 0)
})

test('English shifted by one letter keeps its vowels but tops with `f`: it is checked against the image too', async () => {
  const { shifted, words, notes } = await judgeShiftedUp(Array.from({ length: 3 }, () => ENGLISH).join('\n'))
  assert.match(notes, /most frequent letter `f`, the first of no language: a shifted font/)
  // the vowels alone (0.30 of them) would have let it through
  assert.ok(pageStats(shifted).vowelShare >= 0.28)
  // a table of English names and figures without function words tops with a common letter: no look
  const table = Array.from({ length: 40 }, (_, i) => `Station ${i} Northern terminal port ${i * 7} tons Stanton`).join('\n')
  const plain: BBox[] = []
  assert.equal((await judge.judge(page(table, { imageCoverage: 0 }), ocr(words, plain)))?.layer, 'healthy')
  assert.equal(plain.length, 0)
})
