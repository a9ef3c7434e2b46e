import { test } from 'node:test'
import assert from 'node:assert/strict'
import { PDFDocument } from 'pdf-lib'
import type { BBox, PageResult, PageText, WriterInput } from '@pdftriage/core'
import { describeWriter, sampleWriterInput } from '@pdftriage/core/testing'
import { FRENCH_DECREE, buildPdf } from '@pdftriage/fixtures'
import pdfWriter from '../src/index.js'
import { writeSearchablePdfWithSummary } from '../src/write-searchable-pdf.js'
import { streamText } from '../src/content-stream.js'
import { scanWordBoxes } from './scan-layout.js'
import { extract, pixelDiff, render } from './pdfjs.js'

const TEXT = FRENCH_DECREE.slice(0, 700)
const A4 = { width: 595.28, height: 841.89 }
const norm = (s: string) => s.replace(/\s+/g, ' ').trim()

/** A box of the upright A4 page on the sheet scanned turned 90 clockwise (a landscape page, as core's unrotateBox). */
const turned90 = (b: BBox): BBox => ({ x0: A4.height - b.y1, y0: b.x0, x1: A4.height - b.y0, y1: b.x1 })

/** The box covering `b` turned `deg` clockwise about the page centre (y down), as the engine maps a word back. */
function skewed(b: BBox, deg: number): BBox {
  const a = (deg * Math.PI) / 180
  const [c, s] = [Math.cos(a), Math.sin(a)]
  const pts = [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x0, b.y1],
    [b.x1, b.y1],
  ].map(([x, y]) => {
    const dx = x! - A4.width / 2
    const dy = y! - A4.height / 2
    return [c * dx - s * dy + A4.width / 2, s * dx + c * dy + A4.height / 2] as const
  })
  const xs = pts.map((p) => p[0])
  const ys = pts.map((p) => p[1])
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) }
}

/** The OCR's lines come out of pdf.js in order, and each starts inside its first word's upright box. */
async function assertUprightLines(out: Uint8Array, upright: PageText, slack: number) {
  const [got] = await extract(out)
  assert.deepEqual(got!.text.split('\n').map(norm).filter(Boolean), upright.text.split('\n').map(norm), got!.text)
  const firsts = upright.items.filter((_, i) => i === 0 || upright.items[i - 1]!.hasEol)
  const starts = got!.items.filter((i) => i.str.trim())
  assert.equal(starts.length, firsts.length)
  starts.forEach((it, i) => {
    const b = firsts[i]!.bbox
    const inside = it.x > b.x0 - slack && it.x < b.x1 + slack && it.y > b.y0 - slack && it.y < b.y1 + slack
    assert.ok(inside, `line ${i} starts at ${it.x}, ${it.y}; its upright first word is at ${JSON.stringify(b)}`)
  })
}

/** The grey difference of two renders at 36 dpi (small enough to be quick, large enough to show a line). */
async function renderDiff(a: Uint8Array, b: Uint8Array) {
  const [ra] = await render(a, 36)
  const [rb] = await render(b, 36)
  assert.equal(ra!.width, rb!.width, 'the pages are displayed the same way round')
  return pixelDiff(ra!.grey, rb!.grey)
}

async function sidewaysScan() {
  const input = await buildPdf([{ width: A4.height, height: A4.width, scan: { text: TEXT, turn: 90 } }])
  const upright = await scanWordBoxes(TEXT)
  // the scan shows the page turned 90 clockwise: OCR read it turned 270 more
  const page: PageText = {
    ...upright,
    width: A4.height,
    height: A4.width,
    rotation: 270,
    items: upright.items.map((it) => ({ ...it, bbox: turned90(it.bbox) })),
  }
  return { input, upright, page }
}

