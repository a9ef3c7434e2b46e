// What `run` and `run --queue` print of a batch as its events come (resumed work, the bar, notes, failures), the
// closing summary line, and the exit code the summary gives.
import type { BatchEvent, BatchSummary } from '@pdftriage/batch'
import { Progress } from './progress.js'

/** Options of {@link BatchProgress}. */
export interface BatchProgressOptions {
  /** Summary and notices (stderr). */
  log: (s: string) => void
  /** No line per finished document (failures are still said). */
  quiet?: boolean
  /**
   * Pages come with their document, not one by one: a queued run's workers report a document's pages in its row
   * (`page-done` events come only from a local run).
   */
  pagesWithDocument?: boolean
}

/**
 * What `run` and `run --queue` say of a batch as it goes, from the batch's events: resumed work, the progress bar (or
 * a line a document without a terminal), notes and failures. One handler for both, so that they read alike.
 */
export class BatchProgress {
  /** The bar, once the batch is planned. */
  progress: Progress | undefined
  /** Inputs found (PDFs listed and missing paths), once planned. */
  inputs = 0
  /** Documents finished in this run. */
  finished = 0

  constructor(private readonly o: BatchProgressOptions) {}

  /** Handles one event; those the bar has no use for (`document-started`, `duplicate`, `unchanged`) are ignored. */
  on(e: BatchEvent): void {
    const o = this.o
    switch (e.type) {
      case 'resumed':
        o.log(`resumed: ${e.message}`)
        break
      case 'resources':
        o.log(e.message)
        break
      case 'planned': {
        this.inputs = e.inputs
        const bar = !o.quiet && process.stderr.isTTY === true && !process.env.CI
        this.progress = new Progress(e.todo, { bar, lines: !o.quiet, ...(bar ? {} : { write: (s: string) => o.log(s.replace(/\n$/, '')) }) })
        break
      }
      case 'page-done':
        this.progress?.page(e.file, e.page.action)
        break
      case 'document-done': {
        this.finished++
        const r = e.row
        if (o.pagesWithDocument) this.progress?.pagesOf(e.file, Number(r.pages) || 0, Number(r.pages_ocred) || 0)
        if (r.error_code) this.progress?.message(`note: ${e.file}: ${r.error_message}`)
        this.progress?.document(e.file, `done: ${e.file}: ${r.pages} page(s), ${r.pages_ocred || 0} OCRed, ${r.seconds} s`)
        break
      }
      case 'names-warning':
        if (this.progress) this.progress.message(`warning: ${e.message}`)
        else o.log(`warning: ${e.message}`)
        break
      case 'failed': {
        const line = `failed: ${e.file}: ${e.code}: ${e.message}`
        // Missing paths fail before the plan; only documents that were tried count on the bar.
        if (this.progress) this.progress.document(e.file, line, true)
        else o.log(line)
        break
      }
    }
  }

  /** The run stops early (Ctrl-C): the bar's line is finished and `line` said under it. */
  interrupt(line: string): void {
    if (this.progress) this.progress.interrupt(line)
    else this.o.log(line)
  }

  /** Clears the bar. */
  done(): void {
    this.progress?.done()
  }
}

/** The closing line of a batch: documents by outcome, pages by action, time and the output folder. */
export function summaryLine(summary: BatchSummary): string {
  const p = summary.pages
  return (
    `documents: ${summary.done} done, ${summary.failed} failed, ${summary.duplicate} duplicate, ${summary.unchanged} unchanged; ` +
    `pages: ${p.kept} kept, ${p.repaired} repaired, ${p.ocr} OCRed${p.poorOcr ? ` (${p.poorOcr} read poorly: ocrQuality "poor" in pages.jsonl)` : ''}` +
    `${p.failed ? `, ${p.failed} failed` : ''}; ` +
    (p.turned || p.straightened
      ? `searchable PDFs: ${p.turned} page(s) turned upright, ${p.straightened} straightened (turned, straightened in pages.jsonl); `
      : '') +
    `${summary.seconds.toFixed(1)} s -> ${summary.outDir}`
  )
}

/**
 * The exit code of `run` and `run --queue`: 0 when everything was done, 1 when a document failed (in this run, or
 * unchanged since an earlier run failed it) or a page did (a broken judge, an OCR timeout: the page kept its layer).
 */
export const batchExitCode = (summary: BatchSummary): number => (summary.failed + summary.stillFailed + summary.pages.failed > 0 ? 1 : 0)
