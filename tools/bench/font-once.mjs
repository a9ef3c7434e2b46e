#!/usr/bin/env node
// Fonts put to the page image once per document (judge-gates): a generated 6-page PDF with prose in Times on every
// page and one Courier font object with a false map shared by all of them (carrying pages 1 and 4, three lines of
// the others, too few for its characters to be judged alone; with --small, three lines of every page), triaged; prints
// each page's verdict, its regions, and the gates' looks its notes record. Needs the build (`npm run build`) and the
// OCR languages installed.
//
//   node tools/bench/font-once.mjs [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--small]
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ENGLISH_PROSE, buildPdf } from '@pdftriage/fixtures'

const at = process.argv.indexOf('--bin')
const bin = at > 0 ? process.argv[at + 1] : fileURLToPath(new URL('../../packages/cli/bin/pdftriage.js', import.meta.url))
const small = process.argv.includes('--small')
const prose = ENGLISH_PROSE.split('\n')[0]
const pages = [1, 2, 3, 4, 5, 6].map((n) => ({
  blocks: [
    { text: prose, font: 'Times-Roman' },
    { text: !small && (n === 1 || n === 4) ? `${prose} ${prose}` : prose.slice(0, 200), font: 'Courier', layer: 'garbled', shareFont: 'junk' },
  ],
}))
const dir = mkdtempSync(join(tmpdir(), 'font-once-'))
try {
  const file = join(dir, 'shared-font.pdf')
  writeFileSync(file, await buildPdf(pages))
  const out = execFileSync(process.execPath, [bin, 'triage', '--jobs', '1', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  let looks = 0
  for (const line of out.split('\n').filter(Boolean)) {
    const r = JSON.parse(line)
    if (r.type !== 'page') continue
    const n = r.notes.filter((x) => x.startsWith('gates:')).reduce((a, x) => a + (x.match(/OCR at \d+ dpi/g) ?? []).length, 0)
    looks += n
    console.log(`page ${r.page}: ${r.layer}, ${r.action}${r.regions ? `, regions ${JSON.stringify(r.regions)}` : ''}, ${n} gates looks`)
  }
  console.log(`gates looks: ${looks}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
