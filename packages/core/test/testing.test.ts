import assert from 'node:assert/strict'
import { it } from 'node:test'
import { minimalPdf } from '../src/testing/index.js'

it('minimalPdf writes a parseable PDF with one page object per page', () => {
  const s = new TextDecoder().decode(minimalPdf([['a (b) c'], []]))
  assert.match(s, /^%PDF-1\.4/)
  assert.match(s, /\/Count 2/)
  assert.match(s, /\(a \\\(b\\\) c\) Tj/)
  const xref = Number(/startxref\n(\d+)/.exec(s)![1])
  assert.equal(s.slice(xref, xref + 4), 'xref')
})
