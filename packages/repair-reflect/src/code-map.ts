// The code maps of the reflect repair: what each code of a repaired font reads on the repaired page, so that a writer
// can put a ToUnicode map into the file instead of laying an invisible text layer over the broken one.
import { rejoinItems, type FontInfo, type ItemGlyph, type PageText } from '@pdftriage/core'

/** Why a font's codes could not be given one reading each (the writer then keeps the invisible layer). */
export type CodeMapFailure = 'no codes' | 'unaligned' | 'conflict'

/** What the page's repair reads for each code of one font, or why it cannot say. */
export type FontCodeMap = { map: Record<string, string>; outvoted: number } | { failure: CodeMapFailure; codes: number }

/** A glyph whose repaired reading is not its code's: item index, offset in the item's text, the code's reading. */
interface Rewrite {
  item: number
  at: number
  text: string
}

/** The code maps of a page's repaired fonts, and the glyphs whose reading a map outvoted. */
export interface PageCodeMaps {
  fonts: Map<string, FontCodeMap>
  rewrites: Rewrite[]
}

/** Text the extractor puts between glyphs (a gap read as a space, a line end) or adds to one (a merged accent's mark). */
const isBlankOrMark = (ch: string): boolean => /[\s\p{M}]/u.test(ch)

/**
 * Where each glyph's text stands in its item's text (as the item holds it, NFC): the start offset and length, or
 * `undefined` for a glyph not placed (its text empty, an accent merged into its letter; or not where the glyphs
 * before it left off, an accent the extractor moved after its letter). Between glyphs only blanks and combining marks
 * may stand. `undefined` when text is left that no glyph spells.
 */
export function glyphOffsets(text: string, glyphs: readonly ItemGlyph[]): Array<{ at: number; len: number } | undefined> | undefined {
  const out: Array<{ at: number; len: number } | undefined> = []
  let pos = 0
  for (const g of glyphs) {
    const t = g.text.normalize('NFC')
    let p = pos
    while (t !== '' && !text.startsWith(t, p) && p < text.length && isBlankOrMark(text[p]!)) p++
    if (t === '' || !text.startsWith(t, p)) {
      out.push(undefined)
      continue
    }
    out.push({ at: p, len: t.length })
    pos = p + t.length
  }
  for (; pos < text.length; pos++) if (!isBlankOrMark(text[pos]!)) return undefined
  return out
}

/** A repaired font's decoder as {@link repairedCodeMaps} needs it. */
export interface FontDecoder {
  /**
   * What one glyph's stored text reads alone, when that does not hang on its neighbours: every character for a shift
   * or a substitution, only characters the reflection leaves as they are for a reflection; `undefined` otherwise.
   */
  alone: (s: string) => string | undefined
}

/** The reading among `readings` that is the code's own character, when exactly one is. */
function ownReading(code: number, readings: ReadonlyMap<string, number>): string | undefined {
  const own = [...readings.keys()].filter((t) => t.length === 1 && t.charCodeAt(0) === code)
  return own.length === 1 ? own[0] : undefined
}

/**
 * What each code of the repaired fonts reads on the repaired page, from the glyphs the extractor kept: the stored
 * item text and the repaired one have the same length (every decoder of this repair maps one code unit to one), so
 * each placed glyph's repaired text is the same span of the repaired item; a glyph not placed is read alone when its
 * decoder can. A font gets a map only when every code it draws has a reading most of its glyphs agree on: a code
 * with no glyph code (-1), one never read, or one read two ways equally often would write a ToUnicode that extracts
 * other text than the repair's.
 */
export function repairedCodeMaps(stored: PageText, repaired: PageText, decoders: ReadonlyMap<string, FontDecoder>): PageCodeMaps {
  const r = readingsOf(stored, repaired, decoders)
  const simple = (f: string): boolean => {
    const kind = stored.fonts?.[f]?.kind
    return kind !== 'Type0' && kind !== 'Type3'
  }
  const fonts = new Map<string, FontCodeMap>()
  const rewrites: Rewrite[] = []
  for (const [f, m] of r.readings) fonts.set(f, fontCodeMap(f, m, r, simple(f), rewrites))
  return { fonts, rewrites }
}

