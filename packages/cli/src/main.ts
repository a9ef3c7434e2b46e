import { readFileSync } from 'node:fs'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { closest, distance } from 'fastest-levenshtein'
import { DEFAULT_LIMITS, chooseResources, defaultJobs, thisMachine, type DocumentLimits } from '@pdftriage/batch'
import { TriageError, effectiveWriters, policySchema, type Policy } from '@pdftriage/core'
import { checkOcrLanguages, parseLanguages } from './languages.js'

// Each command's module is imported when the command runs: `triage` then loads neither the report, the model, the
// queue nor the eval code in the main process, which starts a document process of its own for every run.
const commands = {
  eval: () => import('./eval.js'),
  model: () => import('./model-commands.js'),
  ocr: () => import('./ocr-command.js'),
  report: () => import('./report-command.js'),
  queue: () => import('./queue-commands.js'),
  run: () => import('./run.js'),
  triage: () => import('./triage.js'),
}

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

const HELP: Record<string, string> = {
  main: `pdftriage ${VERSION}: is each PDF page's text layer worth reading, or must the page be OCRed?

Usage: pdftriage <command> [options]

Commands:
  triage     judge every page's text layer; JSON Lines on stdout (pages are not OCRed; an OCR engine may look
             at part of a page where the characters cannot tell)
  run        extract, judge, repair, OCR what needs it, and write an output folder (--queue: on workers)
  ocr        one PDF in, a searchable PDF out (as ocrmypdf IN OUT): only the pages that need it are OCRed
  worker     process documents of a queued run (any number of machines sharing the input and output folders)
  collect    append the rows of documents the workers completed to the index (rerunnable)
  status     count the jobs of a queued run: waiting, active, done, failed
  fit        fit a letter-pair model on your own good pages
  calibrate  widen a model's margin until your trusted held-out pages pass
  eval       measure a configuration on a labelled corpus
  report     write a review page (report.html) of a run's output folder

Run \`pdftriage <command> --help\` for a command's options.
Exit codes: 0 done; 1 some documents or pages failed (the rest is done); 2 usage or config error.`,
  triage: `Usage: pdftriage triage [options] PATH...

PATH is a PDF or a folder (searched recursively for *.pdf). Writes one JSON object per page, then one per
document, to stdout; a file that cannot be read gives an "error" line and the others go on. Pages are not OCRed,
but where characters cannot tell the configured OCR engine looks at part of the page: an existing OCR layer is
spot-checked against its image, a thin layer over an image or a vector-only page is compared with what OCR sees
(policy extract, or "ocr": null in the config, turns this off).

Options:
  --config FILE        config file (default: pdftriage.config.json in the current folder, else built-in)
  --model FILE         add the letter-pair judge with this model (made by \`pdftriage fit\`)
  --format jsonl|table output format (default jsonl)
  --with-text          include each page's text in its record
  --policy P           extract | auto | ocr | extract-and-ocr (reported only: triage never OCRs)
  -l, --language L     OCR languages, e.g. fra or fra+eng (default: the config's, else the engine's: fra+eng);
                       checked before any work: a language without its data package exits 2
  --password PW        password of encrypted inputs (over the config's \`password\`); a wrong one fails the file
                       with PDF_ENCRYPTED naming it
  -j, --jobs N         documents processed at once (default: ${defaultJobs()}: the cores, fewer when half the memory cannot hold them)
  --split              with fewer files than jobs, share long documents between workers by page ranges (each worker
                       holds its own pdf.js: more memory; pays on machines with real cores)
  --doc-timeout S, --page-timeout S, --max-memory MB
                       limits on each document, as for run (defaults ${DEFAULT_LIMITS.docTimeoutMs / 1000} s, ${DEFAULT_LIMITS.pageTimeoutMs / 1000} s, ${chooseResources(thisMachine()).maxMemoryMb} MB here)
  -h, --help`,
  run: `Usage: pdftriage run --out DIR [options] PATH...

Extracts, judges, repairs and OCRs the pages that need it, and writes into DIR: documents.csv (one row per input
path), pages.jsonl (one row per page), documents/<hash>.txt (pages separated by form feeds, NFC),
documents/<hash>.clean.txt (rebuilt continuous text), documents/<hash>.json (report) and, with --pdf, a searchable
documents/<hash>.pdf. A rerun processes only new or changed files (a changed config or model counts as a change).
Every column of documents.csv is described in the README of @pdftriage/batch ("The output folder").

Options:
  -o, --out DIR        output folder (required)
  --config FILE        config file
  --model FILE         add the letter-pair judge with this model
  --policy P           extract | auto (default) | ocr | extract-and-ocr
  -l, --language L     OCR languages, e.g. fra or fra+eng (default: the config's, else the engine's: fra+eng);
                       checked before any work: a language without its data package exits 2; another -l
                       on a rerun counts as another configuration (see --redo)
  --password PW        password of encrypted inputs (over the config's \`password\`; not with --queue); a wrong
                       one fails the file with PDF_ENCRYPTED naming it
  -j, --jobs N         documents processed at once (default: ${defaultJobs()}); OCR workers share the cores
  --pdf                also write a searchable PDF per document
  --output-type pdf|pdfa
                       with --pdf: pdf (default) or pdfa, PDF/A-2B (XMP identification, an sRGB output intent); a
                       document PDF/A cannot take (a font not embedded, JavaScript) fails, saying why
  --rotate-pages       with --pdf: turn OCRed pages that were scanned sideways or upside down upright (a /Rotate, as
                       ocrmypdf --rotate-pages; the text layer turns with the page)
  --deskew             with --pdf: draw OCRed scans that OCR found skewed (from 1 degree) straightened (a transform
                       over the page content: the images are not re-encoded; corners turned out of the page are cut)
  --include GLOB       only files matching (repeatable; matched against the path below each folder, or the name;
                       case-insensitive bash globs: *, **, ?, [0-9], {a,b}, e.g. 'r00{18,61}.pdf'; quote them)
  --exclude GLOB       skip files matching (repeatable)
  --redo               process every file again
  --redo-failed        process the files that failed again
  --names hash|mirror  hash (default): files named by content only, documents/<hash>.*; mirror: also under the
                       input's own name, below the folder given: in/a/b/foo.pdf gives DIR/text/a/b/foo.txt (clean
                       text), raw-text/ (pages by form feeds), json/ (report), pdf/ (with --pdf), alto/, hocr/,
                       ocr-text/ as written: hard links to documents/ (copies where links cannot be made). A name
                       that another input holds (two folders with a foo.pdf) stays with the first (earlier runs
                       first, then command-line order): warned, and mirror_collision in documents.csv
  --doc-timeout S      seconds one document may take (default ${DEFAULT_LIMITS.docTimeoutMs / 1000}); over it: DOC_TIMEOUT
  --page-timeout S     seconds one page may take (default ${DEFAULT_LIMITS.pageTimeoutMs / 1000}); over it the document stops: PAGE_TIMEOUT
  --max-memory MB      memory of the process reading one document (default ${chooseResources(thisMachine()).maxMemoryMb} here: half the
                       machine's memory shared by the jobs, at most ${DEFAULT_LIMITS.maxMemoryMb}); over it: DOC_TOO_LARGE
  --report             also write the review page (see pdftriage report --help)
  -q, --quiet          no line per finished document when stderr is not a terminal, no progress bar on one
  --queue URL          redis://HOST:PORT[/DB]: enqueue the new documents for \`pdftriage worker\` processes and
                       write the index as they complete them (without it, no Redis is used). Not with --redo;
                       --password, --output-type, --rotate-pages and --deskew go in the config file workers read
  -h, --help

Each document runs in a child process under these limits: a file that crashes it, hangs or grows without bound fails
alone (a failed row with its hash: a rerun tries it again only with --redo-failed) and the run goes on. One run at a
time writes into DIR (a second one exits with 2).`,
  ocr: `Usage: pdftriage ocr [options] IN.pdf OUT.pdf

Writes OUT.pdf, a searchable copy of IN.pdf: every page is judged, and only a page whose text layer is missing,
thin or junk is OCRed (an invisible text layer is added; the visible page is never rasterised). Unlike ocrmypdf
--skip-text, a page is not skipped because it carries a glyph: a layer of junk is OCRed, and a layer that a repair
can read (a reflected or shifted font, a false character map the repair can settle) is repaired without OCR. IN or OUT may be - for
standard input or output. OUT is written under a temporary name and renamed.

Options:
  -l, --language L     OCR languages, e.g. fra or fra+eng (default: the config's, else the engine's: fra+eng);
                       checked before IN is read: a language without its data package exits 2
  --password PW        password of an encrypted IN (over the config's \`password\`); a wrong one exits 1 naming IN.
                       The searchable copy of an encrypted IN is not written yet (decrypt it first, e.g. with
                       qpdf --decrypt --password=PW): triage and run read it with the password
  -j, --jobs N         OCR workers (default: the engine's, the cores)
  --pages LIST         only these pages may be OCRed, e.g. 1-3,7,10- (the others keep their layer)
  --sidecar FILE       also write the text (pages separated by form feeds, NFC); - for standard output
  --alto FILE          also write ALTO v4 XML of every page (words, boxes in pixels at 300 dpi, OCR confidence)
  --hocr FILE          also write hOCR (XHTML) of every page (words, boxes in pixels at 300 dpi, OCR confidence)
  --output-type pdf|pdfa
                       pdf (default): IN with its text layer; pdfa: PDF/A-2B (XMP identification, an sRGB output
                       intent, every font embedded). An IN that PDF/A cannot take (a font not embedded, JavaScript,
                       a DeviceCMYK image) exits 1 saying why: write it with --output-type pdf
  --force              OCR every page (ocrmypdf --force-ocr, without rasterising: the page's own text stays)
  --rotate-pages       turn OCRed pages that were scanned sideways or upside down upright (a /Rotate, as ocrmypdf
                       --rotate-pages; the invisible text layer turns with the page)
  --deskew             draw OCRed scans that OCR found skewed (from 1 degree, where tesseract straightens the image to
                       read it) straightened: a transform over the page content, so the images are not re-encoded
                       (ocrmypdf re-encodes them); the corners the turn moves out of the page are cut off
  --skip-text          accepted for ocrmypdf scripts: it is what pdftriage does anyway, judging each page
  --config FILE        config file (judges, repairs, OCR engine, password)
  -q, --quiet          no summary line, no progress line (drawn on a terminal: page, stage, time)
  -v, --verbose        one line per page: its layer and what was done
  -h, --help

Exit codes: 0 written (also when no page needed OCR: OUT then carries the text IN had; ocrmypdf's exit 6 for
that case is left out on purpose, as scripts then mistake a finished file for a failure); 1 the document failed;
2 usage or configuration error (an IN that does not exist included). --redo (ocrmypdf --redo-ocr) is not offered: an old OCR layer is spot-checked
against its image, and replaced in the text output when it reads badly, but not removed from the PDF.`,
  report: `Usage: pdftriage report [--config FILE] [--no-images] OUT_DIR

Writes OUT_DIR/report.html, a static review page opened from disk with no server: a summary (documents, pages by
action and layer, OCR seconds spent and saved, failures), one row per page with its thumbnail, verdict, judge and
score against threshold, pages most worth a look first (failures, poor OCR, judges that disagree, scores close to a
threshold, repairs), filters by action, layer and document, and a detail view with the page larger, its notes and the
text kept (the layer's and the OCR's side by side, differences marked, when both were kept). Pictures and page texts
go to OUT_DIR/report/. Run it from the folder the run was started from: the input paths in documents.csv are
relative to it (pages whose source is missing or changed have no picture).

Options:
  --config FILE        config file (the extractor renders the pictures; its password opens encrypted inputs)
  --no-images          no page pictures (fast)
  -h, --help`,
  worker: `Usage: pdftriage worker --queue redis://HOST:PORT[/DB] --out DIR [-l L] [--concurrency N] [--exit-when-idle]

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
  collect: `Usage: pdftriage collect --out DIR [--queue URL]

Appends to DIR's index the rows of the documents the workers completed and that are not in it yet (a producer that
stopped before the end leaves them). Safe to rerun. With --queue, documents the queue gave up on get failed rows.`,
  status: `Usage: pdftriage status --queue URL --out DIR

