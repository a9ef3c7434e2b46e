// The lines `pdftriage triage` prints, built from results: one per page, one per document, one per failed document.
import type { DocumentResult, PageResult, TriageError } from '@pdftriage/core'
import type { PageRow } from '@pdftriage/core/output'

/** A page line of `pdftriage triage`: a row of `pages.jsonl` (core's `PageRow`) with its type. */
export interface PageRecord extends PageRow {
  type: 'page'
}

/** A document line of `pdftriage triage`. */
export interface DocumentRecord {
  type: 'document'
  file: string
  pages: number
  needsOcr: number[]
  hash: string
  info: Record<string, unknown>
  tags: string[]
  actions: Record<string, number>
  ms: number
}

/** The line for a document that could not be processed; the batch goes on. */
export interface ErrorRecord {
  type: 'error'
  file: string
  code: string
  message: string
  hash?: string
}

export type OutRecord = PageRecord | DocumentRecord | ErrorRecord

/** Scores are finite numbers or null in JSON (-Infinity is not JSON). */
const num = (x: number | undefined): number | null => (x === undefined || !Number.isFinite(x) ? null : Math.round(x * 1e4) / 1e4)

/** The record of one page. */
export function pageRecord(file: string, r: PageResult, withText: boolean): PageRecord {
  const rec: PageRecord = {
    type: 'page',
    file,
    page: r.pageNumber,
    layer: r.verdict.layer,
    needsOcr: r.verdict.needsOcr,
    judge: r.verdict.judge,
    score: num(r.verdict.score),
    action: r.action,
    chars: r.page.text.length,
    notes: r.verdict.notes,
  }
  const th = num(r.verdict.threshold)
  if (th !== null) rec.threshold = th
  if (r.repair) rec.repair = r.repair
  if (r.verdict.regions?.length) rec.regions = r.verdict.regions.map((b) => [b.x0, b.y0, b.x1, b.y1].map((v) => Math.round(v * 10) / 10))
  if (r.error) rec.error = { code: r.error.code, message: r.error.message }
  if (r.ocrConfidence !== undefined) rec.ocrConfidence = Math.round(r.ocrConfidence * 1000) / 1000
  if (r.ocrQuality) rec.ocrQuality = r.ocrQuality
  if (withText) {
    rec.text = r.page.text
    if (r.ocr) rec.ocrText = r.ocr.text
    if (r.layerText !== undefined && r.layerText !== r.page.text) rec.layerText = r.layerText
  }
  return rec
}

/** The record of one document. */
export function documentRecord(file: string, hash: string, d: DocumentResult): DocumentRecord {
  return {
    type: 'document',
    file,
    pages: d.pageCount,
    needsOcr: d.needsOcr,
    hash,
    info: { ...d.info },
    tags: d.tags,
    actions: d.actions,
    ms: Math.round(d.ms),
  }
}

/** The record of a failed document. */
export function errorRecord(file: string, e: unknown, hash?: string): ErrorRecord {
  const t = e as Partial<TriageError>
  const rec: ErrorRecord = {
    type: 'error',
    file,
    code: typeof t?.code === 'string' ? t.code : 'PLUGIN_FAILED',
    message: e instanceof Error ? e.message : String(e),
  }
  if (hash) rec.hash = hash
  return rec
}
