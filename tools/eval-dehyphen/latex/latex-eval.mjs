// Held-out check of @pdftriage/postpass-dehyphen on PDFs typeset by real LaTeX (see README.md). Run from the
// repository root after building: `npx tsc -b packages/postpass-dehyphen packages/extract-pdfjs &&
// node tools/eval-dehyphen/latex/latex-eval.mjs`. VERBOSE=1 lists failures; DUMP=<doc> prints a rebuilt text;
// KEEP=1 keeps the temporary directory with the .tex and .pdf files.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// --set tech: the technical-manual set (tech-docs.mjs) instead of the default one (docs.mjs); --set dref: a real
// manual's prose in the same layouts (dref-docs.mjs).
const set = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1] : 'default'
const SETS = { default: './docs.mjs', tech: './tech-docs.mjs', dref: './dref-docs.mjs' }
if (!SETS[set]) throw new Error(`latex-eval: unknown --set ${set} (${Object.keys(SETS).join(', ')})`)
const { docs } = await import(SETS[set])

const ROOT = new URL('../../../', import.meta.url).pathname
const probe = spawnSync('pdflatex', ['--version'], { encoding: 'utf8' })
if (probe.error || probe.status !== 0) {
  console.log('latex-eval: skipped, pdflatex is not installed (benchmark-only tool: texlive-latex-base, -latex-recommended, -fonts-recommended, -lang-french)')
  process.exit(0)
}
const hasPdftotext = !spawnSync('pdftotext', ['-v']).error

const { default: extractor } = await import(join(ROOT, 'packages/extract-pdfjs/dist/src/index.js'))
// POSTPASS=<path to a built index.js> runs another build of the post-pass (a patched copy, to try a fix).
const { rebuildText, dehyphenOptionsSchema } = await import(process.env.POSTPASS ?? join(ROOT, 'packages/postpass-dehyphen/dist/src/index.js'))

/** Words normalised for comparison as in ../eval.mjs: NFC, curly apostrophes straightened. */
const toks = (s) => s.normalize('NFC').replace(/’/g, "'").split(/\s+/).filter(Boolean)
/**
 * Loose words: without the punctuation around them (French spacing before ; : ! ? decides only these tokens) and
 * without note marks, glued (enquiry1, 1Requests) or apart (routière 1, "1." opening a note). The texts spell every
 * number out, so digits are never source words.
 */
const PUNCT = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu
const loose = (ws) => ws.map((w) => w.replace(PUNCT, '').replace(/^\p{N}+(?=\p{L})|(?<=\p{L})\p{N}+$/u, '')).filter((w) => w && !/^\p{N}+$/u.test(w))

/** LCS of two word arrays with the matched index pairs (full table: documents are a few thousand words). */
function align(a, b) {
  const W = b.length + 1
  const t = new Uint16Array((a.length + 1) * W)
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) t[i * W + j] = a[i - 1] === b[j - 1] ? t[(i - 1) * W + j - 1] + 1 : Math.max(t[(i - 1) * W + j], t[i * W + j - 1])
  }
  const pairs = []
  for (let i = a.length, j = b.length; i > 0 && j > 0;) {
    if (a[i - 1] === b[j - 1]) pairs.push([--i, --j])
    else if (t[(i - 1) * W + j] >= t[i * W + j - 1]) i--
    else j--
  }
  return pairs.reverse()
}

/** Runs of unmatched words on either side, with a little matched context, for the VERBOSE listing. */
function diffRuns(a, b, pairs) {
  const out = []
  let pi = 0
  let pj = 0
  for (const [i, j] of [...pairs, [a.length, b.length]]) {
    if (i > pi || j > pj)
      out.push(
        `…${a.slice(Math.max(0, pi - 3), pi).join(' ')} [source: ${a.slice(pi, i).join(' ')}] [output: ${b.slice(pj, j).join(' ')}] ${a.slice(i, i + 3).join(' ')}…`,
      )
    pi = i + 1
    pj = j + 1
  }
  return out
}

function compile(dir, name, tex) {
  writeFileSync(join(dir, `${name}.tex`), tex)
  // Twice: \pageref{LastPage} needs the .aux of a first run.
  for (let k = 0; k < 2; k++) {
    const r = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', `${name}.tex`], { cwd: dir, encoding: 'utf8' })
    if (r.status !== 0)
      throw new Error(
        `pdflatex failed on ${name}:\n${
          r.stdout
            .split('\n')
            .filter((l) => l.startsWith('!'))
            .join('\n') || r.stdout.slice(-2000)
        }`,
      )
  }
  return readFileSync(join(dir, `${name}.pdf`))
}

