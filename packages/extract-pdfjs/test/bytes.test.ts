import assert from 'node:assert/strict'
import { test } from 'node:test'
import { indexOfText, latin1 } from '../src/bytes.js'

// The byte helpers take Node's Buffer where there is one; the other branch (browsers) is run here by hiding it.
async function withoutBuffer<T>(fn: () => Promise<T>): Promise<T> {
  const saved = globalThis.Buffer
  Reflect.deleteProperty(globalThis, 'Buffer')
  try {
    return await fn()
  } finally {
    globalThis.Buffer = saved
  }
}

const sample = (): Uint8Array => {
  // a view into a larger buffer, with bytes over 0x7f and a needle's first byte that does not start the needle
  const whole = new Uint8Array(20_000 + 64)
  for (let i = 0; i < whole.length; i++) whole[i] = (i * 37) % 256
  const view = whole.subarray(32, 32 + 20_000)
  view.set(new TextEncoder().encode('/Imag /Image eexec'), 18_000)
  return view
}

test('bytes: latin1 text and ASCII search agree with and without Buffer', async () => {
  const b = sample()
  const node = {
    text: latin1(b, 17_990, 18_020),
    all: latin1(b).length,
    at: indexOfText(b, '/Image'),
    ee: indexOfText(b, 'eexec', 100),
    none: indexOfText(b, 'zzzz-not-there'),
  }
  // the module read globalThis.Buffer when it loaded: a fresh copy of it loads without
  const url = new URL('../src/bytes.js', import.meta.url).href + '?no-buffer'
  const neutral = await withoutBuffer(async () => {
    const m = (await import(url)) as typeof import('../src/bytes.js')
    return {
      text: m.latin1(b, 17_990, 18_020),
      all: m.latin1(b).length,
      at: m.indexOfText(b, '/Image'),
      ee: m.indexOfText(b, 'eexec', 100),
      none: m.indexOfText(b, 'zzzz-not-there'),
    }
  })
  assert.deepEqual(neutral, node)
  assert.equal(node.all, 20_000)
  assert.equal(node.at, 18_006)
  assert.equal(node.ee, 18_013)
  assert.equal(node.none, -1)
  assert.equal(node.text.slice(10, 28), '/Imag /Image eexec')
})
