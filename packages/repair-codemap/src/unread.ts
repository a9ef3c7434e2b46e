// The code-map repair's stages for codes no anchor read: sort the page's fonts by how much of them their maps read,
// learn codes no region read yet from regions read over their lines, and give runs no map reads the OCR's text.
import { learnFonts, LIGATURES, mapOf, agreement, type FontLearning, type LinePair } from './learn.js'
import { codeKey, itemGlyphs, NO_FONT, ocrByLine, ocrOfRuns, type Glyph, type LayerLine, type OcrChar } from './layout.js'
import {
  glyphsIn,
  inRegions,
  knownModels,
  MIN_COVERAGE,
  PICTURE_READ,
  readOver,
  sizeOf,
  UNKNOWN_CODE,
  WHOLE_PAGE,
  wordsOnce,
  type DeclineReason,
  type DocState,
  type PageState,
} from './state.js'

/** Whether glyph `g` is of a refused font, or of a short font and a code no region read: its run takes the OCR's text. */
export function needsOcr(p: PageState, g: Glyph): boolean {
  return !g.space && (p.refused.has(g.font) || (p.shortRead.has(g.font) && !p.doc.fonts.get(g.font)!.map.has(g.code)))
}

/**
 * Stage "sort fonts": the page's broken fonts with maps. Fonts of the page whose anchors were refused (here or before):
 * no map of theirs is used. And broken fonts too many of whose codes on this page no anchor read (their regions spent:
 * symbol tables, a font of a few pages), when other broken fonts keep their maps: the coverage rule holds font by font
 * for those that stay. The text of both is what the OCR reads over their runs, from this page's region where it
 * covered their lines, else from a region read over those lines alone; a page mostly in such fonts is left to OCR
 * whole.
 */
export function sortFonts(p: PageState): DeclineReason | undefined {
  const { count, doc: state, notes } = p
  const broken = new Set<string>()
  for (const f of count.keys()) {
    const s = state.fonts.get(f)
    if (s && !s.healthy && s.map.size > 0) broken.add(f)
  }
  if (broken.size === 0) {
    const rejected = [...count.keys()].filter((f) => state.fonts.get(f)?.rejected)
    if (rejected.length > 0) notes.push(`fonts whose anchors were refused: ${rejected.join(', ')}`)
    return 'no broken font with a map' // every font reads as itself, or none was learned
  }
  p.broken = broken
  p.refused = new Set([...count.keys()].filter((f) => state.fonts.get(f)?.healthy === false && state.fonts.get(f)!.map.size === 0))
  p.withMaps = new Set(broken)
  splitShort(p)
  return undefined
}

/**
 * Which fonts with maps stay broken (their maps read the page) and which are short of coverage; done again once a
 * region read here has taught the short fonts more codes.
 */
function splitShort(p: PageState): void {
  const { lines, withMaps, doc: state, spacer } = p
  const unread = new Map<string, [number, number]>()
  for (const l of lines)
    for (const g of l.glyphs) {
      if (g.space || !withMaps.has(g.font)) continue
      const c = unread.get(g.font) ?? [0, 0]
      c[0]++
      if (!state.fonts.get(g.font)!.map.has(g.code)) c[1]++
      unread.set(g.font, c)
    }
  p.unread = unread
  // not fonts whose runs' extents are false (dvips bitmaps): no OCR can be cut at them; they keep their maps and
  // count in the page's coverage as before
  const short = [...withMaps].filter((f) => !spacer.falseExtents(f) && 1 - unread.get(f)![1] / unread.get(f)![0] < MIN_COVERAGE)
  p.broken = new Set(withMaps)
  if (short.length < withMaps.size) for (const f of short) p.broken.delete(f)
  // A short font's codes that anchors did read keep their maps: only its runs holding codes no region read take the
  // OCR's text (the OCR misreads what the map, voted over many glyphs, reads right: `packaee` for `package`).
  p.shortRead = new Set(short.filter((f) => !p.broken.has(f)))
}

/**
 * Whether glyph `g` is of a code no region has read yet, of a font with a map (their fonts' anchors spent, or not
 * drawn on an anchor's lines), or of a font met here first: a region over their lines teaches them, once for each
 * code, as every page after this one would otherwise give them no text (a glyph the coverage rule lets through) or the
 * OCR's (a font short of read codes).
 */
