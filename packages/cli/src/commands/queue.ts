import { common, intOption, load, ocrCommandOptions, strings, usage, type Command, type Io, type Values } from './shared.js'

/** worker, collect and status: the queued run's commands, which share their checks. */
async function queueRun(cmd: 'worker' | 'collect' | 'status', v: Values, io: Io): Promise<number> {
  const str = strings(v)
  if (cmd === 'worker') await ocrCommandOptions(v, io)
  if (!str('out')) usage(`Give the output folder with --out DIR. See pdftriage ${cmd} --help`)
  if (cmd !== 'collect' && !str('queue')) usage(`Give the queue with --queue redis://HOST:PORT[/DB]. See pdftriage ${cmd} --help`)
  const q = str('queue')
  const { collectCommand, statusCommand, workerCommand } = await load.queue()
  if (cmd === 'worker') {
    const concurrency = intOption(v.concurrency, 'concurrency', 1)
    return await workerCommand({ queue: q!, out: str('out')!, cwd: io.cwd, concurrency, exitWhenIdle: v['exit-when-idle'] === true, log: io.stderr })
  }
  if (cmd === 'status') return await statusCommand({ queue: q!, out: str('out')!, cwd: io.cwd, print: io.stdout })
  return await collectCommand({ out: str('out')!, cwd: io.cwd, ...(q ? { queue: q } : {}), log: io.stderr })
}

export const worker: Command = {
  name: 'worker',
  help: `Usage: pdftriage worker --queue redis://HOST:PORT[/DB] --out DIR [-l L] [--concurrency N] [--exit-when-idle]

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
  --concurrency N      documents at once in this process (default 1)
  --exit-when-idle     stop once nothing is waiting or running (scripts), instead of serving; without a queue yet
                       it still waits for the first producer, whose jobs are in before its queue/name appears
  -h, --help`,
  options: {
    help: common.help,
    language: { type: 'string', short: 'l' },
    queue: { type: 'string' },
    out: { type: 'string' },
    concurrency: { type: 'string' },
    'exit-when-idle': { type: 'boolean' },
  },
  run: (v, _pos, io) => queueRun('worker', v, io),
}

export const collect: Command = {
  name: 'collect',
  help: `Usage: pdftriage collect --out DIR [--queue URL]

Appends to DIR's index the rows of the documents the workers completed and that are not in it yet (a producer that
stopped before the end leaves them). Safe to rerun. With --queue, documents the queue gave up on get failed rows.`,
  options: { help: common.help, queue: { type: 'string' }, out: { type: 'string' } },
  run: (v, _pos, io) => queueRun('collect', v, io),
}

export const status: Command = {
  name: 'status',
  help: `Usage: pdftriage status --queue URL --out DIR

Prints the jobs of DIR's queue by state: waiting, active, done, failed.`,
  options: { help: common.help, queue: { type: 'string' }, out: { type: 'string' } },
  run: (v, _pos, io) => queueRun('status', v, io),
}
