// The code-map repair's use of glyph names: the names the file defines, the "settle by names" stage (fonts read by
// their names before any OCR), and the check of a font's names against the anchor's OCR.
import type { FontInfo, PageText } from '@pdftriage/core'
import { glyphNameText, pageNameTexts } from './glyph-names.js'
import type { FontLearning, LinePair } from './learn.js'
import { unmarked } from './learn.js'
import type { LayerLine } from './layout.js'
import { MIN_WORDS, type PageState } from './state.js'
import { functionWordShare } from './words.js'

/**
 * Share of a font's aligned letters and digits whose glyph-name text must be what the OCR read there for the names to
 * be used: the OCR-voted maps agree with their own anchors at 0.875-1.0 per font (lshort-fr with its maps broken),
 * OCR misreads and alignment slips included; names that belong to another encoding or only number the glyphs agree on
 * next to none.
 */
const NAMES_AGREE = 0.8
/**
 * Names contradicted under this share (with {@link NAMES_PAIRS} pairs or more) make the document's names untrusted; at
 * or above it, a font's names are used once the document's are trusted.
 */
const NAMES_REFUTE = 0.5
/** Aligned glyphs a font needs before its names count as confirmed (or refuted) for the document. */
const NAMES_PAIRS = 20
/** A text as glyph names are checked against the OCR: without its accents and its case. */
const caseless = (s: string): string => unmarked(s).toLowerCase()
/** A glyph name's text that the OCR can judge: one with a letter or a digit. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
/** Fewest aligned glyphs before a font's names are used at all (a heading of three letters says little). */
const NAMES_MIN_PAIRS = 3
/**
 * Fonts whose names the OCR confirmed, none contradicted, after which the document's glyph names are trusted: a
 * producer writes true names for all its fonts or for none (pdfTeX writes each encoding's names once for every font
 * set in it), so fonts met later are read by their names with no OCR of their own.
 */
const NAMES_TRUSTED = 2
/** Share of a font's glyphs on a page that must have a name before the names speak for the font. */
const NAMED_SHARE = 0.9
/** Share of named glyphs whose layer text is their name's above which the font is healthy (two accounts agree). */
const NAMES_HEALTHY = 0.9
/** Above this share of named glyphs reading as their names the layer may be right: names do not replace it unread. */
const NAMES_BROKEN = 0.5
/**
 * Share of function words at which a font's text as its names read it is prose, confirming the names with no OCR
 * (over {@link MIN_WORDS} words or more). The corpus's prose and OCR pages (109 truth texts of 30 words or more):
 * 5th percentile 0.19-0.27 by class, lowest 0.06 (a sparse page); the same texts with their letters permuted, as names
 * that lie would read: 0.043 at most.
 */
const NAMES_PROSE = 0.15

/** Stage "settle by names": the glyph names of the page's fonts (the file's too), and what they settle before OCR. */
export async function settleNames(p: PageState): Promise<undefined> {
  p.names = pageNameTexts(await withFileNames(p))
  settleByNames(p)
  return undefined
}

/**
 * The page with the glyph names the file defines added to its fonts' (`FontInfo.glyphNames` gives the `/Differences`
 * names only; a TeX Computer Modern font has none, its names are in its program), for the codes its lines draw that
 * have none. Asked of the extractor once a font a document.
 */
async function withFileNames(p: PageState): Promise<PageText> {
  const { page, ctx, doc: state, notes } = p
  if (!ctx.glyphNames || !page.fonts) return page
  const unnamed = new Map<string, Set<number>>()
  for (const l of p.lines)
    for (const g of l.glyphs) {
      if (g.space || !g.code.startsWith('#')) continue
      const code = Number(g.code.slice(1))
      const own = page.fonts[g.font]?.glyphNames?.[code]
      if (own !== undefined && glyphNameText(own) !== undefined) continue
      const set = unnamed.get(g.font) ?? new Set()
      set.add(code)
      unnamed.set(g.font, set)
    }
  const ask = [...unnamed.keys()].filter((f) => page.fonts![f] && !state.fileNames.has(f))
  if (ask.length > 0) {
    const got: Record<string, Record<string, string>> = await ctx.glyphNames(ask).catch(() => ({}))
    for (const f of ask) state.fileNames.set(f, got[f] ?? null)
  }
  let fonts: Record<string, FontInfo> | undefined
  for (const [f, codes] of unnamed) {
    const file = state.fileNames.get(f)
    if (!file) continue
    const add: Record<string, string> = {}
    let twins = 0
    for (const c of codes) {
      if (file[c] === undefined) continue
      const [own, ...others] = file[c].split(' ')
      // a name that reads as nothing is still the file's for a code the page names not at all
      const name = readableName(own!, others) ?? (page.fonts[f]?.glyphNames?.[c] === undefined ? own : undefined)
      if (name === undefined) continue
      add[c] = name
      if (name !== own) twins++
    }
    if (Object.keys(add).length === 0) continue
    notes.push(
      `font ${f}: ${Object.keys(add).length} codes drawn named by the file beyond its /Differences (its base or built-in encoding${twins ? `; ${twins} by the name of a glyph its program draws with the same outline` : ''})`,
    )
    fonts ??= { ...page.fonts }
    fonts[f] = { ...fonts[f]!, glyphNames: { ...fonts[f]!.glyphNames, ...add } }
  }
  return fonts ? { ...page, fonts } : page
}

