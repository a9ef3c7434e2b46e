import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { blankPdf, healthyPdf, longPdf, mixedFontPdf } from '@pdftriage/fixtures'
import pdfjsExtractor from '../src/index.js'
import { CopyingLoopbackPort } from '../src/loopback-port.js'
import { loadPdfjs } from '../src/pdfjs-loader.js'

const open = async (bytes: Uint8Array, options = {}) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse(options), { baseDir: '.' })).open(bytes)

test('render: sizes at 72 and 150 dpi, dark pixels where the first line is, white elsewhere', async () => {
  await using doc = await open(await healthyPdf('fr'))
  const a = await doc.renderPage(1, 72)
  assert.deepEqual([a.width, a.height, a.data.length], [595, 842, 595 * 842])
  const b = await doc.renderPage(1, 150)
  assert.deepEqual([b.width, b.height], [Math.round((595.28 * 150) / 72), Math.round((841.89 * 150) / 72)])
  const page = await doc.getPageText(1)
  const box = page.items[0]!.bbox
  const k = 150 / 72
  let dark = 0
  for (let y = Math.floor(box.y0 * k); y < Math.ceil(box.y1 * k); y++)
    for (let x = Math.floor(box.x0 * k); x < Math.ceil(box.x1 * k); x++) if (b.data[y * b.width + x]! < 128) dark++
  assert.ok(dark > 500, `dark pixels in the first line: ${dark}`)
  // The top margin (above the first line) is white.
  for (let y = 0; y < Math.floor(50 * k); y++) for (let x = 0; x < b.width; x += 7) assert.equal(b.data[y * b.width + x], 255)
})

test('render: read back in bands of rows, every line of the page is dark where its text is, at 300 dpi', async () => {
  await using doc = await open(await healthyPdf('fr'))
  const img = await doc.renderPage(1, 300)
  const page = await doc.getPageText(1)
  const k = 300 / 72
  // 2480 pixels a row: a band of 4 MB of RGBA is 422 rows, so the lines fall in several bands
  const bands = new Set(page.items.map((it) => Math.floor((it.bbox.y0 * k) / 422)))
  assert.ok(bands.size >= 2, `lines in ${bands.size} band(s)`)
  for (const it of page.items) {
    if (it.text.trim() === '') continue
    let dark = 0
    for (let y = Math.floor(it.bbox.y0 * k); y < Math.ceil(it.bbox.y1 * k); y++)
      for (let x = Math.floor(it.bbox.x0 * k); x < Math.ceil(it.bbox.x1 * k); x++) if (img.data[y * img.width + x]! < 128) dark++
    assert.ok(dark > 50, `dark pixels under "${it.text}": ${dark}`)
  }
})

test('render: a blank page is all white', async () => {
  await using doc = await open(await blankPdf())
  const img = await doc.renderPage(1, 36)
  assert.ok(img.data.every((v) => v === 255))
})

test('render: over the pixel budget fails with PAGE_TOO_LARGE before allocating', async () => {
  await using doc = await open(await blankPdf(), { maxRenderPixels: 1_000_000 })
  await assert.rejects(doc.renderPage(1, 300), { code: 'PAGE_TOO_LARGE', page: 1, stage: 'render' })
  const ok = await doc.renderPage(1, 100) // 827 x 1169 = 0.97 MP
  assert.equal(ok.width, 827)
})

test('render: the canvas has the system fonts that loading it registers, though the extractor loads it without them', async () => {
  // A fresh process for each, since the canvas is loaded once a process: its font families as @napi-rs/canvas loads
  // them, and as the extractor's first render leaves them (fonts a PDF names without embedding are drawn with them).
  const dir = mkdtempSync(join(tmpdir(), 'render-fonts-'))
  try {
    const pdf = join(dir, 'a.pdf')
    writeFileSync(pdf, await healthyPdf('en'))
    const families = (script: string) => {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8' })
      assert.equal(r.status, 0, r.stderr)
      return r.stdout
    }
    const own = families(`import c from '@napi-rs/canvas'; process.stdout.write(JSON.stringify(c.GlobalFonts.families))`)
    const index = new URL('../src/index.js', import.meta.url).href
    const ours = families(
      `import { readFileSync } from 'node:fs'; import x from ${JSON.stringify(index)};` +
        `const doc = await (await x.create(x.optionsSchema.parse({}), { baseDir: '.' })).open(readFileSync(${JSON.stringify(pdf)}));` +
        `await doc.renderPage(1, 36); await doc.close(); const c = await import('@napi-rs/canvas');` +
        `process.stdout.write(JSON.stringify(c.default.GlobalFonts.families))`,
    )
    assert.equal(ours, own)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('render: a page rendered after its text, with outlines built on demand, is the page rendered first', async () => {
  // Reading text builds no glyph outlines (CopyingLoopbackPort's `outlines`); a render then has them built for the
  // glyphs already met and for the rest as they come. The pixels must be those of a document that rendered first.
  for (const [bytes, cleanupEvery] of [
    [await longPdf(3), 0],
    [await longPdf(3), 1],
    [await mixedFontPdf(), 0],
  ] as const) {
    const first = await open(bytes, { cleanupEvery })
    const before = await first.renderPage(first.pageCount, 72)
    await first.close()
    await using doc = await open(bytes, { cleanupEvery })
    for (let n = 1; n <= doc.pageCount; n++) await doc.getPageText(n)
    const after = await doc.renderPage(doc.pageCount, 72)
    const dark = after.data.reduce((k, v) => k + (v < 128 ? 1 : 0), 0)
    assert.ok(dark > 1000, `dark pixels: ${dark}`)
    assert.ok(Buffer.from(after.data).equals(Buffer.from(before.data)), `the same pixels (cleanupEvery ${cleanupEvery})`)
  }
})

test('render: reading text sends no glyph outline; outlines() has them sent, once, before the render needs them', async () => {
  const rt = await loadPdfjs('test')
  const port = new CopyingLoopbackPort({ lazyOutlines: true })
  let outlines = 0
  port.addEventListener('message', (e) => {
    const d = (e.data as { action?: string; data?: unknown[] }) ?? {}
    if (d.action === 'commonobj' && d.data?.[1] === 'FontPath') outlines++
  })
  const worker = new rt.pdfjs.PDFWorker({ port: port as never, verbosity: 0 })
  rt.workerSide.initializeFromPort(port)
  const doc = await rt.pdfjs.getDocument({
    worker,
    data: await longPdf(2),
    verbosity: 0,
    disableFontFace: true,
    isEvalSupported: false,
    standardFontDataUrl: rt.standardFontDataUrl,
  }).promise
  try {
    const page = await doc.getPage(1)
    const ops = await page.getOperatorList()
    assert.ok(ops.fnArray.length > 10)
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(outlines, 0)
    await port.outlines()
    assert.ok(outlines > 20, `outlines sent: ${outlines}`)
    const sent = outlines
    await port.outlines()
    assert.equal(outlines, sent)
    // page 2's font (longPdf gives each page its own), made once outlines are on, sends them as its text is read
    await (await doc.getPage(2)).getOperatorList()
    await new Promise((resolve) => setImmediate(resolve))
    assert.ok(outlines > sent, `outlines sent with page 2: ${outlines - sent}`)
  } finally {
    await doc.destroy()
    worker.destroy()
  }
})
