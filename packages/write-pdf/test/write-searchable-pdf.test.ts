import { test } from 'node:test'
import assert from 'node:assert/strict'
import { PDFDocument, PDFName, degrees } from 'pdf-lib'
import type { PageText, TextItem } from '@pdftriage/core'
import { FRENCH_DECREE, FRENCH_PROSE, buildPdf, encryptedPdf, garbledPdf, healthyPdf, notPdf, scannedPdf, toWinAnsiText, wrap } from '@pdftriage/fixtures'
import { writeSearchablePdf, writeSearchablePdfWithSummary } from '../src/write-searchable-pdf.js'
import { textLayerContent } from '../src/text-layer.js'
import { GlyphlessEncoder } from '../src/glyphless-font.js'
import { scanWordBoxes } from './scan-layout.js'
import { extract, pixelDiff, render } from './pdfjs.js'

const EXTRA = 'Le cœur de l’œuvre : Œdipe, naïveté, où, ça, « déjà », Ærø.'
const SCAN_TEXT = `${FRENCH_DECREE.slice(0, 700)}\n\n${EXTRA}`
const words = (s: string) => s.split(/\s+/).filter(Boolean)

test('an OCRed scan gets an invisible layer that pdf.js extracts word for word, at the word boxes', async () => {
  const input = await scannedPdf(SCAN_TEXT)
  const page = await scanWordBoxes(SCAN_TEXT)
  const out = await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page }])
  const [got] = await extract(out)
  assert.ok(got)
  assert.deepEqual(words(got.text), words(page.text))
  assert.ok(got.text.includes(EXTRA), 'accents, œ, Œ and æ come back as they went in')
  // pdf.js merges the words of a line into one item starting at the line's first word, baseline 0.2 em above its bottom
  const firsts = page.items.filter((_, i) => i === 0 || page.items[i - 1]!.hasEol)
  assert.equal(got.items.filter((i) => i.str.trim()).length, firsts.length)
  got.items
    .filter((i) => i.str.trim())
    .forEach((it, i) => {
      const box = firsts[i]!.bbox
      assert.ok(Math.abs(it.x - box.x0) < 0.5, `line ${i} starts at ${it.x}, box at ${box.x0}`)
      assert.ok(it.y > box.y0 && it.y < box.y1, `line ${i} baseline ${it.y} inside ${box.y0}..${box.y1}`)
    })
  // each line's text spans its words: the item ends where the line's last box ends
  const lasts = page.items.filter((i) => i.hasEol)
  got.items.filter((i) => i.str.trim()).forEach((it, i) => assert.ok(Math.abs(it.x + it.width - lasts[i]!.bbox.x1) < 1))
})

test('the layer draws nothing: the output renders exactly as the input', async () => {
  const input = await scannedPdf(SCAN_TEXT)
  const out = await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page: await scanWordBoxes(SCAN_TEXT) }])
  const [a] = await render(input, 100)
  const [b] = await render(out, 100)
  assert.ok(a && b)
  assert.deepEqual(pixelDiff(a.grey, b.grey), { mean: 0, share: 0 })
  // and the check can fail: a visible layer (render mode 0) would differ
  assert.notEqual(pixelDiff(a.grey, new Uint8Array(a.grey.length).fill(255)).share, 0)
})

test('the file grows by the text layer only, and the image stream is copied byte for byte', async () => {
  const input = await scannedPdf(FRENCH_DECREE)
  const page = await scanWordBoxes(FRENCH_DECREE)
  const out = await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page }])
  const growth = out.length - input.length
  // about 400 words: a few bytes a word once deflated, plus the font (about 1 KB); the scan itself is ~60 KB
  assert.ok(growth > 0 && growth < 8000, `grew by ${growth} bytes`)
  const image = async (bytes: Uint8Array) => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    const xobjects = doc.getPage(0).node.Resources()!.lookup(PDFName.of('XObject')) as unknown as { values(): unknown[] }
    const ref = xobjects.values()[0] as Parameters<typeof doc.context.lookup>[0]
    return (doc.context.lookup(ref) as unknown as { getContents(): Uint8Array }).getContents()
  }
  assert.deepEqual(await image(out), await image(input))
})

