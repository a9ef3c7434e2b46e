// The gates on one page: absent, blank, sparse, garbled by page or by font, or healthy, every number in the notes,
// and which garbled verdicts genuine text can earn, for the page image to settle.
import { fmtBox, type BBox, type PageText, type Verdict } from '@pdftriage/core'
import { f2, findDamage, findExtremeDamage, findScriptDamage, statsNote, wordsNote } from './damage.js'
import { damagedFonts, textOfJudged } from './font-damage.js'
import type { ResolvedGatesOptions } from './options.js'
import { loneLetterLines, pageStats, type PageStats } from '@pdftriage/text-stats'
import { scriptMix } from './script-mix.js'

/**
 * Garbled verdicts that genuine text can also earn, and what the page image should be asked to settle them: too few
 * letters (a table of numbers and rules, a font chart, program output), vowels out of every language's proportions
 * (particle names, `yy yy` placeholders, columns of `x`), letters alone on their lines (cut marks set in a font beside
 * labels). Text no genuine layer carries (controls, Latin-1 soup, mixed scripts) is not asked.
 */
export interface ImageCheck {
  /** The font whose own text failed, with the box of its items: only its text and that region are compared. */
  font?: { id: string; label: string; box: BBox }
  /** The damage is letters alone on their lines: the layout's, which a font the image once confirmed does not clear. */
  lone?: true
}
const imageChecks = new WeakMap<Verdict, ImageCheck>()

/** What the image should be asked before the gates' `garbled` verdict `v` stands; `undefined` when nothing. */
export const imageCheckOf = (v: Verdict): ImageCheck | undefined => imageChecks.get(v)
const askImage = (v: Verdict, c: ImageCheck = {}): Verdict => (imageChecks.set(v, c), v)

/** The judge's name in verdicts. */
export const GATES_NAME = 'gates'

/**
 * Builds the gates' verdicts over the notes taken so far: the decision is the last note (`layer: why`), and the one
 * number that decided, when there is one, is the score against its threshold.
 */
export function verdictMaker(notes: readonly string[]) {
  return (layer: Verdict['layer'], needsOcr: boolean, why: string, score?: number, threshold?: number): Verdict => {
    const v: Verdict = { judge: GATES_NAME, layer, needsOcr, notes: [...notes, `${layer}: ${why}`] }
    if (score !== undefined) v.score = score
    if (threshold !== undefined) v.threshold = threshold
    return v
  }
}

/** What the page gates need of the document: its length (density is judged without image coverage only on long ones). */
export interface PageGatesContext {
  pageCount: number
}

/**
 * The page as the gates judge it and its statistics, which the page's judge and its image probe both read. Notes,
 * rests and dingbats are no text: judged without them ({@link textOfJudged}), a score page is judged on its words.
 */
export function judgedText(page: PageText): { page: PageText; stats: PageStats } {
  const judged = textOfJudged(page)
  return { page: judged, stats: pageStats(judged.text) }
}

/**
 * Judges one page by its characters, in the seed's order: a layer that is not there cannot be judged for damage;
 * damage (on enough text) is a stronger statement than thinness, so it comes before density. Always returns a verdict.
 *
 * Image coverage decides what "no text" and "little text" mean: over a scan they mean absent and sparse, on a page
 * without images they mean blank and a short page (a chapter title, a short letter) that reads. When the extractor
 * cannot tell the coverage (`undefined`), a page with no text is sent to OCR (a missed scan loses its text, a needless
 * OCR only costs time), and a thin page follows the seed: sparse only in documents of `densityMinPages` or more.
 */
