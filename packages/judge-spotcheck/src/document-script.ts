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
}

/** Keyed on the document's info object (one per open document), as the gates key theirs. */
const documents = new WeakMap<object, DocumentScript>()

function documentScript(ctx: JudgeContext): DocumentScript {
  let d = documents.get(ctx.info)
  if (!d) documents.set(ctx.info, (d = { found: [], leaning: new Map() }))
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
