import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { pdfjsExtractor } from '@pdftriage/extract-pdfjs'
import * as fx from '@pdftriage/fixtures'
import { itemWords } from '@pdftriage/write-alto'
import { cli, folder, readIndex } from './helpers.js'

/** A word and its box in points, top-left origin. */
interface Word {
  text: string
  x0: number
  y0: number
  x1: number
  y1: number
}

/** Points from pixels, to 1/1000 pt (x + width and x1 then agree). */
const toPt = (px: number, dpi: number) => Math.round((px * 72000) / dpi) / 1000

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? ''
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** Each page's Strings of an ALTO file in pixels at `dpi`, as points. */
function altoWords(xml: string, dpi = 300): Word[][] {
  return xml
    .split('<Page ')
    .slice(1)
    .map((page) =>
      Array.from(page.matchAll(/<String [^>]*\/>/g), ([s]) => {
        const [x, y, w, h] = ['HPOS', 'VPOS', 'WIDTH', 'HEIGHT'].map((a) => Number(attr(s, a)))
        return { text: unescape(attr(s, 'CONTENT')), x0: toPt(x!, dpi), y0: toPt(y!, dpi), x1: toPt(x! + w!, dpi), y1: toPt(y! + h!, dpi) }
      }),
    )
}

/** Each page's ocrx_words of an hOCR file, as points. */
function hocrWords(xml: string, dpi = 300): Word[][] {
  return xml
    .split('class="ocr_page"')
    .slice(1)
    .map((page) =>
      Array.from(page.matchAll(/<span class="ocrx_word" [^>]*title="bbox (\d+) (\d+) (\d+) (\d+)[^"]*">([^<]*)<\/span>/g), (m) => ({
        text: unescape(m[5]!),
        x0: toPt(Number(m[1]), dpi),
        y0: toPt(Number(m[2]), dpi),
        x1: toPt(Number(m[3]), dpi),
        y1: toPt(Number(m[4]), dpi),
      })),
    )
}

/** The words of each page of a PDF's text layer, as the project's extractor gives them (runs split into words). */
async function layerWords(pdf: Uint8Array): Promise<Word[][]> {
  const doc = await (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(pdf.slice(), { file: 'x.pdf' })
  try {
    const out: Word[][] = []
    for (let n = 1; n <= doc.info.pageCount; n++)
      out.push((await doc.getPageText(n)).items.flatMap((it) => itemWords(it).map((w) => ({ text: w.text, ...w.bbox }))))
    return out
  } finally {
    await doc.close()
  }
}

/** Each page's words as `pdftotext -bbox` (poppler) reads them; `undefined` when it is not installed. */
function pdftotextWords(file: string): Word[][] | undefined {
  const r = spawnSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' })
  if (r.status !== 0) return undefined
  return r.stdout
    .split('<page ')
    .slice(1)
    .map((page) =>
      Array.from(page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g), (m) => ({
        text: unescape(m[5]!),
        x0: Number(m[1]),
        y0: Number(m[2]),
        x1: Number(m[3]),
        y1: Number(m[4]),
      })),
    )
}

const iou = (a: Word, b: Word) => {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)
  const inter = w > 0 && h > 0 ? w * h : 0
  const area = (x: Word) => (x.x1 - x.x0) * (x.y1 - x.y0)
  return inter / (area(a) + area(b) - inter || 1)
}

/**
 * How far `words` agree with a reference: words matched in order by their text (each looked for among the next few
 * reference words), the share matched, and of the matched the share whose boxes overlap by half their union or more,
 * the median overlap and the largest distance of a left edge (points).
 */
function agreement(words: Word[], ref: Word[]) {
  const ious: number[] = []
  let dx = 0
  let j = 0
  for (const w of words) {
    for (let k = j; k < Math.min(ref.length, j + 6); k++) {
      if (ref[k]!.text !== w.text) continue
      ious.push(iou(w, ref[k]!))
      dx = Math.max(dx, Math.abs(w.x0 - ref[k]!.x0))
      j = k + 1
      break
    }
  }
  ious.sort((a, b) => a - b)
  return {
    words: words.length,
    ref: ref.length,
    matched: ious.length / Math.max(1, ref.length),
    overlapping: ious.filter((v) => v >= 0.5).length / Math.max(1, ious.length),
    medianIou: ious[ious.length >> 1] ?? 0,
    maxDx: dx,
  }
}

