// `pdftriage eval`: its help, its options and its run, which measures a configuration on a labelled corpus.
import { defaultJobs } from '@pdftriage/batch'
import { oneOf, text, value } from './options.js'
import { common, defineCommand, load, ocrCommandOptions, usage } from './shared.js'

export const evalCommand = defineCommand({
  name: 'eval',
  help: `Usage: pdftriage eval --labels labels.jsonl [--config FILE] [--model FILE] [--jobs N] [--format text|jsonl] ROOT

Triages every page listed in labels.jsonl (lines {"file": <path under ROOT>, "page": N, "label": ..., "needs_ocr":
true|false|null}) and prints, per label class, how many pages were sent to OCR or kept, the missed pages (need OCR,
called readable) and the needless ones (readable, sent to OCR), then every wrong page with its notes.`,
  options: { ...common, labels: text(), format: value(oneOf('format', ['text', 'jsonl']).default('text')) },
  async run(o, pos, io) {
    const { base } = await ocrCommandOptions(o, io)
    if (!o.labels) usage('Give the labels with --labels labels.jsonl')
    if (pos.length !== 1) usage("Give exactly one ROOT folder that the labels' paths are relative to")
    const { evalCommand } = await load.eval()
    return await evalCommand({ ...base, labels: o.labels, root: pos[0]!, jobs: o.jobs ?? defaultJobs(), format: o.format, out: io.stdout })
  },
})
