// The conformance suites a plugin package runs under node:test (extractor, judge, repair, OCR engine, post-processor):
// the contracts the runner enforces, checked on tiny PDFs written here.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Extractor, Judge, JudgeContext, OcrEngine, PostProcessor, Repair } from '../contracts.js'
import { documentTextProblem, pageTextProblem, repairResultProblem, scriptGuessProblem, verdictProblem } from '../contract-checks.js'
import { isTriageError } from '../errors.js'
import type { DocumentText, PageImage, PageText } from '../types.js'
import { encryptedMinimalPdf, minimalPdf } from './minimal-pdf.js'

type Maybe<T> = T | Promise<T>

const ctx: JudgeContext = { pageCount: 1, info: { pageCount: 1 } }

/** Fails with the runner's own words when an answer breaks the contract: what the pipeline would reject. */
function assertKeeps(problem: string | undefined): void {
  assert.equal(problem, undefined, problem)
}

/** A page of text for judge and repair suites. */
export function samplePage(text: string, pageNumber = 1): PageText {
  const words = text.split(/\s+/).filter(Boolean)
  const items = words.map((w, i) => ({
    text: w,
    bbox: { x0: 72 + (i % 10) * 45, y0: 72 + Math.floor(i / 10) * 16, x1: 110 + (i % 10) * 45, y1: 84 + Math.floor(i / 10) * 16 },
    fontId: 'f1',
    hasEol: i % 10 === 9,
  }))
  return { pageNumber, width: 612, height: 792, items, text, fonts: { f1: { id: 'f1', name: 'Helvetica' } }, source: 'text-layer' }
}

/**
 * Conformance suite for an {@link Extractor}, on tiny PDFs written here: page numbering, 1-based pages, text in NFC,
 * boxes in points inside the page with a top-left origin, fonts described for every item, coverage in 0..1, typed
 * errors (PDF_INVALID, PDF_EMPTY, PDF_ENCRYPTED), out-of-range pages rejected, renders of the page size at the dpi
 * asked, a Node `Buffer` accepted, the caller's buffer intact, `close` idempotent. Call inside a node:test file.
 */
export function describeExtractor(label: string, create: () => Maybe<Extractor>): void {
  describe(`Extractor conformance: ${label}`, () => {
    const lines = ['Hello conformance world', 'Second line of text']
    it('extracts text with boxes in points, top-left origin', () => extractsText(create, lines))
    it('renders grey pixels at the requested resolution', () => rendersGrey(create, lines))
    it('rejects bad input with typed errors', () => rejectsBadInput(create, lines))
    it('accepts a Node Buffer, what readFile returns', async () => {
      const ex = await create()
      const doc = await ex.open(Buffer.from(minimalPdf([lines])), { file: 'buffer.pdf' })
      try {
        assert.match((await doc.getPageText(1)).text, /Hello conformance world/)
      } finally {
        await doc.close()
      }
    })
    it('leaves the caller buffer intact', async () => {
      const ex = await create()
      const bytes = minimalPdf([lines])
      const before = bytes.byteLength
      const doc = await ex.open(bytes)
      await doc.close()
      assert.equal(bytes.byteLength, before)
      assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), '%PDF-')
    })
  })
}

/** A two-page PDF, `lines` on the first: its pages numbered, its text in NFC, its boxes in points on the page. */
async function extractsText(create: () => Maybe<Extractor>, lines: string[]): Promise<void> {
  const ex = await create()
  assert.equal(typeof ex.name, 'string')
  assert.ok(ex.name.length > 0)
  const doc = await ex.open(minimalPdf([lines, []]), { file: 'two.pdf' })
  try {
    assert.equal(doc.pageCount, 2)
    assert.equal(doc.info.pageCount, 2)
    const p = await doc.getPageText(1)
    assert.equal(p.pageNumber, 1)
    assert.equal(p.source, 'text-layer')
    assert.ok(Math.abs(p.width - 612) < 1 && Math.abs(p.height - 792) < 1, `page size ${p.width}x${p.height}`)
    assert.match(p.text, /Hello conformance world/)
    assert.match(p.text, /Second line/)
    assert.equal(p.text, p.text.normalize('NFC'))
    assertGeometry(p)
    const empty = await doc.getPageText(2)
    assert.equal(empty.text.trim(), '')
    await assert.rejects(doc.getPageText(0))
    await assert.rejects(doc.getPageText(3))
  } finally {
    await doc.close()
    await doc.close() // idempotent
  }
}

