// PDF/A-2B output: what in the input forbids it (and cannot be mended without changing what the file shows), and the
// metadata, output intent and file ID that make the copy PDF/A.
import { md5Hex, readProfile } from '#platform'
import type { PDFDict as Dict, PDFDocument, PDFObject } from 'pdf-lib'
import { TriageError } from '@pdftriage/core'

type Lib = typeof import('pdf-lib')

/** The part and conformance written: PDF/A-2B (ISO 19005-2, level B: the page looks as it will in years to come). */
export const PDFA_PART = 2
export const PDFA_CONFORMANCE = 'B'

/** The output condition the profile stands for, as OCRmyPDF and Ghostscript name it. */
const SRGB_CONDITION = 'sRGB IEC61966-2.1'

let srgb: Uint8Array | undefined
/** The packaged sRGB ICC profile, read once: from the package folder in Node, bundled with the code in a browser (never fetched). */
export function srgbProfile(): Uint8Array {
  srgb ??= readProfile()
  return srgb
}

/** Actions ISO 19005-2 (6.5.1) forbids: they run code, play media or change what the page shows. */
const FORBIDDEN_ACTIONS = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'JavaScript',
])
/** Annotation types ISO 19005-2 (6.3.1) forbids. */
const FORBIDDEN_ANNOTS = new Set(['3D', 'Sound', 'Screen', 'Movie'])
/** Annotation flags (PDF 32000-1, 12.5.3): Print must be set, these must not (ISO 19005-2, 6.3.2). */
const ANNOT_PRINT = 4
const ANNOT_HIDING = 1 | 2 | 32 // Invisible, Hidden, NoView
const ANNOT_TOGGLE_NO_VIEW = 256

/**
 * What in `doc` keeps it from being PDF/A-2B and cannot be mended without changing what the file shows or does, one
 * line each (empty: nothing found). Also mends what can be mended without a visible change: an annotation without
 * flags gets the Print flag, appearance dictionaries lose their rollover and down states, images lose /Interpolate.
 * This is no validator: content streams are not read (a DeviceCMYK colour set by an operator, a font used only for
 * invisible text, which PDF/A allows unembedded, are not told), nor are the embedded font programs checked.
 */
export function pdfaBlockers(doc: PDFDocument, lib: Lib): string[] {
  const scan = new BlockerScan(doc, lib)
  for (const [, o] of doc.context.enumerateIndirectObjects()) scan.walk(o)
  scan.catalog()
  return [...scan.found]
}

/** One pass of {@link pdfaBlockers} over a document: the objects seen, and the blockers found in the order met. */
class BlockerScan {
  readonly found = new Set<string>()
  private readonly seen = new Set<PDFObject>()
  private readonly ctx: PDFDocument['context']

  constructor(
    private readonly doc: PDFDocument,
    private readonly lib: Lib,
  ) {
    this.ctx = doc.context
  }

  private name(d: Dict, key: string): string | undefined {
    const v = d.get(this.lib.PDFName.of(key))
    const r = v instanceof this.lib.PDFRef ? this.ctx.lookup(v) : v
    return r instanceof this.lib.PDFName ? r.decodeText() : undefined
  }

  private dictOf(v: PDFObject | undefined): Dict | undefined {
    const r = v instanceof this.lib.PDFRef ? this.ctx.lookup(v) : v
    return r instanceof this.lib.PDFDict ? r : r instanceof this.lib.PDFStream ? r.dict : undefined
  }

  /** Every dictionary reached from `o` without following references (each indirect object is walked on its own). */
  walk(o: PDFObject | undefined, isStream = false): void {
    const { PDFStream, PDFDict, PDFArray, PDFRef } = this.lib
    if (!o || this.seen.has(o)) return
    if (o instanceof PDFStream) {
      this.seen.add(o)
      this.walk(o.dict, true)
    } else if (o instanceof PDFDict) {
      this.seen.add(o)
      this.visit(o, isStream)
      for (const [, v] of o.entries()) if (!(v instanceof PDFRef)) this.walk(v)
    } else if (o instanceof PDFArray) {
      this.seen.add(o)
      for (const v of o.asArray()) if (!(v instanceof PDFRef)) this.walk(v)
    }
  }

