import assert from 'node:assert/strict'
import { test } from 'node:test'
import { effectiveWriters, parseConfig, pdfType, writtenFilesProblem, type PageResult } from '../src/index.js'
import { samplePage } from '../src/testing/index.js'
import { TEST_PRESET } from './test-preset.js'

const { writers: DEFAULT_WRITERS, pdfWriter: PDF_WRITER } = TEST_PRESET

test('writers: the default ones unless the config names some; the PDF writer added once when asked for', () => {
  assert.deepEqual(effectiveWriters(undefined, TEST_PRESET, false), DEFAULT_WRITERS)
  assert.deepEqual(effectiveWriters(undefined, TEST_PRESET, true), [...DEFAULT_WRITERS, PDF_WRITER])
  assert.deepEqual(effectiveWriters(['./mine.js'], TEST_PRESET, true), ['./mine.js', PDF_WRITER])
  assert.deepEqual(effectiveWriters([{ use: 'pdf', options: { objectStreams: false } }], TEST_PRESET, true), [
    { use: 'pdf', options: { objectStreams: false } },
  ])
  assert.deepEqual(effectiveWriters([], TEST_PRESET, false), [], 'an empty list writes nothing but the index')
  // a front end's flag goes over the PDF writer's options, added or named
  assert.deepEqual(effectiveWriters(['./mine.js'], TEST_PRESET, true, { outputType: 'pdfa' }), [
    './mine.js',
    { use: PDF_WRITER, options: { outputType: 'pdfa' } },
  ])
  assert.deepEqual(effectiveWriters([{ use: 'pdf', options: { objectStreams: false, outputType: 'pdf' } }], TEST_PRESET, true, { outputType: 'pdfa' }), [
    { use: 'pdf', options: { objectStreams: false, outputType: 'pdfa' } },
  ])
  assert.deepEqual(effectiveWriters(['./mine.js'], TEST_PRESET, false, { outputType: 'pdfa' }), ['./mine.js'], 'no PDF asked for: none added')
})

test("writers: a front end's PDF options go over those of the PDF writer, added or named", () => {
  const given = { rotatePages: true }
  assert.deepEqual(effectiveWriters(undefined, TEST_PRESET, true, given), [...DEFAULT_WRITERS, { use: PDF_WRITER, options: given }])
  assert.deepEqual(effectiveWriters(['pdf'], TEST_PRESET, true, given), [{ use: 'pdf', options: given }])
  assert.deepEqual(effectiveWriters([{ use: 'pdf', options: { objectStreams: false, rotatePages: false } }], TEST_PRESET, true, given), [
    { use: 'pdf', options: { objectStreams: false, rotatePages: true } },
  ])
  assert.deepEqual(effectiveWriters(undefined, TEST_PRESET, true, {}), [...DEFAULT_WRITERS, PDF_WRITER], 'no option: the writer as before')
})

test("writers: the preset's PDF writer, by its package name or its short name", () => {
  const preset = { writers: ['./w.js'], pdfWriter: '@pdftriage/write-searchable' }
  assert.deepEqual(effectiveWriters(undefined, preset, true), ['./w.js', '@pdftriage/write-searchable'])
  assert.deepEqual(effectiveWriters(['searchable'], preset, true), ['searchable'])
  assert.deepEqual(effectiveWriters(['pdf'], preset, true), ['pdf', '@pdftriage/write-searchable'], 'another short name is another writer')
})

test('writers have no default value in the config, so that configurations written before keep their digest', () => {
  assert.equal(parseConfig({}, TEST_PRESET.config).writers, undefined)
  assert.deepEqual(parseConfig({ writers: ['text'] }, TEST_PRESET.config).writers, ['text'])
  assert.throws(() => parseConfig({ writers: 'text' }, TEST_PRESET.config), { code: 'CONFIG_INVALID', path: 'writers' })
})

test('pdfType: absent and sparse layers and pages under an image are scans; blank pages do not count', () => {
  const page = (layer: PageResult['verdict']['layer'], imageCoverage?: number): PageResult => ({
    pageNumber: 1,
    action: 'kept',
    verdict: { judge: 't', layer, needsOcr: false, notes: [] },
    page: { ...samplePage('x'), ...(imageCoverage === undefined ? {} : { imageCoverage }) },
  })
  assert.equal(pdfType([page('healthy'), page('blank')]), 'text')
  assert.equal(pdfType([page('absent'), page('healthy', 1)]), 'image', 'an OCR layer over a scan is a scan')
  assert.equal(pdfType([page('sparse'), page('healthy', 0.85)]), 'mixed', 'a large figure is not a scan')
  assert.equal(pdfType([page('blank')]), 'empty')
})

test('writtenFilesProblem: the pages a file shows otherwise are optional, numbered within the document, in order', () => {
  const file = { role: 'pdf', path: 'documents/x.pdf', data: new Uint8Array(1) }
  assert.equal(writtenFilesProblem([file, { role: 'text', path: 'documents/x.txt', data: 'a' }], 2), undefined, 'no pages: as before')
  assert.equal(
    writtenFilesProblem(
      [
        {
          ...file,
          pages: [
            { pageNumber: 1, turned: 270 },
            { pageNumber: 2, straightened: -1.2 },
          ],
        },
      ],
      2,
    ),
    undefined,
  )
  assert.match(writtenFilesProblem([{ ...file, pages: [{ pageNumber: 1, turned: 45 }] }], 2) ?? '', /turn of 90, 180 or 270, not `45`/)
  assert.match(writtenFilesProblem([{ ...file, pages: [{ pageNumber: 3, turned: 90 }] }], 2) ?? '', /name page 3, not a page of the document \(1-2\)/)
  assert.match(writtenFilesProblem([{ ...file, pages: [{ pageNumber: 2 }, { pageNumber: 1 }] }], 2) ?? '', /name page 1, .* after the one before/)
  assert.match(writtenFilesProblem([{ ...file, pages: [{ pageNumber: 0 }] }], 2) ?? '', /pageNumber/)
  assert.match(writtenFilesProblem([{ role: 'pdf', path: 'x', data: 3 }], 1) ?? '', /string or bytes/)
  assert.match(writtenFilesProblem('files', 1) ?? '', /array of files/)
})
