import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { batchDigest } from '@pdftriage/batch'
import { cli, folder } from './helpers.js'

/** The one line a missing language gets: the code, and the data packages that are installed (never the typo's). */
function assertLanguageLine(r: { code: number; stderr: string[] }): void {
  assert.equal(r.code, 2, r.stderr.join('\n'))
  assert.equal(r.stderr.length, 1, r.stderr.join('\n'))
  assert.match(r.stderr[0]!, /no OCR language data for `xyz`: the language data packages installed are .*@tesseract\.js-data\/eng/)
  assert.doesNotMatch(r.stderr[0]!, /tesseract\.js-data\/xyz/)
}

test('run -l with a language that has no data exits 2 before any work: no output folder, one line', async () => {
  const fx = await import('@pdftriage/fixtures')
  const dir = folder({ 'a.pdf': await fx.healthyPdf('en') })
  const r = await cli(['run', '-l', 'xyz', '-o', 'out', '.'], dir)
  assertLanguageLine(r)
  assert.equal(existsSync(join(dir, 'out')), false)
})

test("the config's languages are checked as -l is, by every command that may OCR", async () => {
  const fx = await import('@pdftriage/fixtures')
  const dir = folder({ 'a.pdf': await fx.healthyPdf('en'), 'c.json': JSON.stringify({ languages: ['xyz'] }) })
  writeFileSync(join(dir, 'labels.jsonl'), '{"file":"a.pdf","page":1,"label":"healthy","needs_ocr":false}\n')
  assertLanguageLine(await cli(['run', '--config', 'c.json', '-o', 'out', '.'], dir))
  assertLanguageLine(await cli(['triage', '--config', 'c.json', 'a.pdf'], dir))
  assertLanguageLine(await cli(['ocr', '--config', 'c.json', 'a.pdf', 'b.pdf'], dir))
  assertLanguageLine(await cli(['eval', '--config', 'c.json', '--labels', 'labels.jsonl', '.'], dir))
  assert.equal(existsSync(join(dir, 'b.pdf')), false)
})

test('-l on triage, ocr and worker: a missing language exits 2 before a file is read or Redis is reached', async () => {
  const dir = folder()
  // no such file: the language is refused first, so the file is never looked for
  assertLanguageLine(await cli(['triage', '-l', 'eng+xyz', 'nothere.pdf'], dir))
  assertLanguageLine(await cli(['ocr', '-l', 'xyz', 'nothere.pdf', 'b.pdf'], dir))
  // a port nothing listens on: a worker that got past the check would report Redis, not the language
  assertLanguageLine(await cli(['worker', '-l', 'xyz', '--queue', 'redis://127.0.0.1:1', '--out', 'out'], dir))
})

test('-l of the wrong form is a usage error; -l counts in the run digest', async () => {
  const dir = folder()
  const r = await cli(['run', '-l', 'fr+', '-o', 'out', '.'], dir)
  assert.equal(r.code, 2)
  assert.match(r.stderr.join('\n'), /Expected -l like fra or fra\+eng/)
  const bad = await cli(['triage', '-l', 'FRA', '.'], dir)
  assert.equal(bad.code, 2)
  const a = await batchDigest({ cwd: dir, languages: ['fra'] })
  const b = await batchDigest({ cwd: dir, languages: ['eng'] })
  assert.notEqual(a, b)
  assert.equal(a, await batchDigest({ cwd: dir, languages: ['fra'] }))
})
