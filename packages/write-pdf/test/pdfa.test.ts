import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString, decodePDFRawStream } from 'pdf-lib'
import { FRENCH_DECREE, buildPdf, healthyPdf, scannedPdf } from '@pdftriage/fixtures'
import { TriageError } from '@pdftriage/core'
import { writeSearchablePdf } from '../src/write-searchable-pdf.js'
import { pdfWriter } from '../src/pdf-writer.js'
import { srgbProfile } from '../src/pdfa.js'
import * as nodePlatform from '../src/platform.js'
import * as browserPlatform from '../src/platform.browser.js'
import { checkPdfA, xmpProperty } from './pdfa-check.js'
import { scanWordBoxes } from './scan-layout.js'
import { extract } from './pdfjs.js'

const TEXT = FRENCH_DECREE.slice(0, 400)
const TITLE = 'Décret n° 2 & « suite » <1>'

async function scanPdfA() {
  const input = await buildPdf([{ scan: { text: TEXT } }], { title: TITLE, author: 'Préfecture', producer: 'Scanner 3000' })
  const page = await scanWordBoxes(TEXT)
  return { input, page, out: await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page }], { outputType: 'pdfa' }) }
}

const has = (cmd: string) => !spawnSync(cmd, ['--version'], { encoding: 'utf8' }).error

test('an OCRed scan written as pdfa passes every check of the requirements the writer touches', async () => {
  const { out, page } = await scanPdfA()
  const r = await checkPdfA(out)
  assert.deepEqual(r.failures, [])
  assert.deepEqual(r.fonts, [{ name: 'GlyphLessFont', embedded: true }])
  assert.equal(xmpProperty(r.xmp!, 'dc:title'), TITLE, 'the title survives XML escaping')
  assert.equal(xmpProperty(r.xmp!, 'dc:creator'), 'Préfecture')
  assert.equal(xmpProperty(r.xmp!, 'pdf:Producer'), 'Scanner 3000')
  // the layer is still read
  const [got] = await extract(out)
  assert.deepEqual(got!.text.split(/\s+/).filter(Boolean), page.text.split(/\s+/).filter(Boolean))
})

test('the checker fails a plain pdf output, which is left without XMP or output intent', async () => {
  const input = await scannedPdf(TEXT)
  const out = await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page: await scanWordBoxes(TEXT) }])
  const doc = await PDFDocument.load(out, { updateMetadata: false })
  assert.equal(doc.catalog.get(PDFName.of('Metadata')), undefined)
  assert.equal(doc.catalog.get(PDFName.of('OutputIntents')), undefined)
  const r = await checkPdfA(out)
  assert.ok(r.failures.includes('XMP: the catalog has no /Metadata stream'), r.failures.join('; '))
  assert.ok(r.failures.includes('output intent: 0 /GTS_PDFA1 intents, not 1'), r.failures.join('; '))
})

test('the checker tells an Info entry the XMP contradicts, and a font not embedded', async () => {
  const { out } = await scanPdfA()
  const doc = await PDFDocument.load(out, { updateMetadata: false })
  doc.setTitle('Another title')
  const bad = await doc.save()
  assert.ok((await checkPdfA(bad)).failures.some((f) => f.startsWith('Info/XMP: /Title "Another title"')))
  assert.equal(xmpProperty('<dc:creator><rdf:Seq><rdf:li/></rdf:Seq></dc:creator>', 'dc:creator'), '', 'an empty item')
  assert.equal(xmpProperty('<x pdfaid:part="2"/>', 'pdfaid:part'), '2', 'a property as an attribute')
  const born = await checkPdfA(await healthyPdf())
  assert.ok(born.failures.includes('fonts: Helvetica is not embedded'), born.failures.join('; '))
})

test('the sRGB profile is read from the package folder: an RGB ICC profile', () => {
  const icc = srgbProfile()
  assert.equal(Buffer.from(icc.subarray(36, 40)).toString('latin1'), 'acsp')
  assert.equal(Buffer.from(icc.subarray(16, 20)).toString('latin1'), 'RGB ')
  assert.equal(icc.length, 6922)
})

