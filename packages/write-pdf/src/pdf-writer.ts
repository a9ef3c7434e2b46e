import { TriageError, definePlugin, type Writer, type WrittenPage } from '@pdftriage/core'
import { writePdfOptionsSchema } from './options.js'
import { WRITER_NAME, writeSearchablePdfWithSummary, type WriteSummary } from './write-searchable-pdf.js'

/** The pages the searchable PDF shows otherwise than the input (turned upright, straightened), in page order. */
export function writtenPages(summary: Pick<WriteSummary, 'turned' | 'straightened'>): WrittenPage[] {
  const byPage = new Map<number, WrittenPage>()
  const at = (n: number) => byPage.get(n) ?? byPage.set(n, { pageNumber: n }).get(n)!
  for (const t of summary.turned) at(t.pageNumber).turned = t.degrees
  for (const t of summary.straightened) at(t.pageNumber).straightened = t.degrees
  return [...byPage.values()].sort((a, b) => a.pageNumber - b.pageNumber)
}

/**
 * What the writer did to the file, for a front end's line about the document: the pages given an invisible layer, the
 * repaired pages given corrected character maps instead, the accents written as /ActualText.
 */
export function summaryPhrase(summary: Pick<WriteSummary, 'layered' | 'remapped' | 'accentSpans'>): string {
  const remapped = summary.remapped.length ? `, ${summary.remapped.length} with corrected character maps` : ''
  const accents = summary.accentSpans ? ` (${summary.accentSpans} accents over their letters given as /ActualText)` : ''
  return `${summary.layered.length} with an added text layer${remapped}${accents}`
}

/**
 * Plugin factory of the searchable-PDF writer: `<stem>.pdf` (role `pdf`), the input with an invisible text layer on
 * its OCRed and repaired pages; the file's `pages` name those turned upright or straightened (`rotatePages`,
 * `deskew`), its `summary` what was written on which pages. It needs the input's bytes and the word boxes, which the batch then keeps for the whole document.
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
        const { pdf, summary } = await writeSearchablePdfWithSummary(doc.pdf, pages, o)
        const changed = writtenPages(summary)
        return [{ role: 'pdf', path: `${doc.stem}.pdf`, data: pdf, ...(changed.length ? { pages: changed } : {}), summary: summaryPhrase(summary) }]
      } catch (e) {
        // the writer reads bytes, not a file: the message names it here
        if (e instanceof TriageError && e.code === 'PDFA_INCOMPATIBLE')
          throw new TriageError(e.code, `${doc.file} ${e.message}`, { plugin: WRITER_NAME, stage: 'write', file: doc.file, cause: e })
        throw e
      }
    },
  }),
})
