import { TriageError, languageCodeSchema, loadConfig, refParts } from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'

/** The built-in OCR engine: its language data is checked here, before any document is read. */
const TESSERACT = '@pdftriage/ocr-tesseract'

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

/**
 * Checks, before any work, that the OCR engine has data for the languages a command will OCR with: `-l` when given,
 * else the config's `languages`, else the engine's own. Without it a missing language fails every OCRed page one by
 * one and the batch still ends `done`. Throws `OCR_LANGUAGE_MISSING` (exit 2) in one line naming the data packages
 * installed. The built-in engine is checked against its `@tesseract.js-data/*` packages; another engine checks its
 * own when it is created. A config that does not load is left to the command, which says why in its own words.
 */
export async function checkOcrLanguages(o: { cwd: string; configFile?: string; languages?: readonly string[] }): Promise<void> {
  let config
  try {
    config = (await loadConfig(o.configFile, o.cwd, preset.config)).config
  } catch {
    return
  }
  if (!config.ocr) return
  const { id, options } = refParts(config.ocr)
  if (id !== TESSERACT) return
  const { resolveLanguages, tesseractOptionsSchema } = await import('@pdftriage/ocr-tesseract')
  const engine = tesseractOptionsSchema.safeParse(options)
  const langs = o.languages ?? config.languages ?? (engine.success ? engine.data.languages : undefined)
  if (langs) resolveLanguages(langs, 'tesseract')
}
