// Fixture PDFs through the real extractor and gates judge. The "OCR" of most tests reads the healthy twin of the same
// PDF (the page built with a true map), word by word at the twin's glyph boxes: exact, so that what is measured is
// the alignment, the votes and the document's shared maps. One test OCRs with tesseract for real.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { judgePage, type BBox, type ExtractedDocument, type Extractor, type Judge, type PageText, type RepairContext } from '@pdftriage/core'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import gates from '@pdftriage/judge-gates'
import { createTesseractEngine } from '@pdftriage/ocr-tesseract'
import { buildPdf, ENGLISH_PROSE, FRENCH_DECREE, FRENCH_PROSE, seeded, type Block, type PageSpec } from '@pdftriage/fixtures'
import { CodemapRepair, codemapOptionsSchema, editDistance, type CodemapOptions } from '../src/index.js'

let extractor: Extractor
let judge: Judge

before(async () => {
  extractor = await extractPdfjs.create(extractPdfjs.optionsSchema.parse({}), { baseDir: '.' })
  judge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })
})

/** The words of a healthy page with boxes from its glyphs, as an OCR engine would return them. */
function wordsOf(page: PageText): PageText['items'] {
  const out: PageText['items'] = []
  for (const it of page.items) {
    const gs = it.glyphs ?? []
    let cur: { text: string; bbox: BBox } | undefined
    for (const g of gs) {
      if (g.spaceBefore || g.text.trim() === '') {
        if (cur) out.push(cur)
        cur = undefined
        if (g.text.trim() === '') continue
      }
      if (!cur) cur = { text: '', bbox: { x0: g.x0, y0: it.bbox.y0, x1: g.x1, y1: it.bbox.y1 } }
      cur.text += g.text
      cur.bbox.x1 = g.x1
    }
    if (cur) out.push(cur)
  }
  return out
}

const inBox = (b: BBox, r: BBox) => b.x0 >= r.x0 - 1 && b.x1 <= r.x1 + 1 && b.y0 >= r.y0 - 1 && b.y1 <= r.y1 + 1

/** Character error rate of `a` against `b`, whitespace collapsed. */
function cer(a: string, b: string): number {
  const n = (s: string) => s.replace(/\s+/g, ' ').trim()
  return editDistance(n(a), n(b)) / n(b).length
}

interface Run {
  texts: Array<string | undefined>
  notes: string[][]
  regions: number[]
}

/** Repairs every page of `broken` with one repair instance; the OCR reads `twin` (or `read` when given). */
async function repairAll(
  broken: Uint8Array,
  twin: Uint8Array,
  o: CodemapOptions = {},
  read?: (n: number, box: BBox) => Promise<PageText['items']>,
): Promise<Run> {
  const repair = new CodemapRepair(codemapOptionsSchema.parse(o))
  const doc = await extractor.open(broken)
  const tw = await extractor.open(twin)
  const run: Run = { texts: [], notes: [], regions: [] }
  try {
    const info = doc.info
    for (let n = 1; n <= doc.pageCount; n++) {
      const page = await doc.getPageText(n)
      const twinPage = await tw.getPageText(n)
      let regions = 0
      const base = { pageCount: doc.pageCount, info }
      const ctx: RepairContext = {
        ...base,
        recognizeRegion: async (box) => {
          regions++
          const items = read ? await read(n, box) : wordsOf(twinPage).filter((w) => inBox(w.bbox, box))
          return { pageNumber: n, width: page.width, height: page.height, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
        },
        verdict: { judge: 'gates', layer: 'garbled', needsOcr: true, notes: [] },
        judge: (p) => judgePage(p, [judge], base),
      }
      const r = await repair.repair(page, ctx)
      run.texts.push(r?.page.text)
      run.notes.push(r?.notes ?? repair.declined?.notes ?? [])
      run.regions.push(regions)
    }
  } finally {
    await doc.close()
    await tw.close()
  }
  return run
}

/** The same pages built twice: with the given layer, and healthy. */
async function twins(pages: Array<Array<Block>>): Promise<{ broken: Uint8Array; healthy: Uint8Array; texts: string[] }> {
  const spec = (healthy: boolean): PageSpec[] => pages.map((blocks) => ({ blocks: blocks.map((b) => (healthy ? { ...b, layer: 'normal' as const } : b)) }))
  const healthy = await buildPdf(spec(true))
  const doc = await extractor.open(healthy)
  const texts: string[] = []
  for (let n = 1; n <= doc.pageCount; n++) texts.push((await doc.getPageText(n)).text)
  await doc.close()
  return { broken: await buildPdf(spec(false)), healthy, texts }
}

test('a font renumbered to ASCII is read back exactly, and its map serves the next pages without OCR', async () => {
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_DECREE, layer: 'garbled', shareFont: 'body' }],
  ])
  const r = await repairAll(t.broken, t.healthy)
  assert.equal(r.texts[0], t.texts[0])
  assert.equal(r.texts[1], t.texts[1])
  assert.deepEqual(r.regions.slice(0, 2), [1, 0], 'page 2 uses the map of page 1')
  // the decree sets capitals and digits the prose never used: one region where they occur, then exact
  assert.equal(r.regions[2], 1)
  assert.equal(r.texts[2], t.texts[2])
  assert.match(r.notes[0]!.join('\n'), /codes mapped \(OCR-anchored from page 1\)/)
  assert.match(r.notes[1]!.join('\n'), /no OCR on this page/)
})

