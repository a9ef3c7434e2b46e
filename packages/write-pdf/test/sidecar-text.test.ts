import { test } from 'node:test'
import assert from 'node:assert/strict'
import { sidecarText } from '../src/sidecar-text.js'

test('pages are joined with form feeds in page order, missing pages empty, NFC', () => {
  const decomposed = 'e\u0301te\u0301' // "été" in NFD, as some extractors give it
  assert.equal(
    sidecarText([
      { pageNumber: 3, text: 'trois' },
      { pageNumber: 1, text: decomposed },
    ]),
    'été\f\ftrois',
  )
  assert.equal(sidecarText([{ pageNumber: 1, text: 'un' }], 3), 'un\f\f')
  assert.equal(sidecarText([{ pageNumber: 1, text: 'a\fb' }]), 'a\nb', 'a form feed inside a page would shift every later page')
  assert.equal(sidecarText([]), '')
})
