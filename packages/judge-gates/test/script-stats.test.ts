// A font whose map was made for another script: the statistics that raise the question, and the look that answers it
// (generated pages; a stub OCR reads what the test says the image shows).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BBox, JudgeContext, PageText, ScriptGuess } from '@pdftriage/core'
import gates from '../src/index.js'
import { scriptMix } from '../src/script-mix.js'
import { scriptSuspicion } from '../src/script-stats.js'
import { ENGLISH, FRENCH, page } from './helpers.js'

/** Russian prose, written for these tests. */
const RUSSIAN = 'Благодарности всем, кто помогал в работе над переводом этого руководства и прислал свои замечания.'
/** `text` encoded in Windows-1251 and read as Latin-1: what a Cyrillic font without a map gives. */
const asLatin1 = (text: string): string => {
  let out = ''
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    // Windows-1251: А..я are 0xC0..0xFF in order (Ё and ё are elsewhere and not used here).
    out += c >= 0x410 && c <= 0x44f ? String.fromCharCode(0xc0 + c - 0x410) : ch
  }
  return out
}

test('the statistics: code-page bytes read as Latin-1, Latin-1 inside another script, marks first, capitals inside', () => {
  const mojibake = scriptSuspicion(asLatin1(RUSSIAN))
  assert.match(mojibake!.note, /words nearly all of Latin-1 letters \(`Áëàãîäàðíîñòè`.*another script's code page read as Latin-1/)
  assert.equal(mojibake!.nonLatin, false)
  // Thai whose tone marks land on Latin-1 letters.
  const thai = scriptSuspicion('ฉบÑบ แปล จÑกร ภาษาไทย สำหรับ')
  assert.match(thai!.note, /2 words mixing Latin-1 letters into another script \(`ฉบÑบ`, `จÑกร`\)/)
  assert.equal(thai!.nonLatin, true)
  // Malayalam in the order its glyphs are drawn: the e-sign before its consonant, at the start of the word.
  const drawn = scriptSuspicion('േസാഫ്റ്റ് െവയർ േപരിൽ പുസ്തകം ഉപയോഗിച്ച് െവച്ചാണ് ')
  assert.match(drawn!.note, /4 of 6 words begin with a vowel sign or mark .*text in the order its glyphs are drawn/)
  // A Bengali font typeset from Latin input: capitals inside words.
  const translit = scriptSuspicion('esidn aAifes mAen epeYiC. ek l^Beb emAr kAy, Aamar kaj ebSi nai.')
  assert.match(translit!.note, /words with a capital inside \(`aAifes`, `mAen`, `epeYiC`/)
  // A Burmese font whose glyphs sit on ASCII codes: words of consonants.
  const burmese = scriptSuspicion(Array.from({ length: 6 }, () => 'trf trfh tdkif tdrf tkrf tdkuf tdyf tkyf').join(' '))
  assert.match(burmese!.note, /its 48 Latin words of three letters or more hold 0\.1\d vowels \(< 0\.2\)/)
  assert.equal(burmese!.wholeFont, true)
  // Genuine text raises none: French prose, English prose naming LaTeX, logical-order Malayalam, Russian, Icelandic.
  for (const text of [
    FRENCH,
    `${ENGLISH} It is typeset with LaTeX and TeX.`,
    // a manual's command font: identifiers beginning with a capital
    'DeclareFontEncoding DeclareTextAccent DeclareTextAccentDefault ProvideTextCommandDefault LastDeclaredEncoding',
    'സോഫ്റ്റ്‌വെയർ ഉപയോഗിച്ച് പേരിൽ വെച്ചാണ് ഗ്രാഫിക്കൽ',
    RUSSIAN,
    'Þjóðfélagið hefur breyst mikið á síðustu árum, og það er ekki auðvelt að segja hvað gerist næst í þessum málum.',
  ]) {
    assert.equal(scriptSuspicion(text), undefined, text)
  }
})

const judge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })

/** Prose in Times above a title in font f2 (its text `title`). */
const titled = (title: string): PageText =>
  page(
    [
      { text: ENGLISH, font: 'f1', name: 'Times' },
      { text: title, font: 'f2', name: 'Cyr' },
    ],
    { imageCoverage: 0 },
  )

/**
 * A document whose OCR reads, over font f2's runs, `f2Words` at confidence `f2Confidence` and the layer elsewhere,
 * and whose script detection (when given) answers `script`.
 */
function eyes(f2Words: string[], f2Confidence: number, script?: ScriptGuess, looks: BBox[] = []): JudgeContext {
  let doc: PageText | undefined
  const ctx: JudgeContext = {
    pageCount: 1,
    info: { pageCount: 1 },
    recognizeRegion: async (box) => {
      looks.push(box)
      const items = doc!.items.flatMap((it) => {
        const cx = (it.bbox.x0 + it.bbox.x1) / 2
        const cy = (it.bbox.y0 + it.bbox.y1) / 2
        if (cx < box.x0 || cx > box.x1 || cy < box.y0 || cy > box.y1) return []
        const own = it.fontId === 'f2'
        const words = own ? f2Words : it.text.split(/\s+/).filter(Boolean)
        const w = (it.bbox.x1 - it.bbox.x0) / Math.max(1, words.length)
        return words.map((text, k) => ({
          text,
          confidence: own ? f2Confidence : 0.9,
          bbox: { ...it.bbox, x0: it.bbox.x0 + k * w, x1: it.bbox.x0 + (k + 1) * w },
        }))
      })
      return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
    },
  }
  if (script) ctx.detectScript = async () => script
  return Object.assign(ctx, { set: (p: PageText) => (doc = p) })
}
const judgeWith = async (p: PageText, ctx: JudgeContext) => {
  ;(ctx as JudgeContext & { set: (p: PageText) => void }).set(p)
  return (await judge.judge(p, ctx))!
}

test('a Cyrillic title read as Latin-1 that passes every gate: the image, reading no word of it, makes it uncertain and OCRs its box', async () => {
  const p = titled(asLatin1(RUSSIAN))
  // Without an image the characters pass: one look is what the question costs.
  const blind = await judge.judge(p, { pageCount: 1, info: { pageCount: 1 } })
  assert.deepEqual([blind?.layer, blind?.regions], ['healthy', undefined])
  const looks: BBox[] = []
  const v = await judgeWith(p, eyes(['Bnarozapuoctu', 'Bcem', 'kTO', 'nomoran'], 0.3, undefined, looks))
  const notes = v.notes.join('\n')
  assert.deepEqual([v.layer, v.needsOcr, v.regions?.length, v.brokenFonts, looks.length], ['healthy', false, 1, ['f2'], 1], notes)
  assert.match(notes, /font Cyr \(f2\), \d+ words nearly all of Latin-1 letters .*put to the image/)
  assert.match(
    notes,
    /font Cyr \(f2\): uncertain: the OCR reads no word of the suspect kind over its runs, only other items \(8 >= 3\).*is OCRed \(uncertainOcr\)/,
  )
  // The OCR's sure Latin look-alikes of the Cyrillic words (a reading without Cyrillic) answer nothing either.
  const sure = await judgeWith(p, eyes(['Bnarozapuoctu', 'Bcem', 'kTO', 'nomoran'], 0.95))
  assert.deepEqual([sure.regions?.length, sure.brokenFonts], [1, ['f2']], sure.notes.join(' | '))
  assert.match(sure.notes.join('\n'), /font Cyr \(f2\): uncertain: the OCR reads no word of the suspect kind over its runs, only other items \(8 >= 3\)/)
  // The choice is an option: kept, and said.
  const keep = await gates.create(gates.optionsSchema.parse({ uncertainOcr: false }), { baseDir: '.' })
  const ctx = eyes(['Bnarozapuoctu', 'Bcem', 'kTO', 'nomoran'], 0.3)
  ;(ctx as JudgeContext & { set: (p: PageText) => void }).set(p)
  const k = (await keep.judge(p, ctx))!
  assert.deepEqual([k.regions, k.brokenFonts], [undefined, undefined])
  assert.match(k.notes.join('\n'), /uncertain: .*kept \(uncertainOcr: false\)/)
})

test('the script the image shows condemns a suspect font the OCR reads nothing over; a script that agrees does not', async () => {
  const translit = 'esidn aAifes mAen epeYiC. ek l^Beb emAr kAy, Aamar kaj ebSi nai. esidn aAifes mAen epeYiC.'
  const bengali: ScriptGuess = { scripts: ['Bengali'], name: 'Bengali', confidence: 6 }
  const v = await judgeWith(titled(translit), eyes([], 0, bengali))
  assert.deepEqual([v.regions?.length, v.brokenFonts], [1, ['f2']], v.notes.join(' | '))
  assert.match(v.notes.join('\n'), /the image shows Bengali writing \(script confidence 6.00 >= 3.00\), 0.00 of the runs' letters are in it/)
  assert.match(v.notes.join('\n'), /font Cyr \(f2\): broken: the image shows another script than its text/)
  // An unsure guess condemns nothing: the image cannot tell.
  const unsure = await judgeWith(titled(translit), eyes([], 0, { ...bengali, confidence: 1 }))
  assert.deepEqual([unsure.regions, unsure.brokenFonts], [undefined, undefined])
  assert.match(unsure.notes.join('\n'), /font Cyr \(f2\): the image cannot tell/)
})

test('a suspect font whose words the image shows, read surely, is confirmed (identifiers in camel case)', async () => {
  const code = 'getElementById setTimeout addEventListener innerHTML querySelector getElementById toString'
  const v = await judgeWith(titled(code), eyes(code.split(' '), 0.95))
  assert.deepEqual([v.layer, v.regions, v.brokenFonts], ['healthy', undefined, undefined])
  assert.match(v.notes.join('\n'), /font Cyr \(f2\), 7 of 7 words with a capital inside .*put to the image/)
  assert.match(v.notes.join('\n'), /font Cyr \(f2\): confirmed: the image shows its text/)
})

test('a Cyrillic word holding Latin look-alikes (Ukrainian і mapped to i) mixes no scripts; other Latin letters still do', () => {
  const ukrainian = 'Вступ до теорiї iнформацiї та кодування, роздiл перший, сторiнка'
  assert.equal(scriptMix(ukrainian).mixedLetters, 0)
  // Glyph ids landing on Latin and Cyrillic letters alike: `f`, `q` and `w` have no Cyrillic twin.
  assert.ok(scriptMix('Вfтqуw пdоg тhеz').mixedLetters > 0)
})