test("the browser build's sRGB profile, bundled with its code, is the packaged file's, and its MD5 of the file ID is Node's", () => {
  const bundled = browserPlatform.readProfile()
  assert.deepEqual(bundled, nodePlatform.readProfile())
  // the digest icc/README.md gives for Debian's file
  assert.equal(createHash('sha256').update(bundled).digest('hex'), '2a92d4bae450b76d8b0aa42193df974d75f62738ecebf74f01c5e75b12a95796')
  for (const data of [new Uint8Array(0), new TextEncoder().encode('%PDF-1.7 décret'), new Uint8Array(100_000).map((_, i) => (i * 31) % 256)])
    assert.equal(browserPlatform.md5Hex(data), nodePlatform.md5Hex(data))
  assert.equal(browserPlatform.md5Hex(new Uint8Array(0)), 'd41d8cd98f00b204e9800998ecf8427e')
})

test('a born-digital PDF of an unembedded standard font is refused as pdfa, naming the font and --output-type pdf', async () => {
  const input = await healthyPdf()
  await assert.rejects(
    writeSearchablePdf(input, [], { outputType: 'pdfa' }),
    (e: unknown) =>
      e instanceof TriageError && e.code === 'PDFA_INCOMPATIBLE' && /font Helvetica is not embedded/.test(e.message) && /--output-type pdf/.test(e.message),
  )
  // as plain pdf it is written
  assert.ok((await writeSearchablePdf(input, [], { outputType: 'pdf' })).length > 0)
})

test('the writer plugin refuses, before the document runs, an input PDF/A cannot take: only when writing PDF/A', async () => {
  const pdfa = await pdfWriter.create(pdfWriter.optionsSchema.parse({ outputType: 'pdfa' }), {} as never)
  const input = await healthyPdf()
  const precheck = pdfa.precheck
  assert.ok(precheck, 'a PDF/A writer states its precheck')
  await assert.rejects(
    async () => precheck({ file: 'in/born.pdf', pdf: input }),
    (e: unknown) =>
      e instanceof TriageError &&
      e.code === 'PDFA_INCOMPATIBLE' &&
      e.message.startsWith('in/born.pdf cannot be written as PDF/A-2B: font Helvetica is not embedded'),
  )
  // a scan (no font) PDF/A takes passes; a plain PDF writer has nothing to refuse
  await precheck({ file: 'in/scan.pdf', pdf: await scannedPdf(TEXT) })
  assert.equal((await pdfWriter.create(pdfWriter.optionsSchema.parse({}), {} as never)).precheck, undefined)
})

test('the writer plugin names the file in the PDF/A refusal', async () => {
  const writer = await pdfWriter.create(pdfWriter.optionsSchema.parse({ outputType: 'pdfa' }), {} as never)
  const input = await healthyPdf()
  await assert.rejects(
    async () => writer.write({ file: 'in/born.pdf', hash: 'h', stem: 'born', pages: [], pdf: input, document: {} as never }),
    (e: unknown) => e instanceof TriageError && e.code === 'PDFA_INCOMPATIBLE' && e.message.startsWith('in/born.pdf cannot be written as PDF/A-2B'),
  )
})

test('JavaScript in the input is refused as pdfa', async () => {
  const doc = await PDFDocument.load(await scannedPdf(TEXT))
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))
  const input = await doc.save()
  await assert.rejects(
    writeSearchablePdf(input, [], { outputType: 'pdfa' }),
    (e: unknown) => e instanceof TriageError && e.code === 'PDFA_INCOMPATIBLE' && /JavaScript action/.test(e.message),
  )
})

