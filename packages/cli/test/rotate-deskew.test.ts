import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib'
import * as fx from '@pdftriage/fixtures'
import pdfjs from '@pdftriage/extract-pdfjs'
import { cli, folder, readIndex } from './helpers.js'

const A4 = { width: 595.28, height: 841.89 }
const SKEW = 3
// the scan of an A4 page fed sideways: the sheet is landscape, its text turned 90 degrees clockwise
const SIDEWAYS = { width: A4.height, height: A4.width, scan: { text: fx.FRENCH_DECREE, turn: 90 as const } }
const SKEWED = { scan: { text: fx.FRENCH_DECREE, skew: SKEW } }

/** The page's text as pdf.js reads the output, and the share of its word boxes wider than high on the page shown. */
async function readOut(dir: string, pdf: Uint8Array, n: number) {
  const ex = await pdfjs.create(pdfjs.optionsSchema.parse({}), { baseDir: dir })
  const doc = await ex.open(pdf)
  try {
    const page = await doc.getPageText(n)
    const words = page.items.filter((it) => it.text.trim().length >= 4)
    const wide = words.filter((it) => it.bbox.x1 - it.bbox.x0 > it.bbox.y1 - it.bbox.y0).length / words.length
    return { text: page.text.replace(/\s+/g, ' '), wide }
  } finally {
    await doc.close()
  }
}

/** The text's articles come in order, after the title: the page reads top to bottom. */
function assertInOrder(text: string) {
  assert.match(text, /^\s*ARR[ÊE]T[ÉE] MUNICIPAL/, text.slice(0, 200))
  const at = ['Article premier', 'Article deux', 'Article trois', 'Article quatre'].map((a) => text.indexOf(a))
  assert.ok(
    at.every((p, i) => p > 0 && (i === 0 || p > at[i - 1]!)),
    `${at.join(', ')}: ${text}`,
  )
}

describe('ocr and run --pdf with --rotate-pages and --deskew (end to end, real tesseract)', () => {
  test('ocr: a sideways scan is turned upright by /Rotate, a skewed one drawn straightened, both read in order', async () => {
    const dir = folder({ 'in.pdf': await fx.buildPdf([SIDEWAYS, SKEWED]) })
    const r = await cli(['ocr', '-l', 'fra', '--rotate-pages', '--deskew', 'in.pdf', 'out.pdf'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    // the sideways page is level on its side: it is turned, not straightened
    // the summary says by how much: the turn /Rotate adds, the skew undone (the engine measures it to a tenth or so)
    const said = /turned upright: page 1 \((\d+)°\), straightened: page 2 \((-?[\d.]+)°\);/.exec(r.stderr.join('\n'))
    assert.ok(said, r.stderr.join('\n'))
    assert.equal(said[1], '270')
    assert.ok(Math.abs(Number(said[2]) - SKEW) < 0.3, said[2])
    const out = new Uint8Array(readFileSync(join(dir, 'out.pdf')))
    const doc = await PDFDocument.load(out)
    assert.deepEqual(
      doc.getPages().map((p) => p.getRotation().angle),
      [270, 0],
    )
    const contents = doc.getPage(1).node.Contents()
    assert.ok(contents instanceof PDFArray)
    const turn = contents
      .asArray()
      .map((s) => doc.context.lookup(s))
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
      .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
      .map((t) => /^q (\S+) (\S+) \S+ \S+ \S+ \S+ cm/.exec(t))
      .find(Boolean)
    assert.ok(turn, 'a turn wraps the content')
    // the engine measures the skew to about a tenth of a degree
    const deg = (Math.atan2(Number(turn[2]), Number(turn[1])) * 180) / Math.PI
    assert.ok(Math.abs(deg - SKEW) < 0.3, `turned back by ${deg} degrees`)
    for (const n of [1, 2]) {
      const page = await readOut(dir, out, n)
      assertInOrder(page.text)
      assert.ok(page.wide > 0.9, `page ${n}: ${page.wide} of the words lie across the page shown`)
    }
  })

  test('run --pdf --rotate-pages --deskew turns the sideways page and straightens the skewed one; their rows say by how much', async () => {
    const dir = folder({ 'in.pdf': await fx.buildPdf([SIDEWAYS, SKEWED]) })
    const r = await cli(['run', '-q', '-l', 'fra', '--jobs', '1', '--pdf', '--rotate-pages', '--deskew', '--out', 'out', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const { docs, pages } = readIndex(join(dir, 'out'))
    const out = new Uint8Array(readFileSync(join(dir, 'out', docs[0]!.pdf!)))
    assert.deepEqual(
      (await PDFDocument.load(out)).getPages().map((p) => p.getRotation().angle),
      [270, 0],
    )
    assertInOrder((await readOut(dir, out, 1)).text)
    // the rows: page 1 turned 270 and not straightened (level on its side), page 2 straightened by about the skew and not turned
    const [p1, p2] = pages
    assert.equal(p1!.turned, 270)
    assert.equal(p1!.straightened, undefined)
    assert.equal(p2!.turned, undefined)
    assert.ok(typeof p2!.straightened === 'number' && Math.abs(p2!.straightened - SKEW) < 0.3, `straightened ${String(p2!.straightened)}`)
  })
})
