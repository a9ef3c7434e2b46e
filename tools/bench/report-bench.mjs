// The review page at scale: `node tools/bench/report-bench.mjs [--pages 300] [--docs 30] [--dir DIR]`.
// Generates a batch of born-digital documents (healthy, reflected, numeric and blank pages), runs
// `pdftriage run --policy extract --report` over it, and opens report.html in headless chromium: load time (navigation
// until the page says it is ready), sizes of the HTML, the thumbnails and the detail pictures.
// With `--dir DIR` it reports an existing output folder instead (run from the folder that run was started in).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { benchArgs, bin, root } from './bench-args.mjs'

const { opt } = benchArgs()
const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
if (!chromiumPath) {
  console.log('report-bench: no chromium (apt-get install chromium): skipped')
  process.exit(0)
}
let out = opt('dir')
let work
if (!out) {
  const fx = await import(join(root, 'tools', 'fixtures', 'dist', 'src', 'index.js'))
  const pages = Number(opt('pages', '300'))
  const docs = Number(opt('docs', '30'))
  work = mkdtempSync(join(tmpdir(), 'pdftriage-report-bench-'))
  mkdirSync(join(work, 'in'))
  const per = Math.ceil(pages / docs)
  for (let d = 0; d < docs; d++) {
    // Every page differs (its number is in its text), so no document is a duplicate of another.
    const texts = [fx.FRENCH_PROSE, fx.FRENCH_DECREE, fx.ENGLISH_PROSE, fx.NUMERIC_TABLE]
    const layers = ['text', 'reflected', 'text', 'text']
    const bytes = await fx.buildPdf(
      Array.from({ length: per }, (_, p) => {
        const k = (d + p) % 5
        if (k === 4) return {}
        return { blocks: [{ text: `Document ${d}, page ${p + 1}.\n${texts[k]}`, ...(layers[k] === 'reflected' ? { layer: 'reflected' } : {}) }] }
      }),
    )
    writeFileSync(join(work, 'in', `doc-${String(d).padStart(3, '0')}.pdf`), bytes)
  }
  const t = performance.now()
  const r = spawnSync(process.execPath, [bin, 'run', '--policy', 'extract', '--report', '--out', 'out', 'in'], { cwd: work, encoding: 'utf8' })
  console.log(
    r.stderr
      .trim()
      .split('\n')
      .filter((l) => /^(documents|report):/.test(l))
      .join('\n'),
  )
  console.log(`run + report: ${((performance.now() - t) / 1000).toFixed(1)} s`)
  out = join(work, 'out')
} else {
  out = resolve(out)
  const r = spawnSync(process.execPath, [bin, 'report', out], { encoding: 'utf8' })
  console.log(r.stderr.trim())
}
const size = (f) => statSync(f).size
const imgDir = join(out, 'report', 'img')
const imgs = existsSync(imgDir) ? readdirSync(imgDir) : []
const thumbs = imgs.filter((f) => f.endsWith('-t.jpg')).map((f) => size(join(imgDir, f)))
const details = imgs.filter((f) => !f.endsWith('-t.jpg')).map((f) => size(join(imgDir, f)))
const kb = (b) => (b / 1024).toFixed(1)
console.log(
  `report.html ${kb(size(join(out, 'report.html')))} KB; ${thumbs.length} thumbnails, ${kb(thumbs.reduce((a, b) => a + b, 0))} KB, mean ${kb(thumbs.reduce((a, b) => a + b, 0) / Math.max(1, thumbs.length))} KB, max ${kb(Math.max(0, ...thumbs))} KB; detail pictures ${kb(details.reduce((a, b) => a + b, 0))} KB`,
)

const { chromium } = await import(join(root, 'node_modules', 'playwright-core', 'index.mjs'))
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
const loads = []
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } })
  const errors = []
  page.on('pageerror', (e) => errors.push(String(e)))
  const t = performance.now()
  await page.goto(pathToFileURL(join(out, 'report.html')).href, { waitUntil: 'load' })
  await page.waitForSelector('body[data-ready=true]')
  loads.push(performance.now() - t)
  const rows = await page.locator('tr.page').count()
  if (i === 0) console.log(`rows drawn at load: ${rows}; page errors: ${errors.length}`)
  await page.close()
}
await browser.close()
console.log(`load to ready (load event, rows drawn): ${loads.map((l) => `${Math.round(l)} ms`).join(', ')}`)
if (work) rmSync(work, { recursive: true, force: true })
