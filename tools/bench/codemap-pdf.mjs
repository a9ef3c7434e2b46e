// Measures the searchable PDFs of `pdftriage run --pdf` on repaired pages: the text pdf.js (extract-pdfjs),
// pdftotext and `mutool draw -F txt` read from the output against the repaired text of pages.jsonl (CER, whitespace
// collapsed), whether the page renders byte-identically (pdftoppm, 72 dpi, grey), whether it got an invisible layer
// (a GlyphLess font on the page), and the size ratio.
//   node tools/bench/codemap-pdf.mjs OUT_DIR [--source] [--actions repaired,ocr]
// --actions: the page actions measured (default `repaired`); an OCRed page is measured against its OCR text.
// With --source (run from ../shared/corpus): also each extractor's CER against the same extractor's text of the
// unbroken source page (labels.jsonl's `source`, texlive-doc pages under /usr/share/doc/texlive-doc, cut with qpdf),
// for the repaired text (pdf.js) and for the output: `src*` columns; and how far pdftotext's and mutool's reading of
// the unbroken source is from pdf.js's (`base*`): how much the readers differ on a file with nothing broken, which
// the columns against the repaired text (pdf.js's order and spacing) carry whatever the repair does.
// A last line gives each column's mean.
// Needs poppler-utils and mupdf-tools for their columns (skipped when missing). Debian 12's mutool is MuPDF 1.21,
// which reads no /ActualText; MUPDF_JS=DIR (a folder where `npm i mupdf` was run, outside this repository: MuPDF.js
// is AGPL) adds a `mupdfjs` column read by that MuPDF (1.27 and later honour /ActualText).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import extract from '@pdftriage/extract-pdfjs'
import { cer } from './codemap-lib.mjs'

const dir = process.argv[2]
const withSource = process.argv.includes('--source')
const actionsAt = process.argv.indexOf('--actions')
const actions = actionsAt > 0 ? process.argv[actionsAt + 1].split(',') : ['repaired']
if (!dir) {
  console.log('usage: codemap-pdf.mjs OUT_DIR [--source] [--actions repaired,ocr]')
  process.exit(2)
}
const has = (cmd) => {
  try {
    execFileSync('which', [cmd], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const [hasPoppler, hasMupdf] = [has('pdftotext'), has('mutool')]
const mupdfJs = process.env.MUPDF_JS ? await import(join(resolve(process.env.MUPDF_JS), 'node_modules', 'mupdf', 'dist', 'mupdf.js')) : undefined
const mupdfJsText = (file, n) =>
  mupdfJs.Document.openDocument(readFileSync(file), 'application/pdf')
    .loadPage(n - 1)
    .toStructuredText('preserve-whitespace')
    .asText()
const rows = readFileSync(join(dir, 'pages.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
const csv = readFileSync(join(dir, 'documents.csv'), 'utf8').trim().split('\n')
const head = csv[0].split(',')
const docs = csv.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [head[i], v])))
const ex = await extract.create(extract.optionsSchema.parse({}), { baseDir: '.' })
const labels =
  withSource && existsSync('labels.jsonl')
    ? readFileSync('labels.jsonl', 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
    : []
const tmp = mkdtempSync(join(tmpdir(), 'codemap-pdf-'))
const pdfjsText = async (file, n) => {
  const doc = await ex.open(new Uint8Array(readFileSync(file)))
  try {
    const p = await doc.getPageText(n)
    return { text: p.text, layered: Object.values(p.fonts ?? {}).some((f) => /GlyphLess/.test(f.name ?? '')) }
  } finally {
    await doc.close()
  }
}
/** A reader's output; a reader that fails on a page (mutool exits 1 on some damaged real files) reads nothing there. */
const tolerant = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] }).toString()
  } catch (e) {
    return e.stdout?.toString() ?? ''
  }
}
const popplerText = (file, n) => tolerant('pdftotext', ['-f', String(n), '-l', String(n), file, '-'])
const mupdfText = (file, n) => tolerant('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', file, String(n)])
/** The unbroken source page of a corpus page, cut into its own file; `undefined` when not found. */
const sourcePage = (file, page) => {
  const l = labels.find((x) => x.file === file && x.page === page)
  const m = l && /^texlive-doc:(.*) p\.(\d+)$/.exec(l.source ?? '')
  // epslatex-fr's pages are broken in the source itself (Type 3 bitmap fonts, labelled by OCR): no truth there
  const src = m && !m[1].includes('epslatex') && `/usr/share/doc/texlive-doc/${m[1]}`
  if (!src || !existsSync(src)) return undefined
  const one = join(tmp, `${file.replace(/\W/g, '_')}-${page}.pdf`)
  execFileSync('qpdf', ['--empty', '--pages', src, m[2], '--', one])
  return one
}
const measured = []
for (const d of docs) {
  if (!d.pdf) continue
  const out = resolve(dir, d.pdf)
  const input = resolve(d.path)
  for (const r of rows.filter((x) => x.hash === d.hash && actions.includes(x.action))) {
    const n = r.page
    const { text: pdfjs, layered } = await pdfjsText(out, n)
    const res = { file: d.path, page: n, action: r.action, repair: r.repair, layered, pdfjs: +cer(pdfjs, r.text).toFixed(4) }
    // each reader reads the output page once
    const poppler = hasPoppler ? popplerText(out, n) : undefined
    const mupdf = hasMupdf ? mupdfText(out, n) : undefined
    const src = withSource ? sourcePage(d.path, n) : undefined
    if (src) {
      const s = (await pdfjsText(src, 1)).text
      res.srcRepaired = +cer(r.text, s).toFixed(4)
      res.srcPdfjs = +cer(pdfjs, s).toFixed(4)
      if (poppler !== undefined) {
        const popplerSrc = popplerText(src, 1)
        res.srcPdftotext = +cer(poppler, popplerSrc).toFixed(4)
        res.basePdftotext = +cer(popplerSrc, s).toFixed(4)
      }
      if (mupdf !== undefined) {
        const mupdfSrc = mupdfText(src, 1)
        res.srcMutool = +cer(mupdf, mupdfSrc).toFixed(4)
        res.baseMutool = +cer(mupdfSrc, s).toFixed(4)
      }
    }
    if (poppler !== undefined) {
      res.pdftotext = +cer(poppler, r.text).toFixed(4)
      const png = (f) => execFileSync('pdftoppm', ['-f', String(n), '-l', String(n), '-r', '72', '-gray', f], { maxBuffer: 1 << 30 }).toString('base64')
      res.renderIdentical = png(input) === png(out)
    }
    if (mupdf !== undefined) res.mutool = +cer(mupdf, r.text).toFixed(4)
    if (mupdfJs) res.mupdfjs = +cer(mupdfJsText(out, n), r.text).toFixed(4)
    res.sizeRatio = +(statSync(out).size / statSync(input).size).toFixed(4)
    console.log(JSON.stringify(res))
    measured.push(res)
  }
}
const means = {}
for (const k of Object.keys(measured[0] ?? {})) {
  const v = measured.map((r) => r[k]).filter((x) => typeof x === 'number')
  if (v.length > 0 && k !== 'page') means[k] = +(v.reduce((a, b) => a + b, 0) / v.length).toFixed(4)
}
console.log(JSON.stringify({ pages: measured.length, means }))
rmSync(tmp, { recursive: true, force: true })
