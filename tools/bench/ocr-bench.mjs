#!/usr/bin/env node
// OCR benchmark for @pdftriage/ocr-tesseract: character error rate against known text and seconds a page, with 1 and
// 2 workers (scaling factor), peak memory (RSS) with 2 workers, side by side with native `tesseract` when installed.
//
//   node tools/bench/ocr-bench.mjs [--pages N] [--source corpus|synthetic] [--no-native]
//   node tools/bench/ocr-bench.mjs --pages N --memory M   # only: peak RSS of 2 workers over the N pages cycled to M
//
// Pages: the corpus's `absent` French pages (image-only scans, truth/ text) when /work/shared/corpus (or
// $PDFTRIAGE_CORPUS) is present, rendered with pdf.js at 300 dpi to grey pixels; otherwise synthetic French pages
// drawn with @napi-rs/canvas. Each engine configuration runs in its own child process so that its RSS peak is its own.
// Build first: npx tsc -b packages/ocr-tesseract
// CER: Levenshtein distance / truth length after NFKC and white-space collapsing (the corpus README's definition).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const require = createRequire(join(root, 'packages', 'ocr-tesseract', 'package.json'))
const DPI = 300
const args = process.argv.slice(2)
const arg = (name, def) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : def
}

// ---------------------------------------------------------------- child: run the engine over PGM files, report JSON
if (args[0] === '--child') {
  const [, workers, dir, total] = args
  const { createTesseractEngine } = await import(join(root, 'packages', 'ocr-tesseract', 'dist', 'src', 'index.js'))
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.pgm'))
    .sort()
  // pages are read when their turn comes, as the runner streams them: only the pages in flight are held
  const count = Number(total ?? files.length)
  const images = { length: count }
  const load = (i) => readPgm(join(dir, files[i % files.length]), i + 1)
  const engine = createTesseractEngine({ workers: Number(workers), languages: ['fra'] })
  // warm-up: worker start and model load are not per-page costs
  await Promise.all(Array.from({ length: Number(workers) }, () => engine.recognize(blank())))
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  const texts = []
  let next = 0
  await Promise.all(
    Array.from({ length: Number(workers) }, async () => {
      while (next < images.length) {
        const i = next++
        texts[i] = (await engine.recognize(load(i))).text
      }
    }),
  )
  const seconds = (performance.now() - t0) / 1000
  // CPU time of every thread of the process: if it stays the same a page with 2 workers, the engine itself does not
  // contend, and any shortfall from linear scaling is the machine's (other load, shared cores)
  const cpu = process.cpuUsage(cpu0)
  await engine.close()
  process.stdout.write(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, texts, maxRssMb: process.resourceUsage().maxRSS / 1024 }))
  process.exit(0)
}

/** CPU seconds (user + system) of this process's finished children, from /proc (Linux); 0 elsewhere. */
function childCpuSeconds() {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return (Number(f[13]) + Number(f[14])) / 100 // cutime, cstime (fields 16, 17) in USER_HZ = 100 ticks a second
  } catch {
    return 0
  }
}

function readPgm(file, pageNumber) {
  const buf = readFileSync(file)
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 64).toString('latin1'))
  if (!m) throw new Error(`${file}: not an 8-bit PGM`)
  const width = Number(m[1])
  const height = Number(m[2])
  return { pageNumber, width, height, dpi: DPI, data: new Uint8Array(buf.subarray(m[0].length)) }
}

function blank() {
  return { pageNumber: 0, width: 200, height: 200, dpi: DPI, data: new Uint8Array(200 * 200).fill(255) }
}

// ---------------------------------------------------------------- CER
function levenshtein(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]
}
const norm = (s) => s.normalize('NFKC').replace(/\s+/g, ' ').trim()
/** Corpus-wide CER: summed distances over summed truth lengths (and the per-page mean beside it). */
function cerOf(texts, truths) {
  let d = 0
  let n = 0
  const per = []
  texts.forEach((t, i) => {
    const truth = norm(truths[i])
    const dist = levenshtein(norm(t), truth)
    d += dist
    n += truth.length
    per.push(dist / Math.max(1, truth.length))
  })
  return { cer: d / n, meanPageCer: per.reduce((a, b) => a + b, 0) / per.length, per }
}

