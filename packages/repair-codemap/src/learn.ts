// What the code-map repair learns from an OCR read over layer lines: each font's code -> text votes (alignment over
// rounds, ligatures), and the agreement of lines decoded by a map with the OCR, which decides whether a map is kept.
import { alignLine, decide, editDistance, vote, type FontModel, type Pair, type Votes } from './align.js'
import type { Glyph, LabelledStep, LayerLine, OcrChar } from './layout.js'

/** What one anchor told of one font. */
export interface FontLearning {
  /** Its codes read as themselves: a healthy font, kept. */
  healthy: boolean
  votes: Votes
  /** Glyphs aligned with OCR text, and how many of them read as the layer gives them. */
  aligned: number
  identity: number
}

/** A pair of the alignment with the index of its line. */
export type LinePair = Pair & { line: number }

/** Rounds of alignment: the first knows nothing (position and word shapes), the next two use the votes of the last. */
const ROUNDS = 3

/**
 * Learns code -> text votes for every font of the lines from the OCR text read over them. `known` holds what the
 * document already settled (healthy fonts, maps of earlier pages); their codes score as certain.
 */
export function learnFonts(
  lines: readonly LayerLine[],
  ocr: readonly OcrChar[][],
  known: ReadonlyMap<string, FontModel>,
  healthyIdentity: number,
): { fonts: Map<string, FontLearning>; pairs: LinePair[] } {
  const models = new Map<string, FontModel>()
  for (const [f, m] of known) models.set(f, { ...m })
  let fonts = new Map<string, FontLearning>()
  let pairs: LinePair[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const votes = new Map<string, Votes>()
    const aligned = new Map<string, number>()
    const identity = new Map<string, number>()
    pairs = []
    lines.forEach((line, i) => {
      const o = ocr[i]
      if (!o || o.length === 0) return
      const glyphs = line.glyphs.filter((g) => !g.space).length
      const cw = (line.box.x1 - line.box.x0) / Math.max(1, glyphs)
      for (const p of alignLine(line.glyphs, o, models, cw)) {
        const f = p.glyph.font
        pairs.push({ ...p, line: i })
        aligned.set(f, (aligned.get(f) ?? 0) + 1)
        if (p.text === p.glyph.text) identity.set(f, (identity.get(f) ?? 0) + 1)
        vote(votes, f, p.glyph.code, p.text)
      }
    })
    fonts = new Map()
    for (const [f, n] of aligned) {
      const id = identity.get(f) ?? 0
      const k = known.get(f)
      const healthy = k ? k.healthy === true : id / n >= healthyIdentity
      fonts.set(f, { healthy, votes: votes.get(f) ?? new Map(), aligned: n, identity: id })
      const m = models.get(f) ?? {}
      if (healthy) m.healthy = true
      else m.votes = votes.get(f)
      models.set(f, m)
    }
  }
  extendLigatures(fonts, pairs, ocr)
  return { fonts, pairs }
}

/** Share of a code's readings that must be followed (or preceded) by the same skipped OCR text to take it in. */
const LIGATURE_SHARE = 0.5

/** Ligatures a glyph may be read as: the only readings of several characters a code may take. */
export const LIGATURES: ReadonlySet<string> = new Set(['ff', 'fi', 'fl', 'ffi', 'ffl', 'ft', 'st', 'ct', 'IJ', 'ij'])

/**
 * A glyph that draws several letters (`fi`, `fl`, `ffi`) is often aligned with one of its letters only, the other
 * skipped, and the votes then agree with themselves on `f` (or on `i`, or split between the two: one page's `fi` read
 * 4 times `f` before a skipped `i` and 4 times `i` after a skipped `f`). Each reading of a code is taken with the
 * OCR letters skipped just before and after it (one or two, none a space); where a ligature is what most readings
 * then spell, it is the code's. A code read once takes it only when its own reading is a letter another code of the
 * font draws more often (a font draws each letter with one code: the `fi` of `définir`, read `i`).
 */