/** Truth of a line-end hyphen site: 'keep' when the source has L-R, 'join' when it has LR, else undefined. */
function truthOf(site, words) {
  const L = site.left.replace(/’/g, "'").replace(/-$/, '').replace(PUNCT, '').toLowerCase()
  const r0 = site.right.replace(/’/g, "'")
  for (const right of [r0, r0.replace(/\d+([^\p{L}\p{N}]*)$/u, '$1')]) {
    const R = right.replace(PUNCT, '').toLowerCase()
    const keep = words.has(`${L}-${R}`)
    const join_ = words.has(`${L}${R}`)
    if (keep && join_) return 'either'
    if (keep) return 'keep'
    if (join_) return 'join'
  }
  return undefined
}

/** Line-end hyphen pairs as pdftotext reads the PDF (an independent count of the sites the post-pass should see). */
function pdftotextSites(pdfPath) {
  const r = spawnSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-nopgbrk', pdfPath, '-'], { encoding: 'utf8' })
  const lines = r.stdout.split('\n')
  const out = []
  for (let i = 0; i + 1 < lines.length; i++) {
    const m = /(\S+-)$/.exec(lines[i].trimEnd())
    const n = /^(\S+)/.exec(lines[i + 1].trimStart())
    if (m && n && /^\p{L}/u.test(n[1]) && /\p{L}-$/u.test(m[1])) out.push({ left: m[1], right: n[1] })
  }
  // The text as pdftotext gives it by default (its own reading order, line-end hyphens joined), for comparison.
  const text = spawnSync('pdftotext', ['-enc', 'UTF-8', '-nopgbrk', pdfPath, '-'], { encoding: 'utf8' }).stdout
  return { sites: out, text }
}

