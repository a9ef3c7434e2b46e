import assert from 'node:assert/strict'
import { test } from 'node:test'
import { describeWriter, sampleWriterInput } from '@pdftriage/core/testing'
import textWriter, { pagesText } from '../src/index.js'

describeWriter('write-text', () => textWriter.create(textWriter.optionsSchema.parse({}), { baseDir: '.' }))

test('the sidecar holds each page, NFC, form feeds between; the clean text is written when a post-processor ran', async () => {
  const w = await textWriter.create(textWriter.optionsSchema.parse({}), { baseDir: '.' })
  const doc = sampleWriterInput('Cafe\u0301 ouvert')
  const one = await w.write(doc)
  assert.deepEqual(
    one.map((f) => [f.role, f.path, f.data]),
    [['text', `${doc.stem}.txt`, 'Café ouvert']],
  )
  const rebuilt = { ...doc, document: { ...doc.document, text: { info: doc.document.info, pages: [], text: 'Cafe\u0301 ouvert.' } } }
  assert.deepEqual(
    (await w.write(rebuilt)).map((f) => [f.role, f.data]),
    [
      ['text', 'Café ouvert'],
      ['clean', 'Café ouvert.'],
    ],
  )
  const onlyClean = await textWriter.create(textWriter.optionsSchema.parse({ sidecar: false }), { baseDir: '.' })
  assert.deepEqual(
    (await onlyClean.write(rebuilt)).map((f) => f.role),
    ['clean'],
  )
})

test('with paragraphs, each page holds the paragraphs that start on it', () => {
  const doc = sampleWriterInput('a')
  const pages = [doc.pages[0]!, { ...doc.pages[0]!, pageNumber: 2 }]
  const document = {
    ...doc.document,
    text: {
      info: doc.document.info,
      pages: [],
      paragraphs: [
        { text: 'across the break', pages: [1, 2] },
        { text: 'second', pages: [2] },
      ],
    },
  }
  assert.equal(pagesText(pages, document), 'across the break\fsecond')
})
