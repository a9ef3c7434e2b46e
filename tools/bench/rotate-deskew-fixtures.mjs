// The scans behind MEASUREMENTS.md's "Rotate pages and deskew": `node tools/bench/rotate-deskew-fixtures.mjs DIR`
// writes DIR/both.pdf, a French decree scanned at 200 dpi twice: page 1 fed sideways (a landscape sheet, the text
// turned 90 degrees clockwise), page 2 skewed 3 degrees clockwise. Needs the built fixtures (npm run build).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FRENCH_DECREE, buildPdf } from '@pdftriage/fixtures'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node tools/bench/rotate-deskew-fixtures.mjs DIR')
  process.exit(2)
}
const A4 = { width: 595.28, height: 841.89 }
// 200 dpi: between the fixtures' default 150 and an archive scan's 300, a page of about 160 KB
const DPI = 200
mkdirSync(dir, { recursive: true })
const pdf = await buildPdf([
  { width: A4.height, height: A4.width, scan: { text: FRENCH_DECREE, turn: 90, dpi: DPI } },
  { scan: { text: FRENCH_DECREE, skew: 3, dpi: DPI } },
])
writeFileSync(join(dir, 'both.pdf'), pdf)
console.log(`${join(dir, 'both.pdf')}: ${pdf.length} bytes`)