test('kept and skipped pages keep their own layer; only the OCR page is layered', async () => {
  const input = await buildPdf([{ blocks: [{ text: FRENCH_PROSE }] }, { scan: { text: SCAN_TEXT } }, { blocks: [{ text: 'Page trois.' }] }])
  const before = await extract(input)
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [
    { pageNumber: 1, action: 'kept', page: { pageNumber: 1, width: 595.28, height: 841.89, items: [], text: 'ignored', source: 'text-layer' } },
    { pageNumber: 2, action: 'ocr', page: await scanWordBoxes(SCAN_TEXT, 2) },
    { pageNumber: 3, action: 'skipped', page: { pageNumber: 3, width: 595.28, height: 841.89, items: [], text: '', source: 'text-layer' } },
  ])
  assert.deepEqual(summary.layered, [2])
  const after = await extract(pdf)
  assert.equal(after[0]!.text, before[0]!.text)
  assert.equal(after[2]!.text, before[2]!.text)
  assert.equal(before[1]!.text, '')
  assert.deepEqual(words(after[1]!.text), words(SCAN_TEXT))
})

test('Title, Author, Producer and the XMP packet of the input are kept', async () => {
  const input = await buildPdf([{ scan: { text: 'Un arrêté.' } }], {
    title: 'Arrêté n° 12',
    author: 'Mairie',
    producer: 'Scanner 3000',
    creatorTool: 'Image Capture Plus',
  })
  const out = await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page: await scanWordBoxes('Un arrêté.') }])
  const doc = await PDFDocument.load(out, { updateMetadata: false })
  assert.equal(doc.getTitle(), 'Arrêté n° 12')
  assert.equal(doc.getAuthor(), 'Mairie')
  assert.equal(doc.getProducer(), 'Scanner 3000')
  const xmp = doc.catalog.lookup(PDFName.of('Metadata')) as unknown as { getContents(): Uint8Array }
  assert.match(new TextDecoder().decode(xmp.getContents()), /<xmp:CreatorTool>Image Capture Plus<\/xmp:CreatorTool>/)
})

test('a repaired page gets its repaired text as a layer while the broken font still draws the page', async () => {
  const input = await garbledPdf(FRENCH_PROSE)
  const [broken] = await extract(input)
  assert.ok(broken && !broken.text.includes('de la'), 'the fixture layer is garbled')
  // the repair kept the extractor's boxes (one item a line here) and recovered the text of each
  const font = await (await PDFDocument.create()).embedFont('Helvetica')
  const lines = wrap(toWinAnsiText(FRENCH_PROSE), 595.28 - 112, (s) => font.widthOfTextAtSize(s, 11)).flat()
  const items = broken.items.filter((i) => i.str.trim())
  assert.equal(items.length, lines.length)
  const page: PageText = {
    pageNumber: 1,
    width: 595.28,
    height: 841.89,
    source: 'repaired',
    text: lines.join('\n'),
    items: items.map((it, i) => ({ text: lines[i]!, bbox: { x0: it.x, y0: it.y - 0.8 * 11, x1: it.x + it.width, y1: it.y + 0.2 * 11 }, hasEol: true })),
  }
  const { pdf: out, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page }])
  const [got] = await extract(out)
  // pdf.js ignores /ActualText; the broken font's codes are written as spaces, so it reads the repaired layer alone
  assert.deepEqual([summary.layered, summary.blanked, summary.blankedFonts], [[1], [1], 1])
  assert.deepEqual(words(got!.text), words(lines.join('\n')))
  const [a] = await render(input, 72)
  const [b] = await render(out, 72)
  assert.deepEqual(pixelDiff(a!.grey, b!.grey), { mean: 0, share: 0 })
  // without the blanking, it reads the broken text and then the repaired one
  const [both] = await extract(await writeSearchablePdf(input, [{ pageNumber: 1, action: 'repaired', page }], { blankReplacedText: false }))
  assert.ok(both!.text.startsWith(broken.text.trim().slice(0, 40)))
  assert.ok(both!.text.includes(lines.join('\n')))
})

