import { DEFAULT_LIMITS, chooseResources, defaultJobs, thisMachine } from '@pdftriage/batch'
import { common, limitFlags, limitOptions, load, ocrCommandOptions, strings, usage, type Command } from './shared.js'

export const run: Command = {
  name: 'run',
  help: `Usage: pdftriage run --out DIR [options] PATH...

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
                       --password goes in the config file workers read (the PDF flags travel with the jobs)
  -h, --help

Each document runs in a child process under these limits: a file that crashes it, hangs or grows without bound fails
alone (a failed row with its hash: a rerun tries it again only with --redo-failed) and the run goes on. One run at a
time writes into DIR (a second one exits with 2).`,
  options: {
    ...common,
    language: { type: 'string', short: 'l' },
    password: { type: 'string' },
    out: { type: 'string', short: 'o' },
    ...limitFlags,
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
  async run(v, pos, io) {
    const str = strings(v)
    const { givenJobs, outputType, base, pdfOptions } = await ocrCommandOptions(v, io)
    if (!str('out')) usage('Give the output folder with --out DIR. See pdftriage run --help')
    if (!pos.length) usage('Give at least one PDF or folder. See pdftriage run --help')
    const filter = { include: (v.include as string[] | undefined) ?? [], exclude: (v.exclude as string[] | undefined) ?? [] }
    if (outputType && v.pdf !== true) usage('--output-type says which PDF --pdf writes: give --pdf too. See pdftriage run --help')
    const names = str('names')
    if (names !== undefined && names !== 'hash' && names !== 'mirror') usage(`Expected --names to be hash or mirror, not \`${names}\``)
    if ((v['rotate-pages'] === true || v.deskew === true) && v.pdf !== true)
      usage('--rotate-pages and --deskew turn the pages of the searchable PDF: give --pdf too. See pdftriage run --help')
    if (str('queue')) {
      if (v.redo || v['redo-failed']) usage('--redo and --redo-failed are not supported with --queue yet: run them locally')
      // a job's data sits in Redis, readable by whoever reaches it: a password stays in the config file
      if (str('password') !== undefined) usage('--password is not carried to queue workers: put `password` in the config file they read')
      if (names === 'mirror') usage('--names mirror is not supported with --queue yet: run without --queue')
      const { queuedRunCommand } = await load.queue()
      return await queuedRunCommand({
        ...base,
        queue: str('queue')!,
        paths: pos,
        out: str('out')!,
        pdf: v.pdf === true,
        // each job carries the PDF writer's flags to the workers, in the digest both sides compute
        ...(pdfOptions ? { pdfOptions } : {}),
        filter,
        log: io.stderr,
      })
    }
    const { runCommand } = await load.run()
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
      const { reportCommand } = await load.report()
      await reportCommand({ out: str('out')!, cwd: io.cwd, images: true, log: io.stderr, ...(str('config') ? { configFile: str('config')! } : {}) })
    }
    return code
  },
}
