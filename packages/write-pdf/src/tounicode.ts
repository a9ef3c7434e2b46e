// Corrected character maps for repaired fonts: the codes each font draws and what the repair read for them, merged
// over the pages into ToUnicode CMaps, so that the file reads without a layer laid over it.
import type { PDFDict, PDFDocument, PDFPage, PDFRef } from 'pdf-lib'
import type { FontInfo, PageText } from '@pdftriage/core'

/**
 * A font whose repair learned what each of its codes reads (`@pdftriage/repair-codemap` sets `codeMap` on the
 * repaired page's `fonts`): character code in the content stream (decimal) -> text.
 */
export type CodeMappedFont = FontInfo & { codeMap?: Record<string, string> }

/** The fonts of a repaired page that carry a code map, by the page's font id. */
export function pageCodeMaps(page: PageText): Map<string, CodeMappedFont & { codeMap: Record<string, string> }> {
  const out = new Map<string, CodeMappedFont & { codeMap: Record<string, string> }>()
  for (const [id, f] of Object.entries(page.fonts ?? {})) {
    const m = (f as CodeMappedFont).codeMap
    if (m && Object.keys(m).length > 0) out.set(id, { ...f, codeMap: m })
  }
  return out
}

/**
 * Fonts whose own glyphs read letter by letter: dvips's Type 3 bitmap fonts, shown at 0.1 pt, have glyphs 20-90 ems
 * wide of the size extractors read (text glyphs 0.2-1.2 em: over {@link WIDE_EMS} the size is wrong) and are spaced
 * before 0.27-0.89 of their glyphs; prose fonts before 0.2 at most (over {@link SPACED_SHARE}, from
 * {@link SPACED_MIN_GLYPHS} glyphs, spaces mean nothing). Both thresholds are repair-codemap's layout's, which
 * rebuilds such fonts' word spaces from learned advances; no extractor reading the file can, so such a page keeps
 * the layer, which gives the words.
 */
const WIDE_EMS = 3
const SPACED_SHARE = 0.5
const SPACED_MIN_GLYPHS = 20

/** The code-mapped font ids of the page whose glyphs would read letter by letter from the file (see {@link WIDE_EMS}). */
export function letterSpacedFonts(page: PageText, ids: Iterable<string>): string[] {
  const want = new Set(ids)
  const count = new Map<string, { spaced: number; n: number; ems: number[] }>()
  for (const it of page.items) {
    if (!it.glyphs || !it.fontId || !want.has(it.fontId)) continue
    let c = count.get(it.fontId)
    if (!c) count.set(it.fontId, (c = { spaced: 0, n: 0, ems: [] }))
    for (const g of it.glyphs) {
      c.n++
      if (g.spaceBefore) c.spaced++
      if (it.fontSize) c.ems.push((g.x1 - g.x0) / it.fontSize)
    }
  }
  return [...count]
    .filter(([, c]) => {
      const ems = c.ems.sort((a, b) => a - b)
      const wide = ems.length > 0 && ems[ems.length >> 1]! > WIDE_EMS
      return wide || (c.n >= SPACED_MIN_GLYPHS && c.spaced > SPACED_SHARE * c.n)
    })
    .map(([id]) => id)
}

/** Codes each font id draws on the page (from the glyphs the extractor carried on the items). */
export function codesByFont(page: PageText): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>()
  for (const it of page.items) {
    const gs = it.glyphs
    if (!gs || !it.fontId) continue
    let s = out.get(it.fontId)
    if (!s) out.set(it.fontId, (s = new Set()))
    for (const g of gs) s.add(g.code)
  }
  return out
}

interface Candidate {
  ref: PDFRef
  dict: PDFDict
  baseFont: string | undefined
  subtype: string | undefined
  /** A composite font's descendant's BaseFont, the name extractors give it (its own adds the CMap: "...-Identity-H"). */
  descendant?: string
}

