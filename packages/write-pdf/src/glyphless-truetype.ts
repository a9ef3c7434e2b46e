/**
 * A minimal TrueType font with two empty glyphs (.notdef and one blank glyph), the same idea as tesseract's
 * GlyphLessFont: text drawn with it paints nothing, and a viewer that insists on loading the embedded program finds
 * a valid one. Built in code so the package ships no font file.
 */

/** Font units per em; 1000 so that widths read the same as PDF glyph-space widths. */
export const GLYPHLESS_UNITS_PER_EM = 1000
/** Advance of every glyph in font units: half an em, tesseract's choice too. The PDF `/DW` must say the same. */
export const GLYPHLESS_ADVANCE = 500
/** Ascent and descent in font units: the glyph cell spans 0.8 em above and 0.2 em below the baseline. */
export const GLYPHLESS_ASCENT = 800
export const GLYPHLESS_DESCENT = -200
/** PostScript name of the font, as viewers show it in font lists. */
export const GLYPHLESS_NAME = 'GlyphLessFont'

class Writer {
  private bytes: number[] = []
  u8(v: number) {
    this.bytes.push(v & 0xff)
    return this
  }
  u16(v: number) {
    return this.u8(v >> 8).u8(v)
  }
  i16(v: number) {
    return this.u16(v < 0 ? v + 0x10000 : v)
  }
  u32(v: number) {
    return this.u16((v >>> 16) & 0xffff).u16(v & 0xffff)
  }
  zeros(n: number) {
    for (let i = 0; i < n; i++) this.u8(0)
    return this
  }
  ascii(s: string) {
    for (const c of s) this.u8(c.charCodeAt(0))
    return this
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes)
  }
}

function checksum(b: Uint8Array): number {
  let sum = 0
  for (let i = 0; i < b.length; i += 4) {
    sum = (sum + (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0))) >>> 0
  }
  return sum
}

/** The tables of the font, by tag: two empty glyphs of one advance. */
function tables(): Record<string, Uint8Array> {
  const numGlyphs = 2
  const head = headTable()
  const hhea = hheaTable(numGlyphs)
  const maxp = new Writer().u32(0x00010000).u16(numGlyphs).zeros(8).u16(2).zeros(16).done()
  const hmtx = new Writer().u16(GLYPHLESS_ADVANCE).i16(0).u16(GLYPHLESS_ADVANCE).i16(0).done()
  const loca = new Writer().u16(0).u16(0).u16(0).done() // both glyphs empty
  const glyf = new Uint8Array(0)
  const cmap = cmapTable()
  const post = new Writer().u32(0x00030000).u32(0).i16(-100).i16(50).u32(1).zeros(16).done()
  const name = nameTable()
  const os2 = os2Table()
  return { 'OS/2': os2, cmap, glyf, head, hhea, hmtx, loca, maxp, name, post }
}

/** The font header: units per em, the bounding box, short glyph offsets. */
function headTable(): Uint8Array {
  return new Writer()
    .u32(0x00010000)
    .u32(0x00010000) // version, fontRevision
    .u32(0) // checkSumAdjustment, patched after assembly
    .u32(0x5f0f3cf5) // magic
    .u16(0x000b) // flags: baseline at y=0, lsb at x=0, integer scaling
    .u16(GLYPHLESS_UNITS_PER_EM)
    .zeros(16) // created, modified
    .i16(0)
    .i16(GLYPHLESS_DESCENT)
    .i16(GLYPHLESS_ADVANCE)
    .i16(GLYPHLESS_ASCENT) // font bbox
    .u16(0)
    .u16(8)
    .i16(2) // macStyle, lowestRecPPEM, fontDirectionHint
    .i16(0)
    .i16(0) // indexToLocFormat short, glyphDataFormat
    .done()
}

/** The horizontal header: ascent, descent, one advance for every glyph. */
function hheaTable(numGlyphs: number): Uint8Array {
  return new Writer()
    .u32(0x00010000)
    .i16(GLYPHLESS_ASCENT)
    .i16(GLYPHLESS_DESCENT)
    .i16(0)
    .u16(GLYPHLESS_ADVANCE)
    .i16(0)
    .i16(0)
    .i16(0) // advanceWidthMax, minLSB, minRSB, xMaxExtent
    .i16(1)
    .i16(0)
    .i16(0)
    .zeros(8)
    .i16(0) // caret slope rise/run/offset, reserved, metricDataFormat
    .u16(numGlyphs)
    .done()
}