  private visit(d: Dict, isStream: boolean): void {
    const { PDFName, PDFArray } = this.lib
    const type = this.name(d, 'Type')
    const subtype = this.name(d, 'Subtype')
    if (type === 'Font' && subtype !== 'CIDFontType0' && subtype !== 'CIDFontType2') this.checkFont(d)
    const s = this.name(d, 'S')
    // an action's /S names its kind (other dictionaries' /S name no action of these kinds, but a structure element's)
    if (s && FORBIDDEN_ACTIONS.has(s) && type !== 'StructElem')
      this.found.add(`it holds a ${s} action (PDF/A forbids actions that run code or change the page)`)
    if (d.has(PDFName.of('AA'))) this.found.add('it holds additional actions (/AA: PDF/A forbids actions triggered by events)')
    // an annotation: /Type /Annot is optional, a /Rect and a /Subtype on a dictionary (not a stream) tell it
    if (subtype && !isStream && (type === 'Annot' || (type === undefined && d.has(PDFName.of('Rect'))))) this.checkAnnotation(d, subtype)
    if (isStream) this.checkStream(d, subtype)
    if (type === 'ExtGState' && (d.has(PDFName.of('TR')) || (this.name(d, 'TR2') && this.name(d, 'TR2') !== 'Default')))
      this.found.add('it holds a transfer function (PDF/A forbids them)')
    const filter = d.get(PDFName.of('Filter'))
    const filters = filter instanceof PDFArray ? filter.asArray() : [filter]
    if (filters.some((x) => x instanceof PDFName && x.decodeText() === 'LZWDecode')) this.found.add('it holds an LZW-compressed stream (PDF/A forbids LZW)')
    const cs = d.get(PDFName.of('ColorSpace'))
    if (isStream && cs instanceof PDFName && cs.decodeText() === 'DeviceCMYK')
      this.found.add('it holds a DeviceCMYK image (PDF/A allows it only under a CMYK output intent, and the intent written is sRGB)')
  }

