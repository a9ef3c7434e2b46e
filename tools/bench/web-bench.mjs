// The browser page against Node: `node tools/bench/web-bench.mjs [--dir DIR] [--runs 3]`.
// Generates a 20-page born-digital document and a 5-page scan (tools/fixtures), then for each: in headless chromium
// (packages/web/dist served on a loopback port, a fresh tab a run, so worker and tesseract start are included) the
// time from the file input's change to the first page's row and to the document's end, with OCR and the searchable PDF
// (what the page always does), and the peak resident memory of the browser's processes (the renderer runs the page,
// its worker and tesseract's workers); in Node, the same call (`pdftriage`'s process with ocr and pdf, the plugins
// created in the run) timed the same way. Last, the page's files by kind and what a run fetched.
// `--only node` or `--only browser` measures one side. Needs `npm run build` and chromium (`apt-get install chromium`). The files are left in DIR for other tools.
/* global window, document, MutationObserver -- the functions page.evaluate runs in the browser */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, relative, sep } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'

const { opt } = benchArgs()
const runs = Number(opt('runs', '3'))
const only = opt('only') // `node` or `browser`: one side
const dir = opt('dir') ?? mkdtempSync(join(tmpdir(), 'pdftriage-web-bench-'))
mkdirSync(dir, { recursive: true })
const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
const dist = join(root, 'packages', 'web', 'dist')
if (!chromiumPath || !existsSync(join(dist, 'index.html'))) {
  console.log('web-bench: needs chromium (apt-get install chromium) and the built page (npm run build): skipped')
  process.exit(0)
}

const fx = await import(join(root, 'tools', 'fixtures', 'dist', 'src', 'index.js'))
const texts = [fx.FRENCH_PROSE, fx.FRENCH_DECREE, fx.ENGLISH_PROSE]
const docs = [
  ['born-20.pdf', await fx.longPdf(20)],
  ['scan-5.pdf', await fx.buildPdf(Array.from({ length: 5 }, (_, i) => ({ scan: { text: texts[i % 3], dpi: 150 } })))],
]
for (const [name, bytes] of docs) writeFileSync(join(dir, name), bytes)
console.log(`files in ${dir}`)

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (xs) => `${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`

// Node: the one-call package, plugins created inside the timed span.
const { createPdftriage } = await import(join(root, 'packages', 'pdftriage', 'dist', 'src', 'index.js'))
for (const [name, bytes] of only === 'browser' ? [] : docs) {
  const first = []
  const all = []
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now()
    let t1
    const t = await createPdftriage()
    await t.process(bytes.slice(), { file: name, ocr: true, pdf: true, onEvent: () => (t1 ??= performance.now()) })
    all.push(performance.now() - t0)
    first.push(t1 - t0)
    await t.close()
  }
  console.log(`node    ${name}: first verdict ${fmt(first)}, all ${fmt(all)}`)
}

// The page, served as any static server would, counting the bytes of each path.
const served = new Map()
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' }
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname)
  const file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path))
  if (!file.startsWith(dist + sep) || !existsSync(file)) return res.writeHead(404).end()
  const body = readFileSync(file)
  served.set(path, body.length)
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
})
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const origin = `http://127.0.0.1:${server.address().port}`

/** Resident memory (kB) of a process's descendants together (not itself), from /proc; and the largest single one. */
function rss(rootPid) {
  const kids = new Map()
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)])
    } catch {
      // gone meanwhile
    }
  }
  let total = 0
  let largest = 0
  const walk = (pid) => {
    if (pid !== rootPid)
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
        total += kb
        largest = Math.max(largest, kb)
      } catch {
        // gone meanwhile
      }
    for (const k of kids.get(pid) ?? []) walk(k)
  }
  walk(rootPid)
  return { total, largest }
}

const { chromium } = await import(join(root, 'node_modules', 'playwright-core', 'index.mjs'))
for (const [name] of only === 'node' ? [] : docs) {
  const first = []
  const all = []
  const peaks = []
  for (let r = 0; r < runs; r++) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
    const page = await browser.newPage()
    await page.goto(`${origin}/`)
    await page.evaluate(() => {
      const w = window
      w.benchT = {}
      document.querySelector('input[type=file]').addEventListener('change', () => (w.benchT.start = performance.now()), { capture: true })
      new MutationObserver(() => {
        if (w.benchT.first === undefined && document.querySelector('[data-page]')) w.benchT.first = performance.now()
        if (w.benchT.done === undefined && document.querySelector('[data-state=done]')) w.benchT.done = performance.now()
      }).observe(document.body, { subtree: true, childList: true, attributes: true })
    })
    let peak = { total: 0, largest: 0 }
    const poll = setInterval(() => {
      const m = rss(process.pid) // this process's children: the browser's processes
      peak = { total: Math.max(peak.total, m.total), largest: Math.max(peak.largest, m.largest) }
    }, 100)
    await page.setInputFiles('input[type=file]', join(dir, name))
    await page.waitForSelector('[data-state=done], [data-state=failed]', { timeout: 900_000 })
    clearInterval(poll)
    const t = await page.evaluate(() => window.benchT)
    if ((await page.getAttribute('[data-file]', 'data-state')) !== 'done') throw new Error(`${name}: ${await page.textContent('.status')}`)
    first.push(t.first - t.start)
    all.push(t.done - t.start)
    peaks.push(peak)
    await browser.close()
  }
  const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`
  console.log(
    `browser ${name}: first verdict ${fmt(first)}, all ${fmt(all)}; peak RSS: browser processes together ${mb(median(peaks.map((p) => p.total)))}, largest process ${mb(median(peaks.map((p) => p.largest)))}`,
  )
}
server.close()

// The page's files, and what the runs fetched (a run of both documents asks for the same files).
const kinds = [
  ['JavaScript (page, worker, tesseract.js worker)', (f) => f.endsWith('.js') && !f.includes('tesseract-core')],
  ['tesseract core (WebAssembly in a .js)', (f) => f.includes('tesseract-core')],
  ['pdf.js WebAssembly decoders', (f) => f.endsWith('.wasm')],
  ['language data (fra, eng)', (f) => f.endsWith('.traineddata.gz')],
  ['dictionaries (fra, eng)', (f) => f.startsWith('dictionaries/')],
  ['pdf.js fonts and CMaps', (f) => f.startsWith('pdfjs/standard_fonts/') || f.startsWith('pdfjs/cmaps/')],
  ['other (HTML, CSS)', () => true],
]
const walk = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]))
const files = walk(dist)
  .map((f) => relative(dist, f).split(sep).join('/'))
  .filter((f) => f !== 'test' && !f.startsWith('test/') && !f.endsWith('.tsbuildinfo'))
const sums = new Map(kinds.map(([k]) => [k, { all: 0, fetched: 0 }]))
for (const f of files) {
  const [k] = kinds.find(([, is]) => is(f))
  const s = sums.get(k)
  const size = statSync(join(dist, f)).size
  s.all += size
  s.fetched += served.get(`/${f}`) ?? 0
}
const kb = (b) => `${(b / 1024).toFixed(0)} KB`
for (const [k, s] of sums) console.log(`${k.padEnd(48)} in dist ${kb(s.all).padStart(9)}, fetched ${kb(s.fetched).padStart(9)}`)
const total = [...sums.values()].reduce((a, s) => ({ all: a.all + s.all, fetched: a.fetched + s.fetched }), { all: 0, fetched: 0 })
console.log(`${'total'.padEnd(48)} in dist ${kb(total.all).padStart(9)}, fetched ${kb(total.fetched).padStart(9)}`)
