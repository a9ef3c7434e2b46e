import assert from 'node:assert/strict'
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { IndexStore } from '../src/index.js'
import { folder, page, row } from './helpers.js'

test('open cuts what a killed run left: a torn row, page rows of a document that did not finish', (t) => {
  const out = folder(t)
  const a = new IndexStore(out)
  a.open()
  a.append(row('a.pdf', 'h1'), [page('a.pdf', 'h1', 1), page('a.pdf', 'h1', 2)])
  const pagesBefore = readFileSync(join(out, 'pages.jsonl'), 'utf8')
  // Killed while writing the next document: two of its page rows in, the last one torn, its document row torn too.
  appendFileSync(join(out, 'pages.jsonl'), `${page('b.pdf', 'h2', 1)}{"file":"b.pdf","ha`)
  appendFileSync(join(out, 'documents.csv'), 'b.pdf,h2,1,do')
  const b = new IndexStore(out)
  const fixes = b.open()
  assert.equal(fixes.length, 3, fixes.join('\n'))
  assert.equal(readFileSync(join(out, 'pages.jsonl'), 'utf8'), pagesBefore)
  assert.equal(b.latest('a.pdf')?.hash, 'h1')
  assert.equal(b.latest('b.pdf'), undefined)
  assert.equal(b.doneByHash('h1', 'c1')?.path, 'a.pdf')
  assert.equal(b.doneByHash('h1', 'c2'), undefined, 'another configuration is not the same work')
})

test('compact keeps the newest row per path and its page rows only', async (t) => {
  const out = folder(t)
  const s = new IndexStore(out)
  s.open()
  s.append(row('a.pdf', 'h1'), [page('a.pdf', 'h1', 1)])
  s.append(row('b.pdf', 'h2'), [page('b.pdf', 'h2', 1)])
  s.append(row('a.pdf', 'h3'), [page('a.pdf', 'h3', 1), page('a.pdf', 'h3', 2)])
  assert.equal(await s.compact(), true)
  assert.equal(await s.compact(), false, 'nothing superseded: nothing rewritten')
  const reopened = new IndexStore(out)
  assert.deepEqual(reopened.open(), [])
  assert.equal(reopened.latest('a.pdf')?.hash, 'h3')
  const pages = readFileSync(join(out, 'pages.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { file: string; hash: string })
  assert.deepEqual(
    pages.map((p) => `${p.file}:${p.hash}`),
    ['b.pdf:h2', 'a.pdf:h3', 'a.pdf:h3'],
  )
})

test('lookups follow appends, failed rows and compaction', async (t) => {
  const out = folder(t)
  const s = new IndexStore(out)
  s.open()
  s.append({ ...row('a.pdf', 'h1'), status: 'failed' }, [])
  assert.equal(s.doneByHash('h1', 'c1'), undefined, 'a failed row is no finished work to point duplicates at')
  s.appendMany([
    { row: row('b.pdf', 'h1'), pageLines: [page('b.pdf', 'h1', 1)] },
    { row: row('c.pdf', 'h1'), pageLines: [page('c.pdf', 'h1', 1)] },
  ])
  assert.equal(s.doneByHash('h1', 'c1')?.path, 'b.pdf', 'the first done row is the original')
  assert.equal(s.latest('a.pdf')?.status, 'failed')
  s.append(row('a.pdf', 'h2'), [page('a.pdf', 'h2', 1)])
  assert.equal(s.latest('a.pdf')?.hash, 'h2', 'the newest row of a path wins')
  s.append(row('b.pdf', 'h3'), [page('b.pdf', 'h3', 1)])
  assert.equal(await s.compact(), true)
  assert.equal(s.doneByHash('h1', 'c1')?.path, 'c.pdf', 'b.pdf now holds other content: c.pdf is the original')
  assert.equal(s.latest('b.pdf')?.hash, 'h3')
  const reopened = new IndexStore(out)
  reopened.open()
  assert.equal(reopened.doneByHash('h1', 'c1')?.path, 'c.pdf')
  assert.equal(reopened.latest('a.pdf')?.hash, 'h2')
})
