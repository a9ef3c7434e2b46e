// The report writer's options, one zod schema: the JSON indentation.
import { z } from 'zod'

/** Options of the report writer. */
export const reportWriterOptionsSchema = z.strictObject({
  indent: z.number().int().min(0).max(8).default(2).describe('Spaces of JSON indentation; 0 writes one line'),
})

/** Options of the report writer, as a config gives them. */
export type ReportWriterOptions = z.input<typeof reportWriterOptionsSchema>
