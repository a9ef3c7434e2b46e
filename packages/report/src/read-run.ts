// A run's output folder read back for the review page: documents.csv, pages.jsonl and the documents' reports, the
// newest row winning as a rerun appends.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { TriageError } from '@pdftriage/core'
import type { DocumentRow as CoreDocumentRow, PageRow as CorePageRow } from '@pdftriage/core/output'
import { parse } from 'csv-parse/sync'

/** A `documents.csv` row as the batch writes it (core's `DocumentRow`: every value a string; empty when not set). */
export type DocumentRow = CoreDocumentRow

/** A `pages.jsonl` row as the batch writes it (core's `PageRow`). Fields beyond these are kept and shown as they are. */
export interface PageRow extends CorePageRow {
  [key: string]: unknown
}

/** Timings a document report keeps per page (milliseconds). */
export interface PageTimings {
  extract?: number
  judge?: number
  repair?: number
  render?: number
  ocr?: number
}

/** What an output folder holds, read back. */
export interface RunOutput {
  documents: DocumentRow[]
  pages: PageRow[]
  /** Per document hash, per page: the timings of its report, when the report is there. */
  timings: Map<string, Map<number, PageTimings>>
}

/**
 * Reads `documents.csv`, `pages.jsonl` and the per-document reports of an output folder. The last row of a path wins
 * in `documents.csv` and the last row of a (hash, page) in `pages.jsonl`, as a rerun appends; a torn last line (a run
 * killed mid-write) is ignored. Throws when the folder holds no `documents.csv`.
 */
export function readRunOutput(outDir: string): RunOutput {
  const csvFile = join(outDir, 'documents.csv')
  if (!existsSync(csvFile)) throw new TriageError('USAGE', `\`${outDir}\` holds no documents.csv: give the folder a \`pdftriage run --out\` wrote`)
  const rows = parse<DocumentRow>(readFileSync(csvFile, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true })
  const byPath = new Map<string, DocumentRow>()
  for (const r of rows) if (r.path) byPath.set(r.path, r)
  const documents = [...byPath.values()]

  const pages = new Map<string, PageRow>()
  const pagesFile = join(outDir, 'pages.jsonl')
  if (existsSync(pagesFile)) {
    for (const line of readFileSync(pagesFile, 'utf8').split('\n')) {
      if (!line.trim()) continue
      let row: PageRow
      try {
        row = JSON.parse(line) as PageRow
      } catch {
        continue
      }
      pages.set(`${row.hash ?? row.file}\u0000${row.page}`, row)
    }
  }

  const timings = new Map<string, Map<number, PageTimings>>()
  for (const d of documents) {
    if (d.status !== 'done' || !d.report) continue
    const file = join(outDir, d.report)
    if (!existsSync(file)) continue
    try {
      const rep = JSON.parse(readFileSync(file, 'utf8')) as { pageVerdicts?: Array<{ page: number; ms?: PageTimings }> }
      const m = new Map<number, PageTimings>()
      for (const v of rep.pageVerdicts ?? []) if (v.ms) m.set(v.page, v.ms)
      timings.set(d.hash, m)
    } catch {
      // A report that does not parse leaves the timings out; the pages are still shown.
    }
  }
  return { documents, pages: [...pages.values()], timings }
}
