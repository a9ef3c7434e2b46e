// Fixture PDFs through the real extractor and gates judge. The "OCR" of most tests reads the healthy twin of the same
// PDF (the page built with a true map), word by word at the twin's glyph boxes: exact, so that what is measured is
// the alignment, the votes and the document's shared maps. One test OCRs with tesseract for real.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { judgePage, type BBox, type ItemGlyph, type ExtractedDocument, type Extractor, type Judge, type PageText, type RepairContext } from '@pdftriage/core'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import gates from '@pdftriage/judge-gates'
import { createTesseractEngine } from '@pdftriage/ocr-tesseract'
import { buildPdf, ENGLISH_PROSE, FRENCH_DECREE, FRENCH_PROSE, NUMERIC_TABLE, seeded, type Block, type PageSpec } from '@pdftriage/fixtures'
import { applyMaps, CodemapRepair, codemapOptionsSchema, editDistance, type CodemapOptions } from '../src/index.js'
import { ocrOfRuns, Spacer, type LayerLine, type OcrChar } from '../src/layout.js'
import { agreement, extendLigatures, mapOf, type FontLearning, type LinePair } from '../src/learn.js'
import { adobeGlyphList, glyphNameText } from '../src/glyph-names.js'
import { decide, type Votes } from '../src/align.js'

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
  /** Fonts given a code map, per page (what a writer turns into ToUnicode CMaps). */
  maps: number[]
}

/**
 * Paragraphs of under 60 words: too short for the function-word share to confirm a font's glyph names, so that the
 * anchor OCR must.
 */
const SHORT_FRENCH = FRENCH_PROSE.split('\n').slice(4).join('\n')
const SHORT_ENGLISH = ENGLISH_PROSE.split('\n').slice(4).join('\n')
const SHORT_DECREE = FRENCH_DECREE.split('\n').slice(10).join('\n')

/** Repairs every page of `broken` with one repair instance; the OCR reads `twin` (or `read` when given). */
async function repairAll(
  broken: Uint8Array,
  twin: Uint8Array,
  o: CodemapOptions = {},
  read?: (n: number, box: BBox) => Promise<PageText['items']>,
  /**
   * Give the repair the glyph names the file defines (the runner's `glyphNames`), as the runner does; `fileNames`
   * also takes a function that rewrites what the extractor gives (names a font program could give that the fixtures'
   * standard fonts have not: the twin's names as other names of the same outline).
   */
  {
    fileNames = false,
    ocrDpi,
  }: {
    fileNames?:
      boolean | ((names: Record<string, Record<string, string>>, twinNames: Record<string, Record<string, string>>) => Record<string, Record<string, string>>)
    /** The resolution the page's OCR would read at (the runner's `ocrDpi`): absent, the page is never OCRed. */
    ocrDpi?: number
  } = {},
): Promise<Run> {
  const repair = new CodemapRepair(codemapOptionsSchema.parse(o))
  const doc = await extractor.open(broken)
  const tw = await extractor.open(twin)
  const run: Run = { texts: [], notes: [], regions: [], maps: [] }
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
      if (ocrDpi !== undefined) ctx.ocrDpi = ocrDpi
      if (fileNames && doc.getGlyphNames) {
        const rewrite = fileNames === true ? undefined : fileNames
        ctx.glyphNames = async (ids) => {
          const own = await doc.getGlyphNames!(n, ids)
          if (!rewrite) return own
          // the twin's fonts by the broken page's ids (a font's id names its document)
          const twinId = (id: string) => Object.values(twinPage.fonts ?? {}).find((f) => f.name === page.fonts?.[id]?.name)?.id
          const got = await tw.getGlyphNames!(
            n,
            ids.map(twinId).filter((i): i is string => i !== undefined),
          )
          return rewrite(own, Object.fromEntries(ids.map((id) => [id, got[twinId(id) ?? ''] ?? {}])))
        }
      }
      const r = await repair.repair(page, ctx)
      run.texts.push(r?.page.text)
      run.maps.push(Object.values(r?.page.fonts ?? {}).filter((f) => 'codeMap' in f).length)
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
  // the healthy twin has no names of its own: names that lie would make its text theirs
  const spec = (healthy: boolean): PageSpec[] =>
    pages.map((blocks) => ({
      blocks: blocks.map(({ glyphNames, ...b }) => (healthy ? { ...b, layer: 'normal' as const } : { ...b, ...(glyphNames ? { glyphNames } : {}) })),
    }))
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

test('a region budget of one: the codes a later page first uses are learned from a region over their lines, once', async () => {
  const decree = FRENCH_DECREE.split('\n')
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_DECREE, layer: 'garbled', shareFont: 'body' }],
    [{ text: decree.reverse().join('\n'), layer: 'garbled', shareFont: 'body' }],
  ])
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 })
  assert.equal(r.texts[0], t.texts[0])
  // the decree's capitals and digits: its font's one anchor is spent, regions over the lines holding them (the title's,
  // the article numbers' further down) teach them
  assert.equal(r.regions[0], 1)
  assert.ok(r.regions[1]! >= 1 && r.regions[1]! <= 3, String(r.regions[1]))
  assert.equal(r.regions[2], 0, r.notes[2]!.join('\n'))
  assert.match(r.notes[1]!.join('\n'), /OCR region \d+x\d+ pt read over \d+ line\(s\) of codes no region read/)
  assert.equal(r.texts[1], t.texts[1], r.notes[1]!.join('\n'))
  assert.equal(r.texts[2], t.texts[2], r.notes[2]!.join('\n'))
})

test("a document's regions spent (maxRegionsPerDocument): a page that needs another is declined, to be OCRed as without the repair", async () => {
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_DECREE, layer: 'garbled', shareFont: 'body' }],
  ])
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerDocument: 1 })
  // the anchor is the one region; page 2 needs none; the decree's new capitals and digits would need a second
  assert.deepEqual(r.regions, [1, 0, 0])
  assert.equal(r.texts[0], t.texts[0])
  assert.equal(r.texts[1], t.texts[1])
  assert.equal(r.texts[2], undefined)
  assert.deepEqual(r.notes[2]!.slice(-2), ["the document's 1 OCR regions are spent (maxRegionsPerDocument)", 'declined: regions spent'])
  const none = await repairAll(t.broken, t.healthy, { maxRegionsPerDocument: 0 })
  assert.deepEqual(none.regions, [0, 0, 0])
  assert.deepEqual(none.texts, [undefined, undefined, undefined])
})

test('a page whose text is all drawn invisibly (an OCR layer over a scan) is declined before any region is read', async () => {
  const t = await twins([[{ text: FRENCH_PROSE, layer: 'garbled', invisible: true }]])
  const r = await repairAll(t.broken, t.healthy)
  assert.deepEqual([r.regions, r.texts], [[0], [undefined]])
  assert.equal(r.notes[0]!.at(-1), 'declined: invisible text')
})

test('a broken font too small for an anchor of its own is learned from a region over its line, once for the document', async () => {
  const small = 'la vallée'
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [
      { text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' },
      { text: small, layer: 'garbled', font: 'Courier', shareFont: 'note' },
    ],
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: 'la vallée', layer: 'garbled', shareFont: 'note' },
    ],
  ])
  const r = await repairAll(t.broken, t.healthy)
  assert.deepEqual(r.regions, [1, 1, 0])
  assert.match(r.notes[1]!.join('\n'), /\d+ code\(s\) of new font \S+ read in this page's OCR \([^)]*é[^)]*\): its lines agree at 1\.000/)
  assert.equal(r.texts[1], t.texts[1], r.notes[1]!.join('\n'))
  assert.equal(r.texts[2], t.texts[2], r.notes[2]!.join('\n'))
  assert.deepEqual(r.maps, [1, 2, 2])
})

