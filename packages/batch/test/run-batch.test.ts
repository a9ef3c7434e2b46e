import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test, type TestContext } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { runBatch, type BatchEvent, type RunBatchOptions } from '../src/index.js'
import { EXTRACT_ONLY, folder, mtimes, readIndex } from './helpers.js'

/** Four inputs: a 3-page document, another file of the same name in another folder, a copy of the first, a non-PDF. */
async function inputs(t: TestContext): Promise<string> {
  const long = await fx.longPdf(3)
  return folder(t, {
    'config.json': JSON.stringify(EXTRACT_ONLY),
    'in/x/scan.pdf': long,
    'in/y/scan.pdf': await fx.healthyPdf('en'),
    'in/y/copy.pdf': long,
    'in/bad.pdf': fx.notPdf(),
  })
}

/** Runs a batch over `in/` into `out/`, collecting its events. */
async function run(dir: string, extra: Partial<RunBatchOptions> = {}) {
  const events: BatchEvent[] = []
  const summary = await runBatch({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', jobs: 1, ...extra }, (e) => events.push(e))
  return { summary, events, of: <T extends BatchEvent['type']>(type: T) => events.filter((e): e is Extract<BatchEvent, { type: T }> => e.type === type) }
}

test('writes the index, texts and reports; identical files are processed once; events tell each step', async (t) => {
  const dir = await inputs(t)
  const { summary, events, of } = await run(dir)
  assert.deepEqual(
    { ...summary, seconds: 0 },
    {
      outDir: join(dir, 'out'),
      done: 2,
      failed: 1,
      duplicate: 1,
      unchanged: 0,
      stillFailed: 0,
      stillFailedPages: 0,
      pages: { kept: 4, repaired: 0, ocr: 0, failed: 0, poorOcr: 0, turned: 0, straightened: 0 },
      seconds: 0,
    },
  )
  const out = join(dir, 'out')
  const { docs, pages } = readIndex(out)
  const row = (p: string) => docs.find((d) => d.path === join('in', p))!
  assert.equal(row('bad.pdf').status, 'failed')
  assert.equal(row('bad.pdf').error_code, 'PDF_INVALID')
  assert.equal(row('x/scan.pdf').status, 'done')
  assert.equal(row('x/scan.pdf').pages, '3')
  assert.equal(row('x/scan.pdf').pdf_type, 'text')
  assert.equal(row('y/copy.pdf').status, 'duplicate')
  assert.equal(row('y/copy.pdf').duplicate_of, join('in', 'x', 'scan.pdf'))
  assert.notEqual(row('x/scan.pdf').text, row('y/scan.pdf').text, 'two scan.pdf never collide')
  const text = readFileSync(join(out, row('x/scan.pdf').text!), 'utf8')
  assert.equal(text.split('\f').length, 3)
  assert.equal(text, text.normalize('NFC'))
  assert.equal(pages.length, 4)
  assert.ok(pages.every((p) => p.action === 'kept' && typeof p.text === 'string' && typeof p.hash === 'string'))
  const report = JSON.parse(readFileSync(join(out, row('x/scan.pdf').report!), 'utf8')) as { pageVerdicts: unknown[]; postprocessMs: number | null }
  assert.equal(report.pageVerdicts.length, 3)
  assert.equal(report.postprocessMs, null, 'no post-processor configured: no post-processing time')

  // The events: the duplicate while hashing, then the plan, then each document in input order.
  assert.deepEqual(
    of('duplicate').map((e) => [e.file, e.of]),
    [[join('in', 'y', 'copy.pdf'), join('in', 'x', 'scan.pdf')]],
  )
  assert.deepEqual(of('planned'), [{ type: 'planned', inputs: 4, todo: 3 }])
  assert.deepEqual(
    of('document-started').map((e) => e.file),
    ['bad.pdf', 'x/scan.pdf', 'y/scan.pdf'].map((f) => join('in', f)),
  )
  assert.deepEqual(
    of('page-done').map((e) => `${e.file}#${e.page.page}`),
    ['x/scan.pdf#1', 'x/scan.pdf#2', 'x/scan.pdf#3', 'y/scan.pdf#1'].map((f) => join('in', f)),
  )
  assert.deepEqual(
    of('document-done').map((e) => [e.file, e.row.status, e.row.pages]),
    [
      [join('in', 'x', 'scan.pdf'), 'done', '3'],
      [join('in', 'y', 'scan.pdf'), 'done', '1'],
    ],
  )
  assert.deepEqual(
    of('failed').map((e) => [e.file, e.code]),
    [[join('in', 'bad.pdf'), 'PDF_INVALID']],
  )
  const order = events.map((e) => e.type)
  assert.ok(order.indexOf('planned') > order.indexOf('duplicate') && order.indexOf('planned') < order.indexOf('document-started'))
  assert.ok(order.lastIndexOf('page-done') < order.lastIndexOf('document-done'), "a document's pages come before its done event")
  assert.ok(
    Object.keys(mtimes(out)).every((f) => f.startsWith(out) && !f.includes('.tmp-')),
    'nothing outside out/, no temporary file left',
  )
})

test('a rerun rewrites nothing and reports every input unchanged; a changed file is done again, once', async (t) => {
  const dir = await inputs(t)
  await run(dir)
  const out = join(dir, 'out')
  const before = mtimes(out)
  const again = await run(dir)
  assert.deepEqual(mtimes(out), before, 'nothing rewritten')
  assert.deepEqual(
    again
      .of('unchanged')
      .map((e) => [e.file, e.status])
      .sort(),
    [
      [join('in', 'bad.pdf'), 'failed'],
      [join('in', 'x', 'scan.pdf'), 'done'],
      [join('in', 'y', 'copy.pdf'), 'duplicate'],
      [join('in', 'y', 'scan.pdf'), 'done'],
    ],
  )
  assert.equal(again.summary.unchanged, 4)
  assert.equal(again.summary.stillFailed, 1)
  assert.equal(again.summary.done, 0)

  writeFileSync(join(dir, 'in', 'y', 'scan.pdf'), await fx.healthyPdf('fr'))
  const changed = await run(dir)
  assert.deepEqual(
    changed.of('document-done').map((e) => e.file),
    [join('in', 'y', 'scan.pdf')],
  )
  const { docs, pages } = readIndex(out)
  assert.equal(docs.filter((d) => d.path === join('in', 'y', 'scan.pdf')).length, 1, 'one row per path')
  assert.equal(docs.length, 4)
  assert.equal(pages.length, 4, 'the old page rows of the changed file are gone')
  assert.match(String(pages.find((p) => p.file === join('in', 'y', 'scan.pdf'))!.text), /Article premier/)
})

test('a changed configuration counts as a change; redoFailed tries the failed input again', async (t) => {
  const dir = await inputs(t)
  await run(dir)
  writeFileSync(join(dir, 'config2.json'), JSON.stringify({ ...EXTRACT_ONLY, ocrDpi: 200 }))
  const other = await run(dir, { configFile: 'config2.json' })
  assert.equal(other.summary.done, 2)
  assert.equal(other.summary.duplicate, 1)
  assert.equal(readIndex(join(dir, 'out')).docs.length, 4)
  const retried = await run(dir, { configFile: 'config2.json', redoFailed: true })
  assert.deepEqual(
    retried.of('failed').map((e) => e.file),
    [join('in', 'bad.pdf')],
  )
  assert.equal(retried.summary.unchanged, 3)
})

test('a file copied in later is a duplicate of the first; a missing input fails and the rest go on', async (t) => {
  const dir = await inputs(t)
  await run(dir)
  copyFileSync(join(dir, 'in', 'x', 'scan.pdf'), join(dir, 'in', 'later.pdf'))
  const r = await run(dir, { inputs: ['in', 'nowhere.pdf'] })
  assert.deepEqual(
    r.of('duplicate').map((e) => [e.file, e.of]),
    [[join('in', 'later.pdf'), join('in', 'x', 'scan.pdf')]],
  )
  assert.deepEqual(
    r.of('failed').map((e) => [e.file, e.code]),
    [['nowhere.pdf', 'FILE_UNREADABLE']],
  )
  const { docs } = readIndex(join(dir, 'out'))
  assert.equal(docs.find((x) => x.path === join('in', 'later.pdf'))!.status, 'duplicate')
  assert.equal(docs.find((x) => x.path === 'nowhere.pdf')!.status, 'failed')
})

test('documents in child processes give the same index and events, committed as they finish', async (t) => {
  const dir = await inputs(t)
  const r = await run(dir, { jobs: 2 })
  assert.deepEqual(
    r
      .of('document-started')
      .map((e) => e.file)
      .sort(),
    ['bad.pdf', 'x/scan.pdf', 'y/scan.pdf'].map((f) => join('in', f)),
  )
  assert.deepEqual(
    r
      .of('document-done')
      .map((e) => e.file)
      .sort(),
    [join('in', 'x', 'scan.pdf'), join('in', 'y', 'scan.pdf')],
  )
  assert.deepEqual(
    r.of('failed').map((e) => e.file),
    [join('in', 'bad.pdf')],
  )
  assert.equal(readIndex(join(dir, 'out')).pages.length, 4)
})

test('a bad configuration rejects with its code before anything is processed', async (t) => {
  const dir = folder(t, { 'config.json': JSON.stringify({ judges: 'gates' }), 'in/a.pdf': await fx.healthyPdf('en') })
  await assert.rejects(run(dir), { code: 'CONFIG_INVALID' })
})

test('resumes after SIGKILL in the middle of a document with every document done exactly once', async (t) => {
  const n = 6
  const pagesEach = 20
  const src = await fx.longPdf(pagesEach)
  const files: Record<string, Uint8Array | string> = { 'config.json': JSON.stringify(EXTRACT_ONLY) }
  // Distinct bytes per file: a comment after %%EOF, which PDF readers ignore.
  for (let i = 0; i < n; i++) files[`in/doc${i}.pdf`] = Buffer.concat([Buffer.from(src), Buffer.from(`\n%${i}\n`)])
  const dir = folder(t, files)
  // Killed by itself once 3 documents are in and the 4th has 10 pages done: no sleep, no race.
  const child = spawn(process.execPath, [fileURLToPath(new URL('./killed-run.js', import.meta.url)), dir, '3', '10'], { stdio: 'ignore' })
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, s) => resolve(s)))
  assert.equal(signal, 'SIGKILL')
  assert.equal(readIndex(join(dir, 'out')).docs.length, 3, 'killed with 3 documents in')

  const r = await run(dir)
  assert.deepEqual(r.of('unchanged').length, 3)
  assert.deepEqual(
    r.of('document-done').map((e) => e.file),
    [3, 4, 5].map((i) => join('in', `doc${i}.pdf`)),
  )
  const { docs, pages } = readIndex(join(dir, 'out'))
  assert.equal(docs.length, n)
  assert.equal(new Set(docs.map((x) => x.path)).size, n, 'no duplicate rows')
  assert.ok(docs.every((x) => x.status === 'done'))
  assert.equal(pages.length, n * pagesEach, 'every page exactly once')
  assert.equal(new Set(pages.map((p) => `${String(p.file)}#${String(p.page)}`)).size, n * pagesEach)
})

