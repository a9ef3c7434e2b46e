import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Extractor } from '@pdftriage/core'

/** Sample PDFs a conformance run needs; each a function so the suite owns its bytes. */
export interface ExtractorSamples {
  /** One page of readable text (at least 200 non-space characters), no image. */
  text: () => Uint8Array | Promise<Uint8Array>
  /** Bytes that are not a PDF. */
  notPdf: () => Uint8Array | Promise<Uint8Array>
  /** A PDF with zero pages. */
  zeroPages: () => Uint8Array | Promise<Uint8Array>
  /** A PDF that needs a password to open. */
  encrypted: () => Uint8Array | Promise<Uint8Array>
}

/**
 * The contract every {@link Extractor} must keep, as node:test cases (proposed for `@pdftriage/core/testing`):
 * page numbering, boxes inside the page in top-left points, NFC text, typed open errors, the caller's buffer
 * untouched, renders of the right size, close idempotent.
 */
export function describeExtractor(name: string, make: () => Extractor | Promise<Extractor>, samples: ExtractorSamples): void {
  describe(`extractor conformance: ${name}`, () => {
    test('opens a text page: page count, size, items with boxes inside the page, NFC text', async () => {
      const ex = await make()
      assert.equal(typeof ex.name, 'string')
      const doc = await ex.open(await samples.text(), { file: 'text.pdf' })
      try {
        assert.equal(doc.pageCount, 1)
        assert.equal(doc.info.pageCount, 1)
        const page = await doc.getPageText(1)
        assert.equal(page.pageNumber, 1)
        assert.equal(page.source, 'text-layer')
        assert.ok(page.width > 0 && page.height > 0)
        assert.ok(page.items.length > 0)
        for (const it of page.items) {
          const b = it.bbox
          assert.ok(b.x0 <= b.x1 && b.y0 <= b.y1, `box ordered: ${JSON.stringify(b)}`)
          assert.ok(b.x0 >= -1 && b.y0 >= -1 && b.x1 <= page.width + 1 && b.y1 <= page.height + 1, `box on the page: ${JSON.stringify(b)}`)
        }
        assert.equal(page.text, page.text.normalize('NFC'))
        assert.ok(page.text.replace(/\s/g, '').length >= 200)
        if (page.fonts) for (const it of page.items) if (it.fontId !== undefined) assert.ok(page.fonts[it.fontId], `font ${it.fontId} described`)
        if (page.imageCoverage !== undefined) assert.ok(page.imageCoverage >= 0 && page.imageCoverage <= 1)
      } finally {
        await doc.close()
        await doc.close() // idempotent
      }
    })

    test('leaves the caller\'s buffer usable', async () => {
      const ex = await make()
      const bytes = await samples.text()
      const before = bytes.byteLength
      const doc = await ex.open(bytes)
      await doc.close()
      assert.equal(bytes.byteLength, before)
      assert.equal(bytes.buffer.byteLength >= before, true)
    })

    test('rejects page numbers outside 1..pageCount', async () => {
      const doc = await (await make()).open(await samples.text())
      try {
        await assert.rejects(doc.getPageText(0))
        await assert.rejects(doc.getPageText(2))
      } finally {
        await doc.close()
      }
    })

    test('renders grey pixels of the page size at the dpi asked', async () => {
      const doc = await (await make()).open(await samples.text())
      try {
        const page = await doc.getPageText(1)
        const img = await doc.renderPage(1, 72)
        assert.equal(img.pageNumber, 1)
        assert.equal(img.dpi, 72)
        assert.equal(img.width, Math.round(page.width))
        assert.equal(img.height, Math.round(page.height))
        assert.equal(img.data.length, img.width * img.height)
      } finally {
        await doc.close()
      }
    })

    test('typed errors: PDF_INVALID, PDF_EMPTY, PDF_ENCRYPTED', async () => {
      const ex = await make()
      await assert.rejects(ex.open(await samples.notPdf(), { file: 'x.pdf' }), { code: 'PDF_INVALID' })
      await assert.rejects(ex.open(new Uint8Array(0), { file: 'x.pdf' }), { code: 'PDF_INVALID' })
      await assert.rejects(ex.open(await samples.zeroPages(), { file: 'x.pdf' }), { code: 'PDF_EMPTY' })
      await assert.rejects(ex.open(await samples.encrypted(), { file: 'x.pdf' }), { code: 'PDF_ENCRYPTED' })
    })
  })
}
