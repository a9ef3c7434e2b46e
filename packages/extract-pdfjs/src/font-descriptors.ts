// Old Japanese and Chinese files whose CID fonts lack the FontDescriptor pdf.js needs to read them: such fonts are
// given one (nothing embedded changes) and the document is read again.
import { loadQuietly } from './pdf-lib-load.js'

/**
 * CID fonts named without a FontDescriptor. The descriptor is required (PDF 1.7, 9.7.4) but old Japanese and Chinese
 * files leave it out of non-embedded fonts (`/HeiseiMin-W3` in `90ms-RKSJ-H`, `/Ryumin-Light` in `V`), as the base-14
 * fonts may. pdf.js 5.6 then loads the font as a simple one: one byte a glyph and no CMap, so `日本語テスト` reads
 * `œ{ŒeXg`; and a descendant with no BaseFont either is refused, its text lost. pdftotext reads both. The document is
 * given a descriptor for each such font (a name, symbolic flags, generic metrics: nothing embedded, so nothing it
 * draws changes but the fallback pdf.js picks) and read again.
 */

/** pdf.js's message when it refuses a font dictionary with no descriptor and no BaseFont. */
const NO_BASE_FONT = /base font is not specified/i

/** Whether a font as pdf.js's `commonObjs` holds it (or the message it holds instead) is such a CID font. */
export function lacksDescriptor(font: unknown): boolean {
  if (typeof font === 'string') return NO_BASE_FONT.test(font)
  if (!font || typeof font !== 'object') return false
  const { type, composite } = font as { type?: unknown; composite?: unknown }
  return typeof type === 'string' && type.startsWith('CIDFontType') && composite !== true
}

/**
 * The document with a FontDescriptor (and BaseFont) added to every CIDFont of a Type0 font that has none, or
 * `undefined` when there is none to add. Read with pdf-lib, loaded only here (few documents need it).
 */
export async function withFontDescriptors(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  const { PDFArray, PDFDict, PDFName } = await import('pdf-lib')
  const doc = await loadQuietly(bytes)
  const ctx = doc.context
  const N = (s: string) => PDFName.of(s)
  let added = 0
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(N('Subtype')) !== N('Type0')) continue
    const kids = ctx.lookup(obj.get(N('DescendantFonts')))
    const kid = kids instanceof PDFArray && kids.size() > 0 ? ctx.lookup(kids.get(0)) : undefined
    if (!(kid instanceof PDFDict) || kid.get(N('FontDescriptor')) !== undefined) continue
    const name = kid.get(N('BaseFont')) ?? obj.get(N('BaseFont'))
    if (!(name instanceof PDFName)) continue
    kid.set(N('BaseFont'), name)
    // Flags 4: symbolic (not the standard Latin set). The metrics are a generic CJK em square's: with no font file
    // they only place the fallback's glyphs, as any non-embedded font's do.
    const descriptor = ctx.obj({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: 4,
      FontBBox: [0, -120, 1000, 880],
      ItalicAngle: 0,
      Ascent: 880,
      Descent: -120,
      CapHeight: 700,
      StemV: 80,
    })
    kid.set(N('FontDescriptor'), ctx.register(descriptor))
    added++
  }
  if (added === 0) return undefined
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false })
}