/**
 * The name of a code as the extractor gives it (its `own` name, then the `others` its program draws with the same
 * outline: `g17 e`) that reads as text: its own when it does, else the other names' when they all read alike (two
 * outlines alike for `l` and `one` say neither), else none.
 */
function readableName(own: string, others: readonly string[]): string | undefined {
  if (glyphNameText(own) !== undefined) return own
  const readable = others.filter((n) => glyphNameText(n) !== undefined)
  return readable.length > 0 && readable.every((n) => glyphNameText(n) === glyphNameText(readable[0]!)) ? readable[0] : undefined
}

/**
 * What the fonts' glyph names settle before any OCR: codes of fonts whose names were confirmed take their names'
 * text; a font met for the first time whose layer reads as its names is healthy; and once the document's names are
 * trusted ({@link NAMES_TRUSTED}), a new font whose layer does not read as its names is read by them; and a new font
 * whose names read as prose on this page ({@link NAMES_PROSE}) is read by them and counts as confirmed.
 */
export function settleByNames(p: PageState): void {
  const { lines, names, doc: state, notes } = p
  const per = namedGlyphs(lines, names)
  const undecided: string[] = []
  for (const [f, c] of per) {
    const nm = names.get(f)
    if (!nm) continue
    const s = state.fonts.get(f)
    if (s?.named) {
      for (const [code, t] of nm) if (!s.map.has(code)) s.map.set(code, t)
      continue
    }
    if (s || c.named < NAMED_SHARE * c.n) continue
    if (c.same >= NAMES_HEALTHY * c.named) {
      state.fonts.set(f, { healthy: true, map: new Map(), votes: new Map(), regions: 0, how: 'its layer reads as its glyph names' })
      notes.push(`font ${f}: healthy, ${c.same} of ${c.named} glyphs read as their names`)
    } else if (c.same <= NAMES_BROKEN * c.named) undecided.push(f)
  }
  if (state.namesRefuted > 0) return
  const settle = (f: string, how: string) => state.fonts.set(f, { healthy: false, map: new Map(names.get(f)), votes: new Map(), regions: 0, how, named: true })
  // Names that read as prose need no OCR to confirm them (names that lie read as junk), and count as confirmed for
  // the document: a producer writes true names for all its fonts or for none.
  for (const f of undecided) {
    const nm = names.get(f)!
    const text = lines.map((l) => l.glyphs.map((g) => (g.space ? ' ' : g.font === f ? (nm.get(g.code) ?? '') : ' ')).join('')).join('\n')
    const fw = functionWordShare(text)
    if (fw.words < MIN_WORDS || fw.share < NAMES_PROSE) continue
    settle(f, `glyph names, read as prose on page ${p.page.pageNumber} (function words ${fw.share.toFixed(2)} of ${fw.words} words)`)
    state.namesConfirmed++
  }
  // Once the document's names are trusted, a font met later is read by them; a font too small for an anchor of its
  // own is, once one font's names are confirmed (it cannot confirm its own, and waiting leaves its layer's text).
  for (const f of undecided) {
    if (state.fonts.has(f)) continue
    const small = per.get(f)!.n < p.options.minFontGlyphs
    if (state.namesConfirmed < (small ? 1 : NAMES_TRUSTED)) continue
    settle(f, `glyph names, trusted after ${state.namesConfirmed} fonts' names confirmed by OCR or read as prose`)
  }
}

/** Per font of the lines: its glyphs, those with a name, and those whose layer text is their name's. */
function namedGlyphs(lines: readonly LayerLine[], names: PageState['names']): Map<string, { n: number; named: number; same: number }> {
  const per = new Map<string, { n: number; named: number; same: number }>()
  for (const l of lines)
    for (const g of l.glyphs) {
      if (g.space) continue
      const c = per.get(g.font) ?? { n: 0, named: 0, same: 0 }
      c.n++
      const t = names.get(g.font)?.get(g.code)
      if (t !== undefined) {
        c.named++
        if (t === g.text.normalize('NFKC')) c.same++
      }
      per.set(g.font, c)
    }
  return per
}

