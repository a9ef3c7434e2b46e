// The N1 letter-pair model's word-boundary log-ratio on the cold sweep's break points (compounds vs plain breaks):
// node tools/eval-dehyphen/n1-boundary.mjs MODEL.json (a model from `pdftriage fit`). Build first (npm run build).
import { readFileSync } from 'node:fs'
const mb = await import('@pdftriage/model-bigram')
const { hyphenPoints } = await import('./hyphenate.mjs')
const { FRENCH_COLD, FRENCH_PARAGRAPHS, ENGLISH_PARAGRAPHS } = await import('./corpus.mjs')
const model = mb.loadModel(readFileSync(process.argv[2], 'utf8'))
const lp = (t) => mb.pairSum(t, model.logprobs).sum
const rows = []
for (const [texts, lang] of [
  [[...FRENCH_COLD, ...FRENCH_PARAGRAPHS], 'fra'],
  [ENGLISH_PARAGRAPHS, 'eng'],
]) {
  const words = new Set(texts.join(' ').split(/\s+/).filter(Boolean))
  for (const w0 of words) {
    for (const p of hyphenPoints(w0)) {
      const L = w0
        .slice(0, p.at)
        .replace(/^[^\p{L}\p{N}]+/u, '')
        .toLowerCase()
        .replace(/-$/, '')
      const R = w0
        .slice(p.at)
        .replace(/[^\p{L}\p{N}]+$/u, '')
        .toLowerCase()
      const head = L.split('-').pop(),
        tail = R.split('-')[0]
      if (!head || !tail) continue
      const r = lp(`${head} ${tail}`) - lp(`${head}${tail}`)
      rows.push({ lang, compound: p.compound, r, pair: `${head}|${tail}` })
    }
  }
}
for (const lang of ['fra', 'eng']) {
  const c = rows
    .filter((x) => x.lang === lang && x.compound)
    .map((x) => x.r)
    .sort((a, b) => a - b)
  const n = rows
    .filter((x) => x.lang === lang && !x.compound)
    .map((x) => x.r)
    .sort((a, b) => a - b)
  const q = (a, f) => a[Math.floor(f * (a.length - 1))]?.toFixed(2)
  console.log(lang, 'compounds', c.length, 'quartiles', q(c, 0.25), q(c, 0.5), q(c, 0.75), '| plain', n.length, 'quartiles', q(n, 0.25), q(n, 0.5), q(n, 0.75))
  // best single threshold accuracy
  let best = 0,
    bt = 0
  for (const t of [...c, ...n]) {
    const acc = (c.filter((x) => x > t).length + n.filter((x) => x <= t).length) / (c.length + n.length)
    if (acc > best) {
      best = acc
      bt = t
    }
  }
  console.log(
    '  best threshold',
    bt.toFixed(2),
    'accuracy',
    (100 * best).toFixed(1),
    '% (all-join baseline',
    ((100 * n.length) / (c.length + n.length)).toFixed(1),
    '%)',
  )
}