/** Per font: each code's readings (text -> glyphs), where its placed glyphs stand, and glyphs without a code. */
interface Readings {
  readings: Map<string, Map<number, Map<string, number>>>
  placed: Map<string, Map<number, Array<{ item: number; at: number; text: string }>>>
  noCode: Map<string, number>
}

/**
 * What each code of the repaired fonts reads on the repaired page, glyph by glyph: a placed glyph's span of the
 * repaired item, else its stored text read alone when its decoder can.
 */
function readingsOf(stored: PageText, repaired: PageText, decoders: ReadonlyMap<string, FontDecoder>): Readings {
  const readings = new Map<string, Map<number, Map<string, number>>>()
  const placed = new Map<string, Map<number, Array<{ item: number; at: number; text: string }>>>()
  const noCode = new Map<string, number>()
  const codes = (f: string): Map<number, Map<string, number>> => {
    let m = readings.get(f)
    if (!m) readings.set(f, (m = new Map()))
    return m
  }
  for (const f of decoders.keys()) codes(f)
  stored.items.forEach((it, i) => {
    const f = it.fontId
    const d = f !== undefined ? decoders.get(f) : undefined
    if (f === undefined || !d || !/\S/.test(it.text)) return // a blank item draws nothing to read
    const gs = it.glyphs
    const out = repaired.items[i]
    // glyphs the item's text does not spell in drawing order (right-to-left text the extractor put in reading order)
    // are read alone, or where their codes are placed elsewhere
    const at = gs && out && out.text.length === it.text.length ? (glyphOffsets(it.text, gs) ?? gs.map(() => undefined)) : undefined
    if (!gs || gs.length === 0 || !at) {
      noCode.set(f, (noCode.get(f) ?? 0) + 1)
      return
    }
    const m = codes(f)
    gs.forEach((g, k) => {
      if (g.code < 0) {
        noCode.set(f, (noCode.get(f) ?? 0) + 1)
        return
      }
      let rs = m.get(g.code)
      if (!rs) m.set(g.code, (rs = new Map()))
      const p = at[k]
      const r = p ? out!.text.slice(p.at, p.at + p.len) : g.text === '' ? undefined : d.alone(g.text)
      if (r === undefined) return // read, if at all, where its code is placed
      rs.set(r, (rs.get(r) ?? 0) + 1)
      if (!p) return
      let pf = placed.get(f)
      if (!pf) placed.set(f, (pf = new Map()))
      let pc = pf.get(g.code)
      if (!pc) pf.set(g.code, (pc = []))
      pc.push({ item: i, at: p.at, text: r })
    })
  })
  return { readings, placed, noCode }
}

/**
 * Font `f`'s code map from its codes' readings `m` (see {@link chooseReadings}), or why it has none; placed glyphs
 * whose reading the map outvoted are added to `rewrites` (one of another length is a conflict: no map).
 */
function fontCodeMap(f: string, m: Map<number, Map<string, number>>, r: Readings, simple: boolean, rewrites: Rewrite[]): FontCodeMap {
  const map: Record<string, string> = {}
  let conflicts = 0
  let outvoted = 0
  const { chosen, never } = chooseReadings(m, simple)
  for (const [c, reading] of chosen) {
    map[String(c)] = reading
    for (const pl of r.placed.get(f)?.get(c) ?? [])
      if (pl.text !== reading) {
        if (pl.text.length !== reading.length) conflicts++
        else rewrites.push({ item: pl.item, at: pl.at, text: reading })
        outvoted++
      }
  }
  if (r.noCode.has(f) || m.size === 0) return { failure: 'no codes', codes: r.noCode.get(f) ?? 0 }
  if (conflicts > 0) return { failure: 'conflict', codes: conflicts }
  if (never > 0) return { failure: 'unaligned', codes: never }
  return { map, outvoted }
}

