// `pdftriage triage`: its help, its options and its run, which judges every page and prints JSON Lines (or a table)
// without OCRing pages.
import { DEFAULT_LIMITS, chooseResources, defaultJobs, thisMachine } from '@pdftriage/batch'
import { flag, oneOf, text, value } from './options.js'
import { chosenResources, common, defineCommand, language, limitFlags, limitOptions, load, ocrCommandOptions, usage } from './shared.js'

export const triage = defineCommand({
  name: 'triage',
  help: `Usage: pdftriage triage [options] PATH...

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
  options: {
    ...common,
    language,
    password: text(),
    format: value(oneOf('format', ['jsonl', 'table']).default('jsonl')),
    'with-text': flag(),
    split: flag(),
    ...limitFlags,
  },
  async run(o, pos, io) {
    const { givenJobs, base } = await ocrCommandOptions(o, io)
    if (!pos.length) usage('Give at least one PDF or folder. See pdftriage triage --help')
    const { triageCommand } = await load.triage()
    return await triageCommand({
      ...base,
      paths: pos,
      format: o.format,
      withText: o['with-text'] === true,
      split: o.split === true,
      ...chosenResources(givenJobs, limitOptions(o)),
      out: io.stdout,
    })
  },
})