function untried(p: PageState, g: Glyph): boolean {
  const state = p.doc
  if (g.space) return false
  // Not fonts whose runs' extents are false (dvips bitmaps: no region can be cut at their lines), nor fonts with
  // glyph names: what is free comes first, and names read a font's every code once the document trusts them (an
  // OCR-read map of a few glyphs would stand in their way: it cost lshort-fr's symbol tables 0.0005 of CER).
  if (!state.fonts.has(g.font)) return g.font !== NO_FONT && !state.triedFonts.has(g.font) && !p.spacer.falseExtents(g.font) && !p.names.get(g.font)?.size
  if (!p.withMaps.has(g.font)) return false
  const s = state.fonts.get(g.font)!
  return !s.map.has(g.code) && !s.tried?.has(g.code)
}

/**
 * Stage "learn unread codes": regions over the lines holding codes no region read (see {@link untried}), and the codes
 * learned from them. Fonts too small on the page for an anchor, met for the first time, are read with them.
 */
export async function learnUnreadCodes(p: PageState): Promise<undefined> {
  const { lines, ctx, doc: state, notes, regionsRead } = p
  const toLearn = lines.filter((l) => l.glyphs.some((g) => untried(p, g)))
  if (toLearn.length === 0 || !ctx.recognizeRegion) return undefined
  const fontsToLearn = new Set<string>()
  const fresh = new Set<string>()
  for (const l of toLearn)
    for (const g of l.glyphs)
      if (untried(p, g)) {
        const s = state.fonts.get(g.font)
        if (!s) fresh.add(g.font)
        else {
          fontsToLearn.add(g.font)
          ;(s.tried ??= new Set()).add(g.code)
        }
      }
  for (const f of fresh) state.triedFonts.add(f)
  const uncovered = toLearn.filter((l) => !inRegions(l, regionsRead))
  for (const group of groupsOfLines(uncovered)) {
    const r = await readOver(group, p)
    regionsRead.push(r)
    notes.push(`OCR region ${sizeOf(r.box)} pt read over ${group.length} line(s) of codes no region read`)
  }
  if (learnUnread(p, fontsToLearn, fresh, p.picturesHere) > 0) {
    for (const f of fresh) if (state.fonts.get(f)?.healthy === false) p.withMaps.add(f)
    splitShort(p)
  }
  return undefined
}

/**
 * Stage "read unmapped runs": the runs of refused fonts, and of short fonts where they hold codes no region read,
 * take the OCR's text: from the regions read on the page, else from a region read over their lines. What those
 * regions read teaches the short fonts more codes first.
 */
export async function readUnmappedRuns(p: PageState): Promise<DeclineReason | undefined> {
  const { lines, ctx, doc: state, notes, regionsRead, spacer, refused } = p
  let ocrFonts = new Set([...refused, ...p.shortRead])
  if (ocrFonts.size === 0) return undefined
  if (!ctx.recognizeRegion) return 'no OCR to anchor on'
  if ([...refused].some((f) => spacer.falseExtents(f))) return 'anchor OCR disagrees'
  const mappedCode = (f: string, code: string) => state.fonts.get(f)!.map.has(code)
  const runNeedsOcr = (i: number): boolean => {
    const r = spacer.runs[i]!
    const f = r.fontId ?? NO_FONT
    if (refused.has(f)) return true
    if (!p.shortRead.has(f)) return false
    const gs = itemGlyphs(r)
    return gs ? gs.some((g) => !mappedCode(f, codeKey(g.code))) : Array.from(r.text).some((c) => c.trim() !== '' && !mappedCode(f, c))
  }
  const why = (f: string) => `${f} (${refused.has(f) ? 'anchor refused' : `${p.unread.get(f)![1]} of ${p.unread.get(f)![0]} glyphs unread`})`
  const theirs = lines.filter((l) => l.glyphs.some((g) => needsOcr(p, g)))
  const uncovered = theirs.filter((l) => !inRegions(l, regionsRead))
  if (uncovered.length > 0) {
    const n = glyphsIn(uncovered)
    // most of the page: its text block is read, as an anchor's is (the page's other fonts still keep their maps)
    const r = await readOver(n / p.total > WHOLE_PAGE ? lines : uncovered, p)
    regionsRead.push(r)
    notes.push(`OCR region ${sizeOf(r.box)} pt read for the text of fonts without a map to read them by`)
  }
  // the box over the lines left may span lines the page's other regions read: their words are taken once
  const words = wordsOnce(regionsRead)
  // what the regions read teaches the short fonts the codes no anchor read, as an anchor would have (their regions
  // are spent, and this one is paid for already): the runs that still hold unread codes take the OCR's text
  if (p.shortRead.size > 0 && learnUnread(p, p.shortRead) > 0) {
    const before = ocrFonts.size
    splitShort(p)
    ocrFonts = new Set([...refused, ...p.shortRead])
    if (ocrFonts.size < before) notes.push(`${before - ocrFonts.size} font(s) read by their maps again`)
  }
  for (const [i, t] of ocrOfRuns(spacer.runs, words, runNeedsOcr)) p.runText.set(i, t)
  if (ocrFonts.size > 0) notes.push(`read from the OCR over their ${p.runText.size} runs: ${[...ocrFonts].map(why).join(', ')}`)
  return undefined
}

