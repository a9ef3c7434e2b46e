import { TriageError, definePlugin, type Writer } from '@pdftriage/core'
import { writePdfOptionsSchema } from './options.js'
import { WRITER_NAME, writeSearchablePdf } from './write-searchable-pdf.js'

/**
 * Plugin factory of the searchable-PDF writer: `<stem>.pdf` (role `pdf`), the input with an invisible text layer on
 * its OCRed and repaired pages. It needs the input's bytes and the word boxes, which the batch then keeps for the
 * whole document.
 */
export const pdfWriter = definePlugin({
  kind: 'writer',
  name: WRITER_NAME,
  optionsSchema: writePdfOptionsSchema,
  create: (o): Writer => ({
    name: WRITER_NAME,
    needs: { pdfBytes: true, items: true },
    async write(doc) {
      if (!doc.pdf) {
        throw new TriageError('PLUGIN_FAILED', `[${WRITER_NAME}] was given no PDF bytes: its caller must honour \`needs.pdfBytes\``, {
          plugin: WRITER_NAME,
          stage: 'write',
          file: doc.file,
        })
      }
      const pages = doc.pages.map((p) => ({ pageNumber: p.pageNumber, action: p.action, page: p.page, ...(p.regionText ? { regions: p.regionText } : {}) }))
      try {
        return [{ role: 'pdf', path: `${doc.stem}.pdf`, data: await writeSearchablePdf(doc.pdf, pages, o) }]
      } catch (e) {
        // the writer reads bytes, not a file: the message names it here
        if (e instanceof TriageError && e.code === 'PDFA_INCOMPATIBLE')
          throw new TriageError(e.code, `${doc.file} ${e.message}`, { plugin: WRITER_NAME, stage: 'write', file: doc.file, cause: e })
        throw e
      }
    },
  }),
})
