// What the extractor can tell of a font from what pdf.js resolved (embedded or not, its kind, invisible runs, its
// `/Differences`), `undefined` where it cannot tell.
import type { FontInfo } from '@pdftriage/core'

/** What pdf.js's `page.commonObjs.get(fontId)` holds of a font (with `fontExtraProperties: true`). */
export interface PdfjsFont {
  name?: string
  missingFile?: boolean
  isType3Font?: boolean
  /** Program type pdf.js loaded: 'Type1', 'TrueType', 'CIDFontType0', 'CIDFontType2', 'OpenType'... */
  type?: string
  composite?: boolean
  /** The `/Differences` of the font's encoding: code -> glyph name (sparse). */
  differences?: ArrayLike<string | undefined> | Record<string, string | undefined>
}

/**
 * The 14 standard font names. pdf.js draws a non-embedded standard font with its own substitute and then reports
 * no missing file, so such a name without a subset tag means "not embedded" (a file embedding a full program under
 * a standard name is rare and would be reported wrongly).
 */
const STANDARD_14 = new Set([
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Symbol',
  'ZapfDingbats',
])

/** Common aliases of the standard fonts that pdf.js also substitutes (name without a subset tag): cannot tell. */
const STANDARD_ALIAS = /^(Arial|ArialMT|Arial,|Arial-|TimesNewRoman|Times New Roman|CourierNew|Courier New|Helvetica|Times|Courier)/

/** A subset tag: six capital letters and a plus sign, which only an embedded program carries. */
const SUBSET_TAG = /^[A-Z]{6}\+/

/** Tesseract and other OCR tools name the font of their invisible layer so. */
const GLYPHLESS = /GlyphLess/i

/**
 * `true` embedded, `false` not, `undefined` cannot tell. Type3 glyphs live in the file, so they count as embedded.
 */
export function isEmbedded(font: PdfjsFont): boolean | undefined {
  if (font.isType3Font) return true
  if (font.missingFile) return false
  const name = font.name ?? ''
  if (SUBSET_TAG.test(name)) return true
  if (STANDARD_14.has(name)) return false
  if (STANDARD_ALIAS.test(name)) return undefined
  return true
}

/**
 * FontInfo for one font id. `font` is `undefined` when pdf.js has not resolved it; `invisible` is `true` when every
 * run of the font on the page was drawn invisibly (or the font is a GlyphLessFont), `false` when one was visible,
 * `undefined` when the operator list was not read. `hasToUnicode` stays `undefined`: pdf.js always builds a map and
 * does not say whether the file had one.
 */
export function fontInfo(id: string, font: PdfjsFont | undefined, invisible: boolean | undefined, codes?: ReadonlySet<number>): FontInfo {
  const out: FontInfo = { id }
  if (font) {
    const names = glyphNamesOf(font, codes)
    if (names) out.glyphNames = names
    if (font.name) out.name = font.name
    const embedded = isEmbedded(font)
    if (embedded !== undefined) out.embedded = embedded
    // The loaded program's type describes the file's font only when the file's program was loaded.
    const kind = font.isType3Font ? 'Type3' : font.composite ? 'Type0' : embedded ? font.type : undefined
    if (kind) out.kind = kind
  }
  const glyphless = GLYPHLESS.test(font?.name ?? '')
  if (invisible !== undefined || glyphless) out.invisible = glyphless || invisible === true
  return out
}

/** Whether the font's encoding has `/Differences` (pdf.js gives every font an array, empty without). */
export function hasDifferences(font: PdfjsFont | undefined): boolean {
  const d = font?.differences
  return d !== undefined && Object.keys(d).length > 0
}

/** An entry of `/Differences` as pdf.js gives it that names a glyph (not a gap of its array). */
const isName = (v: unknown): v is string => typeof v === 'string' && v !== ''

/** `/Differences` as pdf.js read them (a font's `differences`) as code in decimal -> glyph name, or `undefined` without. */
export function differencesOf(differences: PdfjsFont['differences']): Record<string, string> | undefined {
  if (!differences) return undefined
  const out: Record<string, string> = {}
  for (const [code, name] of Object.entries(differences)) if (isName(name)) out[code] = name
  return Object.keys(out).length > 0 ? out : undefined
}

/** The `/Differences` names of the codes drawn (only those: a page record carries what its text needs). */
function glyphNamesOf(font: PdfjsFont, codes: ReadonlySet<number> | undefined): Record<string, string> | undefined {
  const d = font.differences as Record<string, string | undefined> | undefined
  if (!d || !codes || codes.size === 0) return undefined
  const out: Record<string, string> = {}
  let n = 0
  for (const c of codes) {
    const name = d[c]
    if (isName(name)) {
      out[c] = name
      n++
    }
  }
  return n > 0 ? out : undefined
}