/**
 * Lines to read, in groups that are each read as one region: lines closer than {@link GROUP_GAP} of their height
 * together, so that a line at the top of a page and one at its foot are not read with the whole page between them
 * (a region costs its area); at most {@link MAX_GROUPS}, else all lines in one.
 */
function groupsOfLines(lines: readonly LayerLine[]): LayerLine[][] {
  if (lines.length === 0) return []
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0)
  const groups: LayerLine[][] = [[sorted[0]!]]
  let bottom = sorted[0]!.box.y1
  for (const l of sorted.slice(1)) {
    const h = Math.max(1, l.box.y1 - l.box.y0)
    if (l.box.y0 - bottom > GROUP_GAP * h) groups.push([l])
    else groups[groups.length - 1]!.push(l)
    bottom = Math.max(bottom, l.box.y1)
  }
  return groups.length > MAX_GROUPS ? [sorted] : groups
}
/**
 * Gap between lines, in line heights, over which they are read in regions of their own: two or three lines of prose
 * between them are read with them (each region is one more OCR call on a crop of the same render).
 */
const GROUP_GAP = 3
/** Regions read for the codes of one page at most: past it, a single region over all their lines. */
const MAX_GROUPS = 3

/** Codes a font's map needs before its share of signs says it is a symbol font. */
const SIGN_FONT_CODES = 5

/** Codes learned from the regions read on a page, before the lines holding them confirm them. */
interface Candidates {
  /** Per font, its codes' readings. */
  cand: Map<string, Map<string, string>>
  /** Fonts met here first whose whole map is a candidate. */
  freshMaps: Set<string>
  /** Codes given an accented form the OCR did not read: checked against the OCR as it read them (font NUL code). */
  asRead: Map<string, string>
  /** Doubtful readings resolved by the words of earlier pages (`e -> é`), and those left unread, for the notes. */
  resolved: string[]
  dropped: string[]
}

/**
 * Codes of `fonts` that no anchor read, learned from the OCR of the regions read on this page (deduplicated by word
 * centre), aligned with the lines they hold whole as an anchor's are. Kept when the lines holding such codes, with
 * every glyph read, agree with the OCR at the anchor's thresholds. Fonts of `fresh` (met here first) are learned
 * whole, or found healthy, or added to `pictures`. Returns the codes learned.
 */
function learnUnread(p: PageState, fonts: ReadonlySet<string>, fresh: ReadonlySet<string> = new Set(), pictures: Set<string> = new Set()): number {
  const { doc: state, notes } = p
  const words = wordsOnce(p.regionsRead)
  const inside = p.lines.filter((l) => inRegions(l, p.regionsRead))
  if (inside.length === 0) return 0
  const ocrLines = ocrByLine(inside, words)
  const learned = learnFonts(inside, ocrLines, knownModels(state), p.options.healthyIdentity)
  const decodeSettled = (g: Glyph): string | undefined => {
    const s = state.fonts.get(g.font)
    return !s || s.healthy ? g.text : s.map.get(g.code)
  }
  const c: Candidates = { cand: new Map(), freshMaps: new Set(), asRead: new Map(), resolved: [], dropped: [] }
  const plausible = (m: Map<string, string>, map: ReadonlyMap<string, string>, f: string) => keepPlausible(m, map, f, inside, state, decodeSettled, c)
  for (const f of fonts) {
    const s = state.fonts.get(f)!
    const l = learned.fonts.get(f)
    if (!l) continue
    const m = new Map([...mapOf(l.votes)].filter(([code]) => !s.map.has(code)))
    plausible(m, s.map, f)
    if (m.size > 0) c.cand.set(f, m)
  }
  learnFresh(p, fresh, inside, learned, plausible, c, pictures)
  const { resolved, dropped } = c
  if (resolved.length + dropped.length > 0)
    notes.push(
      `codes whose reading is doubtful: ${resolved.length ? `${resolved.join(', ')} by the words of earlier pages` : ''}${resolved.length && dropped.length ? '; ' : ''}${dropped.length ? `${dropped.join(', ')} left unread` : ''}`,
    )
  if (c.cand.size === 0) return 0
  return keepConfirmed(p, inside, ocrLines, learned.fonts, c)
}

