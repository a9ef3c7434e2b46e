// The unpdf extractor's options: the pdf.js extractor's, plus where pdf.js finds its data and which pdf.js a browser
// runs.
import { pdfjsExtractorOptionsSchema } from '@pdftriage/extract-pdfjs/engine'
import { z } from 'zod'

/** A folder's URL (or, in Node, path), with the trailing slash pdf.js needs since it appends file names. */
const folder = z
  .string()
  .min(1)
  .transform((s) => (s.endsWith('/') ? s : `${s}/`))

/** Options of the unpdf extractor: the pdf.js extractor's, plus where pdf.js finds its data and which pdf.js a browser runs. */
export const unpdfExtractorOptionsSchema = pdfjsExtractorOptionsSchema.extend({
  standardFontDataUrl: folder
    .optional()
    .describe(
      "The folder of pdfjs-dist's `standard_fonts`. Required in browsers (served from the page's own origin); in Node, " +
        'pdfjs-dist in node_modules when unset',
    ),
  cMapUrl: folder.optional().describe("The folder of pdfjs-dist's `cmaps` (packed). Required in browsers; in Node, pdfjs-dist in node_modules when unset"),
  wasmUrl: folder.optional().describe("The folder of pdfjs-dist's `wasm` decoders. Required in browsers; in Node, pdfjs-dist in node_modules when unset"),
  pdfjs: z
    .enum(['legacy', 'modern', 'unpdf'])
    .default('legacy')
    .describe(
      "Browsers only: which pdf.js. 'legacy': pdfjs-dist 5.6.205's legacy build, the very code the Node extractors run " +
        "(same text; older browsers too); 'modern': its modern build (needs Promise.try and Uint8Array.prototype.toHex: " +
        "browsers of 2025 on); 'unpdf': the pdf.js unpdf 1.4.0 bundles (5.4.296). Node always runs the legacy build",
    ),
})

/** Options as a config file gives them (every field optional). */
export type UnpdfExtractorOptions = z.input<typeof unpdfExtractorOptionsSchema>

/** Options after defaults. */
export type ResolvedUnpdfExtractorOptions = z.output<typeof unpdfExtractorOptionsSchema>
