// The `reflect` repair plugin: fonts whose codes are stored reflected, shifted by a constant, or substituted
// throughout are read back, font by font, and the page kept only when the result reads.
import { resolvePath } from '#platform'
import { accentMark, definePlugin, spacingAccent, type PageText, type Repair, type RepairContext, type RepairResult, type TextItem } from '@pdftriage/core'
import { composeAccents, liftAccents, type GlyphNames, type LiftedAccent } from './accents.js'
import { charStats, statsScore } from './char-stats.js'
import { glyphOffsets, repairedCodeMaps, withCodeMaps, type PageCodeMaps } from './code-map.js'
import { modelScorer, statsScorer, type LanguageScorer } from './language-scorer.js'
import type { LetterPairModel } from './letter-pair-model.js'
import { loadLetterPairModel } from './load-model.js'
import { reflectOptionsSchema, type ResolvedReflectOptions } from './options.js'
import { fontTexts, NO_FONT, nonSpace, remapPage, type Decoder } from './page-fonts.js'
import { charOfGlyphName, reflectCode, reflectedShares, reflectionKeeps, unreflect } from './reflect.js'
import { MIN_EXPLAINED, findShift, shiftExplains, shiftText } from './shift.js'
import { applySubstitution, solveSubstitution } from './substitution.js'

/** Name of the repair in page records and notes. */
export const REFLECT_NAME = 'reflect'

/** A reflected font shows at least this share of its characters in 0xA1..0xFF (healthy French text: under 0.05). */
const REFLECTED_HIGH_SHARE = 0.5
/** ... and at most this share of printable ASCII, which a reflected font never stores. */
const REFLECTED_ASCII_SHARE = 0.05
/** Nats above the model's threshold a solved substitution must reach: the seed's own margin, once more. */
const SUBSTITUTION_MARGIN = 0.5
/** Share of a solution's words (3+ letters) that must be words of the training pages. */
const VOCABULARY_SHARE = 0.6
/** Share of a font's characters the model cannot name (digits, rare punctuation) above which the solve declines. */
const MAX_UNRESOLVED = 0.03
/** Share of the page's characters an unsolved garbled font may carry before the whole repair declines. */
const MAX_UNSOLVED_SHARE = 0.05

/**
 * Gain of the character-statistics score a repaired page needs over the stored one: healthy prose scores 1.2-1.6,
 * reflected, shifted and substituted layers under 0.8 (function words near 0).
 */
const STATS_GAIN = 0.3

/**
 * Share of a repaired page's words that must be French or English function words of two letters or more: prose
 * 0.25-0.40, the ASCII junk a reflection makes of a Latin-1 substitution 0.00-0.05. Judged from {@link MIN_WORDS}
 * words; a page in another language, or a table, is refused and goes to OCR, as a wrong repair costs more.
 */
const MIN_FUNCTION_WORDS = 0.12
const MIN_WORDS = 30

/** One method's proposal: decoders per font and the evidence. */
interface Proposal {
  method: 'reflect' | 'shift' | 'substitution'
  decoders: Map<string, Decoder>
  /** The decoders read each character alone (shift, substitution), not from its neighbours (the reflection's choice). */
  contextFree: boolean
  notes: string[]
  /** The mark a glyph's stored text reads as when it is an accent (the reading of one glyph alone). */
  markOf: (fontId: string, stored: string) => string | undefined
}

/**
 * A reflected font's accent: its stored text is the spacing accent itself where the reflection leaves it (the acute
 * U+00B4 would reflect to ASCII, the circumflex U+02C6 is out of range), else the reflection of one (the grave `` ` ``
 * is stored as `À`).
 */
function reflectedMark(stored: string): string | undefined {
  const m = accentMark(stored)
  if (m || stored.length !== 1) return m
  const c = stored.charCodeAt(0)
  return c >= 0xa1 && c <= 0xff ? accentMark(String.fromCharCode(reflectCode(c))) : undefined
}

/**
 * The readings of an item's stored text that its font's glyph names settle: where a glyph's code is named for a letter,
 * a digit or an accented letter that is one of the reflection's two readings of its character (`seven` for a stored
 * `é`, `eacute` for another), that reading.
 */
