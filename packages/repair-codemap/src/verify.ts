// The code-map repair's verify stages: the repaired page must cover its broken fonts' glyphs, read as the document's
// language (or agree with the OCR of its own lines), and pass the judges.
import { decide } from './align.js'
import { applyMaps, decodeByMaps } from './apply.js'
import { agreement } from './learn.js'
import { NO_FONT, ocrByLine, Spacer, type Glyph, type LayerLine } from './layout.js'
import {
  inRegions,
  MIN_CHECK_CHARS,
  MIN_COVERAGE,
  MIN_WORDS,
  readOver,
  spacingOf,
  wordsOnce,
  type DeclineReason,
  type PageState,
  type Repaired,
} from './state.js'
import { needsOcr } from './unread.js'

/**
 * A page repaired from a settled map (no OCR of its own) must keep at least this share of the function words its
 * document's anchor page had: the same document, the same language (a false map reads near 0).
 */
const FUNCTION_WORD_KEEP = 0.4
/**
 * A settled page short of function words (an index, a table of commands) still passes when this share of its words
 * were met on the document's pages repaired before: a false map's words are strings never seen.
 */
const VOCABULARY_KEEP = 0.6
/** Words of 3 letters or more a page needs before its vocabulary share says anything. */
const MIN_VOCABULARY_WORDS = 30

/** The apply stage's result (every verify stage comes after it). */
const repairedOf = (p: PageState): Repaired => p.repaired!

/**
 * Stage "verify coverage": each broken font's map in the notes, and the share of the broken fonts' glyphs whose code
 * has a learned text ({@link MIN_COVERAGE}); short of it, the codes left unread are noted and the page declined.
 */
export function checkCoverage(p: PageState): DeclineReason | undefined {
  const { doc: state, notes, broken, lines } = p
  const { coverage, fw } = repairedOf(p)
  for (const f of broken) {
    const s = state.fonts.get(f)!
    const d = decide(s.votes)
    let votes = 0
    for (const v of d.values()) votes += v.votes
    const sp = s.spacing
      ? `, spacing rebuilt from advances of ${s.spacing.adv.size} codes and a word gap of ${s.spacing.gap.toFixed(2)} pt learned from the anchor's words`
      : ''
    notes.push(
      `font ${f}: ${s.map.size} codes mapped (${s.how}), ${votes} votes, agreement ${s.agreement?.toFixed(3) ?? 'n/a'}, ${s.regions} OCR region(s) spent${sp}`,
    )
  }
  notes.push(`coverage ${coverage.toFixed(3)} of the broken fonts' glyphs (needs ${MIN_COVERAGE}), function words ${fw.share.toFixed(2)} of ${fw.words} words`)
  if (coverage >= MIN_COVERAGE) return undefined
  for (const f of broken) {
    const s = state.fonts.get(f)!
    const unseen = new Map<string, number>()
    for (const l of lines) for (const g of l.glyphs) if (!g.space && g.font === f && !s.map.has(g.code)) unseen.set(g.code, (unseen.get(g.code) ?? 0) + 1)
    if (unseen.size > 0)
      notes.push(
        `font ${f}: ${unseen.size} codes unread (${[...unseen.values()].reduce((a, b) => a + b, 0)} glyphs), ${s.regions} of ${p.options.maxRegionsPerFont} regions spent`,
      )
  }
  return 'coverage'
}

/**
 * Stage "verify words": a page repaired from maps settled on earlier pages (no anchor of its own) must read as its
 * document: enough function words ({@link FUNCTION_WORD_KEEP} of the anchor page's), or words met on the pages
 * repaired before, or else its mapped lines must agree with the OCR of its own lines.
 */
export async function checkFunctionWords(p: PageState): Promise<DeclineReason | undefined> {
  const { doc: state, notes } = p
  const { fw, words } = repairedOf(p)
  if (p.anchored || state.anchorFunctionWords === undefined || fw.words < MIN_WORDS || fw.share >= FUNCTION_WORD_KEEP * state.anchorFunctionWords)
    return undefined
  const met = words.filter((w) => state.vocabulary.has(w)).length
  const share = words.length ? met / words.length : 0
  notes.push(
    `function words short of ${FUNCTION_WORD_KEEP} of the anchor's ${state.anchorFunctionWords.toFixed(2)}; ${met} of ${words.length} words met on earlier pages (needs ${VOCABULARY_KEEP})`,
  )
  if (words.length >= MIN_VOCABULARY_WORDS && share >= VOCABULARY_KEEP) return undefined
  // A page the document's words do not vouch for (a symbol table, a figure's labels) is checked against the OCR
  // of its own lines, as an anchor is: a region read here already, or its text block (the OCR it would get).
  if (!p.ctx.recognizeRegion) return 'function words'
  return checkOwnLines(p)
}

