import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CopyingLoopbackPort } from '../src/loopback-port.js'

/** Posts `message` and resolves with what a listener receives. */
function roundTrip(message: unknown, transfer?: ArrayBuffer[]): { received: Promise<unknown> } {
  const port = new CopyingLoopbackPort()
  const received = new Promise<unknown>((resolve) => port.addEventListener('message', (e) => resolve(e.data)))
  port.postMessage(message, transfer)
  return { received }
}

/** A glyph as pdf.js's worker makes it: a class instance, shared by every operator that shows it. */
class Glyph {
  constructor(
    public unicode: string,
    public width: number,
    public isSpace: boolean,
  ) {}
  get category(): string {
    return 'letter'
  }
}

/** An operator-list chunk as the worker enqueues it, with the glyph `e` shown twice. */
function chunk() {
  const e = new Glyph('e', 444, false)
  const path = new Float32Array([1, 2, 3])
  const argsArray: unknown[] = [['F1', 10], [[new Glyph('T', 611, false), e, -250, e]], null, [0, [path], new Float32Array([0, 0, 1, 1])]]
  return {
    message: { sourceName: 'worker', targetName: 'main', stream: 5, streamId: 1, chunk: { fnArray: [37, 44, 10, 91], argsArray, lastChunk: false, length: 4 } },
    e,
    path,
  }
}

test('an operator-list chunk arrives whole although the sender empties its arrays right after posting it', async () => {
  const { message } = chunk()
  const expected = structuredClone(message)
  const { received } = roundTrip(message)
  // what pdf.js's OperatorList.flush does after enqueueing the chunk
  message.chunk.fnArray.length = 0
  message.chunk.argsArray.length = 0
  assert.deepEqual(await received, expected)
})

test('a chunk is copied as structuredClone copies it: plain objects, shared objects shared, typed arrays copied', async () => {
  const { message, path } = chunk()
  const { received } = roundTrip(message)
  const got = (await received) as typeof message
  assert.deepStrictEqual(got, structuredClone(message))
  const glyphs = (got.chunk.argsArray[1] as unknown[][])[0]!
  assert.equal(Object.getPrototypeOf(glyphs[1]), Object.prototype, 'a glyph arrives as a plain object, as structuredClone makes it')
  assert.equal(glyphs[1], glyphs[3], 'the glyph shown twice is one object')
  assert.equal('category' in (glyphs[1] as object), false, 'getters of the class are not copied')
  const sentPath = ((got.chunk.argsArray[3] as unknown[])[1] as Float32Array[])[0]!
  assert.notEqual(sentPath, path, 'a typed array not transferred is a copy')
  path[0] = 99
  assert.equal(sentPath[0], 1)
})

test('a transferred buffer is handed over; cycles and exotic values arrive as structuredClone makes them', async () => {
  const data = new Uint8ClampedArray([1, 2, 3, 4])
  const cyclic: { self?: unknown; when: Date; tags: Set<string> } = { when: new Date(0), tags: new Set(['a']) }
  cyclic.self = cyclic
  const message = { chunk: { fnArray: [85], argsArray: [[{ width: 2, height: 2, data }, cyclic]] } }
  const { received } = roundTrip(message, [data.buffer])
  const got = (await received) as typeof message
  const [image, c] = got.chunk.argsArray[0] as [{ data: Uint8ClampedArray }, typeof cyclic]
  assert.equal(image.data, data, 'the transferred image data is the sender’s own, not a copy')
  assert.equal(c.self, c)
  assert.ok(c.when instanceof Date && c.when.getTime() === 0)
  assert.deepEqual([...c.tags], ['a'])
})

test('other messages go through structuredClone: a copy, and the same errors', async () => {
  const message = { action: 'commonobj', data: ['g_d0_f1', 'Font', { name: 'Times', widths: [1, 2] }] }
  const { received } = roundTrip(message)
  message.data[2] = 'changed after posting'
  assert.deepEqual(await received, { action: 'commonobj', data: ['g_d0_f1', 'Font', { name: 'Times', widths: [1, 2] }] })
  const port = new CopyingLoopbackPort()
  assert.throws(() => port.postMessage({ f: () => 1 }), { name: 'DataCloneError' })
  assert.throws(() => port.postMessage({ chunk: { fnArray: [1], argsArray: [[() => 1]] } }), { name: 'DataCloneError' })
})

