import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test, type TestContext } from 'node:test'
import { parseCsv, runBatch } from '@pdftriage/batch'
import { Redis } from 'ioredis'
import * as fx from '@pdftriage/fixtures'
import { closeWithin } from '../src/connection.js'
import { waitForFile } from '../src/wait.js'
import { collect, queueStatus, runQueued, runWorker, type QueuedBatchEvent } from '../src/index.js'
import { redisAvailable, startRedis } from '@pdftriage/fixtures'

const redis = redisAvailable()
const skip = redis.ok ? false : `needs a real redis-server: ${redis.why}`

/** pdf.js and the character gates only: born-digital documents, no OCR (fast). */
const EXTRACT_ONLY = { judges: ['@pdftriage/judge-gates'], repairs: [], ocr: null, postprocess: [], policy: 'extract' }
const DOCS = 60
/** A test with Redis takes 2-15 s here; a stall fails its own test, by name, instead of the whole run. */
const timeout = 180_000

function folder(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdftriage-queue-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** 60 distinct one-page documents, a copy of one of them (`copy.pdf`, listed first) and a file that is not a PDF. */
async function inputs(dir: string): Promise<void> {
  mkdirSync(join(dir, 'in'), { recursive: true })
  writeFileSync(join(dir, 'config.json'), JSON.stringify(EXTRACT_ONLY))
  const texts = [fx.ENGLISH_PROSE, fx.FRENCH_PROSE, fx.FRENCH_DECREE]
  for (let i = 0; i < DOCS; i++) {
    const pdf = await fx.buildPdf([{ blocks: [{ text: `Document ${i}.\n\n${texts[i % texts.length]}` }] }])
    writeFileSync(join(dir, 'in', `doc${String(i).padStart(2, '0')}.pdf`), pdf)
    if (i === 7) writeFileSync(join(dir, 'in', 'copy.pdf'), pdf)
  }
  writeFileSync(join(dir, 'in', 'bad.pdf'), fx.notPdf())
}

/** The index with what depends on timing or completion order blanked: seconds, pages_end; rows sorted. */
function index(out: string) {
  const [header, ...rows] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
  const docs = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, ['seconds', 'pages_end'].includes(h) ? '' : r[i]!])))
  const pages = readFileSync(join(out, 'pages.jsonl'), 'utf8').split('\n').filter(Boolean).sort()
  return { docs: docs.sort((a, b) => (a.path! < b.path! ? -1 : 1)), pages }
}

/** Every file under documents/, timings and pdf.js's per-thread font counters blanked in the reports. */
function documents(out: string): Record<string, string> {
  const dir = join(out, 'documents')
  const r: Record<string, string> = {}
  for (const f of readdirSync(dir).sort()) {
    let s = readFileSync(join(dir, f), 'utf8')
    if (f.endsWith('.json')) {
      const j = JSON.parse(s) as { ms: number; postprocessMs: number | null; pageVerdicts?: Array<{ ms: number }> }
      j.ms = 0
      j.postprocessMs = 0
      for (const p of j.pageVerdicts ?? []) p.ms = 0
      s = JSON.stringify(j).replace(/g_d\d+_f/g, 'g_dN_f')
    }
    r[f] = s
  }
  return r
}

/**
 * Starts a worker process (see worker-proc.ts for `killAt` and `serve`); `onEvent` sees its events as they come;
 * `ended` resolves them all and how it ended.
 */
function worker(url: string, out: string, o: { killAt?: number; serve?: boolean } = {}, onEvent: (e: Record<string, unknown>) => void = () => {}) {
  const script = fileURLToPath(new URL('./worker-proc.js', import.meta.url))
  const args = [script, url, out, ...(o.killAt ? ['--kill-at', String(o.killAt)] : []), ...(o.serve ? ['--serve'] : [])]
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let text = ''
  let rest = ''
  child.stdout!.on('data', (b: Buffer) => {
    text += b.toString()
    const lines = (rest + b.toString()).split('\n')
    rest = lines.pop() ?? ''
    for (const l of lines) if (l) onEvent(JSON.parse(l) as Record<string, unknown>)
  })
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; events: Array<Record<string, unknown>> }>((res) =>
    child.once('close', (code, signal) =>
      res({
        code,
        signal,
        events: text
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      }),
    ),
  )
  return { child, ended }
}

