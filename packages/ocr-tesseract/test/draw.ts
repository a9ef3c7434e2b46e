import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { PageImage } from '@pdftriage/core'

const require = createRequire(import.meta.url)

/** A line of text drawn at a known place: `x`, `y` of the baseline in pixels, `size` in pixels. */
export interface DrawnLine {
  text: string
  x: number
  y: number
  size: number
}

let fontReady = false

/**
 * Draws lines of black text (turned by `skewDegrees`, clockwise, when given) on a white page with @napi-rs/canvas and returns grey pixels, as the extractor renders
 * them. The font comes from pdfjs-dist because CI machines have no system fonts.
 */
export async function drawPage(lines: readonly DrawnLine[], width: number, height: number, dpi: number, pageNumber = 1, skewDegrees = 0): Promise<PageImage> {
  const { createCanvas, GlobalFonts } = (await import('@napi-rs/canvas')).default
  if (!fontReady) {
    const root = dirname(require.resolve('pdfjs-dist/package.json'))
    GlobalFonts.registerFromPath(join(root, 'standard_fonts', 'LiberationSans-Regular.ttf'), 'Test Sans')
    fontReady = true
  }
  const canvas = createCanvas(width, height)
  const g = canvas.getContext('2d')
  g.fillStyle = '#fff'
  g.fillRect(0, 0, width, height)
  g.fillStyle = '#000'
  // a crooked scan: the text turned clockwise (y down) about the page's centre
  g.translate(width / 2, height / 2)
  g.rotate((skewDegrees * Math.PI) / 180)
  g.translate(-width / 2, -height / 2)
  for (const l of lines) {
    g.font = `${l.size}px "Test Sans"`
    g.fillText(l.text, l.x, l.y)
  }
  const rgba = g.getImageData(0, 0, width, height).data
  const data = new Uint8Array(width * height)
  // ITU-R BT.601 luma, as a grey render would give
  for (let i = 0; i < data.length; i++) data[i] = (rgba[4 * i]! * 299 + rgba[4 * i + 1]! * 587 + rgba[4 * i + 2]! * 114) / 1000
  return { pageNumber, width, height, dpi, data }
}

/** Levenshtein distance between two strings, by UTF-16 code unit. */
export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = cur
  }
  return prev[b.length]!
}

/** Character error rate as the corpus README defines it: NFKC, white space collapsed, distance / truth length. */
export function cer(got: string, truth: string): number {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim()
  const t = norm(truth)
  return levenshtein(norm(got), t) / Math.max(1, t.length)
}
