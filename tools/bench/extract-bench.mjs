#!/usr/bin/env node
// Times @pdftriage/extract-pdfjs (text + fonts + image coverage) against pdftotext, and reports peak memory.
//
//   node tools/bench/extract-bench.mjs [--pages 300] [--long 1280] [--corpus /work/shared/corpus/pdf] [--no-corpus]
//
// Each measurement runs in its own child process so that its peak RSS (process.resourceUsage().maxRSS) is its own.
// Needs `npm run build` (or `npx tsc -b packages/extract-pdfjs tools/fixtures`) first.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const self = fileURLToPath(import.meta.url)
const args = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : dflt
}

/** Child: extract every page of the files given with the given options, print one JSON line. */
async function child() {
  const { default: factory } = await import('@pdftriage/extract-pdfjs')
  const options = JSON.parse(opt('options', '{}'))
  const files = JSON.parse(opt('files', '[]'))
  const extractor = await factory.create(factory.optionsSchema.parse(options), { baseDir: process.cwd() })
  let pages = 0
  let chars = 0
  let failed = 0
  const t0 = performance.now()
  for (const f of files) {
    try {
      const doc = await extractor.open(new Uint8Array(readFileSync(f)), { file: f })
      try {
        for (let n = 1; n <= doc.pageCount; n++) {
          const p = await doc.getPageText(n)
          chars += p.text.length
          pages++
        }
      } finally {
        await doc.close()
      }
    } catch {
      failed++
    }
  }
  const ms = performance.now() - t0
  process.stdout.write(JSON.stringify({ pages, chars, failed, ms, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }) + '\n')
}

function runChild(files, options) {
  const r = spawnSync(process.execPath, [self, '--child', '--files', JSON.stringify(files), '--options', JSON.stringify(options)], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout.trim().split('\n').pop())
}

function pdftotext(files) {
  if (spawnSync('pdftotext', ['-v']).error) return undefined
  const t0 = performance.now()
  for (const f of files) spawnSync('pdftotext', ['-q', f, '-'], { maxBuffer: 1 << 26 })
  return performance.now() - t0
}

const pagesPerS = (pages, ms) => (pages / ms) * 1000

function report(label, files, { withTextOnly = true } = {}) {
  const full = runChild(files, {})
  const rows = [['text + fonts + coverage', full]]
  if (withTextOnly) {
    rows.push(['details on short pages only (detailsBelowChars: 200)', runChild(files, { detailsBelowChars: 200 })])
    rows.push(['text only (fonts: false, imageCoverage: false)', runChild(files, { fonts: false, imageCoverage: false })])
  }
  const pt = pdftotext(files)
  console.log(`\n${label}: ${files.length} file(s), ${full.pages} pages${full.failed ? `, ${full.failed} unreadable` : ''}`)
  for (const [name, r] of rows) {
    const ratio = pt === undefined ? '' : `, ${(pt / r.ms).toFixed(2)}x pdftotext's speed`
    console.log(`  pdfjs ${name}: ${r.ms.toFixed(0)} ms, ${pagesPerS(r.pages, r.ms).toFixed(1)} pages/s${ratio}, peak RSS ${r.maxRssMb} MB`)
  }
  if (pt !== undefined) console.log(`  pdftotext: ${pt.toFixed(0)} ms, ${pagesPerS(full.pages, pt).toFixed(1)} pages/s (one process per file)`)
}

async function main() {
  const { longPdf } = await import('@pdftriage/fixtures')
  const dir = mkdtempSync(join(tmpdir(), 'extract-bench-'))
  try {
    const n = Number(opt('pages', '300'))
    const long = join(dir, `long-${n}.pdf`)
    writeFileSync(long, await longPdf(n))
    report(`longPdf(${n})`, [long])
    const big = Number(opt('long', '1280'))
    if (big > 0) {
      const file = join(dir, `long-${big}.pdf`)
      writeFileSync(file, await longPdf(big))
      report(`longPdf(${big}) (memory: target < 400 MB peak)`, [file], { withTextOnly: false })
    }
    const corpus = opt('corpus', '/work/shared/corpus/pdf')
    if (!args.includes('--no-corpus') && existsSync(corpus)) {
      const files = readdirSync(corpus)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => join(corpus, f))
      report(`corpus ${corpus}`, files)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (args.includes('--child')) await child()
else await main()