test('a rotated page gets its layer where the viewer shows the words', async () => {
  const src = await PDFDocument.load(await scannedPdf('Mot unique'), { updateMetadata: false })
  src.getPage(0).setRotation(degrees(90))
  const input = await src.save()
  // displayed page is landscape: 841.89 wide, 595.28 high; a word box near its top-left corner
  const page: PageText = {
    pageNumber: 1,
    width: 841.89,
    height: 595.28,
    source: 'ocr',
    text: 'Rotation',
    items: [{ text: 'Rotation', bbox: { x0: 100, y0: 50, x1: 180, y1: 62 }, hasEol: true }],
  }
  const [got] = await extract(await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page }]))
  const it = got!.items.find((i) => i.str === 'Rotation')
  assert.ok(it, got!.text)
  assert.ok(Math.abs(it.x - 100) < 0.5 && it.y > 50 && it.y < 62, `at ${it.x}, ${it.y}`)
})

test('bad input is a TriageError of stage write', async () => {
  const page = await scanWordBoxes('x')
  await assert.rejects(writeSearchablePdf(notPdf(), []), { code: 'PDF_INVALID', plugin: 'write-pdf', stage: 'write' })
  await assert.rejects(writeSearchablePdf(encryptedPdf(), []), { code: 'PDF_ENCRYPTED', stage: 'write' })
  await assert.rejects(writeSearchablePdf(await healthyPdf(), [{ pageNumber: 2, action: 'ocr', page }]), { code: 'PDF_INVALID', page: 2 })
  await assert.rejects(writeSearchablePdf(await healthyPdf(), [{ pageNumber: 1.5, action: 'ocr', page }]), { code: 'PLUGIN_FAILED' })
  await assert.rejects(writeSearchablePdf(await healthyPdf(), [], { hideReplacedText: 'bogus' as never }))
})

test('OCR words whose boxes overlap (French punctuation) still extract with a space between them', async () => {
  const input = await scannedPdf('x')
  const box = (x0: number, x1: number) => ({ x0, y0: 100, x1, y1: 112 })
  const page: PageText = {
    pageNumber: 1,
    width: 595.28,
    height: 841.89,
    source: 'ocr',
    text: 'Une entrée ? Oui : bref ;',
    items: [
      { text: 'Une', bbox: box(56, 76) },
      { text: 'entrée', bbox: box(79, 114) },
      { text: '?', bbox: box(110, 116) },
      { text: 'Oui', bbox: box(119, 137) },
      { text: ':', bbox: box(136.5, 139) },
      { text: 'bref', bbox: box(142, 162) },
      { text: ';', bbox: box(163, 165), hasEol: true },
    ],
  }
  const [got] = await extract(await writeSearchablePdf(input, [{ pageNumber: 1, action: 'ocr', page }]))
  assert.equal(got!.text.trim(), page.text)
})

test('words whose boxes lost their height (text shown at 0.1 pt through a large font matrix) are written at the size their advances give', async () => {
  // dvips's Type 3 fonts: a line of 10 pt text extracts 0.1 pt high, its characters about 5 pt apart
  const line = (y: number, ws: string[]) => {
    let x = 72
    return ws.map((w) => {
      const it: TextItem = { text: w, bbox: { x0: x, y0: y - 0.1, x1: x + 5 * w.length, y1: y }, fontId: 'T3', fontSize: 0.1 }
      x += 5 * w.length + 3
      return it
    })
  }
  const items = [...line(100, ['Lorsque', 'vous', 'utilisez']), ...line(112, ['un', 'système', 'qui'])]
  items[2]!.hasEol = true
  const page: PageText = { pageNumber: 1, width: 595, height: 842, items, text: 'Lorsque vous utilisez\nun système qui', source: 'repaired' }
  const content = textLayerContent(page, { x0: 0, y0: 0, x1: 595, y1: 842, rotate: 0 }, 'F', new GlyphlessEncoder())
  const sizes = [...content.matchAll(/\/F ([\d.]+) Tf/g)].map((m) => Number(m[1]))
  // two lines, each at 10 pt (5 pt a character is 0.5 em of prose), one below the other
  assert.deepEqual(sizes, [10, 10])
  const baselines = [...content.matchAll(/1 0 0 1 [\d.]+ ([\d.]+) Tm/g)].map((m) => Number(m[1]))
  assert.ok(baselines[0]! > baselines[3]!, baselines.join(' '))
  // a box of ordinary height keeps the height it has
  const tall = { ...page, items: [{ text: 'Lorsque', bbox: { x0: 72, y0: 90, x1: 107, y1: 102 } }] }
  assert.deepEqual(
    [...textLayerContent(tall, { x0: 0, y0: 0, x1: 595, y1: 842, rotate: 0 }, 'F', new GlyphlessEncoder()).matchAll(/\/F ([\d.]+) Tf/g)].map((m) =>
      Number(m[1]),
    ),
    [12],
  )
})

