#!/usr/bin/env node
// The publishable packages' shared metadata, kept in one place. The public repository is set below (REPOSITORY);
// `repository`, `homepage` and `bugs` of the root and of every packages/*/package.json are derived from it
// (repository with its `directory`). The root package.json's `license` and `engines` are copied into every package,
// with the common keywords, `files` (dist/src, src for the source maps, a package's own data folders such as
// write-pdf's icc, README, LICENSE) and a LICENSE file equal to the root one. A package's own keywords and fields are kept.
//
//   node tools/package-metadata.mjs           check: lists what differs, exits 1 if anything does
//   node tools/package-metadata.mjs --write   rewrites what differs
import { existsSync, readFileSync, readdirSync, writeFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..')
const write = process.argv.includes('--write')

// The project's public repository, as its web address (`https://<host>/<owner>/pdftriage`): not known yet. The
// maintainer sets it once before the first release and runs this script with --write. While it is null the packages
// carry no repository, homepage or bugs (rather than a made-up address), and this script, `npm run pack-check` and
// `npm run release:dry-run` say so.
const REPOSITORY = null

/** The fields derived from REPOSITORY, for the package in `directory` (none for the root). */
function repositoryFields(directory) {
  if (!REPOSITORY) return { repository: undefined, homepage: undefined, bugs: undefined }
  const url = REPOSITORY.replace(/\/+$/, '')
  return {
    repository: { type: 'git', url: `git+${url}.git`, ...(directory ? { directory } : {}) },
    homepage: `${url}#readme`,
    bugs: { url: `${url}/issues` },
  }
}

/** `text` as the JSON `want`, with fields set to undefined left out; the fields that differ go into problems. */
function rewrite(file, text, want) {
  const pkg = JSON.parse(text)
  const next = JSON.stringify(want, null, 2) + '\n'
  if (next === text) return
  for (const k of new Set([...Object.keys(want), ...Object.keys(pkg)]))
    if (JSON.stringify(want[k]) !== JSON.stringify(pkg[k])) problems.push(`${pkg.name}: ${k}`)
  if (write) writeFileSync(file, next)
}

const rootFile = join(root, 'package.json')
const rootText = readFileSync(rootFile, 'utf8')
const rootPkg = JSON.parse(rootText)
const COMMON_KEYWORDS = ['pdftriage', 'pdf', 'ocr', 'text-layer']
const license = readFileSync(join(root, 'LICENSE'), 'utf8')
const problems = []
rewrite(rootFile, rootText, { ...rootPkg, ...repositoryFields() })

/** The files a package publishes: the common ones, with the data folders it lists itself (write-pdf's `icc`) kept. */
function packageFiles(pkg) {
  const head = [...(pkg.bin ? ['bin'] : []), 'dist/src', 'src']
  const tail = ['README.md', 'LICENSE']
  const own = (pkg.files ?? []).filter((f) => !head.includes(f) && !tail.includes(f))
  return [...new Set([...head, ...own, ...tail])]
}

for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const file = join(root, 'packages', dir, 'package.json')
  if (!existsSync(file)) continue
  const text = readFileSync(file, 'utf8')
  const pkg = JSON.parse(text)
  // A private package (packages/web, a page) is never published: its files and metadata are its own.
  if (pkg.private) continue
  const want = {
    ...pkg,
    license: rootPkg.license,
    ...repositoryFields(`packages/${dir}`),
    keywords: [...new Set([...COMMON_KEYWORDS, ...(pkg.keywords ?? [])])],
    engines: rootPkg.engines,
    files: packageFiles(pkg),
  }
  rewrite(file, text, want)
  const lic = join(root, 'packages', dir, 'LICENSE')
  if (!existsSync(lic) || readFileSync(lic, 'utf8') !== license) {
    problems.push(`${pkg.name}: LICENSE`)
    if (write) copyFileSync(join(root, 'LICENSE'), lic)
  }
}
if (!REPOSITORY) {
  console.warn(
    'warning: no public repository is set (REPOSITORY in tools/package-metadata.mjs): the packages have no repository, ' +
      'homepage or bugs. Set it before publishing (CONTRIBUTING.md, "Commits and releases").',
  )
}
if (problems.length === 0) console.log('package metadata: every package agrees with the root package.json')
else if (write) console.log(`package metadata: rewrote ${problems.join(', ')}`)
else {
  console.error(`package metadata differs from the root's (run node tools/package-metadata.mjs --write):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
