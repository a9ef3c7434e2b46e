// `pdftriage ocr` against `ocrmypdf` on the same files: `node tools/bench/ocr-vs-ocrmypdf.mjs [--lang fra+eng]`.
// Files: the five mixed documents of ../shared/corpus (born-digital, scanned and garbled pages together) and eight of
// its scanned single pages, when the corpus is there, and two generated files (a noisy scan, a mixed document).
// Per tool: wall time, output size against the input, and an order-insensitive word F1 of the sidecar text per page
// against the truth: the corpus's truth text for scanned pages, the input's own text (pdftotext) for healthy pages;
// garbled pages have no truth here and are left out of F1 (their count is printed). ocrmypdf runs with --skip-text
// (without it, it refuses files that have text) and with --force-ocr. Needs ocrmypdf and pdftotext (Debian).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchArgs, bin, root } from './bench-args.mjs'
import { f1 } from './word-score.mjs'

const { opt } = benchArgs()
const lang = opt('lang', 'fra+eng')
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
if (!has('ocrmypdf') || !has('pdftotext')) {
  console.log('ocr-vs-ocrmypdf: needs ocrmypdf and pdftotext (apt-get install ocrmypdf poppler-utils): skipped')
  process.exit(0)
}
const work = mkdtempSync(join(tmpdir(), 'pdftriage-vs-ocrmypdf-'))
const corpus = join(root, '..', 'shared', 'corpus')
const files = [] // { name, path, pages: [{ n, label, truth? }] }
if (existsSync(join(corpus, 'labels.jsonl'))) {
  const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
  const byFile = new Map()
  for (const l of labels) {
    if (!byFile.has(l.file)) byFile.set(l.file, [])
    byFile.get(l.file).push(l)
  }
  const mixed = [...byFile].filter(([, ls]) => ls.some((l) => l.document === 'mixed'))
  const scans = [...byFile].filter(([, ls]) => ls.length === 1 && ls[0].label === 'absent' && ls[0].truth).slice(0, 8)
  for (const [file, ls] of [...mixed, ...scans]) {
    files.push({
      name: file,
      path: join(corpus, file),
      pages: ls.map((l) => ({ n: l.page, label: l.label, truth: l.truth ? readFileSync(join(corpus, l.truth), 'utf8') : undefined })),
    })
  }
}
const fx = await import(join(root, 'tools', 'fixtures', 'dist', 'src', 'index.js'))
writeFileSync(join(work, 'gen-scan.pdf'), await fx.scannedPdf(fx.FRENCH_DECREE, 300, 0.05))
files.push({ name: 'generated scan', path: join(work, 'gen-scan.pdf'), pages: [{ n: 1, label: 'absent', truth: fx.FRENCH_DECREE }] })
writeFileSync(
  join(work, 'gen-mixed.pdf'),
  await fx.buildPdf([
    { blocks: [{ text: fx.FRENCH_PROSE }] },
    { scan: { text: fx.FRENCH_DECREE, dpi: 300 } },
    { blocks: [{ text: fx.ENGLISH_PROSE, layer: 'reflected' }] },
  ]),
)
files.push({
  name: 'generated mixed',
  path: join(work, 'gen-mixed.pdf'),
  pages: [
    { n: 1, label: 'healthy' },
    { n: 2, label: 'absent', truth: fx.FRENCH_DECREE },
    { n: 3, label: 'reflected', truth: fx.ENGLISH_PROSE },
  ],
})

const pdftotext = (path, n) => spawnSync('pdftotext', ['-f', String(n), '-l', String(n), path, '-'], { encoding: 'utf8' }).stdout

const tools = {
  pdftriage: (i, o, s) => [process.execPath, [bin, 'ocr', '-q', '-l', lang, i, o, '--sidecar', s]],
  'ocrmypdf --skip-text': (i, o, s) => ['ocrmypdf', ['-q', '-l', lang, '--skip-text', '--sidecar', s, '--output-type', 'pdf', i, o]],
  'ocrmypdf --force-ocr': (i, o, s) => ['ocrmypdf', ['-q', '-l', lang, '--force-ocr', '--sidecar', s, '--output-type', 'pdf', i, o]],
}
const totals = {}
for (const f of files) {
  const row = [f.name.padEnd(18)]
  for (const [tool, cmd] of Object.entries(tools)) {
    const o = join(work, 'out.pdf')
    const s = join(work, 'out.txt')
    rmSync(o, { force: true })
    rmSync(s, { force: true })
    const [c, args] = cmd(f.path, o, s)
    const t = performance.now()
    const r = spawnSync(c, args, { encoding: 'utf8' })
    const secs = (performance.now() - t) / 1000
    const tt = (totals[tool] ??= { secs: 0, f1: 0, n: 0, bytesIn: 0, bytesOut: 0, failed: 0 })
    tt.secs += secs
    if (r.status !== 0 || !existsSync(o)) {
      tt.failed++
      row.push(`${tool}: exit ${r.status} ${(r.stderr || '').trim().split('\n').pop()}`)
      continue
    }
    const side = readFileSync(s, 'utf8').split('\f')
    const scores = []
    for (const p of f.pages) {
      const truth = p.truth ?? (p.label === 'healthy' ? pdftotext(f.path, p.n) : undefined)
      if (truth === undefined) continue
      scores.push(f1(side[p.n - 1] ?? '', truth))
    }
    const mean = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length)
    tt.f1 += scores.reduce((a, b) => a + b, 0)
    tt.n += scores.length
    tt.bytesIn += statSync(f.path).size
    tt.bytesOut += statSync(o).size
    row.push(`${tool}: ${secs.toFixed(1)} s, F1 ${mean.toFixed(3)} (${scores.length} p), size x${(statSync(o).size / statSync(f.path).size).toFixed(2)}`)
  }
  console.log(row.join(' | '))
}
console.log(
  `\n${files.length} files, ${files.reduce((a, f) => a + f.pages.length, 0)} pages (${files.reduce((a, f) => a + f.pages.filter((p) => p.label === 'garbled').length, 0)} garbled, not scored)`,
)
for (const [tool, t] of Object.entries(totals)) {
  console.log(
    `${tool.padEnd(22)} ${t.secs.toFixed(1)} s in all, mean page F1 ${(t.f1 / Math.max(1, t.n)).toFixed(3)} over ${t.n} pages, output/input size ${(t.bytesOut / Math.max(1, t.bytesIn)).toFixed(2)}, failed ${t.failed}`,
  )
}
rmSync(work, { recursive: true, force: true })
