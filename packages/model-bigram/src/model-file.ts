// The letter-pair model's file: its versioned JSON shape (counts, so that the file is exact), written and read back
// with errors that name the file.
import { TriageError } from '@pdftriage/core'
import { z } from 'zod'
import { ALPHABET, SYMBOL_COUNT } from '@pdftriage/text-stats'
import { logprobsFromCounts, type BigramModel } from '@pdftriage/text-stats'

/** The `format` tag of a model file. */
export const MODEL_FORMAT = 'pdftriage-bigram'

/** The version of the model file this package writes and reads. */
export const MODEL_VERSION = 1

const finite = z.number().refine(Number.isFinite, 'must be a finite number')

/** The JSON shape of a model file, version 1. Counts are kept (not log-probabilities) so the file is exact. */
export const modelFileSchema = z.strictObject({
  format: z.literal(MODEL_FORMAT).describe('Always "pdftriage-bigram".'),
  version: z.literal(MODEL_VERSION).describe('File version.'),
  alphabet: z.literal(ALPHABET).describe('Symbols in index order; OTHER is the last index, after the space.'),
  counts: z
    .array(z.number().int().nonnegative())
    .length(SYMBOL_COUNT * SYMBOL_COUNT)
    .describe('Pair counts, row-major: counts[a * 46 + b] is how often b followed a in training.'),
  margin: finite.describe('Nats below the worst training page still accepted.'),
  worstTrainingScore: finite.describe('Seed score of the lowest-scoring training page.'),
  worstTrainingPage: z.number().int().nonnegative().describe('0-based index of that page among the pages fitted.'),
  threshold: finite.describe('worstTrainingScore - margin.'),
  trainingPages: z.number().int().positive().describe('Pages fitted.'),
  worstTrainingStructure: finite.describe('Lowest structure (score minus shuffled score) among the training pages.'),
  words: z.strictObject({
    vocabulary: z.array(z.string()).describe('Lower-cased words of the training pages, sorted.'),
    rareWordScore: z
      .number()
      .nullable()
      .describe('Word score below which the oddest 5 % of training words fall; null when training had no word of 3+ letters.'),
    trainingWords: z.number().int().nonnegative(),
  }),
  createdBy: z.string().optional().describe('Free text: the tool that wrote the file.'),
})

/** A parsed model file. */
export type ModelFile = z.infer<typeof modelFileSchema>

/** Serialises a model to its versioned JSON text (about 30 kB for a few thousand words of vocabulary). */
export function saveModel(model: BigramModel): string {
  const file: ModelFile = {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    alphabet: ALPHABET,
    counts: Array.from(model.counts),
    margin: model.margin,
    worstTrainingScore: model.worstTrainingScore,
    worstTrainingPage: model.worstTrainingPage,
    threshold: model.threshold,
    trainingPages: model.trainingPages,
    worstTrainingStructure: model.worstTrainingStructure,
    words: {
      vocabulary: [...model.words.vocabulary].sort(),
      rareWordScore: Number.isFinite(model.words.rareWordScore) ? model.words.rareWordScore : null,
      trainingWords: model.words.trainingWords,
    },
    createdBy: '@pdftriage/model-bigram',
  }
  return JSON.stringify(file) + '\n'
}

/**
 * Parses and validates a model file's text (pure: the caller reads the file). A file that is not JSON, not a
 * pdftriage bigram model, of another version, or inconsistent throws `MODEL_INVALID` naming `file` when given.
 */
export function loadModel(jsonText: string, file?: string): BigramModel {
  const where = file === undefined ? 'model' : `model file \`${file}\``
  const fail = (why: string, cause?: unknown): never => {
    throw new TriageError('MODEL_INVALID', `Invalid ${where}: ${why}`, { plugin: 'bigram', file, cause })
  }
  let raw: unknown
  try {
    raw = JSON.parse(jsonText)
  } catch (e) {
    return fail(`not JSON (${(e as Error).message})`, e)
  }
  if (typeof raw === 'object' && raw !== null && 'format' in raw && raw.format !== MODEL_FORMAT) {
    return fail(`expected format \`${MODEL_FORMAT}\`, not \`${String(raw.format)}\``)
  }
  const parsed = modelFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return fail(`${issue.path.join('.') || '(root)'}: ${issue.message}`, parsed.error)
  }
  const f = parsed.data
  if (Math.abs(f.worstTrainingScore - f.margin - f.threshold) > 1e-9) {
    return fail(`threshold ${f.threshold} is not worstTrainingScore ${f.worstTrainingScore} - margin ${f.margin}`)
  }
  const counts = Uint32Array.from(f.counts)
  return {
    alphabet: f.alphabet,
    counts,
    logprobs: logprobsFromCounts(counts),
    threshold: f.threshold,
    margin: f.margin,
    worstTrainingScore: f.worstTrainingScore,
    worstTrainingPage: f.worstTrainingPage,
    trainingPages: f.trainingPages,
    worstTrainingStructure: f.worstTrainingStructure,
    words: { vocabulary: new Set(f.words.vocabulary), rareWordScore: f.words.rareWordScore ?? -Infinity, trainingWords: f.words.trainingWords },
  }
}
