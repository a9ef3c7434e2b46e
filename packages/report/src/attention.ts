// Which pages of a run deserve a person's look, and in what order: failures, poor OCR, judges that disagree, scores
// close to their threshold, repairs, low confidence, regions OCRed beside a kept layer.
import type { PageRow } from './read-run.js'

/** Layers whose verdict sends a page to OCR or repair. */
const NEEDS_OCR_LAYERS = new Set(['absent', 'sparse', 'garbled', 'unreadable', 'uncertain'])
/** Layers a judge can state at the start of its deciding note ("gates: healthy: passes every gate"). */
const STATED = /^([\w-]+): (healthy|absent|sparse|garbled|unreadable|recoverable|blank|uncertain)\b/

/**
 * How close a score sits to its threshold, as a share of the threshold's size; below this a page is "close to the
 * threshold". Scores here are shares (0..1), letter-model log-probabilities (-2 to -4) or word counts, so a relative
 * margin serves all three: a tenth of the threshold is about one sampling error of a 40-word spot-check band.
 */
export const CLOSE_MARGIN = 0.1
/** Mean OCR word confidence (0..1) under which an OCRed page is worth a look whatever its quality flag says. */
export const LOW_OCR_CONFIDENCE = 0.7

/** Why a page deserves a look, with a weight: higher first. */
export interface Attention {
  weight: number
  reasons: string[]
}

/**
 * Ranks a page for review: failures first, then OCR that reads badly, judges that disagree, scores close to their
 * threshold, repairs (text that replaced the file's), OCR of low confidence, and regions OCRed beside a kept layer. A
 * page with none of these weighs 0.
 */
export function attention(p: PageRow): Attention {
  let weight = 0
  const reasons: string[] = []
  const add = (w: number, why: string) => {
    weight += w
    reasons.push(why)
  }
  if (p.action === 'failed' || p.error) add(100, `failed${p.error ? `: ${p.error.code}` : ''}`)
  if (p.ocrQuality === 'poor') add(80, 'the OCR itself reads badly')
  const said = new Map<string, boolean>()
  for (const n of p.notes ?? []) {
    const m = STATED.exec(n)
    if (m) said.set(m[1]!, NEEDS_OCR_LAYERS.has(m[2]!))
  }
  const opinions = new Set(said.values())
  if (opinions.size > 1) add(50, `judges disagree (${[...said].map(([j, o]) => `${j}: ${o ? 'OCR' : 'keep'}`).join(', ')})`)
  if (typeof p.score === 'number' && typeof p.threshold === 'number' && Number.isFinite(p.score) && Number.isFinite(p.threshold)) {
    const margin = Math.abs(p.score - p.threshold) / Math.max(Math.abs(p.threshold), 1e-9)
    if (margin < CLOSE_MARGIN) add(20 + Math.round(40 * (1 - margin / CLOSE_MARGIN)), `score ${p.score} close to threshold ${p.threshold}`)
  }
  if (p.action === 'repaired') add(30, `repaired${p.repair ? ` by ${p.repair}` : ''}: the file's text was replaced`)
  // Text OCR read from pictures beside a kept layer: the page's text is no longer the file's alone.
  if (p.regions?.length) add(20, `${p.regions.length} region${p.regions.length > 1 ? 's' : ''} OCRed beside the kept layer`)
  if (typeof p.ocrConfidence === 'number' && p.ocrConfidence < LOW_OCR_CONFIDENCE) {
    add(25, `OCR confidence ${p.ocrConfidence.toFixed(2)} < ${LOW_OCR_CONFIDENCE}`)
  }
  return { weight, reasons }
}