test('rotatePages: a scan turned sideways gets /Rotate 270, renders as the upright scan, and its layer reads upright in order', async () => {
  const { input, upright, page } = await sidewaysScan()
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'ocr', page }], { rotatePages: true })
  assert.deepEqual(summary.turned, [{ pageNumber: 1, degrees: 270 }])
  assert.equal((await PDFDocument.load(pdf)).getPage(0).getRotation().angle, 270)
  const straight = await buildPdf([{ scan: { text: TEXT } }])
  const d = await renderDiff(pdf, straight)
  // the same pixels turned: only the resampling of the 150 dpi image differs
  assert.ok(d.mean < 1 && d.share < 0.01, JSON.stringify(d))
  await assertUprightLines(pdf, upright, 0.5)
})

test('rotatePages adds to the /Rotate a page has, and leaves a page off by default', async () => {
  const { input, page } = await sidewaysScan()
  const doc = await PDFDocument.load(input)
  const { degrees } = await import('pdf-lib')
  doc.getPage(0).setRotation(degrees(180))
  // the page as displayed under /Rotate 180 shows the scan turned 270: its words' boxes turn with it
  const w = A4.height
  const h = A4.width
  const items = page.items.map((it) => ({ ...it, bbox: { x0: w - it.bbox.x1, y0: h - it.bbox.y1, x1: w - it.bbox.x0, y1: h - it.bbox.y0 } }))
  const rotated = await doc.save()
  const turned = await writeSearchablePdfWithSummary(rotated, [{ pageNumber: 1, action: 'ocr', page: { ...page, items, rotation: 90 } }], { rotatePages: true })
  assert.equal((await PDFDocument.load(turned.pdf)).getPage(0).getRotation().angle, 270)
  const off = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'ocr', page }])
  assert.equal((await PDFDocument.load(off.pdf)).getPage(0).getRotation().angle, 0)
  assert.deepEqual(off.summary.turned, [])
  assert.deepEqual(await renderDiff(off.pdf, input), { mean: 0, share: 0 })
})

const SKEW = 3

async function skewedScan() {
  const input = await buildPdf([{ scan: { text: TEXT, skew: SKEW } }])
  const upright = await scanWordBoxes(TEXT)
  const page: PageText = { ...upright, skew: SKEW, items: upright.items.map((it) => ({ ...it, bbox: skewed(it.bbox, SKEW) })) }
  return { input, upright, page }
}

test('deskew: a scan skewed 3 degrees is drawn turned back about the page centre, and its layer sits on the level words', async () => {
  const { input, upright, page } = await skewedScan()
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'ocr', page }], { deskew: true })
  assert.deepEqual(summary.straightened, [{ pageNumber: 1, degrees: SKEW }])
  const lib = await import('pdf-lib')
  const doc = await PDFDocument.load(pdf)
  const contents = doc.getPage(0).node.Contents()
  assert.ok(contents instanceof lib.PDFArray)
  const first = streamText(lib, doc, contents.get(1)) ?? ''
  const a = (SKEW * Math.PI) / 180
  const m = /^q (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) cm/.exec(first)
  assert.ok(m, first)
  assert.deepEqual(
    m.slice(1, 5).map((x) => Number(Number(x).toFixed(4))),
    [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a)].map((x) => Number(x.toFixed(4))),
  )
  const straight = await buildPdf([{ scan: { text: TEXT } }])
  const before = await renderDiff(input, straight)
  const after = await renderDiff(pdf, straight)
  // the same text level: what differs is the resampling of glyph edges, not lines 3 degrees apart (turned the wrong
  // way, the lines would be 6 degrees apart: worse than the input)
  assert.ok(after.mean < before.mean / 3, `${JSON.stringify(after)} vs ${JSON.stringify(before)}`)
  // each line's start is found within a point of its level word (box sizes are solved from the covering boxes)
  await assertUprightLines(pdf, upright, 1)
})

