// Measures the searchable PDFs of `pdftriage run --pdf` on repaired pages: the text pdf.js (extract-pdfjs),
// pdftotext and `mutool draw -F txt` read from the output against the repaired text of pages.jsonl (CER, whitespace
// collapsed), whether the page renders byte-identically (pdftoppm, 72 dpi, grey), and the size ratio.
//   node tools/bench/codemap-pdf.mjs OUT_DIR
// Needs poppler-utils and mupdf-tools for their columns (skipped when missing).
import { execFileSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import extract from '@pdftriage/extract-pdfjs'
import { cer } from './codemap-lib.mjs'

const dir = process.argv[2]
if (!dir) {
  console.log('usage: codemap-pdf.mjs OUT_DIR')
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
const rows = readFileSync(join(dir, 'pages.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
const csv = readFileSync(join(dir, 'documents.csv'), 'utf8').trim().split('\n')
const head = csv[0].split(',')
const docs = csv.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [head[i], v])))
const ex = await extract.create(extract.optionsSchema.parse({}), { baseDir: '.' })
for (const d of docs) {
  if (!d.pdf) continue
  const out = resolve(dir, d.pdf)
  const input = resolve(d.path)
  for (const r of rows.filter((x) => x.hash === d.hash && x.action === 'repaired')) {
    const n = r.page
    const doc = await ex.open(new Uint8Array(readFileSync(out)))
    const pdfjs = (await doc.getPageText(n)).text
    await doc.close()
    const res = { file: d.path, page: n, repair: r.repair, pdfjs: +cer(pdfjs, r.text).toFixed(4) }
    if (hasPoppler) {
      res.pdftotext = +cer(execFileSync('pdftotext', ['-f', String(n), '-l', String(n), out, '-']).toString(), r.text).toFixed(4)
      const png = (f) => execFileSync('pdftoppm', ['-f', String(n), '-l', String(n), '-r', '72', '-gray', f]).toString('base64')
      res.renderIdentical = png(input) === png(out)
    }
    if (hasMupdf)
      res.mutool = +cer(
        execFileSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', out, String(n)], { stdio: ['ignore', 'pipe', 'ignore'] }).toString(),
        r.text,
      ).toFixed(4)
    res.sizeRatio = +(statSync(out).size / statSync(input).size).toFixed(4)
    console.log(JSON.stringify(res))
  }
}