function namedReadings(s: string, it: TextItem, names: Readonly<Record<string, string>>): Array<number | undefined> | undefined {
  const at = it.glyphs && glyphOffsets(s, it.glyphs)
  if (!at) return undefined
  const fixed: Array<number | undefined> = []
  it.glyphs!.forEach((g, k) => {
    const p = at[k]
    const name = names[String(g.code)]?.split(' ')[0]
    const ch = name !== undefined ? charOfGlyphName(name) : undefined
    if (!p || p.len !== 1 || ch === undefined || ch.length !== 1) return
    const c = s.charCodeAt(p.at)
    const u = ch.charCodeAt(0)
    if (u === c || (c >= 0xa1 && c <= 0xff && u === reflectCode(c))) fixed[p.at] = u
  })
  return fixed
}

/** Glyph names of the page's fonts: what the extractor gives on asking (`ctx.glyphNames`), over the page's `/Differences`. */
async function pageGlyphNames(page: PageText, ctx: RepairContext, fonts: readonly string[]): Promise<GlyphNames> {
  const out: Record<string, Record<string, string>> = {}
  for (const f of fonts) {
    const d = page.fonts?.[f]?.glyphNames
    if (d) out[f] = { ...d }
  }
  const asked: GlyphNames = ctx.glyphNames ? await ctx.glyphNames(fonts).catch(() => ({})) : {}
  for (const [f, m] of Object.entries(asked)) out[f] = { ...(out[f] ?? {}), ...m }
  return out
}

/** Share of the words of 3+ letters of `text` found in the training vocabulary; `undefined` without words. */
function vocabularyShare(text: string, vocab: ReadonlySet<string>): number | undefined {
  const words = text.toLowerCase().match(/\p{L}{3,}/gu) ?? []
  if (words.length === 0) return undefined
  let k = 0
  for (const w of words) if (vocab.has(w)) k++
  return k / words.length
}

/** An accent's mark from its font's decoder reading the glyph alone (shift, substitution). */
const contextFreeMark =
  (decoders: ReadonlyMap<string, Decoder>) =>
  (f: string, t: string): string | undefined => {
    const d = decoders.get(f)
    return d ? accentMark(d(t)) : undefined
  }

/**
 * Each lifted accent's code mapped to its spacing accent in its font's map (a ToUnicode CMap maps a code alone; the
 * extractor puts the spacing accent over its letter when the file is read again), unless the code reads otherwise.
 */
function accentCodes(maps: PageCodeMaps, accents: readonly LiftedAccent[]): void {
  for (const a of accents) {
    const m = maps.fonts.get(a.fontId)
    if (!m || !('map' in m)) continue
    m.map[String(a.code)] ??= spacingAccent(a.mark)
  }
}

/** What the page's code maps are, for the notes: written as ToUnicode CMaps, or why the writer keeps a layer. */
function codeMapNote(maps: PageCodeMaps, mapped: boolean): string {
  const parts = [...maps.fonts].map(([f, m]) =>
    'map' in m
      ? `font ${f || '(none)'} ${Object.keys(m.map).length} codes${m.outvoted ? `, ${m.outvoted} glyphs outvoted` : ''}`
      : `font ${f || '(none)'} ${m.failure} (${m.codes})`,
  )
  return `${mapped ? 'code maps' : 'no code maps (a searchable PDF keeps a text layer)'}: ${parts.join(', ')}`
}

/** The repair component: tries reflection, then shift, then substitution, each per font. */
export class ReflectRepair implements Repair {
  readonly name = REFLECT_NAME
  private readonly scorer: LanguageScorer

  constructor(
    private readonly options: ResolvedReflectOptions,
    private readonly model: LetterPairModel | undefined,
  ) {
    this.scorer = model ? modelScorer(model) : statsScorer()
  }

