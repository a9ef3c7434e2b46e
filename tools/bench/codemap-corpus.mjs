// Measures @pdftriage/repair-codemap on the garbled pages of ../shared/corpus: how many are repaired, and the character
// error rate (NFKC, whitespace collapsed) of the repaired text and of a whole-page OCR against the unbroken source page
// (pdf.js's text of it, through the same extractor; texlive documentation installed under /usr/share/doc/texlive-doc).
//   node tools/bench/codemap-corpus.mjs [--no-ocr] [--only d0002,d0020] [--out rows.jsonl] [--texts DIR] [--verbose] [--codemap JSON]
//     [--no-file-names]   (the repair without the glyph names the file defines beyond /Differences, as before round 18)
// The OCR figure is the anchor region's OCR (the page's text block at 300 dpi) where one was read, else a page OCR.
// Skips cleanly without the corpus. Needs `npm run build`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cer, ocrPage, pieces, triageDocument } from './codemap-lib.mjs'

const CORPUS = new URL('../../../shared/corpus/', import.meta.url).pathname
const args = process.argv.slice(2)
const opt = (k) => (args.includes(k) ? args[args.indexOf(k) + 1] : undefined)
const noOcr = args.includes('--no-ocr')
const only = opt('--only')?.split(',')
const labelSet = (opt('--labels') ?? 'garbled').split(',')
if (!existsSync(join(CORPUS, 'labels.jsonl'))) {
  console.log('corpus not found: nothing measured')
  process.exit(0)
}
const DOC = '/usr/share/doc/texlive-doc/'
const labels = readFileSync(join(CORPUS, 'labels.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
// --codemap '{"maxRegionsPerFont":1}': repair-codemap's options, to compare settings
const p = await pieces({ codemapOptions: JSON.parse(opt('--codemap') ?? '{}'), noFileNames: args.includes('--no-file-names') })
const rows = []
const t0 = performance.now()
for (const l of labels) {
  if (!labelSet.includes(l.label)) continue
  const id = l.file.replace(/^pdf\/|\.pdf$/g, '')
  if (only && !only.includes(id)) continue
  const doc = await p.ex.open(new Uint8Array(readFileSync(join(CORPUS, l.file))))
  const st = await triageDocument(doc, p, { pages: { from: l.page, to: l.page } })
  const r = st.pages[0]
  let truth
  const m = /^texlive-doc:(.*) p\.(\d+)$/.exec(l.source ?? '')
  if (m && !m[1].includes('epslatex') && existsSync(DOC + m[1])) {
    const src = await p.ex.open(new Uint8Array(readFileSync(DOC + m[1])))
    truth = (await src.getPageText(Number(m[2]))).text
    await src.close()
  }
  const row = {
    id,
    page: l.page,
    variant: /variant=(\w)/.exec(l.notes)?.[1] ?? l.method,
    layer: r.layer,
    repair: r.repair ?? null,
    regions: st.regions,
    regionS: +(st.regionMs / 1000).toFixed(2),
  }
  if (truth !== undefined) row.cerRepaired = r.repair ? +cer(r.text, truth).toFixed(4) : null
  if (truth !== undefined && r.repair) row.cerRepairedPua = +cer(r.text, truth, { pua: true }).toFixed(4)
  if (!noOcr && (truth !== undefined || r.repair)) {
    // the whole page read at 300 dpi, as the pipeline OCRs a page: an anchor region need not hold every line (corpus
    // d0020's one region left lines out, and its OCR read 0.59 against the source), so it is not taken for the page's
    const o = await ocrPage(doc, p, l.page)
    if (truth !== undefined) row.cerOcr = +cer(o, truth).toFixed(4)
    if (truth !== undefined) row.cerOcrPua = +cer(o, truth, { pua: true }).toFixed(4)
    if (r.repair) row.cerRepairedVsOcr = +cer(r.text, o).toFixed(4)
  }
  if (opt('--texts')) {
    // the texts compared, for reading the diffs
    if (r.repair) writeFileSync(join(opt('--texts'), `${id}.repaired.txt`), r.text)
    if (truth !== undefined) writeFileSync(join(opt('--texts'), `${id}.source.txt`), truth)
  }
  if (r.declined) row.declined = r.declined.notes
  row.notes = r.notes.filter((n) => n.startsWith('codemap') || n.startsWith('reflect')).slice(0, args.includes('--verbose') ? undefined : 12)
  await doc.close()
  rows.push(row)
  console.log(JSON.stringify(args.includes('--verbose') ? row : { ...row, notes: undefined }))
}
await p.ocr.close()
if (opt('--out')) writeFileSync(opt('--out'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
const rep = rows.filter((r) => r.repair)
const withTruth = rep.filter((r) => r.cerRepaired != null)
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN)
console.log(`pages ${rows.length}, repaired ${rep.length} (${rep.map((r) => r.repair).join(',')})`)
console.log(
  `repaired with a source page: ${withTruth.length}, CER mean ${mean(withTruth.map((r) => r.cerRepaired)).toFixed(4)}, max ${Math.max(...withTruth.map((r) => r.cerRepaired)).toFixed(4)}, pages over 0.01: ${withTruth
    .filter((r) => r.cerRepaired > 0.01)
    .map((r) => r.id)
    .join(' ')}`,
)
const med = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN
}
if (withTruth.length) {
  const raw = withTruth.map((r) => r.cerRepaired)
  const pua = withTruth.map((r) => r.cerRepairedPua)
  console.log(`CER raw: median ${med(raw).toFixed(4)}, pages <= 0.01: ${raw.filter((x) => x <= 0.01).length}`)
  console.log(
    `CER with the source's PUA figures and small capitals folded: mean ${mean(pua).toFixed(4)}, median ${med(pua).toFixed(4)}, pages <= 0.01: ${pua.filter((x) => x <= 0.01).length}`,
  )
}
const oc = rows.filter((r) => r.cerOcr != null)
if (oc.length)
  console.log(
    `OCR of the same pages (${oc.length}): CER mean ${mean(oc.map((r) => r.cerOcr)).toFixed(4)}, median ${med(oc.map((r) => r.cerOcr)).toFixed(4)}; PUA folded mean ${mean(oc.map((r) => r.cerOcrPua)).toFixed(4)}`,
  )
console.log(`OCR regions ${rows.reduce((a, r) => a + r.regions, 0)}, ${((performance.now() - t0) / 1000).toFixed(1)} s`)