test('a font learned from a few glyphs spends no anchor on another few: its new codes there are read as any unread code', async () => {
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [
      { text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' },
      { text: 'la vallée', layer: 'garbled', font: 'Courier', shareFont: 'note' },
    ],
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: 'ARRÊTÉ', layer: 'garbled', shareFont: 'note' },
    ],
  ])
  const r = await repairAll(t.broken, t.healthy)
  assert.deepEqual(r.regions, [1, 1, 1])
  assert.doesNotMatch(r.notes[2]!.join('\n'), /pt at \d+ dpi for/, 'no anchor')
  assert.match(r.notes[2]!.join('\n'), /read over 1 line\(s\) of codes no region read/)
  assert.equal(r.texts[2], t.texts[2], r.notes[2]!.join('\n'))
})

test('a code a region was read for and not learned is not read for again: the coverage rule decides', async () => {
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_DECREE, layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_DECREE, layer: 'garbled', shareFont: 'body' }],
  ])
  const pages = await pagesOf(t.healthy)
  // the OCR of later pages reads nothing: no code is learned there
  const read = async (n: number, box: BBox) => (n === 1 ? wordsOf(pages[0]!).filter((w) => inBox(w.bbox, box)) : [])
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 }, read)
  assert.ok(r.regions[1]! >= 1, "regions read for the decree's new codes")
  assert.equal(r.regions[2], 0, 'none again for the same codes')
  assert.deepEqual(r.texts.slice(1), [undefined, undefined], 'too many codes unread to repair the decree')
  assert.match(r.notes[2]!.join('\n'), /coverage 0\.\d+/)
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

test('glyph names that read as prose are used with no OCR, also for the codes later pages first use', async () => {
  const pages = [FRENCH_PROSE, FRENCH_DECREE, `${ENGLISH_PROSE}\n${FRENCH_DECREE.toLowerCase()}`].map((text) => [
    { text, layer: 'garbled' as const, shareFont: 'body', glyphNames: true as const },
  ])
  const t = await twins(pages)
  const r = await repairAll(t.broken, t.healthy)
  for (const k of [0, 1, 2]) assert.equal(r.texts[k], t.texts[k], r.notes[k]!.join('\n'))
  assert.deepEqual(r.regions, [0, 0, 0])
  assert.match(r.notes[0]!.join('\n'), /codes mapped \(glyph names, read as prose on page 1 \(function words 0\.\d+ of \d+ words\)\)/)
})

test('glyph names the anchor confirms map the codes later pages first use: no more OCR for them', async () => {
  const pages = [SHORT_FRENCH, FRENCH_DECREE, `${ENGLISH_PROSE}\n${FRENCH_DECREE.toLowerCase()}`].map((text) => [
    { text, layer: 'garbled' as const, shareFont: 'body', glyphNames: true as const },
  ])
  const t = await twins(pages)
  const r = await repairAll(t.broken, t.healthy)
  for (const k of [0, 1, 2]) assert.equal(r.texts[k], t.texts[k], r.notes[k]!.join('\n'))
  // without names the decree's capitals and digits cost a region of their own (first test)
  assert.deepEqual(r.regions, [1, 0, 0])
  assert.match(r.notes[0]!.join('\n'), /glyph names agree with the OCR on (\d+) of \1 letters and digits/)
  assert.match(r.notes[1]!.join('\n'), /codes mapped \(glyph names, confirmed by OCR on page 1\)/)
})

