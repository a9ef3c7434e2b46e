// The `write-text` writer plugin: `<stem>.txt` (pages separated by form feeds), `<stem>.ocr.txt` and
// `<stem>.clean.txt` (the rebuilt continuous text).
import { definePlugin, type Writer, type WrittenFile } from '@pdftriage/core'
import { textWriterOptionsSchema } from './options.js'
import { pagesText } from './pages-text.js'

/** The writer's name, in errors. */
export const TEXT_WRITER_NAME = 'write-text'

/** Plugin factory of the text writer: `<stem>.txt` (pages separated by form feeds) and `<stem>.clean.txt`. */
export const textWriter = definePlugin({
  kind: 'writer',
  name: TEXT_WRITER_NAME,
  optionsSchema: textWriterOptionsSchema,
  create: (o): Writer => ({
    name: TEXT_WRITER_NAME,
    write(doc) {
      const files: WrittenFile[] = []
      if (o.sidecar) files.push({ role: 'text', path: `${doc.stem}.txt`, data: pagesText(doc.pages, doc.document) })
      // extract-and-ocr: the OCR's text of every OCRed page (kept beside the layer or in its place); others are empty.
      if (o.ocr && doc.pages.some((p) => p.ocr)) {
        files.push({
          role: 'ocr-text',
          path: `${doc.stem}.ocr.txt`,
          data: doc.pages
            .map((p) => p.ocr?.text ?? (p.action === 'ocr' ? p.page.text : ''))
            .join('\f')
            .normalize('NFC'),
        })
      }
      const clean = doc.document.text?.text
      if (o.clean && clean !== undefined) files.push({ role: 'clean', path: `${doc.stem}.clean.txt`, data: clean.normalize('NFC') })
      return files
    },
  }),
})
