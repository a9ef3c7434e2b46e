import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ExtractedDocument, Judge, OcrEngine } from '../src/contracts.js'
import { band, meanConfidence, rotateImage, unrotateBox } from '../src/pipeline/ocr-check.js'
import { runDocument } from '../src/pipeline/run-document.js'
import type { BBox } from '../src/geometry.js'
import type { PageImage, PageResult, PageText, TextItem } from '../src/types.js'

/** A 4 x 2 image whose pixels are their own indices, to follow where each one goes. */
const img = (): PageImage => ({ pageNumber: 1, width: 4, height: 2, dpi: 72, data: Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]) })

describe('image turns and boxes', () => {
  it('turns clockwise', () => {
    assert.deepEqual([...rotateImage(img(), 180).data], [7, 6, 5, 4, 3, 2, 1, 0])
    const r90 = rotateImage(img(), 90)
    assert.equal(r90.width, 2)
    assert.equal(r90.height, 4)
    // the left column (0 over 4) becomes the top row, read right to left: 4, 0
    assert.deepEqual([...r90.data], [4, 0, 5, 1, 6, 2, 7, 3])
    assert.deepEqual([...rotateImage(img(), 270).data], [3, 7, 2, 6, 1, 5, 0, 4])
  })
  it('maps a box read on the turned page back onto the page as displayed', () => {
    // A pixel at (x, y) of a 4 x 2 page, as a 1 x 1 box, found again after each turn.
    for (const deg of [90, 180, 270] as const) {
      const turned = rotateImage(img(), deg)
      for (let y = 0; y < turned.height; y++) {
        for (let x = 0; x < turned.width; x++) {
          const v = turned.data[y * turned.width + x]!
          const b = unrotateBox({ x0: x, y0: y, x1: x + 1, y1: y + 1 }, deg, 4, 2)
          assert.equal(img().data[b.y0 * 4 + b.x0], v, `turn ${deg}, pixel (${x}, ${y})`)
          assert.equal(b.x1 - b.x0, 1)
          assert.equal(b.y1 - b.y0, 1)
        }
      }
    }
  })
  it('takes a band of rows', () => {
    const b = band({ pageNumber: 1, width: 2, height: 6, dpi: 72, data: Uint8Array.from({ length: 12 }, (_, i) => i) }, 1 / 3, 2 / 3)
    assert.equal(b.height, 2)
    assert.deepEqual([...b.data], [4, 5, 6, 7])
  })
  it('weighs confidences by word length and says when there are none', () => {
    const w = (text: string, confidence?: number) => ({ text, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 }, ...(confidence === undefined ? {} : { confidence }) })
    assert.equal(meanConfidence({ items: [w('abcd', 1), w('ab', 0.4)] }), (4 + 0.8) / 6)
    assert.equal(meanConfidence({ items: [w('abc')] }), undefined)
  })
})

/**
 * A page image whose left column is black when it is upright (its right column when turned), and an engine that
 * reads it confidently then and only then, whole or a band of it: what a scan read upside down is to tesseract.
 */
