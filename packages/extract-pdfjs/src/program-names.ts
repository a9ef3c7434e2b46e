// The glyph names a font's codes have as the file defines them (encodings, `/Differences`, the Type 1 program's own
// encoding, a TrueType cmap), read with pdf-lib when a repair of a false map asks.
import { latin1 } from './bytes.js'
import { MAC_ROMAN_ENCODING, STANDARD_ENCODING, WIN_ANSI_ENCODING } from './encodings.js'
import { loadQuietly } from './pdf-lib-load.js'
import { cmapSubtables, unicodeByGlyph } from './sfnt-cmap.js'
import { CLEAR_TEXT_LIMIT, eexecAt, outlineTwins } from './type1-outlines.js'

/**
 * The glyph names a font gives its codes as the file defines them: `/Differences` over the base encoding its
 * dictionary names, else over the encoding built into its Type 1 program (`/Encoding` of the program's clear-text
 * part: TeX's Computer Modern fonts have no `/Encoding` in the PDF at all), else StandardEncoding for a non-symbolic
 * font without a program; a TrueType program's own Unicode cmap for codes nothing else names, and for a Type0 font of
 * Identity-H/V over one. A false ToUnicode leaves these names true: what a repair of a broken map reads first.
 *
 * pdf.js reads the built-in encoding on its worker side only, and the font it hands over (converted to OpenType) has
 * its glyph names one glyph off and the last glyph's name lost, so the file is read again here, with pdf-lib, once a
 * document, and only when a repair asks.
 */

type PdfLib = typeof import('pdf-lib')
type PDFDocument = import('pdf-lib').PDFDocument
type PDFDict = import('pdf-lib').PDFDict

const BASE: Record<string, readonly (string | undefined)[]> = {
  StandardEncoding: STANDARD_ENCODING,
  WinAnsiEncoding: WIN_ANSI_ENCODING,
  MacRomanEncoding: MAC_ROMAN_ENCODING,
}

/** Font descriptor flag: the font's glyphs are outside the standard Latin set (its encoding says nothing of them). */
const SYMBOLIC = 4

/** How deep form XObjects are followed for the fonts a page draws with (forms in forms in forms). */
const MAX_FORM_DEPTH = 4

/** Opened once a document: the pdf-lib reading of its bytes, or `undefined` when pdf-lib cannot read it. */
export class ProgramNames {
  #doc: Promise<{ lib: PdfLib; doc: PDFDocument } | undefined> | undefined

  constructor(private readonly bytes: () => Promise<Uint8Array>) {}

  #load(): Promise<{ lib: PdfLib; doc: PDFDocument } | undefined> {
    this.#doc ??= (async () => {
      try {
        const lib = await import('pdf-lib')
        return { lib, doc: await loadQuietly(await this.bytes()) }
      } catch {
        return undefined
      }
    })()
    return this.#doc
  }

  /**
   * Page `n`'s fonts `fonts` (font id -> the font's BaseFont as pdf.js reports it, and its `/Differences` as pdf.js
   * read them): for each, code in decimal -> glyph name, for every code its encoding names (not `.notdef`). Two fonts
   * of the page that share a name (one program in two encodings, as pdfTeX writes a font used in two) are told apart
   * by their `/Differences`. A font left out when no font of the page has that name, when fonts of the page that do
   * cannot be told apart and their encodings differ, or when it is of a kind not read here (Type 3, whose
   * `/Differences` pdf.js gives; a CID font over CFF, whose glyphs have no names).
   */
  async namesOf(n: number, fonts: Record<string, { name: string; differences?: Record<string, string> }>): Promise<Record<string, Record<string, string>>> {
    const out: Record<string, Record<string, string>> = {}
    const wanted = new Set(Object.values(fonts).map((f) => f.name))
    if (wanted.size === 0) return out
    const opened = await this.#load()
    if (!opened || n < 1 || n > opened.doc.getPageCount()) return out
    const { lib, doc } = opened
    const byName = pageFonts(lib, doc, n - 1, wanted)
    // each dictionary read once, however many of the fonts asked for share its name (a program's outlines are decrypted)
    const once = <T>(cache: Map<PDFDict, T>, d: PDFDict, read: (d: PDFDict) => T): T => {
      if (!cache.has(d)) cache.set(d, read(d))
      return cache.get(d)!
    }
    const differencesKey = new Map<PDFDict, string>()
    const namesByDict = new Map<PDFDict, Record<string, string>>()
    for (const [id, { name, differences }] of Object.entries(fonts)) {
      let dicts = byName.get(name)
      if (!dicts) continue
      if (dicts.length > 1 && differences) {
        const hint = JSON.stringify(differences)
        const same = dicts.filter((d) => once(differencesKey, d, (x) => JSON.stringify(differencesOfDict(lib, doc, x))) === hint)
        if (same.length > 0) dicts = same
      }
      let names: Record<string, string> | undefined
      let agreed = true
      for (const d of dicts) {
        const m = once(namesByDict, d, (x) => fontNames(lib, doc, x))
        if (names !== undefined && JSON.stringify(m) !== JSON.stringify(names)) agreed = false
        names ??= m
      }
      if (agreed && names && Object.keys(names).length > 0) out[id] = names
    }
    return out
  }
}

