import { test } from 'node:test'
import assert from 'node:assert/strict'
import { PDFDocument, degrees } from 'pdf-lib'
import type { BBox, PageText } from '@pdftriage/core'
import { FRENCH_DECREE, buildPdf } from '@pdftriage/fixtures'
import { writeSearchablePdf } from '../src/write-searchable-pdf.js'
import { scanWordBoxes } from './scan-layout.js'
import { extract, pixelDiff, render } from './pdfjs.js'

const TEXT = FRENCH_DECREE.slice(0, 700)
const A4 = { width: 595.28, height: 841.89 }
const norm = (s: string) => s.replace(/\s+/g, ' ').trim()

/** A box on the upright page moved onto the page as displayed, when the displayed page must turn `deg` clockwise to read upright (as core's unrotateBox). */
function unturn(b: BBox, deg: number, w: number, h: number): BBox {
  switch (deg) {
    case 90:
      return { x0: b.y0, y0: h - b.x1, x1: b.y1, y1: h - b.x0 }
    case 180:
      return { x0: w - b.x1, y0: h - b.y1, x1: w - b.x0, y1: h - b.y0 }
    case 270:
      return { x0: w - b.y1, y0: b.x0, x1: w - b.y0, y1: b.x1 }
    default:
      return b
  }
}

/**
 * A scan upright in user space under `/Rotate rotate` (the image drawn turned 180 when `turn`), and its OCR as core
 * gives it: the words of the upright text with boxes on the page as displayed, which must turn `fix` to read upright;
 * `rotation` set when `recorded` (core turned the image), else tesseract read the sideways page by itself.
 */
async function turnedScan(rotate: number, fix: number, recorded: boolean, turn: 0 | 180 = 0, recordAs = fix) {
  const side = fix === 90 || fix === 270
  const [w, h] = side ? [A4.height, A4.width] : [A4.width, A4.height]
  const [uw, uh] = rotate % 180 ? [h, w] : [w, h]
  const doc = await PDFDocument.load(await buildPdf([{ width: uw, height: uh, scan: { text: 'x', turn } }]), { updateMetadata: false })
  doc.getPage(0).setRotation(degrees(rotate))
  const input = await doc.save()
  const upright = await scanWordBoxes(TEXT)
  const items = upright.items.map((it) => ({ ...it, bbox: unturn(it.bbox, fix, w, h) }))
  const page: PageText = { ...upright, width: w, height: h, items, ...(recorded && recordAs ? { rotation: recordAs as 90 | 180 | 270 } : {}) }
  return { input, page }
}

/** `firsts`: each line's first word (default: the words after an end of line). */
async function assertLines(input: Uint8Array, page: PageText, firsts = page.items.filter((_, i) => i === 0 || page.items[i - 1]!.hasEol)) {
  const out = await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page }])
  const [got] = await extract(out)
  const lines = got!.text.split('\n').map(norm).filter(Boolean)
  assert.deepEqual(lines, page.text.split('\n').map(norm), got!.text)
  // each line starts in its first word's box, on the page as displayed
  const starts = got!.items.filter((i) => i.str.trim())
  assert.equal(starts.length, firsts.length)
  starts.forEach((it, i) => {
    const b = firsts[i]!.bbox
    const inside = it.x > b.x0 - 0.5 && it.x < b.x1 + 0.5 && it.y > b.y0 - 0.5 && it.y < b.y1 + 0.5
    assert.ok(inside, `line ${i} starts at ${it.x}, ${it.y}; its first word is at ${JSON.stringify(b)}`)
  })
  return out
}

for (const rotate of [90, 180, 270]) {
  test(`a /Rotate ${rotate} scan read turned ${(360 - rotate) % 360} extracts as the OCR's lines, at the word boxes`, async () => {
    const { input, page } = await turnedScan(rotate, (360 - rotate) % 360, true)
    await assertLines(input, page)
  })
}

for (const rotate of [90, 270]) {
  test(`a /Rotate ${rotate} scan that OCR read sideways by itself (columns of words) extracts as lines`, async () => {
    const { input, page } = await turnedScan(rotate, (360 - rotate) % 360, false)
    await assertLines(input, page)
  })
}

test('a /Rotate 180 scan recorded as read turned 270, where tesseract read the sideways image by itself, extracts as lines', async () => {
  // seen end to end: core's band at 270 read as well as at 180, and the words it gave on that image are columns
  const { input, page } = await turnedScan(180, 180, true, 0, 270)
  await assertLines(input, page)
})

test('a scan drawn upside down and read turned 180 extracts as lines, and still renders as the input', async () => {
  const { input, page } = await turnedScan(0, 180, true, 180)
  const out = await assertLines(input, page)
  const [a] = await render(input, 72)
  const [b] = await render(out, 72)
  assert.deepEqual(pixelDiff(a!.grey, b!.grey), { mean: 0, share: 0 })
})

test('an upright page is not turned: words in a line that go across the page stay horizontal', async () => {
  const { input, page } = await turnedScan(90, 0, false)
  await assertLines(input, page)
})

test('a list of upright words one under the other, with no end-of-line marks, is not taken for a sideways line', async () => {
  const { input } = await turnedScan(0, 0, false)
  const words = ['Alpha', 'Beta', 'Gamma', 'Delta']
  const page: PageText = {
    pageNumber: 1,
    ...A4,
    source: 'ocr',
    text: words.join('\n'),
    items: words.map((text, i) => ({ text, bbox: { x0: 56, y0: 100 + 14 * i, x1: 90, y1: 111 + 14 * i } })),
  }
  await assertLines(input, page, page.items)
})