export function extendLigatures(fonts: Map<string, FontLearning>, pairs: readonly LinePair[], ocr: readonly OcrChar[][]): void {
  const key = (p: LinePair) => `${p.glyph.font}\u0000${p.glyph.code}`
  const seen = new Map<string, number>()
  const spelled = new Map<string, Map<string, number>>()
  /** The OCR letters skipped between two pairs of a line (one or two, no space), or ''. */
  const skipped = (p: LinePair | undefined, q: LinePair | undefined): string => {
    if (!p || !q || q.line !== p.line || q.at <= p.end || q.at - p.end > 2) return ''
    const cs = ocr[p.line]!.slice(p.end, q.at)
    return cs.some((c) => c.space) ? '' : cs.map((c) => c.ch).join('')
  }
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!
    const k = key(p)
    seen.set(k, (seen.get(k) ?? 0) + 1)
    const before = skipped(pairs[i - 1], p)
    const after = skipped(p, pairs[i + 1])
    // the longest ligature the reading spells with what was skipped beside it (`ff` before a skipped `i` is `ffi`); a
    // reading that is a ligature already counts for it, so that split and whole readings add up
    const t = [before + p.text + after, p.text + after, before + p.text, p.text].find((r) => LIGATURES.has(r))
    let c = spelled.get(k)
    if (!c) spelled.set(k, (c = new Map()))
    if (t !== undefined) c.set(t, (c.get(t) ?? 0) + 1)
  }
  for (const [f, l] of fonts) {
    if (l.healthy) continue
    // the most votes each single reading has in the font, and which code holds them
    const holder = new Map<string, [string, number]>()
    for (const [code, v] of l.votes) for (const [t, n] of v) if (n > (holder.get(t)?.[1] ?? 0)) holder.set(t, [code, n])
    for (const [code, v] of l.votes) {
      const k = `${f}\u0000${code}`
      const n = seen.get(k) ?? 0
      let best: [string, number] = ['', 0]
      for (const [t, m] of spelled.get(k) ?? []) if (m > best[1] || (m === best[1] && t < best[0])) best = [t, m]
      if (best[1] === 0 || best[1] < LIGATURE_SHARE * n) continue
      if (n < 2) {
        const [own] = [...v.keys()]
        const h = own === undefined ? undefined : holder.get(own)
        if (!h || h[0] === code || h[1] < 2) continue
      }
      l.votes.set(code, new Map([[best[0], best[1]]]))
    }
  }
}

/** The map of each code to its winning text. */
export function mapOf(v: Votes): Map<string, string> {
  const m = new Map<string, string>()
  for (const [code, d] of decide(v)) m.set(code, d.text)
  return m
}

/** A line's text through the decoders, spaces dropped (for comparison with OCR). */
export function decodedLine(line: LayerLine, decode: (g: Glyph) => string): string {
  let s = ''
  for (const g of line.glyphs) if (!g.space) s += decode(g)
  return s.replace(/\s+/g, '')
}

/**
 * Text without its combining marks. Where a map is checked against the OCR, accents are not compared: the OCR reads
 * them worst (`Penézni prostfedky` for `Peněžní prostředky` under the French and English models) and a false map
 * shows in the letters themselves.
 */
export const unmarked = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '')

/**
 * Letterlike symbols and mathematical letters (`ℓ`, `ℜ`, `ℏ`, `ℵ`, `𝔄`): letters to Unicode, signs to the check (the OCR
 * reads them as anything: `9 = 59` for `ℓ`, `KB` for `ℜ`), as glyph names give them.
 */
const LETTERLIKE = /[\u2100-\u214f\u{1d400}-\u{1d7ff}]/gu

/** Whether a text holds a letter or digit the OCR can read. */
const readable = (t: string): boolean => /[\p{L}\p{N}]/u.test(t.replace(LETTERLIKE, ''))

/**
 * Letters and digits only: what the agreement compares (leader dots and rules OCR leaves out are not evidence), without
 * accents or letterlike symbols.
 */
const wordly = (s: string): string =>
  unmarked(s)
    .replace(LETTERLIKE, '')
    .replace(/[^\p{L}\p{N}]+/gu, '')

/** Share of the OCR characters, over the worst lines, that the agreement leaves out (see {@link agreement}). */
export const TRIMMED_SHARE = 0.1

/** How far decoded lines agree with the OCR read over them (see {@link agreement}). */
export interface Agreement {
  /** 1 - edit distance / OCR characters (letters and digits), the worst lines of a tenth of them left out. */
  agreement: number
  /** OCR letters and digits over the lines measured. */
  chars: number
  /** The agreement over every line. */
  raw: number
  /** Share of the OCR's words found among the decoded lines' words. */
  words: number
  /** Letters of scripts the OCR read nowhere, taken as read (with `unreadScripts`). */
  wild: number
  /** OCR letters read over symbols, left out (with `overSymbols`). */
  dropped: number
}

/** Options of {@link agreement}: see there. */
interface AgreementOptions {
  unreadScripts?: boolean
  overSymbols?: boolean
  signWords?: boolean
}

/** Per line measured: its edit distance and OCR characters; words read and found; letters taken as read. */
interface Tally {
  per: Array<{ dist: number; chars: number }>
  wildPer: Array<{ dist: number; chars: number }>
  wildChars: number
  decodedChars: number
  ocrWords: number
  found: number
}

