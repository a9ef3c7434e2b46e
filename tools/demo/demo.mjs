// `npm run demo`: generates sample PDFs (healthy, scanned, sparse, garbled, reflected, shifted, blank, broken),
// triages them, then runs the whole pipeline (repair, OCR, rebuilt text) into demo-out/run, and shows the page whose
// font has a false character map read back by the built-in repairs without OCR.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as fx from '../fixtures/dist/src/index.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const out = join(root, 'demo-out')
const samples = join(out, 'samples')
rmSync(out, { recursive: true, force: true })
mkdirSync(samples, { recursive: true })
const files = {
  'arrete-healthy.pdf': await fx.healthyPdf('fr'),
  'minutes-english.pdf': await fx.healthyPdf('en'),
  'arrete-scanned.pdf': await fx.scannedPdf(fx.FRENCH_DECREE, 200),
  'scan-with-folio.pdf': await fx.sparsePdf(),
  'false-charmap.pdf': await fx.garbledPdf(),
  'reflected-font.pdf': await fx.reflectedPdf(),
  'shifted-font.pdf': await fx.shiftedPdf(),
  'budget-table.pdf': await fx.numericPdf(),
  'blank.pdf': await fx.blankPdf(),
  'not-a-pdf.pdf': fx.notPdf(),
  'encrypted.pdf': fx.encryptedPdf(),
}
for (const [name, bytes] of Object.entries(files)) writeFileSync(join(samples, name), bytes)
const bin = join(root, 'packages', 'cli', 'dist', 'src', 'bin.js')
const run = (args) => {
  console.log(`\n$ pdftriage ${args.join(' ')}`)
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: out, stdio: 'inherit' })
  return r.status
}
console.log(`samples written to ${samples}`)
run(['triage', '--format', 'table', 'samples'])
run(['run', '--out', 'run', 'samples'])
const csv = readFileSync(join(out, 'run', 'documents.csv'), 'utf8')
console.log(`\ndemo-out/run/documents.csv:\n${csv}`)
// The built-in configuration reads the false character map without OCR: the code-map repair (glyph names, or one OCR
// region per font when the file names nothing) gives the text the page shows.
const rows = readFileSync(join(out, 'run', 'pages.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
for (const r of rows.filter((x) => /false-charmap\.pdf$/.test(x.file))) {
  const how = r.action === 'repaired' ? `repaired by ${r.repair}, not OCRed` : r.action
  console.log(`\nfalse-charmap.pdf p${r.page}: ${how}; its text begins "${r.text.replace(/\s+/g, ' ').trim().slice(0, 90)}..."`)
  for (const n of r.notes.filter((x) => /^(codemap|looks):/.test(x))) console.log(`  ${n}`)
}
console.log('Exit code 1 above is expected: not-a-pdf.pdf and encrypted.pdf are reported as failed and the rest is done.')