/** The font dictionaries page `index` (0-based) draws with, those named in `wanted` only, by name (no slash). */
function pageFonts(lib: PdfLib, doc: PDFDocument, index: number, wanted: ReadonlySet<string>): Map<string, PDFDict[]> {
  const { PDFDict, PDFName, PDFStream } = lib
  const out = new Map<string, PDFDict[]>()
  const seen = new Set<unknown>()
  const visit = (resources: unknown, depth: number) => {
    const res = doc.context.lookup(resources as never)
    if (!(res instanceof PDFDict) || seen.has(res)) return
    seen.add(res)
    const fonts = doc.context.lookup(res.get(PDFName.of('Font')))
    if (fonts instanceof PDFDict) {
      for (const [, ref] of fonts.entries()) {
        const f = doc.context.lookup(ref)
        if (!(f instanceof PDFDict)) continue
        for (const name of namesOfFont(lib, doc, f)) {
          if (!wanted.has(name)) continue
          const list = out.get(name) ?? []
          if (!list.includes(f)) list.push(f)
          out.set(name, list)
        }
      }
    }
    if (depth >= MAX_FORM_DEPTH) return
    const xobjects = doc.context.lookup(res.get(PDFName.of('XObject')))
    if (!(xobjects instanceof PDFDict)) return
    for (const [, ref] of xobjects.entries()) {
      const x = doc.context.lookup(ref)
      if (x instanceof PDFStream && x.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')) visit(x.dict.get(PDFName.of('Resources')), depth + 1)
    }
  }
  try {
    visit(doc.getPage(index).node.Resources(), 0)
  } catch {
    // a page pdf-lib cannot follow: no names
  }
  return out
}

/**
 * A name as pdf.js reports it: each byte a character. pdf-lib leaves the bytes of a name outside ASCII escaped
 * (`#e5#ae`), which pdf.js has decoded.
 */
const nameText = (name: import('pdf-lib').PDFName): string =>
  name.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))

/**
 * The names pdf.js may report a font by: its BaseFont, and for a Type0 font its descendant's BaseFont and FontName
 * (pdf.js takes the descriptor's; a Type0 font's own is often the descendant's with `-Identity-H` appended).
 */
function namesOfFont(lib: PdfLib, doc: PDFDocument, font: PDFDict): Set<string> {
  const { PDFArray, PDFDict, PDFName } = lib
  const N = (s: string) => PDFName.of(s)
  const out = new Set<string>()
  const add = (v: unknown) => {
    if (v instanceof PDFName) out.add(nameText(v))
  }
  add(font.get(N('BaseFont')))
  const descriptorOf = (d: PDFDict) => doc.context.lookup(d.get(N('FontDescriptor')))
  let descriptor = descriptorOf(font)
  if (font.get(N('Subtype')) === N('Type0')) {
    const kids = doc.context.lookup(font.get(N('DescendantFonts')))
    const kid = kids instanceof PDFArray && kids.size() > 0 ? doc.context.lookup(kids.get(0)) : undefined
    if (kid instanceof PDFDict) {
      add(kid.get(N('BaseFont')))
      descriptor = descriptorOf(kid)
    }
  }
  if (descriptor instanceof PDFDict) add(descriptor.get(N('FontName')))
  return out
}

