// The conformance suite of a writer, and a finished one-page document to run it on.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { writtenFilesProblem } from '../contract-checks.js'
import type { DocumentResult } from '../types.js'
import type { Writer, WriterInput } from '../writer.js'
import { minimalPdf } from './minimal-pdf.js'
import { samplePage } from './conformance.js'

type Maybe<T> = T | Promise<T>

/** A finished one-page document as a batch hands it to its writers: kept text, no post-processor. */
export function sampleWriterInput(text = 'The quick brown fox jumps over the lazy dog near the river bank today'): WriterInput {
  const page = samplePage(text)
  const document: DocumentResult = {
    info: { pageCount: 1 },
    pageCount: 1,
    needsOcr: [],
    actions: { kept: 1, repaired: 0, ocr: 0, failed: 0, skipped: 0 },
    tags: [],
    notes: [],
    ms: 1,
  }
  return {
    file: 'in/sample.pdf',
    hash: '0'.repeat(128),
    stem: 'documents/00000000000000000000000000000000',
    pdf: minimalPdf([[text]]),
    pages: [{ pageNumber: 1, verdict: { judge: 'test', layer: 'healthy', needsOcr: false, notes: [] }, action: 'kept', page }],
    document,
  }
}

/**
 * Conformance suite for a {@link Writer}: it has a name, returns files below the document's stem with a role and
 * string or byte data (and, when it says which pages a file shows otherwise than the input, page numbers of the
 * document in order), gives the same files for the same input, and does not mutate its input.
 */
export function describeWriter(label: string, create: () => Maybe<Writer>, input: () => Maybe<WriterInput> = sampleWriterInput): void {
  describe(`Writer conformance: ${label}`, () => {
    it('returns files below the stem, the same each time, without mutating its input', async () => {
      const w = await create()
      assert.ok(typeof w.name === 'string' && w.name.length > 0, 'a writer has a name')
      const doc = await input()
      const before = JSON.stringify(doc)
      const files = await w.write(doc)
      assert.ok(Array.isArray(files) && files.length > 0, 'writes at least one file for a document with text')
      assert.equal(writtenFilesProblem(files, doc.pages.length), undefined)
      for (const f of files) {
        assert.ok(typeof f.role === 'string' && f.role.length > 0, 'each file has a role')
        assert.ok(f.path.startsWith(`${doc.stem}.`) || f.path.startsWith(`${doc.stem}/`), `${f.path} is below the stem ${doc.stem}`)
        assert.ok(typeof f.data === 'string' || f.data instanceof Uint8Array, 'data is a string or bytes')
      }
      assert.equal(JSON.stringify(doc), before)
      const again = await w.write(await input())
      assert.deepEqual(
        again.map((f) => [f.role, f.path, f.pages ?? []]),
        files.map((f) => [f.role, f.path, f.pages ?? []]),
      )
    })
  })
}
