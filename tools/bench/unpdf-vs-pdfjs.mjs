// Compares @pdftriage/extract-unpdf with @pdftriage/extract-pdfjs through the whole triage: `pdftriage triage
// --with-text` of the same PDFs once with each extractor named in a config, then every page's verdict (layer,
// needsOcr, judge, action, score, chars), its text and its notes side by side. Lists the pages that differ and
// exits 1 when any does. Build first (npm run build); run it niced, it triages every file twice:
//
//   nice -n 5 node tools/bench/unpdf-vs-pdfjs.mjs [--policy extract|auto] [--every K] [--jobs N] [--json FILE] DIR|FILE...
//
// DIR defaults to the pdf folders of ../shared/corpus and ../shared/corpus-real beside the repository ($PDFTRIAGE_CORPUS,
// $PDFTRIAGE_REAL_CORPUS). --every K: every K-th
// PDF of each folder (a subset first). --policy: triage's (default: the config's, auto, where the gates look at
// renders through OCR, so renders are compared too; extract: text alone). pdf.js numbers fonts by the documents a
// process opened (`g_d6_f1`): font ids in notes are compared without that number.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..', '..')
const bin = join(root, 'packages', 'cli', 'bin', 'pdftriage.js')
const args = process.argv.slice(2)
const opt = (name) => {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const v = args[i + 1]
  args.splice(i, 2)
  return v
}
const policy = opt('--policy')
const every = Number(opt('--every') ?? 1)
const jobs = opt('--jobs')
const jsonOut = opt('--json')
const inputs = args.length
  ? args.map((a) => resolve(a))
  : [process.env.PDFTRIAGE_CORPUS ?? join(root, '..', 'shared', 'corpus'), process.env.PDFTRIAGE_REAL_CORPUS ?? join(root, '..', 'shared', 'corpus-real')].map(
      (c) => join(c, 'pdf'),
    )

const files = []
for (const input of inputs) {
  if (!existsSync(input)) {
    console.error(`skipped: ${input} is missing`)
    continue
  }
  if (statSync(input).isFile()) files.push(input)
  else
    files.push(
      ...readdirSync(input)
        .filter((f) => f.toLowerCase().endsWith('.pdf'))
        .sort()
        .filter((_, i) => i % every === 0)
        .map((f) => join(input, f)),
    )
}
if (!files.length) {
  console.error('no PDF to compare')
  process.exit(2)
}

const work = mkdtempSync(join(tmpdir(), 'unpdf-vs-pdfjs-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

/** Runs triage with `extractor`; returns its page and document records by file (and page), and its wall time. */
function triage(extractor) {
  const config = join(work, `${extractor.replace(/\W/g, '_')}.json`)
  writeFileSync(config, JSON.stringify({ extractor }))
  const argv = [bin, 'triage', '--with-text', '--config', config, ...(policy ? ['--policy', policy] : []), ...(jobs ? ['--jobs', jobs] : []), ...files]
  const t0 = performance.now()
  const r = spawnSync(process.execPath, argv, { cwd: work, encoding: 'utf8', maxBuffer: 2 ** 30 })
  const seconds = (performance.now() - t0) / 1000
  if (r.status !== 0 && r.status !== 1) throw new Error(`triage with ${extractor} exited ${r.status}: ${r.stderr.slice(-2000)}`)
  const pages = new Map()
  const errors = new Map()
  for (const line of r.stdout.split('\n')) {
    if (!line.trim()) continue
    const rec = JSON.parse(line)
    if (rec.type === 'page') pages.set(`${rec.file}#${rec.page}`, rec)
    else if (rec.error || rec.type === 'error') errors.set(rec.file, rec.error?.code ?? rec.code ?? JSON.stringify(rec.error ?? rec))
  }
  return { pages, errors, seconds }
}

const fontIds = (s) => s.replace(/g_d\d+_f/g, 'g_dN_f')
const VERDICT = ['layer', 'needsOcr', 'judge', 'action', 'score', 'chars']

const a = triage('@pdftriage/extract-pdfjs')
const b = triage('@pdftriage/extract-unpdf')
const diffs = []
let compared = 0
for (const key of new Set([...a.pages.keys(), ...b.pages.keys()])) {
  const p = a.pages.get(key)
  const q = b.pages.get(key)
  if (!p || !q) {
    diffs.push({ page: key, what: 'only one', pdfjs: Boolean(p), unpdf: Boolean(q) })
    continue
  }
  compared++
  const verdict = VERDICT.filter((k) => JSON.stringify(p[k]) !== JSON.stringify(q[k]))
  const text = p.text !== q.text
  const notes = fontIds(JSON.stringify(p.notes ?? [])) !== fontIds(JSON.stringify(q.notes ?? []))
  if (verdict.length || text || notes) {
    diffs.push({
      page: key,
      verdict: Object.fromEntries(verdict.map((k) => [k, [p[k], q[k]]])),
      text,
      notes: notes ? [p.notes, q.notes] : undefined,
    })
  }
}
for (const file of new Set([...a.errors.keys(), ...b.errors.keys()])) {
  if (a.errors.get(file) !== b.errors.get(file)) diffs.push({ page: file, what: 'error', pdfjs: a.errors.get(file), unpdf: b.errors.get(file) })
}
const count = (f) => diffs.filter(f).length
const summary = {
  files: files.length,
  pagesCompared: compared,
  policy: policy ?? 'config (auto)',
  failedFiles: { pdfjs: a.errors.size, unpdf: b.errors.size },
  verdictDiffs: count((d) => d.verdict && Object.keys(d.verdict).length > 0),
  textDiffs: count((d) => d.text),
  notesDiffs: count((d) => d.notes),
  otherDiffs: count((d) => d.what),
  seconds: { pdfjs: Math.round(a.seconds), unpdf: Math.round(b.seconds) },
}
for (const d of diffs) console.log(JSON.stringify(d))
console.log(JSON.stringify(summary))
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ summary, diffs }, null, 2))
process.exit(diffs.length ? 1 : 0)
