// The rebuild of a document's continuous text: lines in reading order, running heads and footnotes set apart,
// paragraphs found from breaks, indents and sizes, hyphens resolved across line ends.
import { readingPage, type DocumentText, type PageText, type Paragraph } from '@pdftriage/core'
import { splitFootnotes } from './footnotes.js'
import { LIST_START, endsWithFinalPunct, endsWithHyphen, isIndented, isShort, withColumns, type FlowLine } from './layout.js'
import { buildLines, type Line } from './line-builder.js'
import { isSpace } from './chars.js'
import { joinAcross, type HyphenSite } from './line-join.js'
import type { ResolvedDehyphenOptions } from './options.js'
import { readingOrder } from './reading-order.js'
import { median } from './sort.js'
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

/** Punctuation that ends a clause, not a sentence. */
const MID_SENTENCE_END = /[;:]$/u

/**
 * Whether a document opens its paragraphs with a first-line indent: of the lines after a clear paragraph end (a short
 * line with final punctuation, same column), the share that are indented. Indenting styles indent nearly all of them,
 * block styles none; INDENT_STYLE_MIN such ends at least, else unknown (false).
 */
function indentsParagraphs(body: FlowLine[]): boolean {
  let ends = 0
  let indented = 0
  for (let i = 1; i < body.length; i++) {
    const a = body[i - 1]!
    const b = body[i]!
    if (a.page !== b.page || b.y0 <= a.y0 || !endsWithFinalPunct(a.text) || !isShort(a, b)) continue
    ends++
    if (isIndented(b)) indented++
  }
  return ends >= INDENT_STYLE_MIN && indented >= INDENT_STYLE_SHARE * ends
}
/** Clear paragraph ends needed to call a document's style, and the share of indented starts that makes it indenting. */
const INDENT_STYLE_MIN = 3
const INDENT_STYLE_SHARE = 0.5

/**
 * True when `b` opens a list item. A marker-like start (`0.`, `2)`, `-`, `—`) after a full line whose sentence is
 * unfinished, at that line's own distance from its column's edge, is the sentence running on (`le numéro mineur de
 * périphérique` | `0. Il est...`); a new item after a wrapped one starts left of the item's hanging lines.
 */
function listStart(a: FlowLine, b: FlowLine): boolean {
  if (!LIST_START.test(b.text)) return false
  const runsOn = !endsWithFinalPunct(a.text) && !isShort(a, b) && Math.abs(a.x0 - a.left - (b.x0 - b.left)) < 1
  return !runsOn
}

function breakBetween(a: FlowLine, b: FlowLine, pitch: Map<number, number>, gapFactor: number, indents: boolean): Break {
  const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left)
  const sameFlow = a.page === b.page && b.y0 > a.y0 && overlap > 0
  // Sizes estimated from OCR boxes wander by several per cent from line to line: twice the tolerance there.
  const tol = a.sized && b.sized ? SIZE_CHANGE : 2 * SIZE_CHANGE
  const sizeChange = Math.abs(a.fontSize - b.fontSize) > tol * Math.max(a.fontSize, b.fontSize)
  if (!sameFlow) {
    // A column or page turn: the paragraph runs on when its last line is full and unpunctuated and the next line
    // neither starts a list nor opens a new indented paragraph with a capital.
    if (sizeChange || isShort(a, b) || listStart(a, b)) return 'para'
    // A full line ending in a semicolon or colon runs on into a lower-case line: a sentence cut by the page turn
    // (`...dans /etc/nftables.conf ;` | `des outils comme...`). Other final punctuation ends the paragraph.
    // In a document that indents its paragraphs, a line that is not indented carries on the sentence before it
    // even after a full stop: the turn fell between two sentences of one paragraph.
    if (endsWithFinalPunct(a.text) && !(MID_SENTENCE_END.test(a.text) && /^\p{Ll}/u.test(b.text))) return indents && !isIndented(b) ? 'space' : 'para'
    if (endsWithHyphen(a.text) || /^\p{Ll}/u.test(b.text)) return 'space'
    return isIndented(b) ? 'para' : 'space'
  }
  if (sizeChange) return 'para'
  const p = pitch.get(a.page)
  if (p !== undefined && b.y0 - a.y0 > gapFactor * p) return 'para'
  if (listStart(a, b)) return 'para'
  // An indented line opens a paragraph, unless the line before is full, its sentence unfinished and the line starts
  // with no capital (`deb`, `[`, `--force-all`): then the indent is a glyph the layer lacks at the line's start (a
  // guillemet of a bitmap font that maps to nothing). A paragraph ending without punctuation is followed by a capital.
  if (isIndented(b) && !(isIndented(a) && Math.abs(a.x0 - b.x0) < 1) && (endsWithFinalPunct(a.text) || isShort(a, b) || /^\p{Lu}/u.test(b.text))) return 'para'
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
function bodySizeOf(pages: Line[][]): number {
  // Characters per distinct size, then the sizes in order: the crossing does not depend on the order of lines of
  // one size, so this gives what a sort of every line would, sorting only the few distinct sizes.
  const chars = new Map<number, number>()
  let total = 0
  for (const ls of pages) total += tallySizes(ls, chars)
  const sizes = Float64Array.from(chars.keys()).sort()
  let acc = 0
  for (const size of sizes) {
    acc += chars.get(size)!
    if (acc >= total / 2) return size
  }
  return 10 // no text: any size will do
}

