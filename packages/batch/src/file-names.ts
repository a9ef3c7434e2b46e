/**
 * File names as bytes. A name that is not UTF-8 (an archive from another system) must still be opened, recorded
 * and recognised by the next run. In memory a name is a string where each byte that is not part of valid UTF-8 is
 * a lone low surrogate U+DC80-U+DCFF (Python's "surrogateescape"): UTF-8 never decodes to a surrogate, so the
 * mapping is one to one. In the index, `%`, control characters (newlines included) and those bytes are written
 * `%XX`, so every name is one line of text and reads back to the same bytes.
 */

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

/** A name from its bytes: valid UTF-8 decoded, every other byte b as U+DC00+b. */
export function nameFromBytes(b: Uint8Array): string {
  let out = ''
  let i = 0
  while (i < b.length) {
    const c = b[i]!
    const need = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1
    let ok = need >= 0 && i + need < b.length
    for (let k = 1; ok && k <= need; k++) ok = (b[i + k]! & 0xc0) === 0x80
    if (ok && need >= 2) {
      const second = b[i + 1]!
      // overlong forms, surrogates and code points past U+10FFFF are not valid UTF-8
      if (c === 0xe0 && second < 0xa0) ok = false
      if (c === 0xed && second >= 0xa0) ok = false
      if (c === 0xf0 && second < 0x90) ok = false
      if (c === 0xf4 && second >= 0x90) ok = false
    }
    if (!ok) {
      out += String.fromCharCode(0xdc00 + c)
      i++
      continue
    }
    out += Buffer.from(b.subarray(i, i + need + 1)).toString('utf8')
    i += need + 1
  }
  return out
}

/** Whether a name holds escaped bytes (a lone low surrogate). */
export function hasEscapedBytes(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (isHigh(c) && isLow(s.charCodeAt(i + 1))) i++
    else if (c >= 0xdc80 && c <= 0xdcff) return true
  }
  return false
}

/** The bytes of a name (escaped bytes restored). */
export function nameToBytes(s: string): Buffer {
  const parts: Buffer[] = []
  let run = ''
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (isHigh(c) && isLow(s.charCodeAt(i + 1))) {
      run += s[i]! + s[i + 1]!
      i++
    } else if (c >= 0xdc80 && c <= 0xdcff) {
      parts.push(Buffer.from(run, 'utf8'), Buffer.of(c - 0xdc00))
      run = ''
    } else run += s[i]!
  }
  parts.push(Buffer.from(run, 'utf8'))
  return Buffer.concat(parts)
}

/** What to give `fs` for a name: the string itself, or its bytes when it holds escaped bytes. */
export const fsPath = (s: string): string | Buffer => (hasEscapedBytes(s) ? nameToBytes(s) : s)

/** A name as an index cell: `%`, control characters and escaped bytes as `%XX`; anything else as is. */
export function encodeName(s: string): string {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (isHigh(c) && isLow(s.charCodeAt(i + 1))) {
      out += s[i]! + s[i + 1]!
      i++
    } else if (c >= 0xdc80 && c <= 0xdcff) out += pct(c - 0xdc00)
    else if (c === 0x25 || c < 0x20 || c === 0x7f) out += pct(c)
    else if (c >= 0x80 && c <= 0x9f)
      out += pct(0xc2) + pct(c) // C1 controls, as their UTF-8 bytes
    else out += s[i]!
  }
  return out
}

/** The name an index cell holds. */
export function decodeName(cell: string): string {
  if (!cell.includes('%')) return cell
  const bytes: number[] = []
  const out: string[] = []
  const flush = () => {
    if (bytes.length) out.push(nameFromBytes(Uint8Array.from(bytes)))
    bytes.length = 0
  }
  for (let i = 0; i < cell.length; i++) {
    if (cell[i] === '%' && /^[0-9A-F]{2}$/.test(cell.slice(i + 1, i + 3))) {
      bytes.push(parseInt(cell.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      flush()
      out.push(cell[i]!)
    }
  }
  flush()
  return out.join('')
}

const pct = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`
