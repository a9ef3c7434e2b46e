import assert from 'node:assert/strict'
import { test } from 'node:test'
import { describeWriter, sampleWriterInput } from '@pdftriage/core/testing'
import reportWriter from '../src/index.js'

describeWriter('write-report', () => reportWriter.create(reportWriter.optionsSchema.parse({}), { baseDir: '.' }))

test('the report: every page verdict with its notes; a score that is not finite is null', async () => {
  const w = await reportWriter.create(reportWriter.optionsSchema.parse({}), { baseDir: '.' })
  const doc = sampleWriterInput()
  const page = doc.pages[0]!
  const input = { ...doc, pages: [{ ...page, verdict: { ...page.verdict, score: -Infinity, notes: ['bigram -inf: too short'] } }] }
  const [file] = await w.write(input)
  assert.equal(file?.role, 'report')
  assert.equal(file?.path, `${doc.stem}.json`)
  const r = JSON.parse(String(file?.data)) as { pdfType: string; pageVerdicts: Array<{ score: unknown; notes: string[] }>; postprocessMs: unknown }
  assert.equal(r.pdfType, 'text')
  assert.deepEqual(
    r.pageVerdicts.map((p) => [p.score, p.notes]),
    [[null, ['bigram -inf: too short']]],
  )
  assert.equal(r.postprocessMs, null)
  const oneLine = await reportWriter.create(reportWriter.optionsSchema.parse({ indent: 0 }), { baseDir: '.' })
  assert.equal(
    String((await oneLine.write(input))[0]?.data)
      .trim()
      .split('\n').length,
    1,
  )
})
