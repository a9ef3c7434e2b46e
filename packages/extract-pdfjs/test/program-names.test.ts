import assert from 'node:assert/strict'
import { test } from 'node:test'
import pdfjsExtractor from '../src/index.js'
import { parseType1Encoding } from '../src/program-names.js'
import { outlineTwins } from '../src/type1-outlines.js'
import { fontPage, handPdf } from './hand-pdf.js'

const open = async (bytes: Uint8Array) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })).open(bytes, { file: 't.pdf' })

/** The clear-text part of a Type 1 program whose built-in encoding sets the codes given (as TeX's fonts do). */
const type1Head = (entries: Array<[number, string]>) =>
  [
    '%!PS-AdobeFont-1.0: CMR10 003.002',
    '/FontName /CMR10 def',
    '/Encoding 256 array',
    '0 1 255 {1 index exch /.notdef put} for',
    ...entries.map(([c, n]) => `dup ${c} /${n} put`),
    'readonly def',
    'currentfile eexec',
    '',
  ].join('\n')

/**
 * A page with four fonts, each with a false ToUnicode where it has one: /F1 a subset Type 1 font with no /Encoding
 * (its program's built-in encoding names its codes), /F2 Helvetica in WinAnsi, /F3 Times with /Differences over
 * WinAnsi, /F4 a symbolic TrueType font (its base encoding says nothing), and /F5 in a form the page draws.
 */
function fontsPdf(): Uint8Array {
  const head = type1Head([
    [0, 'Gamma'],
    [12, 'fi'],
    [65, 'A'],
    [123, 'endash'],
  ])
  const body = [
    'BT /F1 12 Tf 72 720 Td <000C417B> Tj ET',
    'BT /F2 12 Tf 72 690 Td (Ae\\351) Tj ET',
    'BT /F3 12 Tf 72 660 Td (AB) Tj ET',
    'BT /F4 12 Tf 72 630 Td (AB) Tj ET',
    '/X1 Do',
  ].join('\n')
  const form = 'BT /F5 12 Tf 72 600 Td (Zz) Tj ET'
  const tu =
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <00> <FF> <0021> endbfrange endcmap end end'
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R >> /XObject << /X1 12 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FirstChar 0 /LastChar 123 /FontDescriptor 9 0 R /ToUnicode 11 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 11 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [65 /Gamma] >> /ToUnicode 11 0 R >>',
    '<< /Type /Font /Subtype /TrueType /BaseFont /Wingdings /Encoding /WinAnsiEncoding /FontDescriptor 13 0 R >>',
    '<< /Type /FontDescriptor /FontName /ABCDEF+CMR10 /Flags 4 /FontBBox [0 -250 1000 750] /ItalicAngle 0 /Ascent 750 /Descent -250 /CapHeight 683 /StemV 40 /FontFile 10 0 R >>',
    `<< /Length ${head.length} /Length1 ${head.length} /Length2 0 /Length3 0 >>\nstream\n${head}\nendstream`,
    `<< /Length ${tu.length} >>\nstream\n${tu}\nendstream`,
    `<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F5 14 0 R >> >> /Length ${form.length} >>\nstream\n${form}\nendstream`,
    '<< /Type /FontDescriptor /FontName /Wingdings /Flags 4 /FontBBox [0 -250 1000 750] /ItalicAngle 0 /Ascent 750 /Descent -250 /CapHeight 683 /StemV 40 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /ToUnicode 11 0 R >>',
  ])
}

