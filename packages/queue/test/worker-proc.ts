// A queue worker process for the tests. Prints its events as JSON lines on stdout. With a third argument K, kills
// itself with SIGKILL as soon as the first page of its K-th document is done: in the middle of a document, with its
// job claimed in Redis and no completion record written. Arguments: queue URL, output folder, [K].
import { runWorker } from '../src/index.js'

const [queue, outDir, killAt] = process.argv.slice(2)
let started = 0
await runWorker({ queue: queue!, outDir: outDir!, exitWhenIdle: true, lockMs: 3000, stalledCheckMs: 1000, idleCheckMs: 300 }, (e) => {
  process.stdout.write(`${JSON.stringify(e.type === 'page-done' ? { type: e.type, file: e.file, page: e.page.page } : e)}\n`)
  if (e.type === 'job-started') started++
  if (killAt && e.type === 'page-done' && started === Number(killAt)) process.kill(process.pid, 'SIGKILL')
})