test('ocr --alto --hocr: every page, words and boxes agreeing with the text layer of the PDF written beside them', async (t) => {
  const pdf = await fx.buildPdf([{ blocks: [{ text: fx.FRENCH_PROSE }] }, { scan: { text: fx.FRENCH_DECREE, dpi: 200 } }])
  const dir = folder({ 'in.pdf': pdf })
  const r = await cli(['ocr', '-l', 'fra', '--alto', 'out.alto.xml', '--hocr', 'out.hocr', 'in.pdf', 'out.pdf'], dir)
  assert.equal(r.code, 0, r.stderr.join('\n'))
  const alto = readFileSync(join(dir, 'out.alto.xml'), 'utf8')
  const hocr = readFileSync(join(dir, 'out.hocr'), 'utf8')
  assert.match(alto, /<MeasurementUnit>pixel<\/MeasurementUnit>/)
  assert.match(alto, /<Page ID="P2" PHYSICAL_IMG_NR="2" [^>]*PC="0\.\d+"/, 'the OCRed page has its mean confidence')
  const [a1, a2] = altoWords(alto)
  const [h1, h2] = hocrWords(hocr)
  // the kept page: the extractor's words of the input, one for one, boxes within a pixel at 300 dpi
  const [layer1] = await layerWords(pdf)
  assert.deepEqual(
    a1!.map((w) => w.text),
    layer1!.map((w) => w.text),
  )
  const kept = agreement(a1!, layer1!)
  assert.equal(kept.matched, 1)
  assert.ok(kept.maxDx <= 0.25, JSON.stringify(kept))
  assert.deepEqual(h1, a1)
  assert.deepEqual(h2, a2)
  // the OCRed page: every word carries a confidence; the searchable PDF's invisible layer holds the same words in the
  // same places (it is drawn from the same OCR words)
  assert.equal((alto.split('<Page ')[2]!.match(/<String [^>]*WC="/g) ?? []).length, a2!.length)
  assert.equal((hocr.split('class="ocr_page"')[2]!.match(/x_wconf \d+/g) ?? []).length, a2!.length)
  const [, out2] = await layerWords(readFileSync(join(dir, 'out.pdf')))
  const ocr = agreement(a2!, out2!)
  t.diagnostic(`scanned page against the output PDF's layer (pdf.js): ${JSON.stringify(ocr)}`)
  // measured on this page: every word matched, every box overlapping by more than half (median 0.75: the invisible
  // layer's glyph heights are not the OCR box's); the margin leaves room for a word the layer writes with a space glyph
  // sharing its box before tight punctuation, which an extractor may read apart
  assert.ok(ocr.matched >= 0.95 && ocr.overlapping >= 0.95, JSON.stringify(ocr))
  const poppler = pdftotextWords(join(dir, 'out.pdf'))
  if (!poppler) {
    t.diagnostic('pdftotext missing (apt-get install poppler-utils): compared with the project extractor only')
    return
  }
  const p1 = agreement(a1!, poppler[0]!)
  const p2 = agreement(a2!, poppler[1]!)
  t.diagnostic(`born-digital page against pdftotext -bbox: ${JSON.stringify(p1)}`)
  t.diagnostic(`scanned page against pdftotext -bbox: ${JSON.stringify(p2)}`)
  assert.ok(p1.matched >= 0.95 && p1.overlapping >= 0.95, JSON.stringify(p1))
  assert.ok(p2.matched >= 0.95 && p2.overlapping >= 0.95, JSON.stringify(p2))
})

test('run writes ALTO and hOCR when the config names the writers', async () => {
  const dir = folder({
    'in.pdf': await fx.healthyPdf('fr'),
    'pdftriage.config.json': JSON.stringify({
      writers: ['@pdftriage/write-text', '@pdftriage/write-alto', { use: '@pdftriage/write-hocr', options: { dpi: 150 } }],
    }),
  })
  const r = await cli(['run', '--out', 'out', 'in.pdf'], dir)
  assert.equal(r.code, 0, r.stderr.join('\n'))
  const { docs } = readIndex(join(dir, 'out'))
  const stem = docs[0]!.text!.replace(/\.txt$/, '')
  const alto = readFileSync(join(dir, 'out', `${stem}.alto.xml`), 'utf8')
  const hocr = readFileSync(join(dir, 'out', `${stem}.hocr`), 'utf8')
  const text = readFileSync(join(dir, 'out', `${stem}.txt`), 'utf8')
  const words = text.split(/\s+/).filter(Boolean)
  assert.deepEqual(
    altoWords(alto)[0]!.map((w) => w.text),
    words,
  )
  assert.match(hocr, /scan_res 150 150/)
  assert.deepEqual(
    hocrWords(hocr, 150)[0]!.map((w) => w.text),
    words,
  )
})

test('--alto - writes ALTO to standard output only when the PDF goes to a file', async () => {
  const dir = folder({ 'in.pdf': await fx.healthyPdf('en') })
  const r = await cli(['ocr', '--alto', '-', 'in.pdf', '-'], dir)
  assert.equal(r.code, 2)
  assert.match(r.stderr.join('\n'), /give --alto a file name/)
})
