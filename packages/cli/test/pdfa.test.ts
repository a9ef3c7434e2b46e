import assert from 'node:assert/strict'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, decodePDFRawStream } from 'pdf-lib'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

const SCAN = fx.FRENCH_DECREE.slice(0, 500)

/** The queued run's test starts its own redis-server (and skips, saying why, where there is none). */
const redis = fx.redisAvailable()

/** What the later check reads of a PDF/A: the XMP identification, the output intent, each page font's program. */
async function pdfaFacts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const ctx = doc.context
  const meta = doc.catalog.lookup(PDFName.of('Metadata'))
  const xmp = meta instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(meta).decode()) : ''
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray)
  const intent = intents?.lookup(0, PDFDict)
  const profile = intent?.lookup(PDFName.of('DestOutputProfile'))
  const fonts: Array<{ name: string; embedded: boolean }> = []
  for (const page of doc.getPages()) {
    const res = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict)
    for (const [, ref] of res?.entries() ?? []) {
      const f = ctx.lookup(ref, PDFDict)
      const d = f.get(PDFName.of('Subtype')) === PDFName.of('Type0') ? f.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict) : f
      const fd = d.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict)
      fonts.push({
        name: f.lookup(PDFName.of('BaseFont'), PDFName).decodeText(),
        embedded: ['FontFile', 'FontFile2', 'FontFile3'].some((k) => fd?.lookup(PDFName.of(k)) instanceof PDFStream),
      })
    }
  }
  return {
    part: /<pdfaid:part>(\d)<\/pdfaid:part>/.exec(xmp)?.[1],
    conformance: /<pdfaid:conformance>(\w)<\/pdfaid:conformance>/.exec(xmp)?.[1],
    intent: intent?.get(PDFName.of('S'))?.toString(),
    profileN: profile instanceof PDFStream ? profile.dict.get(PDFName.of('N'))?.toString() : undefined,
    fonts,
  }
}

test('ocr --output-type pdfa -l fra --alto --hocr on a scan writes PDF/A-2B: XMP identification, sRGB intent, fonts embedded', async () => {
  const dir = folder({ 'scan.pdf': await fx.scannedPdf(SCAN) })
  const r = await cli(['ocr', '--output-type', 'pdfa', '-l', 'fra', '--alto', 'out.xml', '--hocr', 'out.hocr', 'scan.pdf', 'out.pdf'], dir)
  assert.equal(r.code, 0, r.stderr.join('\n'))
  const facts = await pdfaFacts(readFileSync(join(dir, 'out.pdf')))
  assert.deepEqual(facts, { part: '2', conformance: 'B', intent: '/GTS_PDFA1', profileN: '3', fonts: [{ name: 'GlyphLessFont', embedded: true }] })
  assert.match(readFileSync(join(dir, 'out.xml'), 'utf8'), /<alto /)
  assert.match(readFileSync(join(dir, 'out.hocr'), 'utf8'), /ocrx_word/)
  // and plain output carries none of it
  const plain = await cli(['ocr', '-q', '-l', 'fra', 'scan.pdf', 'plain.pdf'], dir)
  assert.equal(plain.code, 0, plain.stderr.join('\n'))
  const p = await pdfaFacts(readFileSync(join(dir, 'plain.pdf')))
  assert.deepEqual([p.part, p.intent], [undefined, undefined])
})

test('ocr --output-type pdfa on a born-digital PDF of unembedded fonts exits 1 naming the file, the font and --output-type pdf', async () => {
  const dir = folder({ 'born.pdf': await fx.healthyPdf() })
  const r = await cli(['ocr', '--output-type', 'pdfa', 'born.pdf', 'out.pdf'], dir)
  assert.equal(r.code, 1)
  assert.match(r.stderr.join('\n'), /^pdftriage: born\.pdf cannot be written as PDF\/A-2B: font Helvetica is not embedded .*--output-type pdf/)
  assert.deepEqual(readdirSync(dir), ['born.pdf'], 'nothing written')
})

test('--output-type: a bad value and run without --pdf are usage errors (exit 2)', async () => {
  const dir = folder({ 'in.pdf': await fx.healthyPdf('en') })
  for (const [args, msg] of [
    [['ocr', '--output-type', 'pdfx', 'in.pdf', 'o.pdf'], /^pdftriage: Expected --output-type to be pdf or pdfa, not `pdfx`$/],
    [['run', '--out', 'out', '--output-type', 'pdfa', 'in.pdf'], /--output-type says which PDF --pdf writes: give --pdf too/],
    [['run', '--out', 'out', '--pdf', '--output-type', 'PDFA', 'in.pdf'], /Expected --output-type to be pdf or pdfa, not `PDFA`/],
  ] as const) {
    const r = await cli([...args], dir)
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr.join('\n')}`)
    assert.match(r.stderr.join('\n'), msg)
  }
  assert.ok(!existsSync(join(dir, 'out')))
})

test(
  'run --queue --pdf --output-type pdfa: the flag travels with the jobs, and a worker writes the PDF/A',
  { skip: redis.ok ? false : redis.why },
  async (t) => {
    const { url } = await fx.startRedis(t)
    const dir = folder({ 'scan.pdf': await fx.scannedPdf(SCAN) })
    // extraction only: the scan is not OCRed, so the worker's PDF/A holds the page's image and no font
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ ocr: null, policy: 'extract' }))
    const worker = cli(['worker', '--queue', url, '--out', 'out', '--exit-when-idle'], dir)
    const r = await cli(['run', '-q', '--config', 'config.json', '--pdf', '--output-type', 'pdfa', '--queue', url, '--out', 'out', 'scan.pdf'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    assert.equal((await worker).code, 0)
    const pdf = readdirSync(join(dir, 'out', 'documents')).find((f) => f.endsWith('.pdf'))
    assert.ok(pdf)
    const facts = await pdfaFacts(readFileSync(join(dir, 'out', 'documents', pdf)))
    assert.deepEqual([facts.part, facts.conformance, facts.intent], ['2', 'B', '/GTS_PDFA1'])
  },
)

test('run --pdf --output-type pdfa writes each searchable PDF as PDF/A-2B; a born-digital file of unembedded fonts fails alone', async () => {
  const dir = folder({ 'scan.pdf': await fx.scannedPdf(SCAN), 'born.pdf': await fx.healthyPdf() })
  const r = await cli(['run', '-q', '--jobs', '1', '-l', 'fra', '--pdf', '--output-type', 'pdfa', '--out', 'out', '.'], dir)
  assert.equal(r.code, 1, 'one document failed')
  const csv = readFileSync(join(dir, 'out', 'documents.csv'), 'utf8')
  assert.match(csv, /born\.pdf.*PDFA_INCOMPATIBLE/)
  const pdfs = readdirSync(join(dir, 'out', 'documents')).filter((f) => f.endsWith('.pdf'))
  assert.equal(pdfs.length, 1)
  const facts = await pdfaFacts(readFileSync(join(dir, 'out', 'documents', pdfs[0]!)))
  assert.deepEqual([facts.part, facts.conformance, facts.intent], ['2', 'B', '/GTS_PDFA1'])
})
