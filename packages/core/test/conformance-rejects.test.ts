import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'

/**
 * Runs `describe*` suites in a child `node --test` (a suite's failure must not fail this file) and returns which
 * top-level suites passed and which failed, by label.
 */
function runSuites(source: string): { ok: string[]; failed: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pdftriage-conformance-'))
  try {
    const file = join(dir, 'suites.test.mjs')
    const testing = new URL('../src/testing/index.js', import.meta.url).href
    writeFileSync(file, `import * as t from ${JSON.stringify(testing)}\n${source}`)
    const env = { ...process.env }
    delete env.NODE_TEST_CONTEXT // else the child talks to this runner's protocol instead of printing TAP
    const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], { env, encoding: 'utf8' })
    const ok: string[] = []
    const failed: string[] = []
    for (const m of r.stdout.matchAll(/^(ok|not ok) \d+ - \w+ conformance: (.+)$/gm)) (m[1] === 'ok' ? ok : failed).push(m[2]!)
    return { ok: ok.sort(), failed: failed.sort() }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('describeJudge fails judges whose verdicts break the contract, and passes one that keeps it', () => {
  // Each broken judge is wrong in one way only, where the suite once looked no further.
  const r = runSuites(`
const judge = (good, bad) => () => ({ name: 'j', judge: (p) => (p.text.startsWith('#') ? { judge: 'j', ...bad } : { judge: 'j', ...good }) })
const good = { layer: 'healthy', needsOcr: false, notes: ['reads'] }
const bad = { layer: 'garbled', needsOcr: true, notes: ['junk'] }
const args = ['A page of text that reads well enough', '#$%& junk']
t.describeJudge('control', judge(good, bad), ...args)
t.describeJudge('unknown layer', judge({ ...good, layer: 'banana' }, bad), ...args)
t.describeJudge('healthy needing OCR', judge(good, { ...bad, layer: 'healthy' }), ...args)
t.describeJudge('NaN score', judge(good, { ...bad, score: NaN }), ...args)
t.describeJudge('no notes', judge({ layer: 'healthy', needsOcr: false }, bad), ...args)
`)
  assert.deepEqual(r, { ok: ['control'], failed: ['NaN score', 'healthy needing OCR', 'no notes', 'unknown layer'] })
})

test('describeRepair and describePostProcessor fail answers without notes or pages', () => {
  const r = runSuites(`
const page = t.samplePage('#ab')
const fixed = { ...page, text: 'ab', source: 'repaired' }
t.describeRepair('control', () => ({ name: 'r', repair: (p) => (p.text.startsWith('#') ? { page: fixed, notes: ['stripped'] } : undefined) }), 'reads', { text: page, expect: /ab/ })
t.describeRepair('repair without notes', () => ({ name: 'r', repair: (p) => (p.text.startsWith('#') ? { page: fixed } : undefined) }), 'reads', { text: page, expect: /ab/ })
t.describePostProcessor('post-processor control', () => ({ name: 'p', process: (d) => ({ ...d, text: d.pages.map((x) => x.text).join(' ') }) }))
t.describePostProcessor('post-processor without pages', () => ({ name: 'p', process: (d) => ({ text: d.pages.map((x) => x.text).join(' ') }) }))
`)
  assert.deepEqual(r, { ok: ['control', 'post-processor control'], failed: ['post-processor without pages', 'repair without notes'] })
})

test('describeWriter fails a writer whose file names pages the document does not have, and passes one that says what it turned', () => {
  const r = runSuites(`
const writer = (pages) => () => ({ name: 'w', write: (d) => [{ role: 'pdf', path: d.stem + '.pdf', data: new Uint8Array(1), ...(pages ? { pages } : {}) }] })
t.describeWriter('control', writer(undefined))
t.describeWriter('page turned', writer([{ pageNumber: 1, turned: 90, straightened: 1.5 }]))
t.describeWriter('page out of the document', writer([{ pageNumber: 2, turned: 90 }]))
t.describeWriter('turn of 45 degrees', writer([{ pageNumber: 1, turned: 45 }]))
`)
  assert.deepEqual(r, { ok: ['control', 'page turned'], failed: ['page out of the document', 'turn of 45 degrees'] })
})