/** Code (decimal) -> glyph name of a simple font's dictionary: its Differences over its base or built-in encoding. */
function fontNames(lib: PdfLib, doc: PDFDocument, font: PDFDict): Record<string, string> {
  const { PDFDict, PDFName, PDFNumber, PDFStream } = lib
  const N = (s: string) => PDFName.of(s)
  const subtype = font.get(N('Subtype'))
  if (subtype === N('Type0')) return compositeNames(lib, doc, font)
  if (subtype !== N('Type1') && subtype !== N('MMType1') && subtype !== N('TrueType')) return {}
  const enc = doc.context.lookup(font.get(N('Encoding')))
  const baseName = enc instanceof PDFName ? enc : enc instanceof PDFDict ? enc.get(N('BaseEncoding')) : undefined
  const descriptor = doc.context.lookup(font.get(N('FontDescriptor')))
  const flags = descriptor instanceof PDFDict ? doc.context.lookup(descriptor.get(N('Flags'))) : undefined
  const symbolic = flags instanceof PDFNumber && (flags.asNumber() & SYMBOLIC) !== 0
  let base: readonly (string | undefined)[] | undefined = baseName instanceof PDFName ? BASE[baseName.decodeText()] : undefined
  const file = descriptor instanceof PDFDict ? doc.context.lookup(descriptor.get(N('FontFile'))) : undefined
  const type1 = file instanceof PDFStream ? streamBytes(lib, file) : undefined
  const length1 = file instanceof PDFStream ? file.dict.lookup(N('Length1')) : undefined
  if (!base) {
    const otherProgram = descriptor instanceof PDFDict && (descriptor.has(N('FontFile2')) || descriptor.has(N('FontFile3')))
    const baseFont = font.get(N('BaseFont'))
    const symbolFont = baseFont instanceof PDFName && /Symbol|Dingbat/i.test(nameText(baseFont))
    if (file instanceof PDFStream) base = type1 && parseType1Encoding(type1)
    // a program of another kind keeps its encoding in a form not read here (CFF's, TrueType's cmap)
    else if (subtype !== N('TrueType') && !symbolic && !symbolFont && !otherProgram) base = STANDARD_ENCODING
  }
  // a symbolic TrueType font draws by its own cmap, whatever base encoding its dictionary names
  if (subtype === N('TrueType') && symbolic) base = undefined
  const names: (string | undefined)[] = base ? [...base] : new Array(256).fill(undefined)
  for (const [code, name] of Object.entries(differencesOfDict(lib, doc, font))) names[Number(code)] = name
  // a TrueType program's own map for the codes nothing else names (a symbolic font's codes are its (3,0) or (1,0)
  // subtable's, as renderers read them)
  const program = subtype === N('TrueType') && descriptor instanceof PDFDict ? doc.context.lookup(descriptor.get(N('FontFile2'))) : undefined
  if (program instanceof PDFStream && names.some((x) => !x)) {
    const bytes = streamBytes(lib, program)
    const tables = bytes && cmapSubtables(bytes)
    if (tables) {
      const byGlyph = unicodeByGlyph(tables)
      const symbol = tables.get('3.0')
      const mac = tables.get('1.0')
      for (let code = 0; code < 256; code++) {
        if (names[code]) continue
        const gid = symbol ? (symbol.get(code) ?? symbol.get(0xf000 + code)) : mac?.get(code)
        const cp = gid === undefined ? undefined : byGlyph.get(gid)
        if (cp !== undefined) names[code] = unicodeName(cp)
      }
    }
  }
  // a Type 1 program's other names for the outline a code draws follow its own (see `getGlyphNames`)
  const twins = type1 && outlineTwins(type1, length1 instanceof PDFNumber ? length1.asNumber() : undefined)
  const out: Record<string, string> = {}
  names.forEach((name, code) => {
    if (!name || name === '.notdef') return
    const also = twins?.get(name)
    out[code] = also ? [name, ...also].join(' ') : name
  })
  return out
}

/** A simple font's `/Differences`: code (decimal, under 256) -> glyph name, as pdf.js reports them. */
function differencesOfDict(lib: PdfLib, doc: PDFDocument, font: PDFDict): Record<string, string> {
  const { PDFArray, PDFDict, PDFName, PDFNumber } = lib
  const out: Record<string, string> = {}
  const enc = doc.context.lookup(font.get(PDFName.of('Encoding')))
  const diffs = enc instanceof PDFDict ? doc.context.lookup(enc.get(PDFName.of('Differences'))) : undefined
  if (!(diffs instanceof PDFArray)) return out
  let code = -1
  for (let i = 0; i < diffs.size(); i++) {
    const v = doc.context.lookup(diffs.get(i))
    if (v instanceof PDFNumber) code = v.asNumber()
    else if (v instanceof PDFName && code >= 0 && code < 256) out[code++] = v.decodeText()
  }
  return out
}