test("a repaired page's layer reads as its text: runs it joins are one word, its line ends are lines, flat lines one size", async () => {
  // dvips's runs as the extractor gives them (boxes 0.1 pt high, a line end after each): a false map hid the accents,
  // so `encadrées` is three runs, the accent 0.6 pt off the line; letters of another font split `\FloatBarrier` and `104`
  const run = (text: string, x0: number, x1: number, y: number, fontId = 'T1'): TextItem => ({
    text,
    bbox: { x0, y0: y - 0.1, x1, y1: y },
    fontId,
    fontSize: 0.1,
    hasEol: true,
  })
  const items = [
    run('encadr', 134.7, 165.1, 189.58),
    run('é', 165.9, 169.9, 190.18),
    run('es, 120', 170.7, 202.1, 189.58),
    run('environnement figure, 3', 134.7, 253.1, 203.18),
    run('face', 134.5, 152.3, 216.68),
    run('à', 156.9, 161.4, 217.38),
    run('face, 119', 165.6, 206.1, 216.68),
    run('\\', 115.0, 119.7, 379.18),
    run('F', 120.4, 125.1, 379.18, 'T2'),
    run('loat', 126.3, 147.6, 379.18),
    run('B', 148.5, 153.2, 379.18, 'T2'),
    run('arrier, commande, 71, 75, 10', 154.5, 297.0, 379.18),
    run('4', 297.7, 302.2, 379.18, 'T2'),
    run(',', 303.8, 306.3, 379.18),
  ]
  const text = 'encadrées, 120\nenvironnement figure, 3\nface à face, 119\n\\FloatBarrier, commande, 71, 75, 104,'
  const page: PageText = { pageNumber: 1, width: 595, height: 842, items, text, source: 'repaired' }
  const blank = await PDFDocument.create()
  blank.addPage([595, 842])
  const out = await writeSearchablePdf(await blank.save(), [{ pageNumber: 1, action: 'repaired', page }])
  const [got] = await extract(out)
  assert.deepEqual(
    got!.text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    text.split('\n'),
  )
  // one size for every line of the page's flat boxes, from their mean advance (a line of digits is wider a character)
  const content = textLayerContent(page, { x0: 0, y0: 0, x1: 595, y1: 842, rotate: 0 }, 'F', new GlyphlessEncoder())
  const sizes = new Set([...content.matchAll(/\/F ([\d.]+) Tf/g)].map((m) => m[1]))
  assert.equal(sizes.size, 1, [...sizes].join(' '))
})