/**
 * Agreement of the decoded lines with the OCR read over them: 1 - edit distance / OCR characters, letters and digits
 * only, over the lines the OCR covered, the worst lines holding a tenth of the characters left out (an icon font, a
 * formula, a logo that OCR reads as something else). Measured on whole lines, not on the aligned pairs the votes came
 * from, so that a map that only agrees with itself does not pass; a false map disagrees on every line.
 */
export function agreement(
  lines: readonly LayerLine[],
  read: readonly OcrChar[][],
  decode: (g: Glyph) => string,
  only?: (line: LayerLine) => boolean,
  { unreadScripts = false, overSymbols = false, signWords = false }: AgreementOptions = {},
): Agreement {
  // With `signWords`, words are the runs of letters and digits on both sides: OCR splits code at brackets and signs
  // where the layer has no space (`\put (0,0) {\line` for `\put(0,0){\line`), which says nothing of the spaces
  // between words that the check is for.
  const wordsOf = (s: string, space: RegExp | string): string[] =>
    (signWords ? unmarked(s).split(/[^\p{L}\p{N}]+/u) : s.split(space).map(wordly)).filter((w) => w !== '')
  // With `overSymbols`, OCR words read over glyphs that decode to no letter or digit (a symbol table's relations and
  // arrows, which OCR reads as letters: `KW` for ≅) are left out, at most UNREAD_SCRIPT_SHARE of its letters.
  let ocr = read
  let dropped = 0
  if (overSymbols) {
    const kept = symbolFree(lines, read, decode, only)
    if (kept.dropped > 0 && kept.dropped <= UNREAD_SCRIPT_SHARE * kept.letters) {
      ocr = kept.ocr
      dropped = kept.dropped
    }
  }
  // With `unreadScripts`, letters of a script the OCR read nowhere in these lines (Greek symbols under a Latin OCR)
  // stand for whatever it read there: it can neither confirm nor refute them. At most UNREAD_SCRIPT_SHARE of the
  // letters, so that a map into another script is not waved through.
  const ocrScripts = new Set<string>()
  if (unreadScripts) for (const o of ocr) for (const c of o) if (!c.space) ocrScripts.add(scriptOf(c.ch))
  const wildOf = (s: string) => Array.from(s, (c) => (/\p{L}/u.test(c) && !ocrScripts.has(scriptOf(c)) ? WILD : c)).join('')
  const t: Tally = { per: [], wildPer: [], wildChars: 0, decodedChars: 0, ocrWords: 0, found: 0 }
  lines.forEach((line, i) => {
    const o = ocr[i]
    if (!o || o.length === 0 || (only && !only(line))) return
    countWords(line, o, decode, wordsOf, t)
    measureLine(line, o, decode, unreadScripts ? wildOf : undefined, t)
  })
  const useWild = unreadScripts && t.wildChars > 0 && t.wildChars <= UNREAD_SCRIPT_SHARE * t.decodedChars
  const per = useWild ? t.wildPer : t.per
  const chars = per.reduce((a, p) => a + p.chars, 0)
  const dist = per.reduce((a, p) => a + p.dist, 0)
  const trimmed = trimWorst(per, chars, dist)
  return {
    agreement: trimmed,
    chars,
    raw: chars ? 1 - dist / chars : 0,
    words: t.ocrWords ? t.found / t.ocrWords : 0,
    wild: useWild ? t.wildChars : 0,
    dropped,
  }
}

/** Counts the OCR's words (letters and digits) of a line found among the decoded line's, spaces as the layer puts them. */
function countWords(
  line: LayerLine,
  o: readonly OcrChar[],
  decode: (g: Glyph) => string,
  wordsOf: (s: string, space: RegExp | string) => string[],
  t: Tally,
): void {
  const have = new Map<string, number>()
  let dec = ''
  for (const g of line.glyphs) dec += g.space ? ' ' : decode(g)
  for (const k of wordsOf(dec, /\s+/)) have.set(k, (have.get(k) ?? 0) + 1)
  for (const k of wordsOf(o.map((c) => c.ch).join(''), ' ')) {
    t.ocrWords++
    const n = have.get(k) ?? 0
    if (n > 0) {
      t.found++
      have.set(k, n - 1)
    }
  }
}

/** Adds a line's edit distance to the OCR (and, with `wildOf`, the distance with unread scripts taken as read). */
function measureLine(line: LayerLine, o: readonly OcrChar[], decode: (g: Glyph) => string, wildOf: ((s: string) => string) | undefined, t: Tally): void {
  const want = wordly(
    o
      .filter((c) => !c.space)
      .map((c) => c.ch)
      .join(''),
  )
  const n = Array.from(want).length
  if (n === 0) return
  const decoded = wordly(decodedLine(line, decode))
  t.per.push({ dist: Math.min(n, editDistance(decoded, want)), chars: n })
  if (wildOf) {
    const w = wildOf(decoded)
    t.decodedChars += Array.from(decoded).length
    t.wildChars += Array.from(w).filter((c) => c === WILD).length
    t.wildPer.push({ dist: Math.min(n, editDistance(w, want, WILD)), chars: n })
  }
}

