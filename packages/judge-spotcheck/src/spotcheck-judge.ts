// The `spotcheck` judge plugin: an existing OCR layer over a scan compared with a fresh OCR of a band of its page;
// one that disagrees, or is in another script than its page, needs OCR.
import {
  bboxUnion,
  centreIn,
  definePlugin,
  fmtBox,
  shareInScripts,
  TriageError,
  type BBox,
  type Judge,
  type JudgeContext,
  type PageText,
  type Verdict,
} from '@pdftriage/core'
import { compareWords } from './agreement.js'
import { spotcheckOptionsSchema, type ResolvedSpotcheckOptions } from './options.js'
import { chooseRegion, padded } from './region.js'
import { rememberScript, revisitScript } from './document-script.js'
import { checkScript, type ScriptCheck } from './script.js'
import { checkLookAlikes, LOOK_ALIKE_SHARE } from './look-alikes.js'
import { hasInvisibleFont, ocrLayer, splitWords, type OcrLayer, type Word } from './words.js'

/** The judge's name in verdicts and notes. */
export const SPOTCHECK_NAME = 'spotcheck'

const f2 = (x: number | undefined): string => (x === undefined ? 'n/a' : x.toFixed(2))

/** Share of a text's letters that are Latin; `undefined` without letters. */
const latinShare = (text: string): number | undefined => shareInScripts(text, ['Latin'])

/**
 * Spot-checks an existing OCR layer (invisible text over a scan) against an OCR of a band of the page image.
 * Returns `undefined` (cannot tell) on pages without such a layer, with too few words, without
 * `ctx.recognizeRegion`, when the OCR of the region finds too few words to compare, or when it unsurely reads another
 * script than the layer's (an engine without the layer's language).
 */
export async function judgePageSpotcheck(page: PageText, o: ResolvedSpotcheckOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  if (!ctx.recognizeRegion || page.source !== 'text-layer') return undefined
  // Most pages have no font that draws nothing, and so no invisible share to reach.
  if (o.minInvisibleShare > 0 && !hasInvisibleFont(page)) return undefined
  const layer = ocrLayer(page)
  if (!layer || layer.invisibleShare < o.minInvisibleShare) return undefined
  if (page.imageCoverage !== undefined && page.imageCoverage < o.minImageCoverage) return undefined
  const intro = `OCR layer (${f2(layer.invisibleShare)} of the characters invisible)`
  const v = await judgeBand(page, layer, intro, o, ctx)
  if (v?.needsOcr) return v
  // A layer the band passes, or that it cannot judge, may still have written the page's Latin in its own letters
  // elsewhere: its misread words show where.
  const look = await checkLookAlikes(page, layer.words, o, (b) => recognize(ctx, b, o.dpi, page))
  if (!look) return v
  if (look.wrong) {
    const notes = [...(v?.notes ?? [intro]), look.note]
    return { judge: SPOTCHECK_NAME, layer: 'unreadable', needsOcr: true, score: look.confirmed / look.looked, threshold: LOOK_ALIKE_SHARE, notes }
  }
  return v ? { ...v, notes: [...v.notes, look.note] } : undefined
}

