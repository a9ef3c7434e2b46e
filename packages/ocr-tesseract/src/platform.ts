// What the engine needs from Node: the core count, the language data from the @tesseract.js-data packages (copied to
// a temporary folder tesseract.js reads with fs), the image as a Buffer, and the worker thread's own error events.
// The `browser` condition of the package's `#platform` import swaps in platform.browser.ts.
import { availableParallelism } from 'node:os'
import type { Worker as ThreadWorker } from 'node:worker_threads'
import type Tesseract from 'tesseract.js'
import { languageFolder, resolveLanguages, type LanguageFile } from './language-data.js'
import type { ResolvedTesseractOptions } from './options.js'

export { findScriptModel, installedLanguages, resolveLanguages, type LanguageFile } from './language-data.js'

/**
 * What a reading's time limit counts with: this process's CPU time while other work holds every core (core's
 * LoadClock), as the batch's page timeout counts a document's process: on a loaded machine both stretch alike.
 */
export { ownLoadCounters as loadCounters } from '@pdftriage/core'

/** Default worker count: the cores Node may use. */
export const defaultWorkers = (): number => availableParallelism()

/** The languages' files: `resolveLanguages` with the engine's options (read in a browser only). */
export const findLanguages = (codes: readonly string[], plugin: string, _options: ResolvedTesseractOptions): LanguageFile[] => resolveLanguages(codes, plugin)

/** Where tesseract.js loads the languages from, and what to remove when the engine closes. */
export const languageSource = (langs: readonly LanguageFile[], _options: ResolvedTesseractOptions): Promise<{ path: string; dispose(): Promise<void> }> =>
  languageFolder(langs)

/** Options of `createWorker` beyond the language path: none in Node, where tesseract.js finds its own files. */
export const workerFiles = (_options: ResolvedTesseractOptions): Partial<Tesseract.WorkerOptions> => ({})

/** The PGM bytes as tesseract.js's Node side takes them. */
export const imageInput = (pgm: Uint8Array): Buffer => Buffer.from(pgm.buffer, pgm.byteOffset, pgm.byteLength)

/**
 * Rejects when the worker's thread dies. tesseract.js exposes its worker_threads Worker; its own `onerror` is a browser
 * idiom that Node ignores, so an uncaught error in the thread would crash the process without this listener.
 */
export function threadDeath(worker: Tesseract.Worker): Promise<never> {
  const thread = (worker as unknown as { worker: ThreadWorker | null }).worker
  return new Promise<never>((_, reject) => {
    thread?.on('error', (e) => reject(e))
    thread?.once('exit', (code) => reject(new Error(`thread exited with code ${code}`)))
  })
}