test('Latin-1 substitution with collisions is separated by glyph code', async () => {
  // the false map sends several letters to one character ("this" and "thas" read alike): only the codes tell them apart
  const t = await twins([[{ text: `${ENGLISH_PROSE}\n\n${ENGLISH_PROSE}`, layer: 'latin1' }]])
  const r = await repairAll(t.broken, t.healthy)
  assert.equal(r.texts[0], t.texts[0])
})

test('a mixed page repairs its broken font only', async () => {
  const t = await twins([[{ text: FRENCH_PROSE }, { text: FRENCH_DECREE, layer: 'garbled' }]])
  const r = await repairAll(t.broken, t.healthy)
  assert.equal(r.texts[0], t.texts[0])
  const fonts = r.notes[0]!.filter((n) => /^font /.test(n))
  assert.equal(fonts.length, 1, fonts.join('; '))
})

test('a healthy page is never changed, and a map the OCR does not confirm is refused', async () => {
  const healthy = await buildPdf([{ blocks: [{ text: FRENCH_PROSE }] }])
  const h = await repairAll(healthy, healthy)
  assert.equal(h.texts[0], undefined)
  // the OCR reads another text at the same places: the votes give some map, the whole lines disagree with it
  const t = await twins([[{ text: FRENCH_PROSE, layer: 'garbled' }]])
  const other = await buildPdf([{ blocks: [{ text: ENGLISH_PROSE }] }])
  const od = await extractor.open(other)
  const words = wordsOf(await od.getPageText(1))
  await od.close()
  const r = await repairAll(t.broken, t.healthy, {}, async () => words)
  assert.equal(r.texts[0], undefined)
  assert.match(r.notes[0]!.join('\n'), /agreement with it 0\.[0-7]/)
})

test('a region budget of one leaves unseen codes unread and the page to OCR', async () => {
  const t = await twins([[{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }], [{ text: FRENCH_DECREE, layer: 'garbled', shareFont: 'body' }]])
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 })
  assert.equal(r.texts[0], t.texts[0])
  assert.deepEqual(r.regions, [1, 0])
  assert.equal(r.texts[1], undefined, 'too many codes unread to repair the decree')
  assert.match(r.notes[1]!.join('\n'), /coverage 0\.\d+/)
})