  private embedded(font: Dict): boolean {
    const fd = this.dictOf(font.get(this.lib.PDFName.of('FontDescriptor')))
    return !!fd && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => fd.has(this.lib.PDFName.of(k)))
  }

  private checkFont(font: Dict): void {
    const subtype = this.name(font, 'Subtype')
    if (subtype === 'Type3') return // its glyphs are content streams in the file
    const base = this.name(font, 'BaseFont') ?? '(unnamed)'
    if (subtype === 'Type0') {
      const desc = font.get(this.lib.PDFName.of('DescendantFonts'))
      const arr = desc instanceof this.lib.PDFRef ? this.ctx.lookup(desc) : desc
      const d = arr instanceof this.lib.PDFArray ? this.dictOf(arr.get(0)) : undefined
      if (!d || !this.embedded(d)) this.found.add(`font ${base} is not embedded (PDF/A needs the program of every font in the file)`)
      return
    }
    if (!this.embedded(font)) this.found.add(`font ${base} is not embedded (PDF/A needs the program of every font in the file)`)
  }

  /** A forbidden annotation, or one hidden or not printed; one without flags is printed, its pointer states dropped. */
  private checkAnnotation(d: Dict, subtype: string): void {
    const { PDFName, PDFNumber } = this.lib
    if (FORBIDDEN_ANNOTS.has(subtype)) {
      this.found.add(`it holds a ${subtype} annotation (PDF/A forbids it)`)
      return
    }
    const f = d.get(PDFName.of('F'))
    const flags = f instanceof PDFNumber ? f.asNumber() : undefined
    if (flags === undefined && subtype !== 'Popup')
      d.set(PDFName.of('F'), PDFNumber.of(ANNOT_PRINT)) // no flag: printed now, as shown
    else if (flags !== undefined && subtype !== 'Popup' && (!(flags & ANNOT_PRINT) || flags & (ANNOT_HIDING | ANNOT_TOGGLE_NO_VIEW)))
      this.found.add(`it holds a ${subtype} annotation that is hidden or not printed (PDF/A wants every annotation printed as shown)`)
    const ap = this.dictOf(d.get(PDFName.of('AP')))
    // the rollover and down appearances only show under the pointer: the normal one is what prints
    if (ap) for (const k of ['R', 'D']) ap.delete(PDFName.of(k))
  }

  /** A stream's dictionary: an image's interpolation (dropped) and alternates, external data, a PostScript XObject. */
  private checkStream(d: Dict, subtype: string | undefined): void {
    const { PDFName } = this.lib
    if (subtype === 'Image') {
      if (d.has(PDFName.of('Interpolate'))) d.delete(PDFName.of('Interpolate')) // a viewer's smoothing hint; PDF/A wants it off
      if (d.has(PDFName.of('Alternates')) || d.has(PDFName.of('OPI'))) this.found.add('it holds an image with alternates or OPI links (PDF/A forbids them)')
    }
    if (['F', 'FFilter', 'FDecodeParms'].some((k) => d.has(PDFName.of(k))))
      this.found.add('it holds a stream whose data is in an external file (PDF/A forbids them)')
    if (subtype === 'PS') this.found.add('it holds a PostScript XObject (PDF/A forbids them)')
  }

  /** The catalog's own: document JavaScript, embedded files, an XFA form (NeedAppearances dropped), another output intent. */
  catalog(): void {
    const { PDFName, PDFArray } = this.lib
    const catalog = this.doc.catalog
    const names = this.dictOf(catalog.get(PDFName.of('Names')))
    if (names?.has(PDFName.of('JavaScript'))) this.found.add('it holds document JavaScript')
    if (names?.has(PDFName.of('EmbeddedFiles'))) this.found.add('it holds embedded files (PDF/A-2 allows only PDF/A ones, which the writer cannot check)')
    const form = this.dictOf(catalog.get(PDFName.of('AcroForm')))
    if (form?.has(PDFName.of('XFA'))) this.found.add('it holds an XFA form (PDF/A forbids them)')
    if (form?.has(PDFName.of('NeedAppearances'))) form.delete(PDFName.of('NeedAppearances'))
    const intents = this.ctx.lookup(catalog.get(PDFName.of('OutputIntents')))
    if (intents instanceof PDFArray) {
      const own = intents.asArray().map((v) => this.dictOf(v))
      if (
        own.some((i) => i && this.name(i, 'S') !== 'GTS_PDFA1' && i.has(PDFName.of('DestOutputProfile'))) &&
        !own.some((i) => i && this.name(i, 'S') === 'GTS_PDFA1')
      )
        this.found.add('it holds an output intent of another profile (PDF/A wants every intent to name the same one)')
    }
  }
}

/** XML text: the five escapes, and no character XML 1.0 forbids (Info takes the same text, so that both agree). */
const xmlText = (s: string) =>
  s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
