import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { encryptedPdf, healthyPdf, notPdf, truncatedPdf } from '@pdftriage/fixtures'
import pdfjsExtractor from '../src/index.js'
import { encryptedWithPassword, handPdf, zeroPages } from './hand-pdf.js'

const extractor = () => pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })

test('bad input: each with its code, the file name and what to do', async () => {
  const ex = await extractor()
  await assert.rejects(ex.open(notPdf(), { file: 'notes.txt' }), (e: Error & { code: string; plugin: string; file: string }) => {
    assert.equal(e.code, 'PDF_INVALID')
    assert.equal(e.plugin, 'pdfjs')
    assert.equal(e.file, 'notes.txt')
    assert.match(e.message, /`notes.txt` is not a PDF or is damaged: .*qpdf/)
    assert.doesNotMatch(e.message, /\.\./, 'one full stop between the cause and the advice')
    return true
  })
  await assert.rejects(ex.open(await truncatedPdf(), { file: 'cut.pdf' }), { code: 'PDF_INVALID' })
  await assert.rejects(ex.open(new Uint8Array(0), { file: 'empty.pdf' }), { code: 'PDF_INVALID' })
  await assert.rejects(ex.open(zeroPages(), { file: 'zero.pdf' }), { code: 'PDF_EMPTY', file: 'zero.pdf' })
  await assert.rejects(ex.open(encryptedPdf(), { file: 'locked.pdf' }), (e: Error & { code: string }) => {
    assert.equal(e.code, 'PDF_ENCRYPTED')
    assert.match(e.message, /give the password with `password` in the config/)
    return true
  })
})

test('a file encrypted for a certificate (no password opens it) is PDF_ENCRYPTED, not called damaged', async () => {
  const ex = await extractor()
  const bytes = handPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      '<< /Filter /Adobe.PubSec /SubFilter /adbe.pkcs7.s5 /V 4 /Length 128 /Recipients [<3000>] >>',
    ],
    '/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] ',
  )
  await assert.rejects(ex.open(bytes, { file: 'cert.pdf' }), (e: Error & { code: string; file: string }) => {
    assert.equal(e.code, 'PDF_ENCRYPTED')
    assert.equal(e.file, 'cert.pdf')
    assert.match(e.message, /`cert.pdf` is encrypted in a way pdftriage cannot open \(unknown encryption method: .*\)\. Decrypt it where its key is/)
    return true
  })
})

test('password: none or wrong gives PDF_ENCRYPTED, the right one opens and reads the page', async () => {
  const ex = await extractor()
  const bytes = encryptedWithPassword('s3cret', 'Hello secret world')
  await assert.rejects(ex.open(bytes), { code: 'PDF_ENCRYPTED' })
  await assert.rejects(ex.open(bytes, { password: 'wrong' }), (e: Error & { code: string }) => e.code === 'PDF_ENCRYPTED' && /does not open it/.test(e.message))
  await using doc = await ex.open(bytes, { password: 's3cret' })
  assert.equal(doc.info.encrypted, true)
  assert.equal((await doc.getPageText(1)).text, 'Hello secret world')
  // A password given for a file that needs none is ignored, and the file is not called encrypted.
  await using plain = await ex.open(await healthyPdf('fr'), { password: 'unused' })
  assert.equal(plain.info.encrypted, false)
})

test("the caller's buffer is not detached and its bytes unchanged", async () => {
  const bytes = await healthyPdf('fr')
  const copy = bytes.slice()
  const doc = await (await extractor()).open(bytes)
  await doc.getPageText(1)
  await doc.close()
  assert.equal(bytes.buffer.byteLength > 0, true)
  assert.deepEqual(bytes, copy)
})

test('copyBytes: false hands the buffer to pdf.js, which detaches it', async () => {
  const bytes = await healthyPdf('fr')
  const ex = await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({ copyBytes: false }), { baseDir: '.' })
  await using doc = await ex.open(bytes)
  assert.equal(bytes.byteLength, 0)
  assert.match((await doc.getPageText(1)).text, /^ARRÊTÉ/)
})

test('document info: producer, creator, XMP CreatorTool, title, version, not encrypted', async () => {
  const meta = { producer: 'iText 5.5.13', creator: 'Writer', creatorTool: 'Image Capture Plus', title: 'Arrêté', author: 'Mairie' }
  await using doc = await (await extractor()).open(await healthyPdf('fr', meta))
  assert.deepEqual(doc.info, { pageCount: 1, encrypted: false, ...meta, pdfVersion: '1.7' })
})

test('dates: ISO when the PDF date parses, raw otherwise', async () => {
  const { PDFDocument } = await import('pdf-lib')
  const src = await PDFDocument.load(await healthyPdf('en'))
  src.setCreationDate(new Date('2024-01-31T11:00:00Z'))
  // pdf-lib only writes valid dates: set a broken one through its (private) Info dictionary.
  const { PDFString, PDFName } = await import('pdf-lib')
  ;(src as unknown as { getInfoDict(): { set(k: unknown, v: unknown): void } }).getInfoDict().set(PDFName.of('ModDate'), PDFString.of('yesterday'))
  await using doc = await (await extractor()).open(await src.save({ updateFieldAppearances: false }))
  assert.equal(doc.info.creationDate, '2024-01-31T11:00:00.000Z')
  assert.equal(doc.info.modificationDate, 'yesterday')
})

