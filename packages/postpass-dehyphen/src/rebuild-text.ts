import type { DocumentText, Paragraph } from '@pdftriage/core'
import { splitFootnotes } from './footnotes.js'
import { LIST_START, endsWithFinalPunct, endsWithHyphen, isIndented, isShort, median, withColumns, type FlowLine } from './layout.js'
import { buildLines, type Line } from './line-builder.js'
import { isSpace } from './chars.js'
import { joinAcross, type HyphenSite } from './line-join.js'
import type { ResolvedDehyphenOptions } from './options.js'
import { readingOrder } from './reading-order.js'
import { findRunningElements } from './running-elements.js'
import { Vocabulary } from './vocabulary.js'

/** A font size differing by more than this share starts a new paragraph (a heading, a quotation in small print). */
const SIZE_CHANGE = 0.15
/** A paragraph set this much larger than the body text is a heading. */
const HEADING_SIZE = 1.15
/** A heading has at most this many words: longer short lines are the ends of paragraphs. */
const HEADING_WORDS = 12

/** What the rebuild found, besides the text: counts for the report and the hyphen sites for evaluation. */
export interface RebuildResult {
  paragraphs: Paragraph[]
  text: string
  sites: HyphenSite[]
  notes: string[]
}

type Break = 'space' | 'newline' | 'para'

function breakBetween(a: FlowLine, b: FlowLine, pitch: Map<number, number>, gapFactor: number): Break {
  const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left)
  const sameFlow = a.page === b.page && b.y0 > a.y0 && overlap > 0
  // Sizes estimated from OCR boxes wander by several per cent from line to line: twice the tolerance there.
  const tol = a.sized && b.sized ? SIZE_CHANGE : 2 * SIZE_CHANGE
  const sizeChange = Math.abs(a.fontSize - b.fontSize) > tol * Math.max(a.fontSize, b.fontSize)
  if (!sameFlow) {
    // A column or page turn: the paragraph runs on when its last line is full and unpunctuated and the next line
    // neither starts a list nor opens a new indented paragraph with a capital.
    if (sizeChange || endsWithFinalPunct(a.text) || isShort(a, b) || LIST_START.test(b.text)) return 'para'
    if (endsWithHyphen(a.text) || /^\p{Ll}/u.test(b.text)) return 'space'
    return isIndented(b) ? 'para' : 'space'
  }
  if (sizeChange) return 'para'
  const p = pitch.get(a.page)
  if (p !== undefined && b.y0 - a.y0 > gapFactor * p) return 'para'
  if (LIST_START.test(b.text)) return 'para'
  if (isIndented(b) && !(isIndented(a) && Math.abs(a.x0 - b.x0) < 1)) return 'para'
  if (isShort(a, b)) return endsWithFinalPunct(a.text) ? 'para' : 'newline'
  return 'space'
}

/** Median baseline-to-baseline pitch of a page's consecutive body lines, in points; absent when it has under two. */
function pagePitch(lines: FlowLine[]): number | undefined {
  const ps: number[] = []
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!
    const b = lines[i]!
    const d = b.y0 - a.y0
    if (d > 0 && d < 3 * a.fontSize && Math.abs(a.fontSize - b.fontSize) < 0.5) ps.push(d)
  }
  return median(ps)
}

/**
 * Body font size of the document: the median size by characters (a median, not a mode, so that sizes estimated
 * from OCR boxes, all slightly different, still give the body's size).
 */
function bodySizeOf(lines: Line[]): number {
  const s = [...lines].sort((a, b) => a.fontSize - b.fontSize)
  const total = s.reduce((n, l) => n + l.text.length, 0)
  let acc = 0
  for (const l of s) {
    acc += l.text.length
    if (acc >= total / 2) return l.fontSize
  }
  return 10 // no text: any size will do
}

