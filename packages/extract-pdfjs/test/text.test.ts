import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildPdf, FRENCH_PROSE, healthyPdf, mixedFontPdf } from '@pdftriage/fixtures'
import { joinItems } from '@pdftriage/core'
import pdfjsExtractor from '../src/index.js'
import { itemBox } from '../src/page-text.js'
import { handPdf } from './hand-pdf.js'

const open = async (bytes: Uint8Array, options = {}) =>
  (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse(options), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

test('healthy page: the first line sits at the top margin, the known words where the fixture put them', async () => {
  await using doc = await open(await healthyPdf('fr'))
  const page = await doc.getPageText(1)
  assert.equal(page.width, 595.28)
  assert.equal(page.height, 841.89)
  const first = page.items[0]!
  assert.match(first.text, /^ARRÊTÉ MUNICIPAL/)
  // The fixture's first baseline is 56 + 11 x 1.3 = 70.3 pt from the top, at x = 56 (the margin).
  assert.ok(Math.abs(first.bbox.x0 - 56) < 0.5, `x0 ${first.bbox.x0}`)
  assert.ok(first.bbox.y0 > 56 && first.bbox.y0 < 63, `top ${first.bbox.y0}`)
  assert.ok(first.bbox.y1 > 70.3 && first.bbox.y1 < 74, `bottom ${first.bbox.y1}`)
  assert.equal(first.fontSize, 11)
  assert.equal(first.hasEol, true)
  // Lines go down the page in content order.
  for (let i = 1; i < 5; i++) assert.ok(page.items[i]!.bbox.y0 > page.items[i - 1]!.bbox.y0)
  assert.match(page.text, /^ARRÊTÉ MUNICIPAL PORTANT RÉGLEMENTATION TEMPORAIRE DE LA CIRCULATION\nLe maire de la commune/)
  assert.equal(page.text, page.text.normalize('NFC'))
  assert.equal(page.source, 'text-layer')
})

test('fonts: Helvetica not embedded, one font entry per id used', async () => {
  await using doc = await open(await mixedFontPdf())
  const page = await doc.getPageText(1)
  const fonts = Object.values(page.fonts ?? {})
  assert.deepEqual(fonts.map((f) => f.name).sort(), ['Helvetica', 'Times-Roman'])
  for (const f of fonts) {
    assert.equal(f.embedded, false)
    assert.equal(f.invisible, false)
    assert.equal(f.kind, undefined, "a substituted program says nothing of the file's font kind")
  }
  for (const it of page.items) assert.ok(page.fonts![it.fontId!])
})

test('fonts: false leaves fonts undefined, imageCoverage: false leaves coverage undefined', async () => {
  await using doc = await open(await healthyPdf('en'), { fonts: false, imageCoverage: false })
  const page = await doc.getPageText(1)
  assert.equal(page.fonts, undefined)
  assert.equal(page.imageCoverage, undefined)
  assert.equal(page.hasVectorGraphics, undefined)
  assert.ok(page.text.length > 500)
})

test('a rotated page: boxes in the displayed page, top-left origin', async () => {
  const { PDFDocument, degrees } = await import('pdf-lib')
  const src = await PDFDocument.load(await healthyPdf('fr'))
  src.getPage(0).setRotation(degrees(90))
  await using doc = await open(await src.save())
  const page = await doc.getPageText(1)
  assert.equal(page.width, 841.89)
  assert.equal(page.height, 595.28)
  const first = page.items[0]!
  // Rotated 90 degrees clockwise: the first line runs down the right side, its top 56 pt from the right edge.
  assert.ok(first.bbox.x1 < page.width - 56 + 0.5 && first.bbox.x1 > page.width - 63, `x1 ${first.bbox.x1}`)
  assert.ok(Math.abs(first.bbox.y0 - 56) < 0.5, `y0 ${first.bbox.y0}`)
  assert.ok(first.bbox.y1 - first.bbox.y0 > 400, 'the line runs vertically')
})

test('a MediaBox with an offset origin: boxes relative to the page corner', async () => {
  const bytes = await buildPdf([{ blocks: [{ text: 'Offset page text.' }] }])
  const { PDFDocument } = await import('pdf-lib')
  const src = await PDFDocument.load(bytes)
  const p = src.getPage(0)
  // Shift the box and the content together: what the page shows does not change.
  p.setMediaBox(100, 200, 595.28, 841.89)
  p.translateContent(100, 200)
  await using doc = await open(await src.save())
  const page = await doc.getPageText(1)
  const first = page.items[0]!
  assert.ok(Math.abs(first.bbox.x0 - 56) < 0.5, `x0 ${first.bbox.x0}`)
  assert.ok(first.bbox.y1 > 70.3 && first.bbox.y1 < 74, `bottom ${first.bbox.y1}`)
})

test('itemBox: box of a run from its transform, width and the font ascent/descent', () => {
  const box = itemBox(
    { str: 'x', transform: [10, 0, 0, 10, 100, 700], width: 50, height: 10, fontName: 'f', hasEOL: false },
    { ascent: 0.8, descent: -0.2 },
    [1, 0, 0, -1, 0, 800],
  )
  assert.deepEqual(box, { x0: 100, y0: 92, x1: 150, y1: 102 })
})

test('core joinItems over the items gives the same words as the page text', async () => {
  await using doc = await open(await healthyPdf('en'))
  const page = await doc.getPageText(1)
  assert.equal(joinItems(page.items).replace(/\s+/g, ' '), page.text.replace(/\s+/g, ' '))
})

test('both text sources read the same words on every fixture, with the same line breaks', async () => {
  const { default: factory } = await import('../src/index.js')
  const fx = await import('@pdftriage/fixtures')
  const make = (textSource: 'operator-list' | 'text-content') => factory.create(factory.optionsSchema.parse({ textSource }), { baseDir: '.' })
  const [a, b] = [await make('text-content'), await make('operator-list')]
  for (const bytes of [await fx.healthyPdf('fr'), await fx.healthyPdf('en'), await fx.numericPdf(), await fx.mixedFontPdf(), await fx.ocrLayerPdf()]) {
    const [da, db] = [await a.open(bytes), await b.open(bytes)]
    const [pa, pb] = [await da.getPageText(1), await db.getPageText(1)]
    assert.equal(pb.text, pa.text)
    assert.equal(pb.items.filter((i) => i.hasEol).length, pa.items.filter((i) => i.hasEol).length)
    // Boxes agree to a fraction of a point.
    for (let i = 0; i < Math.min(pa.items.length, 20); i++)
      assert.ok(Math.abs(pa.items[i]!.bbox.x0 - pb.items[i]!.bbox.x0) < 0.5 && Math.abs(pa.items[i]!.bbox.y1 - pb.items[i]!.bbox.y1) < 0.5)
    await da.close()
    await db.close()
  }
})

test("text walked from the operator list keeps a reflected font's soft hyphens and places glyphs of a scaled form", async () => {
  const { default: factory } = await import('../src/index.js')
  const fx = await import('@pdftriage/fixtures')
  const ex = await factory.create(factory.optionsSchema.parse({}), { baseDir: '.' })
  const doc = await ex.open(await fx.reflectedPdf(fx.FRENCH_PROSE))
  const p = await doc.getPageText(1)
  await doc.close()
  assert.equal([...p.text].filter((c) => c === '\u00ad').length, [...fx.FRENCH_PROSE].filter((c) => c === 's').length)
})

test('TeX ligatures of a Type 3 font that names glyphs by code only (dvips bitmaps) read as letters', async () => {
  // Codes 0x1C (fi) and 0x1E (ffi) of a T1 font, glyphs named /aNN as dvips names them: pdf.js hands over the codes.
  const names: Record<number, string> = { 28: 'a28', 30: 'a30', 97: 'a97', 99: 'a99', 101: 'a101', 104: 'a104', 110: 'a110', 115: 'a115' }
  const codes = Object.keys(names)
    .map(Number)
    .sort((a, b) => a - b)
  const widths = Array.from({ length: 110 - 28 + 1 }, () => 5)
  const pdf = handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 60 >>\nstream\nBT /F1 12 Tf 20 200 Td (en\\034n a\\036ches) Tj ET\nendstream',
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 10 10] /FontMatrix [0.1 0 0 0.1 0 0] /CharProcs << ${codes.map((c) => `/${names[c]} 6 0 R`).join(' ')} >> /Encoding << /Type /Encoding /Differences [${codes.map((c) => `${c} /${names[c]}`).join(' ')}] >> /FirstChar 28 /LastChar 110 /Widths [${widths.join(' ')}] /Resources << >> >>`,
    '<< /Length 21 >>\nstream\n5 0 d0 0 0 4 6 re f\nendstream',
  ])
  await using doc = await open(pdf)
  const page = await doc.getPageText(1)
  assert.equal(page.items.map((i) => i.text).join(''), 'enfin affiches')
})

test('TeX ligatures read beside hyphens and line ends, Cork œ between letters, a run of codes left as it is', async () => {
  // A T1 font named by code only, as dvips makes them: "non-free-fi" + "rmware", "fi-" at a line end, a line
  // starting with "fi" after a comma, "off-site", "cœur" (Cork 0xF7), and three codes in a row (no word at all).
  const lines = ['non-free-\\034rmware', 'et \\034-', 'gurent ok,', '\\034rmware', 'o\\033-site c\\367ur', '\\034\\035\\036']
  const used = new Set<number>([27, 28, 29, 30, 247])
  for (const l of lines) for (const ch of l.replace(/\\\d{3}/g, '')) used.add(ch.charCodeAt(0))
  const codes = [...used].sort((a, b) => a - b)
  const body = `BT /F1 12 Tf 20 250 Td ${lines.map((l) => `(${l}) Tj`).join(' 0 -14 Td ')} ET`
  const pdf = handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 10 10] /FontMatrix [0.1 0 0 0.1 0 0] /CharProcs << ${codes.map((c) => `/a${c} 6 0 R`).join(' ')} >> /Encoding << /Type /Encoding /Differences [${codes.map((c) => `${c} /a${c}`).join(' ')}] >> /FirstChar 27 /LastChar 247 /Widths [${Array.from({ length: 247 - 27 + 1 }, () => 5).join(' ')}] /Resources << >> >>`,
    '<< /Length 21 >>\nstream\n5 0 d0 0 0 4 6 re f\nendstream',
  ])
  await using doc = await open(pdf)
  const page = await doc.getPageText(1)
  assert.equal(page.text, 'non-free-firmware\net fi-\ngurent ok,\nfirmware\noff-site cœur\n\x1c\x1d\x1e')
})

