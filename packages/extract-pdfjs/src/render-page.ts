// A page rendered to grey pixels for OCR, on a white background, the pixel budget checked before any canvas is made.
import { TriageError, type PageImage } from '@pdftriage/core'
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { RenderCanvas } from './runtime.js'

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
/** Bytes of RGBA read back from the canvas at a time (a band of rows): 4 MB. */
const RGBA_BAND_BYTES = 4 * 2 ** 20

export async function renderGrey(
  createCanvas: (width: number, height: number) => RenderCanvas,
  page: PDFPageProxy,
  pageNumber: number,
  dpi: number,
  target: RenderTarget,
): Promise<PageImage> {
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
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new TriageError('PAGE_FAILED', `[${plugin}] no 2D canvas to render page ${pageNumber} on`, { plugin, stage: 'render', page: pageNumber })
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  await page.render({
    canvas: canvas as never,
    canvasContext: ctx as never,
    viewport,
    background: '#ffffff',
  }).promise
  const data = new Uint8Array(width * height)
  // Integer BT.601 weights (77, 150, 29 of 256): close enough for OCR and four times faster than floats.
  const grey = (rgba: ArrayLike<number>, at: number) => {
    for (let i = at, j = 0; j < rgba.length; i++, j += 4) data[i] = (rgba[j]! * 77 + rgba[j + 1]! * 150 + rgba[j + 2]! * 29) >> 8
  }
  if (canvas.data) {
    // The native canvas's own pixels, copied once: its `getImageData` kept about 36 MB of resident memory for every
    // A4 page read at 300 dpi, in bands or whole, which the allocator never gave back (a document's renders piled up:
    // 11 renders, +300 MB); `data()` returns the same RGBA (premultiplied, so the same on this opaque white canvas).
    grey(canvas.data(), 0)
  } else {
    // Elsewhere a band of rows at a time, not the whole page's RGBA (4 bytes a pixel: 35 MB for A4 at 300 dpi) at once.
    const band = Math.max(1, Math.floor(RGBA_BAND_BYTES / (4 * width)))
    for (let y0 = 0; y0 < height; y0 += band) grey(ctx.getImageData(0, y0, width, Math.min(band, height - y0)).data, y0 * width)
  }
  // The canvas's pixels are native memory the garbage collector does not see: collected late, a long document's
  // renders pile up. Shrinking it frees them now.
  canvas.width = 1
  canvas.height = 1
  return { pageNumber, width, height, dpi, data }
}