  /** Returns the repaired page and its evidence, or `undefined` when no method recovers it with confidence. */
  async repair(page: PageText, ctx: RepairContext): Promise<RepairResult | undefined> {
    const chars = nonSpace(page.text)
    if (chars < this.options.minChars) return undefined // on a short sample a repair would answer for too little
    // Accents drawn apart are no letters of the font's text: the methods judge the fonts without them (the glyphs the
    // fonts name as accents, and of the others each first of two glyphs drawn over each other, as TeX draws accents)
    const fontIds = [...new Set(page.items.filter((it) => it.glyphs?.length).map((it) => it.fontId ?? NO_FONT))]
    const names = fontIds.length ? await pageGlyphNames(page, ctx, fontIds) : undefined
    const detect = names ? liftAccents(page, new Set(fontIds), names, () => '\u0301') : undefined
    const fonts = fontTexts(detect?.page ?? page)
    const stored = this.scorer.score(page.text)
    const storedStats = statsScore(charStats(page.text))
    const methods: Array<() => Proposal | undefined> = []
    if (this.options.reflect) methods.push(() => this.proposeReflect(fonts, names))
    if (this.options.shift) methods.push(() => this.proposeShift(fonts, chars))
    if (this.options.substitution && this.model) methods.push(() => this.proposeSubstitution(fonts, chars, this.model!))
    for (const m of methods) {
      const p = m()
      if (!p) continue
      // accents drawn apart from their letters are taken out before the letters are decoded, and put back over them
      const lifted = names ? liftAccents(page, new Set(p.decoders.keys()), names, p.markOf) : undefined
      const base = lifted?.page ?? page
      const accents = lifted?.accents ?? []
      const decoded = remapPage(base, p.decoders)
      const cand = composeAccents(decoded, accents)
      const score = this.scorer.score(cand.text)
      const gain = statsScore(charStats(cand.text)) - storedStats
      const head = `${this.scorer.name} ${score.toFixed(2)} (stored ${stored.toFixed(2)}), character statistics +${gain.toFixed(2)} over stored (needs ${STATS_GAIN})`
      // the model alone cannot say "better": a stored layer of Latin-1 runs scores high on OTHER -> OTHER pairs
      if (!this.scorer.reads(cand.text) || !(gain >= STATS_GAIN)) continue
      const st = charStats(cand.text)
      if (st.words >= MIN_WORDS && st.longFunctionWordShare < MIN_FUNCTION_WORDS) continue
      const v = await ctx.judge(cand)
      if (v.needsOcr || v.layer === 'blank') continue
      const decoders = new Map([...p.decoders].map(([f, decode]) => [f, { alone: p.contextFree ? decode : reflectionKeeps }]))
      const maps = repairedCodeMaps(base, decoded, decoders)
      accentCodes(maps, accents)
      // the page with one reading per code, when the judges still take it (they took the reading glyph by glyph)
      const mappedDecoded = withCodeMaps(decoded, maps)
      const mapped = mappedDecoded && composeAccents(mappedDecoded, accents)
      const out = mapped && (mapped.text === cand.text || !(await ctx.judge(mapped)).needsOcr) ? mapped : cand
      return {
        page: out,
        notes: [
          `method ${p.method}`,
          ...p.notes,
          ...(accents.length ? [`${accents.length} accents drawn apart put over their letters`] : []),
          head,
          `function words of 2+ letters ${st.longFunctionWordShare.toFixed(2)} of ${st.words} words (needs ${MIN_FUNCTION_WORDS})`,
          codeMapNote(maps, out !== cand),
        ],
      }
    }
    return undefined
  }

  private proposeReflect(fonts: Map<string, string>, names: GlyphNames | undefined): Proposal | undefined {
    const decoders = new Map<string, Decoder>()
    const notes: string[] = []
    for (const [f, t] of fonts) {
      const sh = reflectedShares(t)
      if (sh.nonSpace === 0 || sh.high < REFLECTED_HIGH_SHARE || sh.ascii > REFLECTED_ASCII_SHARE) continue
      const named = names?.[f]
      decoders.set(f, (s, it) => unreflect(s, this.model, named && it ? namedReadings(s, it, named) : undefined))
      notes.push(`font ${f || '(none)'}: ${sh.nonSpace} characters, 0xA1-0xFF ${sh.high.toFixed(2)}, ASCII ${sh.ascii.toFixed(2)}`)
    }
    return decoders.size ? { method: 'reflect', decoders, contextFree: false, notes, markOf: (_f, t) => reflectedMark(t) } : undefined
  }

