// Measures @pdftriage/write-pdf: size ratio, pixel difference of renders, and the CER of the text that pdf.js and
// pdftotext (when installed) extract from the output against the text that was written.
//   node tools/bench/pdf-bench.mjs            synthetic: fixture scans with exact word boxes
//   node tools/bench/pdf-bench.mjs --real 3   also: 3 French scanned corpus pages OCRed with @pdftriage/ocr-tesseract
// Needs packages/write-pdf built (npx tsc -b packages/write-pdf). Timings are wall-clock on a shared machine.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FRENCH_DECREE, FRENCH_PROSE, scannedPdf } from '@pdftriage/fixtures'
import { writeSearchablePdf } from '../../packages/write-pdf/dist/src/index.js'
import { scanWordBoxes } from '../../packages/write-pdf/dist/test/scan-layout.js'
import { extract, pixelDiff, render } from '../../packages/write-pdf/dist/test/pdfjs.js'

const norm = (s) => s.normalize('NFC').replace(/\s+/g, ' ').trim()
function cer(hyp, ref) {
  const a = [...norm(hyp)],
    b = [...norm(ref)]
  if (!b.length) return a.length ? 1 : 0
  let prev = new Uint32Array(b.length + 1).map((_, j) => j)
  let cur = new Uint32Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length] / b.length
}
const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
const dir = mkdtempSync(join(tmpdir(), 'pdf-bench-'))
function pdftotext(bytes) {
  if (!hasPoppler) return undefined
  const f = join(dir, 'o.pdf')
  writeFileSync(f, bytes)
  return execFileSync('pdftotext', ['-enc', 'UTF-8', f, '-'], { encoding: 'utf8' })
}

async function measure(label, input, page, truth) {
  const t0 = performance.now()
  const out = await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page }])
  const ms = performance.now() - t0
  const [a] = await render(input, 100)
  const [b] = await render(out, 100)
  const d = pixelDiff(a.grey, b.grey)
  const [ex] = await extract(out)
  const pop = pdftotext(out)
  const row = {
    page: label,
    inBytes: input.length,
    outBytes: out.length,
    ratio: +(out.length / input.length).toFixed(4),
    grewBytes: out.length - input.length,
    writeMs: Math.round(ms),
    pixelMeanDiff: d.mean,
    pixelShareDiff: d.share,
    cerPdfjsVsLayer: +cer(ex.text, page.text).toFixed(4),
    cerPdftotextVsLayer: pop === undefined ? 'n/a' : +cer(pop, page.text).toFixed(4),
  }
  if (truth !== undefined) {
    row.cerLayerVsTruth = +cer(page.text, truth).toFixed(4)
    row.cerPdfjsVsTruth = +cer(ex.text, truth).toFixed(4)
  }
  console.log(JSON.stringify(row))
}

for (const [label, text, dpi, noise] of [
  ['decree-150dpi', FRENCH_DECREE, 150, 0],
  ['prose-300dpi-noise', FRENCH_PROSE, 300, 20],
]) {
  await measure(label, await scannedPdf(text, dpi, noise), await scanWordBoxes(text), text)
}

const realIdx = process.argv.indexOf('--real')
if (realIdx > 0) {
  const n = Number(process.argv[realIdx + 1] ?? 3)
  const corpus = '/work/shared/corpus'
  const rows = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.label === 'absent' && r.lang === 'fr' && r.truth && r.page === 1)
    .slice(0, n)
  const { createTesseractEngine } = await import('../../packages/ocr-tesseract/dist/src/index.js')
  const { PDFDocument } = await import('pdf-lib')
  const engine = createTesseractEngine({ languages: ['fra'], workers: 1 })
  try {
    for (const r of rows) {
      const file = join(corpus, r.file)
      if (!existsSync(file)) continue
      const full = new Uint8Array(readFileSync(file))
      const src = await PDFDocument.load(full, { updateMetadata: false })
      if (src.getPageCount() !== 1) continue
      const [img] = await render(full, 300)
      const page = await engine.recognize({ pageNumber: 1, width: img.width, height: img.height, dpi: 300, data: img.grey })
      await measure(r.file, full, page, readFileSync(join(corpus, r.truth), 'utf8'))
    }
  } finally {
    await engine.close()
  }
}
rmSync(dir, { recursive: true, force: true })
