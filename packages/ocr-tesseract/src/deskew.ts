// A scan's skew measured (the angle at which its ink falls most sharply into rows) and the page straightened before
// OCR, with the way back for the word boxes.
import type { PageImage } from '@pdftriage/core'

/** A box in pixels, top-left origin, as tesseract gives it. */
export interface PixelBox {
  x0: number
  y0: number
  x1: number
  y1: number
}

/**
 * Resolution the skew is measured at: the page is reduced to about this many dots per inch first. At 75 dpi a 10 pt
 * line is still ~10 px high, so lines stay apart in the profile, and an A4 page is 620 x 880 px: the search over
 * angles costs a few milliseconds where the full 300 dpi page would cost sixteen times more.
 */
const MEASURE_DPI = 75
/** Coarse step of the angle search, degrees; then refined around the best coarse angle in {@link FINE_STEP}s. */
const COARSE_STEP = 0.5
const FINE_STEP = 0.05

/** Otsu's threshold of a grey histogram: the level that best splits ink from paper. */
function otsu(hist: Uint32Array, total: number): number {
  let sum = 0
  for (let i = 0; i < 256; i++) sum += i * hist[i]!
  let sumB = 0
  let wB = 0
  let best = 0
  let level = 128
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!
    if (wB === 0) continue
    const wF = total - wB
    if (wF === 0) break
    sumB += t * hist[t]!
    const mB = sumB / wB
    const mF = (sum - sumB) / wF
    const between = wB * wF * (mB - mF) * (mB - mF)
    if (between > best) [best, level] = [between, t]
  }
  return level
}

/**
 * The dark pixels of the page reduced to about {@link MEASURE_DPI} (a cell is dark when its mean grey is under Otsu's
 * threshold of the reduced page), as x, y pairs in reduced pixels.
 */
function inkPoints(img: PageImage): { xs: Float64Array; ys: Float64Array; n: number } {
  const f = Math.max(1, Math.round(img.dpi / MEASURE_DPI))
  const w = Math.floor(img.width / f)
  const h = Math.floor(img.height / f)
  const small = new Uint8Array(w * h)
  const hist = new Uint32Array(256)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * img.width + x * f
        for (let dx = 0; dx < f; dx++) s += img.data[row + dx]!
      }
      const v = Math.round(s / (f * f))
      small[y * w + x] = v
      hist[v]!++
    }
  }
  const t = otsu(hist, w * h)
  let n = 0
  for (let i = 0; i < small.length; i++) if (small[i]! <= t) n++
  const xs = new Float64Array(n)
  const ys = new Float64Array(n)
  let k = 0
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (small[y * w + x]! <= t) {
        xs[k] = x
        ys[k++] = y
      }
    }
  }
  return { xs, ys, n }
}

/**
 * How sharply the ink falls into rows when lines run at `deg` degrees (clockwise, y down): the sum of squares of the
 * ink counts along such lines. Lines of text give tall narrow peaks at their own angle and a smeared profile at any
 * other.
 */
function profileScore(xs: Float64Array, ys: Float64Array, n: number, deg: number, bins: Float64Array, offset: number): number {
  const a = (deg * Math.PI) / 180
  const c = Math.cos(a)
  const s = Math.sin(a)
  bins.fill(0)
  for (let i = 0; i < n; i++) {
    // coordinate across the lines: constant along a line whose direction is (cos a, sin a)
    const r = Math.round(ys[i]! * c - xs[i]! * s) + offset
    bins[r]!++
  }
  let sum = 0
  for (let i = 0; i < bins.length; i++) sum += bins[i]! * bins[i]!
  return sum
}

/**
 * Measures the skew of the text on a page: the angle, in degrees clockwise (y down), by which its lines run off level
 * (or, on a page scanned sideways, off plumb), from the projection profile of the ink searched over `-maxDeg..maxDeg`
 * around both. Returns 0 for a page without ink.
 */
export function measureSkew(img: PageImage, maxDeg: number): number {
  return skewOf(img, maxDeg).degrees
}

/** A page's skew and how much sharper its lines fall into rows at that angle than at none (1: no sharper). */
export interface Skew {
  degrees: number
  gain: number
}

/**
 * {@link measureSkew} with the gain of the angle found: the profile's score there over its score at no skew (level, or
 * plumb on a sideways page). Lines of text turned a few degrees give a clear gain; pictures give a profile about as
 * sharp at any angle, and their best angle is noise.
 */
