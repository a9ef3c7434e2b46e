// A low-resolution scan enlarged for OCR smoothed back from blocks of pixels, so that tesseract sees the smooth
// letter edges it was trained on.
import type { PageImage } from '@pdftriage/core'

/** A running mean of `f` samples along one direction, in place through `tmp` (same length as `data`). */
function boxPass(data: Uint8Array, tmp: Uint8Array, w: number, h: number, f: number, horizontal: boolean): void {
  const [n, lines] = horizontal ? [w, h] : [h, w]
  const step = horizontal ? 1 : w
  const lineStep = horizontal ? w : 1
  const lo = Math.floor((f - 1) / 2)
  const hi = f - 1 - lo
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep
    // window [i - lo, i + hi], clamped at the edges (edge pixels repeated)
    let sum = 0
    for (let k = -lo; k <= hi; k++) sum += data[base + Math.min(n - 1, Math.max(0, k)) * step]!
    for (let i = 0; i < n; i++) {
      tmp[base + i * step] = Math.round(sum / f)
      sum += data[base + Math.min(n - 1, i + hi + 1) * step]! - data[base + Math.max(0, i - lo) * step]!
    }
  }
  data.set(tmp)
}

/**
 * Smooths a render that enlarged a low-resolution scan by `f` without interpolation (each scan pixel an f x f block):
 * a box of f pixels in each direction, over blocks of f, is linear interpolation between the scan's pixels, which
 * gives the letters the smooth edges tesseract was trained on instead of stair steps.
 */
export function smoothBlocks(img: PageImage, f: number): PageImage {
  const data = new Uint8Array(img.data)
  const tmp = new Uint8Array(data.length)
  boxPass(data, tmp, img.width, img.height, f, true)
  boxPass(data, tmp, img.width, img.height, f, false)
  return { ...img, data }
}
