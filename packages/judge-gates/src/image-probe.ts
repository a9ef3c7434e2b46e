import type { JudgeContext, PageText, Verdict } from '@pdftriage/core'
import type { ResolvedGatesOptions } from './options.js'

/** OCR confidence from which a word found on the page image counts: tesseract's noise on line art stays below it. */
const CONFIDENT = 0.7

/** Words of 3+ letters: what both the layer and the OCR of the image are counted in. */
const wordsOf = (texts: Iterable<string>): number => {
  let n = 0
  for (const t of texts) n += (t.match(/\p{L}{3,}/gu) ?? []).length
  return n
}

/** OCRs the whole page at the probe resolution: confident words of 3+ letters, and a note (no timing: records stay
 * the same from run to run; the time is in the page's timings). */
async function probe(page: PageText, o: ResolvedGatesOptions, ctx: JudgeContext, what: string): Promise<{ words: string[]; note: string }> {
  const ocr = await ctx.recognizeRegion!({ x0: 0, y0: 0, x1: page.width, y1: page.height }, o.probeDpi)
  const words = ocr.items.filter((i) => (i.confidence ?? 0) >= CONFIDENT && (i.text.match(/\p{L}/gu)?.length ?? 0) >= 3).map((i) => i.text)
  const note = `${what}: OCR at ${o.probeDpi} dpi finds ${words.length} confident words${words.length ? ` (${words.slice(0, 5).join(' ')})` : ''}`
  return { words, note }
}

/** Replaces the decision (the last note) of a verdict. */
const decide = (v: Verdict, layer: Verdict['layer'], needsOcr: boolean, notes: string[], score: number, threshold: number): Verdict => ({
  ...v, layer, needsOcr, score, threshold, notes: [...v.notes.slice(0, -1), ...notes],
})

/**
 * Where character statistics cannot tell, the gates look at the page image (when the pipeline has an OCR engine:
 * `ctx.recognizeRegion`; the only OCR they ever ask for, and only on such pages):
 * - no text layer, no image, but vector drawing: `absent` when OCR finds `vectorTextMinWords` confident words
 *   (lettering drawn as curves, which only the image carries), else `blank` (a diagram);
 * - a thin layer (under `minCharsPresent`) over an image: `sparse` when OCR finds `sparseOcrWords` confident words and
 *   `sparseOcrRatio` times the layer's (a folio on a page of text), else `healthy` (the layer already holds what the
 *   image shows: a chart's labels, a title page). Without the probe, a thin layer is sparse over an image covering
 *   `scanImageCoverage`, a short page below.
 * Returns the verdict to use, or `undefined` to keep the one given.
 */
export async function lookAtImage(page: PageText, v: Verdict, chars: number, o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  if (o.probeDpi === 0 || !ctx.recognizeRegion) return undefined
  const cov = page.imageCoverage
  if (v.layer === 'blank' && chars === 0 && page.hasVectorGraphics) {
    const { words, note } = await probe(page, o, ctx, 'vector drawing, no text layer')
    if (words.length >= o.vectorTextMinWords) {
      return decide(v, 'absent', true, [note, `absent: lettering drawn as curves (${words.length} >= ${o.vectorTextMinWords} words)`], words.length, o.vectorTextMinWords)
    }
    return { ...v, notes: [...v.notes.slice(0, -1), note, v.notes.at(-1)!] }
  }
  const thin = chars > 0 && chars < o.minCharsPresent && cov !== undefined && cov >= o.absentImageCoverage
  if (thin && (v.layer === 'sparse' || v.layer === 'healthy')) {
    const layerWords = wordsOf(page.items.map((i) => i.text))
    const { words, note } = await probe(page, o, ctx, `thin layer (${layerWords} words) over an image covering ${cov.toFixed(2)}`)
    const need = Math.max(o.sparseOcrWords, o.sparseOcrRatio * layerWords)
    if (words.length >= need) {
      return decide(v, 'sparse', true, [note, `sparse: the image shows ${words.length} words, the layer ${layerWords} (needs ${need} to be sparse)`], words.length, need)
    }
    return decide(v, 'healthy', false, [note, `healthy: the layer holds what the image shows (${words.length} < ${need} words)`], words.length, need)
  }
  return undefined
}
