import assert from 'node:assert/strict'
import { test } from 'node:test'

// The public API, pinned: the CLI, the distributed worker and other front ends build on it.
test('the public API of @pdftriage/batch', async () => {
  assert.deepEqual(Object.keys(await import('../src/index.js')).sort(), [
    'BATCH_DIR',
    'DEFAULT_LIMITS',
    'DOCUMENT_COLUMNS',
    'IndexStore',
    'LOCK_FILE',
    'MODEL_JUDGE',
    'Session',
    'batchDigest',
    'countDone',
    'csvField',
    'csvLine',
    'defaultJobs',
    'documentRecord',
    'emptyRow',
    'emptySummary',
    'errorRecord',
    'expandInputs',
    'globToRegExp',
    'lockOutput',
    'missingError',
    'outcomeRow',
    'outputKey',
    'outputStem',
    'pageRecord',
    'pageRow',
    'parseCsv',
    'prepareOutput',
    'processFiles',
    'runBatch',
    'safeJoin',
    'withModelJudge',
    'writeAtomic',
    'writeDocumentOutputs',
  ])
})