test('glyph names as the file defines them: the built-in encoding of a Type 1 program, base encodings, Differences', async () => {
  const doc = await open(fontsPdf())
  try {
    const page = await doc.getPageText(1)
    const idOf = (name: string) => Object.values(page.fonts!).find((f) => f.name === name)?.id
    const ids = ['ABCDEF+CMR10', 'Helvetica', 'Times-Roman', 'Wingdings', 'Courier'].map(idOf)
    assert.ok(
      ids.every((id) => id !== undefined),
      JSON.stringify(page.fonts),
    )
    // the layer (a false map) and the page's own glyph names (no /Differences) say nothing of the Type 1 font
    assert.equal(page.fonts![ids[0]!]!.glyphNames, undefined)
    const names = await doc.getGlyphNames!(1, ids)
    assert.deepEqual(names[ids[0]!], { 0: 'Gamma', 12: 'fi', 65: 'A', 123: 'endash' })
    assert.equal(names[ids[1]!]![65], 'A')
    assert.equal(names[ids[1]!]![233], 'eacute')
    assert.equal(names[ids[1]!]![128], 'Euro')
    assert.equal(names[ids[2]!]![65], 'Gamma', 'Differences over the base encoding')
    assert.equal(names[ids[2]!]![66], 'B')
    assert.equal(names[ids[3]!], undefined, 'a symbolic TrueType font draws by its own cmap')
    // a non-embedded font with no /Encoding (in a form the page draws): StandardEncoding
    assert.equal(names[ids[4]!]![90], 'Z')
    assert.equal(names[ids[4]!]![39], 'quoteright')
  } finally {
    await doc.close()
  }
})

test("a Type 1 program's built-in encoding: an array of codes, or StandardEncoding by name", () => {
  const enc = parseType1Encoding(
    new TextEncoder().encode(
      type1Head([
        [1, 'Delta'],
        [255, 'dieresis'],
      ]) + 'binary part: dup 66 /B put',
    ),
  )!
  assert.equal(enc[1], 'Delta')
  assert.equal(enc[255], 'dieresis')
  assert.equal(enc[66], undefined, 'the encrypted part is not read')
  const std = parseType1Encoding(new TextEncoder().encode('%!FontType1-1.0: Utopia\n/Encoding StandardEncoding def\ncurrentfile eexec'))!
  assert.equal(std[39], 'quoteright')
  assert.equal(std[97], 'a')
  assert.equal(parseType1Encoding(new TextEncoder().encode('not a font')), undefined)
})

/** A TrueType program with a `cmap` table only: one format 4 subtable (3,1) mapping `chars` to glyphs 1, 2, 3... */
function cmapOnlyFont(chars: string): Buffer {
  const cps = [...chars].map((c) => c.codePointAt(0)!)
  // one segment a character, then the 0xFFFF end segment
  const seg = cps.length + 1
  const sub = Buffer.alloc(16 + 8 * seg)
  sub.writeUInt16BE(4, 0)
  sub.writeUInt16BE(sub.length, 2)
  sub.writeUInt16BE(seg * 2, 6)
  const ends = 14
  const starts = ends + 2 * seg + 2
  const deltas = starts + 2 * seg
  cps.forEach((cp, i) => {
    sub.writeUInt16BE(cp, ends + 2 * i)
    sub.writeUInt16BE(cp, starts + 2 * i)
    sub.writeUInt16BE((i + 1 - cp) & 0xffff, deltas + 2 * i)
  })
  sub.writeUInt16BE(0xffff, ends + 2 * cps.length)
  sub.writeUInt16BE(0xffff, starts + 2 * cps.length)
  sub.writeUInt16BE(1, deltas + 2 * cps.length)
  const cmap = Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12]), sub])
  const head = Buffer.alloc(12 + 16)
  head.writeUInt32BE(0x00010000, 0)
  head.writeUInt16BE(1, 4)
  head.write('cmap', 12, 'latin1')
  head.writeUInt32BE(28, 20)
  head.writeUInt32BE(cmap.length, 24)
  return Buffer.concat([head, cmap])
}

