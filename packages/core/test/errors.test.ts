import assert from 'node:assert/strict'
import { test } from 'node:test'
import { TriageError, wrapPluginError } from '../src/errors.js'

test('a TriageError carries the exit code a command line ends with, outside its JSON', () => {
  // what the caller must correct before anything runs exits 2; a run that failed on its inputs exits 1
  assert.equal(new TriageError('USAGE', 'no PATH').exitCode, 2)
  assert.equal(new TriageError('CONFIG_INVALID', 'bad').exitCode, 2)
  assert.equal(new TriageError('OCR_LANGUAGE_MISSING', 'xyz').exitCode, 2)
  assert.equal(new TriageError('PDF_INVALID', 'not a PDF').exitCode, 1)
  assert.equal(new TriageError('PAGE_FAILED', 'every page failed').exitCode, 1)
  // a plugin's own error keeps its code, and so its exit code, through the wrapper
  assert.equal(wrapPluginError(new TriageError('MODEL_INVALID', 'bad model'), 'judge-bigram', 'judge').exitCode, 2)
  assert.equal(wrapPluginError(new Error('boom'), 'judge-bigram', 'judge').exitCode, 1)
  const e = new TriageError('OUTPUT_LOCKED', 'held', { file: 'a.pdf' })
  assert.deepEqual(JSON.parse(JSON.stringify(e)), { code: 'OUTPUT_LOCKED', message: 'held', file: 'a.pdf' })
  assert.equal(Object.keys(e).includes('exitCode'), false)
})
