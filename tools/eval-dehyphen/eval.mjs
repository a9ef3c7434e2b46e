// Evaluation of @pdftriage/postpass-dehyphen on PDFs typeset in code (see README.md). Run after building both
// packages: `npx tsc -b packages/postpass-dehyphen packages/extract-pdfjs && node tools/eval-dehyphen/eval.mjs`.
import extractor from '@pdftriage/extract-pdfjs'
import { Vocabulary, decideHyphen, rebuildText, dehyphenOptionsSchema } from '@pdftriage/postpass-dehyphen'
import { hyphenPoints } from './hyphenate.mjs'
import { FRENCH_COLD, FRENCH_PARAGRAPHS, ENGLISH_PARAGRAPHS } from './corpus.mjs'
import { DOCS } from './docs.mjs'
import { typeset } from './typeset.mjs'
import { ocrLike } from './eval-ocr-like.mjs'

/** Words normalised for comparison: NFC, curly apostrophes straightened. */
const toks = (s) => s.normalize('NFC').replace(/’/g, "'").split(/\s+/).filter(Boolean)

/** Length of the longest common subsequence of two word arrays (two rolling rows). */
function lcs(a, b) {
  let prev = new Uint32Array(b.length + 1)
  let cur = new Uint32Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1])
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length]
}

const opts = dehyphenOptionsSchema.parse({ documentWords: !process.env.NOVOCAB })
// MODEL=<file from pdftriage fit>: the N1 letter-pair model's word-boundary evidence joins the cold sweep's decisions.
const letters = process.env.MODEL ? await lettersFrom(process.env.MODEL) : undefined
async function lettersFrom(file) {
  const { readFileSync } = await import('node:fs')
  const { loadModel, pairSum } = await import('@pdftriage/model-bigram')
  const model = loadModel(readFileSync(file, 'utf8'), file)
  return { boundary: (h, t) => pairSum(`${h} ${t}`, model.logprobs).sum - pairSum(h + t, model.logprobs).sum }
}
const ex = await extractor.create(extractor.optionsSchema.parse({}), { baseDir: process.cwd() })
const total = { words: 0, intact: 0, sites: { fra: [0, 0, 0, 0], eng: [0, 0, 0, 0] }, leftovers: 0, extract: 0, post: 0, pages: 0 }
const wrongs = []
for (const spec of DOCS) {
  const { bytes, truth, pages } = await typeset(spec)
  // Times are the best of three runs: the machine is shared, and the best run is the one least disturbed.
  let pts
  let r
  let tExtract = Infinity
  let tPost = Infinity
  // CPU time of this process (pdf.js runs on the main thread in Node), less disturbed by other jobs than wall time.
  const cpu = () => {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  }
  for (let k = 0; k < 3; k++) {
    const t0 = cpu()
    const d = await ex.open(bytes)
    pts = []
    for (let n = 1; n <= d.pageCount; n++) pts.push(await d.getPageText(n))
    await d.close()
    const t1 = cpu()
    if (process.env.OCR) pts = pts.map(ocrLike)
    r = rebuildText({ info: { pageCount: pts.length }, pages: pts }, opts)
    const t2 = cpu()
    tExtract = Math.min(tExtract, t1 - t0)
    tPost = Math.min(tPost, t2 - t1)
  }
  const t0 = 0
  const t1 = tExtract
  const t2 = tExtract + tPost
  total.extract += t1 - t0
  total.post += t2 - t1
  total.pages += pages
  // Word accuracy: source words (body, then notes) found intact and in order in the output's body and notes.
  const out = r.paragraphs.filter((p) => p.kind !== 'header' && p.kind !== 'footer')
  const truthWords = [...truth.words, ...truth.notes.flatMap(toks)].flatMap(toks)
  const outWords = out.flatMap((p) => toks(p.text))
  const intact = lcs(truthWords, outWords)
  // Hyphen sites: each typeset site matched to a decision on the same fragments.
  const pool = new Map()
  for (const s of r.sites) {
    const k = `${s.left}|${s.right}`
    pool.set(k, [...(pool.get(k) ?? []), s])
  }
  const st = total.sites[spec.lang]
  const local = [0, 0, 0, 0] // right, wrong, compounds right, compounds
  for (const s of truth.sites) {
    const k = `${s.left}|${s.right.split(/\s/)[0]}`
    const m = pool.get(k)?.shift()
    const ok = m !== undefined && m.decision.choice === (s.compound ? 'keep' : 'join')
    local[ok ? 0 : 1]++
    if (s.compound) local[3]++
    if (s.compound && ok) local[2]++
    if (!ok)
      wrongs.push(
        `${spec.name}: ${s.left}|${s.right} (${s.compound ? 'compound' : 'plain'}) -> ${m ? `${m.decision.choice} [${m.decision.reason}]` : 'no decision'}`,
      )
  }
  for (let i = 0; i < 4; i++) st[i] += local[i]
  // Running texts and page numbers left in the body.
  let left = 0
  for (const p of out) {
    for (const h of truth.running) if (p.text.includes(h)) left++
    for (const w of toks(p.text)) if (/^\d+$/.test(w) && p.kind !== 'footnote') left++
  }
  total.leftovers += left
  total.words += truthWords.length
  total.intact += intact
  const pdftotextRight = truth.sites.filter((s) => !s.compound).length
  console.log(
    `${spec.name}: ${pages} pages, ${truthWords.length} words, intact ${((100 * intact) / truthWords.length).toFixed(2)} %; ` +
      `hyphen sites ${truth.sites.length}: right ${local[0]}, wrong ${local[1]} (${((100 * local[0]) / truth.sites.length).toFixed(2)} %), ` +
      `compounds kept ${local[2]}/${local[3]}; pdftotext-style ${((100 * pdftotextRight) / truth.sites.length).toFixed(2)} %; ` +
      `running/page numbers left in body ${left}; paragraphs ${r.paragraphs.length}; extract ${(t1 - t0).toFixed(0)} ms CPU, post-pass ${(t2 - t1).toFixed(0)} ms CPU`,
  )
  if (process.env.DUMP === spec.name) console.log(r.text)
}
await ex.close?.()
for (const lang of ['fra', 'eng']) {
  const [ok, bad, ck, c] = total.sites[lang]
  if (ok + bad) console.log(`${lang}: hyphen decisions ${ok}/${ok + bad} right (${((100 * ok) / (ok + bad)).toFixed(2)} %), compounds kept ${ck}/${c}`)
}
console.log(
  `all: word accuracy ${((100 * total.intact) / total.words).toFixed(2)} % of ${total.words} words; running/page numbers left in body ${total.leftovers}; post-pass ${total.post.toFixed(0)} ms CPU = ${((100 * total.post) / total.extract).toFixed(1)} % of extraction ${total.extract.toFixed(0)} ms CPU (best of 3 runs each) (${total.pages} pages)`,
)
if (process.env.VERBOSE) for (const w of wrongs) console.log('  wrong:', w)

