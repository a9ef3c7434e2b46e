// Opening PDF bytes with the extractor through the runner's plugin wrapper, so that its failures name it and the file.
import type { ExtractedDocument, Extractor, OpenOptions } from '../contracts.js'
import { callPlugin } from './plugin-call.js'

const documentProblem = (d: ExtractedDocument): string | undefined =>
  !d || typeof d !== 'object'
    ? 'returned no document'
    : !Number.isInteger(d.pageCount) || d.pageCount < 0
      ? `returned a document whose pageCount is \`${String(d.pageCount)}\`, not a whole number`
      : typeof d.getPageText !== 'function' || typeof d.renderPage !== 'function' || typeof d.close !== 'function'
        ? 'returned a document without getPageText, renderPage or close'
        : undefined

/**
 * Opens PDF bytes with an extractor, through the runner's one plugin wrapper: what the extractor throws comes out as a
 * `TriageError` naming it (stage `open`) and the file, and a document that breaks the contract is `PLUGIN_INVALID`.
 * The caller owns the document and closes it.
 */
export function openDocument(extractor: Extractor, pdf: Uint8Array, options: OpenOptions = {}): Promise<ExtractedDocument> {
  return callPlugin({ plugin: extractor.name, stage: 'open', file: options.file }, () => extractor.open(pdf, options), documentProblem)
}
