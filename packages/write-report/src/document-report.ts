// The JSON report of one document: what it is, what was done to each page and why (every verdict with its notes),
// the rebuilt paragraphs' page map, and the time spent.
import { pdfType, type WriterInput } from '@pdftriage/core'

/**
 * The report of one document: what it is, what was done to each page and why (every verdict with its notes, in the
 * order the numbers were taken), the rebuilt paragraphs' page map, and the time spent. Scores that are not finite
 * (a page too short for the letter-pair model scores -Infinity) are `null`, which JSON can hold.
 */
export function documentReport(doc: WriterInput) {
  const d = doc.document
  return {
    file: doc.file,
    hash: doc.hash,
    pages: d.pageCount,
    info: { ...d.info },
    tags: d.tags,
    pdfType: pdfType(doc.pages),
    actions: d.actions,
    needsOcr: d.needsOcr,
    notes: d.notes,
    postprocess: d.text?.notes ?? [],
    paragraphs: d.text?.paragraphs?.map((p) => ({ pages: p.pages, kind: p.kind ?? 'body', chars: p.text.length })) ?? [],
    pageVerdicts: doc.pages.map((p) => ({
      page: p.pageNumber,
      layer: p.verdict.layer,
      needsOcr: p.verdict.needsOcr,
      action: p.action,
      judge: p.verdict.judge,
      score: Number.isFinite(p.verdict.score) ? p.verdict.score : null,
      repair: p.repair ?? null,
      notes: p.verdict.notes,
      error: p.error ?? null,
      ms: p.timings,
      ...(p.ocrConfidence !== undefined ? { ocrConfidence: Math.round(p.ocrConfidence * 1000) / 1000, ocrQuality: p.ocrQuality ?? null } : {}),
    })),
    ms: Math.round(d.ms),
    postprocessMs: d.postprocessMs === undefined ? null : Math.round(d.postprocessMs),
  }
}

/** The report's shape. */
export type DocumentReport = ReturnType<typeof documentReport>
