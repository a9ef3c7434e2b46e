import assert from 'node:assert/strict'
import { test } from 'node:test'

// The public API, pinned: the CLI, the distributed worker and other front ends build on it.
test('the public API of @pdftriage/batch', async () => {
  assert.deepEqual(Object.keys(await import('../src/index.js')).sort(), [
    'BATCH_DIR', 'DOCUMENT_COLUMNS', 'IndexStore', 'Session', 'csvField', 'csvLine', 'defaultJobs', 'documentRecord',
    'errorRecord', 'expandInputs', 'globToRegExp', 'missingError', 'outputKey', 'pageRecord', 'pagesText', 'parseCsv',
    'pdfType', 'processFiles', 'runBatch', 'safeJoin', 'withModelJudge', 'writeAtomic',
  ])
})
