// The code-map repair's anchor stages: choose the lines that need OCR, read one region over them (look), learn the
// fonts' maps from what it read, and verify them: kept, refused, or the fonts taken as pictures.
import { bboxHeight, bboxWidth, centreIn, type BBox, type PageText } from '@pdftriage/core'
import { agreement, labelledSteps, learnFonts, mapOf, type FontLearning, type LinePair } from './learn.js'
import { learnSpacing, ocrByLine, respaced, Spacer, type Glyph, type LayerLine } from './layout.js'
import { checkNames, judgeNames, namesTrust, settleByNames, type NameCheck, type NamesTrust, type NameVerdict } from './names.js'
import {
  glyphsIn,
  knownModels,
  MIN_CHECK_CHARS,
  PICTURE_READ,
  regionAround,
  settledText,
  sizeOf,
  spacingOf,
  union,
  UNKNOWN_CODE,
  WHOLE_PAGE,
  within,
  type AnchorLearning,
  type DeclineReason,
  type FontState,
  type PageState,
} from './state.js'

/** Whether font `f` is worth an anchor on this page: not settled yet (big enough to matter), or codes not yet read. */
function needFont(p: PageState, f: string): boolean {
  const s = p.doc.fonts.get(f)
  // a font learned from a few glyphs is as a font not met yet: its anchors are for a page where it has many
  if (!s || s.fromFew) return (p.count.get(f) ?? 0) >= p.options.minFontGlyphs && !s?.healthy
  return !s.healthy && !s.rejected && s.regions < p.options.maxRegionsPerFont
}

/** Stage "choose anchor lines": lines with codes of fonts worth an anchor that no anchor read yet. */
export function chooseAnchorLines(p: PageState): undefined {
  const state = p.doc
  const needs = (l: LayerLine): boolean =>
    l.glyphs.some((g) => {
      if (g.space || !needFont(p, g.font)) return false
      const s = state.fonts.get(g.font)
      return !s || !s.map.has(g.code)
    })
  p.needed = p.lines.filter(needs)
  for (const l of p.needed) for (const g of l.glyphs) if (!g.space && needFont(p, g.font) && !state.fonts.get(g.font)?.map.has(g.code)) p.spentFor.add(g.font)
  return undefined
}

/** Stage "look": the anchor region's OCR, over the needed lines (the page's text block when they are most of it). */
export async function look(p: PageState): Promise<DeclineReason | undefined> {
  if (p.needed.length === 0) return undefined
  if (!p.ctx.recognizeRegion) return 'no OCR to anchor on' // the page goes to OCR as it would
  let box: BBox | undefined
  const use = glyphsIn(p.needed) / p.total > WHOLE_PAGE ? p.lines : p.needed
  for (const l of use) box = union(box, l.box)
  // Every font of the lines read is learned, small ones too: the region is paid for already.
  const wanted = new Set<string>()
  for (const l of use) {
    for (const g of l.glyphs) {
      if (g.space) continue
      const s = p.doc.fonts.get(g.font)
      if (!s || (!s.healthy && !s.rejected && !s.map.has(g.code))) wanted.add(g.font)
    }
  }
  box = regionAround(box!, p.page)
  const words = await readAnchor(p, box)
  p.doc.ocrRegions++
  p.regionsRead.push({ box, words })
  p.anchor = { use, box, wanted, words }
  return undefined
}

/**
 * The anchor's OCR words: the region read alone, or, where it covers `anchorAsPage` of a page that may be OCRed at the
 * anchor's resolution, the whole page read (the reading the page's OCR then reuses) and its words within the region.
 */
async function readAnchor(p: PageState, box: BBox): Promise<PageText['items']> {
  const { ctx, page, options } = p
  const read = ctx.recognizeRegion!
  const area = (b: BBox) => bboxWidth(b) * bboxHeight(b)
  const whole: BBox = { x0: 0, y0: 0, x1: page.width, y1: page.height }
  if (ctx.ocrDpi !== options.dpi || area(box) < options.anchorAsPage * area(whole)) return (await read(box, options.dpi)).items
  return (await read(whole, options.dpi)).items.filter((i) => centreIn(box, i.bbox))
}

/**
 * Stage "learn": the fonts' maps as the anchor's OCR reads them (candidates, not kept yet), their glyph names checked
 * against it, the spacing of fonts whose spacing is rebuilt, and the agreement of the lines so decoded with the OCR.
 */
