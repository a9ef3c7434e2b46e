// The codemap repair's options, one zod schema with their defaults.
import { DEFAULT_OCR_DPI } from '@pdftriage/core'
import { z } from 'zod'

/** Options of the `codemap` repair plugin. */
export const codemapOptionsSchema = z.strictObject({
  dpi: z.number().int().min(72).max(600).default(DEFAULT_OCR_DPI).describe(`Resolution of the anchor OCR (the OCR stage renders at ${DEFAULT_OCR_DPI}).`),
  anchorAsPage: z
    .number()
    .min(0)
    .max(1)
    .default(0.8)
    .describe(
      "Share of the page an anchor covers from which it is read as the whole page, when the page's OCR would read at " +
        "the anchor's resolution: at most 1.25 times its pixels, and a page the repair then declines is OCRed (or " +
        "looked at whole by a judge) from that reading, not read again. The 12-page mixed document's anchors cover " +
        '0.56-0.84 of their pages.',
    ),
  minAgreement: z
    .number()
    .min(0)
    .max(1)
    .default(0.9)
    .describe(
      "Share of the anchor OCR's characters the repaired lines must agree with (edit distance); tesseract reads clean renders at a character error rate of about 0.04, a wrong map agrees at under 0.5.",
    ),
  minWordAgreement: z
    .number()
    .min(0)
    .max(1)
    .default(0.7)
    .describe(
      "Share of the anchor OCR's words found among the repaired line's words: the letters may be right and the spaces wrong (a font whose spacing the extractor misreads); tesseract's own words are right at about 0.85.",
    ),
  maxRegionsPerFont: z
    .number()
    .int()
    .min(1)
    .default(3)
    .describe('OCR regions a font may spend in one document: its anchor, then regions where codes not yet seen occur.'),
  maxRegionsPerDocument: z
    .number()
    .int()
    .min(0)
    .default(64)
    .describe(
      'OCR regions the repair may spend in one document, all fonts together; once spent, a page that would need ' +
        'another goes to OCR as without the repair. The 184-page long document spent 36-38 (variants A-C); this leaves ' +
        'room for more fonts and bounds a document whose fonts would keep asking.',
    ),
  minFontGlyphs: z
    .number()
    .int()
    .min(1)
    .default(12)
    .describe('Glyphs a font needs on a page before it is worth an OCR region of its own; smaller fonts stay as they are.'),
  healthyIdentity: z
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe(
      "Share of a font's aligned glyphs that read as themselves above which the font is healthy and kept (healthy fonts: 0.85-1.0, broken ones under 0.1).",
    ),
})

/** Options as a user writes them. */
export type CodemapOptions = z.input<typeof codemapOptionsSchema>
/** Options after defaults. */
export type ResolvedCodemapOptions = z.output<typeof codemapOptionsSchema>