/** The first line's box where it is drawn, every box ordered and on the page, fonts described, coverage in 0..1. */
function assertGeometry(p: PageText): void {
  const hello = p.items.find((i) => i.text.includes('Hello'))
  assert.ok(hello, 'an item holds "Hello"')
  // The first line's baseline is 72 pt below the top: its box must sit near there, not near the bottom.
  assert.ok(hello.bbox.y1 > 55 && hello.bbox.y1 < 90, `first line box y1 ${hello.bbox.y1}`)
  assert.ok(hello.bbox.x0 >= 70 && hello.bbox.x0 <= 74, `first line x0 ${hello.bbox.x0}`)
  for (const i of p.items) {
    const b = i.bbox
    assert.ok(b.x0 <= b.x1 && b.y0 <= b.y1, `box ordered: ${JSON.stringify(b)}`)
    assert.ok(b.x0 >= -1 && b.y0 >= -1 && b.x1 <= p.width + 1 && b.y1 <= p.height + 1, `box on the page: ${JSON.stringify(b)}`)
    if (p.fonts && i.fontId !== undefined) assert.ok(p.fonts[i.fontId], `font ${i.fontId} described`)
  }
  if (p.imageCoverage !== undefined) assert.ok(p.imageCoverage >= 0 && p.imageCoverage <= 1)
  for (const { bbox: b } of p.images ?? []) {
    assert.ok(b.x0 >= 0 && b.y0 >= 0 && b.x0 < b.x1 && b.y0 < b.y1 && b.x1 <= p.width && b.y1 <= p.height, `picture on the page: ${JSON.stringify(b)}`)
  }
}

/** A letter page rendered at 72 dpi: its size in pixels, one grey byte each, dark where the text is. */
async function rendersGrey(create: () => Maybe<Extractor>, lines: string[]): Promise<void> {
  const ex = await create()
  const doc = await ex.open(minimalPdf([lines]))
  try {
    const img: PageImage = await doc.renderPage(1, 72)
    assert.equal(img.pageNumber, 1)
    assert.equal(img.dpi, 72)
    assert.equal(img.width, 612)
    assert.equal(img.height, 792)
    assert.equal(img.data.length, img.width * img.height)
    assert.ok(
      img.data.some((v) => v < 128),
      'some dark pixels where the text is',
    )
  } finally {
    await doc.close()
  }
}

/** Not a PDF, no bytes, a cut PDF, no pages, an encrypted one: each a typed error. */
async function rejectsBadInput(create: () => Maybe<Extractor>, lines: string[]): Promise<void> {
  const ex = await create()
  await assert.rejects(ex.open(new TextEncoder().encode('not a pdf at all'), { file: 'x.pdf' }), (e) => isTriageError(e, 'PDF_INVALID'))
  await assert.rejects(ex.open(new Uint8Array(0), { file: 'x.pdf' }), (e) => isTriageError(e, 'PDF_INVALID'))
  await assert.rejects(ex.open(minimalPdf([lines]).slice(0, 40), { file: 'x.pdf' }), (e) => isTriageError(e, 'PDF_INVALID'))
  await assert.rejects(ex.open(minimalPdf([]), { file: 'x.pdf' }), (e) => isTriageError(e, 'PDF_EMPTY'))
  await assert.rejects(ex.open(encryptedMinimalPdf(), { file: 'x.pdf' }), (e) => isTriageError(e, 'PDF_ENCRYPTED'))
}

/**
 * Conformance suite for a {@link Judge}: a verdict (or abstention) keeps the contract the runner enforces (a known
 * layer, `needsOcr` the layer allows, no NaN, notes), is deterministic and names the judge; `readable` and `junk` are
 * texts the judge must tell apart.
 */