test('deskew is off by default, and skews under deskewMinDegrees are left', async () => {
  const { input, page } = await skewedScan()
  const off = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'ocr', page }])
  assert.deepEqual(off.summary.straightened, [])
  assert.deepEqual(await renderDiff(off.pdf, input), { mean: 0, share: 0 })
  const small = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'ocr', page }], { deskew: true, deskewMinDegrees: SKEW + 1 })
  assert.deepEqual(small.summary.straightened, [])
})

test('rotatePages and deskew together: a sideways scan that is also skewed is straightened, then turned upright', async () => {
  // the sheet skewed 3 degrees, then fed sideways (ocrmypdf's rotated_skew): a turn keeps the sense of a skew
  const input = await buildPdf([{ width: A4.height, height: A4.width, scan: { text: TEXT, turn: 90, skew: SKEW } }])
  const upright = await scanWordBoxes(TEXT)
  const items = upright.items.map((it) => ({ ...it, bbox: turned90(skewed(it.bbox, SKEW)) }))
  const page: PageText = { ...upright, width: A4.height, height: A4.width, rotation: 270, skew: SKEW, items }
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'ocr', page }], { rotatePages: true, deskew: true })
  assert.deepEqual(summary.turned, [{ pageNumber: 1, degrees: 270 }])
  assert.deepEqual(summary.straightened, [{ pageNumber: 1, degrees: SKEW }])
  const straight = await buildPdf([{ scan: { text: TEXT } }])
  const before = await renderDiff(await withRotation(input, 270), straight)
  const after = await renderDiff(pdf, straight)
  assert.ok(after.mean < before.mean / 3, `${JSON.stringify(after)} vs ${JSON.stringify(before)}`)
  await assertUprightLines(pdf, upright, 1)
})

/** The input with a /Rotate, unstraightened: the page upright but still skewed, to compare with. */
async function withRotation(input: Uint8Array, deg: number) {
  const { degrees } = await import('pdf-lib')
  const doc = await PDFDocument.load(input)
  doc.getPage(0).setRotation(degrees(deg))
  return doc.save()
}

/** A batch's document: page 1 the sideways scan, page 2 the skewed one (both OCRed), page 3 a scan kept as it was. */
async function turnedDocument(): Promise<WriterInput> {
  const sideways = await sidewaysScan()
  const skew = await skewedScan()
  const input = await buildPdf([
    { width: A4.height, height: A4.width, scan: { text: TEXT, turn: 90 } },
    { scan: { text: TEXT, skew: SKEW } },
    { scan: { text: TEXT } },
  ])
  const result = (pageNumber: number, action: PageResult['action'], page: PageText): PageResult => ({
    pageNumber,
    action,
    verdict: { judge: 'test', layer: action === 'ocr' ? 'absent' : 'healthy', needsOcr: action === 'ocr', notes: [] },
    page: { ...page, pageNumber },
  })
  const base = sampleWriterInput()
  return {
    ...base,
    pdf: input,
    pages: [result(1, 'ocr', sideways.page), result(2, 'ocr', skew.page), result(3, 'kept', { ...skew.upright, source: 'text-layer' })],
    document: { ...base.document, pageCount: 3, info: { pageCount: 3 } },
  }
}

const turningWriter = () => pdfWriter.create(pdfWriter.optionsSchema.parse({ rotatePages: true, deskew: true }), { baseDir: '.' })

describeWriter('write-pdf turning and straightening pages', turningWriter, turnedDocument)

test('the PDF writer says which pages of its file it turned and straightened, and by how much; a page left as it was is not named', async () => {
  const doc = await turnedDocument()
  const [file] = await (await turningWriter()).write(doc)
  assert.equal(file!.role, 'pdf')
  assert.deepEqual(file!.pages, [
    { pageNumber: 1, turned: 270 },
    { pageNumber: 2, straightened: SKEW },
  ])
  const plain = await (await pdfWriter.create(pdfWriter.optionsSchema.parse({}), { baseDir: '.' })).write(doc)
  assert.equal(plain[0]!.pages, undefined, 'without rotatePages and deskew no page is shown otherwise')
})
