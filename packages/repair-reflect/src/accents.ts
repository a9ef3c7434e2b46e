// Accents drawn as glyphs of their own (pdfTeX's OT1 `\'e`, TeX's `\accent` under XeTeX and LuaTeX, groff's `\o`) in a
// font whose map is reflected or shifted: the extractor can put such an accent over its letter only when both read
// right, so the stored text holds it beside its letter, and a decoder of the letters reads it as a letter too (the
// acute of a reflected font is also a reflected `l`: `r´egler` came out `rlegler`). The glyphs are taken out of the
// text before the letters are decoded, and each is put back over its letter as its mark.
import { composeAccent, joinItems, markOfGlyphName, over, spacingAccent, TextAligner, type ItemGlyph, type PageText, type TextItem } from '@pdftriage/core'

/** Glyph names of a page's fonts as the extractor gives them: font id -> code in decimal -> names separated by spaces. */
export type GlyphNames = Readonly<Record<string, Readonly<Record<string, string>>>>

/** An accent glyph taken out of the text: the letter it goes on (its item, offset and length in that item's text). */
export interface LiftedAccent {
  item: number
  at: number
  len: number
  fontId: string
  code: number
  mark: string
}

/** The page with its accent glyphs taken out of the items' text and glyphs, and where each goes. */
export interface Lifted {
  page: PageText
  accents: LiftedAccent[]
}

/**
 * The mark a glyph's code names in its font (`acute`, `gravecomb`...); `null` when the font names the code and the
 * name is no accent (the names then settle that the glyph is a letter whatever its text reads); `undefined` when the
 * font does not name it.
 */
function markByName(names: GlyphNames | undefined, fontId: string, code: number): string | null | undefined {
  const n = names?.[fontId]?.[String(code)]
  if (!n) return undefined
  for (const t of n.split(' ')) {
    const m = markOfGlyphName(t)
    if (m) return m
  }
  return null
}

interface Placed {
  item: number
  k: number
  g: ItemGlyph
}

const sameLine = (a: TextItem, b: TextItem): boolean => a === b || (a.bbox.y0 < b.bbox.y1 && b.bbox.y0 < a.bbox.y1)
const overlaps = (a: ItemGlyph, b: ItemGlyph): boolean => over(a, b) || over(b, a)

/**
 * Takes the accent glyphs of the fonts in `fonts` out of the page: a glyph is an accent when the font's glyph names
 * say so (`names`), or, for a code the font does not name, when `markOf` reads its stored text as a mark; and it is
 * drawn over the next glyph (TeX's `\accent` draws the accent first) or the previous one (an overstrike), on the same
 * line, across item boundaries. Items holding an accent or its letter are rebuilt from their glyphs (a space where
 * the extractor put one before a glyph); `undefined` when the page has none.
 */
export function liftAccents(
  page: PageText,
  fonts: ReadonlySet<string>,
  names: GlyphNames | undefined,
  markOf: (fontId: string, stored: string) => string | undefined,
): Lifted | undefined {
  const { flat, index } = glyphsIn(page, fonts)
  const fontOf = (p: Placed): string => page.items[p.item]!.fontId!
  // whether the font names the glyph's code (its name then says accent or not), and the glyph's mark
  const named = flat.map((p) => p.g.code >= 0 && markByName(names, fontOf(p), p.g.code) !== undefined)
  const marks = flat.map((p) => {
    if (p.g.code < 0 || !/\S/u.test(p.g.text)) return undefined
    const byName = markByName(names, fontOf(p), p.g.code)
    return byName === undefined ? markOf(fontOf(p), p.g.text) : (byName ?? undefined)
  })
  const { target, lifted } = pairAccents(page, flat, marks, named)
  if (lifted.size === 0) return undefined
  const { items, placed } = rebuildItems(page, flat, index, target, lifted)
  const accents: LiftedAccent[] = []
  for (const [j, t] of target) {
    const o = placed.get(t)
    if (!o || o.len === 0) continue
    accents.push({ item: o.item, at: o.at, len: o.len, fontId: page.items[flat[j]!.item]!.fontId!, code: flat[j]!.g.code, mark: marks[j]! })
  }
  return { page: { ...page, items, text: rejoinAny(page, items) }, accents }
}

/** The glyphs of the page's items in `fonts`, in order (`flat`), and their places in it by `item:k`. */
function glyphsIn(page: PageText, fonts: ReadonlySet<string>): { flat: Placed[]; index: Map<string, number> } {
  const flat: Placed[] = []
  const index = new Map<string, number>()
  page.items.forEach((it, item) => {
    if (it.fontId === undefined || !fonts.has(it.fontId) || !it.glyphs) return
    it.glyphs.forEach((g, k) => {
      index.set(`${item}:${k}`, flat.length)
      flat.push({ item, k, g })
    })
  })
  return { flat, index }
}

/** Each accent (by its index in `flat`) and the letter it stands over (`target`); `lifted`: the accents. */
function pairAccents(
  page: PageText,
  flat: readonly Placed[],
  marks: ReadonlyArray<string | undefined>,
  named: readonly boolean[],
): { target: Map<number, number>; lifted: Set<number> } {
  // accent index in `flat` -> the letter's index
  const target = new Map<number, number>()
  const lifted = new Set<number>()
  for (let j = 0; j < flat.length; j++) {
    if (!marks[j] || lifted.has(j)) continue
    const a = flat[j]!
    const line = (o: Placed): boolean => sameLine(page.items[a.item]!, page.items[o.item]!)
    const cand = [j + 1, j - 1].find((n) => {
      const o = flat[n]
      // two glyphs over each other that both read as accents, unnamed: the first is the accent (TeX's `\accent`)
      const free = !marks[n] || (n === j + 1 && !named[n] && !named[j])
      return o !== undefined && free && !lifted.has(n) && line(o) && o.g.code !== a.g.code && overlaps(a.g, o.g)
    })
    if (cand === undefined) continue
    lifted.add(j)
    target.set(j, cand)
  }
  return { target, lifted }
}

