/** What went wrong, as a stable code that tests and callers can match. */
export type TriageErrorCode =
  | 'FILE_UNREADABLE' // the file could not be read from disk
  | 'PDF_INVALID' // not a PDF, truncated, or too damaged for the extractor
  | 'PDF_ENCRYPTED' // encrypted and no (or a wrong) password was given, or encrypted in a way no password opens
  | 'PDF_EMPTY' // a PDF with zero pages
  | 'PAGE_TOO_LARGE' // a page whose render would exceed the pixel budget
  | 'PAGE_FAILED' // one page could not be extracted; the others go on
  | 'DOC_TOO_LARGE' // over a size limit (pages declared, memory): the message names the limit and its option
  | 'DOC_TIMEOUT' // over the wall time allowed a document: the message names the limit and its option
  | 'PAGE_TIMEOUT' // one page over the wall time allowed a page: the document stops, the message names the option
  | 'WORKER_CRASHED' // the process or thread running the document died; the batch goes on
  | 'DISK_FULL' // the output folder's disk is full (ENOSPC) or over a file-size limit: the run stops
  | 'OUTPUT_LOCKED' // another run holds the output folder
  | 'CONFIG_NOT_FOUND'
  | 'CONFIG_INVALID'
  | 'PLUGIN_NOT_FOUND'
  | 'PLUGIN_INVALID'
  | 'PLUGIN_FAILED' // a plugin threw; `plugin` and `stage` say which and where, `cause` keeps the original
  | 'MODEL_INVALID'
  | 'OCR_LANGUAGE_MISSING'
  | 'OCR_FAILED'
  | 'OCR_TIMEOUT'
  | 'OUTPUT_PATH_INVALID'
  | 'PDFA_INCOMPATIBLE' // the input holds what PDF/A forbids and the writer cannot mend (an unembedded font, JavaScript)
  | 'ABORTED'
  | 'QUEUE_UNREACHABLE' // the Redis of a queued batch cannot be reached (after retrying)
  | 'USAGE'

/**
 * The exit code a command line ends with on each error, carried by the error ({@link TriageError.exitCode}): 2 for what
 * must be corrected before anything can run (the command line, the configuration and its plugins, a model, OCR data,
 * the output folder), 1 for a run that failed on its inputs. Every code says which, so a new code cannot be forgotten.
 */
const EXIT_CODES: Record<TriageErrorCode, 1 | 2> = {
  FILE_UNREADABLE: 1,
  PDF_INVALID: 1,
  PDF_ENCRYPTED: 1,
  PDF_EMPTY: 1,
  PAGE_TOO_LARGE: 1,
  PAGE_FAILED: 1,
  DOC_TOO_LARGE: 1,
  DOC_TIMEOUT: 1,
  PAGE_TIMEOUT: 1,
  WORKER_CRASHED: 1,
  DISK_FULL: 1,
  OUTPUT_LOCKED: 2,
  CONFIG_NOT_FOUND: 2,
  CONFIG_INVALID: 2,
  PLUGIN_NOT_FOUND: 2,
  PLUGIN_INVALID: 2,
  PLUGIN_FAILED: 1,
  MODEL_INVALID: 2,
  OCR_LANGUAGE_MISSING: 2,
  OCR_FAILED: 1,
  OCR_TIMEOUT: 1,
  OUTPUT_PATH_INVALID: 2,
  PDFA_INCOMPATIBLE: 1,
  ABORTED: 1,
  QUEUE_UNREACHABLE: 1,
  USAGE: 2,
}

/** The pipeline stage an error was raised in. */
export type Stage = 'config' | 'resolve' | 'open' | 'extract' | 'judge' | 'repair' | 'render' | 'ocr' | 'postprocess' | 'write'

/** Extra facts carried by a {@link TriageError}. */
export interface TriageErrorDetails {
  cause?: unknown
  /** Name of the plugin that failed. */
  plugin?: string
  stage?: Stage
  /** 1-based page number. */
  page?: number
  /** The file being processed, as given by the user. */
  file?: string
  /** For config errors: the path of the bad value, e.g. `ocr.options.dpi`. */
  path?: string
}

/** The one error type of pdftriage: errors are data, with a code, the plugin, the stage, the page and the cause. */
export class TriageError extends Error {
  override name = 'TriageError'
  readonly code: TriageErrorCode
  readonly plugin: string | undefined
  readonly stage: Stage | undefined
  readonly page: number | undefined
  readonly file: string | undefined
  readonly path: string | undefined

  constructor(code: TriageErrorCode, message: string, details: TriageErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.plugin = details.plugin
    this.stage = details.stage
    this.page = details.page
    this.file = details.file
    this.path = details.path
  }

  /** What a command line that ends on this error exits with (see {@link EXIT_CODES}); not part of {@link toJSON}. */
  get exitCode(): 1 | 2 {
    return EXIT_CODES[this.code]
  }

  /** A plain object for JSON output (no stack). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { code: this.code, message: this.message }
    for (const k of ['plugin', 'stage', 'page', 'file', 'path'] as const) if (this[k] !== undefined) out[k] = this[k]
    return out
  }
}

/** True when `e` is a {@link TriageError}, optionally of the given code. */
export function isTriageError(e: unknown, code?: TriageErrorCode): e is TriageError {
  return e instanceof TriageError && (code === undefined || e.code === code)
}

/**
 * Wraps anything a plugin threw into a `PLUGIN_FAILED` error (or the `code` given) naming the plugin and stage, keeping
 * the original as `cause`. A {@link TriageError} passes through unchanged but gains the missing plugin, stage and page.
 */
export function wrapPluginError(e: unknown, plugin: string, stage: Stage, page?: number, file?: string, code: TriageErrorCode = 'PLUGIN_FAILED'): TriageError {
  if (e instanceof TriageError) {
    return new TriageError(e.code, e.message, {
      cause: e.cause,
      plugin: e.plugin ?? plugin,
      stage: e.stage ?? stage,
      page: e.page ?? page,
      file: e.file ?? file,
      path: e.path,
    })
  }
  const msg = e instanceof Error ? e.message : String(e)
  return new TriageError(code, `[${plugin}] ${stage}${page === undefined ? '' : ` page ${page}`}: ${msg}`, {
    cause: e,
    plugin,
    stage,
    page,
    file,
  })
}
