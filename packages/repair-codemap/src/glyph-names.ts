// The text a glyph name stands for, by the Adobe Glyph List's rules and TeX's font names: the code-map repair reads
// a font's codes by their names where the file gives them and the names prove true.
import type { PageText } from '@pdftriage/core'
import AGL from './agl.json' with { type: 'json' }
import { codeKey } from './layout.js'
import { TEX_NAMES, TEX_SIZE_SUFFIX } from './tex-names.js'

let table: Map<string, string> | undefined

/**
 * The Adobe Glyph List (agl.json: glyph name -> Unicode scalar values in hex) as name -> text, built on first use.
 * A JSON module, not a file read, so that bundlers carry it into a browser build.
 */
export function adobeGlyphList(): ReadonlyMap<string, string> {
  if (!table) {
    table = new Map()
    for (const [name, hex] of Object.entries(AGL.glyphs)) table.set(name, String.fromCodePoint(...hex.split(' ').map((h) => parseInt(h, 16))))
  }
  return table
}

const UNI = /^uni((?:[0-9A-F]{4})+)$/
const U = /^u([0-9A-F]{4,6})$/

/** A code point that may stand for a glyph: not a surrogate, not a control character, not beyond Unicode. */
const usable = (cp: number): boolean => cp >= 0x20 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) && !(cp >= 0x7f && cp < 0xa0)

/** A sized glyph of TeX's extension font (`parenleftbigg`) as its base's sign; undefined for anything else. */
function sized(part: string): string | undefined {
  const m = TEX_SIZE_SUFFIX.exec(part)
  const base = m && (TEX_NAMES.get(m[1]!) ?? adobeGlyphList().get(m[1]!))
  return base && !/[\p{L}\p{N}]/u.test(base) ? base : undefined
}

/**
 * The text of a glyph name by the Adobe Glyph List's rules: the part before the first period, its components
 * (joined by `_`) each an AGL name, a TeX font's name (`TEX_NAMES`, sized ones too), `uniXXXX...` or `uXXXX[XX]`;
 * undefined when a component is none of these (`g12`, `a7`: names that only number the glyphs). Ligatures the list
 * gives as presentation forms (`fi` U+FB01) are their letters, as extractors and OCR write them.
 */
export function glyphNameText(name: string): string | undefined {
  const base = name.split('.')[0]!
  if (!base) return undefined
  let out = ''
  for (const part of base.split('_')) {
    const a = TEX_NAMES.get(part) ?? adobeGlyphList().get(part) ?? sized(part)
    if (a !== undefined) {
      out += a
      continue
    }
    const m = UNI.exec(part)
    if (m) {
      const cps = m[1]!.match(/.{4}/g)!.map((h) => parseInt(h, 16))
      if (!cps.every(usable)) return undefined
      out += String.fromCodePoint(...cps)
      continue
    }
    const u = U.exec(part)
    if (u && usable(parseInt(u[1]!, 16))) {
      out += String.fromCodePoint(parseInt(u[1]!, 16))
      continue
    }
    return undefined
  }
  return out.replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'))
}

/** Per font of the page, the text its glyph names give each code drawn (code key -> text), names that resolve only. */
export function pageNameTexts(page: PageText): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>()
  for (const [id, f] of Object.entries(page.fonts ?? {})) {
    if (!f.glyphNames) continue
    const m = new Map<string, string>()
    for (const [code, name] of Object.entries(f.glyphNames)) {
      const t = glyphNameText(name)
      if (t) m.set(codeKey(Number(code)), t)
    }
    if (m.size > 0) out.set(id, m)
  }
  return out
}
