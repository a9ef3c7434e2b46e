import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'
import { isTriageError } from '@pdftriage/core'
import { createTesseractEngine, installedLanguages } from '../src/index.js'
import { drawPage } from './draw.js'

test('a missing language is refused before any worker starts, naming the data packages installed', () => {
  assert.throws(
    () => createTesseractEngine({ languages: ['fra', 'xyz'] }),
    (e) =>
      isTriageError(e, 'OCR_LANGUAGE_MISSING') &&
      e.plugin === 'tesseract' &&
      e.message.includes('`xyz`') &&
      // the packages that exist, not an install of `@tesseract.js-data/xyz`, which does not
      e.message.includes('@tesseract.js-data/eng, @tesseract.js-data/fra') &&
      !e.message.includes('tesseract.js-data/xyz') &&
      !e.message.includes('\n'),
  )
})

test('a missing language passed to recognize is refused too', async () => {
  const engine = createTesseractEngine({ workers: 1 })
  try {
    const img = await drawPage([], 100, 100, 300)
    await assert.rejects(engine.recognize(img, { languages: ['deu'] }), (e) => isTriageError(e, 'OCR_LANGUAGE_MISSING'))
    assert.equal((engine as unknown as { pool: { alive: number } }).pool.alive, 0)
  } finally {
    await engine.close()
  }
})

test('lists the installed languages', () => {
  const have = installedLanguages()
  assert.ok(have.includes('fra') && have.includes('eng'), have.join())
})

test('a page over its time limit is retried once on a fresh worker, then fails with OCR_TIMEOUT', async () => {
  const engine = createTesseractEngine({ workers: 1, pageTimeoutMs: 1 })
  try {
    const img = await drawPage([{ text: 'Délai dépassé', x: 50, y: 100, size: 50 }], 800, 200, 300, 4)
    await assert.rejects(engine.recognize(img), (e) => isTriageError(e, 'OCR_TIMEOUT') && e.page === 4 && /2 attempts/.test(e.message))
    // the timed-out workers were terminated and dropped
    assert.equal((engine as unknown as { pool: { alive: number } }).pool.alive, 0)
  } finally {
    await engine.close()
  }
})

test('the pool keeps working after a timeout', async () => {
  const engine = createTesseractEngine({ workers: 1, pageTimeoutMs: 1 })
  const img = await drawPage([{ text: 'Bonjour', x: 50, y: 100, size: 50 }], 600, 200, 300)
  try {
    await assert.rejects(engine.recognize(img), (e) => isTriageError(e, 'OCR_TIMEOUT'))
    ;(engine as unknown as { options: { pageTimeoutMs: number } }).options.pageTimeoutMs = 60_000
    const page = await engine.recognize(img)
    assert.match(page.text, /Bonjour/)
  } finally {
    await engine.close()
  }
})

test('a recognize after close fails with OCR_FAILED', async () => {
  const engine = createTesseractEngine({ workers: 1 })
  await engine.close()
  await assert.rejects(engine.recognize(await drawPage([], 50, 50, 300)), (e) => isTriageError(e, 'OCR_FAILED'))
})

test('close() lets the process exit', () => {
  const child = fileURLToPath(new URL('./fixtures/recognize-and-close.js', import.meta.url))
  // a watchdog, not a timing assertion: without close() the child never exits
  const r = spawnSync(process.execPath, [child], { encoding: 'utf8', timeout: 60_000 })
  assert.equal(r.signal, null, `child killed by ${r.signal}: did not exit after close()`)
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /Bonjour/)
})

test('a worker that is not ready within createTimeoutMs fails the page with OCR_FAILED and does not linger', async () => {
  const engine = createTesseractEngine({ workers: 1, createTimeoutMs: 1 })
  try {
    const img = await drawPage([], 100, 100, 300, 2)
    await assert.rejects(engine.recognize(img), (e) => isTriageError(e, 'OCR_FAILED') && e.page === 2 && /not ready after 1 ms/.test(e.message))
  } finally {
    await engine.close()
  }
  // the late workers are terminated when they become ready; node:test would otherwise wait for them to exit
})

test('a worker thread that dies mid-page is replaced and the page retried', async () => {
  const engine = createTesseractEngine({ workers: 1 })
  type Recognize = (...args: unknown[]) => Promise<unknown>
  const pool = (engine as unknown as { pool: { slots: Array<{ worker: { recognize: Recognize; worker: { terminate(): Promise<number> } } }> } }).pool
  try {
    const img = await drawPage([{ text: 'Reprise après incident', x: 50, y: 100, size: 50 }], 900, 200, 300)
    await engine.recognize(img) // start the worker
    const first = pool.slots[0]!.worker
    // Wait for the page to reach the worker (its recognize call), not for a guessed delay.
    const recognize = first.recognize
    const reached = new Promise<void>((resolve) => {
      first.recognize = (...args) => {
        resolve()
        return recognize(...args)
      }
    })
    const running = engine.recognize(img)
    await reached
    await first.worker.terminate() // kill the thread under the page, as a wasm abort or an OOM would
    const page = await running
    assert.match(page.text, /Reprise après incident/)
    assert.notEqual(pool.slots[0]!.worker, first)
  } finally {
    await engine.close()
  }
})

test('an aborted signal stops the page with ABORTED', async () => {
  const engine = createTesseractEngine({ workers: 1 })
  try {
    const ac = new AbortController()
    ac.abort()
    await assert.rejects(engine.recognize(await drawPage([], 100, 100, 300), { signal: ac.signal }), (e) => isTriageError(e, 'ABORTED'))
  } finally {
    await engine.close()
  }
})

test('an idle worker is ended (idleWorkerMs 0: at once) and the next page starts another that reads alike', async () => {
  const engine = createTesseractEngine({ workers: 1, idleWorkerMs: 0, languagePick: false })
  const pool = (engine as unknown as { pool: { alive: number } }).pool
  try {
    const img = await drawPage([{ text: 'Bonjour le monde', x: 50, y: 100, size: 50 }], 800, 200, 300)
    const first = await engine.recognize(img)
    assert.equal(pool.alive, 0)
    const again = await engine.recognize(img)
    assert.equal(pool.alive, 0)
    assert.match(first.text, /Bonjour/)
    assert.deepEqual(again, first)
  } finally {
    await engine.close()
  }
})

test('with idleWorkerMs null, a worker stays for the next page until close', async () => {
  const engine = createTesseractEngine({ workers: 1, idleWorkerMs: null, languagePick: false })
  const pool = (engine as unknown as { pool: { alive: number } }).pool
  try {
    await engine.recognize(await drawPage([{ text: 'Bonjour', x: 50, y: 100, size: 50 }], 600, 200, 300))
    assert.equal(pool.alive, 1)
  } finally {
    await engine.close()
  }
  assert.equal(pool.alive, 0)
})