/** A writer plugin as a user writes one: a module beside the config, its default export a factory of kind `writer`. */
const WORDS_WRITER = `
// No zod here: a schema is anything with safeParse.
const optionsSchema = { safeParse: (v) => ({ success: true, data: { suffix: 'words.txt', ...v } }) }
export default {
  kind: 'writer', name: 'words', optionsSchema,
  create: (o) => ({
    name: 'words',
    write: (doc) => {
      if (o.fail) throw new Error('disk quota of the words service')
      const words = doc.pages.map((p) => p.page.text.split(/\\s+/).filter(Boolean).length)
      // o.turn: the file says it shows those pages otherwise than the input, as a searchable PDF turning pages does
      const pages = o.turn ? { pages: o.turn } : {}
      return [{ role: 'words', path: o.escape ? '../escaped.txt' : \`\${doc.stem}.\${o.suffix}\`, data: \`\${doc.file}: \${words.join(' ')}\\n\`, ...pages }]
    },
  }),
}
`

test('a writer named by relative path is called beside the configured ones; its files are reported by role', async (t) => {
  const dir = folder(t, {
    'config.json': JSON.stringify({ ...EXTRACT_ONLY, writers: ['./words-writer.mjs', 'text'] }),
    'words-writer.mjs': WORDS_WRITER,
    'in/a.pdf': await fx.longPdf(2),
  })
  const r = await run(dir)
  const [done] = r.of('document-done')
  assert.ok(done, 'the document is done')
  assert.deepEqual(Object.keys(done.files), ['words', 'text'], 'no report: the config replaced the default writers')
  assert.match(readFileSync(join(dir, 'out', done.files.words!), 'utf8'), /^in.a\.pdf: \d+ \d+\n$/)
  assert.equal(done.row.text, done.files.text)
  assert.equal(done.row.report, '')
})

