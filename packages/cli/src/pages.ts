// `--pages 1-3,7,10-` of `pdftriage ocr`: which pages may be OCRed, read before the document is opened.
import { TriageError } from '@pdftriage/core'

/** Parses `1-3,7,10-` against a page count (a range open at its end runs to the last page). Throws a usage error. */
export function parsePages(spec: string): (pageCount: number) => Set<number> {
  const parts = spec.split(',').map((p) => p.trim())
  const ranges: Array<[number, number | undefined]> = []
  for (const p of parts) {
    const m = /^(\d+)(?:(-)(\d+)?)?$/.exec(p)
    if (!m) throw new TriageError('USAGE', `Expected --pages like 1-3,7,10- (1-based), not \`${spec}\``)
    const a = Number(m[1])
    const b = m[2] ? (m[3] ? Number(m[3]) : undefined) : a
    if (a < 1 || (b !== undefined && b < a)) throw new TriageError('USAGE', `Expected --pages like 1-3,7,10- (1-based, ascending ranges), not \`${spec}\``)
    ranges.push([a, b])
  }
  return (pageCount) => {
    const set = new Set<number>()
    for (const [a, b] of ranges) for (let n = a; n <= Math.min(b ?? pageCount, pageCount); n++) set.add(n)
    return set
  }
}
