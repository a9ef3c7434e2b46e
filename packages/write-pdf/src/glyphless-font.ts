// The glyphless Type0 font the invisible text layer is drawn in: text encoded to its codes (characters beyond the BMP
// given private codes) and the font embedded once a document with its ToUnicode map.
import type { PDFDocument, PDFRef } from 'pdf-lib'
import { GLYPHLESS_ADVANCE, GLYPHLESS_ASCENT, GLYPHLESS_DESCENT, GLYPHLESS_NAME, glyphlessTrueType } from './glyphless-truetype.js'

/** First code of the Private Use Area, from which codes for characters beyond the BMP are allocated. */
const PUA_START = 0xe000
const PUA_END = 0xf8ff

/**
 * Maps text to the 2-byte codes of the glyphless Type0 font (Identity-H): a BMP character is its own code, a
 * character beyond the BMP gets a Private Use Area code that the page text does not use, and the ToUnicode CMap maps
 * it back. One encoder per document, so that one font object serves every page.
 */
export class GlyphlessEncoder {
  private readonly used = new Map<number, string>()
  private readonly astral = new Map<string, number>()
  private nextPua = PUA_START

  /** Codes for a string; control characters are dropped (they have no place in a text layer). NFC is the caller's. */
  encode(text: string): number[] {
    const codes: number[] = []
    for (const ch of text) {
      const cp = ch.codePointAt(0)!
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue
      let code: number
      if (cp <= 0xffff && (cp < 0xd800 || cp > 0xdfff)) code = cp
      else {
        const known = this.astral.get(ch)
        if (known !== undefined) code = known
        else {
          while (this.nextPua <= PUA_END && this.used.has(this.nextPua)) this.nextPua++
          if (this.nextPua > PUA_END) continue // over 6400 distinct astral characters: drop the rest
          code = this.nextPua++
          this.astral.set(ch, code)
        }
      }
      if (!this.used.has(code)) this.used.set(code, String.fromCodePoint(cp))
      else if (cp <= 0xffff && this.used.get(code) !== ch) {
        // a BMP PUA character arrived after its code was lent to an astral one: keep the first mapping
        continue
      }
      codes.push(code)
    }
    return codes
  }

  /** The ToUnicode CMap for every code handed out so far (bfchar entries, 100 a block as the spec allows). */
  toUnicodeCMap(): string {
    const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0')
    const entries = [...this.used.entries()].sort((a, b) => a[0] - b[0])
    let body = ''
    for (let i = 0; i < entries.length; i += 100) {
      const chunk = entries.slice(i, i + 100)
      body += `${chunk.length} beginbfchar\n`
      for (const [code, s] of chunk) {
        let utf16 = ''
        for (let j = 0; j < s.length; j++) utf16 += hex4(s.charCodeAt(j))
        body += `<${hex4(code)}> <${utf16}>\n`
      }
      body += 'endbfchar\n'
    }
    return (
      '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
      '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
      body +
      'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n'
    )
  }
}

/** Width of one glyph as a share of the font size (every glyph has the same advance). */
export const GLYPH_ADVANCE_EM = GLYPHLESS_ADVANCE / 1000
/** Share of the font size below the baseline: the glyph cell spans [-0.2, 0.8] em. */
export const GLYPH_DESCENT_EM = -GLYPHLESS_DESCENT / 1000

/**
 * Adds the glyphless Type0 font to `doc` (Identity-H, CIDFontType2 with every CID drawn by the one blank glyph, the
 * TrueType program embedded, ToUnicode from `encoder`). Call once all pages are encoded. Returns the font's reference:
 * `ref` when given (reserved with `doc.context.nextRef()` before the pages were encoded), else a new one.
 */
export async function embedGlyphlessFont(doc: PDFDocument, encoder: GlyphlessEncoder, ref?: PDFRef): Promise<PDFRef> {
  const { PDFString } = await import('pdf-lib')
  const ctx = doc.context
  const fontFile = ctx.register(ctx.flateStream(glyphlessTrueType()))
  // Every CID -> glyph 1 (two bytes each for 65536 CIDs): 128 KiB that deflate to a few hundred bytes.
  const cidToGid = new Uint8Array(0x20000)
  for (let i = 2; i < cidToGid.length; i += 2) cidToGid[i + 1] = 1
  const cidToGidRef = ctx.register(ctx.flateStream(cidToGid))
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: GLYPHLESS_NAME,
      Flags: 5, // fixed pitch + symbolic
      FontBBox: [0, GLYPHLESS_DESCENT, GLYPHLESS_ADVANCE, GLYPHLESS_ASCENT],
      ItalicAngle: 0,
      Ascent: GLYPHLESS_ASCENT,
      Descent: GLYPHLESS_DESCENT,
      CapHeight: GLYPHLESS_ASCENT,
      StemV: 80,
      FontFile2: fontFile,
    }),
  )
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: GLYPHLESS_NAME,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: GLYPHLESS_ADVANCE,
      CIDToGIDMap: cidToGidRef,
    }),
  )
  const toUnicode = ctx.register(ctx.flateStream(encoder.toUnicodeCMap()))
  const font = ctx.obj({
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: GLYPHLESS_NAME,
    Encoding: 'Identity-H',
    DescendantFonts: [cidFont],
    ToUnicode: toUnicode,
  })
  if (!ref) return ctx.register(font)
  ctx.assign(ref, font)
  return ref
}
