import assert from 'node:assert/strict'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

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
