// Whether an OCR layer is written in the script its page shows: a layer read with the wrong language (Latin look-alikes
// over a Cyrillic scan) agrees with any OCR that lacks the right language, so only the image's script can tell.
import type { BBox, JudgeContext, ScriptGuess } from '@pdftriage/core'
import type { ResolvedSpotcheckOptions } from './options.js'

/** What the script check found: the guess, and the share of the layer's letters written in it. */
export interface ScriptCheck {
  guess: ScriptGuess
  /** Share of the layer's letters in one of the scripts the image shows. */
  share: number
  /** The image's script is sure enough and the layer's letters are mostly in another: the layer is not the page's text. */
  wrong: boolean
  note: string
}

/** Share of `text`'s letters written in one of `scripts`; `undefined` for a script name Unicode does not know. */
export function shareInScripts(text: string, scripts: readonly string[]): number | undefined {
  const letters = text.match(/\p{L}/gu) ?? []
  if (!letters.length) return undefined
  let re: RegExp
  try {
    re = new RegExp(`^(?:${scripts.map((s) => `\\p{Script=${s}}`).join('|')})$`, 'u')
  } catch {
    return undefined
  }
  return letters.filter((c) => re.test(c)).length / letters.length
}

/**
 * Asks the engine which script the region `box` shows and compares it with the layer's letters there; `undefined`
 * when the check is off, the engine cannot tell, or the layer has too few letters to say what it is written in.
 */
export async function checkScript(ctx: JudgeContext, box: BBox, layerText: string, o: ResolvedSpotcheckOptions): Promise<ScriptCheck | undefined> {
  if (!o.scriptCheck || !ctx.detectScript) return undefined
  if ((layerText.match(/\p{L}/gu)?.length ?? 0) < o.scriptMinLetters) return undefined
  const guess = await ctx.detectScript(box, o.dpi)
  if (!guess) return undefined
  const share = shareInScripts(layerText, guess.scripts)
  if (share === undefined) return undefined
  const sure = guess.confidence >= o.scriptConfidence
  const wrong = sure && share < o.scriptMinShare
  const f2 = (x: number) => x.toFixed(2)
  const note =
    `the image shows ${guess.name} writing (script confidence ${f2(guess.confidence)} ${sure ? '>=' : '<'} ${f2(o.scriptConfidence)}), ` +
    `${f2(share)} of the layer's letters are in it` +
    (wrong ? ` (< ${f2(o.scriptMinShare)}): the layer is written in another script than the page, not its text` : '')
  return { guess, share, wrong, note }
}
