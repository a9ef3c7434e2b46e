import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { csvLine, DOCUMENT_COLUMNS, IndexStore, parseCsv } from '../src/index.js'
import { folder, row } from './helpers.js'

test('csvLine and parseCsv round-trip quotes, separators, newlines and formula-like cells', () => {
  const cells = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\ronly', '=1+1', '+1', '-2', '@SUM(A1)', '\tx', "'quoted", "''twice", '\uFF1Dfull', '', 'é 😀']
  const line = csvLine(cells)
  assert.ok(line.endsWith('\n'))
  assert.deepEqual(parseCsv(line), [cells])
  assert.deepEqual(parseCsv(line + line), [cells, cells], 'rows follow one another')
  // what a spreadsheet sees: every formula-like cell starts with the quote
  for (const c of ['=1+1', '+1', '-2', '@SUM(A1)', '\uFF1Dfull']) assert.ok(line.includes(`,'${c}`), c)
  assert.equal(csvLine([null, undefined, 3, true]), ',,3,true\n')
})

test('parseCsv reads rows of other lengths and a last line without its newline', () => {
  assert.deepEqual(parseCsv('a,b,c\n1,2\nx,"y\nz",w'), [
    ['a', 'b', 'c'],
    ['1', '2'],
    ['x', 'y\nz', 'w'],
  ])
})

test('the index round-trips every column through documents.csv, names with newlines, % and formulas included', (t) => {
  const out = folder(t)
  const odd = 'dir/=cmd|\n100%\udce9.pdf'
  const full = {
    ...row(odd, 'h1'),
    text: 'documents/h1.txt',
    clean: 'documents/h1.clean.txt',
    mirror_name: 'dir/=cmd|\n100%\udce9',
    mirror_text: 'text/dir/=cmd|\n100%\udce9.txt',
    mirror_collision: 'other/+x.pdf',
    producer: '=HYPERLINK("http://x";"y")',
    error_message: 'line one\nline two',
    outputs: JSON.stringify({ text: 'documents/h1.txt', clean: 'documents/h1.clean.txt' }),
  }
  const a = new IndexStore(out)
  a.open()
  a.append(full, [])
  a.appendMany([{ row: { ...full, path: `${odd}2` }, pageLines: [] }])
  const text = readFileSync(join(out, 'documents.csv'), 'utf8')
  assert.equal(text.split('\n').length, 4, 'a header and one line per row: no newline inside a row')
  const b = new IndexStore(out)
  b.open()
  for (const p of [odd, `${odd}2`]) {
    const got = b.latest(p)!
    for (const c of DOCUMENT_COLUMNS) {
      if (c === 'path' || c === 'pages_end') continue
      const want = c === 'error_message' ? 'line one line two' : full[c]
      assert.equal(got[c], want, c)
    }
  }
})