/** The character map. */
function cmapTable(): Uint8Array {
  // cmap format 4 with only the closing 0xFFFF segment: nothing maps; the PDF maps codes to glyphs with CIDToGIDMap.
  return new Writer()
    .u16(0)
    .u16(1)
    .u16(3)
    .u16(1)
    .u32(12)
    .u16(4)
    .u16(24)
    .u16(0)
    .u16(2)
    .u16(2)
    .u16(0)
    .u16(0) // format, length, language, segCountX2, searchRange, entrySelector, rangeShift
    .u16(0xffff)
    .u16(0)
    .u16(0xffff)
    .i16(1)
    .u16(0)
    .done()
}

/** The naming table: the font's family, style, full and PostScript names, in UTF-16 for Windows. */
function nameTable(): Uint8Array {
  const names: Array<[number, string]> = [
    [1, GLYPHLESS_NAME],
    [2, 'Regular'],
    [4, GLYPHLESS_NAME],
    [6, GLYPHLESS_NAME],
  ]
  const nameW = new Writer()
    .u16(0)
    .u16(names.length)
    .u16(6 + 12 * names.length)
  let off = 0
  for (const [id, s] of names) {
    nameW
      .u16(3)
      .u16(1)
      .u16(0x409)
      .u16(id)
      .u16(s.length * 2)
      .u16(off)
    off += s.length * 2
  }
  for (const [, s] of names) for (const c of s) nameW.u16(c.charCodeAt(0))
  return nameW.done()
}

/** The OS/2 table: weight, width, vertical metrics, installable embedding. */
function os2Table(): Uint8Array {
  return new Writer()
    .u16(4)
    .i16(GLYPHLESS_ADVANCE)
    .u16(400)
    .u16(5)
    .u16(0) // version, xAvgCharWidth, weight, width, fsType: installable
    .zeros(20)
    .i16(0)
    .zeros(10) // sub/superscript and strikeout metrics, sFamilyClass, panose
    .zeros(16)
    .ascii('NONE')
    .u16(0x40) // ulUnicodeRange1-4, achVendID, fsSelection REGULAR
    .u16(0x20)
    .u16(0xffff) // first, last char index
    .i16(GLYPHLESS_ASCENT)
    .i16(GLYPHLESS_DESCENT)
    .i16(0)
    .u16(GLYPHLESS_ASCENT)
    .u16(-GLYPHLESS_DESCENT)
    .u32(1)
    .u32(0) // code page ranges: Latin 1
    .i16(0)
    .i16(GLYPHLESS_ASCENT)
    .u16(0)
    .u16(0x20)
    .u16(1) // xHeight, capHeight, defaultChar, breakChar, maxContext
    .done()
}

/** The glyphless TrueType program as bytes (about 600 bytes); the same bytes on every call. */
export function glyphlessTrueType(): Uint8Array {
  const t = tables()
  const tags = Object.keys(t).sort() // the table directory must be sorted by tag
  const n = tags.length
  let entrySelector = 0
  while (1 << (entrySelector + 1) <= n) entrySelector++
  const searchRange = (1 << entrySelector) * 16
  const dir = new Writer()
    .u32(0x00010000)
    .u16(n)
    .u16(searchRange)
    .u16(entrySelector)
    .u16(n * 16 - searchRange)
  let offset = 12 + 16 * n
  const body: Uint8Array[] = []
  let headOffset = 0
  for (const tag of tags) {
    const data = t[tag]!
    if (tag === 'head') headOffset = offset
    dir.ascii(tag).u32(checksum(data)).u32(offset).u32(data.length)
    const padded = new Uint8Array((data.length + 3) & ~3)
    padded.set(data)
    body.push(padded)
    offset += padded.length
  }
  const header = dir.done()
  const out = new Uint8Array(offset)
  out.set(header)
  let p = header.length
  for (const b of body) {
    out.set(b, p)
    p += b.length
  }
  const adjust = (0xb1b0afba - checksum(out)) >>> 0
  new DataView(out.buffer).setUint32(headOffset + 8, adjust)
  return out
}
