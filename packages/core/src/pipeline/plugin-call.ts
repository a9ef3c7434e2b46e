// The one place the runner calls plugin code: whatever a plugin throws or answers wrongly becomes a TriageError
// naming the plugin, the stage, the page and the file.
import { TriageError, wrapPluginError, type Stage, type TriageErrorCode } from '../errors.js'

/** Where a plugin is called: what an error coming out of it is reported with. */
export interface PluginCall {
  /** The component's `name` (`'extractor'` for the open document, which carries none). */
  plugin: string
  stage: Stage
  /** 1-based page; absent for calls about the whole document. */
  page?: number | undefined
  /** The file as the user gave it. */
  file?: string | undefined
}

/** The code an error a plugin threw becomes, by stage: an OCR engine's failure is an OCR failure of the page. */
const FAILED_CODE: Partial<Record<Stage, TriageErrorCode>> = { ocr: 'OCR_FAILED' }

/**
 * Calls a plugin. The one place the runner meets plugin code: whatever the call throws (synchronously or not) comes
 * out as a `TriageError` naming the plugin, stage, page and file, with the original as `cause`; a `TriageError` keeps
 * its code and gains what it lacked. `check` says what is wrong with the answer, if anything: a `PLUGIN_INVALID`
 * error, so that a broken plugin is named where it broke and not pages later.
 */
export async function callPlugin<T>(at: PluginCall, call: () => T | PromiseLike<T>, check?: (answer: T) => string | undefined): Promise<T> {
  let answer: T
  try {
    answer = await call()
  } catch (e) {
    throw wrapPluginError(e, at.plugin, at.stage, at.page, at.file, FAILED_CODE[at.stage])
  }
  const problem = check?.(answer)
  if (problem !== undefined) {
    throw new TriageError('PLUGIN_INVALID', `[${at.plugin}] ${at.stage}${at.page === undefined ? '' : ` page ${at.page}`}: ${problem}`, {
      plugin: at.plugin,
      stage: at.stage,
      page: at.page,
      file: at.file,
    })
  }
  return answer
}