export function describeJudge(label: string, create: () => Maybe<Judge>, readable: string, junk: string): void {
  describe(`Judge conformance: ${label}`, () => {
    it('tells readable text from junk, with notes', async () => {
      const j = await create()
      const good = await j.judge(samplePage(readable), ctx)
      const bad = await j.judge(samplePage(junk), ctx)
      assertKeeps(verdictProblem(good))
      assertKeeps(verdictProblem(bad))
      assert.ok(bad, 'a verdict on junk')
      assert.equal(bad.needsOcr, true)
      assert.equal(bad.judge, j.name)
      assert.ok(bad.notes.length > 0, 'notes say why')
      if (good) {
        assert.equal(good.needsOcr, false)
        assert.equal(good.judge, j.name)
      }
    })
    it('is deterministic', async () => {
      const j = await create()
      assert.deepEqual(await j.judge(samplePage(junk), ctx), await j.judge(samplePage(junk), ctx))
    })
  })
}

/** Conformance suite for a {@link Repair}: it declines readable text, and what it returns keeps the contract (a page with
 * text and items, and notes). */
export function describeRepair(label: string, create: () => Maybe<Repair>, readable: string, damaged?: { text: PageText; expect: RegExp }): void {
  describe(`Repair conformance: ${label}`, () => {
    const verdict = { judge: 'test', layer: 'garbled' as const, needsOcr: true, notes: [] }
    const rctx = { ...ctx, verdict, judge: () => Promise.resolve({ judge: 'test', layer: 'healthy' as const, needsOcr: false, notes: [] }) }
    it('does not "repair" readable text', async () => {
      const r = await create()
      const out = await r.repair(samplePage(readable), rctx)
      assertKeeps(repairResultProblem(out))
      assert.equal(out, undefined)
    })
    if (damaged) {
      it('recovers a damaged page', async () => {
        const r = await create()
        const out = await r.repair(damaged.text, rctx)
        assertKeeps(repairResultProblem(out))
        assert.ok(out, 'a repair')
        assert.match(out.page.text, damaged.expect)
      })
    }
  })
}

/**
 * Conformance suite for an {@link OcrEngine}: `image` shows `expect`; the result is an `ocr` page in points with
 * confidences 0..1, and `close()` is safe to call twice.
 */
export function describeOcrEngine(label: string, create: () => Maybe<OcrEngine>, image: () => Maybe<PageImage>, expect: RegExp): void {
  describe(`OcrEngine conformance: ${label}`, () => {
    it('recognises a page into points with confidences', async () => {
      const engine = await create()
      try {
        const img = await image()
        const p = await engine.recognize(img)
        assertKeeps(pageTextProblem(p))
        assert.equal(p.source, 'ocr')
        assert.match(p.text, expect)
        assert.ok(Math.abs(p.width - (img.width * 72) / img.dpi) < 1)
        for (const i of p.items) {
          assert.ok(i.bbox.x1 <= p.width + 1 && i.bbox.y1 <= p.height + 1, 'boxes in points')
          if (i.confidence !== undefined) assert.ok(i.confidence >= 0 && i.confidence <= 1)
        }
        // an engine that can tell scripts answers a guess in Unicode's names, or that it cannot tell
        if (engine.detectScript) assertKeeps(scriptGuessProblem(await engine.detectScript(img)))
      } finally {
        await engine.close()
        await engine.close()
      }
    })
  })
}

/** Conformance suite for a {@link PostProcessor}: does not mutate its input, and keeps the words of a simple document. */
export function describePostProcessor(label: string, create: () => Maybe<PostProcessor>): void {
  describe(`PostProcessor conformance: ${label}`, () => {
    it('keeps the words and does not mutate the input', async () => {
      const p = await create()
      const doc: DocumentText = { info: { pageCount: 1 }, pages: [samplePage('The quick brown fox jumps over the lazy dog near the river bank today')] }
      const before = JSON.stringify(doc)
      const out = await p.process(doc)
      assertKeeps(documentTextProblem(out))
      assert.equal(JSON.stringify(doc), before)
      const text = out.text ?? out.pages.map((x) => x.text).join('\f')
      for (const w of ['quick', 'fox', 'river', 'today']) assert.match(text, new RegExp(w))
    })
  })
}
