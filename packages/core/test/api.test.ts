import assert from 'node:assert/strict'
import { test } from 'node:test'

// The public API, pinned: a change here is a change for every plugin author and must be deliberate.
test('the public API of @pdftriage/core', async () => {
  assert.deepEqual(Object.keys(await import('../src/index.js')).sort(), [
    'CONFIG_FILE_NAMES', 'DEFAULT_WRITERS', 'PDF_WRITER', 'PLUGIN_KINDS', 'PRESETS', 'SCAN_IMAGE_COVERAGE', 'TriageError', 'bboxHeight', 'bboxUnion', 'bboxWidth', 'blake2b512',
    'candidateIds', 'configDigest', 'configSchema', 'createComponent', 'createComponents', 'cropImage',
    'defaultFallbackDirs', 'defineConfig', 'definePlugin', 'effectiveRules', 'effectiveWriters', 'emptyPage', 'formatZodIssues',
    'fromPdfUserSpace', 'importPlugin', 'isScanPage', 'isTriageError', 'joinItems', 'judgePage', 'loadConfig', 'nonSpaceCount',
    'parseConfig', 'pdfType', 'pixelsToPoints', 'planDocument', 'pluginRefSchema', 'policySchema', 'readAndHash', 'refParts',
    'repairPage', 'ruleMatches', 'ruleSchema', 'runDocument', 'seededRandom', 'stableStringify', 'withoutBands',
    'wrapPluginError',
  ])
})

test('the public API of @pdftriage/core/testing', async () => {
  assert.deepEqual(Object.keys(await import('../src/testing/index.js')).sort(), [
    'assemblePdf', 'describeExtractor', 'describeJudge', 'describeOcrEngine', 'describePostProcessor', 'describeRepair',
    'describeWriter', 'encryptedMinimalPdf', 'minimalPdf', 'samplePage', 'sampleWriterInput',
  ])
})

test('seededRandom repeats its sequence for a seed and stays in [0, 1)', async () => {
  const { seededRandom } = await import('../src/index.js')
  const a = seededRandom(42)
  const b = seededRandom(42)
  const xs = Array.from({ length: 1000 }, () => a())
  assert.deepEqual(Array.from({ length: 1000 }, () => b()), xs)
  assert.ok(xs.every((x) => x >= 0 && x < 1))
  assert.notDeepEqual(Array.from({ length: 5 }, seededRandom(43)), xs.slice(0, 5))
})
