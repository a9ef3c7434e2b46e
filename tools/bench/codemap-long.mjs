// A long born-digital French document with every font broken by the corpus tools' variants (A: codes renumbered to
// ASCII, B: pseudo-random Latin-1, C: no ToUnicode and /Differences names that number the glyphs, `/g17`, each
// glyph added under that name beside its own in the Type 1 program), through judge-gates, reflect and codemap:
// OCR regions spent per font, time against OCRing every page, CER of the text against the unbroken original (pdf.js's
// text of it, page by page; pages the repair declines are OCRed, as the pipeline would).
//   node tools/bench/codemap-long.mjs [--src lshort-fr.pdf] [--variants A,B,C] [--ocr-sample 3] [--pages 1-40]
//     [--no-ocr] [--declined FILE.jsonl] [--texts DIR] [--dump FILE.jsonl] [--codemap JSON] [--no-file-names]
// --no-ocr measures the repair pass only (declined pages are not OCRed: no time ratio or document CER); --declined
// writes each declined page's reason and evidence, one JSON line a page; --texts the repaired and true texts of the
// repaired pages with the most edits; --dump every page's kind (repaired, kept, ocr), text, truth, edits and notes, to
// break the document's CER and its OCR regions down.
// Needs ../shared/corpus/tools (the variants) and Debian's python3-pikepdf and python3-fonttools; skips cleanly
// without them. Broken files are cached in /tmp/codemap-long/.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cer, distance, ocrPage, pieces, triageDocument } from './codemap-lib.mjs'

const args = process.argv.slice(2)
const opt = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d)
const SRC = opt('--src', '/usr/share/doc/texlive-doc/latex/lshort-french/lshort-fr.pdf')
const TOOLS = new URL('../../../shared/corpus/tools/', import.meta.url).pathname
const variants = opt('--variants', 'A,B,C').split(',')
const noOcr = args.includes('--no-ocr')
const sample = noOcr ? 0 : Number(opt('--ocr-sample', '3'))
const range = opt('--pages')?.split('-').map(Number)
if (!existsSync(TOOLS + 'pdfcorpus.py') || !existsSync(SRC)) {
  console.log('corpus tools or source document not found: nothing measured')
  process.exit(0)
}
const CACHE = '/tmp/codemap-long/'
mkdirSync(CACHE, { recursive: true })
// --codemap '{"maxRegionsPerFont":1}': repair-codemap's options, to compare settings
const p = await pieces({ codemapOptions: JSON.parse(opt('--codemap') ?? '{}'), noFileNames: args.includes('--no-file-names') })
const orig = await p.ex.open(new Uint8Array(readFileSync(SRC)))
const truth = []
for (let n = 1; n <= orig.pageCount; n++) truth.push((await orig.getPageText(n)).text)
// OCR of every page, estimated from a sample of pages spread over the document (the OCR stage's own call)
const picks = Array.from({ length: sample }, (_, i) => Math.round(((i + 1) * orig.pageCount) / (sample + 1)))
const t0 = performance.now()
const ocrCer = []
for (const n of picks) ocrCer.push(cer(await ocrPage(orig, p, n), truth[n - 1]))
const ocrPerPage = picks.length ? (performance.now() - t0) / 1000 / picks.length : NaN
console.log(
  `${SRC}: ${orig.pageCount} pages; OCR ${ocrPerPage.toFixed(2)} s a page (pages ${picks.join(', ')}, CER ${ocrCer.map((c) => c.toFixed(4)).join(', ')}), every page ~${(ocrPerPage * orig.pageCount).toFixed(0)} s`,
)
await orig.close()

