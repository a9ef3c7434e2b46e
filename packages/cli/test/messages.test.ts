import assert from 'node:assert/strict'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { cli, folder } from './helpers.js'

test('--out naming an existing file is a usage error, with no stack trace', async (t) => {
  const dir = folder({ 'afile.txt': 'x' })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const r = await cli(['run', '-o', 'afile.txt', '.'], dir)
  assert.equal(r.code, 2)
  assert.deepEqual(r.stderr, ['pdftriage: --out `afile.txt` is a file: give a folder (it is created when missing)'])
})

test('a folder with no PDF says so; a missing path is named on stderr', async (t) => {
  const dir = folder()
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'empty'))
  const r = await cli(['run', '-o', 'out', 'empty'], dir)
  assert.equal(r.code, 0)
  assert.ok(r.stderr.includes('no PDF found in `empty` (folders are searched recursively for *.pdf)'), r.stderr.join('\n'))
  const m = await cli(['run', '-q', '-o', 'out', 'nothere.pdf'], dir)
  assert.equal(m.code, 1)
  assert.match(m.stderr.join('\n'), /failed: nothere\.pdf: FILE_UNREADABLE: .*no such file/)
})

test('a rerun under another configuration says what it would redo and needs --redo', async (t) => {
  const fx = await import('@pdftriage/fixtures')
  const dir = folder({ 'a.pdf': await fx.healthyPdf('en') })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  assert.equal((await cli(['run', '-q', '--policy', 'extract', '-o', 'out', 'a.pdf'], dir)).code, 0)
  const again = await cli(['run', '-q', '-o', 'out', '--pdf', '--policy', 'extract', 'a.pdf'], dir)
  assert.equal(again.code, 2)
  assert.match(again.stderr.join('\n'), /1 document\(s\) in out were done with another configuration .*: a\.pdf\. Running again would redo them .*pass --redo/)
  const redo = await cli(['run', '-q', '-o', 'out', '--pdf', '--policy', 'extract', '--redo', 'a.pdf'], dir)
  assert.equal(redo.code, 0, redo.stderr.join('\n'))
})
