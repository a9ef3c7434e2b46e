import { definePlugin, nonSpaceCount, type Judge } from '@pdftriage/core'
import { judgeDocumentGates } from './judge-document.js'
import { GATES_NAME, judgedText, judgePageGates } from './judge-page.js'
import { gatesOptionsSchema } from './options.js'
import { LookBudgetError, lookAtImage } from './image-probe.js'

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
        const v = judgePageGates(page, o, ctx, judged)
        try {
          return (await lookAtImage(page, v, nonSpaceCount(page.text), judged.stats, o, ctx)) ?? v
        } catch (e) {
          // A look is worth less than the page: past its budget, the characters' verdict stands and says so.
          if (!(e instanceof LookBudgetError)) throw e
          return { ...v, notes: [...v.notes.slice(0, -1), `look abandoned: ${e.message}; the verdict is the characters'`, v.notes.at(-1)!] }
        }
      },
    }
    if (o.mode === 'document') return { ...judge, judgeDocument: (doc) => judgeDocumentGates(doc, o) }
    return judge
  },
})
