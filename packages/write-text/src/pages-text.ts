// A document's text page by page, separated by form feeds: the rebuilt paragraphs where a post-processor ran, else
// the pages' own texts.
import type { DocumentResult, PageResult } from '@pdftriage/core'

/**
 * The document's text, NFC, pages separated by form feeds. When a post-processor rebuilt paragraphs, each page holds
 * the paragraphs that start on it (a paragraph across a page break is whole, once); otherwise the pages' own texts.
 */
export function pagesText(pages: readonly PageResult[], doc: DocumentResult): string {
  const paras = doc.text?.paragraphs
  if (paras?.length) {
    const byPage = new Map<number, string[]>()
    for (const p of paras) {
      const first = p.pages[0] ?? 1
      let a = byPage.get(first)
      if (!a) byPage.set(first, (a = []))
      a.push(p.text)
    }
    return pages
      .map((p) => (byPage.get(p.pageNumber) ?? []).join('\n\n'))
      .join('\f')
      .normalize('NFC')
  }
  return pages
    .map((p) => p.page.text)
    .join('\f')
    .normalize('NFC')
}
