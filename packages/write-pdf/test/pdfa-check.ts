/**
 * A check of each PDF/A-2B requirement the writer touches, on a written file, written apart from the writer (it walks
 * the pages' resources where the writer walks every object): header, XMP identification, Info/XMP agreement, output
 * intent, embedded fonts, file ID, no encryption and no JavaScript. No validator: veraPDF checks some hundred more
 * rules (content streams, font programs, colour spaces in use). Also a command: `node dist/test/pdfa-check.js FILE...`
 * prints each file's failures (exit 1 when any).
 */
import { readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib'

export interface PdfACheck {
  /** Each requirement that failed, with what was found. Empty: every check passed. */
  failures: string[]
  /** The XMP packet as found (for further checks). */
  xmp?: string
  /** BaseFont of every font dictionary the pages use, with whether its program is embedded. */
  fonts: Array<{ name: string; embedded: boolean }>
}

/** Well-formed enough for XMP: tags balance, attributes quoted (xmllint, when installed, is asked too). */
function xmlProblem(xml: string): string | undefined {
  const body = xml.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '')
  const stack: string[] = []
  for (const m of body.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<|>/g)) {
    if (m[0] === '<') return 'a < that opens no tag'
    if (m[0] === '>') continue
    if (m[1]) {
      if (stack.pop() !== m[2]) return `</${m[2]}> closes no open tag`
    } else if (!m[4]) stack.push(m[2]!)
  }
  if (stack.length) return `<${stack.at(-1)}> is not closed`
  const lint = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' })
  if (!lint.error && lint.status !== 0) return `xmllint: ${lint.stderr.split('\n')[0]}`
  return undefined
}

/** A property of the XMP packet, as an element (`<p>v</p>`, first `rdf:li` of an Alt/Seq) or an attribute (`p="v"`). */
export function xmpProperty(xmp: string, prop: string): string | undefined {
  const el = new RegExp(`<${prop}(?:\\s[^>]*)?>([\\s\\S]*?)</${prop}>`).exec(xmp)?.[1]
  const attr = new RegExp(`\\s${prop}\\s*=\\s*"([^"]*)"`).exec(xmp)?.[1]
  const raw = el ?? attr
  if (raw === undefined) return undefined
  // an empty item may be written <rdf:li/> (OCRmyPDF's empty author)
  const li = /<rdf:li(?:\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/rdf:li>)/.exec(raw)
  return (li ? (li[1] ?? '') : raw)
    .trim()
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}

