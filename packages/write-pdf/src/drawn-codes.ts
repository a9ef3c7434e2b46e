// The fonts a page's content draws text with (its forms' too) and the codes it shows with each, read from the
// content streams: the codes a replaced layer's text is mapped to spaces by (`blankReplacedText`).
import type { PDFDict, PDFDocument, PDFPage, PDFRef } from 'pdf-lib'
import { pageContent, parseContent, streamText, type Operand } from './content-stream.js'

/** A font dictionary a page's content draws with, and the character codes it shows with it there. */
export interface DrawnFont {
  ref: PDFRef
  dict: PDFDict
  /** Two-byte codes (a composite font of an Identity CMap), else one byte a code. */
  type0: boolean
  codes: Set<number>
}

/** Forms nested deeper than this are not followed (content that deep draws nothing a reader would miss). */
const MAX_FORM_DEPTH = 4

/**
 * The fonts the content of `page` draws text with (its forms' too) and the codes each shows, keyed by the font
 * dictionary's reference. A font whose codes cannot be told (a composite font of another CMap than Identity-H or -V,
 * a font given directly rather than by reference, a font whose program is not in the file but a simple font with an
 * /Encoding) is left out, and so is everything when a stream cannot be read:
 * the caller then leaves those fonts as they are.
 */
export async function drawnCodes(doc: PDFDocument, page: PDFPage): Promise<Map<string, DrawnFont>> {
  try {
    return await readDrawnCodes(doc, page)
  } catch {
    // pdf-lib's typed lookups throw on a damaged dictionary (a descriptor that is no dictionary): nothing is blanked
    return new Map()
  }
}

async function readDrawnCodes(doc: PDFDocument, page: PDFPage): Promise<Map<string, DrawnFont>> {
  const lib = await import('pdf-lib')
  const { PDFName, PDFDict, PDFRef, PDFArray, PDFRawStream } = lib
  const out = new Map<string, DrawnFont>()
  const unreadable = new Set<string>()
  const formsSeen = new Set<string>()
  const fontOf = (res: PDFDict | undefined, name: string): DrawnFont | undefined => {
    const ref = res?.lookupMaybe(PDFName.of('Font'), PDFDict)?.get(PDFName.of(name))
    if (!(ref instanceof PDFRef)) return undefined
    const key = ref.toString()
    if (unreadable.has(key)) return undefined
    let f = out.get(key)
    if (f) return f
    const dict = doc.context.lookupMaybe(ref, PDFDict)
    if (!dict) return undefined
    const subtype = dict.get(PDFName.of('Subtype'))
    const type0 = subtype instanceof PDFName && subtype.decodeText() === 'Type0'
    const enc = dict.get(PDFName.of('Encoding'))
    const descendant = type0 ? dict.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict) : dict
    const descriptor = descendant?.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict)
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor?.has(PDFName.of(k)))
    // A font whose program is not in the file is drawn with a stand-in that readers may pick glyphs for by the
    // ToUnicode: poppler and mupdf drew nothing for a non-embedded Verdana of Identity-H once its codes read as spaces
    // (corpus-real r0064). A simple font is drawn by its encoding's glyph names (a non-embedded Helvetica of WinAnsi
    // renders byte for byte the same with its codes as spaces), so it needs an /Encoding.
    const drawnByNames = !type0 && (enc !== undefined || subtype?.toString() === '/Type3')
    if ((type0 && !(enc instanceof PDFName && /^Identity-[HV]$/.test(enc.decodeText()))) || !(embedded || drawnByNames)) {
      unreadable.add(key)
      return undefined
    }
    out.set(key, (f = { ref, dict, type0, codes: new Set() }))
    return f
  }
  const show = (f: DrawnFont | undefined, o: Operand | undefined) => {
    if (!f || o?.kind !== 'str') return
    const b = o.bytes
    if (f.type0) for (let i = 0; i + 1 < b.length; i += 2) f.codes.add((b[i]! << 8) | b[i + 1]!)
    else for (const c of b) f.codes.add(c)
  }
  const walk = (content: string, res: PDFDict | undefined, depth: number): boolean => {
    let ops
    try {
      ops = parseContent(content)
    } catch {
      return false
    }
    // the font is part of the graphics state: q and Q save and restore it
    const saved: Array<DrawnFont | undefined> = []
    let font: DrawnFont | undefined
    for (const { op, operands } of ops) {
      if (op === 'q') saved.push(font)
      else if (op === 'Q') font = saved.pop()
      else if (op === 'Tf') {
        const name = operands[0]
        font = name?.kind === 'name' ? fontOf(res, name.value) : undefined
      } else if (op === 'Tj' || op === "'") show(font, operands[operands.length - 1])
      else if (op === '"') show(font, operands[2])
      else if (op === 'TJ') {
        const arr = operands[0]
        if (arr?.kind === 'array') for (const it of arr.items) show(font, it)
      } else if (op === 'Do' && depth < MAX_FORM_DEPTH) {
        const name = operands[0]
        const ref = name?.kind === 'name' ? res?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.get(PDFName.of(name.value)) : undefined
        if (!(ref instanceof PDFRef) || formsSeen.has(ref.toString())) continue
        formsSeen.add(ref.toString())
        const form = doc.context.lookup(ref)
        if (!(form instanceof PDFRawStream) || form.dict.get(PDFName.of('Subtype'))?.toString() !== '/Form') continue
        const text = streamText(lib, doc, form)
        if (text === undefined || !walk(text, form.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? res, depth + 1)) return false
      }
    }
    return true
  }
  const content = pageContent(lib, doc, page)
  if (!content || !walk(content.text, page.node.Resources(), 0)) return new Map()
  for (const [k, f] of out) if (f.codes.size === 0) out.delete(k)
  return out
}