/** The font dictionaries a page can draw with: its resources and those of its forms (nested forms too). */
export function pageFonts(
  doc: PDFDocument,
  page: PDFPage,
  PDFName: typeof import('pdf-lib').PDFName,
  PDFDictCls: typeof import('pdf-lib').PDFDict,
  PDFRefCls: typeof import('pdf-lib').PDFRef,
  PDFArrayCls: typeof import('pdf-lib').PDFArray,
): Candidate[] {
  const out: Candidate[] = []
  const seen = new Set<string>()
  const walk = (res: PDFDict | undefined, depth: number) => {
    if (!res || depth > 4) return
    const fonts = res.lookupMaybe(PDFName.of('Font'), PDFDictCls)
    for (const [, v] of fonts?.entries() ?? []) {
      if (!(v instanceof PDFRefCls) || seen.has(v.toString())) continue
      seen.add(v.toString())
      const d = doc.context.lookupMaybe(v, PDFDictCls)
      if (!d) continue
      const bf = d.get(PDFName.of('BaseFont'))
      const st = d.get(PDFName.of('Subtype'))
      const subtype = st instanceof PDFName ? st.decodeText() : undefined
      const c: Candidate = { ref: v, dict: d, baseFont: bf instanceof PDFName ? bf.decodeText() : undefined, subtype }
      if (subtype === 'Type0') {
        const desc = d.lookupMaybe(PDFName.of('DescendantFonts'), PDFArrayCls)?.lookupMaybe(0, PDFDictCls)?.get(PDFName.of('BaseFont'))
        if (desc instanceof PDFName) c.descendant = desc.decodeText()
      }
      out.push(c)
    }
    const xo = res.lookupMaybe(PDFName.of('XObject'), PDFDictCls)
    for (const [, v] of xo?.entries() ?? []) {
      const x = v instanceof PDFRefCls ? doc.context.lookup(v) : v
      const dict = (x as { dict?: PDFDict })?.dict
      if (!dict || seen.has(`x${v.toString()}`)) continue
      seen.add(`x${v.toString()}`)
      walk(dict.lookupMaybe(PDFName.of('Resources'), PDFDictCls), depth + 1)
    }
  }
  walk(page.node.Resources(), 0)
  return out
}

/** A glyph's advance as the extractor placed it, in text space (extent / font size), with the rounding it carries. */
interface Advance {
  code: number
  advance: number
  tol: number
}

/** The advances of the glyphs each font id draws on the page (items without a font size are left out). */
export function advancesByFont(page: PageText): Map<string, Advance[]> {
  const out = new Map<string, Advance[]>()
  for (const it of page.items) {
    const size = it.fontSize
    if (!it.glyphs || !it.fontId || !size) continue
    let l = out.get(it.fontId)
    if (!l) out.set(it.fontId, (l = []))
    // extents are rounded to 0.01 pt by the extractor
    for (const g of it.glyphs) if (g.code >= 0) l.push({ code: g.code, advance: (g.x1 - g.x0) / size, tol: 0.011 / size })
  }
  return out
}

/**
 * Whether the glyphs a font id draws fit a simple font dictionary's `/Widths`: every code in its range, every advance
 * its width (times the FontMatrix) within the extents' rounding and 1 % (a free scale would let one dictionary of
 * many fit a font that draws one code; text under horizontal scaling fits none and keeps its layer). Two dictionaries of one BaseFont (two subsets of one font, Type 3 fonts that all read "Type3")
 * draw different codes or different widths; composite fonts, whose widths live in their descendant, are not told.
 */
/** A PDF number's value (pdf-lib's classes are imported lazily, so asked by shape), else `undefined`. */
const num = (o: unknown): number | undefined =>
  o && typeof (o as { asNumber?: () => number }).asNumber === 'function' ? (o as { asNumber: () => number }).asNumber() : undefined
