// The sidecar text of a document, as OCRmyPDF's `--sidecar` and pdftotext write it: pages in order, separated by
// form feeds.
import type { PageText } from '@pdftriage/core'

/**
 * A document's sidecar text, as OCRmyPDF's `--sidecar` and pdftotext write it: each page's text in page order,
 * pages separated by a form feed (`\f`), NFC. A page missing from `pages` (1-based `pageNumber`) counts as empty, so
 * the n-th form-feed-separated part is always page n; `pageCount` (default: the highest page number given) fixes how
 * many parts there are.
 */
export function sidecarText(pages: ReadonlyArray<Pick<PageText, 'pageNumber' | 'text'>>, pageCount?: number): string {
  const n = pageCount ?? pages.reduce((m, p) => Math.max(m, p.pageNumber), 0)
  const parts: string[] = Array.from({ length: n }, () => '')
  for (const p of pages) if (p.pageNumber >= 1 && p.pageNumber <= n) parts[p.pageNumber - 1] = p.text.replaceAll('\f', '\n')
  return parts.join('\f').normalize('NFC')
}