test('a producer and two workers, one killed mid-document, give the index and outputs of a local run, each document once', { skip, timeout }, async (t) => {
  const { url } = await startRedis(t)
  const dir = folder(t)
  await inputs(dir)
  const local = await runBatch({ inputs: ['in'], outDir: 'local', cwd: dir, configFile: 'config.json', jobs: 1 })
  assert.equal(local.done, DOCS)

  const events: QueuedBatchEvent[] = []
  const workers: Array<ReturnType<typeof worker>> = []
  const summary = await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url, scanMs: 500 }, (e) => {
    events.push(e)
    // Workers start once the jobs are in (an idle worker of an empty queue would stop at once); the second once the
    // first has a job, so that the first surely gets to its third document, where it kills itself.
    if (e.type !== 'enqueued') return
    let second = false
    workers.push(
      worker(url, join(dir, 'out'), { killAt: 3 }, (w) => {
        if (w.type === 'job-started' && !second) {
          second = true
          workers.push(worker(url, join(dir, 'out')))
        }
      }),
    )
  })
  // The second worker was started by the time the first was killed: both are in `workers` once the first has ended.
  const killed = await workers[0]!.ended
  const survivor = await workers[1]!.ended
  assert.equal(killed.signal, 'SIGKILL', 'the first worker killed itself')
  assert.equal(survivor.code, 0)

  assert.deepEqual(
    events.find((e) => e.type === 'enqueued'),
    { type: 'enqueued', submitted: DOCS + 1, alreadyDone: 0, queue: url },
  )
  assert.deepEqual({ ...summary, seconds: 0, outDir: '' }, { ...local, seconds: 0, outDir: '' })
  const q = index(join(dir, 'out'))
  assert.deepEqual(q, index(join(dir, 'local')), 'same rows as a local run, but for timings and order')
  assert.equal(new Set(q.docs.map((d) => d.path)).size, DOCS + 2, 'one row per input')
  assert.deepEqual(documents(join(dir, 'out')), documents(join(dir, 'local')), 'byte-identical texts and reports')
  const copy = q.docs.find((d) => d.path === join('in', 'copy.pdf'))!
  const dup = q.docs.filter((d) => d.status === 'duplicate')
  assert.deepEqual(
    dup.map((d) => [d.path, d.duplicate_of]),
    [[join('in', 'doc07.pdf'), join('in', 'copy.pdf')]],
    'the copy is listed once as a duplicate',
  )
  assert.equal(copy.status, 'done')
  const bad = q.docs.find((d) => d.path === join('in', 'bad.pdf'))!
  assert.deepEqual([bad.status, bad.error_code, bad.hash?.length], ['failed', 'PDF_INVALID', 128])

  // The document the killed worker held was done by the survivor, once.
  const started = killed.events.filter((e) => e.type === 'job-started')
  const lostFile = started[2]!.file as string
  assert.ok(!killed.events.some((e) => e.type === 'job-done' && e.file === lostFile), 'killed before it finished')
  assert.ok(
    survivor.events.some((e) => e.type === 'job-done' && e.file === lostFile && e.status === 'done'),
    'taken over by the other worker',
  )
  assert.equal(q.pages.filter((l) => (JSON.parse(l) as { file: string }).file === lostFile).length, 1)

  assert.deepEqual(await queueStatus({ queue: url, outDir: 'out', cwd: dir }).then((s) => ({ ...s, name: '' })), {
    queue: url,
    name: '',
    waiting: 0,
    active: 0,
    done: DOCS,
    failed: 1,
  })

  // A rerun enqueues nothing and rewrites nothing; collecting again appends nothing.
  const before = statSync(join(dir, 'out', 'documents.csv')).mtimeMs
  const again: QueuedBatchEvent[] = []
  const rerun = await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url }, (e) => again.push(e))
  assert.equal(rerun.unchanged, DOCS + 2)
  assert.deepEqual(
    again.find((e) => e.type === 'enqueued'),
    { type: 'enqueued', submitted: 0, alreadyDone: 0, queue: url },
  )
  const c = await collect({ outDir: 'out', cwd: dir, queue: url })
  assert.deepEqual([c.done, c.failed, c.duplicate, c.pending], [0, 0, 0, 0])
  assert.equal(statSync(join(dir, 'out', 'documents.csv')).mtimeMs, before)
})

