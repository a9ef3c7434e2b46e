// pdftriage's built-in configuration: which plugin fills each slot a configuration leaves out, the writers, the
// plugins that ship with pdftriage (and so load only from the installed packages), and what `--model` adds. Core
// names no plugin package; the front ends (CLI, batch, queue, the one-call package, the web page) pass this preset.
import type { PluginRef, Preset } from '@pdftriage/core'

/**
 * The plugin of each slot a configuration leaves out: the same plugins, in the same order, with or without a
 * configuration file. Judges that read characters (gates) run before the one that OCRs a band of the page
 * (spotcheck), which costs OCR time and so runs last; the repair that needs no OCR (reflect) is tried before the one
 * that may look at OCR regions (codemap).
 */
export const DEFAULT_CONFIG = {
  extractor: '@pdftriage/extract-pdfjs',
  judges: ['@pdftriage/judge-gates', '@pdftriage/judge-spotcheck'],
  repairs: ['@pdftriage/repair-reflect', '@pdftriage/repair-codemap'],
  ocr: '@pdftriage/ocr-tesseract',
  postprocess: ['@pdftriage/postpass-dehyphen'],
} as const satisfies Preset['config']

/** The writers when a configuration names none: the text (sidecar and rebuilt text) and the report. */
export const DEFAULT_WRITERS: readonly PluginRef[] = ['@pdftriage/write-text', '@pdftriage/write-report']

/** The writer a request for a searchable PDF adds (`pdftriage run --pdf`, `pdftriage ocr`). */
export const PDF_WRITER = '@pdftriage/write-pdf'

/** The writers of page layouts with word boxes that `pdftriage ocr --alto` and `--hocr` add. */
export const LAYOUT_WRITERS = { alto: '@pdftriage/write-alto', hocr: '@pdftriage/write-hocr' } as const

/**
 * The package `--model` adds a judge from: the letter-pair model that `pdftriage fit` writes, given to it as its
 * `model` option (a file path).
 */
export const MODEL_JUDGE = '@pdftriage/model-bigram'

/**
 * The plugins shipped with pdftriage. They load only from the installed packages: a `node_modules` planted in the
 * config's folder, the working folder or a parent must not replace the code every run executes by default.
 */
export const BUILTIN_PLUGINS: ReadonlySet<string> = new Set([
  '@pdftriage/extract-pdfjs',
  '@pdftriage/judge-gates',
  '@pdftriage/judge-spotcheck',
  '@pdftriage/model-bigram',
  '@pdftriage/repair-reflect',
  '@pdftriage/repair-codemap',
  '@pdftriage/ocr-tesseract',
  '@pdftriage/postpass-dehyphen',
  '@pdftriage/write-alto',
  '@pdftriage/write-hocr',
  '@pdftriage/write-pdf',
  '@pdftriage/write-report',
  '@pdftriage/write-text',
])

/**
 * Role words short names try besides the convention's (`@pdftriage/judge-<name>`): the letter-pair judge's package is
 * named for what it is, a model, so that `"judges": ["bigram"]` finds `@pdftriage/model-bigram`.
 */
export const ROLE_WORDS: Preset['roleWords'] = { judge: ['model'] }

/** The whole preset, as core's `parseConfig`, `loadConfig`, `createComponents` and `effectiveWriters` take it. */
export const preset: Preset = {
  config: DEFAULT_CONFIG,
  writers: DEFAULT_WRITERS,
  pdfWriter: PDF_WRITER,
  builtins: BUILTIN_PLUGINS,
  roleWords: ROLE_WORDS,
}
