// The `write-pdf` writer plugin: `<stem>.pdf`, the input with an invisible text layer (or corrected character maps)
// on its OCRed and repaired pages, and a summary of what was written where.
import { TriageError, definePlugin, type Writer, type WrittenFile, type WrittenPage } from '@pdftriage/core'
import { writePdfOptionsSchema } from './options.js'
import { sidecarText } from './sidecar-text.js'
import { WRITER_NAME, assertPdfACandidate, writeSearchablePdfWithSummary, type WriteSummary } from './write-searchable-pdf.js'

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

/** A PDF/A refusal names the input: the writer reads bytes, not a file. */
function named(e: unknown, file: string): unknown {
  if (e instanceof TriageError && e.code === 'PDFA_INCOMPATIBLE')
    return new TriageError(e.code, `${file} ${e.message}`, { plugin: WRITER_NAME, stage: 'write', file, cause: e })
  return e
}

/**
 * Plugin factory of the searchable-PDF writer: `<stem>.pdf` (role `pdf`), the input with an invisible text layer on
 * its OCRed and repaired pages; the file's `pages` name those turned upright or straightened (`rotatePages`,
 * `deskew`), its `summary` what was written on which pages. With `sidecar`, also the text of every page (role
 * `sidecar`). It needs the input's bytes and the word boxes, which the batch then keeps for the whole document. Its
 * `precheck` refuses, for PDF/A, an input PDF/A cannot take before the document is run.
 */
export const pdfWriter = definePlugin({
  kind: 'writer',
  name: WRITER_NAME,
  optionsSchema: writePdfOptionsSchema,
  create: (o): Writer => ({
    name: WRITER_NAME,
    needs: { pdfBytes: true, items: true },
    ...(o.outputType === 'pdfa'
      ? {
          precheck: (input: { file: string; pdf: Uint8Array }) =>
            assertPdfACandidate(input.pdf).catch((e: unknown) => {
              throw named(e, input.file)
            }),
        }
      : {}),
    async write(doc) {
      if (!doc.pdf) {
        throw new TriageError('PLUGIN_FAILED', `[${WRITER_NAME}] was given no PDF bytes: its caller must honour \`needs.pdfBytes\``, {
          plugin: WRITER_NAME,
          stage: 'write',
          file: doc.file,
        })
      }
      const pages = doc.pages.map((p) => ({ pageNumber: p.pageNumber, action: p.action, page: p.page, ...(p.regionText ? { regions: p.regionText } : {}) }))
      let written
      try {
        written = await writeSearchablePdfWithSummary(doc.pdf, pages, o)
      } catch (e) {
        throw named(e, doc.file)
      }
      const { pdf, summary } = written
      const changed = writtenPages(summary)
      const files: WrittenFile[] = [
        { role: 'pdf', path: `${doc.stem}.pdf`, data: pdf, ...(changed.length ? { pages: changed } : {}), summary: summaryPhrase(summary) },
      ]
      if (o.sidecar) {
        files.push({
          role: 'sidecar',
          path: `${doc.stem}.sidecar.txt`,
          data: sidecarText(
            doc.pages.map((p) => p.page),
            doc.pages.length,
          ),
        })
      }
      return files
    },
  }),
})
