import type { BBox } from '@pdftriage/core'
import type { Word } from './words.js'

/** The sample region: the box to OCR and the layer words it holds. */
export interface Region {
  /** Box in page points, padded. */
  box: BBox
  /** The band of layer text, unpadded: OCR words are compared when their centre lies inside it. */
  band: BBox
  /** Comparable layer words of the band. */
  words: Word[]
}

const cy = (w: Word): number => (w.bbox.y0 + w.bbox.y1) / 2

/**
 * Chooses a band of consecutive lines around the middle of the layer holding at least `minWords` comparable words,
 * capped at `maxHeight` points, then padded. Grows from the median word towards the nearer neighbour, so that the band
 * stays centred on the text, and then takes in whole lines (words whose centre lies within half a median word height
 * of the band's edge words). Returns `undefined` when the layer has fewer than `minWords` comparable words.
 */
export function chooseRegion(all: readonly Word[], minWords: number, maxHeight: number, padding: number, page: { width: number; height: number }): Region | undefined {
  const words = all.filter((w) => w.key !== '').sort((a, b) => cy(a) - cy(b))
  if (words.length < minWords) return undefined
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b)
  const half = (heights[heights.length >> 1] ?? 0) / 2
  const m = words.length >> 1
  let i = m
  let j = m
  const height = (a: number, b: number) => words[b]!.bbox.y1 - words[a]!.bbox.y0
  while (j - i + 1 < minWords) {
    const up = i > 0 ? cy(words[m]!) - cy(words[i - 1]!) : Infinity
    const down = j < words.length - 1 ? cy(words[j + 1]!) - cy(words[m]!) : Infinity
    if (up === Infinity && down === Infinity) break
    const [ni, nj] = up <= down ? [i - 1, j] : [i, j + 1]
    if (height(Math.min(ni, i), Math.max(nj, j)) > maxHeight && j - i + 1 >= 2) break
    ;[i, j] = [ni, nj]
  }
  // whole lines at both edges, within the cap
  while (i > 0 && cy(words[i]!) - cy(words[i - 1]!) <= half && height(i - 1, j) <= maxHeight) i--
  while (j < words.length - 1 && cy(words[j + 1]!) - cy(words[j]!) <= half && height(i, j + 1) <= maxHeight) j++
  const chosen = words.slice(i, j + 1)
  const band: BBox = {
    x0: Math.min(...chosen.map((w) => w.bbox.x0)),
    y0: Math.min(...chosen.map((w) => w.bbox.y0)),
    x1: Math.max(...chosen.map((w) => w.bbox.x1)),
    y1: Math.max(...chosen.map((w) => w.bbox.y1)),
  }
  const box: BBox = {
    x0: Math.max(0, band.x0 - padding),
    y0: Math.max(0, band.y0 - padding),
    x1: Math.min(page.width, band.x1 + padding),
    y1: Math.min(page.height, band.y1 + padding),
  }
  return { box, band, words: chosen }
}
