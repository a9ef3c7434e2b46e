import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
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
    // what the searchable PDF did to the scanned page is among its notes
    assert.match(html, /searchable PDF: turned 270 degrees clockwise to show it upright","searchable PDF: drawn straightened from a skew of 2.5 degrees/)
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
    await assert.rejects(buildReport(run.out, { inputRoot: run.root }), /report is a symbolic link/)
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
    const regions = w({ regions: [[72, 100, 300, 250]] })
    assert.ok(failed > poor && poor > disagree && disagree > repaired && repaired > regions && regions > 0)
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
        await page.keyboard.press('Enter')
        await page.waitForSelector('#detail[open] #d-texts pre')
        assert.match((await page.locator('#d-notes').textContent()) ?? '', /absent: no text over images.*searchable PDF: turned 270 degrees/)
        // Layer and OCR side by side, the words that differ marked.
        assert.equal(await page.locator('#d-texts pre').count(), 2)
        assert.ok((await page.locator('#d-texts del').count()) >= 2)
        assert.ok((await page.locator('#d-texts ins').count()) >= 2)
        await page.waitForFunction("(document.querySelector('#d-pic img')?.naturalWidth ?? 0) > 0")
        const artifacts = join(repoRoot, 'test-artifacts')
        mkdirSync(artifacts, { recursive: true })
        await page.screenshot({ path: join(artifacts, 'report-detail.png') })
        await page.click('#d-close')

        // The page whose text and notes carry markup shows them as text and runs nothing.
        await page.fill('#f-text', 'hostile')
        await page.waitForSelector('body[data-searched=hostile]')
        assert.equal(await page.locator('tr.page').count(), 1)
        await page.locator('tr.page').first().dblclick()
        await page.waitForSelector('#detail[open] #d-texts pre')
        assert.match((await page.locator('#d-texts pre').textContent()) ?? '', /<script>window\.pwned=1<\/script>/)
        assert.equal(await page.evaluate('typeof window.pwned'), 'undefined')
        assert.deepEqual(errors, [])
      } finally {
        await browser.close()
      }
    },
  )
  test(
    'keys move the selection, search filters on page text, regions are outlined, and a correction exports as labels eval reads',
    { skip: executablePath ? false : 'no chromium found: `apt-get install chromium` (or set PDFTRIAGE_CHROMIUM) to run the browser test' },
    async (t) => {
      const { chromium } = await import('playwright-core')
      const browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      })
      const labelsFile = join(run.root, 'labels.jsonl')
      try {
        const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, acceptDownloads: true })
        const page = await context.newPage()
        const errors: string[] = []
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text())
        })
        page.on('pageerror', (e) => errors.push(String(e)))
        await page.goto(pathToFileURL(join(run.out, 'report.html')).href)
        await page.waitForSelector('body[data-ready=true]')
        assert.match((await page.locator('#keys').textContent()) ?? '', /next page worth a look/)
        const order = await page.locator('tr.page').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-i')))
        const selected = () =>
          page.evaluate("({ row: document.querySelector('tr.page.sel')?.getAttribute('data-i'), focus: document.activeElement?.getAttribute('data-i') })")
        const pane = async () => (await page.locator('#p-title').textContent()) ?? ''

        // j/k and the arrows walk the list; the selected row has the focus.
        await page.keyboard.press('j')
        assert.deepEqual(await selected(), { row: order[0], focus: order[0] })
        await page.keyboard.press('j')
        await page.keyboard.press('j')
        assert.deepEqual(await selected(), { row: order[2], focus: order[2] })
        await page.keyboard.press('k')
        assert.deepEqual(await selected(), { row: order[1], focus: order[1] })
        await page.keyboard.press('ArrowDown')
        assert.deepEqual(await selected(), { row: order[2], focus: order[2] })
        await page.keyboard.press('ArrowUp')
        assert.deepEqual(await selected(), { row: order[1], focus: order[1] })
        // n: the pages worth a look are the poor scan, the repair close to its threshold and the page whose picture
        // region was OCRed, in that order; from the repair (selected now) n goes on to the region page, then wraps.
        assert.match(await pane(), /reflected\.pdf, page 1/)
        await page.keyboard.press('n')
        assert.match(await pane(), /healthy\.pdf, page 1/)
        await page.keyboard.press('n')
        assert.match(await pane(), /scan\.pdf, page 1/)
        await page.keyboard.press('n')
        assert.match(await pane(), /reflected\.pdf, page 1/)

        // The region page: its box is drawn on the picture where the points put it, and on the row's thumbnail.
        await page.locator('tr.page', { hasText: 'healthy.pdf' }).click()
        assert.match(await pane(), /healthy\.pdf, page 1/)
        assert.equal(await page.textContent('#p-verdict'), 'healthy, kept, by gates, picture regions OCRed: 1')
        assert.doesNotMatch((await page.textContent('#pane')) ?? '', /null|undefined/)
        await page.waitForFunction("(document.querySelector('#pane .pic img')?.naturalWidth ?? 0) > 0")
        // Evaluated in the page, as a string: the test's own code knows no DOM types.
        const geo = await page.evaluate<{
          img: { x: number; y: number; w: number; h: number }
          boxes: Array<{ x: number; y: number; w: number; h: number }>
          pw: number
          ph: number
        }>(`(() => {
          const img = document.querySelector('#pane .pic img').getBoundingClientRect()
          const boxes = [...document.querySelectorAll('#pane .pic .region')].map((b) => b.getBoundingClientRect())
          const pg = JSON.parse(document.getElementById('pdftriage-data').textContent).pages.find((p) => p.regions)
          return { img: { x: img.x, y: img.y, w: img.width, h: img.height }, boxes: boxes.map((b) => ({ x: b.x, y: b.y, w: b.width, h: b.height })), pw: pg.pw, ph: pg.ph }
        })()`)
        assert.equal(geo.boxes.length, 1)
        const scale = geo.img.w / geo.pw
        assert.ok(Math.abs(geo.img.h / geo.ph - scale) < 0.02 * scale, 'the picture keeps the page proportions')
        const [b] = geo.boxes
        for (const [got, want] of [
          [b!.x - geo.img.x, 72 * scale],
          [b!.y - geo.img.y, 100 * scale],
          [b!.w, 228 * scale],
          [b!.h, 150 * scale],
        ] as const)
          assert.ok(Math.abs(got - want) <= 2, `region box ${JSON.stringify(b)} against the picture ${JSON.stringify(geo.img)}: ${got} != ${want}`)
        assert.equal(await page.locator('tr.page', { hasText: 'healthy.pdf' }).locator('.pic.small .region').count(), 1)

        // / focuses the search; rows filter on the pages' final text as typed ("MUNlCIPAL" of the OCR does not match).
        await page.keyboard.press('/')
        assert.equal(await page.evaluate('document.activeElement?.id'), 'f-text')
        await page.keyboard.type('municipal')
        await page.waitForSelector('body[data-searched=municipal]')
        assert.equal(await page.locator('tr.page').count(), 1)
        assert.match((await page.locator('tr.page').textContent()) ?? '', /healthy\.pdf.*1 match/)
        assert.match((await page.locator('#count').textContent()) ?? '', /1 of 5 pages, 1 match in page text on 1 page/)
        await page.fill('#f-text', 'MAISON')
        await page.waitForSelector('body[data-searched=maison]')
        assert.equal(await page.locator('tr.page').count(), 1)
        assert.match((await page.locator('tr.page').textContent()) ?? '', /reflected\.pdf.*1 match/)
        assert.equal(await page.locator('#pane mark').count(), 0, 'the pane still shows the healthy page, which has no match')
        // Escape leaves the search for the list: the selected page is gone from it, so its first row is selected.
        await page.keyboard.press('Escape')
        assert.match(String(await page.evaluate('document.activeElement?.textContent')), /reflected\.pdf/)
        assert.equal(await page.locator('#pane mark').textContent(), 'maison')
        await page.fill('#f-text', '')
        await page.waitForSelector('body[data-searched=""]')
        assert.equal(await page.locator('tr.page').count(), run.pages)

        // Corrections: the blank page needs OCR after all (a button, with a label); the scan does not (a key).
        await page.locator('tr.page', { hasText: 'blank.pdf' }).click()
        await page.selectOption('#c-label', 'absent')
        await page.click('#c-ocr')
        assert.equal(await page.getAttribute('#c-ocr', 'aria-pressed'), 'true')
        await page.locator('tr.page', { hasText: 'scan.pdf' }).click()
        await page.keyboard.press('2')
        assert.match((await page.locator('tr.page', { hasText: 'scan.pdf' }).textContent()) ?? '', /marked: no OCR \(readable\)/)
        // They are kept across a reload.
        await page.reload()
        await page.waitForSelector('body[data-ready=true]')
        assert.equal((await page.textContent('#export'))?.trim(), 'Export labels.jsonl (2)')
        assert.match((await page.locator('tr.page', { hasText: 'blank.pdf' }).textContent()) ?? '', /marked: needs OCR \(absent\)/)
        await page.locator('tr.page', { hasText: 'blank.pdf' }).click()
        const artifacts = join(repoRoot, 'test-artifacts')
        mkdirSync(artifacts, { recursive: true })
        const shot = join(artifacts, 'report-review.png')
        await page.screenshot({ path: shot })
        t.diagnostic(`screenshot of the review page: ${shot}`)

        const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')])
        assert.equal(download.suggestedFilename(), 'labels.jsonl')
        await download.saveAs(labelsFile)
        const lines = readFileSync(labelsFile, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>)
        assert.deepEqual(
          lines.map((l) => [l.file, l.page, l.label, l.needs_ocr]),
          [
            ['in/blank.pdf', 1, 'absent', true],
            ['in/scan.pdf', 1, 'readable', false],
          ],
        )
        assert.deepEqual(errors, [])
      } finally {
        await browser.close()
      }

      // pdftriage eval reads the export over the same folder of PDFs: each corrected page is scored by its new label.
      const bin = join(repoRoot, 'packages', 'cli', 'bin', 'pdftriage.js')
      const built = existsSync(join(repoRoot, 'packages', 'cli', 'dist', 'src', 'eval.js'))
      await t.test(
        'pdftriage eval --labels reads the exported file',
        { skip: built ? false : 'the cli is not built: `npm run build` to run eval on the export' },
        () => {
          const r = spawnSync(process.execPath, [bin, 'eval', '--labels', labelsFile, '--format', 'jsonl', '--jobs', '1', run.root], {
            cwd: run.root,
            encoding: 'utf8',
          })
          assert.equal(r.status, 0, r.stderr)
          const out = r.stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as Record<string, unknown>)
          const pages = out.filter((o) => o.type === 'eval-page')
          const summary = out.find((o) => o.type === 'eval-summary') as {
            pages: number
            missed: number
            needless: number
            byLabel: Record<string, { pages: number; wrong: number }>
          }
          assert.deepEqual(
            pages.map((p) => [p.file, p.label, p.expected, p.predicted, p.ok]),
            [
              // The run kept the blank page; the reviewer says it needs OCR: a miss, in the class the reviewer gave.
              ['in/blank.pdf', 'absent', true, false, false],
              // The run OCRed the scan; the reviewer says it reads: needless.
              ['in/scan.pdf', 'readable', false, true, false],
            ],
          )
          assert.equal(summary.pages, 2)
          assert.equal(summary.missed, 1)
          assert.equal(summary.needless, 1)
          assert.deepEqual(summary.byLabel.absent, { ...summary.byLabel.absent, pages: 1, wrong: 1 })
          assert.deepEqual(summary.byLabel.readable, { ...summary.byLabel.readable, pages: 1, wrong: 1 })
        },
      )
    },
  )
})