/** Adds a page's characters to `chars` by font size; returns the page's characters. */
function tallySizes(ls: Line[], chars: Map<number, number>): number {
  let n = 0
  for (const l of ls) {
    chars.set(l.fontSize, (chars.get(l.fontSize) ?? 0) + l.text.length)
    n += l.text.length
  }
  return n
}

function collectVocabulary(seqs: FlowLine[][]): Vocabulary {
  const v = new Vocabulary()
  for (const seq of seqs) {
    // In runs of lines, a call each (see the note on compilation below).
    let skipFirst = false
    for (let from = 0; from < seq.length; from += LINES_A_CALL) skipFirst = addLines(v, seq, from, Math.min(seq.length, from + LINES_A_CALL), skipFirst)
  }
  return v
}

/** Lines whose tokens are added a call. */
const LINES_A_CALL = 64

/**
 * Adds the tokens of lines `from` to `to` (exclusive) of `seq`; `skipFirst` when the line before ended with a
 * hyphen. Returns whether the last line did.
 */
function addLines(v: Vocabulary, seq: FlowLine[], from: number, to: number, skipFirst: boolean): boolean {
  for (let i = from; i < to; i++) {
    const t = seq[i]!.text
    const endsHyphen = endsWithHyphen(t)
    // Line-end fragments are not words: leave out the hyphenated last token and the next line's first token.
    // Tokens are the pieces between single spaces (as split(' ') gives them).
    if (!skipFirst && !endsHyphen) v.addTokens(t, 0, t.length)
    else {
      const first = t.indexOf(' ')
      const start = skipFirst ? first + 1 : 0
      const end = endsHyphen ? t.lastIndexOf(' ') : t.length
      // A line without a space is one token, a fragment; so are both tokens around a lone space when both go.
      if (first >= 0 && start <= end) v.addTokens(t, start, end)
    }
    skipFirst = endsHyphen
  }
  return skipFirst
}