test('a listener removed, or added with an aborted signal, hears nothing; terminate removes every listener', async () => {
  const port = new CopyingLoopbackPort()
  const heard: string[] = []
  const a = (e: { data: unknown }) => heard.push(`a:${String(e.data)}`)
  const b = (e: { data: unknown }) => heard.push(`b:${String(e.data)}`)
  port.addEventListener('message', a)
  port.addEventListener('message', b, { signal: AbortSignal.abort() })
  const c = new AbortController()
  port.addEventListener('message', b, { signal: c.signal })
  port.postMessage(1)
  await Promise.resolve()
  await Promise.resolve()
  c.abort()
  port.postMessage(2)
  await Promise.resolve()
  await Promise.resolve()
  port.removeEventListener('message', a)
  port.postMessage(3)
  await new Promise<void>((resolve) => setImmediate(resolve))
  port.addEventListener('message', a)
  port.terminate()
  port.postMessage(4)
  await new Promise<void>((resolve) => setImmediate(resolve))
  assert.deepEqual(heard, ['a:1', 'b:1', 'a:2'])
})

test('lazy outlines: the worker reads disableFontFace off until outlines(); fonts are marked as paths; replies stay ours', async () => {
  for (const lazyOutlines of [true, false]) {
    const port = new CopyingLoopbackPort({ lazyOutlines })
    const heard: { action?: string; callback?: number; data?: unknown }[] = []
    let options: { disableFontFace?: boolean } = {}
    // a stand-in for pdf.js's worker side: answers FontFallback as its message handler does
    port.addEventListener('message', (e) => {
      const m = e.data as { sourceName: string; targetName: string; action?: string; callbackId?: number; data?: { evaluatorOptions?: object } }
      heard.push(m)
      if (m.action === 'GetDocRequest') options = m.data!.evaluatorOptions!
      if (m.action === 'FontFallback') port.postMessage({ sourceName: m.targetName, targetName: m.sourceName, callback: 1, callbackId: m.callbackId })
    })
    port.postMessage({
      sourceName: 'main',
      targetName: 'worker',
      action: 'GetDocRequest',
      callbackId: 1,
      data: { evaluatorOptions: { disableFontFace: true } },
    })
    // byte 0 of the font record: black 01, bold 10, disableFontFace 01 (false), fontExtraProperties 10
    const record = new Uint8Array([0b10_01_10_01, 7]).buffer
    port.postMessage({ sourceName: 'd0_worker', targetName: 'd0', action: 'commonobj', data: ['g_d0_f1', 'Font', { buffer: record }] }, [record])
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(options.disableFontFace, !lazyOutlines)
    const font = heard.find((m) => m.action === 'commonobj')!.data as [string, string, { buffer: ArrayBuffer }]
    assert.deepEqual([...new Uint8Array(font[2].buffer)], [0b10_10_10_01, 7])
    await port.outlines()
    await port.outlines()
    assert.equal(options.disableFontFace, true)
    const fallbacks = heard.filter((m) => m.action === 'FontFallback')
    assert.deepEqual(
      fallbacks.map((m) => m.data),
      lazyOutlines ? [{ id: 'g_d0_f1' }] : [],
    )
    assert.equal(heard.filter((m) => m.callback !== undefined).length, 0, 'the replies are not passed on')
  }
})

test('lazy outlines: a second render waits for the request the first made; a terminating document keeps no render waiting', async () => {
  const port = new CopyingLoopbackPort({ lazyOutlines: true })
  const fallbacks: { sourceName: string; targetName: string; callbackId: number }[] = []
  port.addEventListener('message', (e) => {
    const m = e.data as { sourceName: string; targetName: string; action?: string; callbackId: number }
    if (m.action === 'FontFallback') fallbacks.push(m) // answered below, when the test says
  })
  const record = new Uint8Array([0]).buffer
  port.postMessage({ sourceName: 'd0_worker', targetName: 'd0', action: 'commonobj', data: ['g_d0_f1', 'Font', { buffer: record }] })
  await new Promise((resolve) => setImmediate(resolve))
  const done: string[] = []
  const first = port.outlines().then(() => done.push('first'))
  const second = port.outlines().then(() => done.push('second'))
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual([fallbacks.length, done], [1, []])
  const [f] = fallbacks
  port.postMessage({ sourceName: f!.targetName, targetName: f!.sourceName, callback: 1, callbackId: f!.callbackId })
  await Promise.all([first, second])
  assert.deepEqual(done, ['first', 'second'])

  port.postMessage({ sourceName: 'd0_worker', targetName: 'd0', action: 'commonobj', data: ['g_d0_f2', 'Font', { buffer: new Uint8Array([0]).buffer }] })
  await new Promise((resolve) => setImmediate(resolve))
  const pending = port.outlines()
  await new Promise((resolve) => setImmediate(resolve))
  assert.equal(fallbacks.length, 2)
  port.postMessage({ sourceName: 'd0', targetName: 'd0_worker', action: 'Terminate', callbackId: 9, data: null })
  await pending // unanswered, and settled all the same
  port.postMessage({ sourceName: 'd0_worker', targetName: 'd0', action: 'commonobj', data: ['g_d0_f3', 'Font', { buffer: new Uint8Array([0]).buffer }] })
  await port.outlines()
  await new Promise((resolve) => setImmediate(resolve))
  assert.equal(fallbacks.length, 2)
})