test("a writer's error fails the document, named by the writer; a path outside the output folder is refused", async (t) => {
  const dir = folder(t, {
    'fail.json': JSON.stringify({ ...EXTRACT_ONLY, writers: [{ use: './words-writer.mjs', options: { fail: true } }] }),
    'escape.json': JSON.stringify({ ...EXTRACT_ONLY, writers: [{ use: './words-writer.mjs', options: { escape: true } }] }),
    'words-writer.mjs': WORDS_WRITER,
    'in/a.pdf': await fx.longPdf(1),
  })
  const failed = await run(dir, { configFile: 'fail.json' })
  assert.deepEqual(
    failed.of('failed').map((e) => [e.code, e.message]),
    [['PLUGIN_FAILED', '[words] write: disk quota of the words service']],
  )
  const escaped = await run(dir, { configFile: 'escape.json' })
  assert.deepEqual(
    escaped.of('failed').map((e) => e.code),
    ['OUTPUT_PATH_INVALID'],
  )
})

test("the pages a writer's file shows turned or straightened are said on their pages.jsonl rows; a broken answer is named", async (t) => {
  const writers = (turn: unknown) => JSON.stringify({ ...EXTRACT_ONLY, writers: [{ use: './words-writer.mjs', options: { turn } }] })
  const dir = folder(t, {
    'turn.json': writers([{ pageNumber: 2, turned: 90, straightened: -1.2345 }]),
    'bad.json': writers([{ pageNumber: 4, turned: 90 }]),
    'words-writer.mjs': WORDS_WRITER,
    'in/a.pdf': await fx.longPdf(3),
  })
  const r = await run(dir, { configFile: 'turn.json' })
  assert.equal(r.of('document-done').length, 1)
  const { pages } = readIndex(join(dir, 'out'))
  assert.deepEqual(
    pages.map((p) => [p.page, p.turned, p.straightened]),
    [
      [1, undefined, undefined],
      [2, 90, -1.23],
      [3, undefined, undefined],
    ],
  )
  const bad = await run(dir, { configFile: 'bad.json' })
  const [failed] = bad.of('failed')
  assert.equal(failed?.code, 'PLUGIN_INVALID')
  assert.match(
    failed.message,
    /^\[words\] write: returned files that break the contract: documents\/\w+\.words\.txt: its `pages` name page 4, not a page of the document \(1-3\)/,
  )
})

