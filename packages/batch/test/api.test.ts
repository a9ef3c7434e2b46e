import assert from 'node:assert/strict'
import { test } from 'node:test'

// The public API, pinned: the CLI, the distributed worker and other front ends build on it.
test('the public API of @pdftriage/batch', async () => {
  assert.deepEqual(Object.keys(await import('../src/index.js')).sort(), [
    'BATCH_DIR', 'DOCUMENT_COLUMNS', 'IndexStore', 'Session', 'batchDigest', 'csvField', 'csvLine', 'defaultJobs',
    'documentRecord', 'emptyRow', 'errorRecord', 'expandInputs', 'globToRegExp', 'missingError', 'outcomeRow', 'outputKey', 'outputStem', 'pageRecord', 'pageRow', 'parseCsv',
    'processFiles', 'runBatch', 'safeJoin', 'withModelJudge', 'writeAtomic', 'writeDocumentOutputs',
  ])
})
