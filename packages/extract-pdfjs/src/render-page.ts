import { TriageError, type PageImage } from '@pdftriage/core'
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { CanvasModule } from './pdfjs-loader.js'

/** Where a render is going, for error messages. */
export interface RenderTarget {
  plugin: string
  file: string | undefined
  maxPixels: number
}

/**
 * Renders a page to grey pixels (ITU-R BT.601 luma of the RGB render, 0 black, 255 white) on a white background.
 * Sizes are `Math.round` of the viewport; the pixel budget is checked before any canvas is allocated.
 */
export async function renderGrey(canvasModule: CanvasModule, page: PDFPageProxy, pageNumber: number, dpi: number, target: RenderTarget): Promise<PageImage> {
  const { plugin, file } = target
  if (!(dpi > 0) || !Number.isFinite(dpi)) {
    throw new TriageError('USAGE', `[${plugin}] Expected a positive dpi, not \`${dpi}\``, { plugin, stage: 'render', page: pageNumber })
  }
  const viewport = page.getViewport({ scale: dpi / 72 })
  const width = Math.round(viewport.width)
  const height = Math.round(viewport.height)
  if (width * height > target.maxPixels || width <= 0 || height <= 0) {
    throw new TriageError(
      'PAGE_TOO_LARGE',
      `[${plugin}] page ${pageNumber}${file ? ` of \`${file}\`` : ''} would render to ${width} x ${height} pixels at ${dpi} dpi, ` +
        `over the budget of ${target.maxPixels} pixels: lower the dpi or raise \`maxRenderPixels\``,
      { plugin, stage: 'render', page: pageNumber, ...(file ? { file } : {}) },
    )
  }
  const canvas = canvasModule.createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  await page.render({
    canvas: canvas as never,
    canvasContext: ctx as never,
    viewport,
    background: '#ffffff',
  }).promise
  // The canvas's own pixels, copied once: `getImageData` kept about 36 MB of resident memory for every A4 page read
  // at 300 dpi, in bands or whole, which the allocator never gave back (a document's renders piled up: 11 renders,
  // +300 MB); `data()` returns the same RGBA (premultiplied, so the same on this opaque white canvas) and frees it.
  const rgba = canvas.data()
  const data = new Uint8Array(width * height)
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    // Integer BT.601 weights (77, 150, 29 of 256): close enough for OCR and four times faster than floats.
    data[i] = (rgba[j]! * 77 + rgba[j + 1]! * 150 + rgba[j + 2]! * 29) >> 8
  }
  // The canvas's pixels are native memory the garbage collector does not see: collected late, a long document's
  // renders pile up. Shrinking it frees them now.
  canvas.width = 1
  canvas.height = 1
  return { pageNumber, width, height, dpi, data }
}
