import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createPdfjsExtractor, pdfjsExtractorOptionsSchema } from '@pdftriage/extract-pdfjs'
import { attention, buildReport, type ReportSummary } from '../src/index.js'
import { sampleRun } from './helpers.js'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')

/** The browser the test drives: Debian's chromium where it is installed, or the one PDFTRIAGE_CHROMIUM names. */
function findChromium(): string | undefined {
  const candidates = [process.env.PDFTRIAGE_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  return candidates.find((c): c is string => !!c && existsSync(c))
}

describe('buildReport', () => {
  let run: Awaited<ReturnType<typeof sampleRun>>
  let summary: ReportSummary
  before(async () => {
    run = await sampleRun()
    const extractor = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
    summary = await buildReport(run.out, { extractor, inputRoot: run.root })
  })
  after(() => rmSync(run.root, { recursive: true, force: true }))

  test('writes one HTML file and a picture of every page, thumbnails under 15 KB', () => {
    assert.equal(summary.pages, run.pages)
    assert.equal(summary.thumbnails, run.pages)
    assert.deepEqual(summary.missingSources, [])
    const imgs = readdirSync(join(run.out, 'report', 'img'))
    const thumbs = imgs.filter((f) => f.endsWith('-t.jpg'))
    assert.equal(thumbs.length, run.pages)
    for (const t of thumbs) assert.ok(statSync(join(run.out, 'report', 'img', t)).size <= 15_000, t)
    const html = readFileSync(summary.html, 'utf8')
    assert.match(html, /PDF_INVALID/)
    // Text from a PDF never appears as markup.
    assert.doesNotMatch(html, /<script>window\.pwned/)
    assert.doesNotMatch(html, /<img src=x/)
  })

  test('a changed or missing source gives rows without pictures, and says why', async () => {
    rmSync(join(run.inputs, 'blank.pdf'))
    const extractor = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
    const s = await buildReport(run.out, { extractor, inputRoot: run.root })
    assert.deepEqual(s.missingSources, ['in/blank.pdf'])
    assert.equal(s.thumbnails, run.pages - 1)
    assert.match(readFileSync(s.html, 'utf8'), /source not found/)
  })

  test('is not written through a symlink inside the output folder', async () => {
    const elsewhere = join(run.root, 'elsewhere')
    mkdirSync(elsewhere)
    rmSync(join(run.out, 'report'), { recursive: true, force: true })
    symlinkSync(elsewhere, join(run.out, 'report'))
    await assert.rejects(buildReport(run.out, { inputRoot: run.root }), /symlink/)
    assert.deepEqual(readdirSync(elsewhere), [])
    rmSync(join(run.out, 'report'))
  })
})

describe('attention', () => {
  const base = { file: 'a.pdf', page: 1, layer: 'healthy', needsOcr: false, judge: 'gates', score: null, action: 'kept', chars: 10, notes: [] }
  test('orders failures, poor OCR, disagreement, closeness and repairs above a plain kept page', () => {
    const w = (o: object) => attention({ ...base, ...o }).weight
    assert.equal(w({}), 0)
    const failed = w({ action: 'failed', error: { code: 'PLUGIN_FAILED', message: 'x' } })
    const poor = w({ action: 'ocr', ocrQuality: 'poor' })
    const disagree = w({ notes: ['gates: healthy: passes', 'spotcheck: unreadable: agreement 0.5'] })
    const close = w({ score: -2.9, threshold: -2.95 })
    const far = w({ score: -1.2, threshold: -2.95 })
    const repaired = w({ action: 'repaired' })
    assert.ok(failed > poor && poor > disagree && disagree > repaired && repaired > 0)
    assert.ok(close > 0 && far === 0)
  })
})

describe('the review page in a browser', () => {
  const executablePath = findChromium()
  let run: Awaited<ReturnType<typeof sampleRun>>
  before(async () => {
    run = await sampleRun()
    const extractor = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
    await buildReport(run.out, { extractor, inputRoot: run.root })
  })
  after(() => rmSync(run.root, { recursive: true, force: true }))

  test(
    'loads without console errors; filters, thumbnails and the detail view work',
    { skip: executablePath ? false : 'no chromium found: `apt-get install chromium` (or set PDFTRIAGE_CHROMIUM) to run the browser test' },
    async () => {
      const { chromium } = await import('playwright-core')
      const browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      })
      try {
        const page = await browser.newPage({ viewport: { width: 1300, height: 900 } })
        const errors: string[] = []
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text())
        })
        page.on('pageerror', (e) => errors.push(String(e)))
        await page.goto(pathToFileURL(join(run.out, 'report.html')).href)
        await page.waitForSelector('body[data-ready=true]')
        assert.equal(await page.locator('tr.page').count(), run.pages)
        // Most worth a look first: the failed OCR quality page leads.
        assert.match((await page.locator('tr.page').first().textContent()) ?? '', /scan\.pdf/)

        await page.selectOption('#f-action', 'ocr')
        assert.equal(await page.locator('tr.page').count(), 1)
        await page.selectOption('#f-action', '')
        await page.selectOption('#f-layer', 'blank')
        assert.equal(await page.locator('tr.page').count(), 1)
        await page.selectOption('#f-layer', '')
        assert.equal(await page.locator('tr.page').count(), run.pages)

        const img = page.locator('tr.page td.thumb img').first()
        await img.scrollIntoViewIfNeeded()
        await page.waitForFunction("(() => { const i = document.querySelector('tr.page td.thumb img'); return !!i && i.complete && i.naturalWidth > 0 })()")

        await page.locator('tr.page').first().click()
        await page.waitForSelector('#detail[open] #d-texts pre')
        assert.match((await page.locator('#d-notes').textContent()) ?? '', /absent: no text over images/)
        // Layer and OCR side by side, the words that differ marked.
        assert.equal(await page.locator('#d-texts pre').count(), 2)
        assert.ok((await page.locator('#d-texts del').count()) >= 2)
        assert.ok((await page.locator('#d-texts ins').count()) >= 2)
        await page.waitForFunction("(document.querySelector('#d-img')?.naturalWidth ?? 0) > 0")
        const artifacts = join(repoRoot, 'test-artifacts')
        mkdirSync(artifacts, { recursive: true })
        await page.screenshot({ path: join(artifacts, 'report-detail.png') })
        await page.click('#d-close')

        // The page whose text and notes carry markup shows them as text and runs nothing.
        await page.fill('#f-text', 'hostile')
        assert.equal(await page.locator('tr.page').count(), 1)
        await page.locator('tr.page').first().click()
        await page.waitForSelector('#detail[open] #d-texts pre')
        assert.match((await page.locator('#d-texts pre').textContent()) ?? '', /<script>window\.pwned=1<\/script>/)
        assert.equal(await page.evaluate('typeof window.pwned'), 'undefined')
        assert.deepEqual(errors, [])
      } finally {
        await browser.close()
      }
    },
  )
})