/**
 * Fonts met here first, too small on the page for an anchor of their own (a footnote's marks, a logo): healthy when
 * their layer reads as the OCR reads them, pictures when it reads (next to) no letters over them, else learned whole
 * as the codes of known fonts are; once, whatever comes of it.
 */
function learnFresh(
  p: PageState,
  fresh: ReadonlySet<string>,
  inside: readonly LayerLine[],
  learned: { fonts: ReadonlyMap<string, FontLearning>; pairs: readonly LinePair[] },
  plausible: (m: Map<string, string>, map: ReadonlyMap<string, string>, f: string) => void,
  c: Candidates,
  pictures: Set<string>,
): void {
  for (const f of fresh) {
    let glyphs = 0
    for (const l of inside) for (const g of l.glyphs) if (!g.space && g.font === f) glyphs++
    if (glyphs === 0) continue
    const l = learned.fonts.get(f)
    const letters = learned.pairs.filter((pr) => pr.glyph.font === f && /[\p{L}\p{N}]/u.test(pr.text)).length
    // a few glyphs do not settle a font as healthy or as pictures for the document (a footnote's mark in the font
    // of a later page's table): only a map that its lines confirm is kept, and the font may spend its anchors later
    if (!l || letters < PICTURE_READ * glyphs) {
      pictures.add(f)
      p.notes.push(`font ${f}: the OCR reads ${letters} letters and digits over its ${glyphs} glyphs here: pictures, kept as they are`)
    } else if (l.healthy) {
      p.notes.push(`font ${f}: ${l.identity} of ${l.aligned} glyphs read here as the layer gives them: kept as they are`)
    } else {
      const m = mapOf(l.votes)
      plausible(m, new Map(), f)
      if (m.size > 0) {
        c.cand.set(f, m)
        c.freshMaps.add(f)
      }
    }
  }
}

/**
 * Each font's candidate codes are kept or not on the lines that hold them, read with every code learned here, at the
 * anchor's thresholds. Kept codes join the font's map (a fresh font gets its state). Returns the codes kept.
 */
function keepConfirmed(p: PageState, inside: readonly LayerLine[], ocrLines: OcrChar[][], learned: ReadonlyMap<string, FontLearning>, c: Candidates): number {
  const { doc: state, options: o, notes } = p
  const { cand, freshMaps, asRead } = c
  const decode = (g: Glyph): string => {
    const s = state.fonts.get(g.font)
    if (freshMaps.has(g.font)) return cand.get(g.font)!.get(g.code) ?? UNKNOWN_CODE
    if (!s || s.healthy) return g.text
    return s.map.get(g.code) ?? asRead.get(`${g.font}\u0000${g.code}`) ?? cand.get(g.font)?.get(g.code) ?? UNKNOWN_CODE
  }
  let n = 0
  for (const [f, m] of cand) {
    const holds = (l: LayerLine) =>
      l.glyphs.some((g) => !g.space && g.font === f && m.has(g.code)) && !l.glyphs.some((g) => !g.space && decode(g) === UNKNOWN_CODE)
    const ag = agreement(inside, ocrLines, decode, holds)
    const ok = ag.chars > 0 && ag.agreement >= o.minAgreement && ag.words >= o.minWordAgreement
    notes.push(
      `${m.size} ${freshMaps.has(f) ? 'code(s) of new font' : 'unread code(s) of'} ${f} read in this page's OCR (${[...m.values()].join(' ')}): its lines agree at ${ag.agreement.toFixed(3)} over ${ag.chars} letters and digits, words found ${ag.words.toFixed(3)}${ok ? '' : ': not kept'}`,
    )
    if (!ok) continue
    const votes = learned.get(f)!.votes
    if (freshMaps.has(f)) {
      state.fonts.set(f, {
        healthy: false,
        map: new Map(m),
        votes: new Map(votes),
        regions: 0,
        how: `OCR-read with other fonts on page ${p.page.pageNumber}`,
        fromFew: true,
      })
    } else {
      const s = state.fonts.get(f)!
      for (const [code, t] of m) {
        s.map.set(code, t)
        s.votes.set(code, votes.get(code)!)
      }
    }
    n += m.size
  }
  return n
}

