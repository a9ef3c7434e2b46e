import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { runBatch, type BatchEvent } from '../src/index.js'
import { EXTRACT_ONLY, folder, readIndex } from './helpers.js'

test('an input locked by an owner password only: text and report written, the searchable PDF skipped and said', async (t) => {
  const dir = folder(t, { 'config.json': JSON.stringify(EXTRACT_ONLY), 'in/locked.pdf': fx.ownerPasswordPdf('Readable by anyone') })
  const events: BatchEvent[] = []
  const summary = await runBatch({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', jobs: 1, pdf: true }, (e) => events.push(e))
  assert.equal(summary.done, 1)
  assert.equal(summary.failed, 0)
  const [row] = readIndex(join(dir, 'out')).docs
  assert.equal(row!.status, 'done')
  assert.equal(row!.pdf, '')
  assert.equal(row!.error_code, 'PDF_ENCRYPTED')
  assert.match(row!.error_message!, /write-pdf skipped: .*decrypt it first/)
  assert.match(readFileSync(join(dir, 'out', row!.text!), 'utf8'), /Readable by anyone/)
  assert.ok(existsSync(join(dir, 'out', row!.report!)))
  assert.ok(events.some((e) => e.type === 'document-done'))
})

test('an input the extractor reads through damage the PDF writer cannot: text and report written, the searchable PDF skipped and said', async (t) => {
  // a page tree that lists itself among its kids: pdf.js reads its page, pdf-lib recurses without end
  const dir = folder(t, { 'config.json': JSON.stringify(EXTRACT_ONLY), 'in/tree.pdf': fx.pageTreeCyclePdf() })
  const summary = await runBatch({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', jobs: 1, pdf: true })
  assert.deepEqual([summary.done, summary.failed], [1, 0])
  const [row] = readIndex(join(dir, 'out')).docs
  assert.equal(row!.status, 'done')
  assert.equal(row!.pdf, '')
  // the page that the cycle breaks failed: its code comes first, the writer's skip follows in the message
  assert.equal(row!.error_code, 'PAGE_FAILED')
  assert.match(row!.error_message!, /^1 page\(s\) failed, their layer kept \(\d+\): .*; write-pdf skipped: .*pdf-lib cannot rewrite the input .*repair it/)
  assert.ok(readFileSync(join(dir, 'out', row!.text!), 'utf8').trim().length > 0)
})
