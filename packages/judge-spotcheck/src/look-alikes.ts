// Latin text that an OCR model of another script wrote in its own letters (`ОеМап` for Debian, `Тгапз1аНоп` for
// Translation): an OCR layer right in its own script and wrong wherever the page shows Latin. The band the spot check
// compares may fall on the page's own script, where such a layer agrees; its words show where to look instead.
import { bboxUnion, centreIn, fmtBox, type BBox, type PageText } from '@pdftriage/core'
import type { ResolvedSpotcheckOptions } from './options.js'
import { padded } from './region.js'
import type { Word } from './words.js'

/** Letters in a cased script other than Latin (Cyrillic, Greek, Armenian...), the scripts whose models misread Latin as their own letters. */
const OTHER_CASED = /(?=[\p{Lu}\p{Ll}])\P{Script=Latin}/u
/** A digit between two cased letters (`Тгапз1аНоп`): OCR's reading of an `l` or an `i`, not a word of the language. */
const DIGIT_INSIDE = /[\p{Lu}\p{Ll}]\p{Nd}+[\p{Lu}\p{Ll}]/u
/** A capital after a lower-case letter (`ОеМап`): Latin shapes read as the other script's capitals. */
const CAPITAL_INSIDE = /\p{Ll}\p{Lu}/u

/**
 * Whether a layer word in a cased script other than Latin reads as Latin misread into it: a digit between letters, or
 * a capital after a lower-case letter. On the labelled real set's OCR layers over Russian and Ukrainian scans, good
 * layers hold 0-1 such words a page (`ЗаТехнічні`, two words run together), layers that wrote the page's English in
 * Cyrillic 2-165.
 */
export function looksMisread(text: string): boolean {
  return OTHER_CASED.test(text) && (DIGIT_INSIDE.test(text) || CAPITAL_INSIDE.test(text))
}

/** Letters of a text, and how many are Latin. */
function letters(text: string): { all: number; latin: number } {
  return { all: text.match(/\p{L}/gu)?.length ?? 0, latin: text.match(/\p{Script=Latin}/gu)?.length ?? 0 }
}

/** Share of the misread words looked at that the OCR must read as Latin words for the layer to be wrong. */
export const LOOK_ALIKE_SHARE = 0.5

/** Latin letters an OCR word needs to count as a reading of a misread word: shorter ones are the look-alikes' debris. */
const MIN_LATIN_LETTERS = 3

/** What the look at a layer's misread words found. */
export interface LookAlikeCheck {
  /** The image shows Latin words surely where the layer wrote them in another script: the layer is not the page's text. */
  wrong: boolean
  /** Misread words in the region looked at, and those the OCR read surely as Latin words. */
  looked: number
  confirmed: number
  note: string
}

/**
 * Looks at the band of the page holding most of the layer's misread words ({@link looksMisread}), at most
 * `maxRegionShare` of the page's height, and counts those the OCR reads surely (`foreignScriptConfidence`) as a Latin
 * word: the layer is wrong when at least `lookAlikeMinWords` and half of those looked at are. `undefined` without
 * that many misread words on a layer mostly in another script than Latin, or when the check is off (0).
 */
export async function checkLookAlikes(
  page: PageText,
  words: readonly Word[],
  o: ResolvedSpotcheckOptions,
  recognize: (box: BBox) => Promise<PageText>,
): Promise<LookAlikeCheck | undefined> {
  if (o.lookAlikeMinWords === 0) return undefined
  const all = letters(words.map((w) => w.text).join(''))
  if (!all.all || all.latin * 2 >= all.all) return undefined
  const suspects = words.filter((w) => looksMisread(w.text))
  if (suspects.length < o.lookAlikeMinWords) return undefined
  const band = densestBand(suspects, o.maxRegionShare * page.height)
  if (band.length < o.lookAlikeMinWords) return undefined
  const region = padded(bboxUnion(band.map((w) => w.bbox))!, o.padding, page)
  const ocr = await recognize(region)
  const readings: string[] = []
  // each OCR word reads one layer word at most: a long reading beside two short misread words confirms one
  const used = new Set<PageText['items'][number]>()
  for (const w of band) {
    const read = ocr.items.find((i) => {
      if (used.has(i)) return false
      const l = letters(i.text)
      return (i.confidence ?? 0) >= o.foreignScriptConfidence && l.latin >= MIN_LATIN_LETTERS && l.latin === l.all && centreIn(grown(w.bbox), i.bbox)
    })
    if (!read) continue
    used.add(read)
    readings.push(`${w.text}→${read.text}`)
  }
  const confirmed = readings.length
  const wrong = confirmed >= o.lookAlikeMinWords && confirmed >= LOOK_ALIKE_SHARE * band.length
  const note =
    `${suspects.length} layer words in another script than Latin read as misread Latin (a digit or a capital inside the word: ${suspects
      .slice(0, 3)
      .map((w) => w.text)
      .join(', ')}); the OCR of region ${fmtBox(region)} at ${o.dpi} dpi reads ${confirmed} of the ${band.length} there surely as Latin words` +
    (readings.length ? ` (${readings.slice(0, 3).join(', ')})` : '') +
    (wrong ? ": the layer wrote the page's Latin text in another script's letters, not its text" : ": not the page's Latin, as far as the image tells")
  return { wrong, looked: band.length, confirmed, note }
}

/** A layer word's box grown by half its height each way: the boxes of words split from a line are estimates. */
function grown(b: BBox): BBox {
  const slack = (b.y1 - b.y0) / 2
  return { x0: b.x0 - slack, y0: b.y0 - slack, x1: b.x1 + slack, y1: b.y1 + slack }
}

/** The words whose centres fall within the band of height `height` holding most of them (the first such band). */
function densestBand(words: readonly Word[], height: number): Word[] {
  const cy = (w: Word) => (w.bbox.y0 + w.bbox.y1) / 2
  const sorted = [...words].sort((a, b) => cy(a) - cy(b))
  let best: [number, number] = [0, 0]
  let lo = 0
  for (let hi = 0; hi < sorted.length; hi++) {
    while (cy(sorted[hi]!) - cy(sorted[lo]!) > height) lo++
    if (hi - lo > best[1] - best[0]) best = [lo, hi]
  }
  return sorted.slice(best[0], best[1] + 1)
}