/** The glyph name the Adobe Glyph List's rules read as code point `cp`. */
const unicodeName = (cp: number): string => (cp <= 0xffff ? `uni${cp.toString(16).toUpperCase().padStart(4, '0')}` : `u${cp.toString(16).toUpperCase()}`)

/** A stream's decoded bytes, or `undefined` when its filters fail. */
function streamBytes(lib: PdfLib, stream: import('pdf-lib').PDFStream): Uint8Array | undefined {
  try {
    return stream instanceof lib.PDFRawStream ? lib.decodePDFRawStream(stream).decode() : stream.getContents()
  } catch {
    return undefined
  }
}

/**
 * Code (a CID, decimal) -> name of a Type0 font of Identity-H or Identity-V over a TrueType program: the CID is the
 * glyph id (through `/CIDToGIDMap`), and the program's Unicode cmap read backwards names the glyph. A subset keeps
 * that cmap more often than not, where the producer wrote a ToUnicode of another encoding or none.
 */
function compositeNames(lib: PdfLib, doc: PDFDocument, font: PDFDict): Record<string, string> {
  const { PDFArray, PDFDict, PDFName, PDFStream } = lib
  const N = (s: string) => PDFName.of(s)
  const out: Record<string, string> = {}
  const enc = font.get(N('Encoding'))
  if (enc !== N('Identity-H') && enc !== N('Identity-V')) return out
  const kids = doc.context.lookup(font.get(N('DescendantFonts')))
  const kid = kids instanceof PDFArray && kids.size() > 0 ? doc.context.lookup(kids.get(0)) : undefined
  if (!(kid instanceof PDFDict) || kid.get(N('Subtype')) !== N('CIDFontType2')) return out
  const descriptor = doc.context.lookup(kid.get(N('FontDescriptor')))
  const program = descriptor instanceof PDFDict ? doc.context.lookup(descriptor.get(N('FontFile2'))) : undefined
  if (!(program instanceof PDFStream)) return out
  const bytes = streamBytes(lib, program)
  const tables = bytes && cmapSubtables(bytes)
  if (!tables) return out
  const byGlyph = unicodeByGlyph(tables)
  const map = doc.context.lookup(kid.get(N('CIDToGIDMap')))
  if (map instanceof PDFStream) {
    const gids = streamBytes(lib, map)
    if (!gids) return out
    for (let cid = 0; 2 * cid + 1 < gids.length; cid++) {
      const cp = byGlyph.get((gids[2 * cid]! << 8) | gids[2 * cid + 1]!)
      if (cp !== undefined) out[cid] = unicodeName(cp)
    }
  } else for (const [gid, cp] of byGlyph) out[gid] = unicodeName(cp)
  return out
}

/**
 * The encoding built into a Type 1 program (its clear-text part: `/Encoding StandardEncoding def`, or an array filled
 * by `dup <code> /<name> put`), or `undefined` when the program cannot be read.
 */
export function parseType1Encoding(program: Uint8Array): (string | undefined)[] | undefined {
  // the clear text ends where the encrypted part starts
  const end = eexecAt(program)
  const clear = latin1(program, 0, end >= 0 ? end : Math.min(program.byteLength, CLEAR_TEXT_LIMIT))
  const at = clear.indexOf('/Encoding')
  if (at < 0) return undefined
  const rest = clear.slice(at + '/Encoding'.length)
  if (/^\s*StandardEncoding\b/.test(rest)) return [...STANDARD_ENCODING]
  const out: (string | undefined)[] = new Array(256).fill(undefined)
  let found = false
  // `dup 65 /A put`, up to the `def` that closes the array
  const stop = rest.search(/\b(readonly\s+)?def\b/)
  const body = stop >= 0 ? rest.slice(0, stop) : rest
  for (const m of body.matchAll(/\bdup\s+(\d+)\s*\/([^\s/[\]{}()<>%]+)\s+put\b/g)) {
    const code = Number(m[1])
    if (code < 256) {
      out[code] = m[2]
      found = true
    }
  }
  return found ? out : undefined
}