/** The band's verdict on an OCR layer: its agreement with a fresh OCR of the band, or the script the image shows. */
async function judgeBand(page: PageText, layer: OcrLayer, intro: string, o: ResolvedSpotcheckOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  // A page with fewer words than the region aims at (a title page) is checked on all it has, from `minPageWords`.
  const comparable = layer.words.filter((w) => w.key !== '').length
  const want = Math.min(o.minLayerWords, Math.max(o.minPageWords, comparable))
  const region = chooseRegion(layer.words, want, o.maxRegionShare * page.height, o.padding, page)
  // Too few words to measure agreement (a title page): the image can still say the layer is in another script.
  if (!region) {
    const ink = bboxUnion(layer.words.map((w) => w.bbox))
    if (!ink) return undefined
    const all = padded(ink, o.padding, page)
    const read = async () => {
      const ocr = await recognize(ctx, all, o.dpi, page)
      return { confidence: meanConfidence(ocr), text: ocr.text }
    }
    const script = await checkScript(ctx, all, textOf(layer.words), o, read)
    rememberScript(page.pageNumber, script, ctx, SPOTCHECK_NAME)
    return scriptVerdict(script, intro, o)
  }
  const ocr = await recognize(ctx, region.box, o.dpi, page)
  const { layer: layerWords, ocr: ocrWords, left } = readableWords(region.words, splitWords(ocr.items), ocr.text)
  const a = compareWords(layerWords, ocrWords, region.band, o.examples)
  if (a.ocrWords < o.minOcrWords) return undefined
  const skewed = ocr.skew !== undefined && Math.abs(ocr.skew) >= o.skewedLayerDegrees
  const healthy = a.dice >= o.threshold && !skewed
  // the engine's own confidence in its reading: a note (engines scale it differently), low on degraded images
  const meanConf = meanConfidence(ocr)
  // An OCR that reads another script than the layer's, unsurely, lacks the layer's script: it cannot judge the layer.
  const layerLatin = latinShare(region.words.map((w) => w.text).join(' '))
  const ocrLatin = latinShare(ocr.text)
  const foreign =
    !healthy &&
    meanConf !== undefined &&
    meanConf < o.foreignScriptConfidence &&
    layerLatin !== undefined &&
    ocrLatin !== undefined &&
    layerLatin >= 0.5 !== ocrLatin >= 0.5
  // What agreement cannot tell, the image's script can: a layer the OCR agrees with, or one the OCR cannot judge; on
  // a layer that fails, it says why the OCR to come may read no better (a script the configured languages lack).
  const script = await checkScript(ctx, region.box, textOf(region.words), o, () => Promise.resolve({ confidence: meanConf, text: ocr.text }))
  // A layer that fails agreement needs no second word; one that passes, or that the OCR cannot judge, may get one.
  rememberScript(page.pageNumber, healthy || foreign || script?.wrong ? script : undefined, ctx, SPOTCHECK_NAME)
  if (script?.wrong && (healthy || foreign)) return scriptVerdict(script, `${intro}, region ${fmtBox(region.box)} at ${o.dpi} dpi`, o)
  if (foreign) return undefined
  const notes = [
    `${intro}, region ${fmtBox(region.box)} at ${o.dpi} dpi`,
    ...(left ? [`${left} layer words in another script than the OCR reads left out, with the OCR's words over them`] : []),
    `${a.layerWords} layer words, ${a.ocrWords} OCR words (mean confidence ${f2(meanConf)}), ${a.matched} matched: layer in OCR ${f2(a.layerInOcr)}, OCR in layer ${f2(a.ocrInLayer)}`,
    `agreement ${f2(a.dice)} ${a.dice >= o.threshold ? '>=' : '<'} ${f2(o.threshold)}`,
  ]
  if (skewed)
    notes.push(
      `the scan's text is skewed ${ocr.skew!.toFixed(1)} degrees (>= ${o.skewedLayerDegrees}): a layer read off the crooked image, sent to OCR, which straightens it`,
    )
  // Fewer than half as many words read as the layer claims: a bad layer, or a crop tesseract could not segment (lines
  // of a tilted scan cut at the crop's edge); said apart so that a reader can tell the two from the page.
  if (a.ocrWords * 2 < a.layerWords)
    notes.push(`the OCR read ${a.ocrWords} words where the layer has ${a.layerWords}: the image does not show the layer's words, or the crop was misread`)
  if (a.mismatches.length) notes.push(`mismatched: ${a.mismatches.map(([l, r]) => `${l}→${r}`).join(', ')}`)
  if (script) notes.push(script.note)
  return { judge: SPOTCHECK_NAME, layer: healthy ? 'healthy' : 'unreadable', needsOcr: !healthy, score: a.dice, threshold: o.threshold, notes }
}