/** A font's glyph names against the anchor's OCR: letters and digits aligned (`n`), agreeing (`k`), and signs. */
export interface NameCheck {
  n: number
  k: number
  signs: number
}

/**
 * The fonts' glyph names where the OCR read their glyphs as they say, accents and case aside (a small-capitals font
 * draws its `a` as the OCR's `A`). Only names of letters and digits are judged: the signs the OCR reads worst (`∞` as
 * `oo`, `−` as `—`, `〈` as `(`) say nothing of a font's names either way.
 */
export function checkNames(
  p: PageState,
  wanted: ReadonlySet<string>,
  learned: { fonts: ReadonlyMap<string, FontLearning>; pairs: readonly LinePair[] },
): Map<string, NameCheck> {
  const nameChecks = new Map<string, NameCheck>()
  for (const f of wanted) {
    const l = learned.fonts.get(f)
    const nm = p.names.get(f)
    if (!l || !nm || p.doc.fonts.get(f)?.healthy || l.healthy) continue
    const c = { n: 0, k: 0, signs: 0 }
    for (const pr of learned.pairs) {
      if (pr.glyph.font !== f || !nm.has(pr.glyph.code)) continue
      const t = nm.get(pr.glyph.code)!
      if (!LETTER_OR_DIGIT.test(t)) c.signs++
      else {
        c.n++
        if (caseless(t) === caseless(pr.text)) c.k++
      }
    }
    nameChecks.set(f, c)
  }
  return nameChecks
}

/** How far the document's glyph names are trusted, with this anchor's checks counted. */
export interface NamesTrust {
  /** Fonts whose names this anchor confirmed over enough letters. */
  confirmedHere: number
  /** A font that names signs only is read by its names: another font's are confirmed and none refuted. */
  signsTrusted: boolean
  /** A font the OCR half confirms is read by its names: the document's are trusted (as a font met later is). */
  namesTrusted: boolean
}

/** The trust in the document's names once `checks` (this anchor's) are counted. */
export function namesTrust(p: PageState, checks: readonly NameCheck[]): NamesTrust {
  const confirmedHere = checks.filter((c) => c.n >= NAMES_PAIRS && c.k / c.n >= NAMES_AGREE).length
  const refutedHere = checks.filter((c) => c.n >= NAMES_PAIRS && c.k / c.n < NAMES_REFUTE).length
  const unrefuted = p.doc.namesRefuted + refutedHere === 0
  return {
    confirmedHere,
    signsTrusted: unrefuted && p.doc.namesConfirmed + confirmedHere >= 1,
    namesTrusted: unrefuted && p.doc.namesConfirmed + confirmedHere >= NAMES_TRUSTED,
  }
}

/** Whether a font's names are used, and on what ground: the OCR agreed, signs only, or the document's trust. */
export interface NameVerdict {
  named: boolean
  signsOnly: boolean
  byTrust: boolean
  /** Confirmed over enough letters to count for the document. */
  confirmed: boolean
}

/**
 * The verdict on font `f`'s names `nm` from its check `c`: a refutation is counted for the document, every named code
 * goes into `map` (seen or not) when the names are used, and the notes say why.
 */
export function judgeNames(p: PageState, f: string, nm: ReadonlyMap<string, string>, c: NameCheck, trust: NamesTrust, map: Map<string, string>): NameVerdict {
  const { n, k, signs } = c
  if (n >= NAMES_PAIRS && k / n < NAMES_REFUTE) p.doc.namesRefuted++
  const signsOnly = n < NAMES_MIN_PAIRS && signs >= NAMES_MIN_PAIRS && trust.signsTrusted
  const agreed = n >= NAMES_MIN_PAIRS && k / n >= NAMES_AGREE
  const byTrust = !agreed && n >= NAMES_MIN_PAIRS && k / n >= NAMES_REFUTE && trust.namesTrusted
  const named = agreed || signsOnly || byTrust
  // every named code is mapped, seen or not
  if (named) for (const [code, t] of nm) if (!map.has(code)) map.set(code, t)
  if (n > 0)
    p.notes.push(
      `font ${f}: glyph names agree with the OCR on ${k} of ${n} letters and digits${agreed ? '' : byTrust ? ": used, the document's names trusted" : ': not used'}`,
    )
  if (signsOnly) p.notes.push(`font ${f}: glyph names of ${signs} signs the OCR read, taken on the document's confirmed names`)
  return { named, signsOnly, byTrust, confirmed: named && n >= NAMES_PAIRS }
}
