// Shared by the codemap benches: the pipeline pieces (extract-pdfjs, judge-gates, reflect, codemap, tesseract) wired
// as the runner wires them, a region OCR counted per call, and the character error rate used in every figure.
import { cropImage, judgePage, repairPage } from '@pdftriage/core'
import extract from '@pdftriage/extract-pdfjs'
import gates from '@pdftriage/judge-gates'
import reflect from '@pdftriage/repair-reflect'
import codemap from '@pdftriage/repair-codemap'
import tesseract from '@pdftriage/ocr-tesseract'

export async function pieces({ workers = 1, repairs = ['reflect', 'codemap'], codemapOptions = {}, noFileNames = false } = {}) {
  const ex = await extract.create(extract.optionsSchema.parse({}), { baseDir: '.' })
  const judges = [await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })]
  const list = []
  if (repairs.includes('reflect')) list.push(await reflect.create(reflect.optionsSchema.parse({}), { baseDir: '.' }))
  if (repairs.includes('codemap')) list.push(await codemap.create(codemap.optionsSchema.parse(codemapOptions), { baseDir: '.' }))
  // a shared machine under load reads a page in well over the default 120 s: a bench measures, it does not time out
  const ocr = await tesseract.create(tesseract.optionsSchema.parse({ languages: ['fra', 'eng'], workers, pageTimeoutMs: 900000 }), { baseDir: '.' })
  return { ex, judges, repairs: list, ocr, noFileNames }
}

/** Judges and repairs every page of `doc` as the runner does; counts the OCR regions and their time. */
export async function triageDocument(doc, p, { pages, onPage } = {}) {
  const info = doc.info
  const stats = { regions: 0, regionMs: 0, pages: [] }
  // the last page rendered for a region, as core's recognizeRegion keeps it
  let last
  const n0 = pages?.from ?? 1
  const n1 = pages?.to ?? doc.pageCount
  for (let n = n0; n <= n1; n++) {
    const page = await doc.getPageText(n)
    const ctx = {
      pageCount: doc.pageCount,
      info,
      recognizeRegion: async (box, dpi) => {
        const t = performance.now()
        if (!last || last.n !== n || last.dpi !== dpi) last = { n, dpi, img: await doc.renderPage(n, dpi) }
        const img = last.img
        const k = dpi / 72
        const crop = cropImage(img, box.x0 * k, box.y0 * k, box.x1 * k, box.y1 * k)
        const dx = Math.max(0, Math.floor(box.x0 * k)) / k
        const dy = Math.max(0, Math.floor(box.y0 * k)) / k
        const r = await p.ocr.recognize(crop, { languages: ['fra', 'eng'] })
        stats.regions++
        stats.regionMs += performance.now() - t
        return { ...r, items: r.items.map((i) => ({ ...i, bbox: { x0: i.bbox.x0 + dx, y0: i.bbox.y0 + dy, x1: i.bbox.x1 + dx, y1: i.bbox.y1 + dy } })) }
      },
    }
    // as the runner gives it (--no-file-names: as before the extractor could tell)
    if (doc.getGlyphNames && !p.noFileNames) ctx.glyphNames = (ids) => doc.getGlyphNames(n, ids)
    const v = await judgePage(page, p.judges, ctx)
    const rejected = []
    const fixed = v.needsOcr ? await repairPage(page, v, p.repairs, p.judges, ctx, rejected) : undefined
    const r = {
      n,
      layer: v.layer,
      needsOcr: v.needsOcr,
      repair: fixed?.repair,
      text: fixed ? fixed.page.text : page.text,
      notes: fixed ? fixed.verdict.notes : [...v.notes, ...rejected],
    }
    // the codemap repair's reason for declining, when it did (the runner keeps notes of returned repairs only)
    const cm = p.repairs.find((x) => x.name === 'codemap')
    if (cm?.declined?.page === n && !fixed) r.declined = cm.declined
    if (cm) cm.declined = undefined
    stats.pages.push(r)
    onPage?.(r)
  }
  return stats
}

/** OCR of a whole page, as the OCR stage does it. */
export async function ocrPage(doc, p, n, dpi = 300) {
  const img = await doc.renderPage(n, dpi)
  const r = await p.ocr.recognize(img, { languages: ['fra', 'eng'] })
  return r.text
}

const norm = (s) => s.normalize('NFKC').replace(/\s+/g, ' ').trim()

/**
 * The truth's own oddities folded: old-style figures and small capitals that the source fonts map into Adobe's Private
 * Use Area (U+F730-F739 digits, U+F761-F77A small letters), which no reading of the page can give back.
 */
export const foldPua = (s) =>
  s
    .replace(/[\uf730-\uf739]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xf730 + 0x30))
    .replace(/[\uf761-\uf77a]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xf761 + 0x61))

/**
 * Levenshtein distance / reference length after NFKC and whitespace collapsing (the corpus README's CER); with
 * `{ pua: true }`, after {@link foldPua} of both texts as well.
 */
export function cer(hyp, ref, opts = {}) {
  const { d, n } = distance(hyp, ref, opts)
  return n === 0 ? (d ? 1 : 0) : d / n
}

/** The edit distance behind {@link cer} and the reference length, to sum over pages (a whole book is too long). */
export function distance(hyp, ref, { pua = false } = {}) {
  const a = Array.from(norm(pua ? foldPua(hyp) : hyp))
  const b = Array.from(norm(pua ? foldPua(ref) : ref))
  if (b.length === 0) return { d: a.length, n: 0 }
  let prev = new Uint32Array(b.length + 1)
  let cur = new Uint32Array(b.length + 1)
  for (let j = 0; j <= b.length; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    const x = a[i - 1]
    for (let j = 1; j <= b.length; j++) {
      const s = prev[j - 1] + (x === b[j - 1] ? 0 : 1)
      const d = prev[j] + 1
      const l = cur[j - 1] + 1
      cur[j] = s < d ? (s < l ? s : l) : d < l ? d : l
    }
    ;[prev, cur] = [cur, prev]
  }
  return { d: prev[b.length], n: b.length }
}
