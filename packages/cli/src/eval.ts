import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { processFiles, type PageRecord } from '@pdftriage/batch'
import { TriageError, type Policy } from '@pdftriage/core'
import { CLI_DIR } from './cli-dir.js'
import { Progress } from './progress.js'

/** One labelled page, as in the corpus's labels.jsonl. */
interface Label {
  file: string
  page: number
  label: string
  needs_ocr: boolean | null
  notes?: string
}

/** One page of an evaluation: what the label says and what triage said. */
export interface EvalPage {
  type: 'eval-page'
  file: string
  page: number
  label: string
  expected: boolean
  predicted: boolean | null
  ok: boolean
  layer?: string
  judge?: string
  repair?: string
  notes: string[]
}

/** Counts per label class. */
export interface EvalSummary {
  type: 'eval-summary'
  pages: number
  uncertain: number
  missed: number
  needless: number
  errors: number
  byLabel: Record<string, { pages: number; sentToOcr: number; kept: number; repaired: number; wrong: number }>
}

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
  const labelsText = await readFile(resolve(o.cwd, o.labels), 'utf8').catch((e: Error) => {
    throw new TriageError('USAGE', `Cannot read the labels ${o.labels}: ${e.message}`)
  })
  const labels: Label[] = labelsText.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Label)
  const root = resolve(o.cwd, o.root)
  const files = [...new Set(labels.map((l) => l.file))]
  const results = new Map<string, Map<number, PageRecord>>()
  const failed = new Map<string, string>()
  const progress = new Progress(files.length)
  await processFiles(
    files.map((f) => join(root, f)),
    { mode: 'triage', cwd: o.cwd, fallbackDirs: [CLI_DIR], ...(o.configFile ? { configFile: o.configFile } : {}), ...(o.model ? { model: o.model } : {}), ...(o.policy ? { policy: o.policy } : {}) },
    o.jobs,
    {
      record(r, i) {
        const f = files[i]!
        if (r.type === 'page') {
          let m = results.get(f)
          if (!m) results.set(f, (m = new Map()))
          m.set(r.page, r)
          progress.pages++
        } else if (r.type === 'error') failed.set(f, `${r.code}: ${r.message}`)
        progress.tick()
      },
      outcome() {
        progress.docs++
        progress.tick()
      },
    },
    { limits: {} }, // as triage: each document in a child process under the default limits
  )
  progress.done()

  const summary: EvalSummary = { type: 'eval-summary', pages: 0, uncertain: 0, missed: 0, needless: 0, errors: failed.size, byLabel: {} }
  const wrong: EvalPage[] = []
  const all: EvalPage[] = []
  for (const l of labels) {
    if (l.needs_ocr === null) {
      summary.uncertain++
      continue
    }
    summary.pages++
    const rec = results.get(l.file)?.get(l.page)
    const predicted = rec ? rec.needsOcr : null
    const ok = predicted === l.needs_ocr
    const row: EvalPage = {
      type: 'eval-page', file: l.file, page: l.page, label: l.label, expected: l.needs_ocr, predicted, ok,
      notes: rec?.notes ?? [failed.get(l.file) ?? 'no result for this page'],
    }
    if (rec) {
      row.layer = rec.layer
      row.judge = rec.judge
      if (rec.repair) row.repair = rec.repair
    }
    const b = (summary.byLabel[l.label] ??= { pages: 0, sentToOcr: 0, kept: 0, repaired: 0, wrong: 0 })
    b.pages++
    if (predicted) b.sentToOcr++
    else if (predicted === false) b.kept++
    if (rec?.repair) b.repaired++
    if (!ok) {
      b.wrong++
      wrong.push(row)
      if (l.needs_ocr) summary.missed++
      else summary.needless++
    }
    all.push(row)
  }

  if (o.format === 'jsonl') {
    for (const r of all) o.out(JSON.stringify(r))
    o.out(JSON.stringify(summary))
    return 0
  }
  o.out(`eval: ${summary.pages} labelled pages in ${files.length} files (${summary.uncertain} uncertain left out, ${summary.errors} files failed)`)
  o.out(`${'label'.padEnd(12)}${'pages'.padStart(7)}${'to OCR'.padStart(8)}${'kept'.padStart(7)}${'repaired'.padStart(10)}${'wrong'.padStart(7)}`)
  for (const [label, b] of Object.entries(summary.byLabel).sort()) {
    o.out(`${label.padEnd(12)}${String(b.pages).padStart(7)}${String(b.sentToOcr).padStart(8)}${String(b.kept).padStart(7)}${String(b.repaired).padStart(10)}${String(b.wrong).padStart(7)}`)
  }
  o.out(`missed (needs OCR, called readable): ${summary.missed}`)
  o.out(`needless (readable, sent to OCR): ${summary.needless}`)
  if (wrong.length) {
    o.out('wrong pages:')
    for (const w of wrong) {
      o.out(`  ${w.file} p${w.page} [${w.label}] -> ${w.predicted === null ? 'no result' : w.predicted ? 'OCR' : 'readable'} (${w.layer ?? '?'} by ${w.judge ?? '?'}${w.repair ? `, repaired by ${w.repair}` : ''})`)
      for (const n of w.notes) o.out(`      ${n}`)
    }
  }
  return 0
}