test("names the file defines beyond /Differences (a base encoding, a font program's own) serve as /Differences names do", async () => {
  // Helvetica with a false ToUnicode and /Encoding /WinAnsiEncoding, no /Differences: only the file's encoding names
  // its codes; the extractor reads them when the repair asks
  const pages = [FRENCH_PROSE, FRENCH_DECREE, `${ENGLISH_PROSE}\n${FRENCH_DECREE.toLowerCase()}`].map((text) => [
    { text, layer: 'garbled' as const, shareFont: 'body' },
  ])
  const t = await twins(pages)
  const r = await repairAll(t.broken, t.healthy, {}, undefined, { fileNames: true })
  for (const k of [0, 1, 2]) assert.equal(r.texts[k], t.texts[k], r.notes[k]!.join('\n'))
  // without them every page but the second costs a region (first test)
  assert.deepEqual(r.regions, [0, 0, 0])
  assert.match(r.notes[0]!.join('\n'), /codes drawn named by the file beyond its \/Differences/)
  assert.match(r.notes[1]!.join('\n'), /codes mapped \(glyph names, read as prose on page 1/)
})

test('a glyph renamed to a number takes the name its program gives the same outline, when that name is one', async () => {
  const pages = [FRENCH_PROSE, FRENCH_DECREE, `${ENGLISH_PROSE}\n${FRENCH_DECREE.toLowerCase()}`].map((text) => [
    { text, layer: 'garbled' as const, shareFont: 'body', glyphNames: 'numbered' as const },
  ])
  const t = await twins(pages)
  // the extractor's answer for a Type 1 program holding each glyph twice, as `/g<code>` and by its own name: the
  // name the /Differences give, then the other names of its outline (`g101 e`); `other` adds a name that reads
  // otherwise (an outline two letters share)
  const programNames = (other?: (name: string) => string) => (own: Record<string, Record<string, string>>, twin: Record<string, Record<string, string>>) =>
    Object.fromEntries(
      Object.entries(own).map(([id, codes]) => [
        id,
        Object.fromEntries(
          Object.entries(codes).map(([code, name]) => {
            const also = twin[id]?.[code]
            return [code, also ? [name, also, ...(other ? [other(also)] : [])].join(' ') : name]
          }),
        ),
      ]),
    )
  const r = await repairAll(t.broken, t.healthy, {}, undefined, { fileNames: programNames() })
  for (const k of [0, 1, 2]) assert.equal(r.texts[k], t.texts[k], r.notes[k]!.join('\n'))
  assert.deepEqual(r.regions, [0, 0, 0])
  assert.match(
    r.notes[0]!.join('\n'),
    /codes drawn named by the file beyond its \/Differences \(.*; \d+ by the name of a glyph its program draws with the same outline\)/,
  )
  assert.match(r.notes[0]!.join('\n'), /codes mapped \(glyph names, read as prose on page 1/)
  // other names of the same outline that read otherwise say nothing: the OCR anchors the font as with no names
  const split = await repairAll(t.broken, t.healthy, {}, undefined, { fileNames: programNames((n) => (n === 'a' ? 'b' : 'a')) })
  assert.equal(split.texts[0], t.texts[0], split.notes[0]!.join('\n'))
  assert.equal(split.regions[0], 1)
  assert.doesNotMatch(split.notes[0]!.join('\n'), /glyph names, read as prose/)
})

/**
 * An OCR that reads `pdf`'s pages word by word at their glyph boxes, as the default one does, but reads each character
 * of `slips` as another in the words `which` picks (all by default).
 */
async function misreading(pdf: Uint8Array, slips: Record<string, string>, which: (word: string) => boolean = () => true) {
  const pages = await pagesOf(pdf)
  return async (n: number, box: BBox) =>
    wordsOf(pages[n - 1]!)
      .filter((w) => inBox(w.bbox, box))
      .map((w) => (which(w.text) ? { ...w, text: [...w.text].map((ch) => slips[ch] ?? ch).join('') } : w))
}

test("a font of signs the OCR misreads takes its glyph names once another font's are confirmed, not the OCR's readings", async () => {
  // a formula font of signs only, beside a paragraph too short for its names to read as prose: the anchor OCR
  // confirms the paragraph's names and misreads every sign
  const signs = Array.from({ length: 6 }, () => '= + < > ±').join(' ')
  const t = await twins([
    [
      { text: SHORT_FRENCH, layer: 'garbled', glyphNames: true },
      { text: signs, layer: 'garbled', font: 'Courier', glyphNames: true },
    ],
  ])
  const read = await misreading(t.healthy, { '=': '-', '<': '(', '>': ')', '±': '+' })
  const r = await repairAll(t.broken, t.healthy, {}, read)
  assert.equal(r.texts[0], t.texts[0], r.notes[0]!.join('\n'))
  assert.match(r.notes[0]!.join('\n'), /glyph names of \d+ signs the OCR read, taken on the document's confirmed names/)
  // names that lie about letters still refute them: the signs' names are not taken on their word
  const lying = await twins([
    [
      { text: SHORT_FRENCH, layer: 'garbled', glyphNames: 'shuffled' },
      { text: signs, layer: 'garbled', font: 'Courier', glyphNames: true },
    ],
  ])
  // (the healthy twins are the same file: the names are left out of them)
  const r2 = await repairAll(lying.broken, lying.healthy, {}, read)
  assert.doesNotMatch(r2.notes[0]!.join('\n'), /signs the OCR read, taken/)
})

test('the Adobe Glyph List is loaded whole from its data file, each name as the list gives it', () => {
  const agl = adobeGlyphList()
  // glyphlist.txt of AGL 2.0 names 4,281 glyphs
  assert.equal(agl.size, 4281)
  const sample: Array<[string, string]> = [
    ['A', '\u0041'],
    ['AE', '\u00C6'],
    ['Euro', '\u20AC'],
    ['afii10017', '\u0410'],
    ['dotlessi', '\u0131'],
    ['ellipsis', '\u2026'],
    ['fi', '\uFB01'],
    ['germandbls', '\u00DF'],
    ['infinity', '\u221E'],
    ['minus', '\u2212'],
    ['dalethatafpatah', '\u05D3\u05B2'],
    ['zukatakana', '\u30BA'],
  ]
  for (const [name, text] of sample) assert.equal(agl.get(name), text, name)
  assert.equal(agl.get('g12'), undefined)
  // a name read through the list: ligatures as their letters, several code points kept together
  assert.equal(glyphNameText('fi'), 'fi')
  assert.equal(glyphNameText('dalethatafpatah'), '\u05D3\u05B2')
})

test("TeX's glyph names outside the Adobe list read as the signs they name, sized ones as their base; numbered names do not", () => {
  assert.equal(glyphNameText('angbracketleft'), '\u27E8')
  assert.equal(glyphNameText('bardbl'), '\u2016')
  assert.equal(glyphNameText('epsilon1'), '\u03F5')
  assert.equal(glyphNameText('dotlessj'), '\u0237')
  assert.equal(glyphNameText('visiblespace'), ' ')
  assert.equal(glyphNameText('parenleftbigg'), '(')
  assert.equal(glyphNameText('angbracketrightBig'), '\u27E9')
  assert.equal(glyphNameText('summationdisplay'), '\u2211')
  assert.equal(glyphNameText('contintegraltext'), '\u222E')
  // a sized name whose base is a letter is none: the suffix rule is for the extension font's signs
  assert.equal(glyphNameText('Xtext'), undefined)
  assert.equal(glyphNameText('adisplay'), undefined)
  // the pieces TeX builds larger signs from stay unread, as do names that only number glyphs
  assert.equal(glyphNameText('bracehtipdownleft'), undefined)
  assert.equal(glyphNameText('a49'), undefined)
  assert.equal(glyphNameText('eacute'), '\u00E9')
})

test("a formula font named as TeX names its signs (`angbracketleft`, `bardbl`) reads them so, not as the OCR's look-alikes", async () => {
  const signs = Array.from({ length: 6 }, () => '< x | y > = 2').join(' ')
  const t = await twins([
    [
      { text: SHORT_FRENCH, layer: 'garbled', glyphNames: true },
      { text: signs, layer: 'garbled', font: 'Courier', glyphNames: { '<': 'angbracketleft', '>': 'angbracketright', '|': 'bardbl' } },
    ],
  ])
  const r = await repairAll(t.broken, t.healthy)
  // (the prose has none of the three signs)
  const want = t.texts[0]!.replace(/</g, '\u27E8').replace(/>/g, '\u27E9').replace(/\|/g, '\u2016')
  assert.equal((want.match(/\u27E8/g) ?? []).length, 6)
  assert.equal(r.texts[0], want, r.notes[0]!.join('\n'))
})

test("a font whose names the OCR half confirms takes them once the document's names are trusted, and not before", async () => {
  // small type the OCR misreads a letter in three of: its names agree on about 0.7 of its glyphs (0.8 confirms)
  const small = 'Quartz jumbled wyverns quickly; vexing hymns by Kojo'
  const ocrSlips: Record<string, string> = { u: 'v', y: 'v', e: 'c', i: 'l', o: 'c' }
  const slipped = new Set(small.split(/\s+/).map((w) => w.replace(/[;,]/g, '')))
  const readOf = (pdf: Uint8Array) => misreading(pdf, ocrSlips, (word) => slipped.has(word.replace(/[;,]/g, '')))
  const build = (withOthers: boolean) =>
    twins([
      [
        ...(withOthers
          ? [
              { text: SHORT_FRENCH, layer: 'garbled' as const, glyphNames: true as const },
              { text: SHORT_ENGLISH, layer: 'garbled' as const, font: 'Times-Roman' as const, glyphNames: true as const },
            ]
          : []),
        { text: `${small}\n${small}`, layer: 'garbled' as const, font: 'Courier' as const, glyphNames: true as const },
      ],
    ])
  const t = await build(true)
  const r = await repairAll(t.broken, t.healthy, {}, await readOf(t.healthy))
  assert.equal(r.texts[0], t.texts[0], r.notes[0]!.join('\n'))
  assert.match(r.notes[0]!.join('\n'), /glyph names agree with the OCR on \d+ of \d+ letters and digits: used, the document's names trusted/)
  // alone on its page, nothing vouches for the names: the OCR's readings are what the font gets
  const alone = await build(false)
  const r2 = await repairAll(alone.broken, alone.healthy, {}, await readOf(alone.healthy))
  assert.match(r2.notes[0]!.join('\n'), /glyph names agree with the OCR on \d+ of \d+ letters and digits: not used/)
})

test("once two fonts' names are confirmed, a font met later is read by its names with no OCR of its own", async () => {
  // every text too short for its names to be confirmed as prose
  const t = await twins([
    [
      { text: SHORT_FRENCH, layer: 'garbled', glyphNames: true },
      { text: SHORT_ENGLISH, layer: 'latin1', font: 'Times-Roman', glyphNames: true },
    ],
    [{ text: SHORT_DECREE, layer: 'garbled', font: 'Courier', glyphNames: true }],
  ])
  const r = await repairAll(t.broken, t.healthy)
  assert.equal(r.texts[0], t.texts[0], r.notes[0]!.join('\n'))
  assert.equal(r.texts[1], t.texts[1], r.notes[1]!.join('\n'))
  assert.deepEqual(r.regions, [1, 0])
  assert.match(r.notes[1]!.join('\n'), /glyph names, trusted after 2 fonts' names confirmed by OCR/)
})

test('a small font with glyph names is left to them, not learned from a region of its own', async () => {
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', glyphNames: true, shareFont: 'body' }],
    [
      { text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', glyphNames: true, shareFont: 'body' },
      { text: 'la vallée', layer: 'garbled', font: 'Courier', glyphNames: true, shareFont: 'code' },
    ],
    [{ text: FRENCH_DECREE, layer: 'garbled', glyphNames: true, shareFont: 'code' }],
  ])
  const r = await repairAll(t.broken, t.healthy)
  // page 2: the body's names read as prose on page 1, so the small font's few glyphs take theirs, with no region
  assert.equal(r.regions[1], 0, r.notes[1]!.join('\n'))
  assert.equal(r.texts[1], t.texts[1], r.notes[1]!.join('\n'))
  assert.match(r.notes[1]!.join('\n'), /codes mapped \(glyph names, trusted after 1 fonts' names confirmed by OCR or read as prose\)/)
  assert.equal(r.texts[2], t.texts[2], r.notes[2]!.join('\n'))
})

test('glyph names that lie are not used, and a font met later is not read by names: it spends its own region', async () => {
  const t = await twins([
    [
      { text: FRENCH_PROSE, layer: 'garbled', glyphNames: 'shuffled' },
      { text: ENGLISH_PROSE, layer: 'latin1', font: 'Times-Roman', glyphNames: true },
    ],
    [{ text: FRENCH_DECREE, layer: 'garbled', font: 'Courier', glyphNames: true }],
  ])
  const r = await repairAll(t.broken, t.healthy)
  // the OCR's votes still give the lying font its map
  assert.equal(r.texts[0], t.texts[0], r.notes[0]!.join('\n'))
  assert.match(r.notes[0]!.join('\n'), /glyph names agree with the OCR on \d+ of \d+ letters and digits: not used/)
  assert.equal(r.regions[1], 1, 'names are not trusted in a document where some lie')
  assert.equal(r.texts[1], t.texts[1], r.notes[1]!.join('\n'))
})

test('a settled page short of function words (an index) passes on the words met on the pages before', async () => {
  const words = [...new Set(FRENCH_PROSE.toLowerCase().match(/\p{L}{5,}/gu) ?? [])]
  const index = words.map((w, i) => `${w}${i % 3 === 0 ? ', ' : '\n'}`).join('')
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [{ text: `${FRENCH_PROSE.split('\n').reverse().join('\n')}`, layer: 'garbled', shareFont: 'body' }],
    [{ text: index, layer: 'garbled', shareFont: 'body' }],
  ])
  const r = await repairAll(t.broken, t.healthy)
  assert.deepEqual(r.regions, [1, 0, 0])
  assert.equal(r.texts[2], t.texts[2], r.notes[2]!.join('\n'))
  assert.match(r.notes[2]!.join('\n'), /words met on earlier pages/)
})

test('a font the OCR reads no letters in draws pictures: it is kept as it is, and the page is repaired from the others', async () => {
  const figure = NUMERIC_TABLE.split('\n').slice(0, 3).join('\n')
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [
      { text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' },
      { text: figure, layer: 'garbled', font: 'Courier', shareFont: 'figure' },
    ],
    [{ text: figure, layer: 'garbled', shareFont: 'figure' }],
  ])
  const tw = await extractor.open(t.healthy)
  const pages = [await tw.getPageText(1), await tw.getPageText(2), await tw.getPageText(3)]
  await tw.close()
  // the "OCR" reads the Helvetica text and nothing where Courier draws (as it reads nothing in a figure of line segments)
  const read = async (n: number, box: BBox) =>
    wordsOf({ ...pages[n - 1]!, items: pages[n - 1]!.items.filter((i) => pages[n - 1]!.fonts?.[i.fontId ?? '']?.name !== 'Courier') }).filter((w) =>
      inBox(w.bbox, box),
    )
  const r = await repairAll(t.broken, t.healthy, {}, read)
  assert.deepEqual(r.regions, [1, 1, 0])
  assert.match(r.notes[1]!.join('\n'), /the OCR reads 0 letters and digits over \d+ glyphs: the new fonts draw pictures/)
  const prose = t.texts[1]!.slice(0, t.texts[1]!.indexOf('Budget'))
  assert.ok(r.texts[1]?.startsWith(prose.trim()), r.notes[1]!.join('\n'))
  assert.equal(r.texts[2], undefined, 'a page of pictures alone is left to OCR')
})

test('leader dots spaced by the extractor do not make a font one whose spacing is rebuilt; bitmap fonts spaced everywhere do', () => {
  const glyph = (code: number, text: string, x0: number, spaceBefore: boolean): ItemGlyph => ({ code, text, x0, x1: x0 + 3, spaceBefore })
  const item = (glyphs: ItemGlyph[], y: number, fontId = 'F') => ({
    text: glyphs.map((g) => (g.spaceBefore ? ' ' : '') + g.text).join(''),
    bbox: { x0: glyphs[0]!.x0, y0: y, x1: glyphs[glyphs.length - 1]!.x1, y1: y + 10 },
    fontId,
    fontSize: 10,
    glyphs,
  })
  // an index line: a word, thirty leader dots each after a gap, a page number
  const line = () => [
    ...Array.from('entry', (c, k) => glyph(c.charCodeAt(0), c, 10 + 4 * k, false)),
    ...Array.from({ length: 30 }, (_, k) => glyph(46, '.', 40 + 5 * k, true)),
    ...Array.from('12', (c, k) => glyph(c.charCodeAt(0), c, 200 + 4 * k, k === 0)),
  ]
  const page = (items: PageText['items']): PageText => ({
    pageNumber: 1,
    width: 300,
    height: 300,
    items,
    text: items.map((i) => i.text).join('\n'),
    source: 'text-layer',
  })
  assert.equal(new Spacer(page([item(line(), 10), item(line(), 30)])).rebuilt('F'), false)
  const spaced = Array.from('words set by dvips', (c, k) => glyph(c.charCodeAt(0), c, 10 + 5 * k, k > 0))
  assert.equal(new Spacer(page([item(spaced, 10)])).rebuilt('F'), true)
  // spaced glyph by glyph at its true size (math set glyph by glyph): its extents hold, OCR can be cut at its runs
  assert.equal(new Spacer(page([item(spaced, 10)])).falseExtents('F'), false)
  // the same glyphs read at 0.1 pt (dvips's bitmap fonts): 30 ems wide, their extents are false
  const tiny = { ...item(spaced, 10), fontSize: 0.1 }
  assert.equal(new Spacer(page([tiny])).rebuilt('F'), true)
  assert.equal(new Spacer(page([tiny])).falseExtents('F'), true)
})

test("a page whose new font's anchor is refused is repaired from the maps settled before, that font's text read by OCR", async () => {
  const code = 'int main(void) {\n  printf("bonjour");\n  return 0;\n}'
  const prose = FRENCH_PROSE.split('\n').reverse().join('\n')
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [
      { text: prose, layer: 'garbled', shareFont: 'body' },
      { text: code, layer: 'garbled', font: 'Courier', shareFont: 'code' },
    ],
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: code, layer: 'garbled', shareFont: 'code' },
    ],
  ])
  const tw = await extractor.open(t.healthy)
  const pages = [await tw.getPageText(1), await tw.getPageText(2), await tw.getPageText(3)]
  await tw.close()
  // the "OCR" reads the prose as it is and every word of the listing backwards: no map of the listing's codes agrees
  // with it, as OCR disagrees with a listing's own map over code, symbols or a logo
  const courier = (p: PageText, it: PageText['items'][number]) => p.fonts?.[it.fontId ?? '']?.name === 'Courier'
  const read = async (n: number, box: BBox) => {
    const p = pages[n - 1]!
    const words = [
      ...wordsOf({ ...p, items: p.items.filter((i) => !courier(p, i)) }),
      ...wordsOf({ ...p, items: p.items.filter((i) => courier(p, i)) }).map((w) => ({ ...w, text: Array.from(w.text).reverse().join('') })),
    ]
    return words.filter((w) => inBox(w.bbox, box))
  }
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 }, read)
  for (const k of [1, 2]) {
    const text = r.texts[k]
    assert.ok(text !== undefined, r.notes[k]!.join('\n'))
    const body = t.texts[k]!.slice(0, t.texts[k]!.indexOf('int main'))
    assert.ok(text.startsWith(body.trim()), `the prose is exact:\n${text}`)
    // the listing is what the OCR read: each of its words backwards, nothing of the false map's text
    assert.ok(text.endsWith('tni )diov(niam { ;)"ruojnob"(ftnirp nruter ;0 }'), text.slice(-80))
    assert.ok(!text.includes('\ufffd'))
  }
  assert.match(r.notes[1]!.join('\n'), /read from the OCR over their 1 runs: \S+ \(anchor refused\)/)
  // page 3: the listing's font has spent its one region; a region over its lines alone reads its text
  assert.equal(r.regions[2], 1)
  assert.match(r.notes[2]!.join('\n'), /read for the text of fonts without a map to read them by/)
})

