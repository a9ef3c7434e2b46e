// Text quality end to end: `node tools/bench/text-quality.mjs [--corpus corpus|corpus-real] [--bin CLI] [--work DIR]
//   [--shared DIR] [--refs DIR] [--jobs 2] [--page-timeout S] [--refs-only] [--no-run] [--common DIR,...] [--drop-timeouts] [--json FILE]`.
// Runs `pdftriage run` (the built CLI, or --bin for another build) over ../shared/<corpus>/pdf twice: policy `auto`
// (what a user gets) and policy `extract` (the file's own layer, as pdftriage reads it, repairs included, no OCR). For
// every labelled page it computes an order-insensitive word F1 of the page's output text (pages.jsonl `text`) against
// a reference, and the same F1 for the input layer (pages.jsonl `layerText` where OCR replaced the layer, else the
// extract run's text). Per label: pages, mean and min F1 (output and layer), pages OCRed, OCR seconds (the reports'
// ms.ocr + ms.render), and the pages whose output is worse than the input layer (output F1 < layer F1 - 0.02), each
// with its one-line reason (layer, action, notes) and the share of the layer's words the output kept (`lost`: pages
// worse that kept under 0.98 of them; a page that kept them all only added text the reference lacks).
// References (which one each label used is printed):
//   corpus:      `truth` files (scanned pages); born-digital texlive pages (healthy, garbled, reflected): pdftotext
//                of the unbroken source page when constructed (/usr/share/doc/texlive-doc, texlive-lang-french and
//                texlive-latex-recommended-doc); other healthy/blank pages: pdftotext of the file itself; pages with
//                neither (real scans without truth, a real garbled file, a source doc not installed): native
//                tesseract -l fra+eng of a 300 dpi pdftoppm render.
//   corpus-real: healthy/mixed/blank: pdftotext of the page; absent, sparse, garbled, ocr_good, bad_ocr:
//                native tesseract of a 300 dpi render. Uncertain pages are left out (no honest reference).
// Also printed per label: pages worse than pdftotext of the file itself (poppler's reading of the same layer), an
// extra check that does not depend on pdftriage's extractor.
// Another labelled set (tools/realset): --dir DIR (the folder holding pdf/) and --labels FILE; --files A.pdf,B.pdf
// scores and runs those files alone (copied into --work), --langs L reads the references with tesseract -l L (default
// fra+eng; rus+eng for the real set's Russian OCR layers). For example, the real set's Russian OCR-layer files:
//   node tools/bench/text-quality.mjs --dir /tmp/realset --labels tools/realset/labels.jsonl --langs rus+eng \
//     --files s0303.pdf,s0309.pdf,s0312.pdf,s0322.pdf,s0326.pdf,s0327.pdf,s0330.pdf --work W [--bin OTHER/bin.js]
// --work keeps the runs and references (a rerun reuses them: the output folder is resumable); default a temp folder.
// Skips cleanly when ../shared/<corpus> is missing. Needs pdftotext, pdftoppm, tesseract (poppler-utils,
// tesseract-ocr, tesseract-ocr-fra) for the references.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { benchArgs, bin as builtBin, root } from './bench-args.mjs'
import { f1, recall } from './word-score.mjs'

const { args, opt } = benchArgs()
const corpusName = opt('corpus', 'corpus')
const bin = resolve(opt('bin', builtBin))
const jobs = opt('jobs', '2')
// on a loaded machine an OCR page can take over the default 300 s: a PAGE_TIMEOUT measures the machine, not the text
const pageTimeout = opt('page-timeout', undefined)
const jsonOut = opt('json', undefined)
// --common DIR[,DIR]: only the pages that other --work folders' auto runs have done too (before/after on one page set)
const common = (opt('common', '') || '').split(',').filter(Boolean)
const refsOnly = args.includes('--refs-only')
const noRun = args.includes('--no-run') // read the runs already in --work (partial figures while they go on)
const setDir = opt('dir', undefined)
const corpus = setDir ? resolve(setDir) : join(resolve(opt('shared', join(root, '..', 'shared'))), corpusName)
const labelsFile = resolve(opt('labels', join(corpus, 'labels.jsonl')))
const langs = opt('langs', 'fra+eng')
const files = (opt('files', '') || '').split(',').filter(Boolean)
if (!existsSync(labelsFile) || !existsSync(join(corpus, 'pdf'))) {
  console.log(`text-quality: ${setDir ? `${labelsFile} or ${corpus}/pdf` : `../shared/${corpusName}`} not found: skipped`)
  process.exit(0)
}
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
for (const cmd of ['pdftotext', 'pdftoppm', 'tesseract']) {
  if (!has(cmd)) {
    console.log(`text-quality: needs ${cmd} (apt-get install poppler-utils tesseract-ocr tesseract-ocr-fra): skipped`)
    process.exit(0)
  }
}
if (!refsOnly && !existsSync(bin)) {
  console.log(`text-quality: ${bin} not built (npm run build): skipped`)
  process.exit(0)
}
const work = resolve(opt('work', mkdtempSync(join(tmpdir(), 'pdftriage-text-quality-'))))
const refs = resolve(opt('refs', join(work, 'refs')))
mkdirSync(refs, { recursive: true })

