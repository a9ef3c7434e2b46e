// The review page's pictures of a page: a rendered page encoded as a detail JPEG and a thumbnail.
import type { PageImage } from '@pdftriage/core'

/** Widths in pixels of the two pictures of a page: a row's thumbnail and the detail view. */
export interface ImageSizes {
  /** Default 120: grey JPEG at quality 50 measures 3-9 KB a page on text pages, under the 15 KB a page budget. */
  thumbWidth: number
  /** Default 900: enough to read body text on a letter page (about 106 dpi). */
  detailWidth: number
}

export const DEFAULT_IMAGE_SIZES: ImageSizes = { thumbWidth: 120, detailWidth: 900 }

/** JPEG qualities: grey page pictures show no blocking at these, and text stays legible in the detail view. */
const THUMB_QUALITY = 50
const DETAIL_QUALITY = 60

type Canvas = import('@napi-rs/canvas').Canvas

async function canvasOf(img: PageImage): Promise<Canvas> {
  const { createCanvas } = await import('@napi-rs/canvas')
  const c = createCanvas(img.width, img.height)
  const ctx = c.getContext('2d')
  const id = ctx.createImageData(img.width, img.height)
  const px = id.data
  for (let i = 0, j = 0; i < img.data.length; i++, j += 4) {
    const g = img.data[i]!
    px[j] = g
    px[j + 1] = g
    px[j + 2] = g
    px[j + 3] = 255
  }
  ctx.putImageData(id, 0, 0)
  return c
}

async function scaled(src: Canvas, width: number): Promise<Canvas> {
  if (src.width <= width) return src
  const { createCanvas } = await import('@napi-rs/canvas')
  const h = Math.max(1, Math.round((src.height * width) / src.width))
  const c = createCanvas(width, h)
  const ctx = c.getContext('2d')
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(src, 0, 0, width, h)
  return c
}

/** The render resolution that gives a page `widthPts` wide the detail width (capped: a poster needs no more). */
export function detailDpi(widthPts: number, sizes: ImageSizes = DEFAULT_IMAGE_SIZES): number {
  const dpi = (sizes.detailWidth * 72) / Math.max(widthPts, 1)
  return Math.min(150, Math.max(24, Math.round(dpi)))
}

/** Encodes a rendered page as a detail JPEG and a thumbnail JPEG (rendered once, scaled down for the thumbnail). */
export async function encodePageImages(img: PageImage, sizes: ImageSizes = DEFAULT_IMAGE_SIZES): Promise<{ thumb: Buffer; detail: Buffer }> {
  const full = await canvasOf(img)
  const detail = await scaled(full, sizes.detailWidth)
  const thumb = await scaled(detail, sizes.thumbWidth)
  return { thumb: await thumb.encode('jpeg', THUMB_QUALITY), detail: await detail.encode('jpeg', DETAIL_QUALITY) }
}
