// The bigram judge on one page: numbers set aside and letter-spaced words joined, the text (and each font's share of
// it) scored against the letter-pair model, every number measured in the notes.
import { nonSpaceCount, type FontInfo, type PageText, type TextItem, type Verdict } from '@pdftriage/core'
import { textStats, type BigramModel, type TextStats } from '@pdftriage/text-stats'
import { joinLetterSpaced } from './letter-spacing.js'
import { stripNumbers } from './numbers.js'
import type { ResolvedBigramOptions } from './options.js'
import { nearMisses } from './near-miss.js'
import { tokenEvidence, tokenize } from '@pdftriage/text-stats'

/** The judge's name, in verdicts and errors. */
export const JUDGE_NAME = 'bigram'

/** Image coverage from which a visible layer may be an OCR's (a scan covers its page: every corpus scan 1.00). */
export const OCR_LAYER_IMAGE_COVERAGE = 0.5

/** Share of non-space characters that are digits from which a page is reported as numeric (tables, forms, calendars). */
export const NUMERIC_DIGIT_SHARE = 0.15

const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : String(x))

/** What the judge concluded about one text (the page or one font's share of it). */
interface TextVerdict {
  stats: TextStats
  junk: boolean
  foreign: boolean
}

function judgeText(text: string, model: BigramModel, minStructure: number): TextVerdict {
  const stats = textStats(text, model.logprobs)
  const junk = stats.structure < minStructure
  return { stats, junk, foreign: !junk && stats.score < model.threshold }
}

/** A font's name for notes: its name when the extractor gave one, else its id. */
function fontLabel(id: string, fonts: Record<string, FontInfo> | undefined): string {
  const name = fonts?.[id]?.name
  return name === undefined || name === '' ? id : `${name} (${id})`
}

/** Items grouped by font, each group's text joined as the page's text is (newline after a line end, else space). */
function textByFont(items: readonly TextItem[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const it of items) {
    const id = it.fontId ?? '?'
    out.set(id, (out.get(id) ?? '') + it.text + (it.hasEol ? '\n' : ' '))
  }
  return out
}

/** What a judgement has found so far: its notes (every number measured) and the reasons to call the page unreadable. */
interface Findings {
  notes: string[]
  reasons: string[]
}

/**
 * Judges one page with a fitted model. Returns `undefined` (abstains) when the page, numbers set aside, has fewer
 * than `minPairs` pairs: too little language to tell. Otherwise a verdict whose notes carry every number measured.
 */
export function judgePage(page: PageText, model: BigramModel, o: ResolvedBigramOptions): Verdict | undefined {
  const notes: string[] = []
  const minStructure = o.minStructureShare * model.worstTrainingStructure
  const total = nonSpaceCount(page.text)
  const seed = textStats(page.text, model.logprobs)
  const digitShare = total === 0 ? 0 : seed.digits / total
  notes.push(`bigram ${f2(seed.score)} ${seed.score >= model.threshold ? '>=' : '<'} threshold ${f2(model.threshold)}`)
  const spaced = joinLetterSpaced(page.text)
  if (spaced !== undefined) notes.push(`letter-spaced: ${spaced.single} of ${spaced.tokens} tokens are one character, judged joined`)
  const { text: words, numbers } = stripNumbers(spaced?.text ?? page.text)
  const page1 = judgeText(words, model, minStructure)
  const s = page1.stats
  if (digitShare >= NUMERIC_DIGIT_SHARE) {
    notes.push(`numeric page: digits ${f2(digitShare)} of ${total} characters, ${numbers} numbers set aside, words judged alone`)
  }
  // Too little language to tell: not the same as junk. The gates judge a page of symbols or digits.
  if (s.pairs < o.minPairs || s.letterShareNonSpace < o.minLetterShare) return undefined
  if (numbers > 0) notes.push(`without ${numbers} numbers: bigram ${f2(s.score)} over ${s.pairs} pairs`)
  notes.push(`structure ${f2(s.structure)} ${page1.junk ? '<' : '>='} min ${f2(minStructure)}, letters ${f2(s.letterShareNonSpace)}`)
  const found: Findings = { notes, reasons: [] }
  if (page1.junk) found.reasons.push('no language order')
  if (page1.foreign) {
    notes.push('below threshold but ordered like language: another language or vocabulary than the training pages')
    if (o.foreignLanguage === 'unreadable') found.reasons.push('below threshold')
  }
  judgeFonts(page, total, model, o, found)
  judgeWords(page, words, s.score, model, o, found)
  judgeConfidence(page, o, found)
  const unreadable = found.reasons.length > 0
  notes.push(unreadable ? `unreadable: ${found.reasons.join('; ')}` : 'reads')
  return {
    judge: JUDGE_NAME,
    layer: unreadable ? 'unreadable' : 'healthy',
    needsOcr: unreadable,
    score: s.score,
    threshold: model.threshold,
    notes,
  }
}

