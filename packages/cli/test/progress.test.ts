import assert from 'node:assert/strict'
import { mock, test } from 'node:test'
import { Progress, duration } from '../src/progress.js'

test('durations round whole seconds first: never 1m60s', () => {
  assert.equal(duration(59.4), '59s')
  assert.equal(duration(119.6), '2m00s')
  assert.equal(duration(3599.7), '1h00m')
  assert.equal(duration(3725), '1h02m')
})

test('the bar is drawn from the start and its clock ticks every second without events', () => {
  mock.timers.enable({ apis: ['setInterval', 'Date'], now: 0 })
  try {
    const out: string[] = []
    const p = new Progress(4, { bar: true, write: (s) => out.push(s), columns: () => 120 })
    assert.equal(out.length, 1, 'drawn at once')
    assert.match(out[0]!, /0\/4 docs, 0 pages, 0 OCRed, 0s/)
    mock.timers.tick(1000)
    mock.timers.tick(1000)
    assert.match(out.at(-1)!, /, 2s\x1b\[K$/)
    p.done()
    const n = out.length
    mock.timers.tick(5000)
    assert.equal(out.length, n + 0, 'the clock stops with the bar')
  } finally {
    mock.timers.reset()
  }
})

test('ETA comes from pages: a long document in flight counts for the pages it still has', () => {
  mock.timers.enable({ apis: ['setInterval', 'Date'], now: 0 })
  try {
    const p = new Progress(3, { bar: true, write: () => {}, columns: () => 120 })
    assert.equal(p.eta(), undefined, 'no estimate before a document ends')
    for (let i = 0; i < 10; i++) p.page('a.pdf', 'kept')
    mock.timers.tick(10_000)
    p.document('a.pdf', 'a.pdf done')
    // 10 pages in 10 s, documents of 10 pages: 2 documents to go, 20 pages, 20 s.
    assert.equal(Math.round(p.eta()!), 20)
    for (let i = 0; i < 5; i++) p.page('b.pdf', 'ocr')
    mock.timers.tick(5000)
    // 15 pages in 15 s; b.pdf has 5 of its expected 10 to go, c.pdf 10.
    assert.equal(Math.round(p.eta()!), 15)
    assert.match(p.line(), /1\/3 docs, 15 pages, 5 OCRed, 15s eta 15s/)
    p.done()
  } finally {
    mock.timers.reset()
  }
})

test('errors go on a line of their own above the bar, and an interrupt finishes the line', () => {
  mock.timers.enable({ apis: ['setInterval', 'Date'], now: 0 })
  try {
    const out: string[] = []
    const p = new Progress(2, { bar: true, write: (s) => out.push(s), columns: () => 120 })
    p.message('failed: b.pdf: PDF_INVALID: not a PDF')
    assert.deepEqual(out.slice(1, 3), ['\r\x1b[K', 'failed: b.pdf: PDF_INVALID: not a PDF\n'])
    assert.match(out[3]!, /^\r\[/, 'the bar is drawn again under the message')
    p.interrupt('interrupted: 0 documents done are kept; run the same command again to go on')
    assert.deepEqual(out.slice(-2), ['\n', 'interrupted: 0 documents done are kept; run the same command again to go on\n'])
  } finally {
    mock.timers.reset()
  }
})

test('without a terminal: one line per finished document, none with lines off', () => {
  const out: string[] = []
  const p = new Progress(2, { bar: false, write: (s) => out.push(s) })
  p.page('a.pdf', 'kept')
  p.document('a.pdf', 'done: a.pdf: 1 page, 0 OCRed, 0.1 s')
  p.document('b.pdf', 'failed: b.pdf: PDF_INVALID', true)
  p.done()
  assert.deepEqual(out, ['done: a.pdf: 1 page, 0 OCRed, 0.1 s\n', 'failed: b.pdf: PDF_INVALID\n'])
  const quiet: string[] = []
  const q = new Progress(2, { bar: false, lines: false, write: (s) => quiet.push(s) })
  q.document('a.pdf', 'done: a.pdf')
  q.document('b.pdf', 'failed: b.pdf: PDF_INVALID', true)
  assert.deepEqual(quiet, ['failed: b.pdf: PDF_INVALID\n'], 'failures are said even when quiet')
})