function kindOf(lines: FlowLine[], text: string, bodySize: number, isLast: boolean): Paragraph['kind'] {
  const first = lines[0]!
  if (LIST_START.test(first.text)) return 'list'
  if (first.fontSize >= (first.sized ? HEADING_SIZE : 1 + 2 * (HEADING_SIZE - 1)) * bodySize) return 'heading'
  // Words are counted only for one- and two-line paragraphs, the only ones that may be headings.
  if (lines.length <= 2 && text.split(/\s+/).length <= HEADING_WORDS && !endsWithFinalPunct(text) && !isLast && isShort(lines[lines.length - 1]!, undefined))
    return 'heading'
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

/**
 * A character at or above U+0300, where combining marks begin: a string without one is already NFC (every character
 * below is its own composition and none combines with its neighbour), and most paragraphs of Latin text have none.
 */
const MAY_COMPOSE = /[^\u0000-\u02ff]/

function clean(s: string): string {
  const t = needsCleaning(s)
    ? s
        .replace(/\u00ad/g, '')
        .replace(/[ \t]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .trim()
    : s
  return MAY_COMPOSE.test(t) ? t.normalize('NFC') : t
}

/** A page's flow in reading order: body lines with their column edges, and its footnotes. */
interface Flow {
  body: FlowLine[]
  /** Index in `body` of each page's first line (pages without body lines included). */
  pageStarts: number[]
  notesByPage: Array<{ page: number; notes: FlowLine[][] }>
  /** Median line pitch of each page that has one. */
  pitch: Map<number, number>
}

// Work over a whole document is cut into calls per page (or per run of paragraphs): V8 compiles a function called
// once with a long loop while that loop runs ("on-stack replacement"), with no feedback for the code before the loop,
// and threw that code away for the next document, compiling it again (tens of ms a document). A function called per
// page is compiled once, as an ordinary call, and stays compiled.

/** Lines of every page, running elements left out (each page's lines in the order the line builder gave them). */
function keptLines(pageLines: Line[][], remove: Set<Line>): Line[][] {
  const kept: Line[][] = []
  for (const ls of pageLines) kept.push(keptOf(ls, remove))
  return kept
}

function keptOf(ls: Line[], remove: Set<Line>): Line[] {
  const k: Line[] = []
  for (const l of ls) if (!remove.has(l)) k.push(l)
  return k
}

/** Puts each page's lines in reading order, splits its footnotes off and gives every line its column's edges. */
function flowOf(kept: Line[][], bodySize: number, footnoteSizeRatio: number): Flow {
  const flow: Flow = { body: [], pageStarts: [], notesByPage: [], pitch: new Map() }
  for (const ls of kept) flowPage(ls, bodySize, footnoteSizeRatio, flow)
  return flow
}

function flowPage(ls: Line[], bodySize: number, footnoteSizeRatio: number, flow: Flow): void {
  const ordered: Line[] = []
  for (const block of readingOrder(ls)) for (const l of block) ordered.push(l)
  // The previous page's last note runs on here when it did not end its sentence.
  const prev = flow.notesByPage[flow.notesByPage.length - 1]
  const lastNote = prev && prev.page === (ls[0]?.page ?? 0) - 1 ? prev.notes[prev.notes.length - 1] : undefined
  const split = splitFootnotes(ordered, bodySize, footnoteSizeRatio, lastNote !== undefined && !endsWithFinalPunct(lastNote[lastNote.length - 1]!.text))
  if (lastNote && split.continued.length) for (const l of withColumns(split.continued)) lastNote.push(l)
  const lines = withColumns(split.body)
  const p = pagePitch(lines)
  if (p !== undefined && lines[0]) flow.pitch.set(lines[0].page, p)
  flow.pageStarts.push(flow.body.length)
  for (const l of lines) flow.body.push(l)
  if (split.notes.length) flow.notesByPage.push({ page: split.notes[0]![0]!.page, notes: split.notes.map((n) => withColumns(n)) })
}

/** What every join of a document shares: its vocabulary and options, the hyphen sites found, the current page. */
interface JoinContext {
  readonly vocab: Vocabulary
  languages: readonly string[]
  documentWords: boolean
  dictionaries: boolean
  sites: HyphenSite[]
  page: number
}

/**
 * The text of a paragraph from its lines and the breaks between them. It is kept as pieces joined once at its end:
 * reading the end of a growing concatenation would copy it at every line. Only a line-end hyphen is resolved on the
 * last piece, which holds everything the join reads (its last characters and last token), or the pieces are joined
 * first.
 */
function renderLines(lines: FlowLine[], breaks: Break[], ctx: JoinContext): string {
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

/** A run of body lines making one paragraph, and the breaks between them. */
interface Group {
  lines: FlowLine[]
  breaks: Break[]
}

/** Body paragraphs over the whole document, so that a paragraph runs on across column and page turns. */
function groupsOf(flow: Flow, paragraphGapFactor: number): Group[] {
  const groups: Group[] = []
  const starts = flow.pageStarts
  const indents = indentsParagraphs(flow.body)
  for (let k = 0; k < starts.length; k++)
    groupRange(flow.body, starts[k]!, k + 1 < starts.length ? starts[k + 1]! : flow.body.length, flow.pitch, paragraphGapFactor, indents, groups)
  return groups
}

/** Adds the lines `from` to `to` (exclusive) of `body` to the paragraph groups, each after its predecessor in `body`. */
function groupRange(
  body: FlowLine[],
  from: number,
  to: number,
  pitch: Map<number, number>,
  paragraphGapFactor: number,
  indents: boolean,
  groups: Group[],
): void {
  for (let i = from; i < to; i++) {
    const l = body[i]!
    const br = i === 0 ? 'para' : breakBetween(body[i - 1]!, l, pitch, paragraphGapFactor, indents)
    if (br === 'para') groups.push({ lines: [l], breaks: [] })
    else {
      const g = groups[groups.length - 1]!
      g.lines.push(l)
      g.breaks.push(br)
    }
  }
}

/** The distinct pages of a paragraph's lines, in order of first appearance. */
function pagesOf(ls: Line[]): number[] {
  const out: number[] = []
  for (const l of ls) if (!out.includes(l.page)) out.push(l.page)
  return out
}

/** The line segments of every page. */
function linesOfPages(pages: readonly PageText[], wordGapFactor: number): Line[][] {
  const out: Line[][] = []
  for (const p of pages) out.push(buildLines(p, wordGapFactor))
  return out
}

function heightsOf(pages: readonly PageText[]): number[] {
  const out: number[] = []
  for (const p of pages) out.push(p.height)
  return out
}

/**
 * Appends the body paragraphs to `out`, and with `notesInPlace` each footnote after the paragraph holding the last
 * body line of its page.
 */
function bodyParagraphs(groups: Group[], ctx: JoinContext, bodySize: number, notesInPlace: Paragraph[] | undefined, out: Paragraph[]): void {
  for (let from = 0; from < groups.length; from += PARAGRAPHS_A_CALL) {
    paragraphRange(groups, from, Math.min(groups.length, from + PARAGRAPHS_A_CALL), ctx, bodySize, notesInPlace, out)
  }
}

/** Paragraphs rendered a call: a page's worth or so (see the note on compilation above). */
const PARAGRAPHS_A_CALL = 16

function paragraphRange(
  groups: Group[],
  from: number,
  to: number,
  ctx: JoinContext,
  bodySize: number,
  notesInPlace: Paragraph[] | undefined,
  out: Paragraph[],
): void {
  for (let gi = from; gi < to; gi++) {
    const g = groups[gi]!
    const text = renderLines(g.lines, g.breaks, ctx)
    if (text) out.push({ text, pages: pagesOf(g.lines), kind: kindOf(g.lines, text, bodySize, gi === groups.length - 1) })
    if (notesInPlace) {
      const lastPage = g.lines[g.lines.length - 1]!.page
      const next = groups[gi + 1]
      const pageEnds = !next || next.lines[0]!.page !== lastPage || g.lines.some((l, k) => k > 0 && l.page !== g.lines[k - 1]!.page)
      if (pageEnds) for (const np of notesInPlace) if (np.pages[0]! <= lastPage && !out.includes(np)) out.push(np)
    }
  }
}

/**
 * Rebuilds a document's continuous text from its pages' positioned items: lines, reading order, running elements,
 * footnotes, paragraphs, hyphens. Does not modify `doc`.
 */
export function rebuildText(doc: DocumentText, o: ResolvedDehyphenOptions): RebuildResult {
  // Each stage is a function of its own, and this one has no loop over lines: V8 compiles a function with a hot
  // loop while it runs, inlining what the loop calls, and a function holding every stage was compiled (and, as
  // documents changed, recompiled) whole, at a cost near that of the post-pass itself.
  // A page OCR read turned or sideways holds its words where they are on the displayed page (columns, or lines
  // upside down): its lines are built on the page as it reads.
  const pages = doc.pages.map(readingPage)
  const pageLines = linesOfPages(pages, o.wordGapFactor)
  const running = findRunningElements(pageLines, heightsOf(pages), o.bandSize, o.headerSimilarity)
  const kept = keptLines(pageLines, running.remove)
  const bodySize = bodySizeOf(kept)
  const flow = flowOf(kept, bodySize, o.footnoteSizeRatio)
  const { body: bodyFlow, notesByPage } = flow
  const sites: HyphenSite[] = []
  // One context for every join, its page set per line (not an object per line). The vocabulary is read only at a
  // line-end hyphen: it is collected at the first one, and a document without any (most ragged-right office
  // documents) never pays for it.
  let vocab: Vocabulary | undefined
  const ctx: JoinContext = {
    get vocab() {
      return (vocab ??= collectVocabulary([bodyFlow, ...notesByPage.flatMap((n) => n.notes)]))
    },
    languages: o.languages,
    documentWords: o.documentWords,
    dictionaries: o.dictionaries,
    sites,
    page: 0,
  }
  const groups = groupsOf(flow, o.paragraphGapFactor)
  const paragraphs: Paragraph[] = []
  if (o.headerFooter === 'keep-once') for (const h of running.headers) paragraphs.push({ text: clean(h.text), pages: h.pages, kind: 'header' })
  const noteParas = notesByPage.flatMap((n) =>
    n.notes.map((ls): Paragraph => ({
      text: renderLines(
        ls,
        ls.slice(1).map(() => 'space'),
        ctx,
      ),
      pages: [n.page],
      kind: 'footnote',
    })),
  )
  bodyParagraphs(groups, ctx, bodySize, o.footnotes === 'keep' ? noteParas : undefined, paragraphs)
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
  // Every paragraph is NFC already (clean normalises each) and a newline composes with nothing: the join is NFC too.
  return { paragraphs, text: paragraphs.map((p) => p.text).join('\n\n'), sites, notes }
}
