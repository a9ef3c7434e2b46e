import type { DocumentResult, PageResult } from '@pdftriage/core'
import { safeJoin, writeAtomic } from './atomic.js'
import type { DocumentRecord } from './records.js'

/** The files written for one document, relative to the output folder. */
export interface DocumentOutputs {
  text: string
  /** The post-processed continuous text, when a post-processor ran. */
  clean?: string
  report: string
  pdf?: string
  pdfType: 'text' | 'image' | 'mixed' | 'empty'
}

/** Output files are keyed by content: 32 hex digits (128 bits) of the BLAKE2b-512 hash. */
export const outputKey = (hash: string): string => hash.slice(0, 32)

/** Image coverage from which a page is a scan whatever its layer (an OCR layer over a scan is still a scan). */
const SCAN_COVERAGE = 0.9

/**
 * Whether the document is born-digital, a scan, or both, from its pages: absent and sparse layers are scans, and so
 * is a page whose image covers it (an existing OCR layer over a scan).
 */
export function pdfType(pages: readonly PageResult[]): DocumentOutputs['pdfType'] {
  const content = pages.filter((p) => p.verdict.layer !== 'blank' && p.action !== 'skipped')
  if (!content.length) return 'empty'
  const scans = content.filter(
    (p) => p.verdict.layer === 'absent' || p.verdict.layer === 'sparse' || (p.page.imageCoverage ?? 0) >= SCAN_COVERAGE,
  ).length
  return scans === 0 ? 'text' : scans === content.length ? 'image' : 'mixed'
}

/**
 * The document's text, NFC, pages separated by form feeds. When a post-processor rebuilt paragraphs, each page holds
 * the paragraphs that start on it; otherwise the pages' own texts.
 */
export function pagesText(pages: readonly PageResult[], doc: DocumentResult): string {
  const paras = doc.text?.paragraphs
  if (paras?.length) {
    const byPage = new Map<number, string[]>()
    for (const p of paras) {
      const first = p.pages[0] ?? 1
      let a = byPage.get(first)
      if (!a) byPage.set(first, (a = []))
      a.push(p.text)
    }
    return pages.map((p) => (byPage.get(p.pageNumber) ?? []).join('\n\n')).join('\f').normalize('NFC')
  }
  return pages.map((p) => p.page.text).join('\f').normalize('NFC')
}

/**
 * Writes a document's text, report and (optionally) searchable PDF into the output folder, each atomically, named by
 * the content hash so that two `scan.pdf` from different folders never collide.
 */
export async function writeDocumentOutputs(
  out: string,
  file: string,
  hash: string,
  bytes: Uint8Array,
  pages: readonly PageResult[],
  doc: DocumentResult,
  record: DocumentRecord,
  withPdf: boolean,
): Promise<DocumentOutputs> {
  const key = outputKey(hash)
  const outputs: DocumentOutputs = { text: `documents/${key}.txt`, report: `documents/${key}.json`, pdfType: pdfType(pages) }
  await writeAtomic(safeJoin(out, outputs.text), pagesText(pages, doc))
  if (doc.text?.text !== undefined) {
    outputs.clean = `documents/${key}.clean.txt`
    await writeAtomic(safeJoin(out, outputs.clean), doc.text.text.normalize('NFC'))
  }
  if (withPdf) {
    // Imported only when asked for: pdf-lib is not loaded by runs that write no PDF.
    const { writeSearchablePdf } = await import('@pdftriage/write-pdf')
    const pdf = await writeSearchablePdf(bytes, pages.map((p) => ({ pageNumber: p.pageNumber, action: p.action, page: p.page })))
    outputs.pdf = `documents/${key}.pdf`
    await writeAtomic(safeJoin(out, outputs.pdf), pdf)
  }
  const report = {
    file,
    hash,
    pages: record.pages,
    info: record.info,
    tags: record.tags,
    pdfType: outputs.pdfType,
    actions: record.actions,
    needsOcr: record.needsOcr,
    notes: doc.notes,
    postprocess: doc.text?.notes ?? [],
    paragraphs: doc.text?.paragraphs?.map((p) => ({ pages: p.pages, kind: p.kind ?? 'body', chars: p.text.length })) ?? [],
    pageVerdicts: pages.map((p) => ({
      page: p.pageNumber, layer: p.verdict.layer, needsOcr: p.verdict.needsOcr, action: p.action, judge: p.verdict.judge,
      score: Number.isFinite(p.verdict.score) ? p.verdict.score : null, repair: p.repair ?? null, notes: p.verdict.notes,
      error: p.error ?? null, ms: p.timings,
    })),
    ms: Math.round(doc.ms),
    postprocessMs: doc.postprocessMs === undefined ? null : Math.round(doc.postprocessMs),
  }
  await writeAtomic(safeJoin(out, outputs.report), `${JSON.stringify(report, null, 2)}\n`)
  return outputs
}
