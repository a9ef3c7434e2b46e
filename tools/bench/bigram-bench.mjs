// Throughput of scoreText (the seed's score) and of textStats (the judge's one-pass measure) on one core.
// Usage: npx tsc -b packages/model-bigram && node tools/bench/bigram-bench.mjs [MB]
// Text: French prose generated from a fixed word list (no corpus needed), mixed with digits and punctuation.
import { fitFromTexts, scoreText, textStats } from '../../packages/model-bigram/dist/src/index.js'

const mb = Number(process.argv[2] ?? 32)
const words = (
  "le conseil municipal s'est réuni mardi à dix-huit heures dans la salle des fêtes sous présidence du maire " +
  'après avoir entendu rapport commission finances conseillers ont approuvé budget primitif commune élève été œuvre ' +
  'Article 12, alinéa 3 : 1 234,56 € (TTC) ; délibération n° 2024-017.'
).split(' ')
let x = 1
const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648
const parts = []
let len = 0
while (len < 1 << 20) {
  const w = words[Math.floor(rnd() * words.length)]
  parts.push(w)
  len += w.length + 1
  if (rnd() < 0.08) parts.push('\n')
}
const chunk = parts.join(' ') // about 1 MB of UTF-16 text
const pages = chunk.match(/[\s\S]{1,3000}/g) // ~3 kB pages, like a printed page
const model = fitFromTexts(pages.slice(0, 50))

function bench(name, fn) {
  for (let i = 0; i < 3; i++) fn(chunk) // warm up
  const t0 = process.hrtime.bigint()
  let chars = 0
  let sink = 0
  while (chars < mb * 1e6) {
    for (const p of pages) {
      sink += fn(p)
      chars += p.length
    }
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9
  console.log(
    `${name}: ${(chars / 1e6 / s).toFixed(1)} MB/s (${(chars / 1e6).toFixed(0)} M characters of text in ${s.toFixed(2)} s, ${pages.length} pages a pass)${Number.isNaN(sink) ? '!' : ''}`,
  )
}
bench('scoreText', (p) => scoreText(p, model))
bench('textStats', (p) => textStats(p, model.logprobs).structure)

// The whole judge (numbers, letter spacing, per font, words) on the same pages, one font each.
const { createBigramJudge } = await import('../../packages/model-bigram/dist/src/index.js')
const judge = createBigramJudge(model)
const asPage = (t, n) => ({
  pageNumber: n,
  width: 612,
  height: 792,
  text: t,
  source: 'text-layer',
  items: t.split('\n').map((l) => ({ text: l, fontId: 'f1', hasEol: true, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 } })),
})
const judged = pages.map(asPage)
const ctx = { pageCount: judged.length, info: { pageCount: judged.length } }
const t0 = process.hrtime.bigint()
let n = 0
while (n < 3000)
  for (const p of judged) {
    judge.judge(p, ctx)
    n++
  }
const s = Number(process.hrtime.bigint() - t0) / 1e9
console.log(`judge: ${(n / s).toFixed(0)} pages/s (${n} pages of ~3,000 characters in ${s.toFixed(2)} s)`)
