import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ExtractedDocument, Extractor, Judge, OcrEngine, PostProcessor, Repair } from '../src/contracts.js'
import { judgePage } from '../src/pipeline/judge.js'
import { openDocument } from '../src/pipeline/open.js'
import { runDocument, type PipelineEvent } from '../src/pipeline/run-document.js'
import type { TriageError } from '../src/errors.js'
import type { DocumentResult, PageResult, PageText, Verdict } from '../src/types.js'

const page = (n: number, text: string): PageText => ({
  pageNumber: n,
  width: 100,
  height: 100,
  items: [{ text, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 }, fontId: 'f' }],
  text,
  source: 'text-layer',
})

/** A fake document whose page n reads `texts[n-1]`, counting the pages alive at once. */
function fakeDoc(texts: string[]) {
  const stats = { extracted: 0, rendered: 0 }
  const doc: ExtractedDocument = {
    pageCount: texts.length,
    info: { pageCount: texts.length, producer: 'fake' },
    async getPageText(n) {
      stats.extracted++
      if (texts[n - 1] === 'THROW') throw new Error('broken page stream')
      return page(n, texts[n - 1]!)
    },
    async renderPage(n, dpi) {
      stats.rendered++
      // the 100 x 100 pt page at `dpi`
      const side = Math.round((100 * dpi) / 72)
      return { pageNumber: n, width: side, height: side, dpi, data: new Uint8Array(side * side) }
    },
    async close() {},
    async [Symbol.asyncDispose]() {},
  }
  return { doc, stats }
}

// Junk means "starts with #"; blank means empty.
const gates: Judge = {
  name: 'gates',
  judge: (p) =>
    p.text === ''
      ? { judge: 'gates', layer: 'blank', needsOcr: false, notes: ['0 characters'] }
      : p.text.startsWith('#')
        ? { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['junk'] }
        : { judge: 'gates', layer: 'healthy', needsOcr: false, notes: ['fine'] },
}
const bigram: Judge = {
  name: 'bigram',
  judge: (p) =>
    p.text.includes('zzz')
      ? { judge: 'bigram', layer: 'unreadable', needsOcr: true, notes: ['low'] }
      : { judge: 'bigram', layer: 'healthy', needsOcr: false, notes: ['ok'] },
}
const abstain: Judge = { name: 'abstain', judge: () => undefined }
const unhash: Repair = {
  name: 'unhash',
  repair: (p) =>
    p.text.startsWith('#ok')
      ? { page: { ...p, text: p.text.slice(1) }, notes: ['stripped #'] }
      : p.text.startsWith('#bad')
        ? { page: { ...p, text: '#still' }, notes: ['tried'] }
        : undefined,
}
const ocr = (fail = new Set<number>()): OcrEngine & { calls: number } => ({
  name: 'fakeocr',
  calls: 0,
  concurrency: 2,
  async recognize(img) {
    this.calls++
    await new Promise((r) => setTimeout(r, 5 * (3 - (img.pageNumber % 3))))
    if (fail.has(img.pageNumber)) throw new Error('engine crashed')
    return { ...page(img.pageNumber, `ocr text ${img.pageNumber}`), source: 'ocr' }
  },
  async close() {},
})

async function collect(gen: AsyncGenerator<PipelineEvent>) {
  const pages: PageResult[] = []
  let doc: DocumentResult | undefined
  for await (const e of gen) {
    if (e.type === 'page') pages.push(e.result)
    else doc = e.result
  }
  return { pages, doc: doc! }
}
const ctx = { pageCount: 1, info: { pageCount: 1 } }

describe('judgePage', () => {
  it('keeps the first verdict that needs OCR and every note before it', async () => {
    const v = await judgePage(page(1, 'hello zzz'), [gates, abstain, bigram], ctx)
    assert.equal(v.judge, 'bigram')
    assert.equal(v.layer, 'unreadable')
    assert.deepEqual(v.notes, ['gates: fine', 'bigram: low'])
  })
  it('stops at a garbled verdict: later judges do not overrule damage', async () => {
    const v = await judgePage(page(1, '#zzz'), [gates, bigram], ctx)
    assert.equal(v.judge, 'gates')
    assert.deepEqual(v.notes, ['gates: junk'])
  })
  it('stops at blank', async () => {
    const v = await judgePage(page(1, ''), [gates, bigram], ctx)
    assert.equal(v.layer, 'blank')
  })
  it('lets the last readable verdict stand', async () => {
    const v = await judgePage(page(1, 'hello'), [gates, bigram], ctx)
    assert.equal(v.judge, 'bigram')
    assert.equal(v.needsOcr, false)
  })
  it('keeps the layer when every judge abstains', async () => {
    const v = await judgePage(page(1, 'x'), [abstain], ctx)
    assert.equal(v.needsOcr, false)
    assert.match(v.notes.join(), /no judge decided/)
  })
  it('wraps a throwing judge with its name and stage', async () => {
    const bad: Judge = {
      name: 'boom',
      judge: () => {
        throw new Error('oops')
      },
    }
    await assert.rejects(judgePage(page(3, 'x'), [bad], ctx), { code: 'PLUGIN_FAILED', plugin: 'boom', stage: 'judge', page: 3 })
  })
  const answering = (v: unknown): Judge => ({ name: 'broken', judge: () => v as Verdict })
  for (const [what, v, why] of [
    ['an unknown layer', { judge: 'broken', layer: 'banana', needsOcr: false, notes: [] }, /layer: Expected one of healthy, .*, not `banana`/],
    ['healthy needing OCR', { judge: 'broken', layer: 'healthy', needsOcr: true, notes: [] }, /needsOcr: A `healthy` layer cannot need OCR/],
    ['a NaN score', { judge: 'broken', layer: 'garbled', needsOcr: true, score: NaN, notes: [] }, /score: Expected a number, not `NaN`/],
    ['no notes', { judge: 'broken', layer: 'healthy', needsOcr: false }, /notes: Expected notes \(an array of strings\), not `undefined`/],
    ['null', null, /\(root\): Expected a verdict object \(or undefined to abstain\), not `null`/],
  ] as const) {
    it(`rejects a verdict with ${what} as PLUGIN_INVALID naming the judge`, async () => {
      await assert.rejects(judgePage(page(3, 'x'), [answering(v)], { ...ctx, file: 'a.pdf' }), (e: TriageError) => {
        assert.equal(e.code, 'PLUGIN_INVALID')
        assert.deepEqual([e.plugin, e.stage, e.page, e.file], ['broken', 'judge', 3, 'a.pdf'])
        assert.match(e.message, /^\[broken\] judge page 3: returned a verdict that breaks the contract: /)
        assert.match(e.message, why)
        return true
      })
    })
  }
  it('takes an infinite score as a measurement, not a broken verdict', async () => {
    const v = await judgePage(page(1, 'x'), [answering({ judge: 'broken', layer: 'unreadable', needsOcr: true, score: -Infinity, notes: ['no pairs'] })], ctx)
    assert.equal(v.score, -Infinity)
  })
})