export function learn(p: PageState): undefined {
  const a = p.anchor
  if (!a) return undefined
  const { doc: state, options: o, lines } = p
  const ocrLines = ocrByLine(lines, a.words)
  const learned = learnFonts(lines, ocrLines, knownModels(state), o.healthyIdentity)
  const next = new Map<string, FontState>()
  const newlyConfirmed = new Set<string>()
  const nameChecks = checkNames(p, a.wanted, learned)
  const trust = namesTrust(p, [...nameChecks.values()])
  for (const f of a.wanted) {
    const l = learned.fonts.get(f)
    if (!l) continue
    next.set(f, candidate(p, f, l, nameChecks.get(f), trust, newlyConfirmed))
  }
  const decodeNext = (g: Glyph): string => {
    const s = next.get(g.font) ?? state.fonts.get(g.font)
    if (!s || s.healthy) return g.text
    return s.map.get(g.code) ?? UNKNOWN_CODE
  }
  const checked = learnAnchorSpacing(p, ocrLines, learned.pairs, next)
  const ag = agreement(checked, ocrLines, decodeNext)
  p.pageAgreement = ag.agreement
  const brokenHere = [...next.entries()].filter(([, s]) => !s.healthy).map(([f]) => f)
  p.notes.push(
    `OCR region ${sizeOf(a.box)} pt at ${o.dpi} dpi for ${a.wanted.size} font(s), ${a.words.length} words; agreement with it ${ag.agreement.toFixed(3)} over ${ag.chars} letters and digits, the worst lines of a tenth left out (all lines ${ag.raw.toFixed(3)}; needs ${o.minAgreement}), its words found ${ag.words.toFixed(3)} (needs ${o.minWordAgreement})`,
  )
  p.learning = { learned, ocrLines, next, newlyConfirmed, checked, agreement: ag, brokenHere }
  return undefined
}

/**
 * Font `f`'s candidate state from what the anchor taught (`l`): settled codes keep their text, named codes take their
 * names' when the names are used (see {@link judgeNames}), new codes the anchor's votes. The votes are added to the
 * font's own (its settled votes object takes them whatever comes of the anchor).
 */
function candidate(p: PageState, f: string, l: FontLearning, check: NameCheck | undefined, trust: NamesTrust, newlyConfirmed: Set<string>): FontState {
  const state = p.doc
  const prev = state.fonts.get(f)
  const map = new Map(prev?.map ?? [])
  const nm = p.names.get(f)
  let v: NameVerdict = { named: false, signsOnly: false, byTrust: false, confirmed: false }
  if (nm && check) {
    v = judgeNames(p, f, nm, check, trust, map)
    if (v.confirmed) newlyConfirmed.add(f)
  }
  for (const [code, t] of mapOf(l.votes)) if (!map.has(code)) map.set(code, t)
  const votes = prev?.votes ?? new Map()
  for (const [code, n] of l.votes) if (!prev?.map.has(code)) votes.set(code, n)
  return {
    healthy: prev ? prev.healthy : l.healthy,
    map,
    votes,
    regions: (prev?.regions ?? 0) + (p.spentFor.has(f) ? 1 : 0),
    how:
      prev?.how ??
      (v.signsOnly || v.byTrust
        ? `glyph names${v.signsOnly ? ' of signs' : ''}, trusted after ${state.namesConfirmed + trust.confirmedHere} fonts' names confirmed`
        : v.named
          ? `glyph names, confirmed by OCR on page ${p.page.pageNumber}`
          : `OCR-anchored from page ${p.page.pageNumber}`),
    ...(prev?.spacing ? { spacing: prev.spacing } : {}),
    ...(v.named || prev?.named ? { named: true } : {}),
  }
}

/**
 * Fonts of rebuilt spacing learn it from the OCR's word boundaries (set on their candidates in `next`). Returns the
 * lines to check against the OCR: the words are checked on each half of the lines with the spacing learned from the
 * other half, so that the check does not grade the OCR's own labels.
 */
function learnAnchorSpacing(p: PageState, ocrLines: AnchorLearning['ocrLines'], pairs: readonly LinePair[], next: Map<string, FontState>): LayerLine[] {
  const { lines, page, spacer } = p
  const steps = labelledSteps(lines, ocrLines, pairs, (f) => spacer.rebuilt(f)).filter((s) => next.has(s.a.font) && !next.get(s.a.font)!.spacing)
  const spacing = learnSpacing(steps)
  let checked = lines
  if (spacing.size > 0) {
    const half = (odd: number) => new Spacer(page, new Map([...spacingOf(p.doc), ...learnSpacing(steps.filter((s) => s.line % 2 === odd))]))
    const byHalf = [half(1), half(0)]
    checked = lines.map((l, i) => respaced(l, byHalf[i % 2]!))
  }
  for (const [f, m] of spacing) next.get(f)!.spacing = m
  return checked
}

/**
 * Stage "verify anchor": the anchor's maps are kept when its OCR agrees with the lines they decode; where it reads
 * (next to) no letters the new fonts draw pictures; otherwise the maps are refused, and the page goes on only when
 * the lines of codes settled before still agree with the OCR.
 */
