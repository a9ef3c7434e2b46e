import { common, load, ocrCommandOptions, strings, usage, type Command } from './shared.js'

export const evalCommand: Command = {
  name: 'eval',
  help: `Usage: pdftriage eval --labels labels.jsonl [--config FILE] [--model FILE] [--jobs N] [--format text|jsonl] ROOT

Triages every page listed in labels.jsonl (lines {"file": <path under ROOT>, "page": N, "label": ..., "needs_ocr":
true|false|null}) and prints, per label class, how many pages were sent to OCR or kept, the missed pages (need OCR,
called readable) and the needless ones (readable, sent to OCR), then every wrong page with its notes.`,
  options: { ...common, labels: { type: 'string' }, format: { type: 'string' } },
  async run(v, pos, io) {
    const str = strings(v)
    const { jobs, base } = await ocrCommandOptions(v, io)
    if (!str('labels')) usage('Give the labels with --labels labels.jsonl')
    if (pos.length !== 1) usage("Give exactly one ROOT folder that the labels' paths are relative to")
    const format = (str('format') ?? 'text') as 'text' | 'jsonl'
    if (format !== 'text' && format !== 'jsonl') usage(`Expected --format to be text or jsonl, not \`${String(str('format'))}\``)
    const { evalCommand } = await load.eval()
    return await evalCommand({ ...base, labels: str('labels')!, root: pos[0]!, jobs, format, out: io.stdout })
  },
}
