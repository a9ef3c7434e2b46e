// The repair stage: the repairs tried in order on a page whose layer is damaged, each result judged again and kept
// only when it then reads.
import type { Judge, JudgeContext, Repair } from '../contracts.js'
import type { PageText, Verdict } from '../types.js'
import { repairResultProblem } from '../contract-checks.js'
import { centreIn } from '../geometry.js'
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
    const kept = withoutBrokenRegions(again, res.page)
    return {
      page: { ...res.page, source: 'repaired' },
      verdict: { ...kept, layer: 'recoverable', notes: [...verdict.notes, ...evidence, ...kept.notes] },
      repair: r.name,
    }
  }
  return undefined
}

/**
 * A repaired page's verdict without the regions of the fonts it calls broken: the repair answered for the fonts' text
 * (codes it left unmapped are its coverage's, measured), and OCR words over a repaired font's runs, wherever its boxes
 * and the image's disagree, would add the page's text a second time. Picture regions stay.
 */
function withoutBrokenRegions(v: Verdict, page: PageText): Verdict {
  if (!v.brokenFonts?.length || !v.regions?.length) return v
  const broken = new Set(v.brokenFonts)
  const runs = page.items.filter((i) => i.fontId !== undefined && broken.has(i.fontId)).map((i) => i.bbox)
  const regions = v.regions.filter((r) => !runs.some((b) => centreIn(r, b)))
  const out: Verdict = { ...v, notes: [...v.notes, `regions of ${[...broken].join(', ')} not OCRed: the repair answers for their text`] }
  delete out.brokenFonts
  if (regions.length) out.regions = regions
  else delete out.regions
  return out
}
