import assert from 'node:assert/strict'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { batchDigest } from '@pdftriage/batch'
import { cli, folder } from './helpers.js'

/** The one line a missing language gets: the code, and the data packages that are installed. */
const missingLine = (code: string) =>
  new RegExp(
    `^pdftriage: \\[tesseract\\] no OCR language data for \`${code}\`: the language data packages installed are .*@tesseract\\.js-data/eng.*@tesseract\\.js-data/fra`,
  )

test('a config language without data stops run, triage, eval and ocr before any work, in one line', async () => {
  const fx = await import('@pdftriage/fixtures')
  const dir = folder({ 'pdftriage.config.json': JSON.stringify({ languages: ['xyz'] }) })
  mkdirSync(join(dir, 'in'))
  writeFileSync(join(dir, 'in', 'scan.pdf'), await fx.scannedPdf())
  writeFileSync(join(dir, 'labels.jsonl'), `${JSON.stringify({ file: 'scan.pdf', page: 1, label: 'scan', needs_ocr: true })}\n`)
  for (const args of [
    ['run', '-o', 'out', 'in'],
    ['triage', 'in'],
    ['eval', '--labels', 'labels.jsonl', 'in'],
    ['ocr', 'in/scan.pdf', 'out.pdf'],
  ]) {
    const r = await cli(args, dir)
    assert.equal(r.code, 2, `${args[0]}: ${r.stderr.join('\n')}`)
    assert.equal(r.stderr.length, 1, r.stderr.join('\n'))
    assert.match(r.stderr[0]!, missingLine('xyz'))
    // no advice to install a package named after the typo: none exists
    assert.doesNotMatch(r.stderr[0]!, /npm install|tesseract\.js-data\/xyz/)
    assert.deepEqual(r.stdout, [])
  }
  assert.equal(existsSync(join(dir, 'out')), false, 'run wrote nothing')
  assert.equal(existsSync(join(dir, 'out.pdf')), false, 'ocr wrote nothing')
})

test('-l on run, triage and worker is checked as on ocr, and overrides the config', async () => {
  const dir = folder({ 'pdftriage.config.json': JSON.stringify({ languages: ['xyz'] }) })
  mkdirSync(join(dir, 'in'))
  // -l with installed data wins over the config's missing language: triage goes on (an empty folder: exit 0)
  const ok = await cli(['triage', '-l', 'fra+eng', 'in'], dir)
  assert.equal(ok.code, 0, ok.stderr.join('\n'))
  for (const cmd of [
    ['run', '-l', 'fra+deu', '-o', 'out', 'in'],
    ['triage', '--language', 'deu', 'in'],
    // the worker checks before it looks for a queue (none is reachable here)
    ['worker', '-l', 'deu', '--queue', 'redis://127.0.0.1:1', '--out', 'out'],
  ]) {
    const r = await cli(cmd, dir)
    assert.equal(r.code, 2, `${cmd[0]}: ${r.stderr.join('\n')}`)
    assert.match(r.stderr.join('\n'), missingLine('deu'))
  }
  const bad = await cli(['run', '-l', 'fr!', '-o', 'out', 'in'], dir)
  assert.equal(bad.code, 2)
  assert.deepEqual(bad.stderr, ['pdftriage: Expected -l like fra or fra+eng (Tesseract language codes), not `fr!`'])
})

test('the built-in engine named by a short name in the config is checked as under its package name', async () => {
  const fx = await import('@pdftriage/fixtures')
  const dir = folder({ 'scan.pdf': await fx.scannedPdf() })
  for (const use of ['tesseract', 'ocr-tesseract', '@pdftriage/ocr-tesseract']) {
    writeFileSync(join(dir, 'pdftriage.config.json'), JSON.stringify({ ocr: { use, options: { workers: 1 } } }))
    for (const args of [
      ['triage', '-l', 'xyz', 'scan.pdf'],
      ['ocr', '-l', 'xyz', 'scan.pdf', 'out.pdf'],
    ]) {
      const r = await cli(args, dir)
      assert.equal(r.code, 2, `${use} ${args[0]}: ${r.stderr.join('\n')}`)
      assert.deepEqual(r.stderr.length, 1, r.stderr.join('\n'))
      assert.match(r.stderr[0]!, missingLine('xyz'))
      assert.deepEqual(r.stdout, [], 'no page was read')
    }
  }
  assert.equal(existsSync(join(dir, 'out.pdf')), false)
})

test('a missing language is refused before an input is looked for or Redis is reached', async () => {
  const dir = folder()
  for (const args of [
    // no such file: a check after the work would report the file instead
    ['triage', '-l', 'eng+xyz', 'nothere.pdf'],
    ['ocr', '-l', 'xyz', 'nothere.pdf', 'b.pdf'],
    // a port nothing listens on: a worker that got past the check would report Redis, not the language
    ['worker', '-l', 'xyz', '--queue', 'redis://127.0.0.1:1', '--out', 'out'],
  ]) {
    const r = await cli(args, dir)
    assert.equal(r.code, 2, `${args[0]}: ${r.stderr.join('\n')}`)
    assert.deepEqual(r.stderr.length, 1, r.stderr.join('\n'))
    assert.match(r.stderr[0]!, missingLine('xyz'))
  }
})

test("-l counts in a run's digest: a rerun with other languages redoes the documents", async () => {
  const dir = folder()
  const fra = await batchDigest({ cwd: dir, languages: ['fra'] })
  assert.notEqual(fra, await batchDigest({ cwd: dir, languages: ['eng'] }))
  assert.equal(fra, await batchDigest({ cwd: dir, languages: ['fra'] }))
})