function collectVocabulary(seqs: FlowLine[][]): Vocabulary {
  const v = new Vocabulary()
  for (const seq of seqs) {
    let skipFirst = false
    for (const l of seq) {
      const t = l.text
      const endsHyphen = endsWithHyphen(t)
      // Line-end fragments are not words: leave out the hyphenated last token and the next line's first token.
      // Tokens are the pieces between single spaces (as split(' ') gives them).
      if (!skipFirst && !endsHyphen) v.addTokens(t, 0, t.length)
      else {
        const first = t.indexOf(' ')
        const from = skipFirst ? first + 1 : 0
        const to = endsHyphen ? t.lastIndexOf(' ') : t.length
        // A line without a space is one token, a fragment; so are both tokens around a lone space when both go.
        if (first >= 0 && from <= to) v.addTokens(t, from, to)
      }
      skipFirst = endsHyphen
    }
  }
  return v
}

function kindOf(lines: FlowLine[], text: string, bodySize: number, isLast: boolean): Paragraph['kind'] {
  const first = lines[0]!
  if (LIST_START.test(first.text)) return 'list'
  if (first.fontSize >= (first.sized ? HEADING_SIZE : 1 + 2 * (HEADING_SIZE - 1)) * bodySize) return 'heading'
  // Words are counted only for one- and two-line paragraphs, the only ones that may be headings.
  if (lines.length <= 2 && text.split(/\s+/).length <= HEADING_WORDS && !endsWithFinalPunct(text) && !isLast && isShort(lines[lines.length - 1]!, undefined)) return 'heading'
  return 'body'
}

/**
 * What {@link clean}'s replacements would change inside a string: a soft hyphen, a tab, a space beside a space or a
 * newline. Most paragraphs have none: one native scan instead of three replacements.
 */
const NEEDS_CLEANING = /[\u00ad\t]| [ \n]|\n /

/** True when clean's replacements or trim would change a string. */
function needsCleaning(s: string): boolean {
  if (s.length === 0) return false
  return isSpace(s.charCodeAt(0)) || isSpace(s.charCodeAt(s.length - 1)) || NEEDS_CLEANING.test(s)
}

function clean(s: string): string {
  const t = needsCleaning(s) ? s.replace(/\u00ad/g, '').replace(/[ \t]+/g, ' ').replace(/ ?\n ?/g, '\n').trim() : s
  return t.normalize('NFC')
}

/**
 * Rebuilds a document's continuous text from its pages' positioned items: lines, reading order, running elements,
 * footnotes, paragraphs, hyphens. Does not modify `doc`.
 */
