// Text of a page from its items: non-space counts, lines of items, joining items into text and rejoining it when
// their texts change, bands removed, and the accents fonts draw as glyphs of their own.
import type { PageText, TextItem } from './types.js'

/** Count of characters that are not white space (the unit of every page-size threshold). */
export function nonSpaceCount(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    // space, tab, LF, VT, FF, CR, NBSP; surrogate pairs count twice, which is immaterial for thresholds in the hundreds
    if (c !== 32 && (c < 9 || c > 13) && c !== 160) n++
  }
  return n
}

/** The lines of items in reading order: runs up to one with `hasEol` (indices into `items`). */
export function itemLines(items: readonly TextItem[]): number[][] {
  const lines: number[][] = []
  let cur: number[] = []
  items.forEach((it, i) => {
    cur.push(i)
    if (it.hasEol) {
      lines.push(cur)
      cur = []
    }
  })
  if (cur.length) lines.push(cur)
  return lines
}

/**
 * Joins items in the order given into page text: an item ending a line (`hasEol`) is followed by a newline, others
 * by a space unless one is already there. The result is NFC.
 */
export function joinItems(items: readonly TextItem[]): string {
  let out = ''
  for (const it of items) {
    out += it.text
    if (it.hasEol) out += '\n'
    else if (it.text && !/\s$/.test(it.text)) out += ' '
  }
  return out
    .replace(/[ \t]+\n/g, '\n')
    .trim()
    .normalize('NFC')
}

/** Blanks and NUL: what an extractor's page text may change or drop of a run's own text. */
const BLANK = /[\s\0]/u
const BLANK_ONLY = /^[\s\0]*$/u

/**
 * Finds the runs of a page in its text in order, on their other characters only: an extractor collapses blanks
 * before line ends and runs of empty lines, which a false map's tabs, line feeds and NULs fall into.
 */
export class TextAligner {
  private sk = ''
  /** For each unit of `sk`, its offset in the text. */
  private readonly off: number[] = []
  private cur = 0
  private end = 0

  constructor(private readonly text: string) {
    let i = 0
    for (const ch of text) {
      if (!BLANK.test(ch)) {
        this.sk += ch
        for (let k = 0; k < ch.length; k++) this.off.push(i + k)
      }
      i += ch.length
    }
  }

  /** The text between the run placed last and `run`; undefined when `run` is not found after it. */
  place(run: string): string | undefined {
    const s = run.replace(/[\s\0]+/gu, '')
    if (!s) return ''
    const at = this.sk.indexOf(s, this.cur)
    if (at < 0) return undefined
    const gap = this.text.slice(this.end, this.off[at])
    this.cur = at + s.length
    this.end = this.off[this.cur - 1]! + 1
    return gap
  }

  /** The text after the run placed last. */
  rest(): string {
    return this.text.slice(this.end)
  }
}

/**
 * The text of `page` with its items' texts replaced by `items`' (one for one, same order, blanks where the page's
 * items have them), between the page's own separators: what an extractor put between two runs (a space item, nothing
 * for a font change inside a word, a line end) was read from the runs' places, and stays true when their characters
 * are read anew, where {@link joinItems} puts a space between any two runs. {@link joinItems} when the page's items
 * cannot all be found in its text in order.
 */
export function rejoinItems(page: PageText, items: readonly TextItem[]): string {
  if (items.length !== page.items.length) return joinItems(items)
  const aligner = new TextAligner(page.text)
  let out = ''
  for (let i = 0; i < items.length; i++) {
    const was = page.items[i]!.text
    const now = items[i]!.text
    const gap = aligner.place(was)
    if (gap === undefined || !BLANK_ONLY.test(gap) || now.length !== was.length) return joinItems(items)
    // the run's own leading and trailing blanks are in the gaps as the extractor tidied them
    const lead = /^[\s\0]*/u.exec(was)![0].length
    const trail = lead === was.length ? 0 : /[\s\0]*$/u.exec(was)![0].length
    const body = now.slice(lead, now.length - trail)
    if (!BLANK_ONLY.test(now.slice(0, lead) + now.slice(now.length - trail))) return joinItems(items)
    out += gap + body
  }
  const rest = aligner.rest()
  return BLANK_ONLY.test(rest) ? (out + rest).trim().normalize('NFC') : joinItems(items)
}

/**
 * The page without the items whose box lies in the top or bottom band (shares 0..1 of the page height), text rebuilt.
 * Used by stamp rules, so that a transmission stamp does not count as the page's layer.
 */
export function withoutBands(page: PageText, top: number, bottom: number): PageText {
  if (top <= 0 && bottom <= 0) return page
  const yTop = page.height * top
  const yBottom = page.height * (1 - bottom)
  const items = page.items.filter((i) => i.bbox.y0 >= yTop && i.bbox.y1 <= yBottom)
  return { ...page, items, text: joinItems(items) }
}

