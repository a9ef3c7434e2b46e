// The hOCR writer's options, one zod schema: the resolution of its pixel boxes.
import { DEFAULT_OCR_DPI } from '@pdftriage/core'
import { z } from 'zod'

/** Options of the hOCR writer. */
export const hocrWriterOptionsSchema = z.strictObject({
  dpi: z
    .number()
    .int()
    .min(1)
    .max(2400)
    .default(DEFAULT_OCR_DPI)
    .describe(
      "Pixels per inch of the bbox coordinates (hOCR's are whole pixels; stated as each page's scan_res): by default the resolution pages are rendered at for OCR",
    ),
})

/** Options of the hOCR writer, as a config gives them. */
export type HocrWriterOptions = z.input<typeof hocrWriterOptionsSchema>
