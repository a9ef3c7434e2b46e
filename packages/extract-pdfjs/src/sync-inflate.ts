import { inflateSync } from 'node:zlib'

/**
 * pdf.js 5.6 inflates every Flate stream (content streams, font programs, images) through `DecompressionStream`,
 * which in Node runs zlib on the thread pool: the page's work waits on it about a millisecond a stream, and the
 * web-stream plumbing costs more than the inflating. On the 312-page French manual that was 0.25 s idle of a 4 s
 * triage, and reading every page's operator list took 2.19-2.45 s against 1.65-2.27 s with the streams inflated on
 * this thread (4 runs each). This class inflates `deflate` on this thread, in one piece when the input ends, behind
 * the same readable/writable pair; other formats go to Node's own. Input that does not inflate completely (corrupt,
 * truncated) errors the readable as Node's does, and pdf.js falls back to its own inflater as before.
 */
export function inflateOnThisThread(): void {
  const g = globalThis as { DecompressionStream?: typeof DecompressionStream }
  const Native = g.DecompressionStream
  if (!Native || (Native as { onThisThread?: boolean }).onThisThread) return
  type Chunk = ArrayBufferView | ArrayBuffer
  /** A constructor, as pdf.js calls it: `new DecompressionStream(format)`; an object it returns replaces `this`. */
  function DeflateOnThisThread(format: string): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Chunk> } {
    if (format !== 'deflate') return new Native!(format as 'deflate')
    const chunks: Uint8Array[] = []
    const t = new TransformStream<Chunk, Uint8Array>({
      transform(chunk) {
        chunks.push(ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk))
      },
      flush(out) {
        const bytes = inflateSync(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
        out.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      },
    })
    return { readable: t.readable, writable: t.writable }
  }
  DeflateOnThisThread.onThisThread = true
  g.DecompressionStream = DeflateOnThisThread as unknown as typeof DecompressionStream
}