/**
 * Leaves out of `m` (codes of font `f` learned from one reading, beside its settled map `map`) the readings an OCR
 * gives a glyph it cannot read:
 * - several characters for one glyph that are no ligature (`IK`, `[OO` over a symbol);
 * - letters and digits for the glyphs of a font whose map is mostly signs (a symbol font the OCR reads as letters);
 * - a letter or digit that two new codes are read as (`]` read as `J` beside the font's `J`), or that another code
 *   of the font stands for already: a font draws each with one code, so this is a misread, most often an accent
 *   the OCR left out (`vallee` for `vallée`), which the map would then repeat on every page. The letter's accented
 *   forms are tried against the words of the document's pages repaired before; one that makes words met there is
 *   taken (and put in `c.asRead` with the reading, for the check against the OCR).
 * Signs may share a reading: a font has several that OCR reads alike (hyphen, en dash and minus as `-`). What is
 * left out stays unread: its runs take the OCR's text.
 */
function keepPlausible(
  m: Map<string, string>,
  map: ReadonlyMap<string, string>,
  f: string,
  lines: readonly LayerLine[],
  state: DocState,
  settled: (g: Glyph) => string | undefined,
  c: Pick<Candidates, 'asRead' | 'resolved' | 'dropped'>,
): void {
  const wordly = (t: string) => /[\p{L}\p{N}]/u.test(t)
  let signs = 0
  for (const t of map.values()) if (!wordly(t)) signs++
  const signFont = map.size >= SIGN_FONT_CODES && signs > map.size / 2
  const taken = new Set(map.values())
  const once = new Set<string>()
  const twice = new Set<string>()
  for (const t of m.values()) (once.has(t) ? twice : once).add(t)
  for (const [code, t] of m) {
    if (Array.from(t).length > 1 && !LIGATURES.has(t)) {
      m.delete(code)
      c.dropped.push(t)
      continue
    }
    if (!wordly(t)) continue
    if (signFont || twice.has(t)) {
      m.delete(code)
      c.dropped.push(t)
      continue
    }
    if (!taken.has(t)) continue
    const other = (g: Glyph) => (g.font === f && m.has(g.code) && g.code !== code ? m.get(g.code)! : undefined)
    const pick = accentedByVocabulary(t, taken, lines, f, code, other, state, settled)
    if (pick === undefined) {
      m.delete(code)
      c.dropped.push(t)
    } else {
      m.set(code, pick)
      c.asRead.set(`${f}\u0000${code}`, t)
      c.resolved.push(`${t} -> ${pick}`)
    }
  }
}

/** Letters with one or two marks, by the letter they are built on: the forms an OCR that drops accents confuses. */
const ACCENTED = new Map<string, string[]>()
for (const c of 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸŒÆ') {
  const base = c === 'œ' ? 'o' : c === 'Œ' ? 'O' : c === 'æ' ? 'a' : c === 'Æ' ? 'A' : c.normalize('NFD').charAt(0)
  ACCENTED.set(base, [...(ACCENTED.get(base) ?? []), c])
}

/**
 * The accented form of letter `t` (one no code of the font stands for yet) that makes the most words of the lines,
 * with glyph `code` of font `f` read as it, words the document's repaired pages had; undefined when none makes one,
 * or two tie. `other` gives the other codes learned with it, `settled` the rest (undefined: unread, no word).
 */
function accentedByVocabulary(
  t: string,
  taken: ReadonlySet<string>,
  lines: readonly LayerLine[],
  f: string,
  code: string,
  other: (g: Glyph) => string | undefined,
  state: DocState,
  settled: (g: Glyph) => string | undefined,
): string | undefined {
  const forms = (ACCENTED.get(t) ?? []).filter((c) => !taken.has(c))
  if (forms.length === 0 || state.vocabulary.size === 0) return undefined
  const score = new Map<string, number>()
  for (const form of forms) {
    let n = 0
    for (const l of lines) {
      if (!l.glyphs.some((g) => g.font === f && g.code === code)) continue
      let text = ''
      for (const g of l.glyphs) text += g.space ? ' ' : g.font === f && g.code === code ? form : (other(g) ?? settled(g) ?? UNKNOWN_CODE)
      for (const w of text
        .normalize('NFC')
        .toLowerCase()
        .match(/\p{L}{3,}/gu) ?? [])
        if (w.includes(form.toLowerCase()) && state.vocabulary.has(w)) n++
    }
    score.set(form, n)
  }
  const ranked = [...score].sort((a, b) => b[1] - a[1])
  const [best, second] = ranked
  return best && best[1] > 0 && (!second || second[1] < best[1]) ? best[0] : undefined
}
