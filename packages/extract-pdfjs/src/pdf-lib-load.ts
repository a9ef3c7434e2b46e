// A document read with pdf-lib, imported on first use and kept quiet: the few features that need a second parser of
// the file (font descriptors, glyph names) load it through here.
import type { PDFDocument } from 'pdf-lib'

/**
 * The document read with pdf-lib (imported here on first use: few documents need it), quietly. pdf-lib reports each
 * object it cannot parse with console.warn: faults of the file that pdf.js has already read past, not for the user's
 * terminal. Parsed without pausing (no timer between objects), so the quiet lasts for the parse alone. Throws what
 * pdf-lib throws (an encrypted document, a file it cannot read).
 */
export async function loadQuietly(bytes: Uint8Array): Promise<PDFDocument> {
  const { PDFDocument, ParseSpeeds } = await import('pdf-lib')
  const warn = console.warn
  console.warn = () => {}
  try {
    return await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false, throwOnInvalidObject: false, parseSpeed: ParseSpeeds.Fastest })
  } finally {
    console.warn = warn
  }
}
