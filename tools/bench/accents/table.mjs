// The before / after table of two accent-bench.mjs runs (--json), per encoding x generator set-up.
//   node tools/bench/accents/table.mjs BEFORE.json AFTER.json
import { readFileSync } from 'node:fs'

const [before, after] = process.argv.slice(2).map((f) => JSON.parse(readFileSync(f, 'utf8')))
const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y)
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2
}
const stat = (rs) => `${median(rs.map((r) => r.cer)).toFixed(4)} | ${rs.filter((r) => r.cer < 0.01).length}`
const key = (r) => `${r.encoding} | ${r.generator} | ${r.separate ? 'apart' : 'composed'} | \`${r.name}\``
const keys = [...new Set(before.map(key))]
console.log('| encoding | generator | accents | set-up | pages | CER median before | < 0.01 before | CER median after | < 0.01 after |')
console.log('|---|---|---|---|---|---|---|---|---|')
for (const k of keys) {
  const b = before.filter((r) => key(r) === k)
  const a = after.filter((r) => key(r) === k)
  console.log(`| ${k} | ${b.length} | ${stat(b)} | ${stat(a)} |`)
}
for (const [label, f] of [
  ['accents apart', (r) => r.separate],
  ['composed glyphs', (r) => !r.separate],
  ['all', () => true],
]) {
  const b = before.filter(f)
  const a = after.filter(f)
  console.log(`| **${label}** | | | | ${b.length} | ${stat(b)} | ${stat(a)} |`)
}