test('pdf adds the searchable-PDF writer to the default ones', async (t) => {
  const dir = folder(t, { 'config.json': JSON.stringify(EXTRACT_ONLY), 'in/a.pdf': await fx.healthyPdf('fr') })
  const r = await run(dir, { pdf: true })
  const [done] = r.of('document-done')
  assert.deepEqual(Object.keys(done!.files).sort(), ['pdf', 'report', 'text'])
  assert.equal(
    readFileSync(join(dir, 'out', done!.row.pdf))
      .subarray(0, 5)
      .toString(),
    '%PDF-',
  )
})

/** An OCR engine that fails every page, as a mistyped language or a broken engine does. */
const FAILING_OCR = `
export default {
  kind: 'ocr', name: 'failing', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) },
  create: () => ({
    name: 'failing',
    recognize: async () => { throw Object.assign(new Error('[failing] the engine cannot read this page'), { code: 'OCR_FAILED' }) },
    close: async () => {},
  }),
}
`

test("a page whose OCR failed makes its document's row say so, with the page and the engine's error", async (t) => {
  const dir = folder(t, {
    'config.json': JSON.stringify({ ...EXTRACT_ONLY, ocr: './failing-ocr.mjs', policy: 'auto' }),
    'failing-ocr.mjs': FAILING_OCR,
    // page 1 reads, page 2 is a scan with no layer: only page 2 goes to OCR
    'in/mixed.pdf': await fx.buildPdf([{ blocks: [{ text: fx.ENGLISH_PROSE }] }, { scan: { text: fx.FRENCH_DECREE } }]),
  })
  const r = await run(dir)
  const { docs, pages } = readIndex(join(dir, 'out'))
  assert.equal(pages.find((p) => p.page === 2)?.action, 'failed', 'the page failed')
  assert.equal(docs.length, 1)
  const row = docs[0]!
  // the document is written (page 1's text, page 2's layer kept), but its row carries the failure
  assert.equal(row.status, 'done')
  assert.equal(row.error_code, 'OCR_FAILED')
  assert.match(row.error_message!, /^1 page\(s\) failed, their layer kept \(2\): page 2: .*the engine cannot read this page/)
  assert.equal(r.summary.pages.failed, 1)
})

test('an output folder under a file rejects with OUTPUT_PATH_INVALID naming the folder', async (t) => {
  const dir = folder(t, { 'config.json': JSON.stringify(EXTRACT_ONLY), afile: 'x', 'in/a.pdf': await fx.longPdf(1) })
  await assert.rejects(run(dir, { outDir: 'afile/out' }), (e: Error & { code: string }) => {
    assert.equal(e.code, 'OUTPUT_PATH_INVALID')
    assert.equal(e.message, `Cannot create the output folder ${join(dir, 'afile', 'out')}: ENOTDIR (a part of the path is a file)`)
    return true
  })
})