test("the input's dates and file ID are kept; a packet it had is replaced by one that agrees with Info", async () => {
  const doc = await PDFDocument.load(await buildPdf([{ scan: { text: TEXT } }], { creatorTool: 'Old tool' }), { updateMetadata: false })
  doc.setCreationDate(new Date('2001-02-03T04:05:06Z'))
  doc.context.trailerInfo.ID = doc.context.obj([PDFString.of('abc'), PDFString.of('def')])
  const out = await writeSearchablePdf(await doc.save({ useObjectStreams: false }), [], { outputType: 'pdfa' })
  const r = await checkPdfA(out)
  assert.deepEqual(r.failures, [])
  assert.equal(xmpProperty(r.xmp!, 'xmp:CreateDate'), '2001-02-03T04:05:06Z')
  // the old packet is replaced, what Info lacked taken from it: its creator tool, now in Info too
  assert.equal(xmpProperty(r.xmp!, 'xmp:CreatorTool'), 'Old tool')
  assert.equal(
    Buffer.from(out)
      .toString('latin1')
      .match(/<x:xmpmeta/g)?.length,
    1,
    'the old packet is no longer in the file',
  )
  const again = await PDFDocument.load(out, { updateMetadata: false })
  assert.match(String(again.context.trailerInfo.ID), /\(abc\)/)
  assert.equal(again.getCreator(), 'Old tool')
})

test('qpdf finds the pdfa output sound', { skip: has('qpdf') ? false : 'qpdf is not installed (.ci/run installs it)' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdfa-'))
  try {
    writeFileSync(join(dir, 'a.pdf'), (await scanPdfA()).out)
    const r = spawnSync('qpdf', ['--check', join(dir, 'a.pdf')], { encoding: 'utf8' })
    assert.equal(r.status, 0, r.stdout + r.stderr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test(
  'veraPDF finds the pdfa output PDF/A-2B compliant',
  { skip: has('verapdf') ? false : 'veraPDF is not installed (it is in neither Debian nor npm): the checks above stand in for it' },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdfa-'))
    try {
      writeFileSync(join(dir, 'a.pdf'), (await scanPdfA()).out)
      const r = spawnSync('verapdf', ['--flavour', '2b', join(dir, 'a.pdf')], { encoding: 'utf8' })
      assert.match(r.stdout, /isCompliant="true"/, r.stdout.slice(0, 2000))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
)

test("the invisible text's font is embedded with a ToUnicode map, and /DW is the advance of its program's glyphs", async () => {
  const { out } = await scanPdfA()
  const doc = await PDFDocument.load(out, { updateMetadata: false })
  const font = doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict).entries()
  const type0 = font.map(([, ref]) => doc.context.lookup(ref, PDFDict)).find((f) => f.get(PDFName.of('Subtype')) === PDFName.of('Type0'))!
  assert.ok(type0.lookup(PDFName.of('ToUnicode')) instanceof PDFRawStream)
  const cid = type0.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict)
  const dw = cid.lookup(PDFName.of('DW'), PDFNumber).asNumber()
  const file = doc.context.lookup(cid.lookup(PDFName.of('FontDescriptor'), PDFDict).get(PDFName.of('FontFile2')))
  assert.ok(file instanceof PDFRawStream)
  const program = decodePDFRawStream(file).decode()
  // the TrueType table directory: 12 bytes of header, then 16 a table (tag, checksum, offset, length)
  const view = new DataView(program.buffer, program.byteOffset, program.byteLength)
  const table = (tag: string) => {
    for (let i = 0; i < view.getUint16(4); i++) {
      const at = 12 + 16 * i
      if (Buffer.from(program.subarray(at, at + 4)).toString('latin1') === tag) return view.getUint32(at + 8)
    }
    throw new Error(`no ${tag} table`)
  }
  const glyphs = view.getUint16(table('maxp') + 4)
  const unitsPerEm = view.getUint16(table('head') + 18)
  const advances = Array.from({ length: glyphs }, (_, g) => (view.getUint16(table('hmtx') + 4 * g) * 1000) / unitsPerEm)
  assert.deepEqual(advances, new Array(glyphs).fill(dw))
})
