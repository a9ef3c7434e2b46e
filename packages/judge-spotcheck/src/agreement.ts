// How far an existing OCR layer and a fresh OCR of the same band of the page agree, word for word, order aside.
import type { BBox } from '@pdftriage/core'
import type { Word } from './words.js'

/** How far two readings of the same region agree, word for word. */
export interface Agreement {
  /** Comparable layer words of the region. */
  layerWords: number
  /** Comparable OCR words whose centre lies in the band. */
  ocrWords: number
  /** Words found on both sides (multiset intersection). */
  matched: number
  /** Share of layer words found in the OCR (`undefined` when there are no layer words). */
  layerInOcr: number | undefined
  /** Share of OCR words found in the layer (`undefined` when there are no OCR words). */
  ocrInLayer: number | undefined
  /** Dice coefficient 2·matched / (layer + OCR words): both shares at once, 0 when either side is empty. */
  dice: number
  /** Unmatched layer words beside the unmatched OCR word that overlaps them most: `layer→ocr`. */
  mismatches: Array<[string, string]>
}

const inside = (w: Word, b: BBox): boolean => {
  const x = (w.bbox.x0 + w.bbox.x1) / 2
  const y = (w.bbox.y0 + w.bbox.y1) / 2
  return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1
}

const overlap = (a: BBox, b: BBox): number =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0))

/**
 * Compares the layer words of a region with the OCR words whose centre lies in `band`, as multisets of comparison
 * keys (order-free: reading order and line splits do not matter). Words without a key are left out on both sides.
 */
export function compareWords(layer: readonly Word[], ocr: readonly Word[], band: BBox, examples: number): Agreement {
  const L = layer.filter((w) => w.key !== '')
  const O = ocr.filter((w) => w.key !== '' && inside(w, band))
  const pool = new Map<string, number>()
  for (const w of O) pool.set(w.key, (pool.get(w.key) ?? 0) + 1)
  const unmatchedLayer: Word[] = []
  let matched = 0
  for (const w of L) {
    const n = pool.get(w.key) ?? 0
    if (n > 0) {
      pool.set(w.key, n - 1)
      matched++
    } else unmatchedLayer.push(w)
  }
  // the OCR words left in the pool are the unmatched ones
  const left = O.filter((w) => {
    const n = pool.get(w.key) ?? 0
    if (n <= 0) return false
    pool.set(w.key, n - 1)
    return true
  })
  const mismatches: Array<[string, string]> = []
  for (const w of unmatchedLayer) {
    if (mismatches.length >= examples) break
    let best: Word | undefined
    let area = 0
    for (const o of left) {
      const a = overlap(w.bbox, o.bbox)
      if (a > area) [best, area] = [o, a]
    }
    mismatches.push([w.text, best?.text ?? '∅'])
  }
  const total = L.length + O.length
  return {
    layerWords: L.length,
    ocrWords: O.length,
    matched,
    layerInOcr: L.length ? matched / L.length : undefined,
    ocrInLayer: O.length ? matched / O.length : undefined,
    dice: total ? (2 * matched) / total : 0,
    mismatches,
  }
}