// ---------------------------------------------------------------- pages
const toGrey = (rgba, n) => {
  const out = new Uint8Array(n)
  for (let i = 0; i < n; i++) out[i] = (rgba[4 * i] * 299 + rgba[4 * i + 1] * 587 + rgba[4 * i + 2] * 114) / 1000
  return out
}
const writePgm = (file, w, h, grey) => writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`), grey]))

async function corpusPages(corpus, limit, dir) {
  const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  const picked = labels.filter((l) => l.label === 'absent' && l.lang === 'fr' && l.truth).slice(0, limit)
  const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'))
  const { getDocument } = await import(join(pdfjsRoot, 'legacy', 'build', 'pdf.mjs'))
  const { createCanvas } = require('@napi-rs/canvas')
  const truths = []
  const names = []
  for (const [i, l] of picked.entries()) {
    const doc = await getDocument({
      data: new Uint8Array(readFileSync(join(corpus, l.file))),
      isEvalSupported: false,
      verbosity: 0,
      standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
      cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
      wasmUrl: join(pdfjsRoot, 'wasm') + '/',
    }).promise
    const page = await doc.getPage(l.page)
    const vp = page.getViewport({ scale: DPI / 72 })
    const w = Math.round(vp.width)
    const h = Math.round(vp.height)
    const canvas = createCanvas(w, h)
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, w, h)
    await page.render({ canvasContext: ctx, viewport: vp, canvas }).promise
    writePgm(join(dir, `${String(i).padStart(3, '0')}.pgm`), w, h, toGrey(ctx.getImageData(0, 0, w, h).data, w * h))
    truths.push(readFileSync(join(corpus, l.truth), 'utf8'))
    names.push(`${l.file} p${l.page} (${l.notes.replace(/^kind=\w+; /, '')})`)
    await doc.destroy()
  }
  return { truths, names }
}

function synthPages(limit, dir) {
  const { createCanvas, GlobalFonts } = require('@napi-rs/canvas')
  const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'))
  GlobalFonts.registerFromPath(join(pdfjsRoot, 'standard_fonts', 'LiberationSans-Regular.ttf'), 'Bench Sans')
  const words = (
    'le préfet de la région arrête article premier la présente décision est notifiée aux intéressés ' +
    "et publiée au recueil des actes administratifs de l'État dans le département fait à Lyon le délai de recours " +
    'contentieux court à compter de sa publication'
  ).split(' ')
  const truths = []
  const names = []
  let seed = 1
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  for (let p = 0; p < limit; p++) {
    const w = 2480
    const h = 3508 // A4 at 300 dpi
    const c = createCanvas(w, h)
    const g = c.getContext('2d')
    g.fillStyle = '#fff'
    g.fillRect(0, 0, w, h)
    g.fillStyle = '#000'
    g.font = '46px "Bench Sans"' // 11 pt at 300 dpi
    const lines = []
    for (let y = 300; y < h - 300; y += 70) {
      let line = ''
      while (g.measureText(line).width < 1900) line += (line ? ' ' : '') + words[Math.floor(rnd() * words.length)]
      lines.push(line)
      g.fillText(line, 250, y)
    }
    writePgm(join(dir, `${String(p).padStart(3, '0')}.pgm`), w, h, toGrey(g.getImageData(0, 0, w, h).data, w * h))
    truths.push(lines.join('\n'))
    names.push(`synthetic page ${p + 1}`)
  }
  return { truths, names }
}

// ---------------------------------------------------------------- main
const limit = Number(arg('pages', '10'))
const corpus = process.env.PDFTRIAGE_CORPUS ?? '/work/shared/corpus'
const source = arg('source', existsSync(join(corpus, 'labels.jsonl')) ? 'corpus' : 'synthetic')
const dir = mkdtempSync(join(tmpdir(), 'ocr-bench-'))
try {
  const t = performance.now()
  const { truths, names } = source === 'corpus' ? await corpusPages(corpus, limit, dir) : synthPages(limit, dir)
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.pgm'))
    .sort()
  console.log(`${files.length} ${source} pages at ${DPI} dpi, rendered in ${((performance.now() - t) / 1000).toFixed(1)} s`)

  const runJs = (workers, total = files.length) => {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', String(workers), dir, String(total)], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    })
    if (r.status !== 0) throw new Error(`child with ${workers} workers failed: ${r.stderr}`)
    return JSON.parse(r.stdout)
  }
  if (args.includes('--memory')) {
    const total = Number(arg('memory', '50'))
    const r = runJs(2, total)
    console.log(
      `tesseract.js 2 workers over ${total} pages (${files.length} distinct): peak RSS ${r.maxRssMb.toFixed(0)} MB, ${(r.seconds / total).toFixed(2)} s/page wall`,
    )
  } else compare(files, truths, names, runJs)
} finally {
  rmSync(dir, { recursive: true, force: true })
}

function compare(files, truths, names, runJs) {
  const one = runJs(1)
  const two = runJs(2)
  const c1 = cerOf(one.texts, truths)
  const c2 = cerOf(two.texts, truths)

  let native
  const hasNative = !args.includes('--no-native') && spawnSync('tesseract', ['--version']).status === 0
  if (hasNative) {
    const t0 = performance.now()
    const c0 = childCpuSeconds()
    const texts = files.map((f) =>
      execFileSync('tesseract', [join(dir, f), '-', '-l', 'fra', '--dpi', String(DPI), '--psm', '3'], {
        encoding: 'utf8',
        env: { ...process.env, OMP_THREAD_LIMIT: '1' }, // one core, as a single tesseract.js worker
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    )
    const version = execFileSync('tesseract', ['--version'], { encoding: 'utf8' }).split('\n')[0]
    native = { seconds: (performance.now() - t0) / 1000, cpuSeconds: childCpuSeconds() - c0, ...cerOf(texts, truths), version }
  }

  const n = files.length
  const f = (x, d = 3) => x.toFixed(d)
  console.log('\npage                                         js-1w CER' + (native ? '  native CER' : ''))
  names.forEach((name, i) => console.log(`${name.slice(0, 44).padEnd(45)}${f(c1.per[i]).padStart(9)}${native ? f(native.per[i]).padStart(12) : ''}`))
  console.log(
    `\ntesseract.js 1 worker : CER ${f(c1.cer, 4)} (mean of pages ${f(c1.meanPageCer, 4)}), ${f(one.seconds / n, 2)} s/page, peak RSS ${f(one.maxRssMb, 0)} MB`,
  )
  console.log(`tesseract.js 2 workers: CER ${f(c2.cer, 4)}, ${f(two.seconds / n, 2)} s/page wall, peak RSS ${f(two.maxRssMb, 0)} MB over ${n} pages`)
  console.log(
    `scaling 1 -> 2 workers: x${f(one.seconds / two.seconds, 2)} (2.00 is linear); CPU s/page ${f(one.cpuSeconds / n, 2)} (1 worker) vs ${f(two.cpuSeconds / n, 2)} (2 workers); load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  )
  if (native) {
    console.log(
      `native ${native.version} (OMP_THREAD_LIMIT=1): CER ${f(native.cer, 4)} (mean of pages ${f(native.meanPageCer, 4)}), ${f(native.seconds / n, 2)} s/page, CPU ${f(native.cpuSeconds / n, 2)} s/page`,
    )
    const cerTarget = native.cer * 1.25 + 0.005
    console.log(`target CER <= 1.25 x native + 0.005 = ${f(cerTarget, 4)}: ${c1.cer <= cerTarget ? 'met' : 'MISSED'}`)
    const ratio = one.seconds / native.seconds
    console.log(
      `target time <= 2.5 x native a page on one core: ${f(ratio, 2)}x wall, ${f(one.cpuSeconds / native.cpuSeconds, 2)}x CPU, ${ratio <= 2.5 ? 'met' : 'MISSED'}`,
    )
  } else if (args.includes('--no-native')) console.log('native tesseract skipped (--no-native)')
  else console.log('native tesseract not installed: no side-by-side (apt-get install tesseract-ocr tesseract-ocr-fra)')
}