export function judgePageGates(original: PageText, o: ResolvedGatesOptions, ctx: PageGatesContext, judged = judgedText(original)): Verdict {
  const { page, stats: s } = judged
  const cov = page.imageCoverage
  const notes = [statsNote(s), cov === undefined ? 'image coverage unknown' : `image ${f2(cov)}`]
  const verdict = verdictMaker(notes)

  if (s.chars === 0) {
    if (cov === undefined) return verdict('absent', true, 'no text, image coverage unknown: OCR in case the page is a scan')
    if (cov >= o.absentImageCoverage) {
      return verdict('absent', true, `no text over images covering ${f2(cov)} >= ${f2(o.absentImageCoverage)}`, cov, o.absentImageCoverage)
    }
    return verdict('blank', false, `no text and no image worth OCR (${f2(cov)} < ${f2(o.absentImageCoverage)})`, cov, o.absentImageCoverage)
  }

  notes.push(wordsNote(s))
  // The script gate counts characters no genuine text holds at all: it speaks on any amount of text.
  const sd = findScriptDamage(scriptMix(page.text), o)
  if (sd) return verdict('garbled', true, sd.note, sd.score, sd.threshold)
  const rep = repeatedLetter(page.text)
  if (rep)
    return verdict('garbled', true, `its ${rep.count} letters are one ${rep.script} character repeated (${rep.char}): no text in any script is one letter`)
  // Damage is judged on the characters the shares are taken over: a page of fill-in lines or leaders alone has none.
  const long = s.judged >= o.minCharsToJudge
  if (long) {
    const d = findDamage(s, o)
    if (d) {
      const v = verdict('garbled', true, d.note, d.score, d.threshold)
      return d.gate === 'letters' || d.gate === 'vowels' ? askImage(v) : v
    }
  } else {
    const x = findExtremeDamage(s, o)
    if (x) return verdict('garbled', true, `short text, extreme: ${x.note}`, x.score, x.threshold)
  }
  // Letters one a line: only a letter-spaced text can be so, and only then are its lines counted.
  if (s.words >= o.loneLetterMinLines && s.singleLetterWords / s.words >= o.spacedShare) {
    const { letterLines, lone } = loneLetterLines(page.text)
    if (letterLines >= o.loneLetterMinLines && lone / letterLines >= o.loneLetterShare) {
      const share = lone / letterLines
      const v = verdict(
        'garbled',
        true,
        `${lone} of ${letterLines} lines are one or two letters alone (${f2(share)} >= ${f2(o.loneLetterShare)}): words broken a glyph a line, none can be found`,
        share,
        o.loneLetterShare,
      )
      return askImage(v, { lone: true })
    }
  }
  const fonts = damagedFonts(page, s.chars, o)
  if (fonts.length) notes.push(...fonts.map((x) => x.stats))
  const worst = fonts[0]
  if (worst?.decisive) {
    const v = verdict('garbled', true, `font ${worst.label} carries ${f2(worst.share)} of the page and fails: ${worst.note}`, worst.score, worst.threshold)
    return worst.gate === 'letters' || worst.gate === 'vowels' ? askImage(v, { font: { id: worst.fontId, label: worst.label, box: worst.box } }) : v
  }
  for (const x of fonts) {
    notes.push(`font ${x.label} is broken (${x.note}) but carries ${f2(x.share)} of the page: its region ${fmtBox(x.box)} is OCRed`)
  }
  if (!long) notes.push(`damage judged on extreme values only under ${o.minCharsToJudge} characters`)
  const v = thinOrHealthy(s, cov, o, ctx, verdict)
  // A broken font's text is junk wherever it stands and however small its share: a kept page has its region OCRed
  // (the layer's other text stays as it is).
  if (fonts.length && !v.needsOcr) {
    v.regions = fonts.map((x) => pad(x.box, original))
    // The OCR over these fonts' runs is their text: the runner puts it in place of theirs.
    v.brokenFonts = fonts.map((x) => x.fontId)
  }
  return v
}

/**
 * Letters of a script without case from which a layer of one character repeated is junk: a glyph id mapped to one
 * code point for every glyph of a CJK font reads `丁丁丁丁...`. Latin is left out (`III`, `xxxx` placeholders).
 */
const REPEATED_MIN = 4
const FIRST_LETTER = /\p{L}/u
const LATIN = /\p{Script=Latin}/u

/** The one non-Latin letter a layer's letters all are, when there are `REPEATED_MIN` or more; `undefined` otherwise. */
function repeatedLetter(text: string): { char: string; count: number; script: string } | undefined {
  // A page whose first letter is Latin has no such layer: most pages end here, before their letters are listed.
  const first = FIRST_LETTER.exec(text)
  if (!first || LATIN.test(first[0])) return undefined
  const letters = text.match(/\p{L}/gu)
  if (!letters || letters.length < REPEATED_MIN) return undefined
  const c = letters[0]
  if (/\p{Script=Latin}/u.test(c) || letters.some((l) => l !== c)) return undefined
  const script =
    ['Han', 'Hiragana', 'Katakana', 'Hangul', 'Arabic', 'Hebrew', 'Cyrillic', 'Greek', 'Armenian', 'Thai'].find((k) =>
      new RegExp(`\\p{Script=${k}}`, 'u').test(c),
    ) ?? 'non-Latin'
  return { char: c, count: letters.length, script }
}

/** A font's box with a margin of 2 points (tesseract misreads a glyph cut at the crop's edge), inside the page. */
const pad = (b: BBox, page: PageText): BBox => ({
  x0: Math.max(0, b.x0 - 2),
  y0: Math.max(0, b.y0 - 2),
  x1: Math.min(page.width, b.x1 + 2),
  y1: Math.min(page.height, b.y1 + 2),
})