test("a Type0 font of Identity-H over a TrueType program: each CID named by the program's own Unicode cmap", async () => {
  const program = cmapOnlyFont('Peněží')
  const hex = program.toString('hex')
  const tu =
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0000> <FFFF> <0041> endbfrange endcmap end end'
  // glyphs 1..6 are P e n ě ž í; the page shows "Pení" as CIDs 1 2 3 6, one through a CIDToGIDMap in the second font
  const body = 'BT /F1 12 Tf 72 720 Td <0001000200030006> Tj ET\nBT /F2 12 Tf 72 690 Td <00000001> Tj ET'
  const gidMap = Buffer.from([0, 4, 0, 5]) // CID 0 -> glyph 4 (ě), CID 1 -> glyph 5 (ž)
  const bytes = handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 10 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEE+Arial-Identity-H /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 9 0 R >>',
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEE+Arial /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /DW 600 >>',
    '<< /Type /FontDescriptor /FontName /ABCDEE+Arial /Flags 32 /FontBBox [0 -200 1000 800] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>',
    `<< /Length ${hex.length + 1} /Filter /ASCIIHexDecode >>\nstream\n${hex}>\nendstream`,
    `<< /Length ${tu.length} >>\nstream\n${tu}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Arial /Encoding /Identity-H /DescendantFonts [11 0 R] /ToUnicode 9 0 R >>',
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Arial /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 13 0 R /DW 600 /CIDToGIDMap 12 0 R >>',
    `<< /Length ${gidMap.length * 2 + 1} /Filter /ASCIIHexDecode >>\nstream\n${gidMap.toString('hex')}>\nendstream`,
    '<< /Type /FontDescriptor /FontName /ABCDEF+Arial /Flags 32 /FontBBox [0 -200 1000 800] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>',
  ])
  const doc = await open(bytes)
  try {
    const page = await doc.getPageText(1)
    const ids = ['ABCDEE+Arial', 'ABCDEF+Arial'].map((name) => Object.values(page.fonts!).find((f) => f.name === name)?.id)
    assert.ok(
      ids.every((id) => id !== undefined),
      JSON.stringify(page.fonts),
    )
    const names = await doc.getGlyphNames!(1, ids)
    assert.deepEqual(names[ids[0]!], { 1: 'uni0050', 2: 'uni0065', 3: 'uni006E', 4: 'uni011B', 5: 'uni017E', 6: 'uni00ED' })
    assert.deepEqual(names[ids[1]!], { 0: 'uni011B', 1: 'uni017E' })
  } finally {
    await doc.close()
  }
})

/** Type 1 encryption (the inverse of a reader's decryption): `key` 55665 for the eexec part, 4330 for a charstring. */
function t1Encrypt(plain: Uint8Array, key: number): Buffer {
  let r = key
  const out = Buffer.alloc(plain.length)
  plain.forEach((p, i) => {
    const c = p ^ (r >> 8)
    out[i] = c
    r = ((c + r) * 52845 + 22719) & 0xffff
  })
  return out
}

/**
 * A Type 1 program: `head` in clear text, then the eexec part whose `/CharStrings` holds `glyphs` (name, charstring
 * body; each charstring encrypted with its own four leading bytes, `lead`), binary or as hexadecimal.
 */
function type1Program(head: string, glyphs: Array<[string, string, number]>, hex: boolean): Buffer {
  const entries = glyphs.map(([name, body, lead]) => {
    const cs = t1Encrypt(Buffer.concat([Buffer.from([lead, lead + 1, lead + 2, lead + 3]), Buffer.from(body, 'latin1')]), 4330)
    return Buffer.concat([Buffer.from(`/${name} ${cs.length} RD `, 'latin1'), cs, Buffer.from(' ND\n', 'latin1')])
  })
  const priv = Buffer.concat([
    Buffer.from('\x01\x02\x03\x04dup /Private 8 dict dup begin /RD{string currentfile exch readstring pop}executeonly def\n', 'latin1'),
    Buffer.from(`2 index /CharStrings ${glyphs.length} dict dup begin\n`, 'latin1'),
    ...entries,
    Buffer.from('end\nend\nmark currentfile closefile\n', 'latin1'),
  ])
  const enc = t1Encrypt(priv, 55665)
  return Buffer.concat([Buffer.from(head, 'latin1'), hex ? Buffer.from(enc.toString('hex').replace(/(.{64})/g, '$1\n'), 'latin1') : enc])
}

/** Four glyphs: `/g5` draws `/A`'s outline (its copy, encrypted anew), `/g7` an outline of its own. */
const RENAMED: Array<[string, string, number]> = [
  ['.notdef', '\x8b\xf7\x0d\x0e', 7],
  ['A', '\x8b\xf8\x88\x0d\xf7\x10\xf7\x20\x05\x0e', 11],
  ['g5', '\x8b\xf8\x88\x0d\xf7\x10\xf7\x20\x05\x0e', 60],
  ['g7', '\x8b\xf8\x10\x0d\xf7\x30\xf7\x20\x05\x0e', 11],
]

test("a Type 1 program's outlines drawn under two names: each name's twins, binary or hexadecimal, charstrings compared decrypted", () => {
  const head = type1Head([[65, 'A']])
  for (const hex of [false, true]) {
    const twins = outlineTwins(type1Program(head, RENAMED, hex))
    assert.deepEqual([...twins].sort(), [
      ['A', ['g5']],
      ['g5', ['A']],
    ])
    // the clear text's length as the stream's /Length1 gives it
    assert.deepEqual(outlineTwins(type1Program(head, RENAMED, hex), head.length).get('g5'), ['A'])
  }
  assert.equal(outlineTwins(new TextEncoder().encode(head)).size, 0, 'no encrypted part')
  // a program cut anywhere or with a byte flipped (a damaged file) gives what it can, and never throws
  const whole = type1Program(head, RENAMED, false)
  for (let cut = 0; cut < whole.length; cut += 7) {
    assert.ok(outlineTwins(whole.subarray(0, cut)) instanceof Map)
    const flipped = Buffer.from(whole)
    flipped[cut] = flipped[cut]! ^ 0xff
    assert.ok(outlineTwins(flipped, head.length) instanceof Map)
  }
  assert.equal(outlineTwins(new TextEncoder().encode('not a font')).size, 0)
})

test("glyph names as the file defines them: a /Differences name followed by the program's other names for its outline", async () => {
  const program = type1Program(type1Head([[65, 'A']]), RENAMED, true).toString('latin1')
  const body = 'BT /F1 12 Tf 72 720 Td (AB) Tj ET'
  const bytes = fontPage(
    body,
    '<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FirstChar 65 /LastChar 66 /Widths [750 700] /Encoding << /Type /Encoding /Differences [65 /g5 /g7] >> /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /ABCDEF+CMR10 /Flags 4 /FontBBox [0 -250 1000 750] /ItalicAngle 0 /Ascent 750 /Descent -250 /CapHeight 683 /StemV 40 /FontFile 7 0 R >>',
    `<< /Length ${program.length} /Length1 ${type1Head([[65, 'A']]).length} /Length2 ${program.length - type1Head([[65, 'A']]).length} /Length3 0 >>\nstream\n${program}\nendstream`,
  )
  const doc = await open(bytes)
  try {
    const page = await doc.getPageText(1)
    const id = Object.values(page.fonts!).find((f) => f.name === 'ABCDEF+CMR10')?.id
    assert.ok(id, JSON.stringify(page.fonts))
    const names = await doc.getGlyphNames!(1, [id])
    assert.equal(names[id]![65], 'g5 A')
    assert.equal(names[id]![66], 'g7', 'an outline of its own: its name alone')
  } finally {
    await doc.close()
  }
})

test('two fonts of a page that share a name (one font in two encodings) are told apart by their /Differences', async () => {
  const body = 'BT /F1 12 Tf 72 720 Td (AB) Tj ET\nBT /F2 12 Tf 72 690 Td (AB) Tj ET'
  const font = (diffs: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${diffs}] >> >>`
  const bytes = handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    font('65 /g5 /g7'),
    font('65 /g9'),
  ])
  const doc = await open(bytes)
  try {
    const page = await doc.getPageText(1)
    const ids = Object.values(page.fonts!)
      .filter((f) => f.name === 'Times-Roman')
      .map((f) => f.id)
    assert.equal(ids.length, 2, JSON.stringify(page.fonts))
    const names = await doc.getGlyphNames!(1, ids)
    const got = ids.map((id) => [names[id]?.[65], names[id]?.[66]])
    assert.deepEqual(got.sort(), [
      ['g5', 'g7'],
      ['g9', 'B'],
    ])
  } finally {
    await doc.close()
  }
})