export function verifyAnchor(p: PageState): DeclineReason | undefined {
  const a = p.anchor
  const l = p.learning
  if (!a || !l) return undefined
  const o = p.options
  const ag = l.agreement
  const glyphsRead = glyphsIn(a.use)
  if (ag.chars < PICTURE_READ * glyphsRead) {
    // the OCR reads (next to) no letters where these fonts draw: pictures set in a font (picture-mode line segments,
    // logos), not text a reader could get; they are kept as the layer gives them and the page goes on without them
    for (const f of a.wanted)
      if (!p.doc.fonts.has(f))
        p.doc.fonts.set(f, {
          healthy: true,
          map: new Map(),
          votes: new Map(),
          regions: 1,
          how: 'pictures: OCR reads no text where it draws',
          pictures: true,
        })
    p.notes.push(`the OCR reads ${ag.chars} letters and digits over ${glyphsRead} glyphs: the new fonts draw pictures and are kept as they are`)
    return undefined
  }
  if (ag.chars === 0 || ag.agreement < o.minAgreement || ag.words < o.minWordAgreement) return refuseAnchor(p, a.box, l)
  keepAnchor(p, l)
  return undefined
}

/** The anchor's candidate maps become the document's, and fonts it taught nothing of take their names if they can. */
function keepAnchor(p: PageState, l: AnchorLearning): void {
  const state = p.doc
  for (const [f, s] of l.next) {
    const fl = l.learned.fonts.get(f)!
    s.agreement = fl.aligned ? agreementOfFont(l.learned.pairs, f, s) : undefined
    state.fonts.set(f, s)
  }
  state.namesConfirmed += l.newlyConfirmed.size
  // fonts of the region the alignment learned nothing of (a line of typewriter text the OCR read as one word)
  // take their names now that the region has confirmed others'
  if (l.newlyConfirmed.size > 0) settleByNames(p)
  p.anchored = l.brokenHere.length > 0
}

/**
 * A map that the anchor does not confirm is not kept; the fonts may try again on another page while regions last.
 * The region can only have failed on what it had no confirmed map for: fonts met here first, codes of settled fonts
 * first seen here. The other codes' maps were confirmed by earlier anchors, and the lines that hold only them must
 * still agree with the OCR (same thresholds); then the page is repaired from those maps, and the refused fonts and
 * codes are left to the coverage rule (unread codes, or their font's text read by OCR), as they would be if the page
 * went to OCR.
 */
function refuseAnchor(p: PageState, box: BBox, l: AnchorLearning): DeclineReason | undefined {
  const { doc: state, options: o, spacer } = p
  const refusedHere = new Set<string>()
  for (const [f, s] of l.next) {
    const prev = state.fonts.get(f)
    if (!s.healthy && !(prev && prev.map.size > 0)) refusedHere.add(f)
    if (prev) prev.regions = s.regions
    else if (!s.healthy) state.fonts.set(f, { ...s, map: new Map(), votes: new Map(), rejected: s.regions >= o.maxRegionsPerFont })
  }
  const unmapped = (g: Glyph): boolean => state.fonts.get(g.font)?.healthy === false && !state.fonts.get(g.font)!.map.has(g.code)
  // lines the region holds whole: a line at its edge is read cut
  const onlySettled = (ln: LayerLine) => within(ln.box, box) && !ln.glyphs.some((g) => !g.space && unmapped(g))
  const rest = agreement(l.checked, l.ocrLines, (g) => settledText(state, g), onlySettled, { signWords: true })
  // the words check is for spaces the repair rebuilds, as on a settled page's own check; elsewhere the spaces are the
  // extractor's, and the OCR's words of a formula or a table (`\usepackage [T1] {fontenc}`) say nothing of the map
  const spacesRebuilt = l.checked.some((ln) => onlySettled(ln) && ln.glyphs.some((g) => spacer.rebuilt(g.font)))
  p.notes.push(
    `refused for ${refusedHere.size} new font(s); the lines of settled codes only agree with it at ${rest.agreement.toFixed(3)} over ${rest.chars} letters and digits, its words found ${rest.words.toFixed(3)}${spacesRebuilt ? ' (spaces rebuilt)' : ''}`,
  )
  if (rest.chars >= MIN_CHECK_CHARS && (rest.agreement < o.minAgreement || (spacesRebuilt && rest.words < o.minWordAgreement))) return 'anchor OCR disagrees'
  return undefined
}

/** Share of a font's aligned glyphs whose learned text is what the OCR read there. */
function agreementOfFont(pairs: ReadonlyArray<{ glyph: { font: string; code: string }; text: string }>, f: string, s: FontState): number {
  let n = 0
  let k = 0
  for (const pr of pairs) {
    if (pr.glyph.font !== f) continue
    n++
    if (s.map.get(pr.glyph.code) === pr.text) k++
  }
  return n ? k / n : 0
}
