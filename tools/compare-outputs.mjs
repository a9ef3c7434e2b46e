// `node tools/compare-outputs.mjs A B` (after npm run build): compares two output trees, e.g. copies of demo-out/ made
// before and after a change that must not change behaviour. Timing fields (ms, postprocessMs, seconds, timings) in
// JSON, JSON Lines and CSV files and "N ms"/"N s" figures in text are ignored; every difference is printed, and the
// exit code is 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseCsv } from '../packages/cli/dist/src/csv.js'
const [a, b] = process.argv.slice(2)
const TIMING = new Set(['ms', 'postprocessMs', 'seconds', 'timings'])
const strip = (v) =>
  Array.isArray(v)
    ? v.map(strip)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !TIMING.has(k))
            .map(([k, x]) => [k, strip(x)]),
        )
      : v
const walk = (d) => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]))
// pdf.js names fonts g_d<N>_f<M>, N counting the documents its worker loaded: which worker got which file varies
const norm = (file, raw) => {
  const s = raw.replace(/\bg_d\d+_f/g, 'g_d*_f')
  if (file.endsWith('.json')) return JSON.stringify(strip(JSON.parse(s)), null, 1)
  if (file.endsWith('.jsonl'))
    return s
      .split('\n')
      .map((l) => (l.trim() ? JSON.stringify(strip(JSON.parse(l))) : l))
      .join('\n')
  if (file.endsWith('.csv')) {
    const rows = parseCsv(s)
    const i = rows[0].indexOf('seconds')
    return JSON.stringify(rows.map((r) => r.filter((_, k) => k !== i)))
  }
  return s.replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, '<t>')
}
const fa = walk(a)
    .map((f) => relative(a, f))
    .sort(),
  fb = walk(b)
    .map((f) => relative(b, f))
    .sort()
let diff = 0
for (const f of new Set([...fa, ...fb])) {
  if (!fa.includes(f) || !fb.includes(f)) {
    console.log(`only in ${fa.includes(f) ? a : b}: ${f}`)
    diff++
    continue
  }
  const x = readFileSync(join(a, f)),
    y = readFileSync(join(b, f))
  if (x.equals(y)) continue
  const nx = norm(f, x.toString('utf8')),
    ny = norm(f, y.toString('utf8'))
  if (nx === ny) continue
  diff++
  const lx = nx.split('\n'),
    ly = ny.split('\n')
  const k = lx.findIndex((l, i) => l !== ly[i])
  console.log(`differs: ${f} (line ${k + 1})\n  - ${lx[k]?.slice(0, 300)}\n  + ${ly[k]?.slice(0, 300)}`)
}
console.log(`${fa.length} files compared, ${diff} differ`)
process.exit(diff ? 1 : 0)
