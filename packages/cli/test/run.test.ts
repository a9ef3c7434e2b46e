import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder, readIndex } from './helpers.js'

// The batch itself (index, resume, dedupe, atomic outputs) is tested in @pdftriage/batch; here, what the command adds:
// the summary line, the notices and the exit codes.
test('pdftriage run: summary line, failures on stderr, exit 1 while an input stays failed', async (t) => {
  const dir = folder({ 'config.json': JSON.stringify({ postprocess: [] }) })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'in'))
  writeFileSync(join(dir, 'in', 'a.pdf'), await fx.longPdf(2))
  writeFileSync(join(dir, 'in', 'copy.pdf'), await fx.longPdf(2))
  writeFileSync(join(dir, 'in', 'bad.pdf'), fx.notPdf())
  const args = ['run', '--config', 'config.json', '--policy', 'extract', '--jobs', '1', '--out', 'out', 'in']

  const first = await cli(args, dir)
  assert.equal(first.code, 1, 'bad.pdf failed')
  assert.match(first.stderr.join('\n'), /^failed: in.bad\.pdf: PDF_INVALID: /m)
  assert.match(first.stderr.at(-1)!, /^documents: 1 done, 1 failed, 1 duplicate, 0 unchanged; pages: 2 kept, 0 repaired, 0 OCRed; [\d.]+ s -> /)

  const again = await cli(args, dir)
  assert.equal(again.code, 1, 'still failed, though not tried again')
  assert.match(again.stderr.join('\n'), /documents: 0 done, 0 failed, 0 duplicate, 3 unchanged/)
  assert.match(again.stderr.at(-1)!, /1 unchanged file\(s\) failed in an earlier run: --redo-failed tries them again/)

  rmSync(join(dir, 'in', 'bad.pdf'))
  const fixed = await cli(args, dir)
  assert.equal(fixed.code, 0, 'a path no longer given is not an error')
  assert.equal((await cli([...args, 'missing.pdf'], dir)).code, 1, 'a missing path is')
})

test('pdftriage run --names mirror: the inputs named below the folders given, a collision warned', async (t) => {
  const dir = folder({ 'config.json': JSON.stringify({ policy: 'extract' }) })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'one', 'sub'), { recursive: true })
  mkdirSync(join(dir, 'two', 'sub'), { recursive: true })
  writeFileSync(join(dir, 'one', 'sub', 'foo.pdf'), await fx.healthyPdf('en'))
  writeFileSync(join(dir, 'two', 'sub', 'foo.pdf'), await fx.longPdf(2))
  const bad = await cli(['run', '--names', 'tree', '--out', 'out', 'one'], dir)
  assert.equal(bad.code, 2)
  assert.match(bad.stderr.join('\n'), /Expected --names to be hash or mirror, not `tree`/)
  const r = await cli(['run', '--config', 'config.json', '--jobs', '1', '--names', 'mirror', '--out', 'out', 'one', 'two'], dir)
  assert.equal(r.code, 0)
  assert.match(r.stderr.join('\n'), /^warning: two.sub.foo\.pdf: its mirrored name sub\/foo is one.sub.foo\.pdf's/m)
  const docs = readIndex(join(dir, 'out')).docs
  const one = docs.find((d) => d.path === join('one', 'sub', 'foo.pdf'))!
  assert.equal(one.mirror_text, 'text/sub/foo.txt')
  assert.equal(readFileSync(join(dir, 'out', 'text', 'sub', 'foo.txt'), 'utf8'), readFileSync(join(dir, 'out', one.clean!), 'utf8'))
  assert.equal(docs.find((d) => d.path === join('two', 'sub', 'foo.pdf'))!.mirror_collision, join('one', 'sub', 'foo.pdf'))
})
