/**
 * Splits a text file into pages at form feeds (`\f`, as pdftotext writes them). A trailing empty page (the form feed
 * after the last page) is dropped; pages that are empty in the middle are kept so page numbers stay right (1-based:
 * page n is element n - 1).
 */
export function splitPages(txt: string): string[] {
  const pages = txt.split('\f')
  if (pages.length > 1 && pages[pages.length - 1]!.trim() === '') pages.pop()
  return pages
}