test('a producer killed after enqueueing: workers finish, collect writes the index from the completion records', { skip, timeout }, async (t) => {
  const { url } = await startRedis(t)
  const dir = folder(t)
  await inputs(dir)
  // collect: false stands for a producer gone once its jobs are in.
  await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url, collect: false })
  assert.equal(readFileSync(join(dir, 'out', 'queue', 'name'), 'utf8').startsWith('pdftriage-'), true)
  const w = await runWorker({ queue: url, outDir: 'out', cwd: dir, exitWhenIdle: true, idleCheckMs: 200 })
  assert.deepEqual(w, { done: DOCS, failed: 1, alreadyDone: 0 })
  const c = await collect({ outDir: 'out', cwd: dir })
  assert.deepEqual([c.done, c.failed, c.duplicate, c.pending], [DOCS, 1, 1, 0])
  const rows = index(join(dir, 'out')).docs
  assert.equal(rows.length, DOCS + 2)
})

test(
  'a page whose render hangs costs that page alone, not the job: the document runs again with it unread, under the page timeout',
  { skip, timeout },
  async (t) => {
    const { url } = await startRedis(t)
    const dir = folder(t)
    mkdirSync(join(dir, 'in'), { recursive: true })
    fx.hangingLookConfig(dir, { needsOcr: true })
    writeFileSync(join(dir, 'in', 'hang.pdf'), 'LOOKHANG')
    writeFileSync(join(dir, 'in', 'ok.pdf'), 'ok')
    await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'pdftriage.config.json', queue: url, collect: false })
    // Without the document processes' page clock the job would hang for good (the render holds the thread).
    const w = await runWorker({ queue: url, outDir: 'out', cwd: dir, exitWhenIdle: true, idleCheckMs: 200, limits: { pageTimeoutMs: 2000 } })
    assert.deepEqual(w, { done: 2, failed: 0, alreadyDone: 0 })
    const c = await collect({ outDir: 'out', cwd: dir })
    assert.deepEqual([c.done, c.failed], [2, 0])
    const { docs, pages } = index(join(dir, 'out'))
    const hang = docs.find((r) => r.path === join('in', 'hang.pdf'))!
    assert.deepEqual([hang.status, hang.error_code], ['done', 'PAGE_TIMEOUT'])
    assert.match(hang.error_message!, /^1 page\(s\) failed, their layer kept \(2\): page 2: page 2 needs OCR, but its image was not read/)
    const rows = pages.map((l) => JSON.parse(l) as { file: string; page: number; action: string; notes: string[] })
    const actions = (file: string) =>
      rows
        .filter((p) => p.file === join('in', file))
        .sort((a, b) => a.page - b.page)
        .map((p) => p.action)
    assert.deepEqual(actions('hang.pdf'), ['ocr', 'failed', 'ocr'], 'each page once, the one whose render hung failed alone')
    assert.deepEqual(actions('ok.pdf'), ['ocr', 'ocr', 'ocr'])
  },
)

