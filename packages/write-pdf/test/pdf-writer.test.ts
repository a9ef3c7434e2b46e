import assert from 'node:assert/strict'
import { test } from 'node:test'
import { describeWriter, sampleWriterInput } from '@pdftriage/core/testing'
import pdfWriter from '../src/index.js'

const create = () => pdfWriter.create(pdfWriter.optionsSchema.parse({}), { baseDir: '.' })

describeWriter('write-pdf', create)

test('the PDF writer asks for the bytes and the boxes, and says so when it is not given the bytes', async () => {
  const w = await create()
  assert.deepEqual(w.needs, { pdfBytes: true, items: true })
  const { pdf: _pdf, ...noBytes } = sampleWriterInput()
  await assert.rejects(Promise.resolve(w.write(noBytes)), { code: 'PLUGIN_FAILED', plugin: 'write-pdf', stage: 'write' })
})
