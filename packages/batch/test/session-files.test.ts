import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { processFiles, type DocumentProgress, type FileOutcome, type SessionOptions } from '../src/index.js'
import { EXTRACT_ONLY, folder } from './helpers.js'

/** A writer of the config's folder that refuses every input from its bytes, and writes nothing when asked. */
const REFUSER = `export default { kind: 'writer', name: 'refuser', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) },
  create: () => ({ name: 'refuser', precheck: ({ file, pdf }) => { throw Object.assign(new Error(file + ' refused, ' + pdf.length + ' bytes'), { code: 'PDFA_INCOMPATIBLE' }) }, write: () => [] }) }`

/** Runs one document given as bytes; what the sink heard. */
async function runOne(dir: string, bytes: Uint8Array, o: Partial<SessionOptions>) {
  const events: DocumentProgress[] = []
  let outcome: FileOutcome | undefined
  const sink = { record: () => {}, outcome: (x: FileOutcome) => void (outcome = x), progress: (ev: DocumentProgress) => void events.push(ev) }
  // two jobs asked: bytes given by the caller keep the document in this thread all the same
  await processFiles([{ file: '(standard input)', bytes }], { mode: 'run', cwd: dir, configFile: 'config.json', ...o }, 2, sink)
  assert.ok(outcome)
  return { events, outcome }
}

test("a front end's own writers return their files to it: nothing is written, the progress comes in order", async (t) => {
  const dir = folder(t, { 'config.json': JSON.stringify(EXTRACT_ONLY) })
  const bytes = await fx.healthyPdf('fr')
  const { events, outcome } = await runOne(dir, bytes, { writers: ['@pdftriage/write-text'], returnFiles: true, postprocess: false })
  assert.equal(outcome.status, 'done', JSON.stringify(outcome.error))
  const pages = outcome.document!.pages
  assert.ok(pages >= 1)
  assert.deepEqual(readdirSync(dir), ['config.json'], 'no output folder, no file')
  assert.deepEqual(
    outcome.files?.map((f) => f.role),
    ['text'],
  )
  const text = outcome.files[0]!.data as string
  assert.equal(text.split('\f').length, pages)
  assert.ok(text.length > 100, 'the pages read')
  // opened, then every page in order (each after its stages), then the writers
  assert.deepEqual(events[0], { type: 'opened', pages })
  assert.deepEqual(events.at(-1), { type: 'writing' })
  const done = events.filter((e) => e.type === 'page')
  assert.deepEqual(
    done.map((e) => [e.page, e.action, e.regions]),
    Array.from({ length: pages }, (_, i) => [i + 1, 'kept', false]),
  )
  assert.ok(
    events.every((e, i) => e.type !== 'stage' || events.slice(i).some((x) => x.type === 'page' && x.page === e.page)),
    'a stage comes before its page is done',
  )
})

test("a writer's precheck fails the document before it is opened, when the front end asks; a run does not ask", async (t) => {
  const dir = folder(t, { 'config.json': JSON.stringify(EXTRACT_ONLY), 'refuser.mjs': REFUSER })
  const bytes = await fx.healthyPdf('fr')
  const asked = await runOne(dir, bytes, { writers: ['./refuser.mjs'], returnFiles: true, precheck: true })
  assert.equal(asked.outcome.status, 'failed')
  assert.deepEqual(asked.outcome.error && [asked.outcome.error.code, asked.outcome.error.message], [
    'PDFA_INCOMPATIBLE',
    `(standard input) refused, ${bytes.length} bytes`,
  ])
  assert.deepEqual(asked.events, [], 'not opened')
  const run = await runOne(dir, bytes, { writers: ['./refuser.mjs'], returnFiles: true })
  assert.equal(run.outcome.status, 'done')
  assert.deepEqual(run.outcome.files, [])
  assert.equal(run.events[0]?.type, 'opened')
})
