// Scoring triage against labels: the confusion between needs-OCR and readable per label class, and the text report
// that lists the wrong pages with their notes.
import type { Label } from './labels.js'

/** What triage said of one page, as far as scoring needs it. */
export interface Prediction {
  needsOcr: boolean
  /** Picture regions to OCR on a page that keeps its layer: the page's text needs OCR, of those regions only. */
  regions?: readonly unknown[] | undefined
  layer: string
  judge: string
  repair?: string | undefined
  notes: string[]
}

/** One page of an evaluation: what the label says and what triage said. */
export interface EvalPage {
  type: 'eval-page'
  file: string
  page: number
  label: string
  expected: boolean
  /** `null`: no result for the page (its file failed, or it has no such page). True for a page OCRed whole or in regions. */
  predicted: boolean | null
  /** The page keeps its layer and OCRs this many picture regions. */
  regions?: number
  ok: boolean
  layer?: string
  judge?: string
  repair?: string
  /**
   * `repair`: the label says the page needs OCR and a repair made its layer read (the judges passed the repaired text),
   * so it needs none: handled, not missed. Whether the text is right is for a check against the truth (`repaired` lists
   * these pages); a wrong repair is the worst error there.
   */
  handled?: 'repair'
  notes: string[]
}

/** Counts per label class. */
export interface LabelCounts {
  pages: number
  /** Pages OCRed, whole or in regions. */
  sentToOcr: number
  /** Of those, pages that keep their layer and OCR picture regions only. */
  regions: number
  kept: number
  repaired: number
  /** Pages labelled as needing OCR that a repair made read (counted as right, and in `repaired`). */
  handled: number
  wrong: number
}

/** A page a repair recovered, for checking its text against the truth. */
export interface RepairedPage {
  file: string
  page: number
  label: string
  repair: string
}

/** The confusion between needs-OCR and readable over the labelled pages. */
export interface EvalSummary {
  type: 'eval-summary'
  pages: number
  /** Pages labelled `needs_ocr: null`, left out of every other count. */
  uncertain: number
  /** Labelled needs-OCR, called readable (or without result). */
  missed: number
  /** Labelled readable, sent to OCR (or without result). */
  needless: number
  /** Files that failed. */
  errors: number
  /** Pages labelled as needing OCR that a repair made read (not in `missed`). */
  handled: number
  byLabel: Record<string, LabelCounts>
  /** Every page a repair recovered, whatever its label, in label order. */
  repaired: RepairedPage[]
}

/**
 * Scores predictions against labels, in label order. `predictions` maps a file to its pages' predictions (1-based);
 * `failed` maps a file that failed to why, which becomes the notes of its pages. A page without a prediction counts as
 * wrong: missed when it needs OCR, needless otherwise.
 */
export function scoreEval(
  labels: readonly Label[],
  predictions: ReadonlyMap<string, ReadonlyMap<number, Prediction>>,
  failed: ReadonlyMap<string, string>,
): { pages: EvalPage[]; summary: EvalSummary } {
  const summary: EvalSummary = {
    type: 'eval-summary',
    pages: 0,
    uncertain: 0,
    missed: 0,
    needless: 0,
    errors: failed.size,
    handled: 0,
    byLabel: {},
    repaired: [],
  }
  const pages: EvalPage[] = []
  for (const l of labels) {
    if (l.needs_ocr === null) {
      summary.uncertain++
      continue
    }
    summary.pages++
    const rec = predictions.get(l.file)?.get(l.page)
    // A page whose pictures are OCRed beside its kept layer is OCRed: its text needs OCR, of those regions only.
    const inRegions = !!rec && !rec.needsOcr && (rec.regions?.length ?? 0) > 0
    const predicted = rec ? rec.needsOcr || inRegions : null
    // A layer a repair made read needs no OCR any more: the page the label sends to OCR is handled, not missed.
    const handled = l.needs_ocr && predicted === false && !!rec?.repair
    const ok = predicted === l.needs_ocr || handled
    const row: EvalPage = {
      type: 'eval-page',
      file: l.file,
      page: l.page,
      label: l.label,
      expected: l.needs_ocr,
      predicted,
      ok,
      notes: rec?.notes ?? [failed.get(l.file) ?? 'no result for this page'],
    }
    if (rec) {
      row.layer = rec.layer
      row.judge = rec.judge
      if (rec.repair) row.repair = rec.repair
      if (inRegions) row.regions = rec.regions!.length
      if (handled) row.handled = 'repair'
    }
    const b = (summary.byLabel[l.label] ??= { pages: 0, sentToOcr: 0, regions: 0, kept: 0, repaired: 0, handled: 0, wrong: 0 })
    b.pages++
    if (predicted) b.sentToOcr++
    if (inRegions) b.regions++
    else if (predicted === false) b.kept++
    if (rec?.repair) {
      b.repaired++
      summary.repaired.push({ file: l.file, page: l.page, label: l.label, repair: rec.repair })
    }
    if (handled) {
      b.handled++
      summary.handled++
    }
    if (!ok) {
      b.wrong++
      if (l.needs_ocr) summary.missed++
      else summary.needless++
    }
    pages.push(row)
  }
  return { pages, summary }
}

/** The text report: the counts per class, then every wrong page with its notes. */
export function formatEval(pages: readonly EvalPage[], summary: EvalSummary, files: number): string[] {
  const out: string[] = []
  out.push(`eval: ${summary.pages} labelled pages in ${files} files (${summary.uncertain} uncertain left out, ${summary.errors} files failed)`)
  out.push(
    `${'label'.padEnd(12)}${'pages'.padStart(7)}${'to OCR'.padStart(8)}${'regions'.padStart(9)}${'kept'.padStart(7)}${'repaired'.padStart(10)}${'wrong'.padStart(7)}${'handled'.padStart(9)}`,
  )
  for (const [label, b] of Object.entries(summary.byLabel).sort()) {
    out.push(
      `${label.padEnd(12)}${String(b.pages).padStart(7)}${String(b.sentToOcr).padStart(8)}${String(b.regions).padStart(9)}${String(b.kept).padStart(7)}${String(b.repaired).padStart(10)}${String(b.wrong).padStart(7)}${String(b.handled).padStart(9)}`,
    )
  }
  const inRegions = Object.values(summary.byLabel).reduce((n, b) => n + b.regions, 0)
  out.push(`pages OCRed in picture regions only, their layer kept (counted in "to OCR"): ${inRegions}`)
  out.push(`missed (needs OCR, called readable): ${summary.missed}`)
  out.push(`needless (readable, sent to OCR): ${summary.needless}`)
  out.push(`handled by a repair (needs OCR, a repair made the layer read; not missed): ${summary.handled}`)
  if (summary.repaired.length) {
    out.push(`repaired pages (check their text against the truth): ${summary.repaired.length}`)
    for (const r of summary.repaired) out.push(`  ${r.file} p${r.page} [${r.label}] repaired by ${r.repair}`)
  }
  const wrong = pages.filter((p) => !p.ok)
  if (wrong.length) {
    out.push('wrong pages:')
    for (const w of wrong) {
      out.push(
        `  ${w.file} p${w.page} [${w.label}] -> ${w.predicted === null ? 'no result' : w.regions ? `OCR of ${w.regions} regions` : w.predicted ? 'OCR' : 'readable'} (${w.layer ?? '?'} by ${w.judge ?? '?'}${w.repair ? `, repaired by ${w.repair}` : ''})`,
      )
      for (const n of w.notes) out.push(`      ${n}`)
    }
  }
  return out
}
