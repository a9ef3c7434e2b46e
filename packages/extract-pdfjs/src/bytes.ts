/**
 * Byte searches and latin1 text of PDF bytes, the same in every runtime: Node's `Buffer` where there is one (native
 * and fast on whole files), plain `Uint8Array` code elsewhere (browsers, workers), found on `globalThis` so that no
 * `node:` module is imported.
 */
interface NodeBuffer {
  indexOf(value: string, byteOffset?: number, encoding?: 'latin1'): number
  toString(encoding: 'latin1', start?: number, end?: number): string
}
const NodeBufferClass = (globalThis as { Buffer?: { from(a: ArrayBufferLike, o: number, l: number): NodeBuffer } }).Buffer

const asBuffer = (b: Uint8Array): NodeBuffer | undefined => NodeBufferClass?.from(b.buffer, b.byteOffset, b.byteLength)

/** The bytes `start`..`end` as latin1 text (one character a byte). */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const buf = asBuffer(bytes)
  if (buf) return buf.toString('latin1', start, end)
  let s = ''
  // String.fromCharCode takes its arguments on the stack: 8 KB at a time
  for (let i = Math.max(0, start), stop = Math.min(end, bytes.length); i < stop; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, Math.min(stop, i + 8192)))
  }
  return s
}

/** Where the ASCII text `needle` first occurs in `bytes` from `from`, or -1. */
export function indexOfText(bytes: Uint8Array, needle: string, from = 0): number {
  const buf = asBuffer(bytes)
  if (buf) return buf.indexOf(needle, from, 'latin1')
  const first = needle.charCodeAt(0)
  const last = bytes.length - needle.length
  for (let i = bytes.indexOf(first, from); i !== -1 && i <= last; i = bytes.indexOf(first, i + 1)) {
    let j = 1
    while (j < needle.length && bytes[i + j] === needle.charCodeAt(j)) j++
    if (j === needle.length) return i
  }
  return -1
}
