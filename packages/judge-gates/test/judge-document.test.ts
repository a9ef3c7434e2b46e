import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DocumentView, PageText } from '@pdftriage/core'
import gates, { samplePages } from '../src/index.js'
import { ENGLISH, FRENCH, garbleAscii, page } from './helpers.js'

const ctx = (pageCount: number) => ({ pageCount, info: { pageCount } })
const judge = await gates.create(gates.optionsSchema.parse({ mode: 'document' }), { baseDir: '.' })

/** A fake document whose page n is `make(n)`; records which pages were read. */
function doc(pageCount: number, make: (n: number) => PageText): DocumentView & { read: number[] } {
  const read: number[] = []
  return {
    pageCount,
    info: { pageCount },
    read,
    getPageText: async (n) => {
      read.push(n)
      return { ...make(n), pageNumber: n }
    },
  }
}
const healthy = () => page(`${FRENCH}\n${ENGLISH}`, { imageCoverage: 0 })
const scan = () => page([], { imageCoverage: 1 })

test('page mode has no document judge', async () => {
  const pageJudge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })
  assert.equal(typeof pageJudge.judgeDocument, 'undefined')
})

test('samples: the opening and a window around the middle', () => {
  assert.deepEqual(samplePages(424, { openingPages: 5, windowPages: 5, windowAt: 0.5 }), { opening: [1, 2, 3, 4, 5], window: [210, 211, 212, 213, 214] })
  assert.deepEqual(samplePages(8, { openingPages: 5, windowPages: 5, windowAt: 0.5 }), { opening: [1, 2, 3, 4, 5], window: [6, 7, 8] })
})

test('short documents fall back to page by page', async () => {
  const d = doc(7, healthy)
  assert.equal(await judge.judgeDocument!(d, ctx(7)), undefined)
  assert.deepEqual(d.read, [])
})

test('a healthy book is healthy, reading only the samples', async () => {
  const d = doc(424, healthy)
  const v = await judge.judgeDocument!(d, ctx(424))
  assert.deepEqual([v?.layer, v?.needsOcr], ['healthy', false])
  assert.equal(d.read.length, 10)
  assert.match(v!.notes[0]!, /document mode, 424 pages/)
  assert.match(v!.notes[2]!, /^window pages 210-214: \d+ characters/)
})

test('clean boilerplate in front of a damaged body: garbled (the 424-page commentary)', async () => {
  const d = doc(424, (n) => (n <= 14 ? healthy() : page(garbleAscii(`${FRENCH}\n${ENGLISH}`))))
  const v = await judge.judgeDocument!(d, ctx(424))
  assert.deepEqual([v?.layer, v?.needsOcr], ['garbled', true])
  assert.match(v!.notes.at(-1)!, /^garbled: window letters/)
})

test('a scanned book is absent', async () => {
  const v = await judge.judgeDocument!(doc(200, scan), ctx(200))
  assert.deepEqual([v?.layer, v?.needsOcr], ['absent', true])
})

test('a book of blank pages is blank', async () => {
  const v = await judge.judgeDocument!(
    doc(20, () => page([], { imageCoverage: 0 })),
    ctx(20),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['blank', false])
})

test('scans with folios only are sparse', async () => {
  const v = await judge.judgeDocument!(
    doc(50, (n) => page(`- ${n} -`, { imageCoverage: 1 })),
    ctx(50),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['sparse', true])
  assert.equal(v?.threshold, 200)
})

test('a scanned front matter before a body that reads: judged page by page', async () => {
  const v = await judge.judgeDocument!(
    doc(300, (n) => (n <= 6 ? scan() : healthy())),
    ctx(300),
  )
  assert.equal(v, undefined)
})

test('a born-digital opening before a scanned body: absent', async () => {
  const v = await judge.judgeDocument!(
    doc(300, (n) => (n <= 6 ? healthy() : scan())),
    ctx(300),
  )
  assert.deepEqual([v?.layer, v?.needsOcr], ['absent', true])
})

test('the samples are options', async () => {
  const j = await gates.create(gates.optionsSchema.parse({ mode: 'document', openingPages: 2, windowPages: 3, windowAt: 0.25 }), { baseDir: '.' })
  const d = doc(100, healthy)
  await j.judgeDocument!(d, ctx(100))
  assert.deepEqual(d.read, [1, 2, 24, 25, 26])
})