/** An empty page of the given size: what a skipped or unreadable page keeps. */
export function emptyPage(pageNumber: number, width = 0, height = 0, source: PageText['source'] = 'text-layer'): PageText {
  return { pageNumber, width, height, items: [], text: '', source }
}

/**
 * Spacing accents as fonts draw them over a letter (TeX's \\accent, some word processors) and the combining marks they
 * stand for: the extractor puts such an accent after its letter as this mark, and a repair of a false map does the same.
 */
export const SPACING_ACCENTS: Readonly<Record<string, string>> = {
  '`': '\u0300',
  '\u00b4': '\u0301',
  '^': '\u0302',
  '\u02c6': '\u0302',
  '~': '\u0303',
  '\u02dc': '\u0303',
  '\u00af': '\u0304',
  '\u02c9': '\u0304',
  '\u02d8': '\u0306',
  '\u02d9': '\u0307',
  '\u00a8': '\u0308',
  '\u02da': '\u030a',
  '\u02dd': '\u030b',
  '\u02c7': '\u030c',
  '\u00b8': '\u0327',
  '\u02db': '\u0328',
}

/** {@link SPACING_ACCENTS} by character code: looked up once a glyph by the extractor, where a string key made a tenth of its walk. */
const ACCENT_AT: Array<string | undefined> = []
for (const [k, v] of Object.entries(SPACING_ACCENTS)) ACCENT_AT[k.charCodeAt(0)] = v

/**
 * The combining mark a glyph's text stands for when the glyph is an accent: a spacing accent of
 * {@link SPACING_ACCENTS}, or a combining mark drawn apart from its letter (placed the same way); else `undefined`.
 */
export function accentMark(t: string): string | undefined {
  if (t.length !== 1) return undefined
  const c = t.charCodeAt(0)
  return c >= 0x300 && c <= 0x36f ? t : ACCENT_AT[c]
}

/** TeX puts accents over a dotless i or j (\\'\\i): with its accent the letter is i or j. */
export const dotless = (u: string): string => (u === '\u0131' ? 'i' : u === '\u0237' ? 'j' : u)

/** One letter or digit with its marks (what a word's letters set apart are). */
const ALNUM = /^[\p{L}\p{N}]\p{M}*$/u

/** Whether a glyph's text `t` is one letter or digit (with its marks); ASCII is answered without the pattern, as it runs per glyph. */
export function isLetterOrDigit(t: string): boolean {
  if (t.length === 1) {
    const c = t.charCodeAt(0)
    if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
  }
  return ALNUM.test(t)
}

/**
 * Letters set apart to justify a line, each placed by itself with no space glyph (a Czech newsletter in PDFBox's test
 * files: `k o m u n i k u j e`, `V Č e sk u s e` for "V Česku se"), read as letters with a space between each. A line
 * is looked at again when at least `LETTERED_SPACES` of its steps from a letter or digit to another put a space and
 * they are at least `LETTERED_SHARE` of those steps (one-letter words: a line of prose has five or so letters a
 * space). Other steps are not asked: TeX's leader dots (`\newcount . . . . 2, 3`) are signs set apart, and the space
 * after a comma stays.
 */
const LETTERED_SPACES = 3
const LETTERED_SHARE = 0.5
/**
 * And when those steps are at least this share of all the line's steps: a line of signs and symbols (a formula, a
 * layer whose map reads letters as `¼»­ ´¿²¹«»­`) has few, and its spaces say nothing of letters set apart.
 */
const LETTERED_COUNTED = 0.5

/**
 * Whether a line may be one of letters set apart, from its forward steps between glyphs: `spaced` steps from a letter
 * or digit to another that put a space, `counted` such steps in all, `all` steps. The extractor asks it of the text
 * the layer gives; a repair that changes the letters asks it again of the letters it reads (a formula `a = b + c`
 * whose false map read every sign as a letter looked set apart, and lost its spaces).
 */
export function mayBeLettered(spaced: number, counted: number, all: number): boolean {
  return spaced >= LETTERED_SPACES && spaced >= LETTERED_SHARE * counted && counted >= LETTERED_COUNTED * all
}

/** Whether Unicode names `name` a script, as `\\p{Script=...}` takes it (`Cyrillic`, `Han`; not `Japanese`). */
export function isUnicodeScript(name: string): boolean {
  if (!/^[A-Za-z_]+$/.test(name)) return false
  try {
    new RegExp(`\\p{Script=${name}}`, 'u')
    return true
  } catch {
    return false
  }
}

/**
 * Share of `text`'s letters written in one of `scripts` (Unicode script names); `undefined` without letters or for a
 * name Unicode does not know. What a judge compares a layer with the script an image shows.
 */
export function shareInScripts(text: string, scripts: readonly string[]): number | undefined {
  const letters = text.match(/\p{L}/gu) ?? []
  if (!letters.length || !scripts.every(isUnicodeScript)) return undefined
  const re = new RegExp(`^(?:${scripts.map((s) => `\\p{Script=${s}}`).join('|')})$`, 'u')
  return letters.filter((c) => re.test(c)).length / letters.length
}
