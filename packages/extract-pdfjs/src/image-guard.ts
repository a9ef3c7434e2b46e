// Images pdf.js would decode at more pixels than its limit (a tiny picture with a huge mask) found in the bytes and
// left out before pdf.js reads them, so that no render holds the thread for minutes.
import { indexOfText, latin1 } from './bytes.js'

/**
 * pdf.js's `maxImageSize` weighs an image by its own Width x Height, but decodes it at the size of the largest of the
 * image and its masks (`/SMask`, `/Mask`): a 2 x 2 picture with a 34,862 x 4,332 soft mask is composited as a 151 MP
 * RGBA bitmap. Four of them on one slide held the thread for 229 s, synchronously, so no budget or timeout could
 * stop the render and the page's look was lost. Images that pdf.js would draw at more than the limit are found here,
 * in the bytes, before pdf.js reads them, and their `/Subtype /Image` is renamed in place (same length, so every
 * offset in the cross-reference table still holds): pdf.js then leaves them out with a warning, as it leaves out an
 * image whose own size is over the limit. Text is untouched; only the pictures' pixels are lost.
 *
 * The scan reads dictionaries in the clear: an image is a stream, a stream is never inside an object stream, and
 * encryption covers strings and stream data, not dictionaries. A dictionary this scan cannot read (sizes given as
 * references, a header further than {@link HEADER_REACH} from its `/Subtype`) is left to pdf.js as before.
 */

/** How far before a `/Subtype /Image` its object header may be, and after it its `stream` keyword (bytes). */
const HEADER_REACH = 4096

interface ImageDict {
  /** Offset of the `/Image` name to rename. */
  at: number
  width: number
  height: number
  masks: string[]
}

const NAME_END = /[\s/<>[\]()%{}]/
const isNameEnd = (b: number | undefined) => b === undefined || NAME_END.test(String.fromCharCode(b))

const num = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key}\\s+(\\d+)(?![\\d.]|\\s+\\d+\\s+R)`).exec(dict)
  return m ? Number(m[1]) : undefined
}

/** The `/Width` and `/Height` (or `/W`, `/H`) a dictionary's text gives as plain numbers; undefined otherwise. */
const sizeIn = (dict: string): { width: number; height: number } | undefined => {
  const width = num(dict, 'Width') ?? num(dict, 'W')
  const height = num(dict, 'Height') ?? num(dict, 'H')
  return width === undefined || height === undefined ? undefined : { width, height }
}

/** Every stream object's dictionary whose `/Subtype` is `/Image`, by object (`"12 0"`). */
function imageDicts(bytes: Uint8Array): Map<string, ImageDict[]> {
  const found = new Map<string, ImageDict[]>()
  const header = /(\d+)\s+(\d+)\s+obj\b(?![\s\S]*\bobj\b)/
  for (let i = indexOfText(bytes, '/Image'); i !== -1; i = indexOfText(bytes, '/Image', i + 6)) {
    if (!isNameEnd(bytes[i + 6])) continue
    const from = Math.max(0, i - HEADER_REACH)
    const before = latin1(bytes, from, i)
    if (!/\/Subtype\s*$/.test(before)) continue
    const obj = header.exec(before)
    // no header, or the nearest one is an earlier object's (its `endobj` lies between)
    if (!obj || before.includes('endobj', obj.index)) continue
    const end = indexOfText(bytes, 'stream', i)
    if (end === -1 || end - i > HEADER_REACH) continue
    const dict = before.slice(obj.index) + latin1(bytes, i, end)
    const size = sizeIn(dict)
    if (!size) continue
    const masks = [...dict.matchAll(/\/(?:SMask|Mask)\s+(\d+)\s+(\d+)\s+R/g)].map((m) => `${m[1]} ${m[2]}`)
    const key = `${obj[1]} ${obj[2]}`
    found.set(key, [...(found.get(key) ?? []), { at: i, ...size, masks }])
  }
  return found
}

/** The size of a stream object's dictionary `ref` (`"16 0"`) when it has no `/Subtype /Image` (a mask may omit it). */
function sizeOf(bytes: Uint8Array, ref: string): { width: number; height: number } | undefined {
  const needle = `${ref} obj`
  for (let i = indexOfText(bytes, needle); i !== -1; i = indexOfText(bytes, needle, i + needle.length)) {
    if (i > 0 && !isNameEnd(bytes[i - 1])) continue
    const end = indexOfText(bytes, 'stream', i)
    if (end === -1 || end - i > HEADER_REACH) continue
    const size = sizeIn(latin1(bytes, i, end))
    if (size) return size
  }
  return undefined
}

/** An image that would be drawn at more than the limit. */
export interface OversizedImage {
  /** The object, `"15 0"`. */
  ref: string
  /** The size pdf.js would draw it at: the largest width and height of the image and its masks. */
  width: number
  height: number
}

/**
 * Renames the `/Subtype /Image` of every image in `pdf` that pdf.js would draw at more than `maxPixels`
 * (width x height, its masks counted), in place; returns the images left out. `pdf` must be bytes pdf.js alone
 * will read.
 */
export function leaveOutOversizedImages(pdf: Uint8Array, maxPixels: number): OversizedImage[] {
  const bytes = pdf
  const dicts = imageDicts(bytes)
  const size = (ref: string) => {
    const d = dicts.get(ref)
    return d ? d[d.length - 1] : sizeOf(bytes, ref)
  }
  // A mask is weighed with the image it masks, never drawn alone
  const masks = new Set([...dicts.values()].flatMap((defs) => defs.flatMap((d) => d.masks)))
  const out: OversizedImage[] = []
  for (const [ref, defs] of dicts) {
    if (masks.has(ref)) continue
    for (const d of defs) {
      let { width, height } = d
      for (const m of d.masks) {
        const s = size(m)
        if (!s) continue
        width = Math.max(width, s.width)
        height = Math.max(height, s.height)
      }
      if (width * height <= maxPixels) continue
      // `/Imagx`: a subtype pdf.js does not draw, one byte for one byte
      bytes[d.at + 5] = 0x78
      if (!out.some((o) => o.ref === ref)) out.push({ ref, width, height })
    }
  }
  return out
}
