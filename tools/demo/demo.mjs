// `npm run demo`: generates sample PDFs (healthy, scanned, sparse, garbled, reflected, shifted, blank, broken),
// triages them, then runs the whole pipeline (repair, OCR, rebuilt text) into demo-out/run.
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
console.log('Exit code 1 above is expected: not-a-pdf.pdf and encrypted.pdf are reported as failed and the rest is done.')
