// `pdftriage run`: its help, its options and its run, which writes an output folder (locally, or through a queue
// with `--queue`) and, with `--report`, its review page.
import { DEFAULT_LIMITS, chooseResources, defaultJobs, thisMachine } from '@pdftriage/batch'
import { flag, oneOf, text, texts, value } from './options.js'
import { common, defineCommand, language, limitFlags, limitOptions, load, ocrCommandOptions, outputType, usage } from './shared.js'

export const run = defineCommand({
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
  --redo-failed        process the files that failed again, and the failed pages of documents done (those pages
                       alone run again; the outputs are rewritten with them and the other pages as they were)
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
    language,
    password: text(),
    out: text('o'),
    ...limitFlags,
    pdf: flag(),
    'output-type': outputType,
    'rotate-pages': flag(),
    deskew: flag(),
    report: flag(),
    redo: flag(),
    'redo-failed': flag(),
    include: texts(),
    exclude: texts(),
    queue: text(),
    names: value(oneOf('names', ['hash', 'mirror']).optional()),
  },
  async run(o, pos, io) {
    const { givenJobs, base, pdfOptions } = await ocrCommandOptions(o, io)
    const { out, names, queue } = o
    if (!out) usage('Give the output folder with --out DIR. See pdftriage run --help')
    if (!pos.length) usage('Give at least one PDF or folder. See pdftriage run --help')
    const filter = { include: o.include, exclude: o.exclude }
    if (o['output-type'] && o.pdf !== true) usage('--output-type says which PDF --pdf writes: give --pdf too. See pdftriage run --help')
    if ((o['rotate-pages'] === true || o.deskew === true) && o.pdf !== true)
      usage('--rotate-pages and --deskew turn the pages of the searchable PDF: give --pdf too. See pdftriage run --help')
    if (queue) {
      if (o.redo || o['redo-failed']) usage('--redo and --redo-failed are not supported with --queue yet: run them locally')
      // a job's data sits in Redis, readable by whoever reaches it: a password stays in the config file
      if (o.password !== undefined) usage('--password is not carried to queue workers: put `password` in the config file they read')
      if (names === 'mirror') usage('--names mirror is not supported with --queue yet: run without --queue')
      const { queuedRunCommand } = await load.queue()
      return await queuedRunCommand({
        ...base,
        queue,
        paths: pos,
        out,
        pdf: o.pdf === true,
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
      out,
      ...givenJobs,
      pdf: o.pdf === true,
      ...(pdfOptions ? { pdfOptions } : {}),
      redo: o.redo === true,
      redoFailed: o['redo-failed'] === true,
      filter,
      log: io.stderr,
      limits: limitOptions(o),
      quiet: o.quiet === true,
      ...(names ? { names } : {}),
    })
    if (o.report === true) {
      const { reportCommand } = await load.report()
      await reportCommand({ out, cwd: io.cwd, images: true, log: io.stderr, ...(o.config ? { configFile: o.config } : {}) })
    }
    return code
  },
})