Prints the jobs of DIR's queue by state: waiting, active, done, failed.`,
  fit: `Usage: pdftriage fit --out model.json [--margin NATS] INPUT...

INPUT is a .txt file (pages separated by form feeds) or a PDF (only the pages the configured judges call healthy
are used; each is listed). Prints the number of pages, the worst page and its score, and the threshold.`,
  calibrate: `Usage: pdftriage calibrate --model model.json [--out calibrated.json] INPUT...

Scores held-out pages you trust (.txt or .pdf, as for fit) and widens the margin just enough that they all pass,
printing each page's distance below the worst training page. Writes the model in place unless --out is given.`,
  eval: `Usage: pdftriage eval --labels labels.jsonl [--config FILE] [--model FILE] [--jobs N] [--format text|jsonl] ROOT

Triages every page listed in labels.jsonl (lines {"file": <path under ROOT>, "page": N, "label": ..., "needs_ocr":
true|false|null}) and prints, per label class, how many pages were sent to OCR or kept, the missed pages (need OCR,
called readable) and the needless ones (readable, sent to OCR), then every wrong page with its notes.`,
}

const common = {
  help: { type: 'boolean', short: 'h' },
  config: { type: 'string' },
  model: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  policy: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const

const OPTIONS: Record<string, ParseArgsConfig['options']> = {
  triage: {
    ...common,
    language: { type: 'string', short: 'l' },
    password: { type: 'string' },
    format: { type: 'string' },
    'with-text': { type: 'boolean' },
    split: { type: 'boolean' },
    'doc-timeout': { type: 'string' },
    'page-timeout': { type: 'string' },
    'max-memory': { type: 'string' },
  },
  run: {
    ...common,
    language: { type: 'string', short: 'l' },
    password: { type: 'string' },
    out: { type: 'string', short: 'o' },
    'doc-timeout': { type: 'string' },
    'page-timeout': { type: 'string' },
    'max-memory': { type: 'string' },
    pdf: { type: 'boolean' },
    'output-type': { type: 'string' },
    'rotate-pages': { type: 'boolean' },
    deskew: { type: 'boolean' },
    report: { type: 'boolean' },
    redo: { type: 'boolean' },
    'redo-failed': { type: 'boolean' },
    include: { type: 'string', multiple: true },
    exclude: { type: 'string', multiple: true },
    queue: { type: 'string' },
    names: { type: 'string' },
  },
  worker: {
    help: common.help,
    language: { type: 'string', short: 'l' },
    queue: { type: 'string' },
    out: { type: 'string' },
    concurrency: { type: 'string' },
    'exit-when-idle': { type: 'boolean' },
  },
  collect: { help: common.help, queue: { type: 'string' }, out: { type: 'string' } },
  status: { help: common.help, queue: { type: 'string' }, out: { type: 'string' } },
  fit: { help: common.help, config: common.config, out: { type: 'string' }, margin: { type: 'string' } },
  calibrate: { help: common.help, config: common.config, model: common.model, out: { type: 'string' } },
  eval: { ...common, labels: { type: 'string' }, format: { type: 'string' } },
  report: { help: common.help, config: common.config, 'no-images': { type: 'boolean' } },
  ocr: {
    help: common.help,
    config: common.config,
    jobs: common.jobs,
    quiet: common.quiet,
    verbose: { type: 'boolean', short: 'v' },
    language: { type: 'string', short: 'l' },
    password: { type: 'string' },
    pages: { type: 'string' },
    sidecar: { type: 'string' },
    alto: { type: 'string' },
    hocr: { type: 'string' },
    'output-type': { type: 'string' },
    force: { type: 'boolean' },
    'skip-text': { type: 'boolean' },
    'rotate-pages': { type: 'boolean' },
    deskew: { type: 'boolean' },
  },
}

/** I/O of the CLI, injectable for tests. */
export interface Io {
  stdout: (s: string) => void
  stderr: (s: string) => void
  cwd: string
}

const defaultIo = (): Io => ({
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  cwd: process.cwd(),
})

/** An option's value as the user typed it, for messages. */
const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

function usage(msg: string): never {
  throw new TriageError('USAGE', msg)
}

function intOption(v: unknown, name: string, dflt: number): number {
  if (v === undefined) return dflt
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) usage(`Expected --${name} to be a whole number of at least 1, not \`${shown(v)}\``)
  return n
}

