import { test } from 'node:test'
import assert from 'node:assert/strict'
import { GlyphlessEncoder } from '../src/glyphless-font.js'
import { GLYPHLESS_ADVANCE, GLYPHLESS_UNITS_PER_EM, glyphlessTrueType } from '../src/glyphless-truetype.js'

test('the TrueType program has the ten tables, sorted, with valid checksums', () => {
  const ttf = glyphlessTrueType()
  const v = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength)
  assert.equal(v.getUint32(0), 0x00010000)
  const n = v.getUint16(4)
  const tags: string[] = []
  const sum = (off: number, len: number) => {
    let s = 0
    for (let i = off; i < off + len; i += 4) {
      const word = ((ttf[i] ?? 0) << 24) | ((ttf[i + 1] ?? 0) << 16) | ((ttf[i + 2] ?? 0) << 8) | (ttf[i + 3] ?? 0)
      s = (s + word) >>> 0
    }
    return s
  }
  for (let i = 0; i < n; i++) {
    const rec = 12 + 16 * i
    const tag = String.fromCharCode(...ttf.subarray(rec, rec + 4))
    tags.push(tag)
    const off = v.getUint32(rec + 8)
    const len = v.getUint32(rec + 12)
    assert.ok(off + len <= ttf.length)
    if (tag !== 'head') assert.equal(v.getUint32(rec + 4), sum(off, len), tag)
    if (tag === 'head') assert.equal(v.getUint16(off + 18), GLYPHLESS_UNITS_PER_EM)
    if (tag === 'hmtx') assert.equal(v.getUint16(off), GLYPHLESS_ADVANCE)
  }
  assert.deepEqual(tags, ['OS/2', 'cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'name', 'post'])
  assert.equal(sum(0, ttf.length), 0xb1b0afba, 'whole-font checksum as the spec requires after checkSumAdjustment')
})

test('the encoder maps BMP characters to themselves and astral ones to private codes, all in the ToUnicode CMap', () => {
  const e = new GlyphlessEncoder()
  assert.deepEqual(e.encode('Œuvre é'), [0x152, 0x75, 0x76, 0x72, 0x65, 0x20, 0xe9])
  const astral = e.encode('𝔸\u0007x')
  assert.deepEqual(astral, [0xe000, 0x78], 'control characters are dropped')
  assert.deepEqual(e.encode('𝔸'), [0xe000], 'the same astral character keeps its code')
  const cmap = e.toUnicodeCMap()
  assert.match(cmap, /<0152> <0152>/)
  assert.match(cmap, /<E000> <D835DD38>/)
  assert.match(cmap, /^9 beginbfchar$/m) // Œ u v r e space é 𝔸 x: 9 distinct codes
})