/**
 * One reading for each code of a font that was read (`never`: codes not read at all). A glyph draws one thing: a code
 * read two ways takes the reading most of its glyphs got, the others being misreadings of the reflection's context
 * choice (digits and accented letters, "2," against "îô"). On the corpus's 26 reflected pages, against the text of
 * their unbroken source pages, the mean character error rate went from 0.01740 (every reading kept) to 0.01733 (5
 * pages better, 2 worse), and 17 pages instead of 10 got one reading per code. A code without a majority is settled
 * after the others (see `undecided`).
 */
function chooseReadings(m: Map<number, Map<string, number>>, simple: boolean): { chosen: Map<number, string>; never: number } {
  let never = 0
  const chosen = new Map<number, string>()
  const undecided: Array<[number, Map<string, number>]> = []
  for (const [c, rs] of m) {
    if (rs.size === 0) {
      never++
      continue
    }
    let total = 0
    let best: [string, number] = ['', 0]
    for (const [t, n] of rs) {
      total += n
      if (n > best[1]) best = [t, n]
    }
    // A simple font in a standard encoding draws a digit or a letter at its own code point: of the two readings
    // the reflection's context choice gave a code, the code's own character is the one (corpus, 26 reflected
    // pages, against their unbroken source pages: mean character error 0.00797 -> 0.00597, no page worse, 6 more
    // pages with one reading per code; used only on ties it gave 0.00753). A composite font's codes are glyph
    // numbers, which say nothing.
    const own = simple ? ownReading(c, rs) : undefined
    if (own !== undefined) best = [own, total]
    if (best[1] * 2 <= total) undecided.push([c, rs])
    else chosen.set(c, best[0])
  }
  // A code the context read as often one way as another (one "6" and one "ê" in a page of 1,400 glyphs) takes the
  // most frequent reading no other code of the font stands for, as a font draws each character with one code; of
  // those left, the reading met first. Leaving such a code unmapped left the whole page to an invisible layer over
  // the broken text, which pdf.js and mupdf read both of (3 of the corpus's 26 reflected pages, the text read back
  // from their searchable PDFs 1.16-1.21 characters of error a character).
  const held = new Set(chosen.values())
  for (const [c, rs] of undecided) {
    const top = Math.max(...rs.values())
    const tied = [...rs].filter(([, n]) => n === top).map(([t]) => t)
    chosen.set(c, tied.find((t) => !held.has(t)) ?? tied[0]!)
  }
  return { chosen, never }
}

/**
 * The repaired page with `codeMap` on each repaired font (the form `@pdftriage/repair-codemap` gives, which
 * `@pdftriage/write-pdf` writes as ToUnicode CMaps) and each outvoted glyph read as its code, when every repaired
 * font has a map; otherwise `undefined` (a writer must not fix some fonts of a page in the file and leave the others
 * to a layer over all of its text).
 */
export function withCodeMaps(page: PageText, maps: PageCodeMaps): PageText | undefined {
  const fonts: Record<string, FontInfo & { codeMap?: Record<string, string> }> = { ...(page.fonts ?? {}) }
  for (const [f, m] of maps.fonts) {
    if (!('map' in m)) return undefined
    fonts[f] = { ...(fonts[f] ?? { id: f }), codeMap: m.map }
  }
  if (maps.rewrites.length === 0) return { ...page, fonts }
  const items = page.items.map((it) => ({ ...it }))
  for (const r of maps.rewrites) {
    const it = items[r.item]!
    it.text = it.text.slice(0, r.at) + r.text + it.text.slice(r.at + r.text.length)
  }
  return { ...page, items, text: rejoinItems(page, items), fonts }
}
