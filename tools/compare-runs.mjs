// Compares two `pdftriage run` output folders byte for byte, timing fields left out: `seconds` in documents.csv;
// `ms`, `postprocessMs` and each page's `ms` in the reports. Exits 1 on any other difference.
//
//   node tools/compare-runs.mjs OUT_BEFORE OUT_AFTER [--font-ids]
//
// --font-ids: pdf.js names fonts by a counter of the documents its thread opened (`g_d6_f1`), so with --jobs > 1 the
// ids in notes depend on which worker took which document. Two runs of the same code differ there; this treats
// them as equal.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const [a, b, flag] = process.argv.slice(2)
if (!a || !b) {
  console.error('usage: node tools/compare-runs.mjs OUT_BEFORE OUT_AFTER [--font-ids]')
  process.exit(2)
}
const list = (root) => {
  const out = []
  const walk = (d) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e)
      if (statSync(p).isDirectory()) walk(p)
      else out.push(relative(root, p))
    }
  }
  walk(root)
  return out.sort()
}
const fontIds = (s) => (flag === '--font-ids' ? s.replace(/g_d\d+_f/g, 'g_dN_f') : s)
const parseCsvLine = (l) => {
  const f = []
  let cur = ''
  let q = false
  for (let i = 0; i < l.length; i++) {
    const c = l[i]
    if (q) {
      if (c === '"' && l[i + 1] === '"') ((cur += '"'), i++)
      else if (c === '"') q = false
      else cur += c
    } else if (c === '"') q = true
    else if (c === ',') (f.push(cur), (cur = ''))
    else cur += c
  }
  return [...f, cur]
}
/** The file's content with timings blanked; bytes for anything but the index and the reports. */
function normalized(rel, buf) {
  if (rel === 'documents.csv') {
    // Rows hold no newline in these fields (paths, hashes, codes); a quoted comma is parsed.
    const [head, ...rows] = buf.toString('utf8').split('\n')
    const i = head.split(',').indexOf('seconds')
    return fontIds([head, ...rows.map((l) => (l ? JSON.stringify(parseCsvLine(l).map((v, k) => (k === i ? '' : v))) : l))].join('\n'))
  }
  if (rel.endsWith('.json')) {
    const j = JSON.parse(buf.toString('utf8'))
    j.ms = 0
    j.postprocessMs = 0
    for (const p of j.pageVerdicts ?? []) p.ms = 0
    return fontIds(JSON.stringify(j, null, 2))
  }
  if (rel.endsWith('.jsonl') || rel.endsWith('.txt')) return fontIds(buf.toString('utf8'))
  return buf
}
const fa = list(a)
const fb = list(b)
let bad = 0
for (const f of fa.filter((x) => !fb.includes(x))) (console.log(`only in ${a}: ${f}`), bad++)
for (const f of fb.filter((x) => !fa.includes(x))) (console.log(`only in ${b}: ${f}`), bad++)
for (const f of fa.filter((x) => fb.includes(x))) {
  const x = normalized(f, readFileSync(join(a, f)))
  const y = normalized(f, readFileSync(join(b, f)))
  if (Buffer.compare(Buffer.from(x), Buffer.from(y)) !== 0) (console.log(`differs: ${f}`), bad++)
}
console.log(`${fa.length} files compared, ${bad} differences`)
process.exit(bad ? 1 : 0)
