// One call over pdftriage's built-in configuration, in Node. The plugins are imported here by name, not resolved from
// the file system as the CLI's configuration files are: a bundler can follow these imports, and this file itself
// imports no `node:` module (what the plugins and core import is theirs). The `browser` export condition gives
// browser.ts, the same API with the runtime-neutral extractor.
import extractPdfjs from '@pdftriage/extract-pdfjs'
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

/**
 * The plugins this package brings, by the package names the preset's configuration defaults use. A default naming a
 * package not listed here is an error at the first call (and a test): the two lists must move together.
 */
export const BUILTIN_FACTORIES: Factories = {
  '@pdftriage/extract-pdfjs': extractPdfjs,
  ...PIPELINE_FACTORIES,
}

/**
 * Creates the built-in plugins once, for many documents: `const t = await createPdftriage(); await t.triage(a);
 * await t.process(b, { ocr: true }); await t.close()`. The OCR engine's workers start at the first page that needs
 * them.
 */
export function createPdftriage(o: PdftriageOptions = {}): Promise<Pdftriage> {
  return composePdftriage(BUILTIN_FACTORIES, o)
}

/** Per-page verdicts and text of one PDF, OCRing nothing: which pages need OCR, and why. */
export async function triage(bytes: Uint8Array, options: PdftriageOptions & CallOptions = {}): Promise<TriageResult> {
  return once(createPdftriage, options, (t) => t.triage(bytes, options))
}

/**
 * Verdicts and text of one PDF, with OCR of the pages that need it when `ocr: true`, the rebuilt text, and the
 * searchable PDF when `pdf: true`. (Imported by name, `process` hides Node's global in that module: `import { process
 * as processPdf } from 'pdftriage'` keeps both.)
 */
export async function process(bytes: Uint8Array, options: PdftriageOptions & ProcessOptions = {}): Promise<ProcessResult> {
  return once(createPdftriage, options, (t) => t.process(bytes, options))
}

export * from './compose.js'
