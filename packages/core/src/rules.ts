// Metadata rules: which of a configuration's rules (its presets' and its own) match a document, and how they change
// the handling of its pages (OCR everything, ignore a stamp band, skip pages).
import type { ResolvedConfig, Rule } from './config.js'
import type { DocumentPlan } from './pipeline/run-document.js'
import type { DocumentInfo } from './types.js'

/**
 * Seed 003's rules for French @ctes documents (municipal decrees sent to the prefecture), opt-in as preset `actes-fr`.
 * - CreatorTool "Image Capture Plus": a scanner's OCR layer of poor quality, so every page is OCRed.
 * - iText 2.1.7 by 1T3XT: the @ctes platform's output, which stamps the top of each page with the transmission
 *   stamp and appends a receipt page ("accusé de réception") at the end; the stamp band is ignored when judging and
 *   the receipt page is skipped.
 */
export const PRESETS: Record<'actes-fr', Rule[]> = {
  'actes-fr': [
    { name: 'poor scanner OCR', when: { creatorTool: 'Image Capture Plus' }, tag: 'poor-ocr-layer', action: 'ocr-all-pages' },
    { name: '@ctes receipt', when: { producer: '^iText 2\\.1\\.7 by 1T3XT$' }, tag: 'receipt-last-page', action: { skipPages: [-1] } },
    // The stamp sits in the top 12 % of an A4 page (about 100 pt of 842) on the @ctes samples the seed saw.
    { name: '@ctes stamp', when: { producer: '^iText 2\\.1\\.7 by 1T3XT$' }, tag: 'actes-stamp', action: { ignoreTopBand: 0.12 } },
  ],
}

/** True when every condition of the rule matches the document. */
export function ruleMatches(rule: Rule, info: DocumentInfo): boolean {
  const w = rule.when
  const re = (pattern: string | undefined, value: string | undefined) => pattern === undefined || (value !== undefined && new RegExp(pattern).test(value))
  if (!re(w.producer, info.producer) || !re(w.creator, info.creator) || !re(w.creatorTool, info.creatorTool)) return false
  if (w.pages !== undefined) {
    if (typeof w.pages === 'number') return info.pageCount === w.pages
    if (w.pages.min !== undefined && info.pageCount < w.pages.min) return false
    if (w.pages.max !== undefined && info.pageCount > w.pages.max) return false
  }
  return true
}

/** The rules a config applies: its presets' rules first, then its own. */
export function effectiveRules(config: Pick<ResolvedConfig, 'rules' | 'presets'>): Rule[] {
  return [...config.presets.flatMap((p) => PRESETS[p]), ...config.rules]
}

/** Computes how the matching rules change a document's handling. */
export function planDocument(rules: readonly Rule[], info: DocumentInfo): DocumentPlan {
  const plan: DocumentPlan = { tags: [], notes: [] }
  const skip = new Set<number>()
  for (const r of rules) {
    if (!ruleMatches(r, info)) continue
    const label = r.name ?? r.tag ?? 'rule'
    if (r.tag && !plan.tags.includes(r.tag)) plan.tags.push(r.tag)
    const a = r.action
    if (a === 'ocr-all-pages') plan.forceOcr = true
    else if (a === 'extract-only') plan.extractOnly = true
    else if (typeof a === 'object' && 'skipPages' in a) {
      for (const p of a.skipPages) {
        const n = p < 0 ? info.pageCount + 1 + p : p
        if (n >= 1 && n <= info.pageCount) skip.add(n)
      }
    } else if (typeof a === 'object' && 'ignoreTopBand' in a) plan.ignoreTopBand = Math.max(plan.ignoreTopBand ?? 0, a.ignoreTopBand)
    else if (typeof a === 'object' && 'ignoreBottomBand' in a) plan.ignoreBottomBand = Math.max(plan.ignoreBottomBand ?? 0, a.ignoreBottomBand)
    plan.notes!.push(`rule "${label}" matched: ${typeof a === 'string' ? a : JSON.stringify(a)}`)
  }
  if (skip.size) plan.skipPages = skip
  return plan
}