/** The verdict of a page whose characters passed the damage gates: thin (sparse or a short page) or healthy. */
function thinOrHealthy(
  s: PageStats,
  cov: number | undefined,
  o: ResolvedGatesOptions,
  ctx: PageGatesContext,
  verdict: ReturnType<typeof verdictMaker>,
): Verdict {
  if (s.chars < o.minCharsPresent) {
    if (cov === undefined) {
      if (ctx.pageCount >= o.densityMinPages) {
        return verdict('sparse', true, `${s.chars} < ${o.minCharsPresent} characters in a document of ${ctx.pageCount} pages`, s.chars, o.minCharsPresent)
      }
      return verdict('healthy', false, `short page: density is not judged without image coverage on a document under ${o.densityMinPages} pages`)
    }
    if (cov >= o.scanImageCoverage) {
      return verdict(
        'sparse',
        true,
        `${s.chars} < ${o.minCharsPresent} characters over a scan (image ${f2(cov)} >= ${f2(o.scanImageCoverage)})`,
        s.chars,
        o.minCharsPresent,
      )
    }
    return verdict('healthy', false, `short page, not a scan (image ${f2(cov)} < ${f2(o.scanImageCoverage)})`)
  }
  return verdict('healthy', false, 'passes every gate')
}

/**
 * Letters that are the most frequent of no running text: Latin-script languages top with a vowel or a common consonant
 * (`t n s r d l h` kept out of this set, for tables and languages the corpora lack); over both corpora the pages of 100
 * words or more without function words top with `e t a i`. A font shifted by one letter tops with `f` or `b` (e and a
 * moved up) and, when it is English, keeps its vowel share: `t n h d` become vowels.
 */
const NEVER_TOP = new Set('bcfgjkmpqvwxyz')

/**
 * Why a layer that the gates let through (or failed on their weakest gate) is still suspect, so that the page image
 * should decide when an OCR engine can be asked: a short text failing a gate the shares cannot yet trust, a control
 * character in a short text, a page without function words and short of vowels or topped by a letter no language
 * tops with, letter-spaced words. Returns `undefined` when nothing is suspect.
 */
export function suspicion(s: PageStats, o: ResolvedGatesOptions): string | undefined {
  if (s.chars === 0) return undefined
  if (s.judged < o.minCharsToJudge) {
    const d = findDamage(s, { ...o, vowelMinLetters: o.shortVowelMinLetters })
    if (d) return `short text failing a gate its length cannot settle (${d.note})`
    if (s.controls > 0) return `short text with ${s.controls} control character${s.controls > 1 ? 's' : ''}`
  }
  const words = s.words
  if (words >= o.functionlessWords && Math.max(s.englishShare, s.frenchShare) < o.functionlessShare && s.latinLetters >= o.vowelMinLetters) {
    const functionless = `${words} words with English function words ${f2(s.englishShare)} and French ${f2(s.frenchShare)} (< ${f2(o.functionlessShare)})`
    if (s.vowelShare < o.functionlessVowels)
      return `${functionless}, vowels ${f2(s.vowelShare)} of ${s.latinLetters} Latin letters (< ${f2(o.functionlessVowels)}): a shifted font, or a language the function words do not cover`
    if (NEVER_TOP.has(s.topLetter)) return `${functionless}, its most frequent letter \`${s.topLetter}\`, the first of no language: a shifted font`
  }
  const single = s.singleLetterWords
  if (words >= 20 && single / words >= o.spacedShare)
    return `${single} of ${words} words are single letters (${f2(single / words)} >= ${f2(o.spacedShare)}): a letter-spaced layer`
  return undefined
}

/**
 * Lower-case letters that make 2 % or more of every English and French text (most 3-8 %): a page of prose without one
 * of them has a font whose map lacks it (`do uments`, `Publi Li ense`: a Type3 font without its `c`).
 */
const COMMON_LETTERS = 'etaoinsrlucd'
/** Lower-case Latin letters from which a common letter's absence is improbable in prose: 0.02 x 400 = 8 expected (a suspicion only: the image decides). */
export const MISSING_LETTER_MIN = 400

/**
 * The common letters ({@link COMMON_LETTERS}) a page of English or French prose (function words at least
 * `functionlessShare` x 2) lacks altogether in lower case, over `MISSING_LETTER_MIN` lower-case letters; empty otherwise.
 */
export function missingLetters(text: string, s: PageStats, o: ResolvedGatesOptions): string[] {
  if (Math.max(s.englishShare, s.frenchShare) < 2 * o.functionlessShare) return []
  // Counted by code, not listed: a page of prose has thousands of them
  const nfkd = text.normalize('NFKD')
  let lower = 0
  let seen = 0
  for (let i = 0; i < nfkd.length; i++) {
    const k = nfkd.charCodeAt(i) - 0x61
    if (k >= 0 && k < 26) {
      lower++
      seen |= 1 << k
    }
  }
  if (lower < MISSING_LETTER_MIN) return []
  return [...COMMON_LETTERS].filter((c) => (seen & (1 << (c.charCodeAt(0) - 0x61))) === 0)
}
