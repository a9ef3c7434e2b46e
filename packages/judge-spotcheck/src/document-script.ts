// What the spot check learnt of a document's OCR layer and its script, page by page: a page whose image leaned to
// another script than its layer's without settling it waits for a page of the same document that settled it.
import type { JudgeContext, ScriptGuess, Verdict } from '@pdftriage/core'
import type { ScriptCheck } from './script.js'

/** A page found written in another script than its image shows, surely. */
interface Finding {
  page: number
  guess: ScriptGuess
}

/** A page whose image leaned to another script than its layer's, unsurely. */
interface Leaning {
  guess: ScriptGuess
  share: number
}

interface DocumentScript {
  found: Finding[]
  leaning: Map<number, Leaning>
  /** Pages whose layer the image showed to have written Latin words in another script's letters. */
  misread: number[]
  /** Pages holding such words that no look condemned, waiting for a page that settles it: their misread words. */
  misreadWaiting: Map<number, string[]>
}

/** Keyed on the document's info object (one per open document), as the gates key theirs. */
const documents = new WeakMap<object, DocumentScript>()

function documentScript(ctx: JudgeContext): DocumentScript {
  let d = documents.get(ctx.info)
  if (!d) documents.set(ctx.info, (d = { found: [], leaning: new Map(), misread: [], misreadWaiting: new Map() }))
  return d
}

/**
 * Remembers what the script check said of `page`: a layer in the wrong script is a finding for the document's other
 * pages; an image that leaned to another script without settling it asks the runner for a second word on the page
 * ({@link revisitScript}) once the next pages are judged.
 */
export function rememberScript(page: number, script: ScriptCheck | undefined, ctx: JudgeContext, judge: string): void {
  if (!script) return
  if (script.wrong) documentScript(ctx).found.push({ page, guess: script.guess })
  else if (script.leaning && ctx.revisitLater) {
    documentScript(ctx).leaning.set(page, { guess: script.guess, share: script.share })
    ctx.revisitLater(judge)
  }
}

/**
 * Remembers what the look at a page's misread words found (the look at its misread words): a layer shown to have written
 * the page's Latin in another script's letters is a finding for the document's other pages; a page holding such words
 * (`misread`) that the look did not condemn (too few, too far apart, or the look read them unsure) asks for a second
 * word ({@link revisitMisread}).
 */
export function rememberMisread(page: number, misread: readonly string[], wrong: boolean, ctx: JudgeContext, judge: string): void {
  if (wrong) documentScript(ctx).misread.push(page)
  else if (misread.length && ctx.revisitLater) {
    documentScript(ctx).misreadWaiting.set(page, [...misread])
    ctx.revisitLater(judge)
  }
}

/**
 * The second word on a page holding words that read as misread Latin: `unreadable` when another page of the document
 * was shown by its image to have its Latin written in another script's letters (a document's OCR layer is one engine
 * run's work: a manual's title page holds one such word, `110М-ги5ап` for l10n-russian, its third page three the image
 * reads as Debian and Translation); `undefined` otherwise.
 */
export function revisitMisread(pageNumber: number, ctx: JudgeContext, judge: string): Verdict | undefined {
  const d = documents.get(ctx.info)
  const words = d?.misreadWaiting.get(pageNumber)
  if (!d || !words) return undefined
  d.misreadWaiting.delete(pageNumber)
  const found = d.misread.find((p) => p !== pageNumber)
  if (found === undefined) return undefined
  return {
    judge,
    layer: 'unreadable',
    needsOcr: true,
    notes: [
      `${words.length} layer word(s) here read as Latin misread into another script (${words.slice(0, 3).join(', ')}), and the image of page ${found} ` +
        `showed the document's layer writing Latin words in another script's letters: this page's layer is the same engine's misreading`,
    ],
  }
}

/**
 * The second word on a page whose image leaned to another script than its layer's: `unreadable` when another page of
 * the document found its layer written in another script than that very script, which its image showed surely (a
 * document's OCR layer is the work of one engine run: its title page, 30 characters of Latin look-alikes over a Russian
 * title, leans to Cyrillic at 2.0 where its third page is Cyrillic at 10); `undefined` otherwise.
 */
export function revisitScript(pageNumber: number, ctx: JudgeContext, judge: string, minShare: number): Verdict | undefined {
  const d = documents.get(ctx.info)
  const lean = d?.leaning.get(pageNumber)
  if (!d || !lean) return undefined
  d.leaning.delete(pageNumber)
  const found = d.found.find((x) => x.page !== pageNumber && x.guess.name === lean.guess.name)
  if (!found) return undefined
  const f2 = (x: number) => x.toFixed(2)
  return {
    judge,
    layer: 'unreadable',
    needsOcr: true,
    score: lean.share,
    threshold: minShare,
    notes: [
      `the image leaned to ${lean.guess.name} writing here (script confidence ${f2(lean.guess.confidence)}, ${f2(lean.share)} of the layer's letters in it), ` +
        `and page ${found.page} of the document showed ${found.guess.name} surely (script confidence ${f2(found.guess.confidence)}) under a layer in another script: ` +
        `the document's OCR layer is not written in the script of its pages, this page's neither`,
    ],
  }
}
