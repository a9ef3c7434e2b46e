/** What a message may transfer: what `structuredClone` takes, in Node as in browsers. */
type TransferListItem = NonNullable<NonNullable<Parameters<typeof structuredClone>[1]>['transfer']>[number]

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
  /** Whether outlines wait for {@link outlines}, and whether the worker side now builds them as it reads text. */
  readonly #lazy: boolean
  #outlining: boolean
  /** Fonts the worker side has sent, by id: the request for their outlines once made (settled for fonts made with them). */
  #fonts = new Map<string, Promise<void> | undefined>()
  /** The name of the document's handler on the worker side, from its first font message. */
  #worker: string | undefined
  /** Our outline requests awaiting the worker side's reply, by callback id. */
  #requests = new Map<number, () => void>()
  #lastRequest = 0
  /** Set once the document is told to terminate: its worker side answers nothing after that. */
  #terminating = false
  /** The nesting limit and pdf.js's save and restore operators (see {@link NestingLimit}). */
  readonly #nesting: NestingLimit | undefined
  /** Operator lists being sent, by stream id: their page and how deep their graphics states are nested so far. */
  #opLists = new Map<number, { page: number; depth: number; cut: boolean }>()
  /** Pages (by index) whose operator list was cut at the nesting limit, and the depth it reached. */
  #cut = new Map<number, number>()

  /** `lazyOutlines`: glyph outlines are built only once {@link outlines} is called (see there). */
  constructor({ lazyOutlines = false, nesting }: { lazyOutlines?: boolean; nesting?: NestingLimit } = {}) {
    this.#lazy = lazyOutlines
    this.#outlining = !lazyOutlines
    this.#nesting = nesting
  }

  /** The depth a page's operator list reached when it was cut at the nesting limit (index from 0); forgets it. */
  nestingCut(pageIndex: number): number | undefined {
    const depth = this.#cut.get(pageIndex)
    this.#cut.delete(pageIndex)
    return depth
  }

  /**
   * Counts the graphics states an operator list leaves open as its chunks go by. pdf.js saves a state as a new object
   * whose prototype is the state before (`Object.create`), so a page nesting `q` n deep costs time in n squared:
   * 20,000 cost 1.4 s and 40,000 17.5 s here, and the 500,000 of a file built to stall readers would take hours. Past
   * the limit the chunk is refused by throwing into the worker side's loop, which ends the list there (pdf.js ignores
   * the error, as `stopAtErrors` is off, and closes the list); the page is marked cut. A last chunk is let through.
   */
  #countNesting(m: OperatorListChunk): void {
    const limit = this.#nesting
    const id = m.streamId
    const list = typeof id === 'number' ? this.#opLists.get(id) : undefined
    if (!limit || !list) return
    const last = m.chunk.lastChunk === true
    if (last) this.#opLists.delete(id as number)
    if (list.cut) return
    let depth = list.depth
    let deepest = depth
    for (const fn of m.chunk.fnArray) {
      if (fn === limit.save) deepest = Math.max(deepest, ++depth)
      else if (fn === limit.restore && depth > 0) depth--
    }
    list.depth = depth
    if (deepest <= limit.max) return
    list.cut = true
    this.#cut.set(list.page, deepest)
    if (!last) throw new Error(`graphics states nested ${deepest} deep, over the limit of ${limit.max}`)
  }

  postMessage(message: unknown, transfer?: TransferListItem[]): void {
    const m = message as PdfjsMessage | null
    if (m?.targetName === OUTLINE_REQUESTER) {
      // the worker side's reply to one of our requests, which pdf.js's handlers must not see
      this.#requests.get(m.callbackId as number)?.()
      this.#requests.delete(m.callbackId as number)
      return
    }
    if (m?.action === 'GetOperatorList' && typeof m.streamId === 'number') {
      const page = (m.data as { pageIndex?: unknown } | null)?.pageIndex
      if (typeof page === 'number') this.#opLists.set(m.streamId, { page, depth: 0, cut: false })
    }
    const chunk = isOperatorListChunk(message)
    if (chunk) this.#countNesting(message)
    const event = { data: chunk ? copyMessage(message, transfer) : structuredClone(message, transfer ? { transfer } : undefined) }
    if (m?.action === 'GetDocRequest') this.#outlineOnDemand(event.data as PdfjsMessage)
    else if (m?.action === 'commonobj') this.#fontSent(event.data as PdfjsMessage)
    this.#deliver(event)
    if (m?.action === 'Terminate') {
      // requests still unanswered would keep a render waiting on a document that is going away
      this.#terminating = true
      for (const resolve of this.#requests.values()) resolve()
      this.#requests.clear()
    }
  }

  #deliver(event: { data: unknown }): void {
    void this.#deferred.then(() => {
      for (const [listener] of this.#listeners) listener.call(this, event)
    })
  }

  /**
   * Glyph outlines on demand. Node has no FontFace, so pdf.js draws text as paths, and with `disableFontFace` its
   * worker side builds the outline of every glyph a page shows as it reads the page (and sends each over this
   * channel): about a tenth of the CPU of a text-only triage of a 312-page manual (`tools/bench/triage-ab.mjs`), for
   * renders most pages never get. With `lazyOutlines`, the worker side is told to build none until this is called, before a
   * render: then it builds the outlines of the glyphs it has met so far in every font it has sent (pdf.js's own
   * "FontFallback", which also makes that font build outlines from then on), and fonts it loads afterwards build them
   * as they are read, as without `lazyOutlines`. The display side is told every font is drawn as paths either way.
   */
  async outlines(): Promise<void> {
    if (this.#outlining && !this.#lazy) return
    this.#outlining = true
    const worker = this.#worker
    if (worker === undefined || this.#terminating) return
    // every font's request, including those another render made and still waits for
    const asked: Promise<void>[] = []
    for (const [id, request] of this.#fonts) {
      if (request) {
        asked.push(request)
        continue
      }
      const callbackId = ++this.#lastRequest
      const made = new Promise<void>((resolve) => this.#requests.set(callbackId, resolve))
      this.#fonts.set(id, made)
      asked.push(made)
      this.#deliver({ data: { sourceName: OUTLINE_REQUESTER, targetName: worker, action: 'FontFallback', callbackId, data: { id } } })
    }
    await Promise.all(asked)
  }

  /** The worker side reads `disableFontFace` when it makes a font: there it now reads whether outlines are on. */
  #outlineOnDemand(m: PdfjsMessage): void {
    const options = (m.data as { evaluatorOptions?: object } | null)?.evaluatorOptions
    if (this.#outlining || typeof options !== 'object' || options === null) return
    Object.defineProperty(options, 'disableFontFace', { get: () => this.#outlining, enumerable: true, configurable: true })
  }

  /** A font the worker side sends: recorded, and marked as drawn with paths for the display side. */
  #fontSent(m: PdfjsMessage): void {
    const [id, type, font] = (Array.isArray(m.data) ? m.data : []) as [unknown, unknown, { buffer?: unknown } | undefined]
    if (type !== 'Font' || typeof id !== 'string' || !(font?.buffer instanceof ArrayBuffer) || font.buffer.byteLength === 0) return
    this.#worker ??= m.sourceName as string
    // pdf.js's font record starts with two bits a flag (0 unset, 1 false, 2 true), `disableFontFace` third: whether
    // the worker side made this font with outlines on (a font made before `outlines()` may be sent after it).
    const flags = new Uint8Array(font.buffer, 0, 1)
    const TRUE = 0b10 << DISABLE_FONT_FACE_BIT
    if (!this.#fonts.has(id)) this.#fonts.set(id, (flags[0]! & (0b11 << DISABLE_FONT_FACE_BIT)) === TRUE ? SETTLED : undefined)
    flags[0] = (flags[0]! & ~(0b11 << DISABLE_FONT_FACE_BIT)) | TRUE
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

/**
 * How deep graphics states may nest on a page (`max`), and the operator codes that open and close one: pdf.js's
 * `OPS.save` and `OPS.restore`.
 */
export interface NestingLimit {
  max: number
  save: number
  restore: number
}

/** A chunk of an operator list, as far as the nesting count looks into it. */
type OperatorListChunk = PdfjsMessage & { chunk: { fnArray: unknown[]; argsArray: unknown[]; lastChunk?: unknown } }

/** A message of pdf.js's channel, as far as the port looks into it. */
interface PdfjsMessage {
  sourceName?: unknown
  targetName?: unknown
  action?: unknown
  callbackId?: unknown
  streamId?: unknown
  data?: unknown
}

/** The handler name our outline requests go out under: the worker side replies to it, and no pdf.js handler has it. */
const OUTLINE_REQUESTER = 'pdftriage-outlines'

const SETTLED = Promise.resolve()

/** Where pdf.js 5.6's font record (FONT_INFO in its obj_bin_transform) keeps `disableFontFace`: bits 4-5 of byte 0. */
const DISABLE_FONT_FACE_BIT = 4

/** A stream chunk of an operator list, as pdf.js's worker enqueues it: `{ ..., chunk: { fnArray, argsArray, ... } }`. */
function isOperatorListChunk(m: unknown): m is OperatorListChunk {
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
  // guarded: browsers leave SharedArrayBuffer undefined on pages that are not cross-origin isolated
  (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer) ||
  (typeof Blob === 'function' && v instanceof Blob)
