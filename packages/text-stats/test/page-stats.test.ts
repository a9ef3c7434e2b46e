import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ENGLISH_FUNCTION_WORDS, FRENCH_FUNCTION_WORDS, pageStats } from '../src/index.js'

test('counts non-space characters, letters, digits, Latin-1 symbols and controls', () => {
  const s = pageStats('Été 12 ¤\u0001 x')
  assert.equal(s.chars, 8)
  assert.equal(s.letters, 4) // É t é x
  assert.equal(s.digits, 2)
  assert.equal(s.latin1, 2) // É (a capital) and ¤
  assert.equal(s.controls, 1)
  assert.equal(s.oddShare, 3 / 8)
})

test('lower-case Latin-1 letters are ordinary; symbol-font private use is not junk, other private use is', () => {
  assert.equal(pageStats('éèàçùœ').latin1, 0)
  assert.equal(pageStats('\uf0b7 item').controls, 0)
  assert.equal(pageStats('\ue001\ufffd').controls, 2)
})

test('leaders are left out of the shares', () => {
  const s = pageStats('Introduction . . . . . . 3')
  assert.equal(s.leaders, 6)
  assert.equal(s.judged, s.chars - 6)
  assert.equal(s.letterShare, 12 / 13)
  // Middle-dot leaders are Latin-1 characters: out of that count too (a dotted table of contents is no Latin-1 soup).
  const dots = pageStats(`\\expandnext ${'\u00b7'.repeat(40)} 6\n\\noexpandcs · · · · · · 11\nCaf\u00c9 \u00b7 menu`)
  assert.equal(dots.leaders, 46)
  assert.equal(dots.latin1, 2, 'É and the lone middle dot')
  assert.ok(dots.latin1Share < 0.35, String(dots.latin1Share))
})

test('function-word shares', () => {
  const s = pageStats('the cat and the dog, le chat et le chien')
  assert.equal(s.words, 10)
  assert.equal(s.englishShare, 0.3)
  assert.equal(s.frenchShare, 0.3)
})

test('empty text gives zero shares', () => {
  const s = pageStats(' \n ')
  assert.deepEqual([s.chars, s.letterShare, s.oddShare, s.words], [0, 0, 0, 0])
})

test('only digits of numbers and identifiers count with the letters', () => {
  const s = pageStats('1 254,00 12/03/2024 15% a159 [x2793] 9:3;<2=')
  assert.equal(s.digits, 26)
  assert.equal(s.numberDigits, 23) // not the 3 in `9:3;<2=`
})

test('words and numbers are counted by code point, capitals lower-cased as the whole text would be', () => {
  // U+0130 lower-cases to i and a combining dot, which ends a word; THE and LE are function words in capitals; the
  // mathematical digits (outside the BMP) are an identifier, the Arabic-Indic ones with % no number (the pattern's
  // digits are ASCII); a no-break space separates tokens.
  const s = pageStats('İx THE LE \u{1D7CF}\u{1D7D0} \u0663\u0664%\u00a012')
  assert.deepEqual([s.words, s.singleLetterWords, s.englishShare, s.frenchShare], [4, 2, 0.25, 0.25])
  assert.deepEqual([s.digits, s.numberDigits], [6, 4])
})

test('words counted by code are the runs of letters a Unicode pattern finds, function words included', () => {
  // The plainer count the faster one must match: the text's letter runs listed, the short ones lower-cased.
  const reference = (text: string) => {
    const lowerFirst = text.includes('\u0130')
    const ws = (lowerFirst ? text.toLowerCase() : text).match(/\p{L}+/gu) ?? []
    const lw = ws.map((w) => (lowerFirst ? w : w.toLowerCase()))
    return {
      words: ws.length,
      singleLetterWords: lw.filter((w) => w.length === 1 && w.charCodeAt(0) < 0x530).length,
      en: lw.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length,
      fr: lw.filter((w) => FRENCH_FUNCTION_WORDS.has(w)).length,
    }
  }
  const texts = [
    'Le chat et la souris, the cat and the mouse: à la maison, A B c.',
    'l’arbre d’été 12ab x2 — ÉTÉ DE LA MER, Où es-tu ? Y a-t-il',
    '𝐀𝐁 cd 𝐂 e\ud800f g\udc00h Ωμέγα и в на 漢字 かな ﬁn',
    'İSTANBUL ile İzmir ve the of', // a dotted capital I: the text lowered first
    'e\u0301te\u0301 cafe\u0301 na\u0308ive',
    '',
  ]
  for (const t of texts) {
    const s = pageStats(t)
    const r = reference(t)
    assert.equal(s.words, r.words, t)
    assert.equal(s.singleLetterWords, r.singleLetterWords, t)
    assert.equal(s.englishShare, r.words ? r.en / r.words : 0, t)
    assert.equal(s.frenchShare, r.words ? r.fr / r.words : 0, t)
  }
})
