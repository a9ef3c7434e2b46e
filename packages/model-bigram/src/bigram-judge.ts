// The `bigram` judge plugin: the letter-pair model file read once (relative to the configuration's folder) and each
// page judged against it.
import { modelPath, readModelText } from '#platform'
import { definePlugin, TriageError, wrapPluginError, type Judge } from '@pdftriage/core'
import { judgePage, JUDGE_NAME } from './judge-page.js'
import { loadModel } from './model-file.js'
import type { BigramModel } from '@pdftriage/text-stats'
import { bigramOptionsSchema } from './options.js'

/** Creates the judge from an already loaded model (for callers that hold one, e.g. the CLI's eval or a repair). */
export function createBigramJudge(model: BigramModel, options: unknown = {}): Judge {
  const o = bigramOptionsSchema.parse(options)
  return {
    name: JUDGE_NAME,
    judge(page) {
      try {
        return judgePage(page, model, o)
      } catch (e) {
        throw wrapPluginError(e, JUDGE_NAME, 'judge', page.pageNumber)
      }
    },
  }
}

/** The bigram judge plugin: reads the model file named in the options (relative to the config's folder) once. */
export const bigramJudge = definePlugin({
  kind: 'judge',
  name: JUDGE_NAME,
  capabilities: { cost: 'model' },
  optionsSchema: bigramOptionsSchema,
  async create(options, ctx) {
    const path = modelPath(ctx.baseDir, options.model)
    let text: string
    try {
      text = await readModelText(path)
    } catch (e) {
      throw new TriageError(
        'MODEL_INVALID',
        `Cannot read model file \`${path}\`: ${(e as Error).message} (fit one with \`pdftriage fit --out model.json PAGES.txt\`)`,
        { cause: e, plugin: JUDGE_NAME, stage: 'config', file: path },
      )
    }
    const model = loadModel(text, path)
    return createBigramJudge(model, options)
  },
})