test('with tesseract: the anchor OCR of a rendered page gives the exact text', async () => {
  const engine = createTesseractEngine({ languages: ['fra'], workers: 1 })
  try {
    const t = await twins([[{ text: FRENCH_PROSE, layer: 'garbled' }]])
    const doc: ExtractedDocument = await extractor.open(t.broken)
    const read = async (n: number, box: BBox) => {
      const img = await doc.renderPage(n, 300)
      const p = await engine.recognize(img)
      return p.items.filter((w) => inBox(w.bbox, { x0: box.x0 - 2, y0: box.y0 - 2, x1: box.x1 + 2, y1: box.y1 + 2 }))
    }
    const r = await repairAll(t.broken, t.healthy, {}, read)
    await doc.close()
    assert.ok(r.texts[0] !== undefined, r.notes[0]!.join('\n'))
    assert.ok(cer(r.texts[0], t.texts[0]!) <= 0.005, `CER ${cer(r.texts[0], t.texts[0]!)}`)
  } finally {
    await engine.close()
  }
})

after(() => {})

test('a dvips-like bitmap font (size read as 0.1 pt, every glyph spaced, codes named as control characters) is read with its words', async () => {
  // the OCR reads the same text set in Helvetica at the same places; the broken page's letters and their spacing
  // come from the code map and the advances learned from the OCR's word boundaries
  const blocks = (bitmap: boolean): PageSpec[] => [
    { blocks: [{ text: FRENCH_PROSE, layer: bitmap ? 'garbled' : 'normal', ...(bitmap ? { bitmap: true } : {}) }] },
    { blocks: [{ text: FRENCH_DECREE, layer: bitmap ? 'garbled' : 'normal', ...(bitmap ? { bitmap: true } : {}) }] },
  ]
  const broken = await buildPdf(blocks(true))
  const healthy = await buildPdf(blocks(false))
  const hd = await extractor.open(healthy)
  const texts = [(await hd.getPageText(1)).text, (await hd.getPageText(2)).text]
  await hd.close()
  const bd = await extractor.open(broken)
  const raw = await bd.getPageText(1)
  await bd.close()
  assert.ok(raw.blankRuns?.length, 'codes named tab or line feed make blank runs')
  assert.ok(cer(raw.text, texts[0]!) > 0.5, 'the layer is broken')
  const r = await repairAll(broken, healthy)
  for (const k of [0, 1]) {
    assert.ok(r.texts[k] !== undefined, r.notes[k]!.join('\n'))
    assert.equal(r.texts[k], texts[k])
  }
  assert.match(r.notes[0]!.join('\n'), /spacing rebuilt from advances of \d+ codes/)
})

test('words are checked with spacing learned from the other half of the lines: an OCR whose word boundaries are wrong is refused', async () => {
  const spec = (bitmap: boolean): PageSpec[] => [
    { blocks: [{ text: FRENCH_PROSE, layer: bitmap ? 'garbled' : 'normal', ...(bitmap ? { bitmap: true } : {}) }] },
  ]
  const broken = await buildPdf(spec(true))
  const healthy = await buildPdf(spec(false))
  const hd = await extractor.open(healthy)
  const words = wordsOf(await hd.getPageText(1))
  await hd.close()
  // the same letters, each word cut in two at a random place: no spacing of the glyphs' steps says that
  const rnd = seeded(3)
  const cut: PageText['items'] = []
  for (const w of words) {
    if (w.text.length < 4) {
      cut.push(w)
      continue
    }
    const k = 1 + Math.floor(rnd() * (w.text.length - 2))
    const xm = w.bbox.x0 + ((w.bbox.x1 - w.bbox.x0) * k) / w.text.length
    cut.push({ ...w, text: w.text.slice(0, k), bbox: { ...w.bbox, x1: xm } }, { ...w, text: w.text.slice(k), bbox: { ...w.bbox, x0: xm } })
  }
  const r = await repairAll(broken, healthy, {}, async () => cut)
  assert.equal(r.texts[0], undefined)
  assert.match(r.notes[0]!.join('\n'), /its words found 0\.[0-6]/)
})
