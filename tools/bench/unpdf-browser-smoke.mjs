// A browser smoke test of @pdftriage/extract-unpdf's browser entry: tools/bench/unpdf-browser/ (a page that opens
// /sample.pdf with the extractor, reads every page and renders it at 72 dpi) is bundled with Vite, served from
// 127.0.0.1 with pdfjs-dist's standard_fonts, cmaps and wasm under /pdfjs/, and driven in Chromium with each pdf.js
// choice (legacy, modern, unpdf). Each fixture's pages (text, font names, image coverage, render size) must equal the
// Node entry's; dark pixels are printed beside Node's (the two canvases are not the same Skia). Every request must
// go to the page's own origin. Build first (npm run build); needs vite in node_modules (the web package's; or
// PDFTRIAGE_VITE naming its bin) and
// chromium (`apt-get install chromium`, or PDFTRIAGE_CHROMIUM); skips with a message without them.
//
//   node tools/bench/unpdf-browser-smoke.mjs
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..', '..')
const vite = process.env.PDFTRIAGE_VITE ?? join(root, 'node_modules', '.bin', 'vite')
const chromiumPath = [process.env.PDFTRIAGE_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p))
if (!existsSync(vite) || !chromiumPath) {
  console.log(`skipped: ${!existsSync(vite) ? 'no vite in node_modules' : 'no chromium (apt-get install chromium, or PDFTRIAGE_CHROMIUM)'}`)
  process.exit(0)
}
const { chromium } = await import('playwright-core')
const { healthyPdf, mixedFontPdf, ocrLayerPdf } = await import('@pdftriage/fixtures')
const { default: unpdf } = await import('@pdftriage/extract-unpdf')

const work = mkdtempSync(join(tmpdir(), 'unpdf-smoke-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))
cpSync(join(root, 'tools', 'bench', 'unpdf-browser'), work, { recursive: true })
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'))
const built = spawnSync(vite, ['build', '--logLevel', 'error', '--outDir', 'dist', '--minify', 'false'], { cwd: work, encoding: 'utf8' })
if (built.status !== 0) throw new Error(`vite build failed: ${built.stderr}`)

const fixtures = { healthy: await healthyPdf('fr'), 'mixed fonts': await mixedFontPdf(), 'OCR layer': await ocrLayerPdf() }
let current
const types = { '.js': 'text/javascript', '.html': 'text/html', '.wasm': 'application/wasm' }
const pdfjsRoot = join(root, 'node_modules', 'pdfjs-dist')
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname
  if (path === '/sample.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(current)
  const file = path.startsWith('/pdfjs/') ? join(pdfjsRoot, path.slice('/pdfjs/'.length)) : join(work, 'dist', path === '/' ? 'index.html' : path)
  if (!file.startsWith(path.startsWith('/pdfjs/') ? pdfjsRoot : join(work, 'dist')) || !existsSync(file) || statSync(file).isDirectory())
    return res.writeHead(404).end()
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
})
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const origin = `127.0.0.1:${server.address().port}`
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] })
let failures = 0
try {
  const page = await browser.newPage()
  const hosts = new Set()
  page.on('request', (r) => hosts.add(new URL(r.url()).host))
  await page.goto(`http://${origin}/`)
  await page.waitForFunction(() => globalThis.smokeReady === true)
  const ex = unpdf.create(unpdf.optionsSchema.parse({}), { baseDir: '.' })
  for (const [name, bytes] of Object.entries(fixtures)) {
    current = bytes
    const doc = await ex.open(bytes)
    const inNode = []
    for (let n = 1; n <= doc.pageCount; n++) {
      const p = await doc.getPageText(n)
      const img = await doc.renderPage(n, 72)
      inNode.push({
        text: p.text,
        fonts: Object.values(p.fonts ?? {}).map((f) => f.name),
        imageCoverage: p.imageCoverage,
        w: img.width,
        h: img.height,
        dark: img.data.filter((v) => v < 128).length,
      })
    }
    await doc.close()
    for (const choice of ['legacy', 'modern', 'unpdf']) {
      const r = await page.evaluate((c) => globalThis.runSmoke(c), choice)
      if (!r.ok) {
        failures++
        console.log(`${name}, ${choice}: FAILED ${r.error.slice(0, 400)}`)
        continue
      }
      const strip = (pages) => JSON.stringify(pages.map(({ dark: _, ...x }) => x))
      const same = strip(r.pages) === strip(inNode)
      if (!same) failures++
      console.log(
        `${name}, ${choice}: pages ${same ? 'the same as' : 'DIFFERENT from'} Node's; dark pixels at 72 dpi ${r.pages.map((p) => p.dark)} (Node ${inNode.map((p) => p.dark)})`,
      )
    }
  }
  const others = [...hosts].filter((h) => h !== origin)
  if (others.length) failures++
  console.log(`requests to other origins: ${others.length ? others.join(' ') : 'none'}`)
} finally {
  await browser.close()
  server.close()
}
process.exit(failures ? 1 : 0)
