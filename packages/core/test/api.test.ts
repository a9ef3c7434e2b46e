import assert from 'node:assert/strict'
import { test } from 'node:test'

// The public API, pinned: a change here is a change for every plugin author and must be deliberate. Imported by the
// package's own name, so that what is pinned is what the `exports` map gives (a variable keeps tsc from resolving the
// package's own build output as a source of this test).
const load = (specifier: string): Promise<Record<string, unknown>> => import(specifier) as Promise<Record<string, unknown>>

test('the public API of @pdftriage/core', async () => {
  assert.deepEqual(Object.keys(await load('@pdftriage/core')).sort(), [
    'DEFAULT_OCR_DPI',
    'LoadClock',
    'MAX_STRETCH',
    'MIN_PICTURE_SHARE',
    'POOR_OCR_CONFIDENCE',
    'SCAN_IMAGE_COVERAGE',
    'SPACING_ACCENTS',
    'TextAligner',
    'TriageError',
    'accentMark',
    'bboxHeight',
    'bboxUnion',
    'bboxWidth',
    'blake2b512',
    'centreIn',
    'composeAccent',
    'configDigest',
    'configSchema',
    'createComponent',
    'createComponents',
    'cropImage',
    'defineConfig',
    'definePlugin',
    'dotless',
    'effectiveRules',
    'effectiveWriters',
    'emptyPage',
    'fmtBox',
    'fromPdfUserSpace',
    'importPlugin',
    'isLetterOrDigit',
    'isScanPage',
    'isTriageError',
    'isUnicodeScript',
    'itemLines',
    'joinGlyphs',
    'joinItems',
    'judgePage',
    'languageCodeSchema',
    'layoutTurn',
    'loadConfig',
    'machineIdleMs',
    'markOf',
    'markOfGlyphName',
    'mayBeLettered',
    'meanConfidence',
    'nonSpaceCount',
    'openDocument',
    'over',
    'ownLoadCounters',
    'parseConfig',
    'pdfType',
    'pixelsToPoints',
    'planDocument',
    'policySchema',
    'processCpuMs',
    'readAndHash',
    'readingPage',
    'readingTurn',
    'refParts',
    'rejoinItems',
    'repairPage',
    'runDocument',
    'seededRandom',
    'shareInScripts',
    'sitsOver',
    'spacingAccent',
    'turnBox',
    'wrapPluginError',
    'writtenFilesProblem',
  ])
})

test('the public API of @pdftriage/core/testing', async () => {
  assert.deepEqual(Object.keys(await load('@pdftriage/core/testing')).sort(), [
    'assemblePdf',
    'describeExtractor',
    'describeJudge',
    'describeOcrEngine',
    'describePostProcessor',
    'describeRepair',
    'describeWriter',
    'encryptedMinimalPdf',
    'minimalPdf',
    'samplePage',
    'sampleWriterInput',
  ])
})

test('seededRandom repeats its sequence for a seed and stays in [0, 1)', async () => {
  const { seededRandom } = await import('../src/index.js')
  const a = seededRandom(42)
  const b = seededRandom(42)
  const xs = Array.from({ length: 1000 }, () => a())
  assert.deepEqual(
    Array.from({ length: 1000 }, () => b()),
    xs,
  )
  assert.ok(xs.every((x) => x >= 0 && x < 1))
  assert.notDeepEqual(Array.from({ length: 5 }, seededRandom(43)), xs.slice(0, 5))
})
