// Whether an OCR layer is written in the script its page shows: a layer read with the wrong language (Latin look-alikes
// over a Cyrillic scan) agrees with any OCR that lacks the right language, so only the image's script can tell.
import { shareInScripts, type BBox, type JudgeContext, type ScriptGuess } from '@pdftriage/core'
import type { ResolvedSpotcheckOptions } from './options.js'

/** What the script check found: the guess, and the share of the layer's letters written in it. */
export interface ScriptCheck {
  guess: ScriptGuess
  /** Share of the layer's letters in one of the scripts the image shows. */
  share: number
  /** The image's script is sure enough and the layer's letters are mostly in another: the layer is not the page's text. */
  wrong: boolean
  /** The image named another script than most of the layer's letters are in, but not surely. */
  leaning: boolean
  note: string
}

/**
 * Asks the engine which script the region `box` shows and compares it with the layer's letters there; `undefined`
 * when the check is off, the engine cannot tell, or the layer has too few letters to say what it is written in.
 * `read` gives the OCR's reading of the region, its text and mean confidence (read only when the script alone would
 * condemn the layer): a layer is in the wrong script only where the image shows another script surely **and** the OCR
 * says so too, either reading it unsure (it lacks that script) or reading it surely in that very script (it has it:
 * an English title whose layer a Russian model wrote as `РасКаєіпе`). Either alone misleads: the script model called
 * two English pages of tiny print and grids Cyrillic (confidence 2.1 and 2.8), and an OCR reads any faint page unsure.
 */
export async function checkScript(
  ctx: JudgeContext,
  box: BBox,
  layerText: string,
  o: ResolvedSpotcheckOptions,
  read: () => Promise<{ confidence: number | undefined; text: string }>,
): Promise<ScriptCheck | undefined> {
  if (!o.scriptCheck || !ctx.detectScript) return undefined
  if ((layerText.match(/\p{L}/gu)?.length ?? 0) < o.scriptMinLetters) return undefined
  const guess = await ctx.detectScript(box, o.dpi)
  if (!guess) return undefined
  const share = shareInScripts(layerText, guess.scripts)
  if (share === undefined) return undefined
  const f2 = (x: number) => x.toFixed(2)
  const sure = guess.confidence >= o.scriptConfidence
  let note =
    `the image shows ${guess.name} writing (script confidence ${f2(guess.confidence)} ${sure ? '>=' : '<'} ${f2(o.scriptConfidence)}), ` +
    `${f2(share)} of the layer's letters are in it`
  if (!sure || share >= o.scriptMinShare) return { guess, share, wrong: false, leaning: share < o.scriptMinShare, note }
  const { confidence: conf, text } = await read()
  const unsure = conf !== undefined && conf < o.foreignScriptConfidence
  // The OCR read the region surely and mostly in the image's script, which the layer is not written in.
  const readInIt = !unsure && conf !== undefined && (shareInScripts(text, guess.scripts) ?? 0) >= o.scriptMinShare
  note += unsure
    ? ` (< ${f2(o.scriptMinShare)}), and the OCR reads the region unsure (mean confidence ${f2(conf)} < ${f2(o.foreignScriptConfidence)}): the layer is written in another script than the page, not its text`
    : readInIt
      ? ` (< ${f2(o.scriptMinShare)}), and the OCR reads the region surely in it (mean confidence ${f2(conf)}): the layer is written in another script than the page, not its text`
      : `; the OCR reads the region surely (mean confidence ${conf === undefined ? 'n/a' : f2(conf)}): the script is not trusted`
  return { guess, share, wrong: unsure || readInIt, leaning: false, note }
}