const dir = mkdtempSync(join(tmpdir(), 'latex-eval-'))
// NOVOCAB=1: the document's own words do not decide hyphens (every site decided as on text never seen before).
const opts = dehyphenOptionsSchema.parse({ documentWords: !process.env.NOVOCAB })
const ex = await extractor.create(extractor.optionsSchema.parse({}), { baseDir: process.cwd() })
const verbose = []
const T = {
  words: 0,
  strict: 0,
  loose: 0,
  looseN: 0,
  sites: {},
  unmatched: 0,
  missed: 0,
  left: 0,
  notes: 0,
  notesOk: 0,
  paras: 0,
  parasFound: 0,
  spurious: 0,
  whole: 0,
  wholeN: 0,
  base: {},
  ptt: 0,
  pttN: 0,
}
const t0 = Date.now()
try {
  for (const d of docs()) {
    const bytes = compile(dir, d.name, d.tex)
    const doc = await ex.open(new Uint8Array(bytes))
    const pages = []
    for (let n = 1; n <= doc.pageCount; n++) pages.push(await doc.getPageText(n))
    await doc.close()
    const r = rebuildText({ info: { pageCount: pages.length }, pages }, opts)
    const fonts = [...new Set(pages.flatMap((p) => Object.values(p.fonts ?? {}).map((f) => f.kind)))].join('/')

    // 1. Word accuracy: source words (body, then notes) intact and in order in the body and notes (as ../eval.mjs).
    const out = r.paragraphs.filter((p) => p.kind !== 'header' && p.kind !== 'footer')
    const src = [...d.truth.words, ...d.truth.notes.flatMap(toks)].flatMap(toks)
    const got = out.flatMap((p) => toks(p.text))
    const pairs = align(src, got)
    // Loose: punctuation around words dropped, note marks words of their own (a space before a superscript is no loss).
    const srcL = loose([...d.truth.words, ...d.truth.notes].flatMap(toks))
    const gotL = loose(got)
    const pairsL = align(srcL, gotL)
    if (process.env.VERBOSE) for (const run of diffRuns(srcL, gotL, pairsL)) verbose.push(`${d.name} words: ${run}`)

    // 2. Hyphen sites, their truth from the source's words.
    const words = new Set(srcL.map((w) => w.toLowerCase()))
    const st = (T.sites[d.lang] ??= { right: 0, wrong: 0, kept: 0, compounds: 0, unmatched: 0 })
    const base = (T.base[d.lang] ??= { right: 0, n: 0 })
    const loc = { right: 0, wrong: 0, kept: 0, compounds: 0, unmatched: 0, baseRight: 0 }
    for (const s of r.sites) {
      const t = truthOf(s, words)
      if (t === undefined) {
        loc.unmatched++
        if (process.env.VERBOSE) verbose.push(`${d.name} unmatched site p${s.page}: ${s.left}|${s.right} -> ${s.decision.choice} [${s.decision.reason}]`)
        continue
      }
      const ok = t === 'either' || s.decision.choice === t
      loc[ok ? 'right' : 'wrong']++
      if (t === 'keep') {
        loc.compounds++
        if (ok) loc.kept++
      }
      if (t !== 'keep') loc.baseRight++
      if (!ok && process.env.VERBOSE) verbose.push(`${d.name} wrong p${s.page}: ${s.left}|${s.right} (${t}) -> ${s.decision.choice} [${s.decision.reason}]`)
    }
    for (const k of ['right', 'wrong', 'kept', 'compounds', 'unmatched']) st[k] += loc[k]
    base.right += loc.baseRight
    base.n += loc.right + loc.wrong

    // 3. Sites pdftotext sees that the post-pass never decided (lines it merged, split or reordered).
    let missed = 0
    let ptt
    if (hasPdftotext) {
      ptt = pdftotextSites(join(dir, `${d.name}.pdf`))
      const seen = new Map()
      const key = (s) => `${s.left}|${s.right.replace(PUNCT, '')}`
      for (const s of r.sites) seen.set(key(s), (seen.get(key(s)) ?? 0) + 1)
      for (const s of ptt.sites) {
        const k = key(s)
        if (seen.get(k)) seen.set(k, seen.get(k) - 1)
        else {
          missed++
          if (process.env.VERBOSE) verbose.push(`${d.name} site seen by pdftotext, not decided by the post-pass: ${k}`)
        }
      }
      // pdftotext's own text (headers included, its own hyphen handling) against the source, loose words.
      const pw = loose(toks(ptt.text))
      T.ptt += align(srcL, pw).length
      T.pttN += srcL.length
    }

    // 4. Running heads and feet left in body paragraphs: occurrences beyond the source's (a title may repeat a head);
    // page numbers: number words of the body output that the loose alignment leaves unmatched.
    let left = 0
    const body = out.filter((p) => p.kind !== 'footnote')
    const srcText = d.truth.words.join(' ').replace(/’/g, "'")
    const count = (t, h) => t.split(h).length - 1
    for (const h of d.truth.heads) {
      const extra = body.reduce((a, p) => a + count(p.text.replace(/’/g, "'"), h), 0) - count(srcText, h)
      if (extra > 0) {
        left += extra
        if (process.env.VERBOSE)
          for (const p of body)
            if (p.text.replace(/’/g, "'").includes(h)) verbose.push(`${d.name} running text "${h}" in body paragraph "${p.text.slice(0, 90)}…"`)
      }
    }
    // A number word in a body paragraph is a note mark when it follows the word carrying that note, else a stray.
    const carriers = new Map()
    for (const w of d.truth.words) {
      const m = /^(.*?\p{L}[^\p{N}]*?)(\p{N}+)([^\p{L}\p{N}]*)$/u.exec(w)
      if (m) carriers.set(m[2], m[1].replace(PUNCT, '').replace(/’/g, "'"))
    }
    // Numbers the source itself holds (a real manual's text, --set dref) are not strays, up to the source's count.
    const own = new Map()
    for (const w of d.truth.words) {
      const n = w.replace(PUNCT, '')
      if (/^\p{N}+$/u.test(n)) own.set(n, (own.get(n) ?? 0) + 1)
    }
    for (const p of body) {
      const ws = toks(p.text).map((w) => w.replace(PUNCT, ''))
      ws.forEach((w, i) => {
        if (!/^\p{N}+$/u.test(w) || (i > 0 && carriers.get(w) === ws[i - 1])) return
        if (own.get(w) > 0) return void own.set(w, own.get(w) - 1)
        left++
        if (process.env.VERBOSE) verbose.push(`${d.name} stray number "${w}" in "…${ws.slice(Math.max(0, i - 5), i + 5).join(' ')}…"`)
      })
    }

    // 5. Footnotes: 'footnote' paragraphs against the notes typeset; a note is found when its text is in one.
    const fn = r.paragraphs.filter((p) => p.kind === 'footnote')
    const norm = (s) => loose(toks(s)).join(' ')
    let notesOk = 0
    for (const n of d.truth.notes) {
      const body = norm(n.replace(/^\d+ /, ''))
      if (fn.some((p) => norm(p.text).includes(body))) notesOk++
      else if (process.env.VERBOSE) verbose.push(`${d.name} footnote not found as a footnote paragraph: ${n.slice(0, 70)}…`)
    }

    // 6. Paragraph breaks: a source block (paragraph or heading) is found when an output body paragraph starts with
    // its first words; an output paragraph starting elsewhere is a spurious break (a paragraph cut in two).
    const PREFIX = 5
    const head = (t) => loose(toks(t)).slice(0, PREFIX).join(' ')
    const srcStarts = new Set(d.truth.starts.map(head))
    const outStarts = body.map((p) => head(p.text))
    const outSet = new Set(outStarts)
    let parasFound = 0
    for (const st of srcStarts)
      if (outSet.has(st)) parasFound++
      else if (process.env.VERBOSE) verbose.push(`${d.name} paragraph start not found: "${st}…"`)
    let spurious = 0
    body.forEach((p, i) => {
      if (srcStarts.has(outStarts[i])) return
      spurious++
      if (process.env.VERBOSE)
        verbose.push(`${d.name} spurious paragraph break p${p.pages[0]} (${p.kind}): "${(body[i - 1]?.text ?? '').slice(-50)}" ‖ "${p.text.slice(0, 60)}…"`)
    })
    // 7. Paragraphs whole: a source paragraph (not a heading) whose loose words are exactly those of one output body
    // paragraph: no wrong hyphen decision in it, not cut, not merged with another.
    const outWhole = new Set(body.map((p) => loose(toks(p.text)).join(' ')))
    let whole = 0
    for (const p of d.truth.paras) {
      if (outWhole.has(loose(toks(p)).join(' '))) whole++
      else if (process.env.VERBOSE) verbose.push(`${d.name} paragraph not whole: "${p.slice(0, 60)}…"`)
    }
    T.whole += whole
    T.wholeN += d.truth.paras.length
    T.paras += srcStarts.size
    T.parasFound += parasFound
    T.spurious += spurious

    T.words += src.length
    T.strict += pairs.length
    T.loose += pairsL.length
    T.looseN += srcL.length
    T.unmatched += loc.unmatched
    T.missed += missed
    T.left += left
    T.notes += d.truth.notes.length
    T.notesOk += notesOk
    const n = loc.right + loc.wrong
    const pc = (a, b) => (b ? ((100 * a) / b).toFixed(2) : '-')
    console.log(
      `${d.name} (${d.lang}, ${pages.length} pages, ${fonts}): words ${src.length}, intact ${pc(pairs.length, src.length)} % (loose ${pc(pairsL.length, srcL.length)} %); ` +
        `hyphen sites ${r.sites.length}: right ${loc.right}/${n} (${pc(loc.right, n)} %), compounds kept ${loc.kept}/${loc.compounds}, unmatched ${loc.unmatched}` +
        `${hasPdftotext ? `, pdftotext sites ${ptt.sites.length} (${missed} not decided)` : ''}; join-all ${pc(loc.baseRight, n)} %; ` +
        `running/page numbers in body ${left}; footnotes ${fn.length} paragraphs, ${notesOk}/${d.truth.notes.length} notes found; paragraph starts ${parasFound}/${srcStarts.size}, spurious breaks ${spurious}; paragraphs whole ${whole}/${d.truth.paras.length}`,
    )
    if (process.env.DUMP === d.name) console.log(r.text)
  }
} finally {
  if (process.env.KEEP) console.log(`kept ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}
for (const [lang, s] of Object.entries(T.sites)) {
  const n = s.right + s.wrong
  console.log(
    `${lang}: hyphen decisions ${s.right}/${n} right (${((100 * s.right) / n).toFixed(2)} %), compounds kept ${s.kept}/${s.compounds}, unmatched sites ${s.unmatched}; join-all baseline ${T.base[lang].right}/${T.base[lang].n} (${((100 * T.base[lang].right) / T.base[lang].n).toFixed(2)} %)`,
  )
}
console.log(
  `all: word accuracy ${((100 * T.strict) / T.words).toFixed(2)} % of ${T.words} words (loose ${((100 * T.loose) / T.looseN).toFixed(2)} %); ` +
    `running/page numbers left in body ${T.left}; footnotes found ${T.notesOk}/${T.notes}; paragraph starts ${T.parasFound}/${T.paras}, spurious breaks ${T.spurious}; paragraphs whole ${T.whole}/${T.wholeN}; sites not decided ${T.missed}` +
    `${hasPdftotext ? `; pdftotext text, loose words ${((100 * T.ptt) / T.pttN).toFixed(2)} %` : ''}; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
)
for (const v of verbose) console.log('  ' + v)
