import { definePlugin, nonSpaceCount, type Judge } from '@pdftriage/core'
import { judgeDocumentGates } from './judge-document.js'
import { GATES_NAME, judgedText, judgePageGates } from './judge-page.js'
import { gatesOptionsSchema } from './options.js'
import { lookAtImage } from './image-probe.js'

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
        return (await lookAtImage(page, v, nonSpaceCount(page.text), judged.stats, o, ctx)) ?? v
      },
    }
    if (o.mode === 'document') return { ...judge, judgeDocument: (doc) => judgeDocumentGates(doc, o) }
    return judge
  },
})