for (const v of variants) {
  const file = `${CACHE}${SRC.split('/')
    .pop()
    .replace(/\.pdf$/, '')}-${v}.pdf`
  if (!existsSync(file)) {
    try {
      execFileSync('/usr/bin/python3', [new URL('./codemap-long/break.py', import.meta.url).pathname, TOOLS, SRC, file, v], { stdio: 'inherit' })
    } catch (e) {
      console.log(`variant ${v}: could not be built (${e.message}); skipped`)
      continue
    }
  }
  const doc = await p.ex.open(new Uint8Array(readFileSync(file)))
  const t1 = performance.now()
  const st = await triageDocument(doc, p, range ? { pages: { from: range[0], to: range[1] ?? range[0] } } : {})
  const repairMs = performance.now() - t1
  const fonts = new Map()
  for (const r of st.pages) {
    for (const n of r.notes) {
      const m = /codemap: font (\S+): (\d+) codes mapped \(([^)]*)\), (\d+) votes, agreement (\S+), (\d+) OCR region/.exec(n)
      if (m) fonts.set(m[1], { codes: +m[2], how: m[3], votes: +m[4], agreement: m[5], regions: Math.max(+m[6], fonts.get(m[1])?.regions ?? 0) })
    }
  }
  // pages still needing OCR are OCRed, as the pipeline would
  const t2 = performance.now()
  const texts = []
  let ocred = 0
  for (const r of st.pages) {
    if (r.repair || !r.needsOcr) texts.push(r.text)
    else if (noOcr) texts.push(undefined)
    else {
      texts.push(await ocrPage(doc, p, r.n))
      ocred++
    }
  }
  const ocrMs = performance.now() - t2
  await doc.close()
  const repaired = st.pages.filter((r) => r.repair).length
  const kept = st.pages.filter((r) => !r.repair && !r.needsOcr).length
  // summed page by page: the edit distance of a whole book at once would not end
  const sum = (pairs) => {
    let d = 0
    let n = 0
    for (const [h, r] of pairs) {
      const x = distance(h, r)
      d += x.d
      n += x.n
    }
    return n ? d / n : 0
  }
  const docCer = noOcr ? NaN : sum(texts.map((t, i) => [t, truth[st.pages[i].n - 1]]))
  const repairedCer = sum(st.pages.filter((r) => r.repair).map((r) => [r.text, truth[r.n - 1]]))
  const worst = st.pages
    .filter((r) => r.repair)
    .map((r) => ({ page: r.n, ...distance(r.text, truth[r.n - 1]) }))
    .sort((a, b) => b.d - a.d)
  if (opt('--texts'))
    for (const w of worst.slice(0, 15)) {
      writeFileSync(`${opt('--texts')}/${v}-p${w.page}.repaired.txt`, st.pages.find((r) => r.n === w.page).text)
      writeFileSync(`${opt('--texts')}/${v}-p${w.page}.truth.txt`, truth[w.page - 1])
    }
  const total = (repairMs + ocrMs) / 1000
  const perFont = [...fonts.values()].map((f) => f.regions)
  console.log(
    `variant ${v}: ${st.pages.length} pages: ${repaired} repaired (${[...new Set(st.pages.filter((r) => r.repair).map((r) => r.repair))].join(',')}), ${kept} kept, ${ocred} OCRed`,
  )
  console.log(
    `  OCR regions ${st.regions} (${(st.regionMs / 1000).toFixed(1)} s), fonts repaired ${fonts.size}, regions per font max ${Math.max(0, ...perFont)}, mean ${(perFont.reduce((a, b) => a + b, 0) / Math.max(1, perFont.length)).toFixed(2)}`,
  )
  console.log(
    `  time ${total.toFixed(1)} s (repair pass ${(repairMs / 1000).toFixed(1)} s, OCR of declined pages ${(ocrMs / 1000).toFixed(1)} s) = ${(total / (ocrPerPage * st.pages.length)).toFixed(3)} of OCRing every page`,
  )
  console.log(`  CER against the original: document ${docCer.toFixed(4)}, repaired pages ${repairedCer.toFixed(4)}`)
  console.log(
    `  repaired pages with the most edits: ${worst
      .slice(0, 15)
      .map((w) => `p${w.page} ${w.d}/${w.n}`)
      .join(', ')}`,
  )
  const reasons = new Map()
  for (const r of st.pages) if (r.declined) reasons.set(r.declined.reason, [...(reasons.get(r.declined.reason) ?? []), r.n])
  console.log(
    `  declined by codemap: ${[...reasons].map(([k, ns]) => `${k} ${ns.length} (pages ${ns.slice(0, 12).join(',')}${ns.length > 12 ? ',...' : ''})`).join('; ') || 'none'}`,
  )
  if (opt('--dump'))
    writeFileSync(
      opt('--dump').replace(/(\.jsonl)?$/, `-${v}$1`),
      st.pages
        .map((r, i) => {
          const kind = r.repair ? 'repaired' : r.needsOcr ? 'ocr' : 'kept'
          const truthText = truth[r.n - 1]
          const x = texts[i] === undefined ? undefined : distance(texts[i], truthText)
          return JSON.stringify({
            page: r.n,
            kind,
            repair: r.repair,
            edits: x?.d,
            length: x?.n,
            text: texts[i],
            truth: truthText,
            notes: r.declined?.notes ?? r.notes,
          })
        })
        .join('\n') + '\n',
    )
  if (opt('--declined'))
    writeFileSync(
      opt('--declined').replace(/(\.jsonl)?$/, `-${v}$1`),
      st.pages
        .filter((r) => r.declined)
        .map((r) => JSON.stringify({ n: r.n, reason: r.declined.reason, notes: r.declined.notes }))
        .join('\n') + '\n',
    )
  for (const [f, x] of [...fonts.entries()].slice(0, 40))
    console.log(`    font ${f}: ${x.codes} codes (${x.how}), ${x.votes} votes, agreement ${x.agreement}, ${x.regions} region(s)`)
}
await p.ocr.close()
