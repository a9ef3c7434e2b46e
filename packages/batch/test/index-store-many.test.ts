import assert from 'node:assert/strict'
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { IndexStore } from '../src/index.js'
import { folder, page, row } from './helpers.js'

const items = [
  { row: row('a.pdf', 'h1'), pageLines: [page('a.pdf', 'h1', 1), page('a.pdf', 'h1', 2)] },
  { row: { ...row('b.pdf', ''), status: 'failed' }, pageLines: [] },
  { row: row('c.pdf', 'h3'), pageLines: [page('c.pdf', 'h3', 1)] },
]

test('appendMany writes what appending one by one writes', (t) => {
  const one = folder(t)
  const many = folder(t)
  const a = new IndexStore(one)
  a.open()
  a.append(row('z.pdf', 'h0'), [page('z.pdf', 'h0', 1)])
  for (const it of items) a.append(it.row, it.pageLines)
  const b = new IndexStore(many)
  b.open()
  b.appendMany([{ row: row('z.pdf', 'h0'), pageLines: [page('z.pdf', 'h0', 1)] }])
  b.appendMany(items)
  for (const f of ['documents.csv', 'pages.jsonl']) assert.equal(readFileSync(join(many, f), 'utf8'), readFileSync(join(one, f), 'utf8'), f)
  assert.equal(b.latest('c.pdf')?.pages_end, a.latest('c.pdf')?.pages_end)
})

test('appendMany killed between page rows and document rows: open drops the page rows, the earlier rows stay', (t) => {
  const out = folder(t)
  const a = new IndexStore(out)
  a.open()
  a.appendMany(items.slice(0, 1))
  const before = readFileSync(join(out, 'pages.jsonl'), 'utf8')
  appendFileSync(join(out, 'pages.jsonl'), page('c.pdf', 'h3', 1)) // the page rows of the next group, then the kill
  const b = new IndexStore(out)
  assert.equal(b.open().length, 1)
  assert.equal(readFileSync(join(out, 'pages.jsonl'), 'utf8'), before)
  assert.equal(b.latest('a.pdf')?.hash, 'h1')
  assert.equal(b.latest('c.pdf'), undefined)
})