test('a worker that cannot reach Redis says so and gives up after its retry budget', async (t) => {
  const dir = folder(t)
  mkdirSync(join(dir, 'out', 'queue'), { recursive: true })
  writeFileSync(join(dir, 'out', 'queue', 'name'), 'pdftriage-test\n')
  // Port 1 on loopback: nothing listens there, the connection is refused at once.
  const notices: string[] = []
  await assert.rejects(
    runWorker({ queue: 'redis://127.0.0.1:1/0', outDir: 'out', cwd: dir, retryForMs: 1000 }, (e) => e.type === 'notice' && notices.push(e.message)),
    (e: Error & { code?: string }) => e.code === 'QUEUE_UNREACHABLE' && /redis:\/\/127\.0\.0\.1:1\/0/.test(e.message) && /rerun/.test(e.message),
  )
  assert.ok(notices.length >= 2 && notices.every((m) => /cannot reach Redis at redis:\/\/127\.0\.0\.1:1\/0: retry \d+ in/.test(m)), notices.join('\n'))
})

test('Redis restarted empty mid-run: the worker reconnects, a rerun of the producer completes the index from what is done', { skip, timeout }, async (t) => {
  const first = await startRedis(t)
  const dir = folder(t)
  await inputs(dir)
  await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: first.url, collect: false })
  const notices: string[] = []
  let restarted: Promise<unknown> | undefined
  let done = 0
  // The restart happens from the worker's own event, after its 5th document, while it holds the next jobs' queue.
  const w1 = await runWorker({ queue: first.url, outDir: 'out', cwd: dir, exitWhenIdle: true, idleCheckMs: 200 }, (e) => {
    if (e.type === 'notice') notices.push(e.message)
    if (e.type === 'job-done' && ++done === 5) restarted = first.stop().then(() => startRedis(t, first.port))
  })
  await restarted
  assert.ok(
    notices.some((m) => m.startsWith(`cannot reach Redis at ${first.url}: retry 1 in`)),
    notices.join('\n'),
  )
  assert.ok(w1.done + w1.failed >= 5 && w1.done < DOCS, `some documents done before the restart (${w1.done}), not all`)

  const events: QueuedBatchEvent[] = []
  let w2: Promise<unknown> | undefined
  const summary = await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: first.url, scanMs: 500 }, (e) => {
    events.push(e)
    if (e.type === 'enqueued') w2 = runWorker({ queue: first.url, outDir: 'out', cwd: dir, exitWhenIdle: true, idleCheckMs: 200 })
  })
  await w2
  const enq = events.find((e) => e.type === 'enqueued') as Extract<QueuedBatchEvent, { type: 'enqueued' }>
  assert.equal(enq.alreadyDone, w1.done + w1.failed, 'what the first worker finished is not enqueued again')
  assert.equal(enq.submitted + enq.alreadyDone, DOCS + 1)
  assert.deepEqual([summary.done, summary.failed, summary.duplicate], [DOCS, 1, 1])
  const rows = index(join(dir, 'out')).docs
  assert.equal(rows.length, DOCS + 2)
  assert.equal(new Set(rows.map((r) => r.path)).size, DOCS + 2)
})

test('a producer that cannot reach Redis says so, gives up after its budget, and leaves its plan for a rerun', async (t) => {
  const dir = folder(t)
  await inputs(dir)
  const notices: string[] = []
  await assert.rejects(
    runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: 'redis://127.0.0.1:1/0', retryForMs: 1000 }, (e) => {
      if (e.type === 'notice') notices.push(e.message)
    }),
    (e: Error & { code?: string }) => e.code === 'QUEUE_UNREACHABLE',
  )
  assert.ok(notices.length >= 2, notices.join('\n'))
  assert.equal(readdirSync(join(dir, 'out', 'queue', 'plans')).length, 1)
  // The rows that need no worker are in (the copy); the documents wait for a rerun.
  const [, ...rows] = parseCsv(readFileSync(join(dir, 'out', 'documents.csv'), 'utf8'))
  assert.deepEqual(
    rows.map((r) => [r[0], r[3]]),
    [[join('in', 'doc07.pdf'), 'duplicate']],
  )
})