const W = 20
const H = 10
function uprightPage(turned: boolean): PageImage {
  const data = new Uint8Array(W * H).fill(255)
  for (let y = 0; y < H; y++) data[y * W + (turned ? W - 1 : 0)] = 0
  return { pageNumber: 1, width: W, height: H, dpi: 72, data }
}
const engine = (): OcrEngine & { reads: number } => ({
  name: 'fake',
  reads: 0,
  async recognize(im) {
    this.reads++
    const upright = im.data[0] === 0
    const text = upright ? 'the page reads well' : 'ʇɥǝ dɐƃǝ'
    const item = { text, bbox: { x0: 1, y0: 1, x1: 5, y1: 3 }, confidence: upright ? 0.93 : 0.31 }
    return { pageNumber: im.pageNumber, width: im.width, height: im.height, items: [item], text, source: 'ocr' }
  },
  async close() {},
})
function doc(turned: boolean, layer = ''): ExtractedDocument {
  const page: PageText = { pageNumber: 1, width: W, height: H, items: [], text: layer, imageCoverage: 1, source: 'text-layer' }
  return {
    pageCount: 1,
    info: { pageCount: 1 },
    getPageText: async () => page,
    renderPage: async () => uprightPage(turned),
    close: async () => {},
    [Symbol.asyncDispose]: async () => {},
  }
}
// A scan without a layer needs OCR; OCR text with an upside-down letter is junk.
const gates: Judge = {
  name: 'gates',
  judge: (p) =>
    p.source !== 'ocr'
      ? { judge: 'gates', layer: p.text ? 'sparse' : 'absent', needsOcr: true, notes: ['thin'] }
      : /ɥ/.test(p.text)
        ? { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['junk'] }
        : { judge: 'gates', layer: 'healthy', needsOcr: false, notes: ['fine'] },
}
async function run(d: ExtractedDocument, e: OcrEngine): Promise<PageResult> {
  for await (const ev of runDocument(d, { extractor: { name: 'x', open: async () => d }, judges: [gates], repairs: [], ocr: e, postprocess: [] } as never, {
    policy: 'auto',
  })) {
    if (ev.type === 'page') return ev.result
  }
  throw new Error('no page')
}