test('the text a layer replaces is written as spaces, unless a page that keeps its text draws with its font', async () => {
  // pages 1 and 2 share a font (pdf-lib embeds it once); page 3 has a font of its own
  const input = await buildPdf([
    { blocks: [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'x' }] },
    { blocks: [{ text: FRENCH_PROSE, layer: 'garbled', shareFont: 'x' }] },
    { blocks: [{ text: FRENCH_PROSE, layer: 'garbled' }] },
  ])
  const before = await extract(input)
  // the OCR of pages 1 and 3: two words, where the text begins
  const ocr = (n: number): PageText => ({
    pageNumber: n,
    width: 595.28,
    height: 841.89,
    source: 'ocr',
    text: 'Mot lu',
    items: [
      { text: 'Mot', bbox: { x0: 56, y0: 60, x1: 90, y1: 72 } },
      { text: 'lu', bbox: { x0: 95, y0: 60, x1: 110, y1: 72 }, hasEol: true },
    ],
  })
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [
    { pageNumber: 1, action: 'ocr', page: ocr(1) },
    { pageNumber: 2, action: 'kept', page: { ...ocr(2), source: 'text-layer', items: [], text: before[1]!.text } },
    { pageNumber: 3, action: 'ocr', page: ocr(3) },
  ])
  assert.deepEqual([summary.layered, summary.blanked, summary.blankedFonts], [[1, 3], [3], 1])
  const after = await extract(pdf)
  // page 3 reads its layer alone; page 2 reads as before, and so page 1 still reads its old text before the layer
  assert.deepEqual(words(after[2]!.text), ['Mot', 'lu'])
  assert.equal(after[1]!.text, before[1]!.text)
  assert.ok(after[0]!.text.startsWith(before[0]!.text.trim().slice(0, 40)) && after[0]!.text.includes('Mot lu'))
  const a = await render(input, 72)
  const b = await render(pdf, 72)
  for (let i = 0; i < 3; i++) assert.deepEqual(pixelDiff(a[i]!.grey, b[i]!.grey), { mean: 0, share: 0 })
})

test('a composite font whose program is not in the file keeps its map: readers may draw it through its ToUnicode', async () => {
  const { PDFName, PDFHexString, decodePDFRawStream } = await import('pdf-lib')
  const doc = await PDFDocument.create()
  const pdfPage = doc.addPage([595, 842])
  const ctx = doc.context
  const cmap =
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfchar <0001> <0041> endbfchar endcmap end end'
  const font = (embedded: boolean) =>
    ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: 'Verdana',
        Encoding: 'Identity-H',
        ToUnicode: ctx.register(ctx.stream(cmap)),
        DescendantFonts: [
          ctx.obj({
            Type: 'Font',
            Subtype: 'CIDFontType2',
            BaseFont: 'Verdana',
            CIDSystemInfo: { Registry: PDFHexString.fromText('Adobe'), Ordering: PDFHexString.fromText('Identity'), Supplement: 0 },
            FontDescriptor: ctx.obj({
              Type: 'FontDescriptor',
              FontName: 'Verdana',
              Flags: 32,
              FontBBox: [0, 0, 1000, 1000],
              ItalicAngle: 0,
              Ascent: 800,
              Descent: -200,
              CapHeight: 700,
              StemV: 80,
              ...(embedded ? { FontFile2: ctx.register(ctx.stream('not a real program')) } : {}),
            }),
          }),
        ],
      }),
    )
  pdfPage.node.setFontDictionary(PDFName.of('F1'), font(false))
  pdfPage.node.setFontDictionary(PDFName.of('F2'), font(true))
  pdfPage.node.addContentStream(ctx.register(ctx.stream('BT /F1 12 Tf 72 700 Td <0001> Tj /F2 12 Tf <0001> Tj ET')))
  const ocr: PageText = {
    pageNumber: 1,
    width: 595,
    height: 842,
    source: 'ocr',
    text: 'AA',
    items: [{ text: 'AA', bbox: { x0: 72, y0: 130, x1: 90, y1: 142 } }],
  }
  const { pdf, summary } = await writeSearchablePdfWithSummary(await doc.save(), [{ pageNumber: 1, action: 'ocr', page: ocr }])
  // only the embedded one is written as spaces
  assert.deepEqual([summary.blanked, summary.blankedFonts], [[1], 1])
  const out = await PDFDocument.load(pdf)
  const fonts = out.getPages()[0]!.node.Resources()!.lookup(PDFName.of('Font')) as import('pdf-lib').PDFDict
  const cmapOf = (name: string) => {
    const f = out.context.lookup(fonts.get(PDFName.of(name))) as import('pdf-lib').PDFDict
    const s = out.context.lookup(f.get(PDFName.of('ToUnicode'))) as import('pdf-lib').PDFRawStream
    return Buffer.from(decodePDFRawStream(s).decode()).toString('latin1')
  }
  assert.match(cmapOf('F1'), /<0001> <0041>/)
  assert.match(cmapOf('F2'), /<0001> <0020>/)
})