describe('runDocument', () => {
  it('keeps readable pages, repairs what can be repaired, OCRs the rest, in page order', async () => {
    const { doc } = fakeDoc(['hello', '#ok fixed', '#bad', 'hello zzz', ''])
    const engine = ocr()
    const { pages, doc: d } = await collect(runDocument(doc, { judges: [gates, bigram], repairs: [unhash], ocr: engine, postprocess: [] }, { file: 'a.pdf' }))
    assert.deepEqual(
      pages.map((p) => p.pageNumber),
      [1, 2, 3, 4, 5],
    )
    assert.deepEqual(
      pages.map((p) => p.action),
      ['kept', 'repaired', 'ocr', 'ocr', 'kept'],
    )
    assert.equal(pages[1]!.repair, 'unhash')
    assert.equal(pages[1]!.verdict.layer, 'recoverable')
    assert.equal(pages[1]!.page.source, 'repaired')
    assert.equal(pages[1]!.page.text, 'ok fixed')
    assert.match(pages[2]!.verdict.notes.join('|'), /repair rejected/)
    assert.equal(pages[3]!.page.text, 'ocr text 4')
    assert.equal(pages[4]!.verdict.layer, 'blank')
    assert.equal(engine.calls, 2)
    assert.deepEqual(d.needsOcr, [3, 4])
    assert.deepEqual(d.actions, { kept: 2, repaired: 1, ocr: 2, failed: 0, skipped: 0 })
  })
  it('tells each page entering a stage before its page event: judge, then ocr for a page OCRed whole', async () => {
    const { doc } = fakeDoc(['hello', 'hello zzz'])
    const told: string[] = []
    const gen = runDocument(doc, { judges: [gates, bigram], repairs: [], ocr: ocr(), postprocess: [] }, { onStage: (n, stage) => told.push(`${n} ${stage}`) })
    for await (const e of gen) if (e.type === 'page') told.push(`${e.result.pageNumber} done`)
    // the engine's concurrency of 2 overlaps the pages: each page's own order is what holds
    const of = (n: number) => told.filter((t) => t.startsWith(`${n} `))
    assert.deepEqual(of(1), ['1 judge', '1 done'])
    assert.deepEqual(of(2), ['2 judge', '2 ocr', '2 done'])
  })
  it('judges the next pages while an earlier one is OCRed, results in page order and no more pages in flight than asked', async () => {
    const inFlight = async (pagesInFlight?: number) => {
      const engine = { ...ocr(), concurrency: 1 }
      const open = new Set<number>()
      let most = 0
      const order: number[] = []
      const gen = runDocument(
        fakeDoc(['#a', '#b', '#c', '#d', '#e', '#f']).doc,
        { judges: [gates], repairs: [], ocr: engine, postprocess: [] },
        {
          ...(pagesInFlight ? { pagesInFlight } : {}),
          onStage: (n, stage) => {
            if (stage !== 'judge') return
            open.add(n)
            most = Math.max(most, open.size)
          },
        },
      )
      for await (const e of gen) {
        if (e.type !== 'page') continue
        open.delete(e.result.pageNumber)
        order.push(e.result.pageNumber)
      }
      return { most, order }
    }
    // one worker: two pages by default (the next one judged while one is read), or as many as asked
    const byDefault = await inFlight()
    assert.equal(byDefault.most, 2)
    assert.deepEqual(byDefault.order, [1, 2, 3, 4, 5, 6])
    const three = await inFlight(3)
    assert.equal(three.most, 3)
    assert.deepEqual(three.order, [1, 2, 3, 4, 5, 6])
    assert.equal((await inFlight(1)).most, 1)
  })
  it("renders a document's pages one at a time, however many pages are in flight", async () => {
    const { doc } = fakeDoc(['#a', '#b', '#c', '#d'])
    const render = doc.renderPage.bind(doc)
    let now = 0
    let most = 0
    doc.renderPage = async (n, dpi) => {
      most = Math.max(most, ++now)
      // a turn of the event loop inside the render, where another page's render could start
      await new Promise((r) => setImmediate(r))
      now--
      return render(n, dpi)
    }
    const looks: Judge = {
      name: 'looks',
      judge: async (p, c) => {
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: 5, y1: 5 }, 72)
        return undefined
      },
    }
    const r = await collect(runDocument(doc, { judges: [looks, gates], repairs: [], ocr: ocr(), postprocess: [] }, { pagesInFlight: 4 }))
    assert.equal(most, 1)
    assert.deepEqual(
      r.pages.map((p) => p.action),
      ['ocr', 'ocr', 'ocr', 'ocr'],
    )
  })
  it('never OCRs under policy extract, and OCRs every page under policy ocr', async () => {
    const texts = ['hello', '#junk', 'fine']
    const e1 = ocr()
    const r1 = await collect(runDocument(fakeDoc(texts).doc, { judges: [gates], repairs: [], ocr: e1, postprocess: [] }, { policy: 'extract' }))
    assert.equal(e1.calls, 0)
    assert.deepEqual(r1.doc.needsOcr, [2])
    const e2 = ocr()
    const r2 = await collect(runDocument(fakeDoc(texts).doc, { judges: [gates], repairs: [], ocr: e2, postprocess: [] }, { policy: 'ocr' }))
    assert.equal(e2.calls, 3)
    assert.ok(r2.pages.every((p) => p.action === 'ocr'))
  })
  it('keeps both texts under extract-and-ocr', async () => {
    const r = await collect(runDocument(fakeDoc(['hello']).doc, { judges: [gates], repairs: [], ocr: ocr(), postprocess: [] }, { policy: 'extract-and-ocr' }))
    assert.equal(r.pages[0]!.page.text, 'hello')
    assert.equal(r.pages[0]!.ocr?.text, 'ocr text 1')
  })
  it('reports a failed OCR page and goes on with the others', async () => {
    const r = await collect(runDocument(fakeDoc(['#a', '#b', '#c']).doc, { judges: [gates], repairs: [], ocr: ocr(new Set([2])), postprocess: [] }))
    assert.deepEqual(
      r.pages.map((p) => p.action),
      ['ocr', 'failed', 'ocr'],
    )
    assert.equal(r.pages[1]!.error?.code, 'OCR_FAILED')
    assert.equal(r.pages[1]!.page.text, '#b', 'the failed page keeps its layer text')
  })
  it('runs only the pages an earlier run did not settle: the known ones are handed on as given, counted and post-processed', async () => {
    const first = await collect(runDocument(fakeDoc(['#a', '#b', '#c']).doc, { judges: [gates], repairs: [], ocr: ocr(new Set([2])), postprocess: [] }))
    const known = new Map(first.pages.filter((p) => p.action !== 'failed').map((p) => [p.pageNumber, p]))
    const { doc, stats } = fakeDoc(['#a', '#b', '#c'])
    const engine = ocr()
    const join: PostProcessor = { name: 'join', process: (d) => ({ ...d, text: d.pages.map((p) => p.text).join('+') }) }
    const again = await collect(runDocument(doc, { judges: [gates], repairs: [], ocr: engine, postprocess: [join] }, { knownPages: known }))
    assert.equal(stats.extracted, 1, 'page 2 alone is extracted')
    assert.equal(engine.calls, 1, 'page 2 alone is OCRed')
    assert.equal(again.pages[0], known.get(1))
    assert.equal(again.pages[2], known.get(3))
    assert.deepEqual(
      again.pages.map((p) => [p.action, p.page.text]),
      [
        ['ocr', 'ocr text 1'],
        ['ocr', 'ocr text 2'],
        ['ocr', 'ocr text 3'],
      ],
    )
    assert.equal(again.doc.actions.ocr, 3)
    assert.deepEqual(again.doc.needsOcr, [1, 2, 3])
    assert.equal(again.doc.text?.text, 'ocr text 1+ocr text 2+ocr text 3')
    assert.ok(again.doc.notes.includes('rerun: 2 page(s) reused as an earlier run of the document left them; the others run again'))
  })
  it("names the engine, stage and page when a judge's region OCR fails", async () => {
    const looks: Judge = {
      name: 'looks',
      judge: async (p, c) => {
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: 5, y1: 5 }, 72)
        return undefined
      },
    }
    const r = await collect(
      runDocument(fakeDoc(['hello']).doc, { judges: [looks], repairs: [], ocr: ocr(new Set([1])), postprocess: [] }, { file: 'a.pdf', performOcr: false }),
    )
    assert.equal(r.pages[0]!.action, 'failed')
    assert.deepEqual(r.pages[0]!.error, { code: 'OCR_FAILED', message: '[fakeocr] ocr page 1: engine crashed', plugin: 'fakeocr', stage: 'ocr' })
  })
  it("gives judges and repairs the glyph names of their own page's fonts when the extractor can tell them", async () => {
    const { doc } = fakeDoc(['#a', 'fine'])
    const asked: Array<[number, readonly string[]]> = []
    doc.getGlyphNames = async (n, ids) => {
      asked.push([n, ids])
      return { f: { 65: 'A' } }
    }
    const named: Repair = {
      name: 'named',
      repair: async (p, c) => {
        const names = await c.glyphNames!(['f'])
        return { page: { ...p, text: names.f![65]!, items: [] }, notes: [] }
      },
    }
    const r = await collect(runDocument(doc, { judges: [gates], repairs: [named], postprocess: [] }, { policy: 'extract' }))
    assert.equal(r.pages[0]!.page.text, 'A')
    assert.deepEqual(asked, [[1, ['f']]])
    // an extractor without them: the context has none
    let seen: unknown = 'unset'
    const probe: Judge = { name: 'probe', judge: (_p, c) => ((seen = c.glyphNames), undefined) }
    await collect(runDocument(fakeDoc(['x']).doc, { judges: [probe], repairs: [], postprocess: [] }))
    assert.equal(seen, undefined)
  })
  it('renders a page once for the regions read on it, again for the next page', async () => {
    const looks: Judge = {
      name: 'looks',
      judge: async (_p, c) => {
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: 5, y1: 5 }, 72)
        await c.recognizeRegion!({ x0: 5, y0: 5, x1: 10, y1: 10 }, 72)
        return undefined
      },
    }
    const engine = ocr()
    const { doc, stats } = fakeDoc(['hello', 'world'])
    const r = await collect(runDocument(doc, { judges: [looks], repairs: [], ocr: engine, postprocess: [] }, { performOcr: false }))
    assert.deepEqual(
      r.pages.map((p) => p.action),
      ['kept', 'kept'],
    )
    assert.equal(engine.calls, 4, 'two regions a page read')
    assert.equal(stats.rendered, 2, 'one render a page')
  })
  it('OCRs a page a judge read whole at the OCR resolution with that reading: one render, one reading', async () => {
    let offered: number | undefined
    const whole: Judge = {
      name: 'whole',
      judge: async (p, c) => {
        // the OCR's text is judged again, without a look
        if (p.source === 'ocr') return undefined
        offered = c.ocrDpi
        if (c.ocrDpi) await c.recognizeRegion!({ x0: 0, y0: 0, x1: p.width, y1: p.height }, c.ocrDpi)
        return { judge: 'whole', layer: 'absent', needsOcr: true, notes: ['no layer'] }
      },
    }
    const engine = ocr()
    const { doc, stats } = fakeDoc(['#scan'])
    const r = await collect(runDocument(doc, { judges: [whole], repairs: [], ocr: engine, postprocess: [] }, { ocrDpi: 72 }))
    assert.equal(offered, 72, 'the judge is told the resolution OCR reads at')
    assert.equal(r.pages[0]!.action, 'ocr')
    assert.equal(r.pages[0]!.page.text, 'ocr text 1')
    assert.equal(engine.calls, 1, 'the look was the OCR')
    assert.equal(stats.rendered, 1)
    assert.deepEqual(
      r.pages[0]!.looks!.map(({ ms: _ms, ...l }) => l),
      [
        { by: 'judge', dpi: 72, turn: 0, rendered: true },
        { by: 'ocr', dpi: 72, turn: 0, rendered: false, reused: true },
      ],
    )
    assert.equal(r.pages[0]!.verdict.notes.at(-1), 'looks: judge 72 dpi page; ocr 72 dpi page (a reading already made)')
    assert.deepEqual(r.doc.notes, ['looks: 1 region(s) OCRed by the judges, 0 by the repairs; 1 page(s) OCRed by reusing a look at the OCR resolution'])
    // In triage (no OCR to come) the judge is not offered the resolution: a look there is only a look.
    offered = 1
    await collect(runDocument(fakeDoc(['#scan']).doc, { judges: [whole], repairs: [], ocr: ocr(), postprocess: [] }, { performOcr: false }))
    assert.equal(offered, undefined)
  })
  it('reads a page again for OCR after a look at another resolution or region, sharing the render of the same resolution', async () => {
    const band: Judge = {
      name: 'band',
      judge: async (p, c) => {
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: p.width, y1: p.height / 2 }, 36)
        return { judge: 'band', layer: 'garbled', needsOcr: true, notes: ['junk'] }
      },
    }
    const looking: Repair = {
      name: 'looking',
      repair: async (_p, c) => {
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: 50, y1: 20 }, 72)
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: 50, y1: 20 }, 72)
        return undefined
      },
    }
    const engine = ocr()
    const { doc, stats } = fakeDoc(['#junk'])
    const r = await collect(runDocument(doc, { judges: [band], repairs: [looking], ocr: engine, postprocess: [] }, { ocrDpi: 72 }))
    assert.equal(r.pages[0]!.action, 'ocr')
    assert.equal(engine.calls, 3, 'the band, the repair region once, the page')
    assert.equal(stats.rendered, 2, 'one render at each resolution')
    assert.deepEqual(
      r.pages[0]!.looks!.map((l) => [l.by, l.dpi, l.rendered, l.reused ?? false]),
      [
        ['judge', 36, true, false],
        ['repair', 72, true, false],
        ['repair', 72, false, true],
        ['ocr', 72, false, false],
      ],
    )
    assert.ok(
      r.pages[0]!.verdict.notes.includes(
        'looks: judge 36 dpi [0, 0, 100, 50]; repair 72 dpi [0, 0, 50, 20]; repair 72 dpi [0, 0, 50, 20] (a reading already made); ocr 72 dpi page (render reused)',
      ),
      r.pages[0]!.verdict.notes.join(' | '),
    )
    assert.deepEqual(r.doc.notes, ['looks: 1 region(s) OCRed by the judges, 1 by the repairs, 1 answered by a reading already made'])
  })
  it("answers a repair's region of a page a judge read whole at that resolution from the reading: its words there, no OCR", async () => {
    let calls = 0
    // two words on the 100 x 100 pt page, boxes in points of the image read
    const engine: OcrEngine = {
      name: 'words',
      concurrency: 1,
      async recognize(img) {
        calls++
        const k = 72 / img.dpi
        const w = img.width * k
        const items = [
          { text: 'left', bbox: { x0: 0, y0: 0, x1: 20, y1: 10 }, confidence: 0.9 },
          { text: 'right', bbox: { x0: 60, y0: 0, x1: 90, y1: 10 }, confidence: 0.9 },
        ].filter((i) => i.bbox.x1 <= w + 1)
        return { pageNumber: img.pageNumber, width: w, height: img.height * k, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
      },
      async close() {},
    }
    const whole: Judge = {
      name: 'whole',
      judge: async (p, c) => {
        if (p.source !== 'text-layer') return undefined
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: p.width, y1: p.height }, 72)
        return { judge: 'whole', layer: 'garbled', needsOcr: true, notes: ['junk'] }
      },
    }
    const got: string[][] = []
    const looking: Repair = {
      name: 'looking',
      repair: async (_p, c) => {
        got.push((await c.recognizeRegion!({ x0: 50, y0: 0, x1: 100, y1: 20 }, 72)).items.map((i) => i.text))
        // turned, the region is another reading
        got.push((await c.recognizeRegion!({ x0: 50, y0: 0, x1: 100, y1: 20 }, 72, 90)).items.map((i) => i.text))
        return undefined
      },
    }
    const { doc, stats } = fakeDoc(['#junk'])
    const r = await collect(runDocument(doc, { judges: [whole], repairs: [looking], ocr: engine, postprocess: [] }, { ocrDpi: 72 }))
    assert.deepEqual(got[0], ['right'], 'the words whose box lies in the region')
    assert.equal(calls, 2, 'the page once for the judge (and the OCR after), the turned region once')
    assert.equal(stats.rendered, 1)
    assert.deepEqual(
      r.pages[0]!.looks!.map((l) => [l.by, l.box ? 'box' : 'page', l.turn, l.reused ?? false]),
      [
        ['judge', 'page', 0, false],
        ['repair', 'box', 0, true],
        ['repair', 'box', 90, false],
        ['ocr', 'page', 0, true],
      ],
    )
  })
  it("counts the regions repairs OCR in the page's notes, also when the repair declines, and the document's looks", async () => {
    let tried = 0
    const looking: Repair = {
      name: 'looking',
      repair: async (p, c) => {
        tried++
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: 5, y1: 5 }, 72)
        return p.text === '#ok' ? { page: { ...p, text: 'ok' }, notes: ['read'] } : undefined
      },
    }
    const engine = ocr()
    const r = await collect(runDocument(fakeDoc(['hello', '#ok', '#no']).doc, { judges: [gates], repairs: [looking], ocr: engine, postprocess: [] }))
    assert.deepEqual(
      r.pages.map((p) => p.action),
      ['kept', 'repaired', 'ocr'],
    )
    assert.equal(tried, 2, 'the readable page is not handed to the repair')
    assert.deepEqual(r.pages[0]!.verdict.notes, ['gates: fine'])
    const looked = "looks: 1 region(s) OCRed by the repairs on this page (the document's count is in its notes)"
    assert.ok(r.pages[1]!.verdict.notes.includes(looked), r.pages[1]!.verdict.notes.join(' | '))
    assert.ok(r.pages[2]!.verdict.notes.includes(looked), 'a declined repair leaves no notes of its own: the count is kept')
    assert.deepEqual(r.doc.notes, ['looks: 0 region(s) OCRed by the judges, 2 by the repairs'])
    // a document whose pages all read pays nothing: no look, no note
    const healthy = await collect(runDocument(fakeDoc(['hello', 'world']).doc, { judges: [gates], repairs: [looking], ocr: ocr(), postprocess: [] }))
    assert.equal(tried, 2)
    assert.deepEqual(healthy.doc.notes, [])
  })
  it('fails a page whose judge throws, without OCR, and counts it', async () => {
    const engine = ocr()
    const bad: Judge = {
      name: 'boom',
      judge: (p) => {
        if (p.pageNumber === 2) throw new Error('oops')
        return gates.judge(p, ctx)
      },
    }
    const r = await collect(runDocument(fakeDoc(['hello', 'hello', '#junk']).doc, { judges: [bad], repairs: [], ocr: engine, postprocess: [] }))
    assert.deepEqual(
      r.pages.map((p) => p.action),
      ['kept', 'failed', 'ocr'],
    )
    assert.deepEqual(r.pages[1]!.error, { code: 'PLUGIN_FAILED', message: '[boom] judge page 2: oops', plugin: 'boom', stage: 'judge' })
    assert.equal(r.pages[1]!.page.text, 'hello', 'the failed page keeps its layer text')
    assert.equal(engine.calls, 1)
    assert.equal(r.doc.actions.failed, 1)
  })
  /**
   * A judge that is unsure of pages reading `maybe` and asks for a second word on them; pages reading `proof` teach it
   * that the document is broken, and its second word then sends the unsure pages to OCR.
   */
  const learning = () => {
    const proofs = new Set<object>()
    const revisited: number[] = []
    const judge: Judge = {
      name: 'learner',
      judge: (p, c) => {
        if (p.text === 'proof') proofs.add(c.info)
        if (p.text === 'maybe') c.revisitLater?.('learner')
        return undefined
      },
      revisit: (p, c) => {
        revisited.push(p.pageNumber)
        return proofs.has(c.info) ? { judge: 'learner', layer: 'unreadable', needsOcr: true, notes: ['a later page showed the document broken'] } : undefined
      },
    }
    return { judge, revisited }
  }
  it('gives a judge that asked its second word on a page once the next pages are judged, and OCRs the page when it needs it, in page order', async () => {
    const l = learning()
    const engine = ocr()
    const order: string[] = []
    const gen = runDocument(
      fakeDoc(['maybe', 'hello', 'proof', 'hello']).doc,
      { judges: [gates, l.judge], repairs: [], ocr: engine, postprocess: [] },
      {
        onStage: (n, stage) => order.push(`${n} ${stage}`),
      },
    )
    const pages: PageResult[] = []
    for await (const e of gen) if (e.type === 'page') pages.push(e.result)
    assert.deepEqual(
      pages.map((p) => [p.pageNumber, p.action, p.verdict.layer]),
      [
        [1, 'ocr', 'unreadable'],
        [2, 'kept', 'healthy'],
        [3, 'kept', 'healthy'],
        [4, 'kept', 'healthy'],
      ],
    )
    assert.deepEqual(l.revisited, [1])
    // the first word's notes, then the second's, then the OCR's
    const notes = pages[0]!.verdict.notes
    assert.deepEqual(notes.slice(0, 2), ['gates: fine', 'learner: a later page showed the document broken'])
    assert.match(notes[2]!, /^ocr: /)
    assert.equal(pages[0]!.page.text, 'ocr text 1')
    assert.equal(engine.calls, 1)
    // page 1 was OCRed after page 3 was judged: it waited for it
    assert.ok(order.indexOf('1 ocr') > order.indexOf('3 judge'), order.join(', '))
  })
  it('hands a waiting page on after revisitWithin more pages, with what the judge knows by then; 0 asks for no second word', async () => {
    const texts = ['maybe', 'hello', 'hello', 'proof']
    const within1 = learning()
    const r = await collect(runDocument(fakeDoc(texts).doc, { judges: [gates, within1.judge], repairs: [], postprocess: [] }, { revisitWithin: 1 }))
    assert.deepEqual(within1.revisited, [1])
    assert.deepEqual(
      r.pages.map((p) => p.verdict.layer),
      ['healthy', 'healthy', 'healthy', 'healthy'],
    )
    const within3 = learning()
    const t = await collect(runDocument(fakeDoc(texts).doc, { judges: [gates, within3.judge], repairs: [], postprocess: [] }, { revisitWithin: 3 }))
    // triage (no engine): the verdict changes, the page is not OCRed
    assert.deepEqual(
      t.pages.map((p) => [p.verdict.layer, p.action]),
      [
        ['unreadable', 'kept'],
        ['healthy', 'kept'],
        ['healthy', 'kept'],
        ['healthy', 'kept'],
      ],
    )
    assert.deepEqual(t.doc.needsOcr, [1])
    const off = learning()
    const o = await collect(runDocument(fakeDoc(texts).doc, { judges: [gates, off.judge], repairs: [], postprocess: [] }, { revisitWithin: 0 }))
    assert.deepEqual(off.revisited, [])
    assert.deepEqual(o.doc.needsOcr, [])
  })
  it('tells onHeld of each page done but held for a second word, before its result', async () => {
    const l = learning()
    const events: string[] = []
    const gen = runDocument(
      fakeDoc(['hello', 'maybe', 'hello', 'hello', 'proof', 'hello']).doc,
      { judges: [gates, l.judge], repairs: [], postprocess: [] },
      { revisitWithin: 3, onHeld: (n) => events.push(`held ${n}`) },
    )
    for await (const e of gen) if (e.type === 'page') events.push(`page ${e.result.pageNumber}`)
    // page 1 goes at once; page 2 asks, it and the two after it wait; page 5 is the third after it and lets them go
    assert.deepEqual(events, ['page 1', 'held 2', 'held 3', 'held 4', 'page 2', 'page 3', 'page 4', 'page 5', 'page 6'])
    assert.deepEqual(l.revisited, [2])
  })
  it('gives a waiting page the regions a second word names, its layer kept, and reads them', async () => {
    const region = { x0: 0, y0: 0, x1: 50, y1: 50 }
    const regionsLater: Judge = {
      name: 'regions',
      judge: (_p, c) => void c.revisitLater?.('regions'),
      revisit: (p) =>
        p.pageNumber === 1
          ? { judge: 'regions', layer: 'healthy', needsOcr: false, regions: [region], brokenFonts: ['f'], notes: ['a font found broken later'] }
          : undefined,
    }
    const engine = ocr()
    const r = await collect(runDocument(fakeDoc(['hello', 'hello']).doc, { judges: [gates, regionsLater], repairs: [], ocr: engine, postprocess: [] }))
    const [p1, p2] = r.pages
    assert.deepEqual(
      [p1!.verdict.judge, p1!.verdict.layer, p1!.verdict.regions, p1!.verdict.brokenFonts, p1!.action],
      ['gates', 'healthy', [region], ['f'], 'kept'],
    )
    assert.deepEqual(p1!.verdict.notes.slice(0, 2), ['gates: fine', 'regions: a font found broken later'])
    assert.ok(p1!.regionText, 'the region was read')
    assert.equal(engine.calls, 1)
    assert.equal(p2!.verdict.regions, undefined)
  })
  it('fails a page whose second word throws, keeping its layer', async () => {
    const asking: Judge = {
      name: 'asker',
      judge: (p, c) => void c.revisitLater?.('asker'),
      revisit: () => {
        throw new Error('lost its memory')
      },
    }
    const r = await collect(runDocument(fakeDoc(['hello', 'hello']).doc, { judges: [gates, asking], repairs: [], ocr: ocr(), postprocess: [] }))
    assert.deepEqual(
      r.pages.map((p) => p.action),
      ['failed', 'failed'],
    )
    assert.equal(r.pages[0]!.error?.code, 'PLUGIN_FAILED')
    assert.match(r.pages[0]!.error?.message ?? '', /\[asker\] judge page 1: lost its memory/)
    assert.equal(r.pages[0]!.page.text, 'hello')
    // counted as a judge that throws on the first pass is: a page that needs OCR, its verdict the pipeline's
    assert.deepEqual([r.pages[0]!.verdict.judge, r.pages[0]!.verdict.layer, r.pages[0]!.verdict.needsOcr], ['pipeline', 'unreadable', true])
    assert.deepEqual(r.doc.needsOcr, [1, 2])
    // a judge that throws on the first pass, for comparison
    const first: Judge = {
      name: 'thrower',
      judge: () => {
        throw new Error('broken')
      },
    }
    const f = await collect(runDocument(fakeDoc(['hello']).doc, { judges: [first], repairs: [], ocr: ocr(), postprocess: [] }))
    assert.deepEqual([f.pages[0]!.action, f.pages[0]!.verdict.layer, f.doc.needsOcr], ['failed', 'unreadable', [1]])
  })
  it('fails a page whose repair answers without notes', async () => {
    const noNotes: Repair = { name: 'careless', repair: (p) => ({ page: p }) as never }
    const r = await collect(runDocument(fakeDoc(['#junk']).doc, { judges: [gates], repairs: [noNotes], ocr: ocr(), postprocess: [] }))
    assert.equal(r.pages[0]!.action, 'failed')
    assert.equal(r.pages[0]!.error?.code, 'PLUGIN_INVALID')
    assert.equal(r.pages[0]!.error?.plugin, 'careless')
  })
  it('sends a page whose extraction failed to OCR instead of losing it', async () => {
    const r = await collect(runDocument(fakeDoc(['hello', 'THROW']).doc, { judges: [gates], repairs: [], ocr: ocr(), postprocess: [] }))
    assert.equal(r.pages[1]!.action, 'ocr')
    assert.match(r.pages[1]!.verdict.notes.join(), /extraction failed/)
  })
  it('applies a document plan: skipped pages, forced OCR', async () => {
    const e = ocr()
    const r = await collect(
      runDocument(
        fakeDoc(['hello', 'hello', 'receipt']).doc,
        { judges: [gates], repairs: [], ocr: e, postprocess: [] },
        {
          plan: (info) => ({ tags: ['x'], forceOcr: true, skipPages: new Set([info.pageCount]) }),
        },
      ),
    )
    assert.deepEqual(
      r.pages.map((p) => p.action),
      ['ocr', 'ocr', 'skipped'],
    )
    assert.deepEqual(r.doc.tags, ['x'])
  })
  it('uses a document-mode verdict without extracting pages when text is not needed', async () => {
    const { doc, stats } = fakeDoc(Array.from({ length: 50 }, () => 'hello'))
    const docJudge: Judge = {
      ...gates,
      name: 'docmode',
      judgeDocument: async (view) => {
        await view.getPageText(1)
        return { judge: 'docmode', layer: 'healthy', needsOcr: false, notes: ['sampled'] }
      },
    }
    const r = await collect(runDocument(doc, { judges: [docJudge], repairs: [], postprocess: [] }, { needText: false }))
    assert.equal(r.pages.length, 50)
    assert.equal(stats.extracted, 1)
    assert.deepEqual(r.pages[10]!.verdict.notes, ['docmode: sampled'])
  })
  it('runs post-processors over the kept pages and survives one that throws', async () => {
    const r = await collect(
      runDocument(fakeDoc(['a', 'b']).doc, {
        judges: [gates],
        repairs: [],
        postprocess: [
          {
            name: 'boom',
            process: () => {
              throw new Error('bad')
            },
          },
          { name: 'join', process: (d) => ({ ...d, text: d.pages.map((p) => p.text).join('+') }) },
        ],
      }),
    )
    assert.equal(r.doc.text?.text, 'a+b')
    assert.match(r.doc.notes.join(), /boom failed, its step skipped: \[boom\] postprocess: bad/)
    // The time spent post-processing is reported apart, and within the document's time.
    assert.ok(r.doc.postprocessMs !== undefined && r.doc.postprocessMs >= 0 && r.doc.postprocessMs <= r.doc.ms)
  })
})

