#!/usr/bin/env node
// Needless OCR on born-digital documents nobody labelled: `pdftriage triage` (built-in configuration, the OCR engine
// for probes) over a seeded random sample of the PDFs under a folder, every page, and the pages it sends to OCR
// listed with their reason. Debian's TeX Live documentation (thousands of files from hundreds of authors and tools)
// is such a folder: apt-get install texlive-latex-extra-doc texlive-science-doc texlive-latex-recommended-doc
// texlive-lang-french. The pages listed are to be looked at: a symbol table or a picture is needless OCR, a font
// without a true map is not.
//
//   node tools/bench/doc-sweep.mjs [--dir /usr/share/doc/texlive-doc] [--count 400] [--seed 7] [--max-kb 0]
//                                  [--cli packages/cli/dist/src/bin.js] [--jobs 2] [--out pages.jsonl]
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { benchArgs, bin } from './bench-args.mjs'

const { opt } = benchArgs()
const dir = opt('dir', '/usr/share/doc/texlive-doc')
const count = Number(opt('count', '400'))
const maxKb = Number(opt('max-kb', '0'))
const cli = resolve(opt('cli', bin))
const out = opt('out')

/** Every PDF under `d`, sorted (the sample must not depend on the order the file system lists them in). */
function pdfs(d) {
  const found = []
  const walk = (p) => {
    for (const e of readdirSync(p, { withFileTypes: true })) {
      const f = join(p, e.name)
      if (e.isDirectory()) walk(f)
      else if (e.isFile() && /\.pdf$/i.test(e.name) && (!maxKb || statSync(f).size <= maxKb * 1024)) found.push(f)
    }
  }
  walk(d)
  return found.sort()
}

// mulberry32: a seeded shuffle, the same sample on every machine with the same files
const seed = opt('seed', '7')
let s = Number(seed) >>> 0
const rnd = () => {
  s = (s + 0x6d2b79f5) >>> 0
  let t = s
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const all = pdfs(dir)
if (!all.length) {
  console.log(`no PDF under ${dir}: nothing measured`)
  process.exit(0)
}
for (let i = all.length - 1; i > 0; i--) {
  const j = Math.floor(rnd() * (i + 1))
  ;[all[i], all[j]] = [all[j], all[i]]
}
const files = all.slice(0, count)
const t0 = performance.now()
const r = spawnSync(process.execPath, [cli, 'triage', '--jobs', opt('jobs', '2'), ...files], { maxBuffer: 1 << 30, encoding: 'utf8' })
const seconds = (performance.now() - t0) / 1000
const recs = r.stdout
  .trim()
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
const pages = recs.filter((x) => x.type === 'page')
const errors = recs.filter((x) => x.type === 'error')
const byLayer = {}
for (const p of pages) byLayer[`${p.layer}${p.needsOcr ? ' (to OCR)' : ''}`] = (byLayer[`${p.layer}${p.needsOcr ? ' (to OCR)' : ''}`] ?? 0) + 1
const toOcr = pages.filter((p) => p.needsOcr)
console.log(`${files.length} files of ${all.length} under ${dir} (seed ${seed}), ${pages.length} pages, ${errors.length} errors, ${seconds.toFixed(0)} s`)
console.log(
  Object.entries(byLayer)
    .map(([k, v]) => `${k} ${v}`)
    .join(', '),
)
console.log(`pages sent to OCR: ${toOcr.length} in ${new Set(toOcr.map((p) => p.file)).size} files`)
for (const p of toOcr) console.log(`  ${p.file.slice(dir.length + 1)} p${p.page} ${p.layer}: ${p.notes.at(-1)}`)
for (const e of errors) console.log(`  error ${e.file}: ${e.error?.message ?? JSON.stringify(e).slice(0, 200)}`)
if (out) writeFileSync(out, pages.map((p) => JSON.stringify(p)).join('\n') + '\n')
