// A queue worker process for the tests. Prints its events as JSON lines on stdout. Arguments: queue URL, output
// folder, then options: `--kill-at K` kills it with SIGKILL as soon as the first page of its K-th document is done (in
// the middle of a document, with its job claimed in Redis and no completion record written); `--serve` runs it as a
// service (no exitWhenIdle) until SIGTERM, which stops it as `pdftriage worker` does.
import { parseArgs } from 'node:util'
import { runWorker } from '../src/index.js'

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'kill-at': { type: 'string' }, serve: { type: 'boolean' } } })
const [queue, outDir] = positionals
const killAt = values['kill-at'] === undefined ? undefined : Number(values['kill-at'])
const stop = new AbortController()
process.once('SIGTERM', () => stop.abort())
let started = 0
const summary = await runWorker(
  { queue: queue!, outDir: outDir!, exitWhenIdle: !values.serve, lockMs: 3000, stalledCheckMs: 1000, idleCheckMs: 300, signal: stop.signal },
  (e) => {
    process.stdout.write(`${JSON.stringify(e.type === 'page-done' ? { type: e.type, file: e.file, page: e.page.page } : e)}\n`)
    if (e.type === 'job-started') started++
    if (killAt && e.type === 'page-done' && started === killAt) process.kill(process.pid, 'SIGKILL')
  },
)
process.stdout.write(`${JSON.stringify({ type: 'summary', ...summary })}\n`)