describe('OCR is judged', () => {
  it('an upright scan: one reading, good, its confidence recorded', async () => {
    const e = engine()
    const r = await run(doc(false), e)
    assert.equal(e.reads, 1)
    assert.equal(r.action, 'ocr')
    assert.equal(r.ocrQuality, 'good')
    assert.equal(r.ocrConfidence, 0.93)
    assert.equal(r.page.rotation, undefined)
  })
  it('an upside-down scan is read again turned, and its boxes come back onto the page', async () => {
    const e = engine()
    const r = await run(doc(true), e)
    assert.equal(r.page.text, 'the page reads well')
    assert.equal(r.page.rotation, 180)
    assert.equal(r.ocrQuality, 'good')
    // four bands (one a turn) and two whole readings
    assert.equal(e.reads, 6)
    assert.deepEqual(r.page.items[0]!.bbox, { x0: W - 5, y0: H - 3, x1: W - 1, y1: H - 1 })
    assert.ok(
      r.verdict.notes.some((n) => /read turned 180 degrees/.test(n)),
      r.verdict.notes.join('\n'),
    )
  })
  it("the engine's notes join the page's, and every reading of one document carries one document key", async () => {
    const keys: unknown[] = []
    const noting: OcrEngine = {
      name: 'noting',
      async recognize(im, o) {
        keys.push(o?.document)
        const item = { text: 'lu', bbox: { x0: 1, y0: 1, x1: 5, y1: 3 }, confidence: 0.93 }
        return { pageNumber: im.pageNumber, width: W, height: H, items: [item], text: 'lu', source: 'ocr', notes: ['ocr: language fra picked'] }
      },
      async close() {},
    }
    const r = await run(doc(false), noting)
    const r2 = await run(doc(false), noting)
    assert.ok(r.verdict.notes.includes('ocr: language fra picked'), r.verdict.notes.join('\n'))
    assert.ok(r2.verdict.notes.includes('ocr: language fra picked'))
    assert.equal(keys.length, 2)
    assert.equal(typeof keys[0], 'object')
    assert.notEqual(keys[0], keys[1], 'each document its own key')
  })
  it('OCR that reads badly is flagged poor, and a thin layer that reads is kept rather than replaced by it', async () => {
    const bad: OcrEngine = {
      ...engine(),
      recognize: async (im) => ({
        pageNumber: im.pageNumber,
        width: W,
        height: H,
        items: [{ text: 'ʇɥǝ', bbox: { x0: 0, y0: 0, x1: 1, y1: 1 }, confidence: 0.2 }],
        text: 'ʇɥǝ',
        source: 'ocr',
      }),
    }
    const absent = await run(doc(false), bad)
    assert.equal(absent.ocrQuality, 'poor')
    assert.equal(absent.action, 'ocr', 'nothing better to keep')
    const thin = await run(doc(false, 'Page 12'), bad)
    assert.equal(thin.ocrQuality, 'poor')
    assert.equal(thin.action, 'kept')
    assert.equal(thin.page.text, 'Page 12')
    assert.equal(thin.ocr?.text, 'ʇɥǝ')
    assert.ok(thin.verdict.notes.some((n) => /reads worse than the page's own thin layer/.test(n)))
  })
})

describe('regions of a page that keeps its layer', () => {
  const layerPage = (): PageText => {
    const items = [
      { text: 'Title of the page', bbox: { x0: 10, y0: 10, x1: 90, y1: 20 }, hasEol: true },
      { text: 'Text above the screenshot.', bbox: { x0: 10, y0: 30, x1: 90, y1: 40 }, hasEol: true },
      { text: 'Text below it.', bbox: { x0: 10, y0: 80, x1: 90, y1: 90 }, hasEol: true },
    ]
    return { pageNumber: 1, width: 100, height: 100, items, text: items.map((i) => i.text).join('\n'), imageCoverage: 0.3, source: 'text-layer' }
  }
  const mixedDoc = (): ExtractedDocument => ({
    pageCount: 1,
    info: { pageCount: 1 },
    getPageText: async () => layerPage(),
    renderPage: async (n, dpi) => ({
      pageNumber: n,
      width: Math.round((100 * dpi) / 72),
      height: Math.round((100 * dpi) / 72),
      dpi,
      data: new Uint8Array(Math.round((100 * dpi) / 72) ** 2),
    }),
    close: async () => {},
    [Symbol.asyncDispose]: async () => {},
  })
  const region = { x0: 20, y0: 45, x1: 80, y1: 75 }
  const readsRegions: Judge = { name: 'gates', judge: () => ({ judge: 'gates', layer: 'healthy', needsOcr: false, notes: ['reads'], regions: [region] }) }
  const screenshotOcr = (confidence: number): OcrEngine & { sizes: string[] } => ({
    name: 'fake',
    sizes: [],
    async recognize(im) {
      this.sizes.push(`${im.width}x${im.height}`)
      const item = { text: 'Save changes?', bbox: { x0: 2, y0: 2, x1: 40, y1: 10 }, confidence }
      return { pageNumber: im.pageNumber, width: 60, height: 30, items: [item], text: 'Save changes?', source: 'ocr' }
    },
    async close() {},
  })
  async function runMixed(e: OcrEngine, policy: 'auto' | 'extract' = 'auto'): Promise<PageResult> {
    const d = mixedDoc()
    for await (const ev of runDocument(
      d,
      { extractor: { name: 'x', open: async () => d }, judges: [readsRegions], repairs: [], ocr: e, postprocess: [] } as never,
      { policy },
    )) {
      if (ev.type === 'page') return ev.result
    }
    throw new Error('no page')
  }
  it('keeps the layer exactly and inserts the region text where it reads; only the region is OCRed', async () => {
    const e = screenshotOcr(0.9)
    const r = await runMixed(e)
    assert.equal(r.action, 'kept')
    assert.equal(r.ocrQuality, 'good')
    assert.equal(r.page.text, 'Title of the page\nText above the screenshot.\nSave changes?\nText below it.')
    assert.deepEqual(e.sizes, [`${Math.ceil((80 * 300) / 72) - Math.floor((20 * 300) / 72)}x${Math.ceil((75 * 300) / 72) - Math.floor((45 * 300) / 72)}`])
    // the region's words are on the page, in points
    assert.equal(r.regionText?.items.length, 1)
    assert.ok(r.regionText.items[0]!.bbox.x0 >= 20 && r.regionText.items[0]!.bbox.y0 >= 45)
    assert.ok(
      r.verdict.notes.some((n) => /region \(20, 45, 80, 75\): 1 words added/.test(n)),
      r.verdict.notes.join('\n'),
    )
  })
  it('leaves out a region read poorly but for its sure words, and OCRs nothing under policy extract', async () => {
    const poor = await runMixed(screenshotOcr(0.3))
    assert.equal(poor.page.text, layerPage().text)
    assert.equal(poor.regionText, undefined)
    assert.ok(poor.verdict.notes.some((n) => /left out/.test(n)))
    // the page is flagged, though its layer stands: the picture was not read
    assert.equal(poor.ocrQuality, 'poor')
    // a map read poorly as a whole: its sure label is kept, the line art read as letters is not
    const map: OcrEngine = {
      name: 'fake',
      async recognize(im) {
        const items = [
          { text: 'Helsinki', bbox: { x0: 2, y0: 2, x1: 30, y1: 10 }, confidence: 0.93 },
          { text: '—+N', bbox: { x0: 32, y0: 2, x1: 40, y1: 10 }, confidence: 0.2 },
          { text: 'esses', bbox: { x0: 42, y0: 2, x1: 58, y1: 10 }, confidence: 0.3 },
        ]
        return { pageNumber: im.pageNumber, width: 60, height: 30, items, text: 'Helsinki —+N esses', source: 'ocr' }
      },
      async close() {},
    }
    const sure = await runMixed(map)
    assert.equal(sure.page.text, 'Title of the page\nText above the screenshot.\nHelsinki\nText below it.')
    assert.equal(sure.ocrQuality, 'poor')
    assert.ok(
      sure.verdict.notes.some((n) => /3 words, confidence 0\.\d\d: 1 words of confidence 0\.7 or more added/.test(n)),
      sure.verdict.notes.join('\n'),
    )
    const e = screenshotOcr(0.9)
    const none = await runMixed(e, 'extract')
    assert.equal(none.page.text, layerPage().text)
    assert.equal(none.ocrQuality, undefined)
    assert.deepEqual(e.sizes, [])
  })
})

/** A one-page document of a 100 x 100 pt page: `layer` as its text, a black image at any resolution. */
function onePageDoc(layer: PageText): ExtractedDocument {
  const side = (dpi: number) => Math.round((100 * dpi) / 72)
  return {
    pageCount: 1,
    info: { pageCount: 1 },
    getPageText: async () => layer,
    renderPage: async (n, dpi) => ({ pageNumber: n, width: side(dpi), height: side(dpi), dpi, data: new Uint8Array(side(dpi) ** 2) }),
    close: async () => {},
    [Symbol.asyncDispose]: async () => {},
  }
}

/**
 * An engine that reads `words` (boxes in page points) on whatever crop it is given, the crop starting at `origin` on
 * the page: it answers their boxes on the crop, as an engine reading a region does.
 */
function regionOcr(origin: { x: number; y: number }, words: TextItem[], text: string): OcrEngine {
  const onCrop = (b: BBox): BBox => ({ x0: b.x0 - origin.x, y0: b.y0 - origin.y, x1: b.x1 - origin.x, y1: b.y1 - origin.y })
  return {
    name: 'fake',
    async recognize(im) {
      const items = words.map((w) => ({ ...w, bbox: onCrop(w.bbox) }))
      return { pageNumber: im.pageNumber, width: im.width, height: im.height, items, text, source: 'ocr' }
    },
    async close() {},
  }
}

describe("region OCR keeps to the pictures, and a later judge's verdict keeps the regions", () => {
  const items = [
    { text: 'Caption above the picture.', bbox: { x0: 10, y0: 10, x1: 90, y1: 20 }, hasEol: true },
    { text: 'Text below it.', bbox: { x0: 10, y0: 80, x1: 90, y1: 90 }, hasEol: true },
  ]
  const layer: PageText = { pageNumber: 1, width: 100, height: 100, items, text: items.map((i) => i.text).join('\n'), imageCoverage: 0.3, source: 'text-layer' }
  const d = onePageDoc(layer)
  // A region whose margin takes in the layer's last line: OCR reads the picture's words and that line again.
  const region = { x0: 5, y0: 40, x1: 95, y1: 92 }
  // boxes in points on the page; the engine answers them on the crop, which starts at (5, 40)
  const ocr = regionOcr(
    { x: 5, y: 40 },
    [
      { text: 'Cancel', bbox: { x0: 20, y0: 50, x1: 45, y1: 58 }, confidence: 0.93, hasEol: false },
      { text: 'Save', bbox: { x0: 50, y0: 50, x1: 70, y1: 58 }, confidence: 0.95, hasEol: true },
      { text: 'Text', bbox: { x0: 10, y0: 80, x1: 25, y1: 90 }, confidence: 0.9, hasEol: false },
      { text: 'below', bbox: { x0: 27, y0: 80, x1: 50, y1: 90 }, confidence: 0.9, hasEol: false },
      { text: 'it.', bbox: { x0: 52, y0: 80, x1: 60, y1: 90 }, confidence: 0.9, hasEol: true },
    ],
    'Cancel Save\nText below it.',
  )
  const pictures: Judge = { name: 'gates', judge: () => ({ judge: 'gates', layer: 'healthy', needsOcr: false, notes: ['picture'], regions: [region] }) }
  const later: Judge = { name: 'spot', judge: () => ({ judge: 'spot', layer: 'healthy', needsOcr: false, notes: ['the layer reads'] }) }

  it("drops the region's words lying over the layer's own lines, and the regions outlive a later readable verdict", async () => {
    let r: PageResult | undefined
    for await (const ev of runDocument(
      d,
      { extractor: { name: 'x', open: async () => d }, judges: [pictures, later], repairs: [], ocr, postprocess: [] } as never,
      {
        policy: 'auto',
      },
    )) {
      if (ev.type === 'page') r = ev.result
    }
    assert.ok(r)
    assert.deepEqual(r.verdict.regions, [region])
    assert.equal(r.verdict.judge, 'spot')
    assert.equal(r.page.text, 'Caption above the picture.\nCancel Save\nText below it.')
    assert.deepEqual(
      r.regionText?.items.map((i) => i.text),
      ['Cancel', 'Save'],
    )
  })
})

describe("a broken font's text is replaced by the OCR over its runs, not dropped as the layer's own", () => {
  // A healthy body line, then a line whose middle run is in a font whose codes extract as control characters.
  const items = [
    { text: 'The body reads well.', bbox: { x0: 10, y0: 10, x1: 90, y1: 20 }, hasEol: true, fontId: 'body' },
    { text: 'Fill in', bbox: { x0: 10, y0: 50, x1: 30, y1: 58 }, hasEol: false, fontId: 'body' },
    { text: '\u0003\u0001\u0002\u0003 \u0004\u0005', bbox: { x0: 32, y0: 50, x1: 70, y1: 58 }, hasEol: false, fontId: 'side' },
    { text: 'below.', bbox: { x0: 72, y0: 50, x1: 90, y1: 58 }, hasEol: true, fontId: 'body' },
  ]
  const layer: PageText = {
    pageNumber: 1,
    width: 100,
    height: 100,
    items,
    text: 'The body reads well.\nFill in \u0003\u0001\u0002\u0003 \u0004\u0005 below.',
    imageCoverage: 0,
    source: 'text-layer',
  }
  const d = onePageDoc(layer)
  const region = { x0: 5, y0: 45, x1: 95, y1: 62 }
  const ocr = regionOcr(
    { x: 5, y: 45 },
    [
      { text: 'Fill', bbox: { x0: 10, y0: 50, x1: 20, y1: 58 }, confidence: 0.9, hasEol: false },
      { text: 'in', bbox: { x0: 22, y0: 50, x1: 30, y1: 58 }, confidence: 0.9, hasEol: false },
      { text: 'the', bbox: { x0: 32, y0: 50, x1: 45, y1: 58 }, confidence: 0.92, hasEol: false },
      { text: 'form', bbox: { x0: 48, y0: 50, x1: 70, y1: 58 }, confidence: 0.91, hasEol: false },
      { text: 'below.', bbox: { x0: 72, y0: 50, x1: 90, y1: 58 }, confidence: 0.9, hasEol: true },
    ],
    'Fill in the form below.',
  )
  const run = async (brokenFonts: string[] | undefined) => {
    const judge: Judge = {
      name: 'gates',
      judge: () => ({
        judge: 'gates',
        layer: 'healthy',
        needsOcr: false,
        notes: ['broken side font'],
        regions: [region],
        ...(brokenFonts ? { brokenFonts } : {}),
      }),
    }
    let r: PageResult | undefined
    for await (const ev of runDocument(d, { extractor: { name: 'x', open: async () => d }, judges: [judge], repairs: [], ocr, postprocess: [] } as never, {
      policy: 'auto',
    })) {
      if (ev.type === 'page') r = ev.result
    }
    assert.ok(r)
    return r
  }

  it('puts the words read over the broken run in its place, keeps the readable runs, and says so', async () => {
    const r = await run(['side'])
    assert.equal(r.page.text, 'The body reads well.\nFill in the form below.')
    assert.deepEqual(
      r.page.items.map((i) => i.text),
      ['The body reads well.', 'Fill in', 'the', 'form', 'below.'],
    )
    assert.deepEqual(r.verdict.brokenFonts, ['side'])
    assert.ok(r.verdict.notes.some((n) => /2 words replace the text of a broken font under them \(1 items\)/.test(n)))
  })

  it('a repaired page does not OCR the regions of fonts its judge still calls broken: the repair answers for them', async () => {
    let readings = 0
    const counting: OcrEngine = { ...ocr, recognize: async (im, o) => (readings++, ocr.recognize(im, o)) }
    const judge: Judge = {
      name: 'gates',
      judge: (p) =>
        p.text.includes('repaired')
          ? { judge: 'gates', layer: 'healthy', needsOcr: false, notes: ['a few codes left'], regions: [region], brokenFonts: ['side'] }
          : { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['junk'] },
    }
    const repair = { name: 'fix', repair: (p: PageText) => ({ page: { ...p, text: `${p.text} repaired` }, notes: ['mapped'] }) }
    let r: PageResult | undefined
    for await (const ev of runDocument(
      d,
      { extractor: { name: 'x', open: async () => d }, judges: [judge], repairs: [repair], ocr: counting, postprocess: [] } as never,
      { policy: 'auto' },
    )) {
      if (ev.type === 'page') r = ev.result
    }
    assert.ok(r)
    assert.equal(r.action, 'repaired')
    assert.equal(r.verdict.regions, undefined)
    assert.equal(r.verdict.brokenFonts, undefined)
    assert.equal(readings, 0)
    assert.ok(r.verdict.notes.includes('regions of side not OCRed: the repair answers for their text'))
  })

  it('without the judge naming the font, the words over it are dropped as the layer read again (as before)', async () => {
    const r = await run(undefined)
    assert.equal(r.page.text, layer.text)
    assert.ok(r.verdict.notes.some((n) => /0 words, confidence unknown: left out/.test(n)))
  })
})

describe('the better text wins when the judges call both the layer and its OCR junk', () => {
  // A page of music notation: its layer fails the vowel test (as the gates word it), and so does the OCR of it.
  const vowels = (share: number) => `vowels ${share.toFixed(2)} of 412 Latin letters, outside 0.20-0.65: no language spells so`
  const music = (layerShare: number, ocrShare: number, ocrReason?: string): Judge => ({
    name: 'gates',
    judge: (p) =>
      p.source === 'ocr'
        ? ocrReason
          ? { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['stats', `garbled: ${ocrReason}`] }
          : { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['stats', `garbled: ${vowels(ocrShare)}`], score: ocrShare, threshold: 0.65 }
        : { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['stats', `garbled: ${vowels(layerShare)}`], score: layerShare, threshold: 0.65 },
  })
  const scoreLayer = 'Allegro moderato Soprano Alto Tenor Bass aaa'
  function musicDoc(): ExtractedDocument {
    const page: PageText = { pageNumber: 1, width: W, height: H, items: [], text: scoreLayer, imageCoverage: 0, source: 'text-layer' }
    return {
      pageCount: 1,
      info: { pageCount: 1 },
      getPageText: async () => page,
      renderPage: async () => uprightPage(false),
      close: async () => {},
      [Symbol.asyncDispose]: async () => {},
    }
  }
  const junkOcr: OcrEngine = {
    name: 'fake',
    recognize: async (im) => ({
      pageNumber: im.pageNumber,
      width: W,
      height: H,
      items: [{ text: 'Nv # i 43d] W 2 AFP', bbox: { x0: 1, y0: 1, x1: 5, y1: 3 }, confidence: 0.84 }],
      text: 'Nv # i 43d] W 2 AFP',
      source: 'ocr',
    }),
    async close() {},
  }
  async function runWith(j: Judge): Promise<PageResult> {
    const d = musicDoc()
    for await (const ev of runDocument(d, { extractor: { name: 'x', open: async () => d }, judges: [j], repairs: [], ocr: junkOcr, postprocess: [] } as never, {
      policy: 'auto',
    })) {
      if (ev.type === 'page') return ev.result
    }
    throw new Error('no page')
  }

  it('keeps the layer when the OCR fails the same test by as much or more; the OCR is kept beside it, flagged poor', async () => {
    const r = await runWith(music(0.66, 0.72))
    assert.equal(r.action, 'kept')
    assert.equal(r.page.text, scoreLayer)
    assert.equal(r.ocrQuality, 'poor')
    assert.equal(r.ocr?.text, 'Nv # i 43d] W 2 AFP')
    assert.ok(
      r.verdict.notes.some((n) =>
        /fails the same test as the layer \(vowels # of # Latin letters, outside #-#\) \(layer 0\.01 from its threshold, OCR 0\.07\): the page's own layer is kept/.test(
          n,
        ),
      ),
      r.verdict.notes.join('\n'),
    )
  })
  it('lets an OCR that fails the same test by less replace the layer, and one condemned for another reason too', async () => {
    const closer = await runWith(music(0.9, 0.7))
    assert.equal(closer.action, 'ocr')
    assert.ok(closer.verdict.notes.some((n) => /but by less/.test(n)))
    const other = await runWith(music(0.66, 0, 'latin-1 and controls 0.40 > 0.20'))
    assert.equal(other.action, 'ocr')
    assert.equal(other.ocrQuality, 'poor')
    assert.ok(!other.verdict.notes.some((n) => /same test/.test(n)))
  })
})

describe('the resolution of a low-resolution scan is passed to the engine', () => {
  // an A4 page (595 x 842 pt) painted by one image of `px` pixels across
  const scanned = (px: number | undefined, share = 1): ExtractedDocument => {
    const [w, h] = [595 * share, 842 * share]
    const images = px === undefined ? [] : [{ bbox: { x0: 0, y0: 0, x1: w, y1: h }, pixels: { width: px, height: Math.round((px * 842) / 595) } }]
    const page: PageText = { pageNumber: 1, width: 595, height: 842, items: [], text: '', imageCoverage: share * share, images, source: 'text-layer' }
    return { ...doc(false), getPageText: async () => page, renderPage: async () => uprightPage(false) }
  }
  const recording = (): OcrEngine & { seen: (number | undefined)[] } => {
    const e = engine()
    const seen: (number | undefined)[] = []
    return { ...e, seen, recognize: (im, o) => (seen.push(o?.sourceDpi), e.recognize.call(e, im, o)) }
  }
  it('a scan stored at 75 dpi under a 300 dpi render says 75', async () => {
    const e = recording()
    await run(scanned(620), e)
    assert.equal(e.seen.length, 1)
    assert.ok(Math.abs(e.seen[0]! - 75) < 0.5, `sourceDpi ${e.seen[0]}`)
  })
  it('says nothing for a scan at the render resolution or above, a small picture, or a page without one', async () => {
    for (const d of [scanned(2480), scanned(300, 0.5), scanned(undefined)]) {
      const e = recording()
      await run(d, e)
      assert.deepEqual(e.seen, [undefined])
    }
  })
})
