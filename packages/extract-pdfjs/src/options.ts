import { z } from 'zod'

/** Options of the pdf.js extractor. */
export const pdfjsExtractorOptionsSchema = z.strictObject({
  fonts: z
    .boolean()
    .default(true)
    .describe('Fill `PageText.fonts` (name, embedded, kind, invisible) from the page operator list'),
  imageCoverage: z
    .boolean()
    .default(true)
    .describe('Compute `imageCoverage` and `hasVectorGraphics` from the page operator list'),
  maxRenderPixels: z
    .number()
    .int()
    .positive()
    .default(100_000_000)
    .describe('Pixel budget of one render (width x height); a larger page fails with PAGE_TOO_LARGE. 100 MP is A0 at 300 dpi'),
})

/** Options as a config file gives them (every field optional). */
export type PdfjsExtractorOptions = z.input<typeof pdfjsExtractorOptionsSchema>

/** Options after defaults. */
export type ResolvedPdfjsExtractorOptions = z.output<typeof pdfjsExtractorOptionsSchema>
