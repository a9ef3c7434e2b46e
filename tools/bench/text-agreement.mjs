#!/usr/bin/env node
// Word agreement of our page text with poppler's pdftotext on the pages a labelled corpus calls healthy: an
// order-insensitive word F1 per page (multisets of words; a word is a run of letters, marks and digits, and each Han,
// kana or Thai character counts alone, as those scripts do not space their words). Lists the pages below --below
// with the words each side has alone. Skips cleanly without the corpus or pdftotext. Build first: npm run build.
//
//   node tools/bench/text-agreement.mjs [--corpus DIR] [--below 0.9] [--dump PAGES.jsonl] [--label healthy]
//
// --dump reads our text from a corpus-dump.mjs file instead of extracting (to compare with an earlier build).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'

const { opt } = benchArgs()
const corpus = opt('corpus', process.env.PDFTRIAGE_REAL_CORPUS ?? join(root, '..', 'shared', 'corpus-real'))
const below = Number(opt('below', '0.9'))
const dumpFile = opt('dump', undefined)
const label = opt('label', 'healthy')

if (!existsSync(join(corpus, 'labels.jsonl'))) {
  console.log(`no labelled corpus at ${corpus}: skipped`)
  process.exit(0)
}
if (spawnSync('pdftotext', ['-v']).error) {
  console.log('pdftotext not installed (apt-get install poppler-utils): skipped')
  process.exit(0)
}
// without poppler-data pdftotext reads the text of non-embedded CJK fonts as nothing: 10 pages of corpus-real fall
// to F1 0 and the mean from 0.9645 to 0.9142, none of it ours
if (!existsSync('/usr/share/poppler/cMap'))
  console.log('warning: poppler-data not installed (apt-get install poppler-data): pdftotext reads CJK pages as nothing')

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u
/** The words of a text, counted. */
function words(text) {
  const out = new Map()
  for (const m of text.normalize('NFC').matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const w = m[0]
    const parts = UNSPACED.test(w)
      ? w.split(
          /(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}])|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}])/u,
        )
      : [w]
    for (const p of parts) if (p) out.set(p, (out.get(p) ?? 0) + 1)
  }
  return out
}
const total = (m) => [...m.values()].reduce((a, b) => a + b, 0)
/** Words of `a` missing from `b`, with their surplus counts. */
function surplus(a, b) {
  const out = []
  for (const [w, n] of a) if (n > (b.get(w) ?? 0)) out.push(n - (b.get(w) ?? 0) > 1 ? `${w}x${n - (b.get(w) ?? 0)}` : w)
  return out
}
function f1(a, b) {
  const na = total(a)
  const nb = total(b)
  if (na === 0 && nb === 0) return 1
  let common = 0
  for (const [w, n] of a) common += Math.min(n, b.get(w) ?? 0)
  return na + nb === 0 ? 1 : (2 * common) / (na + nb)
}

const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  .filter((l) => l.label === label)
const dumped = new Map()
if (dumpFile)
  for (const l of readFileSync(dumpFile, 'utf8').trim().split('\n')) {
    const r = JSON.parse(l)
    dumped.set(`${r.file}#${r.page}`, r.text ?? '')
  }
let ex
if (!dumpFile) {
  const { default: factory } = await import(join(root, 'packages', 'extract-pdfjs', 'dist', 'src', 'index.js'))
  ex = await factory.create(factory.optionsSchema.parse({}), { baseDir: root })
}

const rows = []
for (const l of labels) {
  const file = join(corpus, l.file)
  const pt = spawnSync('pdftotext', ['-q', '-enc', 'UTF-8', '-f', String(l.page), '-l', String(l.page), file, '-'], { encoding: 'utf8' })
  let ours
  if (dumpFile) ours = dumped.get(`${l.file}#${l.page}`) ?? ''
  else {
    try {
      const doc = await ex.open(new Uint8Array(readFileSync(file)), { file: l.file })
      try {
        ours = (await doc.getPageText(l.page)).text
      } finally {
        await doc.close()
      }
    } catch (e) {
      ours = ''
    }
  }
  const a = words(ours)
  const b = words(pt.stdout ?? '')
  rows.push({
    page: `${l.file.replace(/^pdf\//, '').replace(/\.pdf$/, '')} p${l.page}`,
    lang: l.lang,
    f1: f1(a, b),
    ours: total(a),
    theirs: total(b),
    onlyOurs: surplus(a, b),
    onlyTheirs: surplus(b, a),
  })
}
const mean = rows.reduce((s, r) => s + r.f1, 0) / rows.length
const sorted = rows.map((r) => r.f1).sort((x, y) => x - y)
console.log(`${rows.length} ${label} pages of ${corpus}${dumpFile ? ` (our text from ${dumpFile})` : ''}`)
console.log(
  `word F1 with pdftotext: mean ${mean.toFixed(4)}, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(4)}, min ${sorted[0]?.toFixed(4)}; below ${below}: ${rows.filter((r) => r.f1 < below).length}`,
)
for (const r of rows.filter((r) => r.f1 < below).sort((x, y) => x.f1 - y.f1)) {
  console.log(`\n${r.page} [${r.lang}] F1 ${r.f1.toFixed(3)} (ours ${r.ours} words, pdftotext ${r.theirs})`)
  console.log(`  only ours:      ${r.onlyOurs.slice(0, 14).join(' ')}${r.onlyOurs.length > 14 ? ` ... (${r.onlyOurs.length})` : ''}`)
  console.log(`  only pdftotext: ${r.onlyTheirs.slice(0, 14).join(' ')}${r.onlyTheirs.length > 14 ? ` ... (${r.onlyTheirs.length})` : ''}`)
}