/** Jobs and limits for triage: a flag given wins; the jobs and the memory limit not given come from the machine. */
function chosenResources(given: { jobs?: number }, limits: Partial<DocumentLimits>): { jobs: number; limits: Partial<DocumentLimits> } {
  const r = chooseResources(thisMachine(), { ...given, ...(limits.maxMemoryMb !== undefined ? { maxMemoryMb: limits.maxMemoryMb } : {}) })
  return { jobs: r.jobs, limits: { ...limits, maxMemoryMb: r.maxMemoryMb } }
}

/** --doc-timeout and --page-timeout (seconds, fractions allowed) and --max-memory (MB), when given. */
function limitOptions(v: Record<string, unknown>): Partial<DocumentLimits> {
  const out: Partial<DocumentLimits> = {}
  const num = (k: string) => {
    const n = Number(v[k])
    if (!(n > 0)) usage(`Expected --${k} to be a positive number, not \`${String(v[k])}\``)
    return n
  }
  if (v['doc-timeout'] !== undefined) out.docTimeoutMs = num('doc-timeout') * 1000
  if (v['page-timeout'] !== undefined) out.pageTimeoutMs = num('page-timeout') * 1000
  if (v['max-memory'] !== undefined) out.maxMemoryMb = num('max-memory')
  return out
}

