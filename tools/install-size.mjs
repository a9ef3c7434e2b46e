#!/usr/bin/env node
// What `npm install` of some of our packages weighs for a user: every workspace package is packed (`npm pack`), the
// named ones and the workspace packages they need (dependencies and required peers, transitively) are installed from
// the tarballs into an empty folder (the rest from the registry), and the installed folders are listed by size
// (`du`), largest first, with the total and the number of packages. Build first: npm run build.
//
//   node tools/install-size.mjs                          the one-call package, `pdftriage`
//   node tools/install-size.mjs pdftriage @pdftriage/queue
//   node tools/install-size.mjs @pdftriage/cli
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..')
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ['pdftriage']
const packs = mkdtempSync(join(tmpdir(), 'pdftriage-size-packs-'))
const app = mkdtempSync(join(tmpdir(), 'pdftriage-size-app-'))
process.on('exit', () => {
  rmSync(packs, { recursive: true, force: true })
  rmSync(app, { recursive: true, force: true })
})

// Workspace packages by name: their manifest and tarball.
const ws = new Map()
for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'))
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', packs], { cwd: join(root, 'packages', dir), encoding: 'utf8' }))
  ws.set(pkg.name, { pkg, tarball: join(packs, packed.filename) })
}
const need = new Set()
const visit = (name) => {
  if (need.has(name) || !ws.has(name)) return
  need.add(name)
  const { pkg } = ws.get(name)
  const optional = pkg.peerDependenciesMeta ?? {}
  for (const d of Object.keys(pkg.dependencies ?? {})) visit(d)
  for (const d of Object.keys(pkg.peerDependencies ?? {})) if (!optional[d]?.optional) visit(d)
}
for (const w of wanted) {
  if (!ws.has(w)) throw new Error(`${w} is not a workspace package (${[...ws.keys()].join(', ')})`)
  visit(w)
}
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
execFileSync('npm', ['install', '--no-audit', '--no-fund', ...[...need].map((n) => ws.get(n).tarball)], { cwd: app, stdio: 'ignore' })

const nm = join(app, 'node_modules')
const entries = readdirSync(nm)
  .filter((e) => !e.startsWith('.'))
  .flatMap((e) => (e.startsWith('@') ? readdirSync(join(nm, e)).map((s) => `${e}/${s}`) : [e]))
const kb = (p) => Number(execFileSync('du', ['-sk', p], { encoding: 'utf8' }).split('\t')[0])
const sizes = entries.map((e) => ({ name: e, kb: kb(join(nm, e)) })).sort((a, b) => b.kb - a.kb)
const total = kb(nm)
const count = execFileSync('npm', ['ls', '--all', '--parseable'], { cwd: app, encoding: 'utf8' }).trim().split('\n').length - 1
console.log(`npm install ${wanted.join(' ')} (from tarballs: ${[...need].join(', ')})`)
console.log(`total ${(total / 1024).toFixed(1)} MB in node_modules, ${count} packages`)
for (const s of sizes) if (s.kb >= 100) console.log(`${(s.kb / 1024).toFixed(1).padStart(7)} MB  ${s.name}`)
const small = sizes.filter((s) => s.kb < 100)
console.log(`${(small.reduce((a, s) => a + s.kb, 0) / 1024).toFixed(1).padStart(7)} MB  ${small.length} others under 100 kB each`)