const clean = (s: string | undefined) => s?.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').trim() || undefined
/** XMP dates are ISO 8601; the second is the Info dictionary's precision (pdf-lib writes `D:YYYYMMDDHHmmSSZ`). */
const xmpDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The document's identification as written: Info's text (else the old packet's), and the dates to the second. */
interface Identification {
  title: string | undefined
  author: string | undefined
  subject: string | undefined
  keywords: string | undefined
  creator: string | undefined
  producer: string
  created: Date
  /** Now, to the second: the modification and metadata date. */
  second: Date
}

/**
 * Makes `doc` PDF/A-2B where the writer is concerned: an XMP packet in the catalog (pdfaid part 2, conformance B) that
 * says what the Info dictionary says (title, author, subject, keywords, creator tool, producer, dates; the input's
 * own packet is replaced, what Info lacks taken from it), the Info entries rewritten from the same text, an sRGB output intent (kept when the input
 * has a PDF/A one), and a file ID in the trailer. `input` seeds a missing ID. pdf-lib writes the `%PDF-1.7` header and
 * its binary comment line.
 */
export function makePdfA(doc: PDFDocument, lib: Lib, input: Uint8Array, now: Date = new Date()): void {
  const { PDFName, PDFArray, PDFHexString, PDFRef } = lib
  const ctx = doc.context
  const catalog = doc.catalog
  const id = identification(doc, lib, now)
  rewriteInfo(doc, lib, id)
  const old = catalog.get(PDFName.of('Metadata'))
  if (old instanceof PDFRef) ctx.delete(old)
  // unfiltered, as PDF/A readers expect to find the packet by scanning the bytes
  catalog.set(PDFName.of('Metadata'), ctx.register(ctx.stream(new TextEncoder().encode(xmpPacket(id)), { Type: 'Metadata', Subtype: 'XML' })))
  addOutputIntent(doc, lib)
  if (!(ctx.lookup(ctx.trailerInfo.ID) instanceof PDFArray)) {
    // the input's digest: the same input gets the same first ID, as the spec wants of one document
    const fileId = PDFHexString.of(md5Hex(input))
    ctx.trailerInfo.ID = ctx.obj([fileId, fileId])
  }
}

/** The identification to write: Info's entries, what Info lacks taken from the input's packet, which is replaced. */
function identification(doc: PDFDocument, lib: Lib, now: Date): Identification {
  const when = (get: () => Date | undefined) => {
    try {
      return get()
    } catch {
      return undefined // an Info date pdf-lib cannot read is written again from now
    }
  }
  const text = (get: () => string | undefined) => {
    try {
      return clean(get())
    } catch {
      return undefined
    }
  }
  // what Info lacks is taken from the input's packet, which is replaced
  const had = oldPacket(doc, lib)
  const title = text(() => doc.getTitle()) ?? clean(had && packetValue(had, 'dc:title'))
  const author = text(() => doc.getAuthor()) ?? clean(had && packetValue(had, 'dc:creator'))
  const subject = text(() => doc.getSubject()) ?? clean(had && packetValue(had, 'dc:description'))
  const keywords = text(() => doc.getKeywords()) ?? clean(had && packetValue(had, 'pdf:Keywords'))
  const creator = text(() => doc.getCreator()) ?? clean(had && packetValue(had, 'xmp:CreatorTool'))
  const producer = text(() => doc.getProducer()) ?? clean(had && packetValue(had, 'pdf:Producer')) ?? 'pdftriage'
  const second = new Date(Math.floor(now.getTime() / 1000) * 1000)
  const hadDate = had && Date.parse(packetValue(had, 'xmp:CreateDate') ?? '')
  // a packet's date to the second, as Info holds it
  const created = when(() => doc.getCreationDate()) ?? (hadDate ? new Date(Math.floor(hadDate / 1000) * 1000) : second)
  return { title, author, subject, keywords, creator, producer, created, second }
}

/** Info rewritten from the same text (hex UTF-16), absent entries and Trapped (which would need pdf:Trapped) removed. */
function rewriteInfo(doc: PDFDocument, lib: Lib, id: Identification): void {
  const { PDFName, PDFDict, PDFHexString } = lib
  const ctx = doc.context
  const found = ctx.lookup(ctx.trailerInfo.Info)
  const infoDict = found instanceof PDFDict ? found : ctx.obj({})
  if (infoDict !== found) ctx.trailerInfo.Info = ctx.register(infoDict)
  const put = (key: string, v: string | undefined) => (v ? infoDict.set(PDFName.of(key), PDFHexString.fromText(v)) : infoDict.delete(PDFName.of(key)))
  put('Title', id.title)
  put('Author', id.author)
  put('Subject', id.subject)
  put('Keywords', id.keywords)
  put('Creator', id.creator)
  put('Producer', id.producer)
  infoDict.delete(PDFName.of('Trapped'))
  doc.setCreationDate(id.created)
  doc.setModificationDate(id.second)
}

/** The XMP packet: the PDF/A identification and the document's. */
function xmpPacket({ title, author, subject, keywords, creator, producer, created, second }: Identification): string {
  const alt = (v: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${xmlText(v)}</rdf:li></rdf:Alt>`
  const props = [
    `<pdfaid:part>${PDFA_PART}</pdfaid:part>`,
    `<pdfaid:conformance>${PDFA_CONFORMANCE}</pdfaid:conformance>`,
    '<dc:format>application/pdf</dc:format>',
    ...(title ? [`<dc:title>${alt(title)}</dc:title>`] : []),
    ...(author ? [`<dc:creator><rdf:Seq><rdf:li>${xmlText(author)}</rdf:li></rdf:Seq></dc:creator>`] : []),
    ...(subject ? [`<dc:description>${alt(subject)}</dc:description>`] : []),
    ...(keywords ? [`<pdf:Keywords>${xmlText(keywords)}</pdf:Keywords>`] : []),
    ...(creator ? [`<xmp:CreatorTool>${xmlText(creator)}</xmp:CreatorTool>`] : []),
    `<pdf:Producer>${xmlText(producer)}</pdf:Producer>`,
    `<xmp:CreateDate>${xmpDate(created)}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${xmpDate(second)}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${xmpDate(second)}</xmp:MetadataDate>`,
  ]
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n' +
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">\n' +
    props.join('\n') +
    '\n</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>'
  )
}

/** An sRGB output intent, unless the input has a PDF/A one. */
function addOutputIntent(doc: PDFDocument, lib: Lib): void {
  const { PDFName, PDFDict, PDFArray, PDFString } = lib
  const ctx = doc.context
  const catalog = doc.catalog
  const intents = ctx.lookup(catalog.get(PDFName.of('OutputIntents')))
  const hasPdfA =
    intents instanceof PDFArray &&
    intents.asArray().some((i) => {
      const d = ctx.lookup(i)
      return d instanceof PDFDict && d.get(PDFName.of('S')) === PDFName.of('GTS_PDFA1')
    })
  if (hasPdfA) return
  const profile = ctx.register(ctx.flateStream(srgbProfile(), { N: 3 }))
  const intent = ctx.register(
    ctx.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: PDFString.of(SRGB_CONDITION),
      Info: PDFString.of(SRGB_CONDITION),
      DestOutputProfile: profile,
    }),
  )
  if (intents instanceof PDFArray) intents.push(intent)
  else catalog.set(PDFName.of('OutputIntents'), ctx.obj([intent]))
}

/** The text of the input's XMP packet, if it has one pdf-lib can decode. */
function oldPacket(doc: PDFDocument, lib: Lib): string | undefined {
  const meta = doc.context.lookup(doc.catalog.get(lib.PDFName.of('Metadata')))
  if (!(meta instanceof lib.PDFRawStream)) return undefined
  try {
    return new TextDecoder().decode(lib.decodePDFRawStream(meta).decode())
  } catch {
    return undefined // a filter pdf-lib cannot undo: the packet's values are lost, Info's are kept
  }
}

/** A simple property of an XMP packet: an element (the first `rdf:li` of an Alt, Seq or Bag) or an attribute. */
function packetValue(xmp: string, prop: string): string | undefined {
  const raw = new RegExp(`<${prop}(?:\\s[^>]*)?>([\\s\\S]*?)</${prop}>`).exec(xmp)?.[1] ?? new RegExp(`\\s${prop}\\s*=\\s*"([^"]*)"`).exec(xmp)?.[1]
  if (raw === undefined) return undefined
  const li = /<rdf:li(?:\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/rdf:li>)/.exec(raw)
  const v = li ? (li[1] ?? '') : raw
  if (/</.test(v)) return undefined // a structure, not text
  return v
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}

/** The error for an input that PDF/A-2B cannot take: each reason, and the way out. */
export function pdfaError(reasons: readonly string[], plugin: string): TriageError {
  return new TriageError(
    'PDFA_INCOMPATIBLE',
    `cannot be written as PDF/A-2B: ${reasons.join('; ')}. Write it with --output-type pdf (outputType 'pdf'), or make the input conform first`,
    { plugin, stage: 'write' },
  )
}
