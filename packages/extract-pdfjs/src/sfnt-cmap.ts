/**
 * The Unicode character maps of a TrueType or OpenType program (its `cmap` table's subtables for platform 0, and
 * platform 3 encodings 1 and 10), read backwards: glyph id -> character. What a font subset keeps of its own map
 * when the PDF's ToUnicode is false or missing (a Type0 font of Identity-H, whose codes are glyph ids). Formats 0, 4,
 * 6 and 12; every offset checked against the table, as the program comes from an untrusted file.
 */

/** Most code points read from one program: a full CJK font maps some 50,000; a group of format 12 may claim 2^32. */
const MAX_MAPPINGS = 200_000

/** Each subtable of a program's `cmap` ("platform.encoding" -> code -> glyph id), or `undefined` without one. */
export function cmapSubtables(program: Uint8Array): Map<string, Map<number, number>> | undefined {
  const v = new DataView(program.buffer, program.byteOffset, program.byteLength)
  const n = program.byteLength
  const r: Reader = {
    u8: (o) => (o >= 0 && o + 1 <= n ? program[o] : undefined),
    u16: (o) => (o >= 0 && o + 2 <= n ? v.getUint16(o) : undefined),
    u32: (o) => (o >= 0 && o + 4 <= n ? v.getUint32(o) : undefined),
  }
  const numTables = r.u16(4)
  if (numTables === undefined) return undefined
  let cmap: number | undefined
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + 16 * i
    if (rec + 16 > n) return undefined
    if (String.fromCharCode(program[rec]!, program[rec + 1]!, program[rec + 2]!, program[rec + 3]!) === 'cmap') cmap = r.u32(rec + 8)
  }
  if (cmap === undefined) return undefined
  const count = r.u16(cmap + 2)
  if (count === undefined) return undefined
  const out = new Map<string, Map<number, number>>()
  let seen = 0
  for (let i = 0; i < count && seen < MAX_MAPPINGS; i++) {
    const rec = cmap + 4 + 8 * i
    const platform = r.u16(rec)
    const encoding = r.u16(rec + 2)
    const off = r.u32(rec + 4)
    if (platform === undefined || encoding === undefined || off === undefined) break
    const key = `${platform}.${encoding}`
    if (out.has(key)) continue
    const m = new Map<number, number>()
    readSubtable(
      r,
      cmap + off,
      (c, g) => {
        seen++
        if (g !== 0 && !m.has(c)) m.set(c, g)
      },
      () => seen >= MAX_MAPPINGS,
    )
    if (m.size > 0) out.set(key, m)
  }
  return out
}

/** Whether a subtable's codes are Unicode: platform 0, or platform 3 encodings 1 (BMP) and 10 (full). */
const isUnicode = (key: string) => key.startsWith('0.') || key === '3.1' || key === '3.10'

/**
 * Glyph id -> code point by the program's Unicode subtables, the lowest code point where several map to one glyph;
 * control characters, surrogates and the Private Use Area (which say nothing of the text) left out.
 */
export function unicodeByGlyph(tables: ReadonlyMap<string, ReadonlyMap<number, number>>): Map<number, number> {
  const out = new Map<number, number>()
  for (const [key, m] of tables) {
    if (!isUnicode(key)) continue
    for (const [cp, gid] of m) {
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) continue
      const had = out.get(gid)
      if (had === undefined || cp < had) out.set(gid, cp)
    }
  }
  return out
}

interface Reader {
  u8: (o: number) => number | undefined
  u16: (o: number) => number | undefined
  u32: (o: number) => number | undefined
}

/** Reads one subtable at `at`, calling `put(code, glyph)` for each mapping until `full()`. */
function readSubtable(r: Reader, at: number, put: (code: number, gid: number) => void, full: () => boolean): void {
  const { u8, u16, u32 } = r
  const format = u16(at)
  if (format === 0) {
    for (let c = 0; c < 256 && !full(); c++) {
      const g = u8(at + 6 + c)
      if (g === undefined) return
      put(c, g)
    }
  } else if (format === 4) {
    const segX2 = u16(at + 6)
    if (segX2 === undefined) return
    const seg = segX2 / 2
    const ends = at + 14
    const starts = ends + segX2 + 2
    const deltas = starts + segX2
    const ranges = deltas + segX2
    for (let s = 0; s < seg && !full(); s++) {
      const end = u16(ends + 2 * s)
      const start = u16(starts + 2 * s)
      const delta = u16(deltas + 2 * s)
      const rangeOff = u16(ranges + 2 * s)
      if (end === undefined || start === undefined || delta === undefined || rangeOff === undefined || start > end) return
      for (let c = start; c <= end && c !== 0xffff && !full(); c++) {
        let g: number | undefined
        if (rangeOff === 0) g = (c + delta) & 0xffff
        else {
          const raw = u16(ranges + 2 * s + rangeOff + 2 * (c - start))
          if (raw === undefined) break
          g = raw === 0 ? 0 : (raw + delta) & 0xffff
        }
        put(c, g)
      }
    }
  } else if (format === 6) {
    const first = u16(at + 6)
    const entries = u16(at + 8)
    if (first === undefined || entries === undefined) return
    for (let i = 0; i < entries && !full(); i++) {
      const g = u16(at + 10 + 2 * i)
      if (g === undefined) return
      put(first + i, g)
    }
  } else if (format === 12) {
    const groups = u32(at + 12)
    if (groups === undefined) return
    for (let i = 0; i < groups && !full(); i++) {
      const start = u32(at + 16 + 12 * i)
      const end = u32(at + 20 + 12 * i)
      const g0 = u32(at + 24 + 12 * i)
      if (start === undefined || end === undefined || g0 === undefined || start > end) return
      for (let c = start; c <= end && !full(); c++) put(c, g0 + (c - start))
    }
  }
}
