import type { JudgeContext, PageText, Verdict } from '@pdftriage/core'
import type { ResolvedGatesOptions } from './options.js'

/** OCR confidence from which a word found on a vector page counts: tesseract's noise on line art stays below it. */
const CONFIDENT = 0.7

/**
 * A page with no text layer, no image, but vector drawing is blank unless its drawing is lettering (text converted
 * to curves: only the image carries it). Character statistics cannot tell a diagram from lettering; the page's own
 * image can: it is OCRed once (the only OCR the gates ever ask for, and only on such pages) and called `absent` when
 * OCR finds `vectorTextMinWords` confident words of 3+ letters. Returns the verdict to use instead of `blank`, or
 * `undefined` to keep `blank` (no OCR engine, option off, or no lettering found; the notes say which).
 */
export async function lookForVectorText(page: PageText, blank: Verdict, o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  if (!page.hasVectorGraphics || o.vectorTextDpi === 0 || !ctx.recognizeRegion) return undefined
  const t0 = performance.now()
  const ocr = await ctx.recognizeRegion({ x0: 0, y0: 0, x1: page.width, y1: page.height }, o.vectorTextDpi)
  const words = ocr.items.filter((i) => (i.confidence ?? 0) >= CONFIDENT && (i.text.match(/\p{L}/gu)?.length ?? 0) >= 3)
  const note = `vector drawing, no text layer: OCR at ${o.vectorTextDpi} dpi finds ${words.length} confident words${words.length ? ` (${words.slice(0, 5).map((w) => w.text).join(' ')})` : ''} in ${Math.round(performance.now() - t0)} ms`
  if (words.length >= o.vectorTextMinWords) {
    return { ...blank, layer: 'absent', needsOcr: true, score: words.length, threshold: o.vectorTextMinWords, notes: [...blank.notes.slice(0, -1), note, `absent: lettering drawn as curves (${words.length} >= ${o.vectorTextMinWords} words)`] }
  }
  blank.notes.splice(blank.notes.length - 1, 0, note)
  return undefined
}