/**
 * Cold sweep: every hyphenation point of every word of a text, decided with that word removed from the document's
 * vocabulary (as if it appeared only once, broken at the line end). The character model keeps it (a small leak).
 */
function sweep(texts, lang) {
  const words = texts.join(' ').split(/\s+/).filter(Boolean)
  const v = new Vocabulary()
  for (const w of words) v.add(w)
  void v.model // fit now, before words are taken out of it one by one
  const r = { ok: 0, bad: 0, cOk: 0, c: 0, wrong: [] }
  for (const w of new Set(words)) {
    const key = w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase()
    const saved = v.counts.get(key)
    v.counts.delete(key)
    if (saved) v.model.add(key, -saved)
    const parts = key.split('-')
    const touched = []
    for (let i = 0; i + 1 < parts.length; i++) {
      const h = parts[i].replace(/^(?:[ldjmnst]|qu|jusqu|lorsqu|puisqu)'/, '')
      for (const [m, k] of [
        [v.heads, h],
        [v.tails, parts[i + 1]],
      ])
        if (m.has(k)) {
          touched.push([m, k, m.get(k)])
          m.set(k, m.get(k) - saved)
          if (m.get(k) <= 0) m.delete(k)
        }
    }
    for (const p of hyphenPoints(w)) {
      const left = w.slice(0, p.at) + (p.compound ? '' : '-')
      const d = decideHyphen(left, w.slice(p.at), v, ['fra', 'eng'], true, letters)
      const ok = d.choice === (p.compound ? 'keep' : 'join')
      r[ok ? 'ok' : 'bad']++
      if (p.compound) {
        r.c++
        if (ok) r.cOk++
      }
      if (!ok) r.wrong.push(`${left}|${w.slice(p.at)} (${p.compound ? 'compound' : 'plain'}) -> ${d.choice} [${d.reason}]`)
    }
    if (saved !== undefined) v.counts.set(key, saved)
    if (saved) v.model.add(key, saved)
    for (const [m, k, n] of touched) m.set(k, n)
  }
  console.log(
    `cold sweep ${lang}: ${r.ok}/${r.ok + r.bad} break points right (${((100 * r.ok) / (r.ok + r.bad)).toFixed(2)} %), compounds kept ${r.cOk}/${r.c}, plain joined ${r.ok - r.cOk}/${r.ok + r.bad - r.c}`,
  )
  if (process.env.VERBOSE) for (const w of r.wrong) console.log('  cold wrong:', w)
}
sweep([...FRENCH_COLD, ...FRENCH_PARAGRAPHS], 'fra')
sweep(ENGLISH_PARAGRAPHS, 'eng')
