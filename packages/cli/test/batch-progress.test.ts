import assert from 'node:assert/strict'
import { test } from 'node:test'
import { emptyRow, emptySummary, type DocumentRow } from '@pdftriage/batch'
import { BatchProgress, batchExitCode, summaryLine } from '../src/batch-progress.js'

const row = (path: string, fields: Partial<DocumentRow>): DocumentRow => ({ ...emptyRow(path, 'digest'), pages_end: '0', ...fields })

test('a local and a queued batch are told alike; a queued one counts pages with their document', () => {
  const said = (pagesWithDocument: boolean) => {
    const lines: string[] = []
    const p = new BatchProgress({ log: (s) => lines.push(s), pagesWithDocument })
    p.on({ type: 'resumed', message: 'removed 1 temporary file(s)' })
    p.on({ type: 'planned', inputs: 2, todo: 2 })
    const done = row('a.pdf', { status: 'done', pages: '3', pages_ocred: '1', seconds: '0.5', error_code: 'OCR_FAILED', error_message: 'page 2' })
    p.on({ type: 'document-done', file: 'a.pdf', row: done, files: {} })
    p.on({ type: 'failed', file: 'b.pdf', code: 'PDF_INVALID', message: 'not a PDF', row: row('b.pdf', { status: 'failed' }) })
    p.done()
    return { lines, pages: p.progress?.pages, finished: p.finished, inputs: p.inputs }
  }
  const local = said(false)
  const queued = said(true)
  assert.deepEqual(local.lines, [
    'resumed: removed 1 temporary file(s)',
    'note: a.pdf: page 2',
    'done: a.pdf: 3 page(s), 1 OCRed, 0.5 s',
    'failed: b.pdf: PDF_INVALID: not a PDF',
  ])
  assert.deepEqual(queued.lines, local.lines)
  assert.equal(local.pages, 0) // a local run's pages come as page-done events
  assert.equal(queued.pages, 3)
  assert.equal(queued.finished, 1)
  assert.equal(queued.inputs, 2)
})

test('the summary line names failed pages, poorly read OCR and pages turned or straightened only when there are some', () => {
  const s = { ...emptySummary('/out'), done: 2, seconds: 1.25 }
  assert.equal(summaryLine(s), 'documents: 2 done, 0 failed, 0 duplicate, 0 unchanged; pages: 0 kept, 0 repaired, 0 OCRed; 1.3 s -> /out')
  s.pages = { kept: 1, repaired: 0, ocr: 2, failed: 1, poorOcr: 1, turned: 0, straightened: 0 }
  assert.match(summaryLine(s), /pages: 1 kept, 0 repaired, 2 OCRed \(1 read poorly: ocrQuality "poor" in pages\.jsonl\), 1 failed; 1\.3 s/)
  s.pages = { ...s.pages, turned: 2, straightened: 1 }
  assert.match(summaryLine(s), /1 failed; searchable PDFs: 2 page\(s\) turned upright, 1 straightened \(turned, straightened in pages\.jsonl\); 1\.3 s/)
})

test('run and run --queue exit 1 for a failed document, one failed earlier, or a failed page', () => {
  const s = { ...emptySummary('/out'), done: 2 }
  assert.equal(batchExitCode(s), 0)
  assert.equal(batchExitCode({ ...s, failed: 1 }), 1)
  assert.equal(batchExitCode({ ...s, stillFailed: 1 }), 1)
  assert.equal(batchExitCode({ ...s, pages: { ...s.pages, failed: 1 } }), 1)
})
