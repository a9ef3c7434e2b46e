import type { Judge, JudgeContext, Repair } from '../contracts.js'
import type { PageText, Verdict } from '../types.js'
import { repairResultProblem } from '../contract-checks.js'
import { judgePage } from './judge.js'
import { callPlugin } from './plugin-call.js'

/** Layers a repair may recover (damage, not absence). */
const REPAIRABLE = new Set<Verdict['layer']>(['garbled', 'unreadable'])

/** A page a repair recovered: the repaired text, its verdict (layer `recoverable`) and the repair's name. */
export interface RepairedPage {
  page: PageText
  verdict: Verdict
  repair: string
}

/**
 * Tries the repairs in order on a failing page. A repaired page is judged again and kept only if it now reads.
 * Returns the repaired page, its verdict (layer `recoverable`) and the repair's name, or `undefined` with the reasons
 * appended to `rejected`.
 */
export async function repairPage(
  page: PageText,
  verdict: Verdict,
  repairs: readonly Repair[],
  judges: readonly Judge[],
  ctx: JudgeContext,
  rejected: string[],
): Promise<RepairedPage | undefined> {
  if (!verdict.needsOcr || !REPAIRABLE.has(verdict.layer)) return undefined
  for (const r of repairs) {
    const res = await callPlugin(
      { plugin: r.name, stage: 'repair', page: page.pageNumber, file: ctx.file },
      () => r.repair(page, { ...ctx, verdict, judge: (p) => judgePage(p, judges, ctx) }),
      repairResultProblem,
    )
    if (!res) continue
    const again = await judgePage(res.page, judges, ctx)
    const evidence = res.notes.map((n) => `${r.name}: ${n}`)
    if (again.needsOcr || again.layer === 'blank') {
      rejected.push(...evidence, `${r.name}: repaired text still fails (${again.layer}), repair rejected`)
      continue
    }
    return {
      page: { ...res.page, source: 'repaired' },
      verdict: { ...again, layer: 'recoverable', notes: [...verdict.notes, ...evidence, ...again.notes] },
      repair: r.name,
    }
  }
  return undefined
}
