import assert from 'node:assert/strict'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

describe('limits and the output folder, from the command line', () => {
  it('triage with one job: a page over --page-timeout is an error record naming the option, and the next file goes on', async (t) => {
    const dir = folder({ 'a-fanout.pdf': fx.formFanoutPdf(4, 100), 'b-good.pdf': await fx.healthyPdf('fr') })
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const r = await cli(['triage', '--jobs', '1', '--page-timeout', '3', '.'], dir)
    assert.equal(r.code, 1)
    assert.deepEqual(
      r.records.map((x) => x.type),
      ['error', 'page', 'document'],
    )
    assert.equal(r.records[0]!.code, 'PAGE_TIMEOUT')
    assert.match(String(r.records[0]!.message), /--page-timeout/)
    assert.equal(r.records[2]!.file, 'b-good.pdf')
  })
  it('run exits with 2 and names the holder when another run holds the output folder', async (t) => {
    const dir = folder({ 'a.pdf': await fx.healthyPdf('fr') })
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    mkdirSync(join(dir, 'out'))
    // this very process holds it: alive, on this host
    writeFileSync(join(dir, 'out', '.pdftriage.lock'), `${process.pid} ${hostname()} 2026-01-01T00:00:00.000Z\n`)
    const r = await cli(['run', '--out', 'out', 'a.pdf'], dir)
    assert.equal(r.code, 2)
    assert.match(r.stderr.join('\n'), new RegExp(`in use by another run \\(process ${process.pid} `))
  })
})
