import type { TransferListItem } from 'node:worker_threads'

/**
 * The channel between pdf.js's display side and its worker side when both run in this thread (Node has no web
 * worker: pdf.js's "fake worker"). pdf.js's own loopback port copies every message with `structuredClone`, as a real
 * worker's channel would; for operator lists that serialises every glyph object of every page and builds it again:
 * 0.7 s of a 10 s triage of a 312-page manual, the largest single item of pdf.js's display side.
 *
 * This port copies operator-list chunks itself, which is what they need: the worker empties the chunk's two arrays
 * right after sending them, and nothing else in them changes after they are sent (a glyph object is made once and
 * shared by every operator that shows it). Arrays and ordinary objects are copied as `structuredClone` copies them
 * (own enumerable string-keyed properties into plain objects, an object met twice copied once, so cycles and sharing
 * are kept); typed arrays the sender transfers are handed over, others copied; anything else (maps, dates, errors...)
 * goes through `structuredClone`. Every other message goes through `structuredClone` as before.
 */
export class CopyingLoopbackPort {
  #listeners = new Map<(event: { data: unknown }) => void, (() => void) | undefined>()
  #deferred = Promise.resolve()

  postMessage(message: unknown, transfer?: TransferListItem[]): void {
    const event = { data: isOperatorListChunk(message) ? copyMessage(message, transfer) : structuredClone(message, transfer ? { transfer } : undefined) }
    void this.#deferred.then(() => {
      for (const [listener] of this.#listeners) listener.call(this, event)
    })
  }

  addEventListener(_name: string, listener: (event: { data: unknown }) => void, options?: { signal?: AbortSignal } | null): void {
    let unhook: (() => void) | undefined
    const signal = options?.signal
    if (signal instanceof AbortSignal) {
      if (signal.aborted) return
      const onAbort = () => this.removeEventListener(_name, listener)
      unhook = () => signal.removeEventListener('abort', onAbort)
      signal.addEventListener('abort', onAbort)
    }
    this.#listeners.set(listener, unhook)
  }

  removeEventListener(_name: string, listener: (event: { data: unknown }) => void): void {
    this.#listeners.get(listener)?.()
    this.#listeners.delete(listener)
  }

  terminate(): void {
    for (const [, unhook] of this.#listeners) unhook?.()
    this.#listeners.clear()
  }
}

/** A stream chunk of an operator list, as pdf.js's worker enqueues it: `{ ..., chunk: { fnArray, argsArray, ... } }`. */
function isOperatorListChunk(m: unknown): m is { chunk: { fnArray: unknown[]; argsArray: unknown[] } } {
  const chunk = (m as { chunk?: { fnArray?: unknown; argsArray?: unknown } } | null)?.chunk
  return typeof chunk === 'object' && chunk !== null && Array.isArray(chunk.fnArray) && Array.isArray(chunk.argsArray)
}

function copyMessage(message: unknown, transfer: TransferListItem[] | undefined): unknown {
  return copyValue(message, new Map(), new Set(transfer))
}

/** One value of a message (see {@link CopyingLoopbackPort}); a function of the module, not a closure per message, so that V8 keeps its compiled code. */
function copyValue(v: unknown, memo: Map<object, unknown>, transferred: Set<unknown>): unknown {
  if (typeof v !== 'object' || v === null) return typeof v === 'function' || typeof v === 'symbol' ? structuredClone(v) : v
  const seen = memo.get(v)
  if (seen !== undefined) return seen
  if (Array.isArray(v)) {
    const a = new Array<unknown>(v.length)
    memo.set(v, a)
    for (let i = 0; i < v.length; i++) a[i] = copyValue(v[i], memo, transferred)
    return a
  }
  let c: unknown
  if (ArrayBuffer.isView(v)) c = transferred.has(v.buffer) ? v : structuredClone(v)
  else if (v instanceof ArrayBuffer) c = transferred.has(v) ? v : structuredClone(v)
  else if (isExotic(v)) c = structuredClone(v)
  else {
    const o: Record<string, unknown> = {}
    memo.set(v, o)
    for (const k of Object.keys(v)) o[k] = copyValue((v as Record<string, unknown>)[k], memo, transferred)
    return o
  }
  memo.set(v, c)
  return c
}

/** Objects `structuredClone` copies by their kind rather than by their properties. */
const isExotic = (v: object): boolean =>
  v instanceof Map ||
  v instanceof Set ||
  v instanceof Date ||
  v instanceof RegExp ||
  v instanceof Error ||
  v instanceof Boolean ||
  v instanceof Number ||
  v instanceof String ||
  v instanceof SharedArrayBuffer ||
  v instanceof Blob