/** The agreement (1 - distance / characters) with the worst lines holding {@link TRIMMED_SHARE} of the characters left out. */
function trimWorst(per: Array<{ dist: number; chars: number }>, chars: number, dist: number): number {
  per.sort((a, b) => b.dist / b.chars - a.dist / a.chars)
  let cut = 0
  let d = dist
  let c = chars
  for (const p of per) {
    if (cut + p.chars > TRIMMED_SHARE * chars) break
    cut += p.chars
    d -= p.dist
    c -= p.chars
  }
  return c ? 1 - d / c : 0
}

/** The OCR lines without the words read over glyphs that decode to no letter or digit, and the letters left out. */
function symbolFree(
  lines: readonly LayerLine[],
  ocr: readonly OcrChar[][],
  decode: (g: Glyph) => string,
  only?: (line: LayerLine) => boolean,
): { ocr: OcrChar[][]; dropped: number; letters: number } {
  let dropped = 0
  let letters = 0
  const out = lines.map((line, i) => {
    const o = ocr[i] ?? []
    if (o.length === 0 || (only && !only(line))) return [...o]
    const glyphs = line.glyphs.filter((g) => !g.space)
    const cw = (line.box.x1 - line.box.x0) / Math.max(1, glyphs.length)
    const words: OcrChar[][] = [[]]
    for (const c of o) {
      if (c.space) words.push([])
      else words[words.length - 1]!.push(c)
    }
    const keep: OcrChar[] = []
    for (const w of words) {
      if (w.length === 0) continue
      const n = w.filter((c) => /[\p{L}\p{N}]/u.test(c.ch)).length
      letters += n
      const x0 = w[0]!.x - cw / 2
      const x1 = w[w.length - 1]!.x + cw / 2
      const under = glyphs.filter((g) => g.x >= x0 && g.x <= x1)
      if (under.length > 0 && under.every((g) => !readable(decode(g)))) {
        dropped += n
        continue
      }
      if (keep.length > 0) keep.push({ ch: ' ', x: (keep[keep.length - 1]!.x + w[0]!.x) / 2, space: true })
      keep.push(...w)
    }
    return keep
  })
  return { ocr: out, dropped, letters }
}

/** Stands in a decoded line for a letter the OCR cannot read (see {@link agreement}). */
const WILD = '\u0000'
/**
 * Letters of a script the OCR did not read that may stand as wildcards: lshort-fr's symbol tables set one Greek
 * letter beside each command name of 5-6 letters (about 0.15); a map into another script has far more.
 */
const UNREAD_SCRIPT_SHARE = 0.25

/** The script of a letter, as far as the check needs it: Latin or not, and which. */
function scriptOf(c: string): string {
  for (const s of SCRIPTS) if (s.re.test(c)) return s.name
  return /\p{L}/u.test(c) ? 'other' : 'none'
}
const SCRIPTS = ['Latin', 'Greek', 'Cyrillic', 'Hebrew', 'Arabic', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Devanagari', 'Thai'].map((name) => ({
  name,
  re: new RegExp(`\\p{Script=${name}}`, 'u'),
}))

/**
 * Steps between glyphs next to each other on a line (both of fonts `rebuilt` says), labelled by the OCR read over
 * them: a word space where only spaces separate the characters read for the two, none where only letters (or nothing)
 * do; steps where the OCR read both between, or the glyphs were not both read, are left out.
 */
export function labelledSteps(
  lines: readonly LayerLine[],
  ocr: readonly OcrChar[][],
  pairs: readonly LinePair[],
  rebuilt: (font: string) => boolean,
): Array<LabelledStep & { line: number }> {
  const read = new Map<Glyph, LinePair>()
  for (const p of pairs) read.set(p.glyph, p)
  const out: Array<LabelledStep & { line: number }> = []
  lines.forEach((line, i) => {
    const o = ocr[i] ?? []
    let prev: Glyph | undefined
    for (const g of line.glyphs) {
      if (g.space) continue
      const a = prev && read.get(prev)
      const b = read.get(g)
      if (prev && a && b && rebuilt(prev.font) && rebuilt(g.font) && a.text.trim() && b.text.trim() && b.at >= a.end) {
        // letters between (one the alignment left out) are inside the word as well
        const between = o.slice(a.end, b.at)
        const space = between.every((c) => !c.space) ? false : between.every((c) => c.space) ? true : undefined
        if (space !== undefined) out.push({ a: prev, b: g, space, line: i })
      }
      prev = g
    }
  })
  return out
}