describe('openDocument', () => {
  it('names the extractor, stage and file when open throws, and refuses a document that breaks the contract', async () => {
    const throwing: Extractor = {
      name: 'fakepdf',
      open: () => {
        throw new Error('no such format')
      },
    }
    await assert.rejects(openDocument(throwing, new Uint8Array(1), { file: 'a.pdf' }), {
      code: 'PLUGIN_FAILED',
      plugin: 'fakepdf',
      stage: 'open',
      file: 'a.pdf',
      message: '[fakepdf] open: no such format',
    })
    const careless: Extractor = { name: 'fakepdf', open: async () => ({ ...fakeDoc(['x']).doc, pageCount: NaN }) }
    await assert.rejects(openDocument(careless, new Uint8Array(1)), { code: 'PLUGIN_INVALID', plugin: 'fakepdf', stage: 'open' })
    const fine: Extractor = { name: 'fakepdf', open: async () => fakeDoc(['x']).doc }
    assert.equal((await openDocument(fine, new Uint8Array(1))).pageCount, 1)
  })
})

describe('repairs tried before the look that would confirm damage', () => {
  /** Garbled when the text starts with '#': confirmed by a look at the image, unless the repairs may go first. */
  function confirming(): Judge & { looked: number[]; told: string[] } {
    const looked: number[] = []
    // each judging of a junk page: the page, and whether the judge was told the repairs go first
    const told: string[] = []
    return {
      name: 'gates',
      looked,
      told,
      judge: async (p, c) => {
        if (!p.text.startsWith('#')) return { judge: 'gates', layer: 'healthy', needsOcr: false, notes: ['fine'] }
        told.push(`${p.pageNumber} ${c.repairsFirst === true}`)
        told.sort()
        if (c.repairsFirst) return { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['junk, not looked at'], unconfirmed: true }
        if (!c.recognizeRegion) return { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['junk, no image to look at'] }
        looked.push(p.pageNumber)
        looked.sort((a, b) => a - b) // pages in flight overlap
        await c.recognizeRegion({ x0: 0, y0: 0, x1: 5, y1: 5 }, 72)
        return { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['junk, the image confirms'] }
      },
    }
  }
  /** Reads `#ok ...` with no look (a font's glyph names), `#anchor` from a region of the image, nothing else. */
  function anchored(): Repair & { tried: number[] } {
    const tried: number[] = []
    return {
      name: 'anchored',
      tried,
      repair: async (p, c) => {
        tried.push(p.pageNumber)
        tried.sort((a, b) => a - b)
        if (p.text.startsWith('#ok')) return { page: { ...p, text: p.text.slice(1) }, notes: ['read by names'] }
        if (!c.recognizeRegion) return undefined
        await c.recognizeRegion({ x0: 0, y0: 0, x1: 10, y1: 10 }, 72)
        return p.text === '#anchor' ? { page: { ...p, text: 'anchored' }, notes: ['read from an anchor'] } : undefined
      },
    }
  }
  const run = async (repairsFirst?: boolean) => {
    const judge = confirming()
    const repair = anchored()
    const engine = ocr()
    const opts = repairsFirst === undefined ? {} : { repairsFirst }
    const r = await collect(
      runDocument(fakeDoc(['#ok one', '#anchor', 'fine', '#junk']).doc, { judges: [judge], repairs: [repair], ocr: engine, postprocess: [] }, opts),
    )
    return { ...r, judge, repair, engine }
  }
  const outcome = [
    ['repaired', 'ok one'],
    ['repaired', 'anchored'],
    ['kept', 'fine'],
    ['ocr', 'ocr text 4'],
  ]

  it('settles a page a repair reads with no look of the judges, and judges again with looks a page no repair reads', async () => {
    const r = await run()
    assert.deepEqual(
      r.pages.map((p) => [p.action, p.page.text]),
      outcome,
    )
    // pages 1 and 2: not looked at by the judge; page 4: the repair looked and declined, the judge then looked (no
    // second repair), and the page was OCRed
    assert.deepEqual(r.judge.looked, [4])
    assert.deepEqual(r.judge.told, ['1 true', '2 true', '4 false', '4 true'])
    assert.deepEqual(r.repair.tried, [1, 2, 4])
    assert.equal(r.engine.calls, 4)
    const notes = r.pages[0]!.verdict.notes
    assert.ok(notes.includes('gates: junk, not looked at'))
    assert.ok(notes.includes('looks: none by the judges: the repairs, tried first, settled the damage (repairsFirst)'))
    assert.equal(r.pages[0]!.verdict.layer, 'recoverable')
    assert.equal(r.pages[0]!.verdict.unconfirmed, undefined)
    assert.ok(r.pages[1]!.verdict.notes.includes("looks: 1 region(s) OCRed by the repairs on this page (the document's count is in its notes)"))
    const junk = r.pages[3]!.verdict.notes
    assert.ok(junk.includes('gates: junk, the image confirms'))
    assert.ok(!junk.includes('gates: junk, not looked at'))
    assert.equal(
      r.doc.notes.find((n) => n.startsWith('looks:')),
      'looks: 1 region(s) OCRed by the judges, 2 by the repairs',
    )
  })

  it('looks first when repairsFirst is false', async () => {
    const r = await run(false)
    assert.deepEqual(
      r.pages.map((p) => [p.action, p.page.text]),
      outcome,
    )
    assert.deepEqual(r.judge.looked, [1, 2, 4])
    assert.deepEqual(r.judge.told, ['1 false', '2 false', '4 false'])
    assert.deepEqual(r.repair.tried, [1, 2, 4])
    assert.equal(r.engine.calls, 6)
  })

  it('does not tell the judges to defer where no repair follows or no look is possible', async () => {
    const judge = confirming()
    await collect(runDocument(fakeDoc(['#ok one']).doc, { judges: [judge], repairs: [], ocr: ocr(), postprocess: [] }))
    const blind = confirming()
    await collect(runDocument(fakeDoc(['#ok one']).doc, { judges: [blind], repairs: [anchored()], postprocess: [] }, { policy: 'extract' }))
    assert.deepEqual(judge.told, ['1 false'])
    assert.deepEqual(blind.told, ['1 false'])
  })
})