  private proposeShift(fonts: Map<string, string>, pageChars: number): Proposal | undefined {
    const decoders = new Map<string, Decoder>()
    const notes: string[] = []
    const found = new Set<number>()
    const small: Array<[string, string]> = []
    let unsolved = 0
    for (const [f, t] of fonts) {
      if (this.scorer.reads(t)) continue
      const n = nonSpace(t)
      if (n < this.options.minFontChars) {
        small.push([f, t])
        continue
      }
      const r = findShift(t, this.scorer)
      const clear = r && r.reads && r.score - Math.max(r.runnerUp, r.stored) >= this.scorer.margin
      if (!r || !clear) {
        unsolved += n
        continue
      }
      const k = r.shift
      decoders.set(f, (s) => shiftText(s, k))
      found.add(k)
      notes.push(
        `font ${f || '(none)'}: shift ${k >= 0 ? '+' : '-'}0x${Math.abs(k).toString(16).toUpperCase()}, ${this.scorer.name} ${r.score.toFixed(2)}, runner-up ${r.runnerUp.toFixed(2)}, stored ${r.stored.toFixed(2)}, explains ${r.explained.toFixed(3)} of the characters`,
      )
    }
    if (decoders.size === 0) return undefined
    // small fonts: the shifts found on this page, when one makes them score better than stored
    for (const [f, t] of small) {
      let best = this.scorer.score(t)
      let arg: number | undefined
      for (const k of found) {
        if (shiftExplains(t, k) < MIN_EXPLAINED) continue
        const s = this.scorer.score(shiftText(t, k))
        if (s > best) {
          best = s
          arg = k
        }
      }
      if (arg !== undefined) {
        const k = arg
        decoders.set(f, (s) => shiftText(s, k))
      } else unsolved += nonSpace(t)
    }
    if (unsolved / pageChars > MAX_UNSOLVED_SHARE) return undefined
    return { method: 'shift', decoders, contextFree: true, notes, markOf: contextFreeMark(decoders) }
  }

  private proposeSubstitution(fonts: Map<string, string>, pageChars: number, model: LetterPairModel): Proposal | undefined {
    const vocab = model.words?.vocabulary
    if (!vocab || vocab.size === 0) return undefined // word shapes are part of the evidence: no vocabulary, no solve
    const decoders = new Map<string, Decoder>()
    const notes: string[] = []
    let unsolved = 0
    const need = model.threshold + SUBSTITUTION_MARGIN
    for (const [f, t] of fonts) {
      if (this.scorer.reads(t)) continue
      const n = nonSpace(t)
      const sub = n >= this.options.minFontChars ? solveSubstitution(t, model, { seed: this.options.seed, restarts: this.options.restarts }) : undefined
      if (!sub) {
        unsolved += n
        continue
      }
      const text = applySubstitution(t, sub.map)
      const vs = vocabularyShare(text, vocab) ?? 0
      const ok = sub.score >= need && vs >= VOCABULARY_SHARE && sub.unresolvedShare <= MAX_UNRESOLVED
      const note = `font ${f || '(none)'}: ${n} characters, ${sub.map.size} symbols, score ${sub.score.toFixed(2)} (needs ${need.toFixed(2)} = threshold ${model.threshold.toFixed(2)} + ${SUBSTITUTION_MARGIN}), training words ${vs.toFixed(2)} (needs ${VOCABULARY_SHARE}), unresolved ${sub.unresolvedShare.toFixed(3)} (max ${MAX_UNRESOLVED})${sub.spaceSymbol ? `, separator ${JSON.stringify(sub.spaceSymbol)}` : ''}`
      if (!ok) {
        unsolved += n
        continue
      }
      decoders.set(f, (s) => applySubstitution(s, sub.map))
      notes.push(note)
    }
    if (decoders.size === 0 || unsolved / pageChars > MAX_UNSOLVED_SHARE) return undefined
    return { method: 'substitution', decoders, contextFree: true, notes, markOf: contextFreeMark(decoders) }
  }
}

/** The `reflect` repair plugin: recovers reflected, shifted and substituted layers without OCR. */
export const reflectRepair = definePlugin({
  kind: 'repair',
  name: REFLECT_NAME,
  optionsSchema: reflectOptionsSchema,
  async create(options, ctx) {
    const model = options.model ? await loadLetterPairModel(resolvePath(ctx.baseDir, options.model), REFLECT_NAME) : undefined
    return new ReflectRepair(options, model)
  },
})