/** `ctx.recognizeRegion` of `region`, its failure the judge's `PLUGIN_FAILED` naming the page. */
async function recognize(ctx: JudgeContext, region: BBox, dpi: number, page: PageText): Promise<PageText> {
  try {
    return await ctx.recognizeRegion!(region, dpi)
  } catch (e) {
    if (e instanceof TriageError) throw e
    throw new TriageError('PLUGIN_FAILED', `spot-check OCR of region ${fmtBox(region)} failed: ${(e as Error).message}`, {
      plugin: SPOTCHECK_NAME,
      stage: 'judge',
      page: page.pageNumber,
      ...(ctx.file ? { file: ctx.file } : {}),
      cause: e,
    })
  }
}

/** The mean of an OCR reading's word confidences (engines scale them differently: a note, and a bar of their own). */
function meanConfidence(ocr: PageText): number | undefined {
  const conf = ocr.items.flatMap((i) => (i.confidence === undefined ? [] : [i.confidence]))
  return conf.length ? conf.reduce((x, y) => x + y, 0) / conf.length : undefined
}

/** The layer's words as text, in the layer's order. */
const textOf = (words: readonly Word[]): string => words.map((w) => w.text).join(' ')

/** The verdict of a layer written in another script than its page shows; `undefined` (cannot tell) otherwise. */
function scriptVerdict(script: ScriptCheck | undefined, intro: string, o: ResolvedSpotcheckOptions): Verdict | undefined {
  if (!script?.wrong) return undefined
  return { judge: SPOTCHECK_NAME, layer: 'unreadable', needsOcr: true, score: script.share, threshold: o.scriptMinShare, notes: [intro, script.note] }
}

/**
 * The words compared on a mostly Latin layer that also holds words of another script (a Russian page's names beside
 * its Latin text, a LaTeX logo) when the OCR read nothing but Latin there: the layer's words in the other script are
 * left out, with the OCR's words over them. An OCR without that script reads them as look-alikes (`munym` for
 * минут), which says nothing of the layer: such a page, its layer right to 3 % of its characters, agreed at 0.48.
 * A layer mostly in another script is left to the script checks (`foreignScriptConfidence`, `scriptCheck`).
 */
function readableWords(layer: readonly Word[], ocr: readonly Word[], ocrText: string): { layer: readonly Word[]; ocr: readonly Word[]; left: number } {
  const layerLatin = latinShare(layer.map((w) => w.text).join(' '))
  if ((latinShare(ocrText) ?? 0) < OCR_LATIN_ONLY || layerLatin === undefined || layerLatin < 0.5) return { layer, ocr, left: 0 }
  const other = layer.filter((w) => (latinShare(w.text) ?? 1) < 0.5)
  if (!other.length) return { layer, ocr, left: 0 }
  const under = (o: Word) => other.some((w) => centreIn(w.bbox, o.bbox))
  return { layer: layer.filter((w) => !other.includes(w)), ocr: ocr.filter((o) => !under(o)), left: other.length }
}

/** Share of the OCR's letters in Latin from which it read Latin alone: a stray look-alike aside, nothing else. */
const OCR_LATIN_ONLY = 0.95

/** The spot-check judge: an OCR layer whose words disagree with a fresh OCR of part of its own page needs OCR. */
export const spotcheckJudge = definePlugin({
  kind: 'judge',
  name: SPOTCHECK_NAME,
  capabilities: { cost: 'ocr' },
  optionsSchema: spotcheckOptionsSchema,
  create(options): Judge {
    const o = spotcheckOptionsSchema.parse(options)
    return {
      name: SPOTCHECK_NAME,
      judge: (page, ctx) => judgePageSpotcheck(page, o, ctx),
      revisit: (page, ctx) => revisitScript(page.pageNumber, ctx, SPOTCHECK_NAME, o.scriptMinShare),
    }
  },
})
