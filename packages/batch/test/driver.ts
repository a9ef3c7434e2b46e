// A run of the batch in its own process, for tests that kill it, limit its file sizes or run two at once. Reads
// the RunBatchOptions as JSON from argv[2]; prints each event as a JSON line; exit 1 with the message on stderr when
// the run stops with an error.
import { runBatch } from '../src/index.js'

const options = JSON.parse(process.argv[2]!)
try {
  const summary = await runBatch(options, (e) => process.stdout.write(`${JSON.stringify(e)}\n`))
  process.stdout.write(`${JSON.stringify({ type: 'summary', summary })}\n`)
} catch (e) {
  process.stderr.write(`${(e as { code?: string }).code ?? ''}: ${(e as Error).message}\n`)
  process.exitCode = (e as { code?: string }).code === 'OUTPUT_LOCKED' ? 2 : 1
}
