import assert from 'node:assert/strict'
import { readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

test('run --report writes a review page of the run it just did, with a picture of every page', async (t) => {
  const dir = folder({ 'a.pdf': await fx.healthyPdf('fr'), 'b.pdf': await fx.reflectedPdf(), 'c.pdf': fx.notPdf() })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const r = await cli(['run', '--policy', 'extract', '--report', '--out', 'out', 'a.pdf', 'b.pdf', 'c.pdf'], dir)
  assert.equal(r.code, 1, 'c.pdf fails, the others are done')
  const html = readFileSync(join(dir, 'out', 'report.html'), 'utf8')
  const data = JSON.parse(/<script id="pdftriage-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as {
    pages: Array<{ action: string; thumb?: string }>
    docs: Array<{ file: string; status: string }>
  }
  assert.deepEqual(
    data.docs.map((d) => [d.file, d.status]),
    [
      ['a.pdf', 'done'],
      ['b.pdf', 'done'],
      ['c.pdf', 'failed'],
    ],
  )
  assert.deepEqual(data.pages.map((p) => p.action).sort(), ['kept', 'repaired'])
  assert.ok(data.pages.every((p) => p.thumb))
  assert.equal(readdirSync(join(dir, 'out', 'report', 'img')).length, 4)
  assert.ok(
    r.stderr.some((l) => /^report: 3 documents, 2 pages, 2 pictures/.test(l)),
    r.stderr.join('\n'),
  )
})

test('report names a folder that holds no run', async (t) => {
  const dir = folder()
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const r = await cli(['report', '.'], dir)
  assert.equal(r.code, 2)
  assert.match(r.stderr.join('\n'), /holds no documents\.csv/)
})