/** A PDF array's items, asked by shape as {@link num}, else `undefined`. */
const arr = (o: unknown): unknown[] | undefined =>
  o && typeof (o as { asArray?: () => unknown[] }).asArray === 'function' ? (o as { asArray: () => unknown[] }).asArray() : undefined

function fitsWidths(c: Candidate, glyphs: readonly Advance[], PDFName: typeof import('pdf-lib').PDFName): boolean {
  if (c.subtype === 'Type0' || glyphs.length === 0) return false
  const width = simpleWidths(c.dict, c.subtype, PDFName)
  if (!width) return false
  return glyphs.every((g) => {
    const e = width(g.code)
    return e !== undefined && Math.abs(g.advance - e) <= g.tol + 0.01 * e
  })
}

/**
 * A simple font dictionary's advances, in text space units per unit of font size: its `/Widths` from `/FirstChar`,
 * times its FontMatrix for a Type 3 font (0.001 for the others); `undefined` for a dictionary without them.
 */
export function simpleWidths(
  dict: PDFDict,
  subtype: string | undefined,
  PDFName: typeof import('pdf-lib').PDFName,
): ((code: number) => number | undefined) | undefined {
  const f0 = num(dict.lookup(PDFName.of('FirstChar')))
  const ws = arr(dict.lookup(PDFName.of('Widths')))?.map((w) => num(dict.context.lookup(w as never)) ?? num(w))
  if (f0 === undefined || !ws) return undefined
  const fm = subtype === 'Type3' ? num(dict.context.lookup(arr(dict.lookup(PDFName.of('FontMatrix')))?.[0] as never)) : 0.001
  if (!fm) return undefined
  return (code) => {
    const w = ws[code - f0]
    return w === undefined ? undefined : Math.abs(w * fm)
  }
}

/** The font dictionary of the page that each of `fonts` is, as {@link resolveFontChoices} tells it; unresolved ones left out. */
export async function resolveEachFontDict(
  doc: PDFDocument,
  page: PDFPage,
  fonts: ReadonlyMap<string, FontInfo>,
  advances: ReadonlyMap<string, readonly Advance[]> = new Map(),
): Promise<Map<string, Candidate>> {
  return (await resolveFontChoices(doc, page, fonts, advances)).resolved
}

/**
 * The font dictionary of the page that each font of the extractor is: the one whose BaseFont is the font's name (any
 * Type 3 font for pdf.js's "Type3"), when exactly one is, or exactly one of them fits the widths of the glyphs the font
 * id draws (see {@link fitsWidths}), or their glyph names, or is left when the page's other fonts took the rest. Each
 * font left unresolved comes with the dictionaries it may still be (`open`; none that another font was found to be):
 * a caller that needs every font keeps the page's invisible layer.
 */