test("an accent drawn over its letter (TeX's \\accent) is that letter's mark, whatever its code was read as", () => {
  // "zéro là": the acute drawn before the e it sits over, the grave drawn back over the a after it
  const g = (code: number, text: string, x0: number, x1: number, spaceBefore = false): ItemGlyph => ({ code, text, x0, x1, spaceBefore })
  const glyphs = [
    g(1, 'a', 10, 15),
    g(2, 'b', 15.5, 20.5),
    g(3, 'c', 15, 20),
    g(4, 'd', 20, 24),
    g(5, 'e', 24, 29),
    g(6, 'f', 32, 35, true),
    g(7, 'g', 35, 40),
    g(8, 'h', 35.5, 39.5),
  ]
  const page: PageText = {
    pageNumber: 1,
    width: 300,
    height: 300,
    items: [{ text: 'abcde fgh', bbox: { x0: 10, y0: 10, x1: 40, y1: 20 }, fontId: 'F', fontSize: 10, glyphs }],
    text: 'abcde fgh',
    source: 'text-layer',
  }
  const read = (m: Record<string, string>) => (_f: string, k: string) => m[k] ?? '\ufffd'
  // the OCR's votes: the acute read as the é it sits over, the grave as è (the accented letter it sits over most)
  const ocr = { '#1': 'z', '#2': 'é', '#3': 'e', '#4': 'r', '#5': 'o', '#6': 'l', '#7': 'a', '#8': 'è' }
  assert.equal(applyMaps(page, read(ocr), new Set(['F'])).text, 'zéro là')
  // glyph names: the spacing accents themselves
  const accents = new Map<string, Map<number, string>>()
  assert.equal(applyMaps(page, read({ ...ocr, '#2': '\u00b4', '#8': '`' }), new Set(['F']), undefined, undefined, accents).text, 'zéro là')
  assert.deepEqual(
    [...accents.get('F')!],
    [
      [2, '\u0301'],
      [8, '\u0300'],
    ],
  )
})