/** Where a kept glyph of a rebuilt item stands: its item (a host for a joined one), offset and length. */
type GlyphPlace = { item: number; at: number; len: number }

/**
 * The page's items with those holding an accent or its letter rebuilt from their kept glyphs, and where each kept
 * glyph of them now stands (by its index in `flat`).
 */
function rebuildItems(
  page: PageText,
  flat: readonly Placed[],
  index: ReadonlyMap<string, number>,
  target: ReadonlyMap<number, number>,
  lifted: ReadonlySet<number>,
): { items: TextItem[]; placed: Map<number, GlyphPlace> } {
  const rebuild = new Set<number>()
  const letters = new Set(target.values())
  // An accent and its letter in two items of one font (the extractor starts a run where the pen moves back): the
  // second item's glyphs join the first's, so that a decoder reading its letters in context reads them together.
  const host = new Map<number, number>()
  for (const [j, t] of target) {
    const a = flat[j]!.item
    const b = flat[t]!.item
    rebuild.add(a).add(b)
    const [x, y] = a < b ? [a, b] : [b, a]
    if (y === x + 1 && page.items[x]!.fontId === page.items[y]!.fontId) host.set(y, host.get(x) ?? x)
  }
  const items: TextItem[] = page.items.map((it) => it)
  const placed = new Map<number, GlyphPlace>()
  for (const i of [...rebuild].sort((x, y) => x - y)) {
    const it = page.items[i]!
    const h = host.get(i) ?? i
    const into = items[h]!
    let s = h === i ? '' : into.text
    const keep: ItemGlyph[] = h === i ? [] : [...(into.glyphs ?? [])]
    // the space the extractor put before a lifted accent stands before the glyph after it
    let spaced = false
    it.glyphs!.forEach((g, k) => {
      const j = index.get(`${i}:${k}`)!
      if (lifted.has(j)) {
        spaced ||= g.spaceBefore
        return
      }
      if ((g.spaceBefore || spaced) && s !== '' && !/\s$/u.test(s) && !/^\s/u.test(g.text)) s += ' '
      spaced = false
      // a letter's marks are the extractor's reading of the accent lifted over it (a shifted circumflex read as a
      // caron), which the lifted glyph now says
      const text = letters.has(j) ? g.text.replace(/[\u0300-\u036f]/gu, '') : g.text
      placed.set(j, { item: h, at: s.length, len: text.length })
      s += text
      keep.push(text === g.text ? g : { ...g, text })
    })
    if (h === i) items[i] = { ...it, text: s, glyphs: keep }
    else {
      const b = into.bbox
      const c = it.bbox
      items[h] = {
        ...into,
        text: s,
        glyphs: keep,
        hasEol: it.hasEol,
        bbox: { x0: Math.min(b.x0, c.x0), y0: Math.min(b.y0, c.y0), x1: Math.max(b.x1, c.x1), y1: Math.max(b.y1, c.y1) },
      }
      items[i] = { ...it, text: '', glyphs: [] }
    }
  }
  return { items, placed }
}

/**
 * The page's text with its items' texts replaced by `items`' (one for one), of any length, between the page's own
 * separators (what `rejoinItems` keeps, where the runs' lengths must stay); `joinItems` when the page's items cannot
 * all be found in its text in order.
 */
export function rejoinAny(page: PageText, items: readonly TextItem[]): string {
  if (items.length !== page.items.length) return joinItems(items)
  const aligner = new TextAligner(page.text)
  let out = ''
  for (let i = 0; i < items.length; i++) {
    // the page text is NFC and an item's text need not be (a mark the extractor put after its letter)
    const gap = aligner.place(page.items[i]!.text.normalize('NFC'))
    if (gap === undefined || /[^\s\0]/u.test(gap)) return joinItems(items)
    out += gap + items[i]!.text.trim()
  }
  const rest = aligner.rest()
  return /[^\s\0]/u.test(rest) ? joinItems(items) : (out + rest).trim().normalize('NFC')
}

/**
 * Puts the lifted accents back over their letters in `decoded` (the lifted page read by the decoders, items of the
 * same lengths): each letter with its mark, NFC. An accent whose glyph stands over no letter once decoded is put back
 * as its spacing accent after it, as the extractor would.
 */
export function composeAccents(decoded: PageText, accents: readonly LiftedAccent[]): PageText {
  if (accents.length === 0) return decoded
  const byItem = new Map<number, LiftedAccent[]>()
  for (const a of accents) byItem.set(a.item, [...(byItem.get(a.item) ?? []), a])
  const items = decoded.items.map((it, i) => {
    const as = byItem.get(i)
    if (!as) return it
    let t = it.text
    for (const a of [...as].sort((x, y) => y.at - x.at)) {
      const body = t.slice(a.at, a.at + a.len)
      if (body.length === 0) continue
      const last = body.slice(-1)
      const put = /^\p{L}$/u.test(last) ? body.slice(0, -1) + composeAccent(last, a.mark) : body + spacingAccent(a.mark)
      t = t.slice(0, a.at) + put + t.slice(a.at + a.len)
    }
    return { ...it, text: t.normalize('NFC') }
  })
  return { ...decoded, items, text: rejoinAny(decoded, items) }
}
