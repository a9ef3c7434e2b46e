import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

// A judge plugin that throws on every page. Its options schema is the smallest thing createComponent accepts, so that
// the file needs no import resolved from a temporary folder.
const BOOM_JUDGE = `export default {
  kind: 'judge', name: 'boom',
  optionsSchema: { safeParse: (o) => ({ success: true, data: o }) },
  create: () => ({ name: 'boom', judge() { throw new Error('the judge broke') } }),
}`

describe('a judge that throws', () => {
  let dir: string
  before(async () => {
    dir = folder({
      'a.pdf': await fx.healthyPdf('en'),
      'boom-judge.mjs': BOOM_JUDGE,
      'config.json': JSON.stringify({ judges: ['./boom-judge.mjs'], ocr: null, postprocess: [] }),
    })
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('fails the page in triage, naming the judge, and the exit code says so', async () => {
    const r = await cli(['triage', '--config', 'config.json', '--jobs', '1', 'a.pdf'], dir)
    const page = r.records.find((x) => x.type === 'page')
    assert.equal(page?.action, 'failed')
    assert.deepEqual(page?.error, { code: 'PLUGIN_FAILED', message: '[boom] judge page 1: the judge broke' })
    assert.equal(r.code, 1)
  })

  it('fails the page in a run: the summary line counts it and the exit code is 1', async () => {
    const r = await cli(['run', '--config', 'config.json', '--jobs', '1', '--out', 'out', 'a.pdf'], dir)
    assert.match(r.stderr.join('\n'), /pages: 0 kept, 0 repaired, 0 OCRed, 1 failed/)
    assert.equal(r.code, 1)
  })
})