/** A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, parts optional) as an instant. */
function pdfDate(s: string): number | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?'?$/.exec(s.trim())
  if (!m) return undefined
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', z, oh = '00', om = '00'] = m
  const off = z === '+' || z === '-' ? `${z}${oh}:${om}` : 'Z'
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${se}${off}`)
}

export async function checkPdfA(bytes: Uint8Array): Promise<PdfACheck> {
  const failures: string[] = []
  const fonts: PdfACheck['fonts'] = []
  const head = Buffer.from(bytes.subarray(0, 64))
  if (!/^%PDF-1\.[0-7]\r?\n/.test(head.toString('latin1')))
    failures.push(`header: ${JSON.stringify(head.subarray(0, 9).toString('latin1'))} is no %PDF-1.0..7 line`)
  const second = head.subarray(head.indexOf(0x0a) + 1)
  if (second[0] !== 0x25 || ![1, 2, 3, 4].every((i) => (second[i] ?? 0) > 127)) failures.push('header: no comment line of 4 bytes over 127 after it')
  let doc: PDFDocument
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: false })
  } catch (e) {
    return { failures: [...failures, `load: ${(e as Error).message}`], fonts }
  }
  const ctx = doc.context
  const look = (o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? ctx.lookup(o) : o)
  const dictOf = (o: PDFObject | undefined) => {
    const r = look(o)
    return r instanceof PDFDict ? r : r instanceof PDFStream ? r.dict : undefined
  }
  const nameOf = (o: PDFObject | undefined) => {
    const r = look(o)
    return r instanceof PDFName ? r.decodeText() : undefined
  }
  const textOf = (o: PDFObject | undefined) => {
    const r = look(o)
    return r instanceof PDFString || r instanceof PDFHexString ? r.decodeText() : undefined
  }
  const streamBytes = (o: PDFObject | undefined) => {
    const r = look(o)
    return r instanceof PDFRawStream ? decodePDFRawStream(r).decode() : undefined
  }
  if (ctx.trailerInfo.Encrypt) failures.push('encryption: the trailer has /Encrypt')
  const id = look(ctx.trailerInfo.ID)
  if (!(id instanceof PDFArray) || id.size() !== 2 || !id.asArray().every((x) => x instanceof PDFHexString || x instanceof PDFString))
    failures.push('file ID: the trailer has no /ID of two strings')

  // XMP identification
  const catalog = doc.catalog
  const meta = look(catalog.get(PDFName.of('Metadata')))
  let xmp: string | undefined
  if (!(meta instanceof PDFRawStream)) failures.push('XMP: the catalog has no /Metadata stream')
  else {
    if (meta.dict.has(PDFName.of('Filter'))) failures.push('XMP: the metadata stream is filtered')
    if (nameOf(meta.dict.get(PDFName.of('Subtype'))) !== 'XML') failures.push('XMP: the metadata stream is not /Subtype /XML')
    xmp = new TextDecoder().decode(streamBytes(meta))
    const bad = xmlProblem(xmp)
    if (bad) failures.push(`XMP: not well-formed XML (${bad})`)
    const part = xmpProperty(xmp, 'pdfaid:part')
    const conf = xmpProperty(xmp, 'pdfaid:conformance')
    if (part !== '2' || conf !== 'B') failures.push(`XMP: pdfaid part ${part} conformance ${conf}, not 2 and B`)
    // Info and XMP agree (ISO 19005-2, 6.6.2.3.1): each Info entry given has its XMP twin, of the same value
    const info = dictOf(ctx.trailerInfo.Info)
    const twins: Array<[string, string]> = [
      ['Title', 'dc:title'],
      ['Author', 'dc:creator'],
      ['Subject', 'dc:description'],
      ['Keywords', 'pdf:Keywords'],
      ['Creator', 'xmp:CreatorTool'],
      ['Producer', 'pdf:Producer'],
    ]
    for (const [key, prop] of twins) {
      const v = info ? textOf(info.get(PDFName.of(key))) : undefined
      if (v === undefined) continue
      const x = xmpProperty(xmp, prop)
      if (x !== v) failures.push(`Info/XMP: /${key} ${JSON.stringify(v)} but ${prop} ${JSON.stringify(x)}`)
    }
    for (const [key, prop] of [
      ['CreationDate', 'xmp:CreateDate'],
      ['ModDate', 'xmp:ModifyDate'],
    ] as const) {
      const v = info ? textOf(info.get(PDFName.of(key))) : undefined
      if (v === undefined) continue
      const x = xmpProperty(xmp, prop)
      if (x === undefined || pdfDate(v) !== Date.parse(x)) failures.push(`Info/XMP: /${key} ${v} but ${prop} ${x}`)
    }
    if (info?.has(PDFName.of('Trapped')) && !/pdf:Trapped/.test(xmp)) failures.push('Info/XMP: /Trapped without pdf:Trapped')
  }

  // output intent
  const intents = look(catalog.get(PDFName.of('OutputIntents')))
  const pdfa =
    intents instanceof PDFArray
      ? intents
          .asArray()
          .map(dictOf)
          .filter((d) => d && nameOf(d.get(PDFName.of('S'))) === 'GTS_PDFA1')
      : []
  if (pdfa.length !== 1) failures.push(`output intent: ${pdfa.length} /GTS_PDFA1 intents, not 1`)
  else {
    const profile = look(pdfa[0]!.get(PDFName.of('DestOutputProfile')))
    const n = profile instanceof PDFStream ? look(profile.dict.get(PDFName.of('N'))) : undefined
    const icc = streamBytes(profile)
    if (!(n instanceof PDFNumber) || n.asNumber() !== 3) failures.push('output intent: the profile is no stream of /N 3')
    else if (!icc || Buffer.from(icc.subarray(36, 40)).toString('latin1') !== 'acsp' || Buffer.from(icc.subarray(16, 20)).toString('latin1') !== 'RGB ')
      failures.push('output intent: the profile is no RGB ICC profile')
  }

  // fonts: every font the pages (their forms, their annotations' appearances) use has its program in the file
  const seen = new Set<PDFObject>()
  const checkFont = (f: PDFDict) => {
    const subtype = nameOf(f.get(PDFName.of('Subtype')))
    const name = nameOf(f.get(PDFName.of('BaseFont'))) ?? '(unnamed)'
    if (subtype === 'Type3') {
      resources(dictOf(f.get(PDFName.of('Resources'))))
      return
    }
    const target = subtype === 'Type0' ? dictOf((look(f.get(PDFName.of('DescendantFonts'))) as PDFArray | undefined)?.get(0)) : f
    const fd = dictOf(target?.get(PDFName.of('FontDescriptor')))
    const embedded = !!fd && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => look(fd.get(PDFName.of(k))) instanceof PDFStream)
    fonts.push({ name, embedded })
    if (!embedded) failures.push(`fonts: ${name} is not embedded`)
  }
  const resources = (res: PDFDict | undefined) => {
    if (!res || seen.has(res)) return
    seen.add(res)
    const fd = dictOf(res.get(PDFName.of('Font')))
    for (const [, v] of fd?.entries() ?? []) {
      const f = dictOf(v)
      if (f && !seen.has(f)) {
        seen.add(f)
        checkFont(f)
      }
    }
    const xo = dictOf(res.get(PDFName.of('XObject')))
    for (const [, v] of xo?.entries() ?? []) {
      const x = dictOf(v)
      if (x && nameOf(x.get(PDFName.of('Subtype'))) === 'Form') resources(dictOf(x.get(PDFName.of('Resources'))))
    }
  }
  const appearances = (ap: PDFDict | undefined) => {
    for (const [, v] of ap?.entries() ?? []) {
      const s = look(v)
      if (s instanceof PDFStream) resources(dictOf(s.dict.get(PDFName.of('Resources'))))
      else if (s instanceof PDFDict) appearances(s)
    }
  }
  for (const page of doc.getPages()) {
    resources(page.node.Resources())
    if (page.node.has(PDFName.of('AA'))) failures.push('JavaScript: a page has /AA')
    const annots = look(page.node.get(PDFName.of('Annots')))
    for (const a of annots instanceof PDFArray ? annots.asArray() : []) {
      const ad = dictOf(a)
      appearances(dictOf(ad?.get(PDFName.of('AP'))))
      if (ad?.has(PDFName.of('AA'))) failures.push('JavaScript: an annotation has /AA')
    }
  }

  // JavaScript
  const names = dictOf(catalog.get(PDFName.of('Names')))
  if (names?.has(PDFName.of('JavaScript'))) failures.push('JavaScript: the names dictionary has /JavaScript')
  if (catalog.has(PDFName.of('AA'))) failures.push('JavaScript: the catalog has /AA')
  const open = dictOf(catalog.get(PDFName.of('OpenAction')))
  if (open && ['JavaScript', 'Launch'].includes(nameOf(open.get(PDFName.of('S'))) ?? '')) failures.push('JavaScript: the /OpenAction runs code')
  return { failures, fonts, ...(xmp !== undefined ? { xmp } : {}) }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let bad = 0
  for (const f of process.argv.slice(2)) {
    const r = await checkPdfA(new Uint8Array(readFileSync(f)))
    console.log(
      `${f}: ${r.failures.length ? `${r.failures.length} failed` : 'every check passed'}; fonts ${r.fonts.map((x) => `${x.name}${x.embedded ? '' : ' (not embedded)'}`).join(', ') || 'none'}`,
    )
    for (const x of r.failures) console.log(`  - ${x}`)
    if (r.failures.length) bad++
  }
  process.exitCode = bad ? 1 : 0
}