test("a code read as another code's letter nearly as often as its own takes its own; one read so by a slip alone does not", () => {
  const votes: Votes = new Map([
    [
      '#50',
      new Map([
        ['e', 16],
        ['g', 2],
      ]),
    ],
    // the g of "package" read 5 times as the e beside it, 4 times as g
    [
      '#59',
      new Map([
        ['e', 5],
        ['g', 4],
        ['g]', 1],
      ]),
    ],
    // a second code for o (fonts may draw one letter twice); its other reading is one slip
    ['#81', new Map([['o', 21]])],
    [
      '#82',
      new Map([
        ['o', 6],
        ['c', 1],
      ]),
    ],
    // `file1.eps` read as `filel.eps` 4 times of 6: the font's l is another code
    ['#72', new Map([['l', 11]])],
    [
      '#34',
      new Map([
        ['l', 4],
        ['1', 2],
      ]),
    ],
    // a sign is not held to one code
    ['#13', new Map([[',', 3]])],
    [
      '#14',
      new Map([
        [',', 2],
        ['.', 1],
      ]),
    ],
  ])
  const d = decide(votes)
  assert.deepEqual(
    [...d].map(([c, x]) => `${c}=${x.text}`),
    ['#50=e', '#59=g', '#81=o', '#82=o', '#72=l', '#34=1', '#13=,', '#14=,'],
  )
})

test('an accent that ends a run goes over the letter that begins the next (the extractor split the run where TeX moved back)', () => {
  // "a été": the first acute ends the first run, its e begins the second; the second acute is within its run
  const g = (code: number, text: string, x0: number, x1: number, spaceBefore = false): ItemGlyph => ({ code, text, x0, x1, spaceBefore })
  const run1 = [g(1, 'a', 10, 15), g(2, 'b', 20, 25, true)]
  const run2 = [g(3, 'c', 20, 25), g(4, 'd', 25, 28), g(2, 'b', 28, 33), g(3, 'c', 28, 33)]
  const page: PageText = {
    pageNumber: 1,
    width: 300,
    height: 300,
    items: [
      { text: 'a b', bbox: { x0: 10, y0: 10, x1: 25, y1: 20 }, fontId: 'F', fontSize: 10, glyphs: run1 },
      { text: 'cdbc', bbox: { x0: 20, y0: 10, x1: 33, y1: 20 }, fontId: 'F', fontSize: 10, glyphs: run2 },
    ],
    text: 'a bcdbc',
    source: 'text-layer',
  }
  const ocr: Record<string, string> = { '#1': 'a', '#2': 'é', '#3': 'e', '#4': 't' }
  const accents = new Map<string, Map<number, string>>()
  const out = applyMaps(page, (_f, k) => ocr[k] ?? '\ufffd', new Set(['F']), undefined, undefined, accents)
  assert.equal(out.text, 'a été')
  assert.deepEqual([...accents.get('F')!], [[2, '\u0301']])
  // the run that held only the accent's letter keeps it; no item is left empty
  assert.deepEqual(
    out.items.map((it) => it.text),
    ['a ', 'été'],
  )
})

test('a font whose codes on a page no region read, its regions spent, learns them from the region read there; the next page needs none', async () => {
  const decree = FRENCH_DECREE.split('\n').slice(0, 4)
  const t = await twins([
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: ENGLISH_PROSE.toLowerCase(), layer: 'garbled', font: 'Courier', shareFont: 'code' },
    ],
    [
      { text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' },
      { text: decree.join('\n'), layer: 'garbled', shareFont: 'code' },
    ],
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: decree.reverse().join('\n'), layer: 'garbled', shareFont: 'code' },
    ],
  ])
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 })
  assert.equal(r.texts[0], t.texts[0], r.notes[0]!.join('\n'))
  // the decree's capitals and digits are codes the listing font's one region never read: its lines are read by OCR,
  // which teaches the font those codes (its lines agree with the OCR), so the page is read by the maps
  assert.equal(r.regions[1], 1)
  assert.equal(r.texts[1], t.texts[1], r.notes[1]!.join('\n'))
  assert.match(r.notes[1]!.join('\n'), /\d+ unread code\(s\) of \S+ read in this page's OCR \([^)]*É[^)]*\): its lines agree at 1\.000/)
  assert.doesNotMatch(r.notes[1]!.join('\n'), /read from the OCR over their/)
  // the same lines again: every code is known, no OCR
  assert.deepEqual(r.regions, [1, 1, 0])
  assert.equal(r.texts[2], t.texts[2], r.notes[2]!.join('\n'))
  assert.deepEqual(r.maps, [2, 2, 2])
})

test('the OCR read over a font without a map is cut at its runs, also inside a word set in two fonts', () => {
  // "Section 12" with "tion 1" in a font read by OCR: the OCR's words span both fonts
  const run = (text: string, x0: number, x1: number, fontId: string) => ({ text, bbox: { x0, y0: 10, x1, y1: 20 }, fontId, fontSize: 10 })
  const runs = [run('Sec', 10, 25, 'A'), run('tion 1', 25, 60, 'B'), run('2', 60, 65, 'A')]
  const words = [
    { text: 'Section', bbox: { x0: 10, y0: 10, x1: 45, y1: 20 } },
    { text: '12', bbox: { x0: 55, y0: 10, x1: 65, y1: 20 } },
  ]
  assert.deepEqual([...ocrOfRuns(runs, words, (i) => runs[i]!.fontId === 'B')], [[1, 'tion 1']])
})

/** The first eight words page 1 of {@link listingTwins} sets in the listing font: codes its anchor reads. */
const LISTING = ENGLISH_PROSE.toLowerCase().split('\n')[0]!.split(' ').slice(0, 8).join(' ')