export function skewOf(img: PageImage, maxDeg: number): Skew {
  const { xs, ys, n } = inkPoints(img)
  if (n === 0) return { degrees: 0, gain: 1 }
  let minX = Infinity
  let minY = Infinity
  let maxX = 0
  let maxY = 0
  for (let i = 0; i < n; i++) {
    if (xs[i]! > maxX) maxX = xs[i]!
    if (ys[i]! > maxY) maxY = ys[i]!
    if (xs[i]! < minX) minX = xs[i]!
    if (ys[i]! < minY) minY = ys[i]!
  }
  // |y cos a - x sin a| <= maxX + maxY at any angle: the bins hold the profile across level and plumb lines alike
  const offset = Math.ceil(maxX + maxY) + 1
  const bins = new Float64Array(2 * offset + 1)
  const level = searchSkew(xs, ys, n, maxDeg, 0, bins, offset)
  const plumb = searchSkew(xs, ys, n, maxDeg, 90, bins, offset)
  // A sideways page (tesseract reads it by itself) has its lines running down: their profile across x is the sharp
  // one. The sum of squares of ink spread evenly over a span is n^2 / span, so each score times the span of the ink
  // it is taken across compares the two independently of the page's shape.
  const found = plumb.score * (maxX - minX + 1) > level.score * (maxY - minY + 1) ? plumb : level
  return { degrees: found.deg, gain: found.gain }
}

/**
 * The angle off `base` (0: level lines, 90: plumb ones) whose profile is sharpest, coarse then fine, its score, and
 * that score over the score at `base` itself.
 */
function searchSkew(
  xs: Float64Array,
  ys: Float64Array,
  n: number,
  maxDeg: number,
  base: number,
  bins: Float64Array,
  offset: number,
): { deg: number; score: number; gain: number } {
  let best = 0
  let bestScore = -1
  const steps = Math.round(maxDeg / COARSE_STEP)
  for (let i = -steps; i <= steps; i++) {
    const d = i * COARSE_STEP
    const sc = profileScore(xs, ys, n, base + d, bins, offset)
    // ties (a page whose profile is flat) keep the angle nearest 0
    if (sc > bestScore || (sc === bestScore && Math.abs(d) < Math.abs(best))) [best, bestScore] = [d, sc]
  }
  const coarse = best
  for (let d = coarse - COARSE_STEP; d <= coarse + COARSE_STEP + 1e-9; d += FINE_STEP) {
    const sc = profileScore(xs, ys, n, base + d, bins, offset)
    if (sc > bestScore) [best, bestScore] = [d, sc]
  }
  const none = profileScore(xs, ys, n, base, bins, offset)
  return { deg: Math.round(best * 100) / 100, score: bestScore, gain: none > 0 ? bestScore / none : 1 }
}

/** A page straightened by {@link straighten}, and how to bring its pixel boxes back onto the page as given. */
export interface Straightened {
  image: PageImage
  /** A box of the straightened image to the axis-aligned box covering it on the original image. */
  toOriginal: (b: PixelBox) => PixelBox
}

/**
 * Turns the page by `-deg` so that lines running at `deg` become level. The canvas grows to hold the whole turned page
 * (white outside it), bilinear sampling.
 */
export function straighten(img: PageImage, deg: number): Straightened {
  const a = (deg * Math.PI) / 180
  const c = Math.cos(a)
  const s = Math.sin(a)
  const { width: w, height: h, data } = img
  const W = Math.ceil(w * Math.abs(c) + h * Math.abs(s))
  const H = Math.ceil(w * Math.abs(s) + h * Math.abs(c))
  const cx = w / 2
  const cy = h / 2
  const CX = W / 2
  const CY = H / 2
  // output (X, Y) reads the original at R(a) * (X - CX, Y - CY) + (cx, cy): a level row follows a line at angle a
  const src = (X: number, Y: number): [number, number] => {
    const dx = X - CX
    const dy = Y - CY
    return [c * dx - s * dy + cx, s * dx + c * dy + cy]
  }
  const out = new Uint8Array(W * H)
  for (let Y = 0; Y < H; Y++) {
    const dy = Y + 0.5 - CY
    for (let X = 0; X < W; X++) {
      const dx = X + 0.5 - CX
      const x = c * dx - s * dy + cx - 0.5
      const y = s * dx + c * dy + cy - 0.5
      const x0 = Math.floor(x)
      const y0 = Math.floor(y)
      if (x0 < -1 || y0 < -1 || x0 >= w || y0 >= h) {
        out[Y * W + X] = 255
        continue
      }
      const fx = x - x0
      const fy = y - y0
      const at = (xx: number, yy: number) => (xx < 0 || yy < 0 || xx >= w || yy >= h ? 255 : data[yy * w + xx]!)
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
      out[Y * W + X] = Math.round(top * (1 - fy) + bottom * fy)
    }
  }
  const toOriginal = (b: PixelBox): PixelBox => {
    const corners = [src(b.x0, b.y0), src(b.x1, b.y0), src(b.x0, b.y1), src(b.x1, b.y1)]
    const xs = corners.map((p) => p[0])
    const ys = corners.map((p) => p[1])
    return {
      x0: Math.max(0, Math.min(...xs)),
      y0: Math.max(0, Math.min(...ys)),
      x1: Math.min(w, Math.max(...xs)),
      y1: Math.min(h, Math.max(...ys)),
    }
  }
  return { image: { pageNumber: img.pageNumber, width: W, height: H, dpi: img.dpi, data: out }, toOriginal }
}
