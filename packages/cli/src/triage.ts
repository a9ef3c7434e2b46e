// `pdftriage triage`'s work: every input's pages judged in the document processes, printed as JSON Lines or a table
// as each document finishes.
import {
  errorRecord,
  expandInputs,
  missingError,
  processFiles,
  type DocumentLimits,
  type DocumentRecord,
  type OutRecord,
  type PageRecord,
} from '@pdftriage/batch'
import type { Policy } from '@pdftriage/core'
import { CLI_DIR } from './cli-dir.js'
import { Progress } from './progress.js'
import { mergeDocumentRecords, planTasks } from './split.js'

/** Options of `pdftriage triage`. */
export interface TriageCommandOptions {
  paths: string[]
  configFile?: string
  model?: string
  policy?: Policy
  /** OCR languages (`-l`), over the config's: the engine that spot-checks a layer reads with them. */
  languages?: string[]
  /** Password of encrypted inputs (`--password`), over the config's. */
  password?: string
  format: 'jsonl' | 'table'
  withText: boolean
  /** Share long documents between workers by page ranges when there are fewer files than jobs. */
  split?: boolean
  jobs: number
  cwd: string
  out: (s: string) => void
  /** Bounds on each document; unset ones keep their defaults. */
  limits?: Partial<DocumentLimits>
}

/** Runs triage over files and folders; returns the exit code (0 all read, 1 some documents or pages failed). */
export async function triageCommand(o: TriageCommandOptions): Promise<number> {
  const { files, missing } = await expandInputs(o.paths, {}, o.cwd)
  let failed = 0
  let failedPages = 0
  for (const m of missing) {
    failed++
    o.out(format(errorRecord(m, missingError(m)), o.format))
  }
  const progress = new Progress(files.length, { lines: false })
  const pageRows: PageRecord[] = []
  const tasks = await planTasks(files, o.jobs, { cwd: o.cwd, split: o.split === true, ...(o.configFile ? { configFile: o.configFile } : {}) })
  // Parts of a shared document: their document records are merged, and the document counts once.
  const parts: DocumentRecord[] = []
  let partFailed = false
  const emit = (r: OutRecord) => {
    if (o.format === 'jsonl' || r.type !== 'page') o.out(format(r, o.format, pageRows))
    if (r.type === 'document' || r.type === 'error') pageRows.length = 0
  }
  await processFiles(
    tasks,
    {
      mode: 'triage',
      cwd: o.cwd,
      fallbackDirs: [CLI_DIR],
      withText: o.withText,
      ...(o.configFile ? { configFile: o.configFile } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.policy ? { policy: o.policy } : {}),
      ...(o.languages ? { languages: o.languages } : {}),
      ...(o.password !== undefined ? { password: o.password } : {}),
    },
    o.jobs,
    {
      record(r, i) {
        const part = tasks[i]!.part
        if (r.type === 'page') {
          progress.page(r.file, r.action)
          if (r.action === 'failed') failedPages++
          if (o.format === 'table') pageRows.push(r)
          emit(r)
        } else if (!part) emit(r)
        else if (r.type === 'error') {
          if (!partFailed) emit(r)
          partFailed = true
        } else {
          parts.push(r)
          if (part.index === part.of - 1 && !partFailed) emit(mergeDocumentRecords(parts))
        }
      },
      outcome(out, i) {
        const part = tasks[i]!.part
        if (part && part.index < part.of - 1) return
        const bad = out.status === 'failed' || (!!part && partFailed)
        if (bad) failed++
        progress.document(out.file, '', bad)
        if (part) {
          parts.length = 0
          partFailed = false
        }
      },
      // Each document in a child process under the default limits, even with one job: a file that crashes pdf.js or
      // never ends is an error record, and the others still get theirs, in input order.
    },
    { limits: o.limits ?? {} },
  )
  progress.done()
  return failed + failedPages > 0 ? 1 : 0
}

/** One record as a line: JSON, or a human line for the table format. */
function format(r: OutRecord, f: 'jsonl' | 'table', pages: PageRecord[] = []): string {
  if (f === 'jsonl') return JSON.stringify(r)
  if (r.type === 'error') return `${r.file}\n  ERROR ${r.code}: ${r.message}`
  if (r.type === 'page') return ''
  const lines = [`${r.file}  ${r.pages} page${r.pages === 1 ? '' : 's'}, OCR needed on ${r.needsOcr.length ? compactRanges(r.needsOcr) : 'none'}`]
  for (const p of pages) {
    const score = p.score === null ? '' : ` ${p.score.toFixed(2)}`
    const why = p.notes.at(-1) ?? ''
    lines.push(
      `  p${String(p.page).padEnd(4)} ${(p.needsOcr ? 'OCR ' : 'ok  ') + p.layer.padEnd(12)} ${p.judge}${score}${p.repair ? ` repaired by ${p.repair}` : ''}  ${why}`,
    )
  }
  return lines.join('\n')
}

/** `[1,2,3,7,9,10]` as `1-3, 7, 9-10`. */
export function compactRanges(ns: readonly number[]): string {
  const out: string[] = []
  for (let i = 0; i < ns.length;) {
    let j = i
    while (j + 1 < ns.length && ns[j + 1] === ns[j]! + 1) j++
    out.push(i === j ? `${ns[i]}` : `${ns[i]}-${ns[j]}`)
    i = j + 1
  }
  return out.join(', ')
}