test('glyphs a false map names blank keep their codes in blankRuns; inserted spaces carry no glyphs', async () => {
  // a dvips-like bitmap font whose codes read as control characters, tab, line feed, form feed and return among them
  const text = FRENCH_PROSE
  await using doc = await open(await buildPdf([{ blocks: [{ text, layer: 'garbled', bitmap: true }] }]))
  const page = await doc.getPageText(1)
  const runs = page.blankRuns ?? []
  assert.ok(runs.length > 0)
  for (const r of runs) {
    assert.equal(r.text.trim(), '')
    assert.ok(
      r.glyphs!.every((g) => g.code >= 0 && g.text.trim() === '' && [9, 10, 11, 12, 13, 32].includes(g.code)),
      JSON.stringify(r.glyphs),
    )
    assert.ok(r.before >= 0 && r.before <= page.items.length)
  }
  // every glyph of the page is on an item or a blank run, once: the codes drawn are all there
  const drawn = [...text].filter((c) => !/\s/.test(c)).length
  const carried = [...page.items, ...runs].reduce((n, it) => n + (it.glyphs?.length ?? 0), 0)
  assert.equal(carried, drawn)
})

test('item glyphs made on first read behave as a plain property: JSON, spreads, assignment, structured clones', async () => {
  await using doc = await open(await healthyPdf('fr'))
  const page = await doc.getPageText(1)
  const item = page.items[0]!
  const glyphs = item.glyphs!
  assert.equal(glyphs.map((g) => g.text).join(''), item.text)
  assert.ok(glyphs.every((g, k) => g.x0 <= g.x1 && (k === 0 || g.x0 >= glyphs[k - 1]!.x0 - 0.01)))
  assert.equal(item.glyphs, glyphs, 'the same records at every read')
  assert.deepEqual(Object.keys(item), ['text', 'bbox', 'fontId', 'fontSize', 'hasEol', 'glyphs'])
  assert.deepEqual(JSON.parse(JSON.stringify(item)).glyphs, glyphs)
  assert.deepEqual({ ...item }.glyphs, glyphs)
  assert.deepEqual(structuredClone(item).glyphs, glyphs)
  const other = page.items[1]!
  other.glyphs = glyphs.slice(0, 1)
  assert.equal(other.glyphs.length, 1)
  delete other.glyphs
  assert.equal('glyphs' in other, false)
})