export function rebuildText(doc: DocumentText, o: ResolvedDehyphenOptions): RebuildResult {
  const pageLines = doc.pages.map((p) => buildLines(p, o.wordGapFactor))
  const running = findRunningElements(pageLines, doc.pages.map((p) => p.height), o.bandSize, o.headerSimilarity)
  const kept = pageLines.map((ls) => ls.filter((l) => !running.remove.has(l)))
  const bodySize = bodySizeOf(kept.flat())
  const bodyFlow: FlowLine[] = []
  const notesByPage: Array<{ page: number; notes: FlowLine[][] }> = []
  const pitch = new Map<number, number>()
  for (const ls of kept) {
    const ordered = readingOrder(ls).flat()
    const { body, notes } = splitFootnotes(ordered, bodySize, o.footnoteSizeRatio)
    const flow = withColumns(body)
    const p = pagePitch(flow)
    if (p !== undefined && flow[0]) pitch.set(flow[0].page, p)
    bodyFlow.push(...flow)
    if (notes.length) notesByPage.push({ page: notes[0]![0]!.page, notes: notes.map((n) => withColumns(n)) })
  }
  const vocab = collectVocabulary([bodyFlow, ...notesByPage.flatMap((n) => n.notes)])
  const sites: HyphenSite[] = []
  // One context for every join, its page set per line (not an object per line).
  const ctx = { vocab, languages: o.languages, documentWords: o.documentWords, sites, page: 0 }
  // A paragraph is kept as pieces joined once at its end: reading the end of a growing concatenation would copy it
  // at every line. Only a line-end hyphen is resolved on the last piece, which holds everything the join reads
  // (its last characters and last token), or the pieces are joined first.
  const render = (lines: FlowLine[], breaks: Break[]): string => {
    const parts = [lines[0]!.text]
    for (let i = 1; i < lines.length; i++) {
      ctx.page = lines[i]!.page
      const b = lines[i]!.text
      const soft = breaks[i - 1] === 'newline'
      let k = parts.length - 1
      let last = parts[k]!
      // Three units: a hyphen after a letter written as a surrogate pair.
      if (k > 0 && last.length < 3) {
        last = parts.join('')
        parts.length = 1
        parts[0] = last
        k = 0
      }
      if (!endsWithHyphen(last)) {
        parts.push(soft ? '\n' : ' ', b)
        continue
      }
      // The hyphenated token may begin in an earlier piece (after a newline, or a line with no space).
      if (k > 0 && last.indexOf(' ') < 0) {
        last = parts.join('')
        parts.length = 1
        k = 0
      }
      parts[k] = joinAcross(last, b, soft, ctx)
    }
    return clean(parts.length === 1 ? parts[0]! : parts.join(''))
  }
  // Body paragraphs over the whole document, so that a paragraph runs on across column and page turns.
  const groups: Array<{ lines: FlowLine[]; breaks: Break[] }> = []
  for (let i = 0; i < bodyFlow.length; i++) {
    const l = bodyFlow[i]!
    const br = i === 0 ? 'para' : breakBetween(bodyFlow[i - 1]!, l, pitch, o.paragraphGapFactor)
    if (br === 'para') groups.push({ lines: [l], breaks: [] })
    else {
      const g = groups[groups.length - 1]!
      g.lines.push(l)
      g.breaks.push(br)
    }
  }
  const paragraphs: Paragraph[] = []
  const pagesOf = (ls: Line[]) => [...new Set(ls.map((l) => l.page))]
  if (o.headerFooter === 'keep-once') for (const h of running.headers) paragraphs.push({ text: clean(h.text), pages: h.pages, kind: 'header' })
  const noteParas = notesByPage.flatMap((n) =>
    n.notes.map((ls): Paragraph => ({ text: render(ls, ls.slice(1).map(() => 'space')), pages: [n.page], kind: 'footnote' })),
  )
  groups.forEach((g, gi) => {
    const text = render(g.lines, g.breaks)
    if (text) paragraphs.push({ text, pages: pagesOf(g.lines), kind: kindOf(g.lines, text, bodySize, gi === groups.length - 1) })
    if (o.footnotes === 'keep') {
      // In place: after the paragraph holding the last body line of the note's page.
      const lastPage = g.lines[g.lines.length - 1]!.page
      const next = groups[gi + 1]
      const pageEnds = !next || next.lines[0]!.page !== lastPage || g.lines.some((l, k) => k > 0 && l.page !== g.lines[k - 1]!.page)
      if (pageEnds) for (const np of noteParas) if (np.pages[0]! <= lastPage && !paragraphs.includes(np)) paragraphs.push(np)
    }
  })
  if (o.footnotes === 'keep') for (const np of noteParas) if (!paragraphs.includes(np)) paragraphs.push(np)
  if (o.footnotes === 'endnotes') paragraphs.push(...noteParas)
  if (o.headerFooter === 'keep-once') for (const f of running.footers) paragraphs.push({ text: clean(f.text), pages: f.pages, kind: 'footer' })
  const kept2 = sites.filter((s) => s.decision.choice === 'keep').length
  const apart = sites.filter((s) => s.decision.choice === 'apart').length
  const notes = [
    `dehyphen: ${sites.length} line-end hyphens, ${kept2} kept, ${apart} kept apart, ${sites.length - kept2 - apart} joined`,
    `dehyphen: ${running.headers.length} running headers, ${running.footers.length} footers, ${running.pageNumbers} page numbers removed from the body`,
    `dehyphen: ${noteParas.length} footnotes ${o.footnotes === 'endnotes' ? 'moved to the end' : o.footnotes === 'drop' ? 'dropped' : 'kept in place'}`,
  ]
  return { paragraphs, text: paragraphs.map((p) => p.text).join('\n\n').normalize('NFC'), sites, notes }
}
