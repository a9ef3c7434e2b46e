import assert from 'node:assert/strict'
import { join } from 'node:path'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { Session } from '../src/index.js'
import { folder } from './helpers.js'

test('triage of a born-digital healthy document starts no OCR worker (the engine is created, its workers only when a page needs one)', async (t) => {
  const dir = folder(t, { 'in/a.pdf': await fx.healthyPdf('fr') })
  const session = await Session.create({ mode: 'triage', cwd: dir })
  try {
    const records: unknown[] = []
    const outcome = await session.processFile(join(dir, 'in', 'a.pdf'), (r) => records.push(r))
    assert.equal(outcome.status, 'done')
    const ocr = session.components.ocr as unknown as { pool?: { alive: number } } | undefined
    assert.ok(ocr?.pool, 'the default configuration has an OCR engine')
    assert.equal(ocr.pool.alive, 0)
  } finally {
    await session.close()
  }
})