test('page errors: out of range is USAGE, after close is USAGE, an aborted signal is ABORTED', async () => {
  const ac = new AbortController()
  const doc = await (await extractor()).open(await healthyPdf('fr'), { signal: ac.signal })
  await assert.rejects(doc.getPageText(3), { code: 'USAGE' })
  ac.abort()
  await assert.rejects(doc.getPageText(1), { code: 'ABORTED' })
  await doc.close()
  await assert.rejects(doc.renderPage(1, 72), { code: 'USAGE' })
  await assert.rejects((await extractor()).open(await healthyPdf('fr'), { signal: ac.signal }), { code: 'ABORTED' })
})

test('the factory: kind, name, defaults, strict options', () => {
  assert.equal(pdfjsExtractor.kind, 'extractor')
  assert.equal(pdfjsExtractor.name, 'pdfjs')
  assert.deepEqual(pdfjsExtractor.optionsSchema.parse({}), {
    fonts: true,
    imageCoverage: true,
    textSource: 'operator-list',
    annotationText: true,
    detailsBelowChars: null,
    cleanupEvery: 50,
    copyBytes: true,
    maxRenderPixels: 100_000_000,
    maxImagePixels: 100_000_000,
    maxNesting: 4096,
    maxPages: 50_000,
  })
  assert.throws(() => pdfjsExtractor.optionsSchema.parse({ font: false }))
})

test('public API', async () => {
  assert.deepEqual(Object.keys(await import('../src/index.js')).sort(), [
    'COVERAGE_GRID',
    'PDFJS_EXTRACTOR_NAME',
    'PdfjsDocument',
    'createPdfjsExtractor',
    'default',
    'itemBox',
    'loadPdfjs',
    'pageItems',
    'pdfjsExtractor',
    'pdfjsExtractorOptionsSchema',
    'scanOperators',
  ])
  // the runtime-neutral subpath `./engine`
  assert.deepEqual(Object.keys(await import('../src/engine-entry.js')).sort(), ['createExtractorOn', 'pdfjsExtractorOptionsSchema'])
})

test('bad input leaves no unhandled rejection and nothing running behind', () => {
  // In a child process, which exits only once every task pdf.js started has settled (no guessed delay), and where
  // --unhandled-rejections=strict turns a rejection left behind into a crash.
  const url = (p: string) => JSON.stringify(new URL(p, import.meta.url).href)
  const script = `
    import { encryptedPdf, notPdf, truncatedPdf } from '@pdftriage/fixtures'
    import pdfjsExtractor from ${url('../src/index.js')}
    import { zeroPages } from ${url('./hand-pdf.js')}
    const ex = await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })
    for (const bytes of [notPdf(), await truncatedPdf(), new Uint8Array(0), zeroPages(), encryptedPdf()]) {
      await ex.open(bytes).then(() => { throw new Error('opened') }, () => undefined)
    }
  `
  const cwd = fileURLToPath(new URL('../..', import.meta.url)) // the package, where @pdftriage/fixtures resolves
  const r = spawnSync(process.execPath, ['--unhandled-rejections=strict', '--input-type=module', '-e', script], { cwd, encoding: 'utf8', timeout: 60_000 })
  assert.equal(r.signal, null, `still running after 60 s: ${r.stderr}`)
  assert.equal(r.status, 0, r.stderr)
})

test("loading pdf.js leaves Node's own Response global in place", () => {
  // In a fresh process, where Node 20's `Response` is still the lazy global the loader stands in for while pdf.js loads.
  const url = (p: string) => JSON.stringify(new URL(p, import.meta.url).href)
  const script = `
    import { healthyPdf } from '@pdftriage/fixtures'
    import pdfjsExtractor from ${url('../src/index.js')}
    const before = Object.getOwnPropertyDescriptor(globalThis, 'Response')
    const ex = await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })
    const doc = await ex.open(await healthyPdf())
    const text = (await doc.getPageText(1)).text
    await doc.close()
    const after = Object.getOwnPropertyDescriptor(globalThis, 'Response')
    // Node 20 defines it lazily (a getter); later lines define the class itself: either way it is the same after
    if (before.get ? after.get !== before.get : after.value !== before.value) throw new Error('Response replaced')
    if ((await new Response('réponse').text()) !== 'réponse' || text.length < 100) throw new Error('broken')
  `
  const cwd = fileURLToPath(new URL('../..', import.meta.url))
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8', timeout: 60_000 })
  assert.equal(r.status, 0, r.stderr)
})

test("pdf.js does not print its warnings, from the process's first document on", () => {
  // In a fresh process: pdf.js's worker side takes its verbosity when the first channel opens. A push button with no
  // action makes it say, at warning level, that it does not support one.
  const body = 'BT /F1 24 Tf 72 700 Td (Form page) Tj ET'
  const pdf = handPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Annots [6 0 R] /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (b) /Rect [100 100 200 130] /P 3 0 R >>',
  ])
  const script = `
    import pdfjsExtractor from ${JSON.stringify(new URL('../src/index.js', import.meta.url).href)}
    const ex = await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })
    const doc = await ex.open(new Uint8Array(Buffer.from(${JSON.stringify(Buffer.from(pdf).toString('base64'))}, 'base64')), { file: 't.pdf' })
    process.stdout.write((await doc.getPageText(1)).text)
    await doc.close()
  `
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 })
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /Form page/)
  assert.equal(r.stderr, '')
})