/** Per font: a broken font beside healthy ones must not be diluted by them. */
function judgeFonts(page: PageText, total: number, model: BigramModel, o: ResolvedBigramOptions, { notes, reasons }: Findings): void {
  const fonts = textByFont(page.items)
  if (fonts.size <= 1) return
  const minFontStructure = o.fontStructureShare * model.worstTrainingStructure
  for (const [id, t] of fonts) {
    const share = total === 0 ? 0 : nonSpaceCount(t) / total
    if (share < o.fontShare) continue
    const fv = judgeText(stripNumbers(joinLetterSpaced(t)?.text ?? t).text, model, minFontStructure)
    if (fv.stats.pairs < o.minPairs) continue
    const label = fontLabel(id, page.fonts)
    notes.push(`font ${label}: share ${f2(share)}, bigram ${f2(fv.stats.score)}, structure ${f2(fv.stats.structure)}`)
    // A minority font condemns the page only when both views agree: no order and a score below the threshold.
    if (fv.junk && fv.stats.score < model.threshold) reasons.push(`font ${label} has no language order`)
    else if (fv.foreign && o.foreignLanguage === 'unreadable') reasons.push(`font ${label} below threshold`)
  }
}

/** The words of the page (numbers set aside): their shapes, and the near misses of the training words. */
function judgeWords(page: PageText, words: string, score: number, model: BigramModel, o: ResolvedBigramOptions, { notes, reasons }: Findings): void {
  // One reading of the words serves both the word shapes and the near misses.
  const tokens = tokenize(words, model.logprobs)
  const w = tokenEvidence(tokens, model.words)
  if (w !== undefined) {
    notes.push(`words ${w.words}: strange ${f2(w.strange)}, fragments ${f2(w.fragments)}, mixed case ${f2(w.mixedCase)}`)
    if (w.strange >= o.strangeWords && o.strangeWords < 1) reasons.push(`strange words ${f2(w.strange)} >= ${f2(o.strangeWords)}`)
  }
  // Misread letters are evidence only where the layer can be an OCR's: text drawn invisibly or over a scan. A
  // born-digital layer has no OCR errors; its near misses are names and vocabulary the training pages lacked, and OCR
  // would not read them better. When the extractor cannot tell (no fonts, no coverage), the layer may be OCR.
  const invisible = Object.values(page.fonts ?? {}).some((f) => f.invisible === true || /glyphless/i.test(f.name ?? ''))
  const mayBeOcr = invisible || (page.imageCoverage ?? 1) >= OCR_LAYER_IMAGE_COVERAGE || (page.fonts === undefined && page.imageCoverage === undefined)
  const nm = nearMisses(
    tokens.map((t) => t.lower),
    model.words.vocabulary,
  )
  if (nm.words > 0) {
    const share = nm.misses / nm.words
    const sameLanguage = score >= model.worstTrainingScore - o.sameLanguageMargin
    notes.push(
      `near misses ${nm.misses} of ${nm.words} words (${f2(share)})${nm.examples.length > 0 ? ` e.g. ${nm.examples.join(' ')}` : ''}` +
        (!mayBeOcr ? ', not judged: a born-digital layer' : sameLanguage ? '' : ', not judged: not the training language'),
    )
    if (mayBeOcr && sameLanguage && nm.words >= o.nearMissMinWords && share >= o.nearMissShare && o.nearMissShare < 1) {
      reasons.push(`near misses ${f2(share)} >= ${f2(o.nearMissShare)}: misread letters, a bad OCR layer`)
    }
  }
  if (invisible) notes.push('invisible OCR layer')
}

/** An OCR layer's own confidence, weighted by the items' lengths. */
function judgeConfidence(page: PageText, o: ResolvedBigramOptions, { notes, reasons }: Findings): void {
  let confSum = 0
  let confLen = 0
  let items = 0
  for (const it of page.items) {
    if (it.confidence === undefined) continue
    confSum += it.confidence * it.text.length
    confLen += it.text.length
    items++
  }
  if (confLen > 0) {
    const conf = confSum / confLen
    notes.push(`OCR confidence ${f2(conf)} over ${items} items ${conf < o.minConfidence ? '<' : '>='} ${f2(o.minConfidence)}`)
    if (conf < o.minConfidence) reasons.push('low OCR confidence')
  }
}