test('two producers at once on the same inputs: each document enqueued and indexed once, one of them collects', { skip, timeout }, async (t) => {
  const { url } = await startRedis(t)
  const dir = folder(t)
  await inputs(dir)
  const seen: Array<Extract<QueuedBatchEvent, { type: 'enqueued' | 'notice' }>> = []
  let w: Promise<unknown> | undefined
  const produce = () =>
    runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url, scanMs: 500 }, (e) => {
      if (e.type === 'enqueued' || e.type === 'notice') seen.push(e)
      if (e.type === 'enqueued') w ??= runWorker({ queue: url, outDir: 'out', cwd: dir, exitWhenIdle: true, idleCheckMs: 200 })
    })
  const [a, b] = await Promise.all([produce(), produce()])
  await w
  assert.ok(
    seen.some((e) => e.type === 'notice' && /another collector/.test(e.message)),
    'the second one only enqueued',
  )
  assert.equal(a.done + b.done, DOCS)
  const s = await queueStatus({ queue: url, outDir: 'out', cwd: dir })
  assert.deepEqual([s.waiting, s.active, s.done, s.failed], [0, 0, DOCS, 1], 'one job per document in Redis')
  const rows = index(join(dir, 'out')).docs
  assert.equal(rows.length, DOCS + 2)
  assert.equal(new Set(rows.map((r) => r.path)).size, DOCS + 2)
  // Each producer readied a queue of its own for a folder without one; the one whose name was not published is gone.
  const redisClient = new Redis(url)
  t.after(() => redisClient.disconnect())
  const queues = new Set((await redisClient.keys('bull:*')).map((k) => k.split(':')[1]))
  assert.deepEqual([...queues], [readFileSync(join(dir, 'out', 'queue', 'name'), 'utf8').trim()])
})

test('a worker stopped while Redis is down stops once its document is done, its connections dropped', { skip, timeout }, async (t) => {
  const r = await startRedis(t)
  const dir = folder(t)
  await inputs(dir)
  await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: r.url, collect: false })
  const ac = new AbortController()
  const notices: string[] = []
  let stopped: Promise<void> | undefined
  // Redis goes down after the first document; the worker is stopped once a connection waits for its second try, when
  // BullMQ's close alone never returns (ioredis does not end a connection that waits to reconnect).
  const s = await runWorker({ queue: r.url, outDir: 'out', cwd: dir, signal: ac.signal, closeGraceMs: 1000 }, (e) => {
    if (e.type === 'job-done') stopped ??= r.stop()
    if (e.type !== 'notice') return
    notices.push(e.message)
    if (/: retry 2 in/.test(e.message)) ac.abort()
  })
  await stopped
  assert.ok(s.done + s.failed >= 1 && s.done < DOCS, `documents done before Redis went down: ${JSON.stringify(s)}`)
  assert.ok(
    notices.some((m) => /^Redis connections not closed 1 s after the last document \(Redis out of reach\): dropped$/.test(m)),
    notices.join('\n'),
  )
  // What was done is on disk: a collect pass indexes it without Redis.
  const c = await collect({ outDir: 'out', cwd: dir })
  assert.equal(c.done + c.failed, s.done + s.failed)
})

test('closeWithin drops what does not close in time, and only that', async () => {
  const calls: string[] = []
  const item = (name: string, close: () => Promise<unknown>) => ({
    close: () => (calls.push(`close ${name}`), close()),
    disconnect: async () => void calls.push(`disconnect ${name}`),
  })
  assert.equal(await closeWithin([item('a', async () => {}), undefined], 1000), true)
  assert.deepEqual(calls, ['close a'])
  calls.length = 0
  // A close that never settles, as BullMQ's on a connection waiting to reconnect.
  assert.equal(await closeWithin([item('b', () => new Promise(() => {})), item('c', async () => {})], 50), false)
  assert.deepEqual(calls, ['close b', 'close c', 'disconnect b', 'disconnect c'])
})