describe('readings of a part of a page', () => {
  it('tell the engine a region or a band is a part, and a whole page is not', async () => {
    const parts: Array<[number, number, boolean]> = []
    const engine: OcrEngine = {
      name: 'fakeocr',
      concurrency: 1,
      async recognize(img, o) {
        parts.push([img.width, img.height, o?.part === true])
        // poor, so that the OCR stage reads bands to find the page's turn
        return { ...page(img.pageNumber, 'poor'), items: [{ text: 'poor', confidence: 0.1, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 } }], source: 'ocr' }
      },
      async close() {},
    }
    const looks: Judge = {
      name: 'looks',
      judge: async (p, c) => {
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: 50, y1: 50 }, 72)
        await c.recognizeRegion!({ x0: 0, y0: 0, x1: p.width, y1: p.height }, 144)
        return { judge: 'looks', layer: 'garbled', needsOcr: true, notes: ['junk'] }
      },
    }
    await collect(runDocument(fakeDoc(['#x']).doc, { judges: [looks], repairs: [], ocr: engine, postprocess: [] }, { ocrDpi: 72 }))
    // the judge's region (50 pt at 72 dpi), its whole page at 144 dpi, the OCR's page at 72 dpi, then its four bands
    assert.deepEqual(parts.slice(0, 3), [
      [50, 50, true],
      [200, 200, false],
      [100, 100, false],
    ])
    assert.equal(parts.length, 7)
    assert.ok(parts.slice(3).every(([, , part]) => part))
  })
})
