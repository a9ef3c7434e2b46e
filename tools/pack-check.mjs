#!/usr/bin/env node
// Checks that every package is publishable on its own: `npm pack` each one, install the tarballs into an empty
// folder (dependencies from the registry, our packages from the tarballs), import each package and
// `@pdftriage/core/testing`, and run the installed `pdftriage --version`. Build first: npm run build.
//
//   node tools/pack-check.mjs
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..')
const packs = mkdtempSync(join(tmpdir(), 'pdftriage-packs-'))
const names = readdirSync(join(root, 'packages'))
for (const n of names) execFileSync('npm', ['pack', '--silent', '--pack-destination', packs], { cwd: join(root, 'packages', n), stdio: 'ignore' })
const app = mkdtempSync(join(tmpdir(), 'pdftriage-app-'))
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
const tarballs = readdirSync(packs).map((f) => join(packs, f))
execFileSync('npm', ['install', '--no-audit', '--no-fund', ...tarballs], { cwd: app, stdio: 'ignore' })
const check = `
for (const n of ${JSON.stringify(names)}) {
  const m = await import('@pdftriage/' + n)
  console.log(n.padEnd(18), Object.keys(m).length, 'exports', m.default?.kind ?? '')
}
console.log('core/testing'.padEnd(18), Object.keys(await import('@pdftriage/core/testing')).length, 'exports')
`
writeFileSync(join(app, 'check.mjs'), check)
process.stdout.write(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' }))
process.stdout.write(`pdftriage --version: ${execFileSync(join(app, 'node_modules', '.bin', 'pdftriage'), ['--version'], { encoding: 'utf8' })}`)
console.log(`${tarballs.length} packages installed into ${app} from ${packs}`)