/** `n` distinct one-page documents under `sub/` of `dir`, named `<sub>NN.pdf`, and the extract-only config. */
async function smallInputs(dir: string, sub: string, n: number): Promise<string[]> {
  mkdirSync(join(dir, sub), { recursive: true })
  writeFileSync(join(dir, 'config.json'), JSON.stringify(EXTRACT_ONLY))
  const names: string[] = []
  for (let i = 0; i < n; i++) {
    const name = join(sub, `${sub}${String(i).padStart(2, '0')}.pdf`)
    writeFileSync(join(dir, name), await fx.buildPdf([{ blocks: [{ text: `${sub} ${i}.\n\n${fx.ENGLISH_PROSE}` }] }]))
    names.push(name)
  }
  return names
}

test('a worker started before any producer waits for the queue, says so once, and serves two producers in turn until SIGTERM', { skip, timeout }, async (t) => {
  const { url } = await startRedis(t)
  const dir = folder(t)
  const first = await smallInputs(dir, 'in', 4)
  const second = await smallInputs(dir, 'more', 2)
  const out = join(dir, 'out')
  let waiting: () => void = () => {}
  const isWaiting = new Promise<void>((res) => (waiting = res))
  const w = worker(url, out, { serve: true }, (e) => e.type === 'waiting-for-queue' && waiting())
  t.after(() => w.child.kill('SIGKILL'))
  await Promise.race([isWaiting, w.ended.then((r) => assert.fail(`the worker ended before waiting: ${JSON.stringify(r)}`))])
  assert.equal(existsSync(out), false, 'a waiting worker creates nothing')

  // Each producer returns once every document it enqueued is done and in the index; a worker that had stopped would
  // leave it waiting, so its end fails the test at once.
  const produce = (inputs: string) =>
    Promise.race([
      runQueued({ inputs: [inputs], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url, scanMs: 500 }),
      w.ended.then((r) => assert.fail(`the worker ended with the producer still waiting: ${JSON.stringify(r)}`)),
    ])
  const a = await produce('in')
  assert.deepEqual([a.done, a.failed], [first.length, 0])
  // The queue is drained now: the served worker stays up for the next producer.
  const b = await produce('more')
  assert.deepEqual([b.done, b.failed], [second.length, 0])

  w.child.kill('SIGTERM')
  const end = await w.ended
  assert.deepEqual([end.code, end.signal], [0, null], 'SIGTERM stops it cleanly')
  assert.equal(end.events.filter((e) => e.type === 'waiting-for-queue').length, 1, 'says it waits once')
  assert.deepEqual(
    end.events
      .filter((e) => e.type === 'job-done')
      .map((e) => [e.file, e.status])
      .sort(),
    [...first, ...second].map((f) => [f, 'done']).sort(),
    'every document done by this worker',
  )
  assert.deepEqual(end.events.at(-1), { type: 'summary', done: first.length + second.length, failed: 0, alreadyDone: 0 })
  const rows = index(out).docs
  assert.deepEqual(rows.map((r) => [r.path, r.status]).sort(), [...first, ...second].map((f) => [f, 'done']).sort(), 'and collected')
})

test('a worker that stops when idle, started before the producer, waits for the queue and takes every job before it stops', { skip, timeout }, async (t) => {
  const { url } = await startRedis(t)
  const dir = folder(t)
  const docs = await smallInputs(dir, 'in', 5)
  let produced: Promise<unknown> | undefined
  // The producer starts only once the worker says it waits, and enqueues without collecting: the worker's end is the
  // only signal that the documents are done.
  const w = await runWorker({ queue: url, outDir: 'out', cwd: dir, exitWhenIdle: true, idleCheckMs: 200 }, (e) => {
    if (e.type === 'waiting-for-queue') produced = runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url, collect: false })
  })
  await produced
  assert.deepEqual(w, { done: docs.length, failed: 0, alreadyDone: 0 })
  const c = await collect({ outDir: 'out', cwd: dir })
  assert.deepEqual([c.done, c.failed, c.pending], [docs.length, 0, 0])
})