export async function resolveFontChoices(
  doc: PDFDocument,
  page: PDFPage,
  fonts: ReadonlyMap<string, FontInfo>,
  advances: ReadonlyMap<string, readonly Advance[]> = new Map(),
): Promise<{ resolved: Map<string, Candidate>; open: Map<string, Candidate[]> }> {
  const { PDFName, PDFDict: D, PDFRef: R, PDFArray: A } = await import('pdf-lib')
  const cands = pageFonts(doc, page, PDFName, D, R, A)
  const choices = new Map<string, Candidate[]>()
  for (const [id, f] of fonts) {
    const named = cands.filter(
      (c) => f.name !== undefined && (f.name === 'Type3' ? c.subtype === 'Type3' : (c.baseFont === f.name || c.descendant === f.name) && c.subtype !== 'Type3'),
    )
    let hits = named.length > 1 ? named.filter((c) => fitsWidths(c, advances.get(id) ?? [], PDFName)) : named
    // Widths the encodings share (pdfTeX's two dictionaries of one font program, digits drawn with either) leave
    // more than one, and advances the extractor measured off by more than the tolerance leave none: the glyph names
    // the font draws tell them apart, when the extractor kept them.
    if (named.length > 1 && hits.length !== 1 && f.glyphNames) {
      const names = f.glyphNames
      const byNames = (hits.length > 1 ? hits : named).filter((c) => fitsNames(c, names, PDFName, D))
      if (byNames.length > 0) hits = byNames
    }
    choices.set(id, hits)
  }
  // Two fonts of the extractor are two dictionaries (pdf.js loads a font per dictionary): a dictionary one font is
  // known to be is none of the others', and n fonts that can only be the same n dictionaries are those, in some
  // order, so none of the others'. Repeated while it settles another.
  const out = new Map<string, Candidate>()
  const within = (h: readonly Candidate[], set: ReadonlySet<string>) => h.every((x) => set.has(x.ref.toString()))
  for (let settled = true; settled;) {
    settled = false
    for (const [id, hits] of choices) {
      if (hits.length !== 1 || out.has(id)) continue
      const c = hits[0]!
      out.set(id, c)
      settled = true
      for (const [other, h] of choices)
        if (other !== id && h.length > 1)
          choices.set(
            other,
            h.filter((x) => x.ref !== c.ref),
          )
    }
    for (const [, hits] of choices) {
      if (hits.length < 2) continue
      const set = new Set(hits.map((x) => x.ref.toString()))
      const members = [...choices].filter(([id, h]) => !out.has(id) && h.length > 0 && within(h, set))
      if (members.length !== set.size) continue
      for (const [other, h] of choices) {
        if (out.has(other) || members.some(([m]) => m === other)) continue
        const left = h.filter((x) => !set.has(x.ref.toString()))
        if (left.length < h.length) {
          choices.set(other, left)
          settled = true
        }
      }
    }
  }
  const open = new Map([...choices].filter(([id, h]) => !out.has(id) && h.length > 0))
  return { resolved: out, open }
}

/**
 * Fonts left unresolved that can be written as spaces all the same: a group of `n` fonts whose choices are the same
 * `n` dictionaries is those dictionaries, one each in some order (dvips's Type 3 fonts that draw one glyph each, of
 * one width and one name, tell no more). Written as spaces, every dictionary of the group takes the codes all its
 * fonts draw, and the order does not matter. Returns font id -> the group's dictionaries, and the codes to blank.
 */
export function interchangeable(
  open: ReadonlyMap<string, readonly Candidate[]>,
  drawn: ReadonlyMap<string, ReadonlySet<number>>,
): Array<{ dicts: readonly Candidate[]; codes: Set<number> }> {
  const groups = new Map<string, { dicts: readonly Candidate[]; ids: string[] }>()
  for (const [id, hits] of open) {
    const key = hits
      .map((c) => c.ref.toString())
      .sort()
      .join(' ')
    const g = groups.get(key)
    if (g) g.ids.push(id)
    else groups.set(key, { dicts: hits, ids: [id] })
  }
  return [...groups.values()]
    .filter((g) => g.ids.length === g.dicts.length)
    .map((g) => ({ dicts: g.dicts, codes: new Set(g.ids.flatMap((id) => [...(drawn.get(id) ?? [])])) }))
}

/**
 * Whether a simple font dictionary's `/Encoding /Differences` gives each code the glyph name the extractor read for
 * it (a code the differences leave to the base encoding does not fit: the names the extractor keeps are the
 * differences').
 */
function fitsNames(
  c: Candidate,
  names: Readonly<Record<string, string>>,
  PDFName: typeof import('pdf-lib').PDFName,
  PDFDictCls: typeof import('pdf-lib').PDFDict,
): boolean {
  if (c.subtype === 'Type0') return false
  const enc = c.dict.lookup(PDFName.of('Encoding'))
  const diff = arr(enc instanceof PDFDictCls ? enc.lookup(PDFName.of('Differences')) : undefined)
  if (!diff) return false
  const byCode = new Map<number, string>()
  let code = 0
  for (const o of diff) {
    const v = c.dict.context.lookup(o as never)
    if (v instanceof PDFName) byCode.set(code++, v.decodeText())
    else code = num(v) ?? code
  }
  const entries = Object.entries(names)
  return entries.length > 0 && entries.every(([k, n]) => byCode.get(Number(k)) === n)
}

