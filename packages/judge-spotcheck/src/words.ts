// The words the spot-check compares: a page's invisible (OCR) layer split into words with boxes and comparison keys.
import type { BBox, FontInfo, PageText } from '@pdftriage/core'

/** A word with its box in page points and its comparison key. */
export interface Word {
  /** The word as written. */
  text: string
  /** Lower-cased, NFKC, letters and digits only; '' when the word is not comparable (fewer than 2 letters). */
  key: string
  bbox: BBox
}

/** Letters a word needs to be compared: one-letter tokens are mostly punctuation debris and elisions. */
const MIN_LETTERS = 2

/** The comparison key of a token: lower-case, NFKC (ligatures unfolded), punctuation stripped; '' when not comparable. */
export function wordKey(token: string): string {
  const k = token
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
  const letters = k.match(/\p{L}/gu)?.length ?? 0
  return letters >= MIN_LETTERS ? k.normalize('NFC') : ''
}

/**
 * Splits items into words. An item holding several words (a line-level layer) gives each word a share of the item's
 * width proportional to its characters: the box is an estimate, good enough to place the word in a band of lines.
 */
export function splitWords(items: PageText['items']): Word[] {
  const out: Word[] = []
  for (const it of items) {
    const text = it.text
    const n = text.length
    if (n === 0) continue
    const w = it.bbox.x1 - it.bbox.x0
    for (const m of text.matchAll(/\S+/gu)) {
      const a = m.index
      const b = a + m[0].length
      out.push({
        text: m[0],
        key: wordKey(m[0]),
        bbox: { x0: it.bbox.x0 + (w * a) / n, y0: it.bbox.y0, x1: it.bbox.x0 + (w * b) / n, y1: it.bbox.y1 },
      })
    }
  }
  return out
}

/** A font that draws nothing: reported `invisible`, or tesseract's GlyphLessFont. */
const isInvisibleFont = (f: FontInfo): boolean => f.invisible === true || /GlyphLess/i.test(f.name ?? '')

/**
 * Whether any font of the page draws nothing: without one, {@link ocrLayer} finds no invisible text (asked per font,
 * where ocrLayer measures every item).
 */
export const hasInvisibleFont = (page: PageText): boolean => Object.values(page.fonts ?? {}).some(isInvisibleFont)

/** The OCR layer of a page as the judge sees it. */
export interface OcrLayer {
  /** Words set in invisible fonts. */
  words: Word[]
  /** Share of the page's non-space characters set in invisible fonts. */
  invisibleShare: number
}

/**
 * The invisible text of a page (fonts the extractor reports `invisible`, or named GlyphLessFont). Returns `undefined`
 * when the page has no font information (cannot tell) or no non-space characters.
 */
export function ocrLayer(page: PageText): OcrLayer | undefined {
  const fonts = page.fonts
  if (!fonts) return undefined
  const invisible = (id: string | undefined): boolean => {
    const f = id === undefined ? undefined : fonts[id]
    return f !== undefined && isInvisibleFont(f)
  }
  let all = 0
  let inv = 0
  const items: PageText['items'] = []
  for (const it of page.items) {
    const c = it.text.replace(/\s/g, '').length
    all += c
    if (invisible(it.fontId)) {
      inv += c
      items.push(it)
    }
  }
  if (all === 0) return undefined
  return { words: splitWords(items), invisibleShare: inv / all }
}