test('a worker waiting for a queue stops when its signal aborts, having created nothing', async (t) => {
  const dir = folder(t)
  const ac = new AbortController()
  const events: string[] = []
  // Nothing listens on port 1: a waiting worker does not connect to Redis yet.
  const s = await runWorker({ queue: 'redis://127.0.0.1:1/0', outDir: 'out', cwd: dir, signal: ac.signal }, (e) => {
    events.push(e.type)
    if (e.type === 'waiting-for-queue') ac.abort()
  })
  assert.deepEqual(s, { done: 0, failed: 0, alreadyDone: 0 })
  assert.deepEqual(events, ['waiting-for-queue'])
  assert.deepEqual(readdirSync(dir), [])
})

test('waitForFile: a watch sees the file and the folders made on the way to it; without watch events, the poll does', async (t) => {
  const dir = folder(t)
  const file = join(dir, 'out', 'queue', 'name')
  // An hour's poll: only the watch can see the file within the test's time.
  const watched = waitForFile(file, { pollMs: 3_600_000, top: dir })
  mkdirSync(join(dir, 'out', 'queue'), { recursive: true })
  writeFileSync(file, 'pdftriage-x\n')
  assert.equal(await watched, true)
  rmSync(join(dir, 'out'), { recursive: true })
  const polled = waitForFile(file, { pollMs: 20, top: dir, watch: false })
  mkdirSync(join(dir, 'out', 'queue'), { recursive: true })
  writeFileSync(file, 'pdftriage-x\n')
  assert.equal(await polled, true)
  const ac = new AbortController()
  const aborted = waitForFile(join(dir, 'other'), { pollMs: 3_600_000, top: dir, signal: ac.signal })
  ac.abort()
  assert.equal(await aborted, false)
})

test("the PDF writer's flags given to the producer reach the workers: --output-type pdfa writes PDF/A", { skip, timeout }, async (t) => {
  const { url } = await startRedis(t)
  const dir = folder(t)
  mkdirSync(join(dir, 'in'))
  writeFileSync(join(dir, 'config.json'), JSON.stringify(EXTRACT_ONLY))
  // a scan with no layer, not OCRed under this config: a PDF/A needs no font for it
  writeFileSync(join(dir, 'in', 'scan.pdf'), await fx.scannedPdf('Arrêté du maire.'))
  const run = (pdfOptions?: Record<string, unknown>) =>
    runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url, pdf: true, ...(pdfOptions ? { pdfOptions } : {}) })
  const written = () =>
    readdirSync(join(dir, 'out', 'documents'))
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => readFileSync(join(dir, 'out', 'documents', f), 'latin1'))
  const ac = new AbortController()
  const worker = runWorker({ queue: url, outDir: 'out', cwd: dir, signal: ac.signal })
  try {
    const plain = await run()
    assert.equal(plain.done, 1)
    assert.ok(!written()[0]!.includes('<pdfaid:part>'), 'without the flag the PDF is plain')
    // another configuration (the digest counts the writer's options): the document is done again, its PDF now PDF/A
    const pdfa = await run({ outputType: 'pdfa' })
    assert.equal(pdfa.done, 1)
    const [file, ...more] = written()
    assert.equal(more.length, 0)
    assert.ok(file!.includes('<pdfaid:part>2</pdfaid:part>') && file!.includes('<pdfaid:conformance>B</pdfaid:conformance>'))
  } finally {
    ac.abort()
    await worker
  }
})
