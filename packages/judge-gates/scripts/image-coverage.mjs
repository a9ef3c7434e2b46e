// Computes, for every page of a PDF, the share of the page area under painted images (pdf.js operator list),
// the same measure an extractor reports as PageText.imageCoverage. Used by eval-corpus.mjs when the corpus dump has
// no coverage. Union on a 100x100 grid so that overlapping images are not counted twice.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const GRID = 100

/** Returns an array of coverages (0..1), one per page, for the PDF bytes. */
export async function imageCoverages(data) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  const doc = await pdfjs.getDocument({
    data,
    isEvalSupported: false,
    verbosity: 0,
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    cMapUrl: join(root, 'cmaps') + '/',
    wasmUrl: join(root, 'wasm') + '/',
  }).promise
  const { OPS } = pdfjs
  const imageOps = new Set(
    [
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageMaskXObject,
      OPS.paintImageXObjectRepeat,
      OPS.paintSolidColorImageMask,
      OPS.paintInlineImageXObjectGroup,
      OPS.paintImageMaskXObjectGroup,
    ].filter((x) => x !== undefined),
  )
  const out = []
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const [x0, y0, x1, y1] = page.view
      const ol = await page.getOperatorList()
      const grid = new Uint8Array(GRID * GRID)
      let ctm = [1, 0, 0, 1, 0, 0]
      const stack = []
      const mul = (m, t) => [
        m[0] * t[0] + m[2] * t[1],
        m[1] * t[0] + m[3] * t[1],
        m[0] * t[2] + m[2] * t[3],
        m[1] * t[2] + m[3] * t[3],
        m[0] * t[4] + m[2] * t[5] + m[4],
        m[1] * t[4] + m[3] * t[5] + m[5],
      ]
      for (let i = 0; i < ol.fnArray.length; i++) {
        const fn = ol.fnArray[i]
        const args = ol.argsArray[i]
        if (fn === OPS.save) stack.push(ctm)
        else if (fn === OPS.restore) ctm = stack.pop() ?? ctm
        else if (fn === OPS.transform) ctm = mul(ctm, args)
        else if (fn === OPS.paintFormXObjectBegin) {
          stack.push(ctm)
          if (args?.[0]) ctm = mul(ctm, args[0])
        } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm
        else if (imageOps.has(fn)) {
          const pts = [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ].map(([u, v]) => [ctm[0] * u + ctm[2] * v + ctm[4], ctm[1] * u + ctm[3] * v + ctm[5]])
          const xs = pts.map((p) => p[0])
          const ys = pts.map((p) => p[1])
          const gx0 = Math.max(0, Math.floor(((Math.min(...xs) - x0) / (x1 - x0)) * GRID))
          const gx1 = Math.min(GRID, Math.ceil(((Math.max(...xs) - x0) / (x1 - x0)) * GRID))
          const gy0 = Math.max(0, Math.floor(((Math.min(...ys) - y0) / (y1 - y0)) * GRID))
          const gy1 = Math.min(GRID, Math.ceil(((Math.max(...ys) - y0) / (y1 - y0)) * GRID))
          for (let gy = gy0; gy < gy1; gy++) for (let gx = gx0; gx < gx1; gx++) grid[gy * GRID + gx] = 1
        }
      }
      let c = 0
      for (const g of grid) c += g
      out.push(c / (GRID * GRID))
      page.cleanup()
    }
  } finally {
    await doc.destroy()
  }
  return out
}