/**
 * Two pages in a body font and a listing font (Courier): page 1 sets English prose in the listing font, page 2 sets
 * `code` in it, beside the body's prose in another order.
 */
function listingTwins(code: string) {
  return twins([
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: ENGLISH_PROSE.toLowerCase(), layer: 'garbled', font: 'Courier', shareFont: 'code' },
    ],
    [
      { text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' },
      { text: code, layer: 'garbled', shareFont: 'code' },
    ],
  ])
}

test("a font short of read codes keeps its map on the runs whose codes were read: only runs with unread codes take the OCR's text", async () => {
  const t = await listingTwins(`${LISTING}\n\n${FRENCH_DECREE.split('\n').slice(0, 4).join('\n')}`)
  const tw = await extractor.open(t.healthy)
  const pages = [await tw.getPageText(1), await tw.getPageText(2)]
  await tw.close()
  // page 2's "OCR" reads the listing font's words backwards: a run of codes read before keeps its map's text
  const courier = (p: PageText, it: PageText['items'][number]) => p.fonts?.[it.fontId ?? '']?.name === 'Courier'
  const read = async (n: number, box: BBox) => {
    const p = pages[n - 1]!
    const words = [
      ...wordsOf({ ...p, items: p.items.filter((i) => n === 1 || !courier(p, i)) }),
      ...(n === 1 ? [] : wordsOf({ ...p, items: p.items.filter((i) => courier(p, i)) }).map((w) => ({ ...w, text: Array.from(w.text).reverse().join('') }))),
    ]
    return words.filter((w) => inBox(w.bbox, box))
  }
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 }, read)
  const text = r.texts[1]
  assert.ok(text !== undefined, r.notes[1]!.join('\n'))
  assert.match(r.notes[1]!.join('\n'), /read from the OCR over their \d+ runs: \S+ \(\d+ of \d+ glyphs unread\)/)
  // the line of codes page 1 read is the map's, exact; the decree's title (capitals no region read) is the OCR's
  assert.ok(text.includes(LISTING), text)
  assert.ok(text.includes('ÉTÊRRA'), text)
  assert.ok(!text.includes('\ufffd'))
  // the decree's capitals are too many glyphs no anchor read for the file's maps to stand for the page's text
  assert.deepEqual(r.maps, [2, 0])
})

test("a page whose few unread glyphs are read by OCR still gets its fonts' code maps, for the file", async () => {
  // one glyph page 1 never drew in the listing font, which page 2's OCR reads without its accent: a code read as a
  // letter another code of the font stands for is no map, as no word of page 1 has it accented; its run is read by OCR
  const t = await listingTwins(`${LISTING}\n${LISTING} été`)
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 }, await misreadOnPage2(t.healthy, (w) => w.replace(/é/g, 'e')))
  assert.equal(r.texts[1], t.texts[1]!.replace('été', 'ete'), r.notes[1]!.join('\n'))
  assert.match(r.notes[1]!.join('\n'), /codes whose reading is doubtful: e left unread/)
  assert.match(r.notes[1]!.join('\n'), /read from the OCR over their \d+ runs/)
  assert.deepEqual(r.maps, [2, 2])
})

test('two new codes of a font read as one letter are neither learned: their runs take the OCR text', async () => {
  const t = await listingTwins(`${LISTING}\n${LISTING} où été`)
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 }, await misreadOnPage2(t.healthy, (w) => w.replace(/[éù]/g, 'x')))
  assert.match(r.notes[1]!.join('\n'), /codes whose reading is doubtful: x, x left unread/)
  assert.equal(r.texts[1], t.texts[1]!.replace('où été', 'ox xtx'), r.notes[1]!.join('\n'))
})

test('a new code read as several characters that make no ligature is not learned', async () => {
  const t = await listingTwins(`${LISTING}\n${LISTING} où`)
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 }, await misreadOnPage2(t.healthy, (w) => w.replace(/ù/g, 'IK')))
  assert.match(r.notes[1]!.join('\n'), /codes whose reading is doubtful: IK left unread/)
  // one glyph unread of the font's many on the page: the coverage rule lets it through, as no text
  assert.equal(r.texts[1], t.texts[1]!.replace(/où$/, 'o\ufffd'), r.notes[1]!.join('\n'))
})

test('an unread code the OCR reads without its accent takes the accented letter that makes words of the earlier pages', async () => {
  // "vallée" is a word of page 1's prose (in the body font): page 2's listing line sets it in the listing font, whose
  // one region never read its `é`, and its OCR reads `vallee`
  const t = await listingTwins(`${LISTING}\n${LISTING} vallée`)
  const r = await repairAll(t.broken, t.healthy, { maxRegionsPerFont: 1 }, await misreadOnPage2(t.healthy, (w) => w.replace(/é/g, 'e')))
  // the body's own é was read on page 1; its OCR here reads "vallee" too, but the map stands
  assert.equal(r.texts[1], t.texts[1], r.notes[1]!.join('\n'))
  assert.match(r.notes[1]!.join('\n'), /e -> é by the words of earlier pages/)
  assert.doesNotMatch(r.notes[1]!.join('\n'), /read from the OCR over their/)
  assert.deepEqual(r.maps, [2, 2])
})

/** An OCR of `pdf`'s pages that misreads page 2's words as `misread` says. */
async function misreadOnPage2(pdf: Uint8Array, misread: (word: string) => string) {
  const pages = await pagesOf(pdf)
  return async (n: number, box: BBox) =>
    wordsOf(pages[n - 1]!)
      .map((w) => (n === 2 ? { ...w, text: misread(w.text) } : w))
      .filter((w) => inBox(w.bbox, box))
}

/** The pages of a PDF as the extractor reads them. */
async function pagesOf(pdf: Uint8Array): Promise<PageText[]> {
  const d = await extractor.open(pdf)
  const out: PageText[] = []
  for (let n = 1; n <= d.pageCount; n++) out.push(await d.getPageText(n))
  await d.close()
  return out
}

test('a settled page neither its function words nor the words met before vouch for is checked against the OCR of its own lines', async () => {
  // an index of words never met before (each word of the prose backwards), set in the settled body font
  const words = [...new Set(FRENCH_PROSE.toLowerCase().match(/\p{L}{5,}/gu) ?? [])].map((w) => Array.from(w).reverse().join(''))
  const index = words.map((w, i) => `${w}${i % 3 === 0 ? ', ' : '\n'}`).join('')
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [{ text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' }],
    [{ text: index, layer: 'garbled', shareFont: 'body' }],
  ])
  // the OCR reads the index as it is: the page is repaired, at the cost of one region over its text
  const r = await repairAll(t.broken, t.healthy)
  assert.deepEqual(r.regions, [1, 0, 1])
  assert.equal(r.texts[2], t.texts[2], r.notes[2]!.join('\n'))
  assert.match(r.notes[2]!.join('\n'), /the page.s mapped lines agree with the OCR of its own lines at 1\.000/)
  // an OCR that reads other words there (each backwards again): the page is declined, as before
  const tw = await extractor.open(t.healthy)
  const pages = [await tw.getPageText(1), await tw.getPageText(2), await tw.getPageText(3)]
  await tw.close()
  const r2 = await repairAll(t.broken, t.healthy, {}, async (n, box) =>
    wordsOf(pages[n - 1]!)
      .filter((w) => inBox(w.bbox, box))
      .map((w) => (n < 3 ? w : { ...w, text: Array.from(w.text).reverse().join('') })),
  )
  assert.equal(r2.texts[2], undefined)
  assert.match(r2.notes[2]!.join('\n'), /declined: function words/)
})

