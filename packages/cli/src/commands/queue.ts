// The commands of a queued run's other machines: `worker` (process queued documents), `collect` (append completed
// rows to the index) and `status` (jobs by state), each with its help, options and run.
import { flag, text, value, wholeNumber } from './options.js'
import { common, defineCommand, language, limitFlags, limitOptions, load, ocrCommandOptions, usage } from './shared.js'

/** --out, and --queue where the command needs it: worker, collect and status say the same. */
function queueArgs(cmd: 'worker' | 'collect' | 'status', o: { out?: string | undefined; queue?: string | undefined }) {
  if (!o.out) usage(`Give the output folder with --out DIR. See pdftriage ${cmd} --help`)
  if (cmd !== 'collect' && !o.queue) usage(`Give the queue with --queue redis://HOST:PORT[/DB]. See pdftriage ${cmd} --help`)
  return { out: o.out, queue: o.queue }
}

export const worker = defineCommand({
  name: 'worker',
  help: `Usage: pdftriage worker --queue redis://HOST:PORT[/DB] --out DIR [-l L] [--concurrency N] [--exit-when-idle]
       [--doc-timeout S] [--page-timeout S] [--max-memory MB]

Processes the documents that \`pdftriage run --queue\` enqueued for DIR (the same folder, seen from this machine;
the input paths must resolve here as on the producer's machine). Each document's outputs and a completion record
are written into DIR; the producer (or \`pdftriage collect\`) appends the index rows. A worker killed mid-document
loses nothing: its job goes to another worker.

A worker is a service: it may start before any producer (DIR without a queue yet, even without DIR: it says so once
and waits for the first producer's queue/name, watching for it and looking every 5 s, as shared folders such as NFS
do not report files other machines create), and stays up when the queue is drained, waiting for the next
producer's documents. It runs until SIGINT/SIGTERM (it finishes the documents in hand; waiting, it stops at once).

Options:
  --queue URL          the producer's Redis (required)
  --out DIR            the output folder (required)
  -l, --language L     OCR languages whose data this machine must have (checked at start: a missing one exits 2);
                       the languages used are each job's: the producer's config and its run --queue -l
  --concurrency N      documents at once (default 1), each in a document process under the limits of pdftriage run
  --doc-timeout S, --page-timeout S, --max-memory MB
                       as for pdftriage run: a document over one fails alone; a page stopped while its image was
                       read costs that page alone (the document runs again with it unread)
  --exit-when-idle     stop once nothing is waiting or running (scripts), instead of serving; without a queue yet
                       it still waits for the first producer, whose jobs are in before its queue/name appears
  -h, --help`,
  options: {
    help: common.help,
    language,
    queue: text(),
    out: text(),
    concurrency: value(wholeNumber('concurrency').default(1)),
    'exit-when-idle': flag(),
    ...limitFlags,
  },
  async run(o, _pos, io) {
    await ocrCommandOptions(o, io)
    const { out, queue } = queueArgs('worker', o)
    const { workerCommand } = await load.queue()
    return await workerCommand({
      queue: queue!,
      out,
      cwd: io.cwd,
      concurrency: o.concurrency,
      exitWhenIdle: o['exit-when-idle'] === true,
      limits: limitOptions(o),
      log: io.stderr,
    })
  },
})

export const collect = defineCommand({
  name: 'collect',
  help: `Usage: pdftriage collect --out DIR [--queue URL]

Appends to DIR's index the rows of the documents the workers completed and that are not in it yet (a producer that
stopped before the end leaves them). Safe to rerun. With --queue, documents the queue gave up on get failed rows.`,
  options: { help: common.help, queue: text(), out: text() },
  async run(o, _pos, io) {
    const { out, queue } = queueArgs('collect', o)
    const { collectCommand } = await load.queue()
    return await collectCommand({ out, cwd: io.cwd, ...(queue ? { queue } : {}), log: io.stderr })
  },
})

export const status = defineCommand({
  name: 'status',
  help: `Usage: pdftriage status --queue URL --out DIR

Prints the jobs of DIR's queue by state: waiting, active, done, failed.`,
  options: { help: common.help, queue: text(), out: text() },
  async run(o, _pos, io) {
    const { out, queue } = queueArgs('status', o)
    const { statusCommand } = await load.queue()
    return await statusCommand({ queue: queue!, out, cwd: io.cwd, print: io.stdout })
  },
})