/** --output-type: what kind of PDF the searchable copy is, as ocrmypdf names them (its pdfa means PDF/A-2B too). */
function outputTypeOption(v: unknown): 'pdf' | 'pdfa' | undefined {
  if (v === undefined) return undefined
  if (v !== 'pdf' && v !== 'pdfa') usage(`Expected --output-type to be pdf or pdfa, not \`${shown(v)}\``)
  return v
}

function policyOption(v: unknown): Policy | undefined {
  if (v === undefined) return undefined
  const r = policySchema.safeParse(v)
  if (!r.success) usage(`Expected --policy to be one of ${policySchema.options.join(', ')}, not \`${shown(v)}\``)
  return r.data
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}

async function writeStdout(b: Uint8Array): Promise<void> {
  await new Promise<void>((ok, ko) => process.stdout.write(b, (e) => (e ? ko(e) : ok())))
}

/** The word of `known` nearest to `given`: a prefix of one, or within a third of its letters' edits; else undefined. */
function nearest(given: string, known: readonly string[]): string | undefined {
  const prefixed = known.filter((k) => given.length >= 3 && k.startsWith(given))
  if (prefixed.length === 1) return prefixed[0]
  // a third of the letters: `--langauge` (2 edits in 10) is meant as --language; `--clean` is no option here
  const near = closest(given, [...known])
  return distance(given, near) <= Math.max(1, Math.floor(given.length / 3)) ? near : undefined
}

