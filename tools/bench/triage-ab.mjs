#!/usr/bin/env node
// Compares `pdftriage triage --jobs 1` of built checkouts on one PDF: runs alternated (A B C, then C B A, ...), CPU
// seconds (user + system of the CLI and the document process it starts) and wall seconds per run, medians.
// pdftotext is timed in the same rounds when installed.
//
//   node tools/bench/triage-ab.mjs [--runs 5] [--file F.pdf] [NAME=CHECKOUT ...]
//
// Without checkouts: this one (`this`). Each CHECKOUT is a repository root built with `npm run build`. The runs
// start in an empty temporary folder: plugins resolve from the folder a run starts in before the CLI's own, so a
// run started inside another checkout would time that checkout's plugins under this one's CLI. Default file: the
// 312-page French manual latex2e-fr.pdf (Debian's texlive-lang-french; apt-get install texlive-lang-french).
// On a shared machine read the CPU column: wall times follow the load.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'

const { args, opt } = benchArgs()
const runs = Number(opt('runs', '5'))
const file = resolve(opt('file', '/usr/share/doc/texlive-doc/latex/latex2e-help-texinfo-fr/latex2e-fr.pdf'))
if (!existsSync(file)) {
  console.error(`No ${file}: give --file F.pdf (or apt-get install texlive-lang-french for the manual)`)
  process.exit(2)
}
const arms = (args.length ? args : [`this=${root}`]).map((a) => {
  const at = a.indexOf('=')
  const name = at < 0 ? a : a.slice(0, at)
  const dir = resolve(at < 0 ? a : a.slice(at + 1))
  const bin = join(dir, 'packages', 'cli', 'dist', 'src', 'bin.js')
  if (!existsSync(bin)) throw new Error(`${name}: no ${bin} (npm run build there first)`)
  return { name, cmd: process.execPath, argv: [bin, 'triage', '--jobs', '1', file], wall: [], cpu: [] }
})
if (spawnSync('pdftotext', ['-v']).status === 0) arms.push({ name: 'pdftotext', cmd: 'pdftotext', argv: [file, '/dev/null'], wall: [], cpu: [] })

const cwd = mkdtempSync(join(tmpdir(), 'triage-ab-'))
const haveTime = existsSync('/usr/bin/time')
/** One run: wall seconds, and CPU seconds of the process and its waited-for children (from /usr/bin/time). */
function once(arm) {
  const t0 = performance.now()
  const r = haveTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S', arm.cmd, ...arm.argv], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 })
    : spawnSync(arm.cmd, arm.argv, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 })
  const wall = (performance.now() - t0) / 1000
  if (r.status !== 0) throw new Error(`${arm.name} failed (${r.status}): ${r.stderr}`)
  const [u, s] = haveTime ? r.stderr.trim().split('\n').at(-1).split(' ').map(Number) : [NaN, NaN]
  arm.wall.push(wall)
  arm.cpu.push(u + s)
}
try {
  for (let i = 0; i < runs; i++) for (const arm of i % 2 ? [...arms].reverse() : arms) once(arm)
} finally {
  rmSync(cwd, { recursive: true, force: true })
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b)
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const f2 = (x) => x.toFixed(2)
const ref = arms.find((a) => a.name === 'pdftotext')
console.log(`${file}, ${runs} alternated runs each${haveTime ? '' : ' (no /usr/bin/time: no CPU figures)'}`)
console.log('build'.padEnd(12), 'wall median'.padEnd(12), 'CPU median'.padEnd(12), 'pdftotext/wall'.padEnd(15), 'wall runs | CPU runs')
for (const a of arms) {
  const ratio = ref && a !== ref ? f2(median(ref.wall) / median(a.wall)) + 'x' : ''
  console.log(
    a.name.padEnd(12),
    f2(median(a.wall)).padEnd(12),
    f2(median(a.cpu)).padEnd(12),
    ratio.padEnd(15),
    `${a.wall.map(f2).join(' ')} | ${a.cpu.map(f2).join(' ')}`,
  )
}