/** The check of {@link checkFunctionWords} against the OCR of the page's own lines. */
async function checkOwnLines(p: PageState): Promise<DeclineReason | undefined> {
  const { doc: state, notes, lines, broken, shortRead, regionsRead, spacer, names, options: o } = p
  const decode = decodeByMaps(state)
  const covering = (l: LayerLine) => inRegions(l, regionsRead)
  // Lines whose broken glyphs all read by the file's own names are not the check's: names were confirmed for the
  // document, and the OCR reads a symbol table's names worst (`ACAOLSAVAOLS` for `\dots \cdots \vdots`). The
  // maps checked are those the OCR taught.
  const taughtGlyph = (g: Glyph) =>
    !g.space && (broken.has(g.font) || shortRead.has(g.font)) && !(state.fonts.get(g.font)?.named && names.get(g.font)?.has(g.code))
  const taught = (l: LayerLine) => l.glyphs.some(taughtGlyph)
  const mapped = (l: LayerLine) => !l.glyphs.some((g) => needsOcr(p, g)) && taught(l)
  const finalText = (g: Glyph): string => (broken.has(g.font) || shortRead.has(g.font) ? decode(g.font, g.code) : g.text)
  const check = () => {
    const seen = wordsOnce(regionsRead)
    // words are runs of letters and digits here: such a page is code or a figure's commands more often than not, which
    // OCR splits at brackets where the layer has no space (lshort-fr's picture listing found 0.30 of its words)
    return agreement(lines, ocrByLine(lines, seen), finalText, (l) => mapped(l) && covering(l), {
      unreadScripts: true,
      overSymbols: true,
      signWords: true,
    })
  }
  // Letters and digits the OCR taught on the lines checked: where they are few, the check needs no more than
  // half of them read (a page of names with a few taught signs), else MIN_CHECK_CHARS.
  let taughtLetters = 0
  for (const l of lines) if (mapped(l)) for (const g of l.glyphs) if (taughtGlyph(g) && /[\p{L}\p{N}]/u.test(finalText(g))) taughtLetters++
  const needChars = Math.min(MIN_CHECK_CHARS, Math.ceil(taughtLetters / 2))
  let own = check()
  if (own.chars < needChars) {
    // the regions read here hold too little of the mapped lines (a figure's, a formula's): the text block is read
    regionsRead.unshift(await readOver(lines, p))
    own = check()
  }
  // the words check is for spaces the repair rebuilds; elsewhere the spaces are the extractor's own, as on any kept
  // page
  const spacesRebuilt = lines.some((l) => mapped(l) && covering(l) && l.glyphs.some((g) => spacer.rebuilt(g.font)))
  notes.push(
    `the page's mapped lines agree with the OCR of its own lines at ${own.agreement.toFixed(3)} over ${own.chars} letters and digits (${own.wild} letters of scripts it read nowhere taken as read, ${own.dropped} of its letters over symbols left out), its words found ${own.words.toFixed(3)} (needs ${needChars} letters, ${o.minAgreement}${spacesRebuilt ? `, words ${o.minWordAgreement}` : ''})`,
  )
  const namesOnly = !lines.some((l) => !l.glyphs.some((g) => needsOcr(p, g)) && taught(l))
  if (namesOnly) notes.push("every mapped line reads by the file's glyph names: nothing the OCR taught to check")
  else if (own.chars < needChars || own.agreement < o.minAgreement || (spacesRebuilt && own.words < o.minWordAgreement)) return 'function words'
  return undefined
}

/**
 * Stage "verify by judges": the judges must take the repaired page as a healthy layer. Picture fonts are kept as the
 * layer gives them; where that text is what the judges refuse (a font of line segments whose codes read as
 * ideographs), the page goes without it: it was no text a reader could get. A page taken adds its words to the
 * document's vocabulary.
 */
export async function askJudges(p: PageState): Promise<DeclineReason | undefined> {
  const { page, ctx, doc: state, notes, count, broken, shortRead, runText, picturesHere } = p
  const { cand, fonts, words } = repairedOf(p)
  if (p.pageAgreement === undefined) notes.push('no OCR on this page: maps settled on earlier pages')
  let v = await ctx.judge(cand)
  let out = cand
  const pictures = new Set([...count.keys()].filter((f) => state.fonts.get(f)?.pictures || picturesHere.has(f)))
  if ((v.needsOcr || v.layer === 'blank') && pictures.size > 0) {
    const decode = decodeByMaps(state)
    const bare = applyMaps(
      page,
      (f, c) => (pictures.has(f) ? '' : decode(f, c)),
      new Set([...broken, ...shortRead, ...pictures]),
      new Spacer(page, spacingOf(state)),
      runText,
    )
    const without = { ...bare, items: bare.items.filter((it) => !pictures.has(it.fontId ?? NO_FONT) || it.text.trim() !== ''), fonts }
    const w = await ctx.judge(without)
    notes.push(`the judges refuse the page with its picture fonts' text (${v.layer}); without it (${[...pictures].join(', ')}): ${w.layer}`)
    if (!w.needsOcr && w.layer !== 'blank') {
      v = w
      out = without
    }
  }
  if (v.needsOcr || v.layer === 'blank') {
    notes.push(`the judges refuse the repaired page: ${v.layer}; ${v.notes.slice(-3).join('; ')}`)
    return 'judges'
  }
  for (const w of words) state.vocabulary.add(w)
  p.result = out
  return undefined
}
