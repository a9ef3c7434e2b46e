// What the first look at a poorly read page needs besides the engine: the sample it reads (the page's densest lines),
// the language sets it tries, and which data package reads a script that no installed language does.
import { bboxUnion, itemLines, type BBox, type PageText } from '@pdftriage/core'

const letters = (s: string): number => (s.match(/\p{L}/gu) ?? []).length

/**
 * The box (points) of the run of `count` consecutive lines of a reading that hold the most letters, padded by `pad`
 * points and clamped to the page: a sample of the page's running text, the part where a language shows, read in a
 * fraction of the page's time. `undefined` when the reading has no letters.
 */
export function sampleBox(page: Pick<PageText, 'items' | 'width' | 'height'>, count: number, pad: number): BBox | undefined {
  const lines = itemLines(page.items).map((l) => l.map((i) => page.items[i]!))
  const n = lines.map((l) => l.reduce((s, w) => s + letters(w.text), 0))
  const k = Math.min(count, lines.length)
  let best = -1
  let at = 0
  let sum = 0
  for (let i = 0; i < lines.length; i++) {
    sum += n[i]!
    if (i >= k) sum -= n[i - k]!
    if (i >= k - 1 && sum > best) [best, at] = [sum, i - k + 1]
  }
  if (best <= 0) return undefined
  const box = bboxUnion(lines.slice(at, at + k).flatMap((l) => l.map((w) => w.bbox)))!
  return {
    x0: Math.max(0, box.x0 - pad),
    y0: Math.max(0, box.y0 - pad),
    x1: Math.min(page.width, box.x1 + pad),
    y1: Math.min(page.height, box.y1 + pad),
  }
}

/**
 * The language sets a first look tries: the configured set, then each given language it lacks, alone; none besides it
 * when it holds them all. A set of languages the configured one holds reads nothing it cannot: on the development
 * corpus's French scans read `fra+eng`, `fra` alone read the sample no better on any page and every look kept
 * `fra+eng` (`tools/bench/language-pick.mjs`), while each set tried costs a reading and a worker started for it.
 */
export function candidateSets(languages: readonly string[], configured: readonly string[]): string[][] {
  return [[...configured], ...[...new Set(languages)].filter((l) => !configured.includes(l)).map((l) => [l])]
}

/**
 * Tesseract's language codes by the Unicode script they read, for the scripts other than Latin, most used first: a
 * code not listed reads Latin. From tesseract's language list (tessdoc, "Data Files"), the codes published as
 * `@tesseract.js-data/<code>` packages.
 */
const CODES_BY_SCRIPT: Record<string, string[]> = {
  Arabic: ['ara', 'fas', 'urd', 'pus', 'uig', 'snd'],
  Armenian: ['hye'],
  Bengali: ['ben', 'asm'],
  Canadian_Aboriginal: ['iku'],
  Cherokee: ['chr'],
  Cyrillic: ['rus', 'ukr', 'bul', 'srp', 'bel', 'mkd', 'kaz', 'kir', 'tgk', 'mon', 'tat', 'uzb_cyrl', 'aze_cyrl'],
  Devanagari: ['hin', 'mar', 'nep', 'san'],
  Ethiopic: ['amh', 'tir'],
  Georgian: ['kat', 'kat_old'],
  Greek: ['ell', 'grc'],
  Gujarati: ['guj'],
  Gurmukhi: ['pan'],
  Han: ['chi_sim', 'chi_tra', 'jpn'],
  Hangul: ['kor'],
  Hebrew: ['heb', 'yid'],
  Hiragana: ['jpn'],
  Kannada: ['kan'],
  Katakana: ['jpn'],
  Khmer: ['khm'],
  Lao: ['lao'],
  Malayalam: ['mal'],
  Myanmar: ['mya'],
  Oriya: ['ori'],
  Sinhala: ['sin'],
  Syriac: ['syr'],
  Tamil: ['tam'],
  Telugu: ['tel'],
  Thaana: ['div'],
  Thai: ['tha'],
  Tibetan: ['bod', 'dzo'],
}

/** The Unicode scripts a language code reads: those {@link CODES_BY_SCRIPT} lists it under, else Latin. */
export function scriptsOf(code: string): string[] {
  const found = Object.keys(CODES_BY_SCRIPT).filter((s) => CODES_BY_SCRIPT[s]!.includes(code))
  return found.length ? found : ['Latin']
}

/**
 * The language codes whose data would read writing in `scripts` (Unicode names, as script detection gives them), most
 * used first; none for Latin (every installed set reads it) or a script not listed.
 */
export function codesFor(scripts: readonly string[]): string[] {
  return [...new Set(scripts.flatMap((s) => CODES_BY_SCRIPT[s] ?? []))]
}
