// The pdf.js extractor's options (where text comes from, fonts, image coverage, annotations, limits), as one zod
// schema with their defaults.
import { z } from 'zod'

/** Options of the pdf.js extractor. */
export const pdfjsExtractorOptionsSchema = z.strictObject({
  fonts: z.boolean().default(true).describe('Fill `PageText.fonts` (name, embedded, kind, invisible) from the page operator list'),
  imageCoverage: z.boolean().default(true).describe('Compute `imageCoverage` and `hasVectorGraphics` from the page operator list'),
  textSource: z
    .enum(['operator-list', 'text-content'])
    .default('operator-list')
    .describe(
      "Where page text comes from. 'operator-list': one pass over pdf.js's operator list gives text, fonts, invisible " +
        "layers and image coverage (a 312-page manual: 1.5 s against 2.6 s for both passes); 'text-content': pdf.js's " +
        'own text content, plus the operator list for the details (see detailsBelowChars)',
    ),
  annotationText: z
    .boolean()
    .default(true)
    .describe(
      "With textSource 'operator-list': read the text that annotations draw on the page (form field values, FreeText " +
        'notes, stamps), after the page content; false: the page content only',
    ),
  detailsBelowChars: z
    .number()
    .int()
    .min(0)
    .nullable()
    .default(null)
    .describe(
      "With textSource 'text-content': read the operator list (fonts, image coverage, vector and invisible text) only on " +
        'pages whose text layer has fewer non-space characters than this; longer pages leave those fields undefined. ' +
        'null: on every page',
    ),
  cleanupEvery: z
    .number()
    .int()
    .min(0)
    .default(50)
    .describe('Free pdf.js document caches (fonts, images) after this many pages, so memory does not grow with length; 0: never'),
  copyBytes: z
    .boolean()
    .default(true)
    .describe(
      'Give pdf.js a copy of the bytes so the caller keeps theirs; false hands the buffer over (pdf.js detaches it), ' +
        'which halves peak memory on large files when the caller has no further use for them',
    ),
  maxRenderPixels: z
    .number()
    .int()
    .positive()
    .default(100_000_000)
    .describe('Pixel budget of one render (width x height); a larger page fails with PAGE_TOO_LARGE. 100 MP is A0 at 300 dpi'),
  maxImagePixels: z
    .number()
    .int()
    .positive()
    .default(100_000_000)
    .describe(
      "pdf.js's maxImageSize: an image declaring more pixels (width x height) is left out of the page, not decoded; " +
        "so is one whose masks would have it drawn larger (pdf.js draws an image at its largest mask's size). " +
        'A 600 dpi A3 scan is 70 MP; 100 MP decoded to RGBA is 400 MB, where a file declaring 60000 x 60000 would need 14 GB',
    ),
  maxNesting: z
    .number()
    .int()
    .positive()
    .default(4096)
    .describe(
      'Deepest nesting of graphics states (`q` inside `q`) a page may reach; a deeper page fails with PAGE_FAILED at once. ' +
        "MuPDF stops at 4096 too. pdf.js's time grows with the square of the depth: a page nesting 500,000 deep, built to " +
        'stall readers, would otherwise run to the page timeout',
    ),
  maxPages: z
    .number()
    .int()
    .positive()
    .default(50_000)
    .describe(
      'A document declaring more pages fails with DOC_TOO_LARGE when it opens. The longest documents measured here have ' +
        '1,280 pages; a page tree of shared kids declares 2^26 pages in 3 KB',
    ),
})

/** Options as a config file gives them (every field optional). */
export type PdfjsExtractorOptions = z.input<typeof pdfjsExtractorOptionsSchema>

/** Options after defaults. */
export type ResolvedPdfjsExtractorOptions = z.output<typeof pdfjsExtractorOptionsSchema>
