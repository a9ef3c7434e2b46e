// Flate streams inflated on this thread rather than through Node's DecompressionStream on the thread pool: reading
// operator lists waits less.
import { inflateSync } from 'node:zlib'

type Chunk = ArrayBufferView | ArrayBuffer

/**
 * pdf.js 5.6 inflates every Flate stream (content streams, font programs, images) through `DecompressionStream`,
 * which in Node runs zlib on the thread pool: the page's work waits on it about a millisecond a stream, and the
 * web-stream plumbing costs more than the inflating. On the 312-page French manual that was 0.25 s idle of a 4 s
 * triage, and reading every page's operator list took 2.19-2.45 s against 1.65-2.27 s with the streams inflated on
 * this thread (4 runs each). This inflates `deflate` on this thread, in one piece when the input ends, behind a
 * readable/writable pair of the calls pdf.js makes (a writer's `ready`, `write`, `close`; the readable read with
 * `for await` or a reader): a TransformStream there still took 3 % of that triage's profile in web-stream set-up (its
 * two streams' queues, promises and transfer hooks). Other formats go to Node's own. Input that does not inflate
 * completely (corrupt, truncated) rejects the read as Node's does, and pdf.js falls back to its own inflater as before.
 */
export function inflateOnThisThread(): void {
  const g = globalThis as { DecompressionStream?: typeof DecompressionStream }
  const Native = g.DecompressionStream
  if (!Native || (Native as { onThisThread?: boolean }).onThisThread) return
  /** A constructor, as pdf.js calls it: `new DecompressionStream(format)`; an object it returns replaces `this`. */
  function DeflateOnThisThread(format: string): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Chunk> } {
    if (format !== 'deflate') return new Native!(format as 'deflate')
    return inflatingPair() as never
  }
  DeflateOnThisThread.onThisThread = true
  g.DecompressionStream = DeflateOnThisThread as unknown as typeof DecompressionStream
}

/** The pair: chunks written are kept; closing the writer inflates them, and the readable gives the bytes once. */
function inflatingPair() {
  const chunks: Uint8Array[] = []
  let settle!: { resolve: (b: Uint8Array) => void; reject: (e: unknown) => void }
  const result = new Promise<Uint8Array>((resolve, reject) => (settle = { resolve, reject }))
  result.catch(() => undefined) // read by the readable; unread when the caller gives up first
  let closed = false
  const ready = Promise.resolve()
  const writer = {
    ready,
    desiredSize: 1,
    write(chunk: Chunk): Promise<void> {
      if (closed) return Promise.reject(new TypeError('The stream is closed'))
      chunks.push(ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk))
      return ready
    },
    close(): Promise<void> {
      if (closed) return Promise.reject(new TypeError('The stream is closed'))
      closed = true
      try {
        const bytes = inflateSync(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
        settle.resolve(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      } catch (e) {
        settle.reject(e)
      }
      chunks.length = 0
      return ready
    },
    abort(reason?: unknown): Promise<void> {
      closed = true
      settle.reject(reason)
      return ready
    },
    releaseLock(): void {},
  }
  let taken = false
  const reader = {
    async read(): Promise<{ done: true; value: undefined } | { done: false; value: Uint8Array }> {
      if (taken) return { done: true, value: undefined }
      taken = true
      return { done: false, value: await result }
    },
    cancel(): Promise<void> {
      taken = true
      return Promise.resolve()
    },
    releaseLock(): void {},
  }
  const readable = {
    getReader: () => reader,
    [Symbol.asyncIterator]: () => ({
      next: () => reader.read(),
      return: () => Promise.resolve({ done: true as const, value: undefined }),
    }),
  }
  return { readable, writable: { getWriter: () => writer } }
}
