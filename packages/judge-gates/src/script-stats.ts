// Statistics that fit a font's text in any script: what a map written for another script leaves in a layer (code-page
// bytes read as Latin-1, Latin-1 letters inside another script's words, marks before their letter, capitals inside words).

/** Latin-1 letters (U+00C0..U+00FF but × and ÷): where a Cyrillic, Greek or Thai code page's letters land read as Latin-1. */
const LATIN1_LETTER = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]/u
const LATIN1_LETTERS = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]/gu

/**
 * Share of a word's letters in Latin-1 from which the word is a code page read as Latin-1 (`Áëàãîäàðíîñòè` for
 * Благодарности, every letter): French writes at most two in three (`été`), Icelandic and Hungarian about one in two.
 */
const MOJIBAKE_WORD_SHARE = 0.75
/** Letters from which a word is weighed for {@link MOJIBAKE_WORD_SHARE}: shorter words (`à`, `où`, `çà`) are common French. */
const MOJIBAKE_WORD_LETTERS = 3

/** Words of a suspicion from which it is raised: one is a name or a typo; a font's false map repeats on every line. */
const MIN_WORDS = 3

/**
 * Scripts whose vowel signs and other marks follow the letter they sit on in Unicode's order, so that no word begins
 * with one: a layer in the order the glyphs are drawn (an Indic font without its shaping tables, `േസാ` for `സോ`)
 * puts the pre-base vowel signs first.
 */
const MARK_AFTER_LETTER =
  /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}\p{Script=Lao}\p{Script=Tibetan}\p{Script=Myanmar}\p{Script=Khmer}]/u

/**
 * Share of a script's words beginning with one of its marks from which its text is in drawing order: extraction that
 * splits a cluster at a space does it once or twice a page, a layer in drawing order on every word with a pre-base sign
 * (in Malayalam prose, about one word in five).
 */
const LEADING_MARK_SHARE = 0.05

/**
 * Share of a font's words of three letters or more beginning with a small letter and holding a capital after a small
 * letter (`emAr`, `epeYiC`) from which the image is asked: the transliteration fonts of the labelled real set (Bengali,
 * Mongolian typeset from Latin input) measured 0.63-0.95, while prose has such words in a few names (`iPhone`,
 * `pdfTeX`) and code in camel-case identifiers (`getElementById`), which the image then confirms once for the
 * document. Words beginning with a capital (`DeclareFontEncoding`, `LaTeX`: a manual's command font measured up to
 * 1.00) are not counted.
 */
const INNER_CAPITAL_SHARE = 0.4

/**
 * Share of a text's Latin letters in Latin-1 from which a font without English or French function words is asked:
 * French prose carries 0.02-0.05 of them, Icelandic, the language richest in them, about 0.15; a Mongolian or Cyrillic
 * font read as Latin-1 0.25 and more.
 */
const LATIN1_HEAVY_SHARE = 0.2
/** Latin letters from which {@link LATIN1_HEAVY_SHARE} is weighed. */
const LATIN1_HEAVY_LETTERS = 100

/** Why a font's text looks written by another script's map, and which of its words raise it. */
export interface ScriptSuspicion {
  note: string
  /** Whether a word (a run of letters and marks) is one of those that raise the suspicion: the runs to look at. */
  suspect: (word: string) => boolean
  /**
   * The suspect words are of a script other than Latin: words an OCR without that script reads confidently (the Latin
   * names the font also sets) say nothing of them.
   */
  nonLatin: boolean
  /**
   * The suspicion is of the font's text as a whole (its vowels), not of a few words: where its suspect words are too
   * few to read, its other runs are looked at. Not so where a few words are the evidence (a Thai title's Latin-1
   * words beside the Latin names the same font sets, which the image would confirm).
   */
  wholeFont?: true
}

const isMojibake = (w: string, letters: number): boolean =>
  !/[^\u0000-\u024f]/u.test(w) && letters >= MOJIBAKE_WORD_LETTERS && (w.match(LATIN1_LETTERS)?.length ?? 0) >= MOJIBAKE_WORD_SHARE * letters && !isChart(w)

/**
 * A run of characters in code-point order (`ÀÁÂÃÄÅ`, `ØÙÚÛÜ`): a character chart of a font specimen, not a word. Half
 * its neighbours one code point apart or more; in words read from a code page neighbours are letters of a language.
 */
function isChart(w: string): boolean {
  const cps = [...w].map((c) => c.codePointAt(0)!)
  let steps = 0
  for (let k = 1; k < cps.length; k++) if (cps[k] === cps[k - 1]! + 1) steps++
  return steps >= 0.5 * (cps.length - 1)
}
const isMixed = (w: string): boolean =>
  /[^\u0000-\u024f]/u.test(w) && LATIN1_LETTER.test(w) && /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(w)
const hasInnerCapital = (w: string, letters: number): boolean =>
  letters >= 3 && /^[a-z\u00df-\u00f6\u00f8-\u00ff]/u.test(w) && /[a-z\u00df-\u00f6\u00f8-\u00ff][A-Z\u00c0-\u00d6\u00d8-\u00de]/u.test(w)
const letterCount = (w: string): number => w.match(/\p{L}/gu)?.length ?? 0

/**
 * Vowel share of a font's Latin words of three letters or more under which the image is asked (with
 * {@link FEW_VOWELS_WORDS} such words): the Burmese font of the labelled real set, its glyphs on ASCII codes
 * (`trf tdkif tdrfh`), measured 0.16; genuine pages of 300 Latin letters or more 0.30 and up (`functionlessVowels`), a
 * font's share of a page being noisier. Code identifiers (`strcpy`, `fprintf`) come near it, and the image confirms them.
 */
