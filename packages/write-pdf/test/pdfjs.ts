import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))

/** A text item as pdf.js extracts it, in top-left points of the displayed page. */
export interface Extracted {
  str: string
  x: number
  /** Baseline, from the page top. */
  y: number
  width: number
  hasEOL: boolean
}

async function open(data: Uint8Array) {
  await import('@napi-rs/canvas') // pdf.js needs DOMMatrix & co. from it in Node
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjs.getDocument({
    data: data.slice(),
    isEvalSupported: false,
    verbosity: 0,
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    cMapUrl: join(root, 'cmaps') + '/',
    wasmUrl: join(root, 'wasm') + '/',
  }).promise
}

/** pdf.js's text of each page (items joined as pdf.js marks them: EOL -> newline) and its items. */
export async function extract(data: Uint8Array): Promise<Array<{ text: string; items: Extracted[] }>> {
  const doc = await open(data)
  try {
    const out: Array<{ text: string; items: Extracted[] }> = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const vp = page.getViewport({ scale: 1 })
      const tc = await page.getTextContent()
      const items: Extracted[] = []
      let text = ''
      for (const it of tc.items) {
        if (!('str' in it)) continue
        const [x, y] = vp.convertToViewportPoint(it.transform[4], it.transform[5]) as [number, number]
        items.push({ str: it.str, x, y, width: it.width, hasEOL: it.hasEOL })
        text += it.str + (it.hasEOL ? '\n' : '')
      }
      out.push({ text, items })
    }
    return out
  } finally {
    await doc.destroy()
  }
}

/** Renders every page to grey pixels at `dpi` (0 = black). */
export async function render(data: Uint8Array, dpi = 72): Promise<Array<{ width: number; height: number; grey: Uint8Array }>> {
  const { createCanvas } = await import('@napi-rs/canvas')
  const doc = await open(data)
  try {
    const out: Array<{ width: number; height: number; grey: Uint8Array }> = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const vp = page.getViewport({ scale: dpi / 72 })
      const canvas = createCanvas(Math.round(vp.width), Math.round(vp.height))
      const ctx = canvas.getContext('2d')
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await page.render({ canvas: canvas as any, canvasContext: ctx as any, viewport: vp }).promise
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data
      const grey = new Uint8Array(canvas.width * canvas.height)
      for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4]!
      out.push({ width: canvas.width, height: canvas.height, grey })
    }
    return out
  } finally {
    await doc.destroy()
  }
}

/** Mean absolute grey difference 0..255 and the share of pixels that differ by more than `tol`. */
export function pixelDiff(a: Uint8Array, b: Uint8Array, tol = 8): { mean: number; share: number } {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`)
  let sum = 0
  let n = 0
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!)
    sum += d
    if (d > tol) n++
  }
  return { mean: sum / a.length, share: n / a.length }
}