test("a refused region's few letters of settled lines do not decide: the page is repaired from the maps settled before", async () => {
  const code = 'int main(void) {\n  printf("bonjour");\n  return 0;\n}'
  const t = await twins([
    [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' }],
    [
      { text: code, layer: 'garbled', font: 'Courier', shareFont: 'code' },
      { text: 'Le maire de la commune', layer: 'garbled', shareFont: 'body' },
      { text: code, layer: 'garbled', shareFont: 'code' },
    ],
  ])
  const tw = await extractor.open(t.healthy)
  const pages = [await tw.getPageText(1), await tw.getPageText(2)]
  await tw.close()
  // page 2's "OCR" reads every word backwards: the listing font's anchor is refused, and the one line of settled codes
  // (18 letters and digits) disagrees too
  const read = async (n: number, box: BBox) =>
    wordsOf(pages[n - 1]!)
      .filter((w) => inBox(w.bbox, box))
      .map((w) => (n === 1 ? w : { ...w, text: Array.from(w.text).reverse().join('') }))
  const r = await repairAll(t.broken, t.healthy, {}, read)
  const text = r.texts[1]
  assert.ok(text !== undefined, r.notes[1]!.join('\n'))
  assert.match(r.notes[1]!.join('\n'), /the lines of settled codes only agree with it at 0\.[0-7]\d* over 18 letters/)
  assert.ok(text.includes('Le maire de la commune'), text)
  assert.ok(text.includes('tni )diov(niam'), text)
})

test('a settled page of code, whose commands the OCR splits at their braces, is checked on runs of letters: it is repaired', async () => {
  // commands named by words never met (the prose's words backwards), two a line, as a listing sets them; a word in a
  // dvips-like bitmap font (a font whose spacing is rebuilt) makes the check ask for the OCR's words too
  const names = [...new Set(FRENCH_PROSE.toLowerCase().match(/\p{L}{5,}/gu) ?? [])].map((w) => Array.from(w).reverse().join(''))
  const w = (k: number) => names[k % names.length]!
  const code = Array.from({ length: 16 }, (_, i) => `\\${w(4 * i)}{${w(4 * i + 1)}} \\${w(4 * i + 2)}{${w(4 * i + 3)}}`)
  const t = await twins([
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: '\\begin{document} \\end{document}', layer: 'garbled', shareFont: 'body' },
    ],
    [{ text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' }],
    [
      { text: code.join('\n'), layer: 'garbled', shareFont: 'body' },
      { text: 'objet', layer: 'normal', bitmap: true },
    ],
  ])
  const tw = await extractor.open(t.healthy)
  const pages = [await tw.getPageText(1), await tw.getPageText(2), await tw.getPageText(3)]
  await tw.close()
  // the OCR of the listing ends a word before each brace (tesseract reads `\put (0,0) {\line` for `\put(0,0){\line`)
  const split = (x: PageText['items'][number]): PageText['items'] => {
    const parts = x.text.split(/(?=\{)/)
    const cw = (x.bbox.x1 - x.bbox.x0) / x.text.length
    let at = 0
    return parts.map((p) => {
      const b = { ...x.bbox, x0: x.bbox.x0 + at * cw, x1: x.bbox.x0 + (at + p.length) * cw }
      at += p.length
      return { ...x, text: p, bbox: b }
    })
  }
  const read = async (n: number, box: BBox) =>
    wordsOf(pages[n - 1]!)
      .filter((x) => inBox(x.bbox, box))
      .flatMap((x) => (n === 3 ? split(x) : [x]))
  const r = await repairAll(t.broken, t.healthy, {}, read)
  const notes = r.notes[2]!.join('\n')
  const text = r.texts[2]
  assert.ok(text !== undefined, notes)
  assert.match(notes, /the page.s mapped lines agree with the OCR of its own lines at 1\.000/)
  for (const c of code.flatMap((l) => l.split(' '))) assert.ok(text.includes(c), `${c} in ${text}`)
  // page 3: its text block for the check (the bitmap word's font is met there first, but no region can be cut at the
  // line of a font whose extents are false)
  assert.deepEqual(r.regions, [1, 0, 1])
})

test('a formula set glyph by glyph keeps its spaces: a font whose extents are true advances by them, not by its smallest step', async () => {
  // every glyph of the formula font stands apart, so that its spacing is rebuilt; each code is always followed by a
  // gap, so its smallest step on the page holds the space; its 16 steps are too few for a spacing model of its own
  const formula = 'x = a + b , y = c + d , z = e + f'
  const t = await twins([
    [
      { text: FRENCH_PROSE, layer: 'garbled', shareFont: 'body' },
      { text: formula, layer: 'garbled', font: 'Times-Roman', shareFont: 'math', glyphByGlyph: true },
    ],
    [
      { text: FRENCH_PROSE.split('\n').reverse().join('\n'), layer: 'garbled', shareFont: 'body' },
      { text: formula, layer: 'garbled', shareFont: 'math', glyphByGlyph: true },
    ],
  ])
  assert.ok(t.texts[1]!.includes(formula), 'the extractor reads the gaps of the healthy twin as spaces')
  const r = await repairAll(t.broken, t.healthy)
  assert.deepEqual(r.regions, [1, 0])
  for (const k of [0, 1]) assert.equal(r.texts[k], t.texts[k], r.notes[k]!.join('\n'))
})

test('spaces taken back from a formula that only the false map made look like letters set apart are given back', async () => {
  // every sign of the formula reads as a Latin-1 letter in the layer (`Ã Õ ô é æ`), so the extractor takes its equal
  // gaps for letters set apart and joins them; read as `a + b = c`, the line is signs between letters, and its spaces
  // return
  const formula = 'a + b = c'
  const t = await twins([
    [
      { text: SHORT_ENGLISH, layer: 'latin1', font: 'Times-Roman', shareFont: 'body' },
      { text: formula, layer: 'latin1', shareFont: 'body', glyphByGlyph: true },
    ],
  ])
  assert.ok(t.texts[0]!.includes(formula), 'the healthy twin reads the formula with its spaces')
  const doc = await extractor.open(t.broken)
  const page = await doc.getPageText(1)
  await doc.close()
  const last = page.text.trim().split('\n').pop()!
  assert.equal(last.replace(/ /g, ''), last, `the broken layer reads the formula as one word: ${last}`)
  assert.ok(page.items.some((it) => it.glyphs?.some((g) => g.spaceTaken)))
  const r = await repairAll(t.broken, t.healthy)
  assert.equal(r.texts[0], t.texts[0], r.notes[0]!.join('\n'))
})

/** A layer line of one font, a glyph every 5 pt (what the aligner sees), for the agreement checks below. */
const line = (text: string): LayerLine => ({
  glyphs: Array.from(text, (c, i) => ({ font: 'F', code: c, text: c, x: i * 5 + 2.5, x0: i * 5, space: c === ' ' })),
  box: { x0: 0, y0: 0, x1: text.length * 5, y1: 10 },
  cy: 5,
})
/** OCR characters at the glyphs they were read over. */
const ocr = (text: string): OcrChar[] => Array.from(text, (c, i) => ({ ch: c, x: i * 5 + 2.5, space: c === ' ' }))
const same = (g: { text: string }) => g.text

test('letters of a script the OCR read nowhere are neither confirmed nor refuted by it, up to a quarter of the letters', () => {
  // a symbol table: each Greek letter beside its command, which a Latin OCR reads as a Latin letter
  const table = [line('α alpha β beta'), line('γ gamma δ delta')]
  const read = [ocr('a alpha B beta'), ocr('y gamma o delta')]
  assert.ok(agreement(table, read, same).agreement < 0.9)
  const wild = agreement(table, read, same, undefined, { unreadScripts: true })
  assert.equal(wild.agreement, 1)
  assert.equal(wild.wild, 4)
  // a map into Greek (every letter) is checked as it is
  const greek = [line('αλπηα βετα'), line('γαμμα δελτα')]
  const asRead = [ocr('alpha beta'), ocr('gamma delta')]
  assert.ok(agreement(greek, asRead, same, undefined, { unreadScripts: true }).agreement < 0.5)
  // where the OCR reads Greek itself, its Greek counts
  assert.ok(agreement(table, [ocr('α alpha ß beta'), ocr('γ gamma δ delta')], same, undefined, { unreadScripts: true }).agreement < 1)
})

test("the OCR's letters read over symbols are left out of the check, up to a quarter of its letters", () => {
  // relations beside their commands, the relations read as letters
  const table = [line('≅ \\cong ≤ \\leq ou \\le'), line('⊂ \\subset ≈ \\approx')]
  const read = [ocr('K \\cong E \\leq ou \\le'), ocr('C \\subset X \\approx')]
  assert.ok(agreement(table, read, same).agreement < 0.9)
  const left = agreement(table, read, same, undefined, { overSymbols: true })
  assert.equal(left.agreement, 1)
  assert.equal(left.dropped, 4)
  // a map that reads the letters as punctuation would leave most of the OCR out: the check is made on all of it
  const junk = [line('!"#$ %&\'(')]
  const junkRead = [ocr('alpha beta')]
  const strict = agreement(junk, junkRead, same, undefined, { overSymbols: true })
  assert.equal(strict.dropped, 0)
  assert.ok(strict.agreement < 0.5)
})

test('letterlike symbols are signs to the check, and accents are left out of it', () => {
  // glyph names give a symbol table its letterlike symbols, which the OCR reads as letters and digits
  const table = [line('ℓ \\ell ℜ \\Re'), line('ℵ \\aleph ℏ \\hbar')]
  const read = [ocr('9 \\ell R \\Re'), ocr('N \\aleph h \\hbar')]
  const left = agreement(table, read, same, undefined, { overSymbols: true })
  assert.equal(left.agreement, 1)
  assert.equal(left.dropped, 4)
  // an OCR that reads a Czech line with the French model's accents (or none) agrees with the true text
  assert.equal(agreement([line('Peněžní prostředky')], [ocr('Penézni prostredky')], same).agreement, 1)
})

test('a ligature aligned with one of its letters, the other skipped, is read whole: split readings, and one reading beside a held letter', () => {
  // one line a word: each glyph one OCR letter, but the ligature's glyph (code #500) aligned with all its letters but
  // the last (`first`) or the first (`second`), or with all (`whole`)
  type Word = { letters: string[]; lig: number; as: 'first' | 'second' | 'whole' }
  const lines: OcrChar[][] = []
  const pairs: LinePair[] = []
  const votes = new Map<string, Map<string, number>>()
  const add = (code: string, t: string) => {
    const v = votes.get(code) ?? new Map<string, number>()
    votes.set(code, v.set(t, (v.get(t) ?? 0) + 1))
  }
  const place = (w: Word) => {
    const line = lines.length
    const ocr: OcrChar[] = []
    let at = 0
    w.letters.forEach((l, i) => {
      const chars = [...l]
      chars.forEach((ch) => ocr.push({ ch, x: 5 * ocr.length, space: false }))
      const code = i === w.lig ? '#500' : `#${l.charCodeAt(0)}`
      const glyph = { font: 'F', code, text: '?', x: 5 * at, x0: 5 * at, space: false }
      if (i !== w.lig) pairs.push({ glyph, text: l, at, end: at + 1, line })
      else if (w.as === 'whole') pairs.push({ glyph, text: l, at, end: at + chars.length, line })
      else if (w.as === 'first') pairs.push({ glyph, text: chars.slice(0, -1).join(''), at, end: at + chars.length - 1, line })
      else pairs.push({ glyph, text: chars.slice(1).join(''), at: at + 1, end: at + chars.length, line })
      add(code, pairs.at(-1)!.text)
      at += chars.length
    })
    lines.push(ocr)
  }
  /** The map the words placed so far give, their ligatures extended. */
  const learned = () => {
    const fonts = new Map<string, FontLearning>([
      ['F', { healthy: false, votes: new Map([...votes].map(([c, v]) => [c, new Map(v)])), aligned: pairs.length, identity: 0 }],
    ])
    extendLigatures(fonts, pairs, lines)
    return mapOf(fonts.get('F')!.votes)
  }
  const reset = () => {
    lines.length = 0
    pairs.length = 0
    votes.clear()
  }
  // read four times `f` before a skipped `i`, four times `i` after a skipped `f` (as a `fi` of `spécifier` was on a corpus page)
  for (let k = 0; k < 4; k++) place({ letters: ['s', 'p', 'é', 'c', 'i', 'fi', 'e', 'r'], lig: 5, as: 'first' })
  for (let k = 0; k < 4; k++) place({ letters: ['d', 'é', 'fi', 'n', 'i', 'r'], lig: 2, as: 'second' })
  const split = learned()
  assert.equal(split.get('#500'), 'fi')
  // the letters beside it keep their own readings
  assert.equal(split.get(`#${'e'.charCodeAt(0)}`), 'e')
  assert.equal(split.get(`#${'i'.charCodeAt(0)}`), 'i')

  // a ligature read as a shorter one, the rest skipped, is the longer (`ff` before a skipped `i`: `ffi`), also where
  // some readings were whole
  reset()
  for (let k = 0; k < 3; k++) place({ letters: ['e', 'ffi', 'c', 'a', 'c', 'e'], lig: 1, as: 'first' })
  assert.equal(learned().get('#500'), 'ffi')
  place({ letters: ['s', 'u', 'ffi', 't'], lig: 2, as: 'whole' })
  assert.equal(learned().get('#500'), 'ffi')

  // read once, as `i` after a skipped `f`, where the font's `i` has its own code: the ligature (as in `définir`)
  reset()
  place({ letters: ['d', 'é', 'fi', 'n', 'i', 'r'], lig: 2, as: 'second' })
  for (let k = 0; k < 3; k++) place({ letters: ['m', 'i', 'n', 'i'], lig: -1, as: 'first' })
  assert.equal(learned().get('#500'), 'fi')
  // ... but not when no other code draws `i`: the reading may be the letter itself, a neighbour misread
  reset()
  place({ letters: ['d', 'é', 'fi', 'n', 'o', 'r'], lig: 2, as: 'second' })
  assert.equal(learned().get('#500'), 'i')
})

test('an anchor over most of a page the OCR may read is read as the whole page, its words within the anchor kept', async () => {
  const t = await twins([[{ text: `${FRENCH_PROSE}\n\n${FRENCH_DECREE}`, layer: 'garbled' }]])
  const tw = await extractor.open(t.healthy)
  const words = wordsOf(await tw.getPageText(1))
  await tw.close()
  const asked: BBox[] = []
  const read = async (_n: number, box: BBox) => {
    asked.push(box)
    return words.filter((w) => inBox(w.bbox, box))
  }
  const isPage = (b: BBox | undefined) => !!b && b.x0 === 0 && b.y0 === 0 && Math.abs(b.x1 - 595.28) < 0.01 && Math.abs(b.y1 - 841.89) < 0.01
  // the page may be OCRed at the anchor's 300 dpi and the anchor covers more than a tenth of it: the whole page is read
  const whole = await repairAll(t.broken, t.healthy, { anchorAsPage: 0.1 }, read, { ocrDpi: 300 })
  assert.ok(isPage(asked[0]), JSON.stringify(asked[0]))
  assert.equal(whole.texts[0], t.texts[0])
  // the same page never OCRed (triage), or OCRed at another resolution, or the anchor under the share: its region alone
  for (const [o, dpi] of [
    [{ anchorAsPage: 0.1 }, undefined],
    [{ anchorAsPage: 0.1 }, 200],
    [{ anchorAsPage: 1 }, 300],
  ] as const) {
    asked.length = 0
    const r = await repairAll(t.broken, t.healthy, o, read, dpi === undefined ? {} : { ocrDpi: dpi })
    assert.ok(asked.length > 0 && !isPage(asked[0]), JSON.stringify(asked[0]))
    assert.equal(r.texts[0], t.texts[0])
  }
})
