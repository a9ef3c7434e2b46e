// The gates in document mode: a long document judged from two samples (its opening and a middle window), or left to
// be judged page by page when the samples disagree.
import type { DocumentView, PageText, Verdict } from '@pdftriage/core'
import { f2, findDamage, statsNote, wordsNote } from './damage.js'
import { verdictMaker } from './judge-page.js'
import type { ResolvedGatesOptions } from './options.js'
import { pageStats } from '@pdftriage/text-stats'

/** 1-based inclusive page ranges of the two samples; `window` is empty when the document is too short for one. */
export function samplePages(
  pageCount: number,
  o: Pick<ResolvedGatesOptions, 'openingPages' | 'windowPages' | 'windowAt'>,
): { opening: number[]; window: number[] } {
  const opening = range(1, Math.min(o.openingPages, pageCount))
  const centre = Math.round(pageCount * o.windowAt)
  const start = Math.max(opening.length + 1, centre - Math.floor(o.windowPages / 2))
  const end = Math.min(pageCount, start + o.windowPages - 1)
  return { opening, window: range(start, end) }
}

function range(a: number, b: number): number[] {
  const out: number[] = []
  for (let i = a; i <= b; i++) out.push(i)
  return out
}

const span = (p: number[]) => (p.length === 1 ? `page ${p[0]}` : `pages ${p[0]}-${p[p.length - 1]}`)

/**
 * Judges a long document from two samples: the opening (is there a layer?) and a middle window (is it any good?).
 * Front matter is often a bare scan in a book whose body reads, and clean boilerplate in a damaged one (a 424-page
 * commentary scored healthy on pages 10-14 and garbled on 160-164 and 300-304), so the window decides quality.
 * Returns `undefined` ("judge page by page") for documents under `densityMinPages` pages and whenever the samples
 * disagree in a way one verdict for every page would get wrong (a scanned opening before a body that reads).
 */
export async function judgeDocumentGates(doc: DocumentView, o: ResolvedGatesOptions): Promise<Verdict | undefined> {
  if (doc.pageCount < o.densityMinPages) return undefined
  const { opening, window } = samplePages(doc.pageCount, o)
  if (window.length === 0) return undefined
  const read = async (pages: number[]): Promise<PageText[]> => {
    const out: PageText[] = []
    for (const n of pages) out.push(await doc.getPageText(n)) // one at a time: the view may extract lazily
    return out
  }
  const op = await read(opening)
  const win = await read(window)
  const so = pageStats(op.map((p) => p.text).join('\n'))
  const sw = pageStats(win.map((p) => p.text).join('\n'))
  const coverages = win.map((p) => p.imageCoverage)
  const known = coverages.every((c) => c !== undefined)
  const meanCov = known ? coverages.reduce((a, b) => a + b, 0) / coverages.length : undefined
  const notes = [
    `document mode, ${doc.pageCount} pages`,
    `opening ${span(opening)}: ${statsNote(so)}`,
    `window ${span(window)}: ${statsNote(sw)}, ${meanCov === undefined ? 'image coverage unknown' : `image ${f2(meanCov)}`}`,
  ]
  const verdict = verdictMaker(notes)

  if (sw.chars === 0) {
    const anyImage = [...op, ...win].some((p) => p.imageCoverage === undefined || p.imageCoverage >= o.absentImageCoverage)
    if (so.chars === 0) {
      return anyImage ? verdict('absent', true, 'no text in either sample') : verdict('blank', false, 'no text and no image in either sample')
    }
    // A born-digital opening before a scanned body: the body has no layer.
    return anyImage ? verdict('absent', true, 'no text in the window: the body has no layer') : undefined
  }
  notes.push(`window ${wordsNote(sw)}`)
  if (sw.chars >= o.minCharsToJudge) {
    const d = findDamage(sw, o)
    if (d) return verdict('garbled', true, `window ${d.note}`, d.score, d.threshold)
  }
  const perPage = sw.chars / win.length
  if (perPage < o.minCharsPresent) {
    // Thin pages that are not scans (short poems, plates with captions) are better judged one by one.
    if (meanCov !== undefined && meanCov < o.scanImageCoverage) return undefined
    return verdict('sparse', true, `window ${Math.round(perPage)} < ${o.minCharsPresent} characters a page`, perPage, o.minCharsPresent)
  }
  if (so.chars === 0) return undefined // scanned front matter, body reads: one verdict would lose the front matter
  if (so.chars >= o.minCharsToJudge && findDamage(so, o)) return undefined // damaged opening, good body
  return verdict('healthy', false, 'the opening has a layer and the window passes every gate')
}
