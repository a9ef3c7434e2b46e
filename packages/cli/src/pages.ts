// `--pages 1-3,7,10-` of `pdftriage ocr`: which pages may be OCRed, read before the document is opened.
import { pagesOf, type PageList } from '@pdftriage/batch'
import { TriageError } from '@pdftriage/core'

/** Reads `1-3,7,10-` as ranges of 1-based pages (one open at its end runs to the last page). Throws a usage error. */
export function readPageList(spec: string): PageList {
  const ranges: Array<{ from: number; to?: number }> = []
  for (const p of spec.split(',').map((part) => part.trim())) {
    const m = /^(\d+)(?:(-)(\d+)?)?$/.exec(p)
    if (!m) throw new TriageError('USAGE', `Expected --pages like 1-3,7,10- (1-based), not \`${spec}\``)
    const from = Number(m[1])
    const to = m[2] ? (m[3] ? Number(m[3]) : undefined) : from
    if (from < 1 || (to !== undefined && to < from))
      throw new TriageError('USAGE', `Expected --pages like 1-3,7,10- (1-based, ascending ranges), not \`${spec}\``)
    ranges.push(to === undefined ? { from } : { from, to })
  }
  return ranges
}

/** Parses `1-3,7,10-` against a page count (a range open at its end runs to the last page). Throws a usage error. */
export function parsePages(spec: string): (pageCount: number) => Set<number> {
  const list = readPageList(spec)
  return (pageCount) => pagesOf(list, pageCount)
}
