import { test } from 'node:test'
import assert from 'node:assert/strict'
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib'
import type { PageText } from '@pdftriage/core'
import { accentSpans, type SpanFont } from '../src/accent-spans.js'
import { parseContent, type Operand } from '../src/content-stream.js'
import { writeSearchablePdfWithSummary } from '../src/write-searchable-pdf.js'
import type { CodeMappedFont } from '../src/tounicode.js'
import { extract, render } from './pdfjs.js'

/** Helvetica's WinAnsi advances (per unit of font size) and a map reading every code as WinAnsi does. */
async function helvetica(): Promise<{ font: SpanFont; widths: number[] }> {
  const doc = await PDFDocument.create()
  const f = await doc.embedFont(StandardFonts.Helvetica)
  const widths: number[] = []
  const map: Record<string, string> = {}
  const dec = new TextDecoder('windows-1252')
  for (let c = 32; c < 256; c++) {
    const ch = dec.decode(new Uint8Array([c]))
    let w = 0
    try {
      w = f.widthOfTextAtSize(ch, 1000)
    } catch {
      // a code WinAnsi leaves empty
    }
    widths.push(Math.round(w))
    map[String(c)] = ch
  }
  return { font: { width: (c) => (c >= 32 && c < 256 ? widths[c - 32]! / 1000 : undefined), map }, widths }
}

/** The codes each show operator of `content` draws, in order (what a reader would draw). */
function shown(content: string): number[] {
  const out: number[] = []
  const strs = (o: Operand): number[] => (o.kind === 'str' ? o.bytes : o.kind === 'array' ? o.items.flatMap(strs) : [])
  for (const o of parseContent(content)) if (['Tj', 'TJ', "'", '"'].includes(o.op)) out.push(...strs(o.operands[o.operands.length - 1]!))
  return out
}

// TeX's \accent as pdfTeX writes it: the accent (WinAnsi 0xB4, 333 units), then a kern back so that the letter
// (e, 556 units) is drawn under it; and `caf` before it in the same array
const CAFE = 'BT /F1 20 Tf 20 100 Td [(caf\\264) 444.5 (e) -250 ( noir)] TJ ET'

test('content streams: strings, escapes, arrays, dictionaries and inline images are read as operators and operands', () => {
  const ops = parseContent(
    'q 1 0 0 1 5 5 cm BT /F#31 12 Tf (a\\(b\\)\\101\\\n c) Tj <48 65 6> Tj [(x) -20 <79>] TJ ET /P <</MCID 3>> BDC EMC BI /W 2 /H 1 ID \x00EI\x01 EI Q',
  )
  assert.deepEqual(
    ops.map((o) => o.op),
    ['q', 'cm', 'BT', 'Tf', 'Tj', 'Tj', 'TJ', 'ET', 'BDC', 'EMC', 'BI', 'EI', 'Q'],
  )
  assert.deepEqual(ops[3]!.operands[0], { kind: 'name', value: 'F1' })
  assert.deepEqual(ops[4]!.operands[0], { kind: 'str', bytes: [...'a(b)A c'].map((c) => c.charCodeAt(0)) })
  assert.deepEqual(ops[5]!.operands[0], { kind: 'str', bytes: [0x48, 0x65, 0x60] })
  assert.deepEqual(ops[6]!.operands[0], {
    kind: 'array',
    items: [
      { kind: 'str', bytes: [120] },
      { kind: 'num', value: -20 },
      { kind: 'str', bytes: [121] },
    ],
  })
  assert.throws(() => parseContent('BT (unterminated Tj ET'))
  // A stray closing parenthesis is damage, said at once (reading on from it once looped until memory ran out).
  assert.throws(() => parseContent('q ) Q'), /unexpected \) at offset 2/)
})

