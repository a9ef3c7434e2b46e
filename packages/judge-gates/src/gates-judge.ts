// The `gates` judge plugin: the character gates on each page (or on samples of a long document), with a look at the
// page image where the characters cannot tell.
import { definePlugin, nonSpaceCount, type Judge, type JudgeContext, type PageText, type Verdict } from '@pdftriage/core'
import { judgeDocumentGates } from './judge-document.js'
import { GATES_NAME, judgedText, judgePageGates } from './judge-page.js'
import { gatesOptionsSchema, type ResolvedGatesOptions } from './options.js'
import { LookBudgetError, lookAtImage } from './image-probe.js'
import { documentLooks, pageFonts, recallFonts, recalled, type PageFont } from './font-memory.js'
import { noteBefore } from './verdict-notes.js'

/**
 * The document's looks so far, in a note before the decision, once the gates have looked at one of its pages: how many
 * fonts the image settled (`fontVerifications` bounds the looks asked for a font) and how many looks it took.
 */
function tally(v: Verdict, ctx: JudgeContext): Verdict {
  const d = documentLooks(ctx)
  if (!d.looks && !d.fonts.size) return v
  const fonts = [...d.fonts.values()]
  const broken = fonts.filter((f) => f.broken).length
  const note = `the document so far: ${fonts.length} font${fonts.length === 1 ? '' : 's'} verified by the image (${broken} broken), ${d.looks} look${d.looks === 1 ? '' : 's'} by the gates`
  return noteBefore(v, note)
}

const brokenCount = (ctx: JudgeContext): number => [...documentLooks(ctx).fonts.values()].filter((f) => f.broken).length

/**
 * After judging a page that reads: when one of its fonts is not settled by the document's memory, asks the runner for a
 * second word on it ({@link revisitFonts}), so that a font the image shows broken on one of the next pages reaches this
 * one too (a font is broken on every page that uses it, whichever page showed it).
 */
function waitForFonts(page: PageText, fonts: readonly PageFont[], v: Verdict, ctx: JudgeContext): void {
  if (!ctx.revisitLater || v.needsOcr || v.layer === 'blank' || page.source !== 'text-layer') return
  if (fonts.every((f) => recalled(page, f.fontId, ctx))) return
  documentLooks(ctx).waiting.set(page.pageNumber, { v, broken: brokenCount(ctx) })
  ctx.revisitLater(GATES_NAME)
}

/**
 * The second word on a page {@link waitForFonts} kept waiting: what the document's memory of fonts says of it now
 * ({@link recallFonts}), when fonts were found broken since; only the notes the memory adds.
 */
function revisitFonts(page: PageText, o: ResolvedGatesOptions, ctx: JudgeContext): Verdict | undefined {
  const { waiting } = documentLooks(ctx)
  const w = waiting.get(page.pageNumber)
  if (!w) return undefined
  waiting.delete(page.pageNumber)
  if (brokenCount(ctx) === w.broken) return undefined
  const judged = judgedText(page)
  const v = recallFonts(judged.page, judged.stats.chars, w.v, o, ctx)
  return v && v !== w.v ? { ...v, notes: v.notes.filter((n) => !w.v.notes.includes(n)) } : undefined
}

/**
 * The N0 character gates: absent / blank, garbled (letter share, Latin-1 and control share, per font), sparse.
 * In `document` mode it also judges long documents from samples (`judgeDocument`), falling back to pages.
 */
export const gatesJudge = definePlugin({
  kind: 'judge',
  name: GATES_NAME,
  // Statistics of the characters; the image probe OCRs only thin pages over an image and vector-only pages.
  capabilities: { cost: 'characters' },
  optionsSchema: gatesOptionsSchema,
  create(options): Judge {
    const o = gatesOptionsSchema.parse(options)
    const judge: Judge = {
      name: GATES_NAME,
      judge: async (page, ctx) => {
        const judged = judgedText(page)
        let v = judgePageGates(page, o, ctx, judged)
        // What earlier pages' looks settled of this page's fonts speaks before any new look.
        const fonts = pageFonts(judged.page)
        v = recallFonts(judged.page, judged.stats.chars, v, o, ctx, fonts) ?? v
        let out: Verdict
        try {
          out = tally((await lookAtImage(page, v, nonSpaceCount(page.text), judged.stats, o, ctx)) ?? v, ctx)
        } catch (e) {
          // A look is worth less than the page: past its budget, the characters' verdict stands and says so.
          if (!(e instanceof LookBudgetError)) throw e
          out = tally(noteBefore(v, `look abandoned: ${e.message}; the verdict is the characters'`), ctx)
        }
        waitForFonts(judged.page, fonts, out, ctx)
        return out
      },
      revisit: (page, ctx) => revisitFonts(page, o, ctx),
    }
    if (o.mode === 'document') return { ...judge, judgeDocument: (doc) => judgeDocumentGates(doc, o) }
    return judge
  },
})
