// The `gates` judge plugin: the character gates on each page (or on samples of a long document), with a look at the
// page image where the characters cannot tell.
import { definePlugin, nonSpaceCount, type Judge, type JudgeContext, type Verdict } from '@pdftriage/core'
import { judgeDocumentGates } from './judge-document.js'
import { GATES_NAME, judgedText, judgePageGates } from './judge-page.js'
import { gatesOptionsSchema } from './options.js'
import { LookBudgetError, lookAtImage } from './image-probe.js'
import { documentLooks, recallFonts } from './font-memory.js'
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
        v = recallFonts(judged.page, judged.stats.chars, v, o, ctx) ?? v
        try {
          return tally((await lookAtImage(page, v, nonSpaceCount(page.text), judged.stats, o, ctx)) ?? v, ctx)
        } catch (e) {
          // A look is worth less than the page: past its budget, the characters' verdict stands and says so.
          if (!(e instanceof LookBudgetError)) throw e
          return tally(noteBefore(v, `look abandoned: ${e.message}; the verdict is the characters'`), ctx)
        }
      },
    }
    if (o.mode === 'document') return { ...judge, judgeDocument: (doc) => judgeDocumentGates(doc, o) }
    return judge
  },
})
