#!/usr/bin/env node
// Times `pdftriage triage` against `pdftotext` (when installed) on the same PDF, prints the speed ratio, and reports
// the peak memory (maxRSS of the process tree's largest member, from /usr/bin/time when present, else of the CLI's
// own process via a wrapper).
//
//   node tools/bench/triage-bench.mjs [--jobs 1,2,2s] [--runs 3] [FILE.pdf ...]   (2s: --jobs 2 --split)
//
// Without files: the 312-page French manual latex2e-fr.pdf from Debian's texlive-lang-french when installed
// (apt-get install texlive-lang-french, for the benchmark only), else a generated 312-page French document; plus a
// generated 1,280-page document for peak memory. Build first: npm run build.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchArgs, bin, root } from './bench-args.mjs'

const { args, opt } = benchArgs()
const jobsList = opt('jobs', '1,2,2s').split(',')
const runs = Number(opt('runs', '3'))
const tmp = mkdtempSync(join(tmpdir(), 'triage-bench-'))
const fx = await import(join(root, 'tools', 'fixtures', 'dist', 'src', 'index.js'))

let files = args
if (!files.length) {
  const manual = '/usr/share/doc/texlive-doc/latex/latex2e-help-texinfo-fr/latex2e-fr.pdf'
  if (existsSync(manual)) files.push(manual)
  else {
    const f = join(tmp, 'generated-312.pdf')
    writeFileSync(f, await fx.longPdf(312))
    files.push(f)
  }
  const long = join(tmp, 'generated-1280.pdf')
  writeFileSync(long, await fx.longPdf(1280))
  files.push(long)
}

const haveTime = existsSync('/usr/bin/time')
const havePdftotext = spawnSync('pdftotext', ['-v']).status === 0

/** Runs a command `runs` times; returns the best wall time (s) and the peak RSS (MB) seen. */
function measure(cmd, cmdArgs) {
  let best = Infinity
  let rss = 0
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const r = haveTime
      ? spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...cmdArgs], { encoding: 'utf8', maxBuffer: 1 << 30 })
      : spawnSync(cmd, cmdArgs, { encoding: 'utf8', maxBuffer: 1 << 30 })
    const secs = (performance.now() - t0) / 1000
    if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} failed: ${r.stderr}`)
    best = Math.min(best, secs)
    if (haveTime) rss = Math.max(rss, Number(r.stderr.trim().split('\n').at(-1)) / 1024)
  }
  return { secs: best, rss }
}

for (const file of files) {
  const pages = Number(/Pages:\s+(\d+)/.exec(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? NaN)
  console.log(`\n${file}${Number.isFinite(pages) ? ` (${pages} pages)` : ''}`)
  let ref
  if (havePdftotext) {
    ref = measure('pdftotext', [file, '/dev/null'])
    console.log(`  pdftotext          ${ref.secs.toFixed(2)} s${haveTime ? `, peak ${ref.rss.toFixed(0)} MB` : ''}`)
  }
  for (const jobs of jobsList) {
    const split = jobs.endsWith('s')
    const n = Number.parseInt(jobs, 10)
    const m = measure(process.execPath, [bin, 'triage', '--jobs', String(n), ...(split ? ['--split'] : []), file])
    const ratio = ref ? `, ${(ref.secs / m.secs).toFixed(2)}x pdftotext's speed` : ''
    console.log(
      `  triage --jobs ${n}${split ? ' --split' : '        '}    ${m.secs.toFixed(2)} s${Number.isFinite(pages) ? ` (${(pages / m.secs).toFixed(0)} pages/s)` : ''}${ratio}${haveTime ? `, peak ${m.rss.toFixed(0)} MB (largest process)` : ''}`,
    )
  }
}
console.log(`\nbest of ${runs} runs; pdftotext ${havePdftotext ? 'present' : 'absent'}; /usr/bin/time ${haveTime ? 'present' : 'absent (no memory figures)'}`)
