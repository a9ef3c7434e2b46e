import assert from 'node:assert/strict'
import { test } from 'node:test'
import { describeWriter, minimalPdf, sampleWriterInput } from '@pdftriage/core/testing'
import pdfWriter from '../src/index.js'

const create = () => pdfWriter.create(pdfWriter.optionsSchema.parse({}), { baseDir: '.' })

describeWriter('write-pdf', create)

test('the PDF writer asks for the bytes and the boxes, and says so when it is not given the bytes', async () => {
  const w = await create()
  assert.deepEqual(w.needs, { pdfBytes: true, items: true })
  const { pdf: _pdf, ...noBytes } = sampleWriterInput()
  await assert.rejects(Promise.resolve(w.write(noBytes)), { code: 'PLUGIN_FAILED', plugin: 'write-pdf', stage: 'write' })
})

test("the PDF's file says what was written on its pages, in the phrase `pdftriage ocr` prints", async () => {
  const w = await create()
  const input = sampleWriterInput()
  const kept = (await w.write(input))[0]!
  assert.equal(kept.summary, '0 with an added text layer')
  const ocred = (await w.write({ ...input, pages: input.pages.map((p) => ({ ...p, action: 'ocr' as const })) }))[0]!
  assert.equal(ocred.summary, '1 with an added text layer')
})

test('with `sidecar`, the writer also returns the text of every page as OCRmyPDF --sidecar writes it', async () => {
  const input = sampleWriterInput('première page')
  const second = { ...input.pages[0]!, pageNumber: 2, page: { ...input.pages[0]!.page, pageNumber: 2, text: 'deux\fpages' } }
  const doc = { ...input, pdf: minimalPdf([['première page'], ['deux pages']]), pages: [...input.pages, second], document: { ...input.document, pageCount: 2 } }
  assert.deepEqual(
    (await (await create()).write(doc)).map((f) => f.role),
    ['pdf'],
  )
  const w = await pdfWriter.create(pdfWriter.optionsSchema.parse({ sidecar: true }), { baseDir: '.' })
  const files = await w.write(doc)
  assert.deepEqual(
    files.map((f) => [f.role, f.path]),
    [
      ['pdf', `${doc.stem}.pdf`],
      ['sidecar', `${doc.stem}.sidecar.txt`],
    ],
  )
  // pages separated by a form feed, one inside a page's text made a line break, NFC
  assert.equal(files[1]!.data, 'première page\fdeux\npages'.normalize('NFC'))
})