test('an accent drawn over its letter is wrapped with it in an /ActualText span; the glyphs drawn are the same', async () => {
  const { font } = await helvetica()
  const got = accentSpans(CAFE, new Map([['F1', font]]))
  assert.ok(got)
  assert.equal(got.spans, 1)
  assert.match(got.content, /\[<636166>\] TJ\n\/Span <<\/ActualText <FEFF00E9>>> BDC\n\[<b4> 444\.5 <65> -250\] TJ\nEMC\n\[<206e6f6972>\] TJ\n/)
  assert.deepEqual(shown(got.content), shown(CAFE))
  // the same glyphs one after the other (no kern back) are two characters, as drawn: nothing wrapped
  assert.equal(accentSpans('BT /F1 20 Tf 20 100 Td [(caf\\264e)] TJ ET', new Map([['F1', font]])), undefined)
  // a listing's backquote before a letter is no accent over it
  assert.equal(accentSpans('BT /F1 20 Tf 20 100 Td (`ls`) Tj ET', new Map([['F1', font]])), undefined)
  // anything but text positioning between the two (here a colour change) leaves them apart
  assert.equal(accentSpans('BT /F1 20 Tf 20 100 Td [(caf\\264) 444.5] TJ 1 0 0 rg [(e)] TJ ET', new Map([['F1', font]])), undefined)
  // a font the caller did not name is not read
  assert.equal(accentSpans(CAFE, new Map([['F2', font]])), undefined)
})

test('an accent raised over a capital across a text move, and one after its letter, are wrapped too', async () => {
  const { font } = await helvetica()
  // É as TeX draws it: the capital's accent raised 3 pt in a Td of its own, then back down to the letter
  const raised = 'BT /F1 20 Tf 20 100 Td (L) Tj 12 3 Td (\\264) Tj -3 -3 Td (E) Tj ET'
  const a = accentSpans(raised, new Map([['F1', font]]))
  assert.equal(a?.spans, 1)
  assert.match(a.content, /ActualText <FEFF00C9>/)
  assert.deepEqual(shown(a.content), shown(raised))
  // a cedilla drawn after its letter, back over it
  const after = 'BT /F1 20 Tf 20 100 Td [(Fran) (c) 500 (\\270) -167 (ais)] TJ ET'
  const b = accentSpans(after, new Map([['F1', font]]))
  assert.equal(b?.spans, 1)
  assert.match(b.content, /ActualText <FEFF00E7>/)
  assert.deepEqual(shown(b.content), shown(after))
})

/** A one-page PDF drawing `content` with a Helvetica dictionary that carries its /Widths (as embedded fonts do). */
async function pdfWith(content: string): Promise<Uint8Array> {
  const { widths } = await helvetica()
  const doc = await PDFDocument.create()
  const page = doc.addPage([300, 200])
  const ctx = doc.context
  const font = ctx.register(
    ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding', FirstChar: 32, LastChar: 255, Widths: widths }),
  )
  page.node.setFontDictionary(PDFName.of('F1'), font)
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.flateStream(content)))
  return doc.save()
}

/** The first page's content, its streams decoded and joined. */
async function pageContent(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf)
  const c = doc.getPages()[0]!.node.Contents()
  const streams = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c]
  return streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n')
}

/** The page as repair-codemap returns it: the font's code map on its FontInfo. */
function repaired(text: string, codes: Record<string, string>): PageText {
  const codeMap = { ...codes }
  return {
    pageNumber: 1,
    width: 300,
    height: 200,
    items: [],
    text,
    fonts: { f1: { id: 'f1', name: 'Helvetica', codeMap } as CodeMappedFont },
    source: 'repaired',
  }
}

test('a remapped page with TeX accents gets the spans; it renders as before and pdf.js reads it as before', async () => {
  const input = await pdfWith(CAFE)
  const codes = Object.fromEntries([...'caf noir'].map((c) => [String(c.charCodeAt(0)), c]))
  const page = repaired('café noir', { ...codes, '180': '\u00b4', '101': 'e' })
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page }])
  assert.deepEqual([summary.remapped, summary.layered, summary.accentSpans], [[1], [], 1])
  const [a] = await render(input, 72)
  const [b] = await render(pdf, 72)
  assert.deepEqual(b!.grey, a!.grey, 'renders byte-identically')
  const [x] = await extract(input)
  const [y] = await extract(pdf)
  assert.equal(y!.text.replace(/\s+/g, ''), x!.text.replace(/\s+/g, ''))
  const off = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page }], { accentText: false })
  assert.equal(off.summary.accentSpans, 0)
  assert.equal(await pageContent(off.pdf), CAFE)
  assert.match(await pageContent(pdf), /ActualText <FEFF00E9>/)
  // an accent the map reads as a combining mark (repair-codemap writes marks without a spacing form so) is read too
  const marked = repaired('café noir', { ...codes, '180': '\u0301', '101': 'e' })
  const m = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page: marked }])
  assert.equal(m.summary.accentSpans, 1)
  assert.match(await pageContent(m.pdf), /ActualText <FEFF00E9>/)
})