const labels = readFileSync(labelsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .filter((l) => !files.length || files.includes(basename(l.file)))

// --- references ---------------------------------------------------------------------------------------------------
const pdftotext = (path, n) =>
  spawnSync('pdftotext', ['-q', '-f', String(n), '-l', String(n), path, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout ?? ''
function tesseractRef(path, n) {
  const base = join(refs, `render-${basename(path, '.pdf')}-${n}`)
  spawnSync('pdftoppm', ['-q', '-r', '300', '-gray', '-png', '-singlefile', '-f', String(n), '-l', String(n), path, base])
  // one thread: on a loaded machine tesseract's OpenMP threads wait on each other far longer than they work
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' }
  const r = spawnSync('tesseract', [`${base}.png`, '-', '-l', langs], { encoding: 'utf8', maxBuffer: 1 << 28, env })
  spawnSync('rm', ['-f', `${base}.png`])
  return r.stdout ?? ''
}
const texliveDoc = '/usr/share/doc/texlive-doc'
function sourcePage(source) {
  // "texlive-doc:latex/foo/foo.pdf p.12"
  const m = /^texlive-doc:(.+) p\.(\d+)$/.exec(source ?? '')
  if (!m) return undefined
  let path = join(texliveDoc, m[1])
  if (!existsSync(path) && existsSync(`${path}.gz`)) {
    const un = join(refs, `src-${m[1].replaceAll('/', '_')}`)
    if (!existsSync(un)) writeFileSync(un, gunzipSync(readFileSync(`${path}.gz`)))
    path = un
  }
  return existsSync(path) ? { path, page: Number(m[2]) } : undefined
}
const SCANNED = new Set(['absent', 'sparse', 'garbled', 'ocr_good', 'bad_ocr'])
/** The reference text of a labelled page and its kind; cached in --refs (default work/refs). */
function reference(l) {
  const key = `${basename(l.file, '.pdf')}_p${l.page}`
  const cache = join(refs, `${key}.json`)
  if (existsSync(cache)) {
    try {
      return JSON.parse(readFileSync(cache, 'utf8'))
    } catch {
      // being written by another invocation: compute it again
    }
  }
  const file = join(corpus, l.file)
  let ref
  if (l.truth) ref = { kind: 'truth file', text: readFileSync(join(corpus, l.truth), 'utf8') }
  // only constructed pages have an unbroken source: oracle-labelled texlive pages (fepslatex) are broken at the source
  else if (corpusName === 'corpus' && l.method === 'construction' && ['healthy', 'garbled', 'reflected'].includes(l.label) && sourcePage(l.source)) {
    const s = sourcePage(l.source)
    ref = { kind: 'pdftotext of unbroken source', text: pdftotext(s.path, s.page) }
  } else if (corpusName === 'corpus' && l.method === 'construction' && ['garbled', 'reflected'].includes(l.label)) {
    ref = { kind: 'tesseract 300 dpi (source doc not installed)', text: tesseractRef(file, l.page) }
  } else if (!SCANNED.has(l.label) && l.label !== 'reflected') ref = { kind: 'pdftotext of the file', text: pdftotext(file, l.page) }
  else ref = { kind: 'tesseract 300 dpi', text: tesseractRef(file, l.page) }
  writeFileSync(cache, JSON.stringify(ref))
  return ref
}

// --- runs ---------------------------------------------------------------------------------------------------------
/** The folder the runs read: the set's pdf/, or copies of --files in the work folder. */
function inputs() {
  if (!files.length) return join(corpus, 'pdf')
  const dir = join(work, 'in')
  mkdirSync(dir, { recursive: true })
  for (const f of files) if (!existsSync(join(dir, f))) writeFileSync(join(dir, f), readFileSync(join(corpus, 'pdf', f)))
  return dir
}
function run(policy) {
  const out = join(work, `run-${policy}`)
  if (noRun) return { out, secs: 0 }
  const t = performance.now()
  const extra = pageTimeout ? ['--page-timeout', pageTimeout, '--redo-failed'] : []
  const r = spawnSync(process.execPath, [bin, 'run', '--out', out, '--jobs', jobs, '--policy', policy, ...extra, inputs()], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
  const secs = (performance.now() - t) / 1000
  if (r.status !== 0 && !existsSync(join(out, 'pages.jsonl'))) {
    console.log(`text-quality: run --policy ${policy} failed (${r.status}): ${(r.stderr ?? '').slice(-400)}`)
    process.exit(1)
  }
  return { out, secs }
}
/** pages.jsonl rows by "dNNNN.pdf:page", and per page the reports' ms.ocr + ms.render. */
function readRun(out) {
  const rows = new Map()
  for (const line of readFileSync(join(out, 'pages.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue
    const p = JSON.parse(line)
    rows.set(`${basename(p.file)}:${p.page}`, p)
  }
  // pages that failed on a time limit (the page's OCR, the page, the document): a loaded machine, not the text
  const timedOut = new Set()
  const csv = join(out, 'documents.csv')
  const docTimeout = new Set()
  if (existsSync(csv)) for (const line of readFileSync(csv, 'utf8').split('\n')) if (/,[A-Z_]*TIMEOUT,/.test(line)) docTimeout.add(line.split(',')[1])
  for (const p of rows.values()) if (p.action === 'failed' && docTimeout.has(p.hash)) timedOut.add(`${basename(p.file)}:${p.page}`)
  const ms = new Map() // hash -> page -> ms
  const dir = join(out, 'documents')
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    if (!f.endsWith('.json')) continue
    try {
      const rep = JSON.parse(readFileSync(join(dir, f), 'utf8'))
      const m = new Map()
      for (const v of rep.pageVerdicts ?? []) {
        m.set(v.page, v.ms ?? {})
        if (/TIMEOUT/.test(v.error?.code ?? '')) timedOut.add(`${basename(rep.file ?? '')}:${v.page}`)
      }
      ms.set(f.slice(0, -5), m)
    } catch {
      // an unreadable report leaves the timings out
    }
  }
  return { rows, ms, timedOut }
}

if (refsOnly) {
  let n = 0
  for (const l of labels) {
    if (l.label === 'uncertain') continue
    reference(l)
    n++
  }
  console.log(`text-quality: ${n} references cached in ${refs}`)
  process.exit(0)
}

const auto = run('auto')
const extract = run('extract')
const A = readRun(auto.out)
const E = readRun(extract.out)

const others = common.map((d) => readRun(join(resolve(d), 'run-auto')))
const keep = others.map((r) => r.rows)
// --drop-timeouts: leave out pages that failed on a time limit in this run or a --common one (listed)
const dropTimeouts = args.includes('--drop-timeouts')
const dropped = []
const per = new Map()
const worse = []
const missing = []
const noLayer = []
const failed = []
const all = []
for (const l of labels) {
  if (l.label === 'uncertain') continue // no honest reference: the oracle/person could not tell
  const key = `${basename(l.file)}:${l.page}`
  const p = A.rows.get(key)
  const e = E.rows.get(key)
  if (keep.some((rows) => !rows.has(key))) continue
  if (!p && common.length) continue // --common: the pages every run has done
  if (dropTimeouts && [A, ...others].some((r) => r.timedOut.has(key))) {
    dropped.push(key)
    continue
  }
  if (!p) {
    missing.push(key)
    continue
  }
  const ref = reference(l)
  if (p.action === 'failed') failed.push(key)
  const out = p.text ?? ''
  if (p.layerText == null && !e) noLayer.push(key) // the extract run has not reached it: no layer to compare
  const layer = p.layerText ?? e?.text ?? ''
  const poppler = pdftotext(join(corpus, l.file), l.page)
  const fo = f1(out, ref.text)
  const fl = f1(layer, ref.text)
  const fp = f1(poppler, ref.text)
  // Added text (a picture's words the reference lacks) lowers F1 against a layer-only reference without losing
  // anything the file had: whether the output kept every word of the layer tells the two apart.
  const kept = recall(out, layer)
  const t = (A.ms.get(p.hash) ?? A.ms.get(p.hash?.slice(0, 32)) ?? A.ms.get(p.hash?.slice(0, 64)))?.get(l.page) ?? {}
  const ocrMs = (t.ocr ?? 0) + (t.render ?? 0)
  all.push({ page: key, label: l.label, ref: ref.kind, out: fo, layer: fl, poppler: fp, kept, action: p.action, layerKind: p.layer, ocrMs })
  let s = per.get(l.label)
  if (!s) per.set(l.label, (s = { n: 0, sum: 0, min: 1, lsum: 0, lmin: 1, ocr: 0, ocrTimed: 0, ms: 0, worse: 0, lost: 0, worsePoppler: 0, refs: new Set() }))
  s.n++
  s.sum += fo
  s.min = Math.min(s.min, fo)
  s.lsum += fl
  s.lmin = Math.min(s.lmin, fl)
  if (p.action === 'ocr') s.ocr++
  if ((t.ocr ?? 0) > 0) s.ocrTimed++
  s.ms += ocrMs
  s.refs.add(ref.kind)
  if (fo < fp - 0.02) s.worsePoppler++
  if (fo < fl - 0.02 && (p.layerText != null || e)) {
    s.worse++
    if (kept < 0.98) s.lost++
    // the verdict is in the last notes: keep those, the measurements before them are in pages.jsonl
    const notes = (Array.isArray(p.notes) ? p.notes : [p.notes ?? '']).slice(-2).join('; ')
    worse.push({
      page: key,
      label: l.label,
      out: fo,
      layer: fl,
      kept,
      reason:
        `layer=${p.layer} action=${p.action}${p.ocrQuality ? ` ocrQuality=${p.ocrQuality}` : ''}${p.ocrConfidence != null ? ` conf=${p.ocrConfidence}` : ''}: ${notes}`.slice(
          0,
          400,
        ),
    })
  }
}

const pad = (s, n) => String(s).padEnd(n)
const lpad = (s, n) => String(s).padStart(n)
console.log(
  `text-quality on ${setDir ? `${corpus} (${labelsFile}${files.length ? `, ${files.length} files` : ''})` : `../shared/${corpusName}`} with ${bin}${common.length ? ` (only the pages ${common.join(', ')} also did)` : ''}`,
)
console.log(`runs: auto ${auto.secs.toFixed(0)} s, extract ${extract.secs.toFixed(0)} s (wall, this invocation; 0 when reused) in ${work}`)
console.log(
  `${pad('label', 10)} ${lpad('pages', 5)} ${lpad('meanF1', 7)} ${lpad('minF1', 6)} ${lpad('layerF1', 7)} ${lpad('lyrMin', 6)} ${lpad('OCRed', 5)} ${lpad('w/ocr', 5)} ${lpad('ocr s', 7)} ${lpad('worse', 5)} ${lpad('lost', 4)} ${lpad('<popplr', 7)}  reference`,
)
const tot = { n: 0, sum: 0, lsum: 0, ocr: 0, ocrTimed: 0, ms: 0, worse: 0, lost: 0, worsePoppler: 0 }
for (const [label, s] of [...per].sort()) {
  console.log(
    `${pad(label, 10)} ${lpad(s.n, 5)} ${lpad((s.sum / s.n).toFixed(3), 7)} ${lpad(s.min.toFixed(3), 6)} ${lpad((s.lsum / s.n).toFixed(3), 7)} ${lpad(s.lmin.toFixed(3), 6)} ${lpad(s.ocr, 5)} ${lpad(s.ocrTimed, 5)} ${lpad((s.ms / 1000).toFixed(0), 7)} ${lpad(s.worse, 5)} ${lpad(s.lost, 4)} ${lpad(s.worsePoppler, 7)}  ${[...s.refs].join(' + ')}`,
  )
  for (const k of Object.keys(tot)) tot[k] += s[k]
}
const mean = (x) => (tot.n ? x / tot.n : 0).toFixed(3)
console.log(
  `${pad('all', 10)} ${lpad(tot.n, 5)} ${lpad(mean(tot.sum), 7)} ${' '.repeat(6)} ${lpad(mean(tot.lsum), 7)} ${' '.repeat(6)} ${lpad(tot.ocr, 5)} ${lpad(tot.ocrTimed, 5)} ${lpad((tot.ms / 1000).toFixed(0), 7)} ${lpad(tot.worse, 5)} ${lpad(tot.lost, 4)} ${lpad(tot.worsePoppler, 7)}`,
)
if (missing.length) console.log(`pages labelled but not in pages.jsonl: ${missing.length} (${missing.slice(0, 10).join(' ')})`)
if (dropped.length) console.log(`pages left out, failed on a time limit here or in a --common run: ${dropped.length} (${dropped.join(' ')})`)
if (failed.length) console.log(`pages failed (empty output, counted in F1): ${failed.length} (${failed.join(' ')})`)
if (noLayer.length) console.log(`pages without a layer to compare (not in the extract run): ${noLayer.length}`)
console.log(
  `pages whose output is worse than the input layer (F1 lower by > 0.02): ${worse.length}, of which ${tot.lost} lost layer words (kept < 0.98 of them)`,
)
for (const w of worse) {
  const k = w.kept >= 0.98 ? `every layer word kept (${w.kept.toFixed(2)}): text added` : `layer words kept ${w.kept.toFixed(2)}`
  console.log(`  ${w.page} [${w.label}] out ${w.out.toFixed(3)} < layer ${w.layer.toFixed(3)}, ${k}: ${w.reason}`)
}
if (jsonOut) {
  const labelsOut = Object.fromEntries([...per].map(([k, s]) => [k, { ...s, refs: [...s.refs] }]))
  writeFileSync(jsonOut, JSON.stringify({ corpus: corpusName, bin, labels: labelsOut, worse, missing, noLayer, failed, dropped, pages: all }, null, 1))
}
