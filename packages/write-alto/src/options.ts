// The ALTO writer's options, one zod schema: the measurement unit and the resolution of pixel boxes.
import { DEFAULT_OCR_DPI } from '@pdftriage/core'
import { z } from 'zod'

/** Options of the ALTO writer. */
export const altoWriterOptionsSchema = z.strictObject({
  unit: z
    .enum(['pixel', 'mm10', 'inch1200'])
    .default('pixel')
    .describe("ALTO's MeasurementUnit: pixels at `dpi` (what readers of scanned-page ALTO expect), tenths of a millimetre, or 1/1200 inch"),
  dpi: z
    .number()
    .int()
    .min(1)
    .max(2400)
    .default(DEFAULT_OCR_DPI)
    .describe('Pixels per inch when `unit` is `pixel`: the resolution pages are rendered at for OCR by default, so pixel boxes match those images'),
})

/** Options of the ALTO writer, as a config gives them. */
export type AltoWriterOptions = z.input<typeof altoWriterOptionsSchema>
