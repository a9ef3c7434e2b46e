import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import * as fx from '@pdftriage/fixtures'
import { srgbProfile } from '@pdftriage/write-pdf'
import { process as processPdf, type ProcessResult } from 'pdftriage'
import { findChromium, pageDir, offlineArgs, repoRoot, serve } from './helpers.js'

/** The generated files dropped on the page: a healthy page, a scan, a broken font, a reflected font. */
const FILES: Array<[string, () => Promise<Uint8Array>]> = [
  ['healthy.pdf', () => fx.healthyPdf('fr')],
  ['scan.pdf', () => fx.scannedPdf()],
  ['garbled.pdf', () => fx.garbledPdf()],
  ['reflected.pdf', () => fx.reflectedPdf()],
]

const executablePath = findChromium()
const built = existsSync(join(pageDir, 'index.html'))
const skip = !executablePath
  ? 'no chromium found: `apt-get install chromium` (or set PDFTRIAGE_CHROMIUM) to run the browser test'
  : !built
    ? 'the page is not built: `npm run build` in packages/web'
    : false

describe('the page in a browser', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdftriage-web-'))
  /** What the Node pipeline (pdftriage, the CLI's plugins) gives on each file, OCR on. */
  const node = new Map<string, ProcessResult>()
  after(() => rmSync(dir, { recursive: true, force: true }))
  before(async () => {
    for (const [name, make] of FILES) {
      const bytes = await make()
      writeFileSync(join(dir, name), bytes)
      // the scan's searchable PDF as PDF/A-2B, to set beside the one the page writes
      const pdfa = name === 'scan.pdf' ? { pdf: true, pdfOptions: { outputType: 'pdfa' as const } } : {}
      node.set(name, await processPdf(bytes.slice(), { file: name, ocr: true, ...pdfa, pluginOptions: { '@pdftriage/ocr-tesseract': { workers: 1 } } }))
    }
  })

  test("gives the Node pipeline's verdicts and texts page for page, downloads a searchable PDF and a PDF/A-2B one, cancels mid-page, asks nothing of another origin", async (t) => {
    const { origin, server, paths } = await serve(pageDir)
    const { chromium } = await import('playwright-core')
    const browser = await chromium.launch({
      executablePath: executablePath!,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...offlineArgs,
      ],
    })
    try {
      const context = await browser.newContext({ viewport: { width: 1300, height: 1000 }, acceptDownloads: true })
      // Every request of the page and its workers: one to another origin is refused and counted.
      const foreign: string[] = []
      const requests: string[] = []
      await context.route('**/*', (route) => {
        const url = route.request().url()
        requests.push(url)
        if (new URL(url).origin !== origin) {
          foreign.push(url)
          return route.abort()
        }
        return route.continue()
      })
      context.on('request', (r) => {
        const url = r.url()
        if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url)
      })
      const errors: string[] = []
      const open = async () => {
        const p = await context.newPage()
        p.on('pageerror', (e) => errors.push(String(e)))
        p.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text())
        })
        await p.goto(`${origin}/`)
        return p
      }
      const page = await open()
      await page.setInputFiles(
        'input[type=file]',
        FILES.map(([name]) => join(dir, name)),
      )
      for (const [name] of FILES) {
        await page.waitForSelector(`[data-file="${name}"][data-state=done], [data-file="${name}"][data-state=failed]`, { timeout: 600_000 })
        assert.equal(
          await page.getAttribute(`[data-file="${name}"]`, 'data-state'),
          'done',
          `${name}: ${await page.textContent(`[data-file="${name}"] .status`)}`,
        )
      }

      for (const [name] of FILES) {
        const want = node.get(name)!
        const doc = page.locator(`[data-file="${name}"]`)
        const rows = doc.locator('[data-page]')
        assert.equal(await rows.count(), want.pageCount, name)
        for (const p of want.pages) {
          const row = doc.locator(`[data-page="${p.page}"]`)
          assert.equal(await row.getAttribute('data-needs-ocr'), String(p.needsOcr), `${name} p. ${p.page} needs OCR`)
          assert.equal(await row.getAttribute('data-action'), p.action, `${name} p. ${p.page} action`)
        }
        // The text download, pages joined by form feeds: the CLI's <name>.txt.
        const stem = name.replace(/\.pdf$/u, '')
        const [dl] = await Promise.all([page.waitForEvent('download'), doc.locator(`a[download="${stem}.txt"]`).click()])
        const text = readFileSync(await dl.path(), 'utf8')
        assert.equal(text, want.text, `${name}: the text differs from the Node pipeline's`)
        const [jdl] = await Promise.all([page.waitForEvent('download'), doc.locator(`a[download="${stem}.json"]`).click()])
        // The JSON report (the CLI's report writer): every verdict with the judges' notes, as in Node.
        type Verdicts = Array<{ page: number; layer: string; needsOcr: boolean; action: string; judge: string; notes: string[] }>
        const report = JSON.parse(readFileSync(await jdl.path(), 'utf8')) as { file: string; pageVerdicts: Verdicts }
        assert.equal(report.file, name)
        // pdf.js names fonts by the order documents were opened in its thread (`g_d5_f1`): that number is not the file's
        // pdf.js numbers its font ids per process; and the two canvases (Chromium's and the native one) anti-alias a
        // 300 dpi render a little differently, so OCR may count one more or fewer item it is unsure of in a look: the
        // confident words, the verdicts and the text must be the same.
        const notes = (n: string[]) => n.map((x) => x.replace(/\bg_d\d+_/gu, 'g_d_').replace(/, \d+ unsure\b/gu, ''))
        assert.deepEqual(
          report.pageVerdicts.map((p) => [p.page, p.layer, p.needsOcr, p.action, p.judge, notes(p.notes)]),
          want.pages.map((p) => [p.page, p.layer, p.needsOcr, p.action, p.judge, notes(p.notes)]),
          `${name}: the JSON report's verdicts and notes`,
        )
      }

      // The scan's searchable PDF: its new text layer reads the words the OCR read.
      const scan = page.locator('[data-file="scan.pdf"]')
      const [pdl] = await Promise.all([page.waitForEvent('download'), scan.locator('a[download="scan.searchable.pdf"]').click()])
      const pdf = new Uint8Array(readFileSync(await pdl.path()))
      const extractor = await extractPdfjs.create(extractPdfjs.optionsSchema.parse({}), { baseDir: '.' })
      const opened = await extractor.open(pdf, { file: 'scan.searchable.pdf' })
      const layer = (await opened.getPageText(1)).text
      await opened.close()
      const words = (s: string) => new Set(s.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
      const ocrWords = words(node.get('scan.pdf')!.pages[0]!.text)
      const found = [...words(layer)].filter((w) => ocrWords.has(w)).length
      assert.ok(found >= 0.9 * ocrWords.size, `the searchable PDF's layer has ${found} of the OCR's ${ocrWords.size} words`)

      // Offline once loaded: a document dropped with the network cut is done as before.
      await context.setOffline(true)
      await page.locator('[data-file="healthy.pdf"]').evaluate((e) => e.setAttribute('data-file', 'healthy.pdf (online)'))
      await page.setInputFiles('input[type=file]', join(dir, 'healthy.pdf'))
      await page.waitForSelector('[data-file="healthy.pdf"][data-state=done], [data-file="healthy.pdf"][data-state=failed]', { timeout: 120_000 })
      assert.equal(await page.getAttribute('[data-file="healthy.pdf"]', 'data-state'), 'done', 'offline')
      await context.setOffline(false)

      // Cancel mid-page, in a page of its own (its worker has not started the OCR engine yet): a 2-page scan cancelled
      // while its first page is with the OCR engine is cancelled at once, its worker ended with tesseract.js's, and no
      // row of it ever comes. The page shows each page's stage as the runner enters it; a scan's page is read by the OCR
      // in its `judge` stage already (the spot-check reads it; the `ocr` stage reuses that reading), so the moment is:
      // page 1 in a stage, tesseract.js's worker started and given its language data (routing turns the cache off).
      const fresh = await open()
      writeFileSync(join(dir, 'long-scan.pdf'), await fx.buildPdf([0, 1].map(() => ({ scan: { text: fx.FRENCH_DECREE } }))))
      const longScan = '[data-file="long-scan.pdf"]'
      const ocrStarted = Promise.all([
        fresh.waitForEvent('worker', { predicate: (w) => w.url().endsWith('/tesseract/worker.min.js'), timeout: 300_000 }),
        ...['fra', 'eng'].map((l) =>
          context.waitForEvent('response', { predicate: (r) => r.url().endsWith(`/tesseract/${l}.traineddata.gz`), timeout: 300_000 }),
        ),
      ])
      await fresh.setInputFiles('input[type=file]', join(dir, 'long-scan.pdf'))
      await fresh.waitForSelector(`${longScan} .stage[data-stage-page="1"]`, { timeout: 300_000 })
      await ocrStarted
      assert.equal(await fresh.getAttribute(longScan, 'data-state'), 'running')
      assert.equal(await fresh.locator(`${longScan} [data-page]`).count(), 0, 'page 1 is not done yet')
      const pipelineWorkers = fresh.workers()
      // a bound for a failure (a worker left running), not a measure: ending a worker is immediate
      const ended = Promise.all(pipelineWorkers.map((w) => w.waitForEvent('close', { timeout: 60_000 })))
      await fresh.click(`${longScan} button.cancel`)
      // read right after the click, no waiting: the click itself cancelled it
      assert.equal(await fresh.getAttribute(longScan, 'data-state'), 'cancelled')
      assert.equal(await fresh.textContent(`${longScan} .status`), 'cancelled')
      assert.equal(await fresh.locator(`${longScan} [data-page]`).count(), 0, 'page 1 was stopped mid-OCR')
      assert.equal(await fresh.locator(`${longScan} .stage`).count(), 0)
      assert.equal(await fresh.locator(`${longScan} button.cancel`).count(), 0)
      // the pipeline's worker and tesseract.js's, every worker the page had then, are gone
      assert.ok(pipelineWorkers.filter((w) => w.url().endsWith('/tesseract/worker.min.js')).length >= 1, pipelineWorkers.map((w) => w.url()).join(' '))
      await ended
      const progress = await fresh.getAttribute(`${longScan} progress`, 'value')

      // The next file is done by a fresh worker: the scan again, asked as PDF/A-2B. Its verdict and text are Node's;
      // the cancelled document got nothing meanwhile.
      writeFileSync(join(dir, 'scan-pdfa.pdf'), readFileSync(join(dir, 'scan.pdf')))
      await fresh.selectOption('#pdf-type', 'pdfa')
      const scanPdfA = fresh.locator('[data-file="scan-pdfa.pdf"]')
      await fresh.setInputFiles('input[type=file]', join(dir, 'scan-pdfa.pdf'))
      await fresh.waitForSelector('[data-file="scan-pdfa.pdf"]:is([data-state=done], [data-state=failed])', { timeout: 300_000 })
      assert.equal(await scanPdfA.getAttribute('data-state'), 'done', (await scanPdfA.locator('.status').textContent()) ?? '')
      const wantScan = node.get('scan.pdf')!
      assert.equal(await scanPdfA.locator('[data-page="1"]').getAttribute('data-action'), wantScan.pages[0]!.action)
      const [adl] = await Promise.all([fresh.waitForEvent('download'), scanPdfA.locator('a[download="scan-pdfa.txt"]').click()])
      assert.equal(readFileSync(await adl.path(), 'utf8'), wantScan.text, 'the text after a cancel')
      assert.equal(await fresh.getAttribute(longScan, 'data-state'), 'cancelled')
      assert.equal(await fresh.locator(`${longScan} [data-page]`).count(), 0, 'no row of the cancelled document came later')
      assert.equal(await fresh.locator(`${longScan} .stage`).count(), 0, 'no stage of the cancelled document came later')
      assert.equal(await fresh.getAttribute(`${longScan} progress`, 'value'), progress, 'no progress of the cancelled document came later')

      // PDF/A-2B in the browser: every requirement the writer touches holds (write-pdf's own checker), as in the file
      // Node's writer makes of the same scan: pdfaid part 2 conformance B, one sRGB output intent of the same profile.
      const pdfaLink = scanPdfA.locator('a[download="scan-pdfa.searchable.pdf"]')
      assert.equal(await pdfaLink.getAttribute('data-output-type'), 'pdfa')
      const [fdl] = await Promise.all([fresh.waitForEvent('download'), pdfaLink.click()])
      const browserPdfA = await fx.checkPdfA(new Uint8Array(readFileSync(await fdl.path())))
      const nodePdfA = await fx.checkPdfA(wantScan.pdf!)
      assert.deepEqual(browserPdfA.failures, [])
      assert.deepEqual(nodePdfA.failures, [])
      assert.equal(fx.xmpProperty(browserPdfA.xmp!, 'pdfaid:part'), '2')
      assert.equal(fx.xmpProperty(browserPdfA.xmp!, 'pdfaid:conformance'), 'B')
      assert.deepEqual(browserPdfA.fonts, nodePdfA.fonts)
      assert.ok(browserPdfA.outputProfile && nodePdfA.outputProfile)
      assert.deepEqual(browserPdfA.outputProfile, nodePdfA.outputProfile, "the output intent's ICC profile is Node's")
      assert.deepEqual(browserPdfA.outputProfile, srgbProfile(), 'and the profile write-pdf ships (icc/sRGB.icc)')
      // A born-digital page of a font not embedded cannot be PDF/A: the page says so and gives plain PDF.
      writeFileSync(join(dir, 'healthy-pdfa.pdf'), readFileSync(join(dir, 'healthy.pdf')))
      const healthyPdfA = fresh.locator('[data-file="healthy-pdfa.pdf"]')
      await fresh.setInputFiles('input[type=file]', join(dir, 'healthy-pdfa.pdf'))
      await fresh.waitForSelector('[data-file="healthy-pdfa.pdf"]:is([data-state=done], [data-state=failed])', { timeout: 120_000 })
      assert.equal(await healthyPdfA.getAttribute('data-state'), 'done')
      assert.match((await healthyPdfA.locator('.status').textContent()) ?? '', /PDF\/A refused.*Helvetica is not embedded/u)
      assert.equal(await healthyPdfA.locator('a[download="healthy-pdfa.searchable.pdf"]').getAttribute('data-output-type'), 'pdf')
      await fresh.selectOption('#pdf-type', 'pdf')

      // Keys: j selects the first page, n the next one worth a look (the repaired page), / searches the pages' text.
      await page.locator('body').click({ position: { x: 5, y: 5 } })
      await page.keyboard.press('j')
      const sel = page.locator('article.page.sel')
      assert.equal(await sel.count(), 1)
      assert.equal(await sel.getAttribute('data-page'), '1')
      await page.keyboard.press('n')
      assert.notEqual(await sel.getAttribute('data-weight'), '0')
      await page.keyboard.press('/')
      await page.keyboard.type('Leclerc')
      const shown = await page.locator('article.page:visible').count()
      const all = await page.locator('article.page').count()
      assert.ok(shown > 0 && shown < all, `${shown} of ${all} pages shown for a word of one text`)
      await page.fill('#search', '')

      const artifacts = join(repoRoot, 'test-artifacts')
      mkdirSync(artifacts, { recursive: true })
      const shot = join(artifacts, 'web-page.png')
      await page.locator('[data-file="scan.pdf"]').scrollIntoViewIfNeeded()
      await page.screenshot({ path: shot })
      t.diagnostic(`screenshot of the page: ${shot}`)
      t.diagnostic(`${requests.length} requests, all to ${origin}`)
      // The interception sees the page's requests and its workers'; a worker's own script (tesseract.js starts its
      // workers from worker.min.js) is not routed, but a browser loads worker scripts only from the page's origin, and
      // the server was asked for it.
      const routed = new Set(requests.map((u) => new URL(u).pathname))
      assert.ok(
        ['/tesseract/fra.traineddata.gz', '/tesseract/tesseract-core-simd-lstm.wasm.js', '/dictionaries/fra.dic'].every((p) => routed.has(p)),
        [...routed].join(' '),
      )
      assert.deepEqual([...new Set(paths.filter((p) => !routed.has(p)))], ['/tesseract/worker.min.js'], 'requests the interception did not see')
      assert.deepEqual(foreign, [], 'requests to another origin')
      assert.deepEqual(errors, [], 'errors in the page')
    } finally {
      await browser.close()
      server.close()
    }
  })
})
