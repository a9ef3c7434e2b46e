#!/usr/bin/env node
// Lists the functions of the packages' sources (packages/*/src, tests left out) longer than a number of lines, longest
// first, and counts those over 80 and over 150: a unit a reader cannot hold in their head is the house's concern.
//   node tools/function-sizes.mjs [--over 80] [--json]
// A function's length is its lines from its first to its last, comments and blank lines included; a function nested in
// another counts in both.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const root = new URL('..', import.meta.url).pathname
const args = process.argv.slice(2)
const over = Number(args[args.indexOf('--over') + 1] || 80)
const json = args.includes('--json')

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) yield* sources(p)
    else if (/\.(c|m)?ts$/.test(name) && !name.endsWith('.d.ts')) yield p
  }
}

const nameOf = (node, sf) => {
  if (node.name) return node.name.getText(sf)
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(sf)
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(sf)
  return '(anonymous)'
}

const found = []
const packages = join(root, 'packages')
for (const pkg of readdirSync(packages)) {
  const src = join(packages, pkg, 'src')
  try {
    statSync(src)
  } catch {
    continue
  }
  for (const file of sources(src)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line
        const last = sf.getLineAndCharacterOfPosition(node.end).line
        found.push({ file: relative(root, file), line: first + 1, name: nameOf(node, sf), lines: last - first + 1 })
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
}
found.sort((a, b) => b.lines - a.lines)
const long = found.filter((f) => f.lines > over)
const counts = { functions: found.length, over80: found.filter((f) => f.lines > 80).length, over150: found.filter((f) => f.lines > 150).length }
if (json) console.log(JSON.stringify({ counts, long }, null, 2))
else {
  for (const f of long) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`)
  console.log(`${counts.functions} functions; over 80 lines: ${counts.over80}; over 150: ${counts.over150}`)
}