const FEW_VOWELS = 0.2
/**
 * Words of three Latin letters or more a font needs for {@link FEW_VOWELS} to be weighed: the Burmese font had 39 on
 * its page; a LaTeX manual's placeholders (`cmd`, `nargs`, 27 on a page, 0.10 vowels) would cost its only look, and
 * the OCR's load with it.
 */
const FEW_VOWELS_WORDS = 30
const ASCII_VOWELS = /[aeiouyAEIOUY]/g
const vowelShare = (w: string): number => (w.match(ASCII_VOWELS)?.length ?? 0) / Math.max(1, w.length)

/**
 * Why a font's text (the runs it sets on a page) looks written by a map made for another script, so that the image
 * should say what the font shows; `undefined` when nothing does. Each reason is one a genuine text meets rarely, and
 * the image decides: a suspicion costs one look for the document, never a verdict by itself.
 */
export function scriptSuspicion(text: string): ScriptSuspicion | undefined {
  const words = text.match(/[\p{L}\p{M}]+/gu)
  if (!words || words.length < MIN_WORDS) return undefined
  let mojibake = 0
  let mixed = 0
  let inner = 0
  let long = 0
  const examples: Record<'mojibake' | 'mixed' | 'inner', string[]> = { mojibake: [], mixed: [], inner: [] }
  const add = (k: keyof typeof examples, w: string) => {
    if (examples[k].length < 3) examples[k].push(w)
  }
  for (const w of words) {
    const letters = letterCount(w)
    if (letters >= 3) long++
    if (hasInnerCapital(w, letters)) {
      inner++
      add('inner', w)
    }
    if (isMojibake(w, letters)) {
      mojibake++
      add('mojibake', w)
    } else if (isMixed(w)) {
      mixed++
      add('mixed', w)
    }
  }
  const quote = (k: keyof typeof examples) => examples[k].map((w) => `\`${w}\``).join(', ')
  if (mojibake >= MIN_WORDS)
    return {
      note: `${mojibake} words nearly all of Latin-1 letters (${quote('mojibake')}): another script's code page read as Latin-1`,
      suspect: (w) => isMojibake(w, letterCount(w)),
      nonLatin: false,
    }
  if (mixed >= MIN_WORDS - 1)
    return {
      note: `${mixed} words mixing Latin-1 letters into another script (${quote('mixed')}): a map made for another script`,
      suspect: isMixed,
      nonLatin: true,
    }
  const marks = leadingMarks(words)
  if (marks) return { note: marks, suspect: (w) => /^\p{M}/u.test(w), nonLatin: true }
  if (inner >= MIN_WORDS && inner >= INNER_CAPITAL_SHARE * long)
    return {
      note: `${inner} of ${long} words with a capital inside (${quote('inner')}, ${(inner / long).toFixed(2)} >= ${INNER_CAPITAL_SHARE}): a transliteration font's map, or identifiers`,
      suspect: (w) => hasInnerCapital(w, letterCount(w)),
      nonLatin: false,
    }
  const latin = text.match(/[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]/gu)?.length ?? 0
  let l1 = 0
  for (const w of words) if (!isChart(w)) l1 += w.match(LATIN1_LETTERS)?.length ?? 0
  if (latin >= LATIN1_HEAVY_LETTERS && l1 >= LATIN1_HEAVY_SHARE * latin)
    return {
      note: `${l1} of ${latin} Latin letters are Latin-1 (${(l1 / latin).toFixed(2)} >= ${LATIN1_HEAVY_SHARE}): more than any language writes`,
      suspect: (w) => LATIN1_LETTER.test(w) && !isChart(w),
      nonLatin: false,
    }
  const latinWords = words.filter((w) => /^[A-Za-z]{3,}$/.test(w))
  if (latinWords.length >= FEW_VOWELS_WORDS) {
    const all = latinWords.join('')
    const share = vowelShare(all)
    if (share < FEW_VOWELS)
      return {
        note: `its ${latinWords.length} Latin words of three letters or more hold ${share.toFixed(2)} vowels (< ${FEW_VOWELS}): glyphs of another script on ASCII codes, or identifiers`,
        suspect: (w) => /^[A-Za-z]{3,}$/.test(w) && vowelShare(w) < FEW_VOWELS,
        nonLatin: false,
        wholeFont: true,
      }
  }
  return undefined
}

/** The note of a script whose words begin with its marks ({@link LEADING_MARK_SHARE}), or `undefined`. */
function leadingMarks(words: readonly string[]): string | undefined {
  let inScript = 0
  let leading = 0
  const examples: string[] = []
  for (const w of words) {
    const first = w[0]!
    if (!MARK_AFTER_LETTER.test(first) && !(w.length > 1 && MARK_AFTER_LETTER.test(w[1]!) && /\p{M}/u.test(first))) continue
    inScript++
    if (/\p{M}/u.test(first)) {
      leading++
      if (examples.length < 3) examples.push(w)
    }
  }
  if (leading < MIN_WORDS || leading < LEADING_MARK_SHARE * inScript) return undefined
  return `${leading} of ${inScript} words begin with a vowel sign or mark (${examples.map((w) => `\`${w}\``).join(', ')}, ${(leading / inScript).toFixed(2)} >= ${LEADING_MARK_SHARE}): text in the order its glyphs are drawn`
}
