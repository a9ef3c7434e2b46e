// The judge stage: the configured judges run in order on a page (the first verdict that needs OCR wins), or one
// judge deciding the whole document from samples.
import type { DocumentView, Judge, JudgeContext } from '../contracts.js'
import type { PageText, Verdict } from '../types.js'
import { verdictProblem } from '../contract-checks.js'
import { callPlugin } from './plugin-call.js'

/**
 * Runs the judges in order on a page. The first verdict that needs OCR (or is `blank`) wins; otherwise the last
 * readable verdict stands, with the picture `regions` (and `brokenFonts`) of the last judge that gave any. Every judge's notes are kept, prefixed with its name. A judge that throws is a
 * `PLUGIN_FAILED` error for the page, one whose verdict breaks the contract a `PLUGIN_INVALID` error.
 */
export async function judgePage(page: PageText, judges: readonly Judge[], ctx: JudgeContext): Promise<Verdict> {
  const notes: string[] = []
  let last: Verdict | undefined
  // Picture regions a judge found stay with the readable verdict a later judge gives: that judge speaks of the layer,
  // not of the pictures beside it.
  let regions: Pick<Verdict, 'regions' | 'brokenFonts'> | undefined
  for (const j of judges) {
    const v = await callPlugin({ plugin: j.name, stage: 'judge', page: page.pageNumber, file: ctx.file }, () => j.judge(page, ctx), verdictProblem)
    if (!v) continue
    for (const n of v.notes) notes.push(`${v.judge}: ${n}`)
    if (v.needsOcr || v.layer === 'blank') return { ...v, notes }
    if (v.regions?.length) regions = { regions: v.regions, ...(v.brokenFonts?.length ? { brokenFonts: v.brokenFonts } : {}) }
    last = v
  }
  if (last) return regions && !last.regions?.length ? { ...last, notes, ...regions } : { ...last, notes }
  return { judge: 'none', layer: 'healthy', needsOcr: false, notes: [...notes, 'no judge decided: the layer is kept'] }
}

/**
 * Document mode: the first judge with `judgeDocument` that returns a verdict decides every page from samples (its
 * notes prefixed with its name); `undefined` when none does, and pages are judged one by one.
 */
export async function judgeDocument(view: DocumentView, judges: readonly Judge[], ctx: JudgeContext): Promise<Verdict | undefined> {
  for (const j of judges) {
    const judgeDoc = j.judgeDocument?.bind(j)
    if (!judgeDoc) continue
    const v = await callPlugin({ plugin: j.name, stage: 'judge', file: ctx.file }, () => judgeDoc(view, ctx), verdictProblem)
    if (v) return { ...v, notes: v.notes.map((n) => `${v.judge}: ${n}`) }
  }
  return undefined
}
