#!/usr/bin/env node
// Checks that every package is publishable on its own, on the tarballs npm would publish: the shared metadata agrees
// (tools/package-metadata.mjs), `npm pack` each package, then on each tarball: a LICENSE, every source map's sources
// inside the tarball (src/ is shipped for them), publint --strict, and @arethetypeswrong/cli (ESM only: no CommonJS
// entry is promised). Then the tarballs are installed into an empty folder (dependencies from the registry, our
// packages from the tarballs), each package and `@pdftriage/core/testing` imported, write-pdf's ICC profile read, and the installed
// `pdftriage --version` run; then @pdftriage/queue is removed, and the CLI must still run and its queue commands
// must name the package to install. Build first: npm run build. Temporary folders are removed at the end.
//
//   node tools/pack-check.mjs
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
execFileSync(process.execPath, [join(root, 'tools', 'package-metadata.mjs')], { stdio: 'inherit' })
const packs = mkdtempSync(join(tmpdir(), 'pdftriage-packs-'))
const app = mkdtempSync(join(tmpdir(), 'pdftriage-app-'))
process.on('exit', () => {
  rmSync(packs, { recursive: true, force: true })
  rmSync(app, { recursive: true, force: true })
})
// Private packages are not published (packages/web is a page built with Vite, not a library): they are left out.
const names = readdirSync(join(root, 'packages'))
  .sort()
  .filter((n) => !JSON.parse(readFileSync(join(root, 'packages', n, 'package.json'), 'utf8')).private)
// Package names as published: the scoped parts, and the one-call package `pdftriage` (packages/pdftriage).
const pkgNames = names.map((n) => JSON.parse(readFileSync(join(root, 'packages', n, 'package.json'), 'utf8')).name)
const problems = []
for (const n of names) {
  const dir = join(root, 'packages', n)
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', packs], { cwd: dir, encoding: 'utf8' }))
  const files = new Set(packed.files.map((f) => f.path))
  if (!files.has('LICENSE')) problems.push(`${packed.name}: no LICENSE in the tarball`)
  for (const f of files) {
    if (!f.endsWith('.map')) continue
    const map = JSON.parse(readFileSync(join(dir, f), 'utf8'))
    for (const s of map.sources) {
      const target = posix.normalize(posix.join(posix.dirname(f), map.sourceRoot ?? '', s))
      if (!files.has(target)) problems.push(`${packed.name}: ${f} points at ${target}, not in the tarball`)
    }
  }
  const tarball = join(packs, packed.filename)
  for (const [tool, args] of [
    ['publint', ['--strict', tarball]],
    ['attw', ['--profile', 'esm-only', '--format', 'table-flipped', tarball]],
  ]) {
    try {
      execFileSync(bin(tool), args, { encoding: 'utf8', stdio: 'pipe' })
    } catch (e) {
      problems.push(`${packed.name}: ${tool} failed:\n${e.stdout}${e.stderr}`)
    }
  }
  console.log(
    `${packed.name.padEnd(30)} ${String(packed.entryCount).padStart(4)} files ${(packed.size / 1024).toFixed(0).padStart(5)} kB  license, maps, publint, attw checked`,
  )
}
if (problems.length) {
  console.error(`\n${problems.length} problems:\n${problems.join('\n')}`)
  process.exit(1)
}
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
const tarballs = readdirSync(packs).map((f) => join(packs, f))
execFileSync('npm', ['install', '--no-audit', '--no-fund', ...tarballs], { cwd: app, stdio: 'ignore' })
const check = `
for (const n of ${JSON.stringify(pkgNames)}) {
  const m = await import(n)
  console.log(n.replace('@pdftriage/', '').padEnd(18), Object.keys(m).length, 'exports', m.default?.kind ?? '')
}
console.log('core/testing'.padEnd(18), Object.keys(await import('@pdftriage/core/testing')).length, 'exports')
// the PDF/A output intent's profile is read from the installed package's folder: it must have shipped
const icc = (await import('@pdftriage/write-pdf')).srgbProfile()
console.log('write-pdf sRGB.icc'.padEnd(18), icc.length, 'bytes', String.fromCharCode(...icc.subarray(36, 40)))
// the review page's script and style are read from the installed package's assets folder when a report is written
const { statSync } = await import('node:fs')
const { fileURLToPath } = await import('node:url')
const reportAssets = new URL('assets/', import.meta.resolve('@pdftriage/report/package.json'))
console.log('report assets'.padEnd(18), ['report.js', 'report.css'].map((f) => statSync(fileURLToPath(new URL(f, reportAssets))).size).join(' + '), 'bytes')
`
writeFileSync(join(app, 'check.mjs'), check)
process.stdout.write(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' }))
process.stdout.write(`pdftriage --version: ${execFileSync(join(app, 'node_modules', '.bin', 'pdftriage'), ['--version'], { encoding: 'utf8' })}`)
// The queue is an optional peer of the CLI: without it, the CLI runs and its queue commands name what to install.
execFileSync('npm', ['uninstall', '--no-audit', '--no-fund', '@pdftriage/queue'], { cwd: app, stdio: 'ignore' })
let noQueue
try {
  execFileSync(join(app, 'node_modules', '.bin', 'pdftriage'), ['status', '--queue', 'redis://127.0.0.1:9', '--out', 'out'], { cwd: app, stdio: 'pipe' })
} catch (e) {
  noQueue = { code: e.status, stderr: String(e.stderr) }
}
if (noQueue?.code !== 2 || !noQueue.stderr.includes('npm install @pdftriage/queue')) {
  console.error(`pdftriage status without @pdftriage/queue: expected exit 2 naming the package, got ${JSON.stringify(noQueue)}`)
  process.exit(1)
}
process.stdout.write(
  `pdftriage --version without @pdftriage/queue: ${execFileSync(join(app, 'node_modules', '.bin', 'pdftriage'), ['--version'], { encoding: 'utf8' })}`,
)
console.log(`${tarballs.length} packages packed, checked, installed and imported`)
