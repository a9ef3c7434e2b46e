// A document's metadata (title, producer, dates...) from what pdf.js's getMetadata() returns, PDF dates as ISO 8601.
import type { DocumentInfo } from '@pdftriage/core'
import type { PdfjsModule } from './runtime.js'

/** What pdf.js's `getMetadata()` returns, as far as this module reads it. */
export interface PdfjsMetadata {
  info: object
  metadata: { get(name: string): unknown } | null
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)

/** A PDF date (`D:20240131120000+01'00'`) as ISO 8601; the raw string when it does not parse; `undefined` if absent. */
export function pdfDate(pdfjs: Pick<PdfjsModule, 'PDFDateString'>, v: unknown): string | undefined {
  const raw = str(v)
  if (raw === undefined) return undefined
  const d = pdfjs.PDFDateString.toDateObject(raw)
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : raw
}

/** Document info from pdf.js metadata; fields absent from the file stay `undefined`. */
export function documentInfo(pdfjs: Pick<PdfjsModule, 'PDFDateString'>, pageCount: number, md: PdfjsMetadata): DocumentInfo {
  const info = md.info as Record<string, unknown>
  let creatorTool: string | undefined
  try {
    // pdf.js lower-cases XMP property names.
    creatorTool = str(md.metadata?.get('xmp:creatortool'))
  } catch {
    creatorTool = undefined // a malformed XMP packet: cannot tell
  }
  const out: DocumentInfo = { pageCount, encrypted: info['EncryptFilterName'] != null }
  const set = <K extends keyof DocumentInfo>(k: K, v: DocumentInfo[K] | undefined) => {
    if (v !== undefined) out[k] = v
  }
  set('producer', str(info['Producer']))
  set('creator', str(info['Creator']))
  set('creatorTool', creatorTool)
  set('title', str(info['Title']))
  set('author', str(info['Author']))
  set('creationDate', pdfDate(pdfjs, info['CreationDate']))
  set('modificationDate', pdfDate(pdfjs, info['ModDate']))
  set('pdfVersion', str(info['PDFFormatVersion']))
  return out
}
