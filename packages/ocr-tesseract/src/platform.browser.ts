// The engine in a browser (or a Web Worker): tesseract.js's worker script, its WebAssembly core and the language data
// come from the URLs the page gives in the `browser` option, served from its own origin; nothing is fetched from a
// CDN, and a missing option is an error rather than tesseract.js's CDN default.
import { TriageError, type LoadCounters } from '@pdftriage/core'
import type Tesseract from 'tesseract.js'
import type { LanguageFile } from './language-file.js'
import type { ResolvedTesseractOptions } from './options.js'

export type { LanguageFile } from './language-file.js'

/** A browser does not say how loaded the machine is: a reading's time limit is wall time. */
export const loadCounters: LoadCounters | undefined = undefined

/** Default worker count: the logical processors the browser reports (one where it reports none). */
export const defaultWorkers = (): number => Math.max(1, (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1)

/** No script detection in a browser: the page serves no orientation-and-script model. */
export const findScriptModel = (): LanguageFile | undefined => undefined

/** The languages the page serves: those it names in the `browser.languages` option. */
export const installedLanguages = (): string[] => []

function assets(options: ResolvedTesseractOptions, plugin: string): NonNullable<ResolvedTesseractOptions['browser']> {
  if (!options.browser) {
    throw new TriageError(
      'CONFIG_INVALID',
      `[${plugin}] in a browser the \`browser\` option must give the URLs of tesseract.js's worker, core and language data (served by the page itself)`,
      { plugin, stage: 'config' },
    )
  }
  return options.browser
}

export function findLanguages(codes: readonly string[], plugin: string, options: ResolvedTesseractOptions): LanguageFile[] {
  const a = assets(options, plugin)
  const missing = codes.filter((c) => !a.languages.includes(c))
  if (missing.length) {
    throw new TriageError('CONFIG_INVALID', `[${plugin}] the page serves no language data for ${missing.join(', ')} (it serves ${a.languages.join(', ')})`, {
      plugin,
      stage: 'config',
    })
  }
  return codes.map((code) => ({ code, file: `${a.langPath.replace(/\/$/u, '')}/${code}.traineddata.gz` }))
}

export const resolveLanguages = (codes: readonly string[], plugin: string): LanguageFile[] => {
  throw new TriageError('CONFIG_INVALID', `[${plugin}] languages ${codes.join(', ')}: in a browser they come from the \`browser\` option`, {
    plugin,
    stage: 'config',
  })
}

export const languageSource = (_langs: readonly LanguageFile[], options: ResolvedTesseractOptions): Promise<{ path: string; dispose(): Promise<void> }> =>
  Promise.resolve({ path: assets(options, 'tesseract').langPath, dispose: () => Promise.resolve() })

export function workerFiles(options: ResolvedTesseractOptions): Partial<Tesseract.WorkerOptions> {
  const a = assets(options, 'tesseract')
  // workerBlobURL false: the worker script is loaded from its own URL, not through a blob: URL that importScripts it
  return { workerPath: a.workerPath, corePath: a.corePath, workerBlobURL: false }
}

export const imageInput = (pgm: Uint8Array): Uint8Array => pgm

/** Rejects when the Web Worker reports an uncaught error. */
export function threadDeath(worker: Tesseract.Worker): Promise<never> {
  const thread = (worker as unknown as { worker: { addEventListener(type: 'error', listener: (e: { message?: string }) => void): void } | null }).worker
  return new Promise<never>((_, reject) => {
    thread?.addEventListener('error', (e) => reject(new Error(e.message || 'the tesseract worker failed')))
  })
}
