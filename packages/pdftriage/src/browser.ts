// One call over pdftriage's built-in configuration, in a browser (or a Web Worker, or any runtime without Node's
// modules): the same plugins as index.ts but the runtime-neutral extractor, `@pdftriage/extract-unpdf`, in place of
// Node's. The package's `browser` export condition points here. The OCR engine needs the URLs of tesseract.js's files
// (`pluginOptions['@pdftriage/ocr-tesseract'].browser`) and the extractor those of pdf.js's data, both served by the
// page itself; see packages/web.
import extractUnpdf from '@pdftriage/extract-unpdf'
import {
  composePdftriage,
  type CallOptions,
  type Factories,
  type Pdftriage,
  type PdftriageOptions,
  type ProcessOptions,
  type ProcessResult,
  type TriageResult,
} from './compose.js'
import { once } from './once.js'
import { PIPELINE_FACTORIES } from './plugins.js'

/** The extractor of the browser build, by its package name (the preset's default configuration names Node's). */
export const BROWSER_EXTRACTOR = '@pdftriage/extract-unpdf'

/** The plugins this build brings: index.ts's, with the runtime-neutral extractor. */
export const BUILTIN_FACTORIES: Factories = {
  [BROWSER_EXTRACTOR]: extractUnpdf,
  ...PIPELINE_FACTORIES,
}

/** Creates the built-in plugins once, for many documents (see index.ts). */
export function createPdftriage(o: PdftriageOptions = {}): Promise<Pdftriage> {
  return composePdftriage(BUILTIN_FACTORIES, o, BROWSER_EXTRACTOR)
}

/** Per-page verdicts and text of one PDF, OCRing nothing. */
export async function triage(bytes: Uint8Array, options: PdftriageOptions & CallOptions = {}): Promise<TriageResult> {
  return once(createPdftriage, options, (t) => t.triage(bytes, options))
}

/** Verdicts and text of one PDF, with OCR when `ocr: true`, the rebuilt text, and the searchable PDF when `pdf: true`. */
export async function process(bytes: Uint8Array, options: PdftriageOptions & ProcessOptions = {}): Promise<ProcessResult> {
  return once(createPdftriage, options, (t) => t.process(bytes, options))
}

export * from './compose.js'
