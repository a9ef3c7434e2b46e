// The text writer's options, one zod schema: which of its files to write (pages, OCR text beside the layer, the
// rebuilt text).
import { z } from 'zod'

/** Options of the text writer. */
export const textWriterOptionsSchema = z.strictObject({
  sidecar: z.boolean().default(true).describe('Write `<stem>.txt`: the text of each page, pages separated by form feeds (role `text`)'),
  ocr: z
    .boolean()
    .default(true)
    .describe("Write `<stem>.ocr.txt` beside the sidecar when OCR text was kept beside the layer's (policy extract-and-ocr; role `ocr-text`)"),
  clean: z.boolean().default(true).describe('Write `<stem>.clean.txt`: the continuous text a post-processor rebuilt (role `clean`), when one ran'),
})

/** Options of the text writer, as a config gives them. */
export type TextWriterOptions = z.input<typeof textWriterOptionsSchema>
