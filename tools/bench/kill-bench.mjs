#!/usr/bin/env node
// Kills `pdftriage run` with SIGKILL at random moments and checks what each kill leaves: documents committed, rows
// done twice (documents.csv paths, pages.jsonl pages), temporary files and the lock (removed by the next start),
// document processes still alive after their parent died, language folders added to the system temp folder. Then
// runs to the end and checks that every document is in the index once.
//
//   node tools/bench/kill-bench.mjs [--kills 20] [--docs 100] [--scans 30] [--jobs 2] [--max-delay 20] [--seed 7] [--keep DIR]
//
// The inputs are generated: born-digital documents of 1-12 pages and single-page scans that need OCR, every third.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchArgs, bin, root } from './bench-args.mjs'

const { opt } = benchArgs()
const kills = Number(opt('kills', '20'))
const docs = Number(opt('docs', '100'))
const scans = Number(opt('scans', '30'))
const jobs = opt('jobs', '2')
const maxDelay = Number(opt('max-delay', '20'))
const seed = Number(opt('seed', '7'))
const keep = opt('keep', undefined)
const fx = await import(join(root, 'tools', 'fixtures', 'dist', 'src', 'index.js'))
const { seededRandom } = await import(join(root, 'packages', 'core', 'dist', 'src', 'index.js'))
const { parseCsv } = await import(join(root, 'packages', 'batch', 'dist', 'src', 'index.js'))
const rnd = seededRandom(seed)

const dir = keep ?? mkdtempSync(join(tmpdir(), 'kill-bench-'))
const inDir = join(dir, 'in')
const out = join(dir, 'out')
if (!existsSync(inDir)) {
  mkdirSync(inDir, { recursive: true })
  const words = fx.FRENCH_DECREE.split(/\s+/)
  for (let i = 0; i < docs; i++) {
    const name = join(inDir, `doc${String(i).padStart(3, '0')}.pdf`)
    // scans spread through the inputs (every third while they last), as in a real folder
    if (i % 3 === 0 && i / 3 < scans) {
      // a different paragraph per scan, so that no two are duplicates
      const text = `Pièce ${i}. ${words.slice(i % 20, (i % 20) + 60).join(' ')}`
      writeFileSync(name, await fx.scannedPdf(text, 150))
    } else {
      const long = await fx.longPdf(1 + (i % 12))
      writeFileSync(name, Buffer.concat([Buffer.from(long), Buffer.from(`\n%${i}\n`)]))
    }
  }
}
rmSync(out, { recursive: true, force: true })

const tessBefore = new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('pdftriage-tessdata-')))
const workers = () =>
  spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((l) => l.includes(join('batch', 'dist', 'src', 'worker.js')) && l.includes(root))
const temps = () => [out, join(out, 'documents')].flatMap((d) => (existsSync(d) ? readdirSync(d).filter((f) => /\.tmp-\d+-[0-9a-f]{8}$/.test(f)) : []))
function index() {
  const docsCsv = join(out, 'documents.csv')
  const rows = existsSync(docsCsv) ? parseCsv(readFileSync(docsCsv, 'utf8')).slice(1) : []
  const paths = rows.map((r) => r[0])
  const pagesFile = join(out, 'pages.jsonl')
  const pages = existsSync(pagesFile)
    ? readFileSync(pagesFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : []
  const pageKeys = pages.map((p) => `${p.file}#${p.page}`)
  return { rows: rows.length, dupRows: paths.length - new Set(paths).size, pages: pages.length, dupPages: pageKeys.length - new Set(pageKeys).size }
}
const run = (delayMs) =>
  new Promise((resolve) => {
    const t0 = Date.now()
    const c = spawn(process.execPath, [bin, 'run', '--jobs', jobs, '--out', out, inDir], { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    c.stderr.on('data', (d) => (err += d))
    const timer = delayMs === undefined ? undefined : setTimeout(() => c.kill('SIGKILL'), delayMs)
    c.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, seconds: (Date.now() - t0) / 1000, err })
    })
  })

console.log(`inputs: ${docs} documents (${scans} scans to OCR) in ${inDir}; jobs ${jobs}; kills at 1-${maxDelay} s`)
console.log('kill | at (s) | outcome | committed | new | temp files left | lock left | orphans after 5 s | dup rows | dup pages')
let before = 0
const t0 = Date.now()
for (let k = 1; k <= kills; k++) {
  const delay = Math.round(1000 + rnd() * (maxDelay - 1) * 1000)
  const r = await run(delay)
  // the document processes notice their parent's death by the IPC channel closing
  let orphans = workers().length
  for (let i = 0; i < 50 && orphans; i++) {
    await new Promise((res) => setTimeout(res, 100))
    orphans = workers().length
  }
  const ix = index()
  console.log(
    `${k} | ${(delay / 1000).toFixed(1)} | ${r.signal ?? `exit ${r.code}`} | ${ix.rows} | ${ix.rows - before} | ${temps().length} | ${existsSync(join(out, '.pdftriage.lock'))} | ${orphans} | ${ix.dupRows} | ${ix.dupPages}`,
  )
  before = ix.rows
  if (r.signal === null) break
}
const last = await run(undefined)
const ix = index()
const tessAfter = readdirSync(tmpdir()).filter((f) => f.startsWith('pdftriage-tessdata-') && !tessBefore.has(f))
console.log(`final run: exit ${last.code} in ${last.seconds.toFixed(1)} s; total ${((Date.now() - t0) / 1000).toFixed(0)} s`)
console.log(`index: ${ix.rows} documents (of ${docs}), ${ix.dupRows} duplicate rows, ${ix.pages} pages, ${ix.dupPages} duplicate pages`)
console.log(
  `left: ${temps().length} temporary files, lock ${existsSync(join(out, '.pdftriage.lock'))}, ${workers().length} document processes, ${tessAfter.length} new language folders (${tessAfter.join(' ')})`,
)
if (!keep) rmSync(dir, { recursive: true, force: true })