/** Node's parseArgs error for a command, in the project's words: what is wrong, what was likely meant, where to look. */
function argsError(e: Error & { code?: string }, cmd: string, spec: ParseArgsConfig['options']): string {
  const see = `See pdftriage ${cmd} --help`
  const flags = Object.entries(spec ?? {}).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])])
  const named = /'([^' ]+)/.exec(e.message)?.[1]
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && named) {
    const flag = named.split('=')[0]!
    // one letter after one dash is any other letter away: no guess for those
    const near = flag.startsWith('--') ? nearest(flag, flags) : undefined
    return near ? `Unknown option \`${flag}\` for pdftriage ${cmd}: did you mean ${near}? ${see}` : `Unknown option \`${flag}\` for pdftriage ${cmd}. ${see}`
  }
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && named) {
    const long = /--[\w-]+/.exec(e.message)?.[0] ?? named
    if (/argument missing/.test(e.message)) return `${long} needs a value. ${see}`
    if (/ambiguous/.test(e.message)) return `${named} is followed by a word starting with -: give its value as ${long}=VALUE if that is it. ${see}`
    if (/does not take an argument/.test(e.message)) return `${long} takes no value. ${see}`
  }
  return `${e.message.split('\n')[0]} ${see}`
}

/** Runs the CLI with arguments (without `node` and the script); resolves to the exit code. */
export async function main(argv: string[], io: Io = defaultIo()): Promise<number> {
  const [cmd, ...rest] = argv
  if (!cmd || cmd === '-h' || cmd === '--help' || cmd === 'help') {
    io.stdout(HELP[rest[0] ?? 'main'] ?? HELP.main!)
    return cmd ? 0 : 2
  }
  if (cmd === '--version' || cmd === '-v') {
    io.stdout(VERSION)
    return 0
  }
  try {
    const spec = OPTIONS[cmd]
    if (!spec) {
      const near = nearest(cmd, Object.keys(OPTIONS))
      usage(`Unknown command \`${cmd}\`${near ? `: did you mean ${near}?` : ''} Commands: ${Object.keys(OPTIONS).join(', ')} (see pdftriage --help)`)
    }
    let parsed
    try {
      parsed = parseArgs({ args: rest, options: spec, allowPositionals: true, strict: true })
    } catch (e) {
      usage(argsError(e as Error & { code?: string }, cmd, spec))
    }
    const v = parsed.values as Record<string, unknown>
    const pos = parsed.positionals
    if (v.help) {
      io.stdout(HELP[cmd]!)
      return 0
    }
    const str = (k: string) => v[k] as string | undefined
    const jobs = intOption(v.jobs, 'jobs', defaultJobs())
    // triage and run: a flag given wins, the rest is chosen from the machine (run says what it chose)
    const givenJobs = v.jobs !== undefined ? { jobs } : {}
    const policy = policyOption(v.policy)
    const outputType = outputTypeOption(v['output-type'])
    const languages = str('language') === undefined ? undefined : parseLanguages(str('language')!)
    const base = {
      cwd: io.cwd,
      ...(str('config') ? { configFile: str('config')! } : {}),
      ...(str('model') ? { model: str('model')! } : {}),
      ...(policy ? { policy } : {}),
      ...(languages ? { languages } : {}),
      ...(str('password') !== undefined ? { password: str('password')! } : {}),
    }
    // --rotate-pages, --deskew and --output-type shape the searchable PDF: the writer's options
    const pdfFlags = {
      ...(v['rotate-pages'] === true ? { rotatePages: true } : {}),
      ...(v.deskew === true ? { deskew: true } : {}),
      ...(outputType ? { outputType } : {}),
    }
    const pdfOptions = Object.keys(pdfFlags).length ? pdfFlags : undefined
    // Every command that may OCR checks its languages before any work: a missing one exits 2 in one line.
    if (['run', 'triage', 'ocr', 'eval', 'worker'].includes(cmd)) {
      await checkOcrLanguages({ cwd: io.cwd, ...(str('config') ? { configFile: str('config')! } : {}), ...(languages ? { languages } : {}) })
    }
    switch (cmd) {
      case 'triage': {
        if (!pos.length) usage('Give at least one PDF or folder. See pdftriage triage --help')
        const format = (str('format') ?? 'jsonl') as 'jsonl' | 'table'
        if (format !== 'jsonl' && format !== 'table') usage(`Expected --format to be jsonl or table, not \`${String(str('format'))}\``)
        const { triageCommand } = await commands.triage()
        return await triageCommand({
          ...base,
          paths: pos,
          format,
          withText: v['with-text'] === true,
          split: v.split === true,
          ...chosenResources(givenJobs, limitOptions(v)),
          out: io.stdout,
        })
      }
      case 'run': {
        if (!str('out')) usage('Give the output folder with --out DIR. See pdftriage run --help')
        if (!pos.length) usage('Give at least one PDF or folder. See pdftriage run --help')
        const filter = { include: (v.include as string[] | undefined) ?? [], exclude: (v.exclude as string[] | undefined) ?? [] }
        if (outputType && v.pdf !== true) usage('--output-type says which PDF --pdf writes: give --pdf too. See pdftriage run --help')
        const names = str('names')
        if (names !== undefined && names !== 'hash' && names !== 'mirror') usage(`Expected --names to be hash or mirror, not \`${names}\``)
        if ((v['rotate-pages'] === true || v.deskew === true) && v.pdf !== true)
          usage('--rotate-pages and --deskew turn the pages of the searchable PDF: give --pdf too. See pdftriage run --help')
        if (str('queue')) {
          // A job carries the config file's path, not the front end's writer options: the config is where they go.
          if (pdfOptions) {
            const flags = ['--output-type', '--rotate-pages', '--deskew'].filter((f) => v[f.slice(2)] !== undefined)
            const writers = effectiveWriters(undefined, true, pdfOptions)
            usage(
              `${flags.join(' and ')} ${flags.length > 1 ? 'are' : 'is'} not carried to queue workers: give the PDF writer's options in the config file (--config), which workers read: ${JSON.stringify({ writers })}`,
            )
          }
          if (v.redo || v['redo-failed']) usage('--redo and --redo-failed are not supported with --queue yet: run them locally')
          // a job's data sits in Redis, readable by whoever reaches it: a password stays in the config file
          if (str('password') !== undefined) usage('--password is not carried to queue workers: put `password` in the config file they read')
          if (names === 'mirror') usage('--names mirror is not supported with --queue yet: run without --queue')
          const { queuedRunCommand } = await commands.queue()
          return await queuedRunCommand({ ...base, queue: str('queue')!, paths: pos, out: str('out')!, pdf: v.pdf === true, filter, log: io.stderr })
        }
        const { runCommand } = await commands.run()
        const code = await runCommand({
          ...base,
          paths: pos,
          out: str('out')!,
          ...givenJobs,
          pdf: v.pdf === true,
          ...(pdfOptions ? { pdfOptions } : {}),
          redo: v.redo === true,
          redoFailed: v['redo-failed'] === true,
          filter,
          log: io.stderr,
          limits: limitOptions(v),
          quiet: v.quiet === true,
          ...(names ? { names } : {}),
        })
        if (v.report === true) {
          const { reportCommand } = await commands.report()
          await reportCommand({ out: str('out')!, cwd: io.cwd, images: true, log: io.stderr, ...(str('config') ? { configFile: str('config')! } : {}) })
        }
        return code
      }
      case 'worker':
      case 'collect':
      case 'status': {
        if (!str('out')) usage(`Give the output folder with --out DIR. See pdftriage ${cmd} --help`)
        if (cmd !== 'collect' && !str('queue')) usage(`Give the queue with --queue redis://HOST:PORT[/DB]. See pdftriage ${cmd} --help`)
        const q = str('queue')
        const { collectCommand, statusCommand, workerCommand } = await commands.queue()
        if (cmd === 'worker') {
          const concurrency = intOption(v.concurrency, 'concurrency', 1)
          return await workerCommand({ queue: q!, out: str('out')!, cwd: io.cwd, concurrency, exitWhenIdle: v['exit-when-idle'] === true, log: io.stderr })
        }
        if (cmd === 'status') return await statusCommand({ queue: q!, out: str('out')!, cwd: io.cwd, print: io.stdout })
        return await collectCommand({ out: str('out')!, cwd: io.cwd, ...(q ? { queue: q } : {}), log: io.stderr })
      }
      case 'fit': {
        if (!str('out')) usage('Give the model file to write with --out model.json')
        if (!pos.length) usage('Give at least one .txt or .pdf of good pages')
        const margin = str('margin') === undefined ? undefined : Number(str('margin'))
        if (margin !== undefined && !(margin >= 0)) usage(`Expected --margin to be a number of nats >= 0, not \`${str('margin')}\``)
        const { fitCommand } = await commands.model()
        return await fitCommand({
          inputs: pos,
          out: str('out')!,
          cwd: io.cwd,
          log: io.stdout,
          ...(margin === undefined ? {} : { margin }),
          ...(str('config') ? { configFile: str('config')! } : {}),
        })
      }
      case 'calibrate': {
        if (!str('model')) usage('Give the model to calibrate with --model model.json')
        if (!pos.length) usage('Give at least one .txt or .pdf of held-out good pages')
        const { calibrateCommand } = await commands.model()
        return await calibrateCommand({
          model: str('model')!,
          inputs: pos,
          cwd: io.cwd,
          log: io.stdout,
          ...(str('out') ? { out: str('out')! } : {}),
          ...(str('config') ? { configFile: str('config')! } : {}),
        })
      }
      case 'eval': {
        if (!str('labels')) usage('Give the labels with --labels labels.jsonl')
        if (pos.length !== 1) usage("Give exactly one ROOT folder that the labels' paths are relative to")
        const format = (str('format') ?? 'text') as 'text' | 'jsonl'
        if (format !== 'text' && format !== 'jsonl') usage(`Expected --format to be text or jsonl, not \`${String(str('format'))}\``)
        const { evalCommand } = await commands.eval()
        return await evalCommand({ ...base, labels: str('labels')!, root: pos[0]!, jobs, format, out: io.stdout })
      }
      case 'ocr': {
        if (pos.length !== 2) usage('Give the input and the output: pdftriage ocr IN.pdf OUT.pdf (- for standard input or output)')
        if (v.force === true && v['skip-text'] === true) usage('--force and --skip-text say opposite things: give one')
        const { ocrCommand, parsePages } = await commands.ocr()
        const pages = str('pages') === undefined ? undefined : parsePages(str('pages')!)
        return await ocrCommand({
          input: pos[0]!,
          output: pos[1]!,
          cwd: io.cwd,
          mode: v.force === true ? 'force' : 'judge',
          quiet: v.quiet === true,
          verbose: v.verbose === true,
          // the line redraws itself: a terminal only, as run's bar
          ...(v.quiet !== true && process.stderr.isTTY === true && !process.env.CI ? { progress: {} } : {}),
          log: io.stderr,
          readStdin,
          writeStdout,
          ...(languages ? { languages } : {}),
          ...(str('password') !== undefined ? { password: str('password')! } : {}),
          ...(pages ? { pages } : {}),
          ...(str('sidecar') ? { sidecar: str('sidecar')! } : {}),
          ...(str('alto') ? { alto: str('alto')! } : {}),
          ...(str('hocr') ? { hocr: str('hocr')! } : {}),
          ...(pdfOptions ? { pdfOptions } : {}),
          ...(v.jobs !== undefined ? { jobs: intOption(v.jobs, 'jobs', 1) } : {}),
          ...(str('config') ? { configFile: str('config')! } : {}),
        })
      }
      case 'report': {
        if (pos.length !== 1) usage('Give exactly one output folder, written by pdftriage run. See pdftriage report --help')
        const { reportCommand } = await commands.report()
        return await reportCommand({
          out: pos[0]!,
          cwd: io.cwd,
          images: v['no-images'] !== true,
          log: io.stderr,
          ...(str('config') ? { configFile: str('config')! } : {}),
        })
      }
    }
    return 2
  } catch (e) {
    if (e instanceof TriageError) {
      io.stderr(`pdftriage: ${e.message}`)
      return [
        'USAGE',
        'OUTPUT_LOCKED',
        'OUTPUT_PATH_INVALID',
        'CONFIG_INVALID',
        'CONFIG_NOT_FOUND',
        'PLUGIN_NOT_FOUND',
        'PLUGIN_INVALID',
        'MODEL_INVALID',
        'OCR_LANGUAGE_MISSING',
      ].includes(e.code)
        ? 2
        : 1
    }
    io.stderr(`pdftriage: unexpected error: ${(e as Error).stack ?? String(e)}`)
    return 1
  }
}
