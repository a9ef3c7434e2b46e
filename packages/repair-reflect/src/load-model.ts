// The letter-pair model file loaded with @pdftriage/model-bigram's own loader, imported lazily, so that the repair
// reads exactly the file the bigram judge reads.
import { TriageError } from '@pdftriage/core'
import type { LetterPairModel } from './letter-pair-model.js'

/**
 * Loads the letter-pair model file with `@pdftriage/model-bigram`'s own loader (imported lazily), so the repair reads
 * exactly the file the bigram judge reads. Throws `MODEL_INVALID` naming the plugin when it cannot.
 */
export async function loadLetterPairModel(path: string, plugin: string): Promise<LetterPairModel> {
  let mod: Record<string, unknown>
  try {
    mod = await import('@pdftriage/model-bigram')
  } catch (e) {
    throw new TriageError('PLUGIN_FAILED', `[${plugin}] cannot import @pdftriage/model-bigram: install it to use \`model\``, {
      cause: e,
      plugin,
      stage: 'config',
    })
  }
  const load = mod['loadModel']
  if (typeof load !== 'function') {
    throw new TriageError('MODEL_INVALID', `[${plugin}] @pdftriage/model-bigram has no \`loadModel\` export to read \`${path}\``, {
      plugin,
      stage: 'config',
    })
  }
  try {
    const m = (await (load as (p: string) => unknown)(path)) as LetterPairModel
    if (!(m?.logprobs instanceof Float64Array) || typeof m.threshold !== 'number') throw new Error('not a letter-pair model')
    return m
  } catch (e) {
    if (e instanceof TriageError) throw e
    throw new TriageError('MODEL_INVALID', `[${plugin}] cannot load the model \`${path}\`: ${(e as Error).message}`, {
      cause: e,
      plugin,
      stage: 'config',
    })
  }
}