const hex = (n: number, digits: number): string => n.toString(16).toUpperCase().padStart(digits, '0')
/** A string as UTF-16BE hexadecimal digits (a CMap's or an /ActualText's text). */
export const utf16 = (s: string): string =>
  [...s]
    .map((ch) => {
      const cp = ch.codePointAt(0)!
      if (cp < 0x10000) return hex(cp, 4)
      const v = cp - 0x10000
      return hex(0xd800 + (v >> 10), 4) + hex(0xdc00 + (v & 0x3ff), 4)
    })
    .join('')

/** A ToUnicode CMap (bfchar entries) for one- or two-byte codes. */
export function toUnicodeCMap(map: ReadonlyMap<number, string>, bytes: 1 | 2): string {
  const entries = [...map.entries()].filter(([, t]) => t.length > 0).sort((a, b) => a[0] - b[0])
  let body = ''
  // at most 100 entries per block (PDF 9.10.3)
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100)
    body += `${chunk.length} beginbfchar\n`
    for (const [c, t] of chunk) body += `<${hex(c, bytes * 2)}> <${utf16(t)}>\n`
    body += 'endbfchar\n'
  }
  const range = bytes === 1 ? '<00> <FF>' : '<0000> <FFFF>'
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    `1 begincodespacerange\n${range}\nendcodespacerange\n` +
    body +
    'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n'
  )
}

/** A repaired page whose fonts resolve to dictionaries: what it would write. */
export interface PagePlan {
  pageNumber: number
  /** Each font's map and the codes the page draws with it (from its glyphs; empty when the extractor kept none). */
  fonts: Array<{ dict: Candidate; codeMap: Record<string, string>; drawn: ReadonlySet<number> }>
  /** Its fonts' codes are written as spaces and the page keeps its layer (letter-spaced fonts). */
  blank?: boolean
}

/**
 * Maps to write, per font dictionary, merged over the pages. A font dictionary serves every page that draws with it,
 * so a code two pages read differently (a per-page repair whose context choice differed) cannot be written for both:
 * such a font is written for none, and its pages keep their layers. Codes the remapped pages do not read keep the
 * reading other pages of the document extract for them today ({@link ToUnicodePlan.keep}).
 */
export class ToUnicodePlan {
  private readonly byRef = new Map<string, { ref: PDFRef; dict: PDFDict; type0: boolean; map: Map<number, string>; drawn: Set<number> }>()
  private readonly pages: PagePlan[]
  /** Dictionaries planned by {@link blank} alone. */
  private readonly blanked = new Set<string>()
  /** Page numbers left out: a code of one of their fonts reads otherwise on another page. */
  readonly conflicting: number[] = []

  constructor(pages: readonly PagePlan[]) {
    // a font a page writes with its text is not blanked by another page: the blanking page keeps its layer as it is
    const written = new Set(pages.flatMap((p) => (p.blank ? [] : p.fonts.map((f) => f.dict.ref.toString()))))
    let kept = pages.filter((p) => !p.blank || !p.fonts.some((f) => written.has(f.dict.ref.toString())))
    for (;;) {
      const seen = new Map<string, Map<number, string>>()
      const bad = new Set<string>()
      for (const p of kept)
        for (const { dict, codeMap } of p.fonts) {
          const key = dict.ref.toString()
          let m = seen.get(key)
          if (!m) seen.set(key, (m = new Map()))
          for (const [k, t] of Object.entries(codeMap)) {
            const had = m.get(Number(k))
            if (had !== undefined && had !== t) bad.add(key)
            else m.set(Number(k), t)
          }
        }
      const next = kept.filter((p) => !p.fonts.some((f) => bad.has(f.dict.ref.toString())))
      if (next.length === kept.length) break
      for (const p of kept) if (!next.includes(p)) this.conflicting.push(p.pageNumber)
      kept = next
    }
    this.pages = kept
    for (const p of kept) for (const f of p.fonts) this.add(f.dict, f.codeMap, f.drawn)
  }

