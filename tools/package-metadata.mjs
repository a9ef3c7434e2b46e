#!/usr/bin/env node
// The publishable packages' shared metadata, kept in one place: the root package.json's `repository`, `homepage`,
// `bugs`, `license` and `engines` are copied into every packages/*/package.json (repository with its `directory`),
// with the common keywords, `files` (dist/src, src for the source maps, README, LICENSE) and a LICENSE file equal
// to the root one. A package's own keywords and fields are kept.
//
//   node tools/package-metadata.mjs           check: lists what differs, exits 1 if anything does
//   node tools/package-metadata.mjs --write   rewrites what differs
import { existsSync, readFileSync, readdirSync, writeFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..')
const write = process.argv.includes('--write')
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const COMMON_KEYWORDS = ['pdftriage', 'pdf', 'ocr', 'text-layer']
const license = readFileSync(join(root, 'LICENSE'), 'utf8')
const problems = []

for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const file = join(root, 'packages', dir, 'package.json')
  if (!existsSync(file)) continue
  const text = readFileSync(file, 'utf8')
  const pkg = JSON.parse(text)
  const want = {
    ...pkg,
    license: rootPkg.license,
    repository: { ...rootPkg.repository, directory: `packages/${dir}` },
    homepage: rootPkg.homepage,
    bugs: rootPkg.bugs,
    keywords: [...new Set([...COMMON_KEYWORDS, ...(pkg.keywords ?? [])])],
    engines: rootPkg.engines,
    files: [...new Set([...(pkg.bin ? ['bin'] : []), 'dist/src', 'src', 'README.md', 'LICENSE'])],
  }
  const next = JSON.stringify(want, null, 2) + '\n'
  if (next !== text) {
    for (const k of Object.keys(want)) if (JSON.stringify(want[k]) !== JSON.stringify(pkg[k])) problems.push(`${pkg.name}: ${k}`)
    if (write) writeFileSync(file, next)
  }
  const lic = join(root, 'packages', dir, 'LICENSE')
  if (!existsSync(lic) || readFileSync(lic, 'utf8') !== license) {
    problems.push(`${pkg.name}: LICENSE`)
    if (write) copyFileSync(join(root, 'LICENSE'), lic)
  }
}
if (problems.length === 0) console.log('package metadata: every package agrees with the root package.json')
else if (write) console.log(`package metadata: rewrote ${problems.join(', ')}`)
else {
  console.error(`package metadata differs from the root's (run node tools/package-metadata.mjs --write):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
