// `pdftriage eval`'s work: triages every labelled page of a corpus and prints how the decisions compare with the
// labels.
import { join, resolve } from 'node:path'
import { processFiles } from '@pdftriage/batch'
import type { Policy } from '@pdftriage/core'
import { CLI_DIR } from './cli-dir.js'
import { Progress } from './progress.js'
import { readLabels } from './eval/labels.js'
import { formatEval, scoreEval, type Prediction } from './eval/score.js'

export type { EvalPage, EvalSummary } from './eval/score.js'

/**
 * `pdftriage eval`: triages every labelled page and prints the confusion between needs-OCR and readable per label
 * class, then the wrong pages with their notes. Pages labelled `needs_ocr: null` (uncertain) are counted apart.
 * A page of a file that failed counts as wrong. Returns 0.
 */
export async function evalCommand(o: {
  labels: string
  root: string
  configFile?: string
  model?: string
  policy?: Policy
  jobs: number
  format: 'text' | 'jsonl'
  cwd: string
  out: (s: string) => void
}): Promise<number> {
  const labels = await readLabels(o.labels, o.cwd)
  const root = resolve(o.cwd, o.root)
  const files = [...new Set(labels.map((l) => l.file))]
  const results = new Map<string, Map<number, Prediction>>()
  const failed = new Map<string, string>()
  const progress = new Progress(files.length, { lines: false })
  await processFiles(
    files.map((f) => join(root, f)),
    {
      mode: 'triage',
      cwd: o.cwd,
      fallbackDirs: [CLI_DIR],
      ...(o.configFile ? { configFile: o.configFile } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.policy ? { policy: o.policy } : {}),
    },
    o.jobs,
    {
      record(r, i) {
        const f = files[i]!
        if (r.type === 'page') {
          let m = results.get(f)
          if (!m) results.set(f, (m = new Map()))
          m.set(r.page, r)
          progress.page(f, r.action)
        } else if (r.type === 'error') failed.set(f, `${r.code}: ${r.message}`)
      },
      outcome(out, i) {
        progress.document(files[i]!, '', out.status === 'failed')
      },
    },
    { limits: {} }, // as triage: each document in a child process under the default limits
  )
  progress.done()

  const { pages, summary } = scoreEval(labels, results, failed)
  if (o.format === 'jsonl') {
    for (const r of pages) o.out(JSON.stringify(r))
    o.out(JSON.stringify(summary))
    return 0
  }
  for (const line of formatEval(pages, summary, files.length)) o.out(line)
  return 0
}