  /** Whether the page's fonts are written with its text (so it needs no layer). */
  remaps(pageNumber: number): boolean {
    return this.pages.some((p) => p.pageNumber === pageNumber && !p.blank)
  }

  /** Whether the page's fonts are written as spaces (it keeps its layer). */
  blanks(pageNumber: number): boolean {
    return this.pages.some((p) => p.pageNumber === pageNumber && p.blank === true)
  }

  /** The fonts a page whose fonts are written with its text draws with, each with the whole map written into it. */
  fontsOf(pageNumber: number): Array<{ ref: PDFRef; dict: PDFDict; subtype: string | undefined; map: ReadonlyMap<number, string> }> {
    const p = this.pages.find((q) => q.pageNumber === pageNumber && !q.blank)
    return (p?.fonts ?? []).map((f) => ({ ref: f.dict.ref, dict: f.dict.dict, subtype: f.dict.subtype, map: this.byRef.get(f.dict.ref.toString())!.map }))
  }

  /** Whether the font dictionary is planned. */
  has(c: Candidate): boolean {
    return this.byRef.has(c.ref.toString())
  }

  private add(c: Candidate, codeMap: Record<string, string>, drawn: ReadonlySet<number>): void {
    let e = this.byRef.get(c.ref.toString())
    if (!e) this.byRef.set(c.ref.toString(), (e = { ref: c.ref, dict: c.dict, type0: c.subtype === 'Type0', map: new Map(), drawn: new Set() }))
    for (const [k, t] of Object.entries(codeMap)) if (!e.map.has(Number(k))) e.map.set(Number(k), t)
    for (const c of drawn) e.drawn.add(c)
  }

  /**
   * Writes `codes` of a font dictionary no page plans as spaces: the original text of a page that gets an invisible
   * layer in its place. Returns whether it did (a dictionary planned already keeps its plan).
   */
  blank(ref: PDFRef, dict: PDFDict, type0: boolean, codes: ReadonlySet<number>): boolean {
    const key = ref.toString()
    if (this.byRef.has(key) && !this.blanked.has(key)) return false
    let e = this.byRef.get(key)
    if (!e) {
      this.byRef.set(key, (e = { ref, dict, type0, map: new Map(), drawn: new Set() }))
      this.blanked.add(key)
    }
    for (const c of codes) {
      e.map.set(c, ' ')
      e.drawn.add(c)
    }
    return true
  }

  /**
   * A code another page draws with a planned font and the remapped pages neither read nor draw: it keeps the text
   * that page extracts today (the new CMap replaces the font's whole map), so a page left as it was reads as it did.
   * A code a remapped page draws unread (a code map that leaves out a code it cannot name) stays unread.
   */
  keep(c: Candidate, code: number, text: string): void {
    const e = this.byRef.get(c.ref.toString())
    if (e && text !== '' && !e.map.has(code) && !e.drawn.has(code)) e.map.set(code, text)
  }

  /** Writes a ToUnicode stream into every planned font; returns how many fonts and codes were written. */
  async write(doc: PDFDocument): Promise<{ fonts: number; codes: number }> {
    const { PDFName } = await import('pdf-lib')
    let fonts = 0
    let codes = 0
    for (const e of this.byRef.values()) {
      const cmap = toUnicodeCMap(e.map, e.type0 ? 2 : 1)
      e.dict.set(PDFName.of('ToUnicode'), doc.context.register(doc.context.flateStream(cmap)))
      fonts++
      codes += e.map.size
    }
    return { fonts, codes }
  }
}
