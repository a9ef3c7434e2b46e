// The one check of OCR languages in the CLI: the form of `-l`, read with the options, and the engine's data for the
// languages a command will OCR with, before any work.
import { TriageError, importPlugin, languageCodeSchema, loadConfig, refParts } from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import { CLI_DIR } from './cli-dir.js'
import { readBy } from './commands/options.js'

/** `-l fra+eng` as codes; a code of the wrong form is a usage error (the form is core's {@link languageCodeSchema}). */
export function parseLanguages(spec: string): string[] {
  const langs = spec
    .split('+')
    .map((l) => l.trim())
    .filter(Boolean)
  if (!langs.length || !langs.every((l) => languageCodeSchema.safeParse(l).success)) {
    throw new TriageError('USAGE', `Expected -l like fra or fra+eng (Tesseract language codes), not \`${spec}\``)
  }
  return langs
}

/** `-l` as an option's schema: the codes, or the usage error of {@link parseLanguages}. */
export const languagesOption = readBy(parseLanguages)

/**
 * Checks, before any work, that the OCR engine has data for the languages a command will OCR with: `-l` when given,
 * else the config's `languages`, else the engine's own. Without it a missing language fails every OCRed page one by
 * one and the batch still ends `done`. The engine the config names is asked through its plugin's
 * `capabilities.checkLanguages` (the built-in one throws `OCR_LANGUAGE_MISSING`, exit 2, in one line naming the data
 * packages installed); an engine that states no check checks its own when it is created. A config or an engine that
 * does not load is left to the command, which says why in its own words.
 */
export async function checkOcrLanguages(o: { cwd: string; configFile?: string; languages?: readonly string[] }): Promise<void> {
  let loaded
  try {
    loaded = await loadConfig(o.configFile, o.cwd, preset.config)
  } catch {
    return
  }
  const { config, baseDir } = loaded
  if (!config.ocr) return
  const { id, options } = refParts(config.ocr)
  // the factory the command will load, found as core finds it
  const factory = await importPlugin(id, 'ocr', baseDir, preset, [CLI_DIR]).catch(() => undefined)
  await factory?.capabilities?.checkLanguages?.(options, o.languages ?? config.languages)
}
