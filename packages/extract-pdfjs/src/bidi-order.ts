// Right-to-left text put in logical order: pages draw Hebrew and Arabic in visual order, so each line holding such
// letters is reordered by the Unicode bidirectional algorithm (bidi-js).
import bidiModule, { type Bidi } from 'bidi-js'
import type { PdfjsTextItem } from './page-text.js'

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko... and their presentation forms). */
export const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u
const LETTER_G = /\p{L}/gu
/** A letter of a left-to-right script, or a run of anything else; the pieces of a glyph's text for {@link rtlSpans}. */
const LTR_OR_OTHER_G = /\p{L}|[^\p{L}]+/gu

/**
 * Where a glyph standing for several characters holds right-to-left text, as [start, end) offsets: the stretches of
 * its text between letters of other scripts that hold a right-to-left letter, without the spaces at their ends. Such a stretch is in logical order
 * already and moves whole; a left-to-right letter beside it (a file mapping one glyph to "حَبيبي h") is placed by the
 * bidirectional algorithm like any other.
 */
export function rtlSpans(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = []
  let start = -1
  let hasRtl = false
  let at = 0
  const close = (end: number) => {
    // spaces at its ends are left to the algorithm too, so that they fall between the words they part
    while (start >= 0 && start < end && /\s/.test(text[start]!)) start++
    while (start >= 0 && end > start && /\s/.test(text[end - 1]!)) end--
    if (start >= 0 && hasRtl && end - start > 1) out.push([start, end])
    start = -1
    hasRtl = false
  }
  for (const m of text.matchAll(LTR_OR_OTHER_G)) {
    const piece = m[0]
    const ltrLetter = /^\p{L}$/u.test(piece) && !RTL.test(piece)
    if (ltrLetter) close(at)
    else {
      if (start < 0) start = at
      if (RTL.test(piece)) hasRtl = true
    }
    at += piece.length
  }
  close(at)
  return out
}
const MARK = /\p{M}/u

// bidi-js is CommonJS whose types declare an ES default export: Node hands the factory over as the module itself.
const bidiFactory = (bidiModule as unknown as { default?: () => Bidi }).default ?? (bidiModule as unknown as () => Bidi)
let bidi: Bidi | undefined

/**
 * Text items of a page in logical order: a page draws right-to-left text in visual order (the glyph at the left
 * first), so its runs read backwards ("ةغلب" for "بلغة"). Each line holding right-to-left letters is put in visual
 * order by position (some producers draw glyph by glyph leftwards, in logical order already), then reordered by the
 * Unicode bidirectional algorithm (bidi-js: levels, reordering, mirrored brackets), the paragraph direction being
 * that of most of its letters. A letter and the marks drawn after it move as one, so marks stay after their letter.
 * Lines without right-to-left letters are returned as they are.
 */
export function logicalOrder(items: PdfjsTextItem[]): PdfjsTextItem[] {
  if (!items.some((i) => RTL.test(i.str))) return items
  const out: PdfjsTextItem[] = []
  let start = 0
  for (let i = 0; i < items.length; i++) {
    if (!items[i]!.hasEOL && i < items.length - 1) continue
    const line = items.slice(start, i + 1)
    start = i + 1
    if (line.some((it) => RTL.test(it.str))) out.push(...reorderLine(line))
    else out.push(...line)
  }
  return out
}

function reorderLine(line: PdfjsTextItem[]): PdfjsTextItem[] {
  bidi ??= bidiFactory()
  const eol = line[line.length - 1]!.hasEOL
  // Visual order: by where each run starts along the line's baseline (a stable sort keeps runs drawn in place).
  const [a = 1, b = 0] = line[0]!.transform
  const len = Math.hypot(a, b) || 1
  const key = (it: PdfjsTextItem) => ((it.transform[4] ?? 0) * a + (it.transform[5] ?? 0) * b) / len
  const sorted = line
    .map((it, k) => ({ it, k, x: key(it) }))
    .sort((p, q) => p.x - q.x || p.k - q.k)
    .map((p) => p.it)
  let visual = ''
  const itemOf: number[] = []
  const atoms: Array<[number, number]> = []
  sorted.forEach((it, k) => {
    for (let j = 0; j < it.str.length; j++) itemOf.push(k)
    for (const [s, e] of it.atoms ?? []) atoms.push([visual.length + s, visual.length + e])
    visual += it.str
  })
  // Paragraph direction: right-to-left when most letters are (marks not counted; a tie reads left to right).
  const letters = visual.match(LETTER_G) ?? []
  const rtl = letters.filter((c) => RTL.test(c)).length
  const levels = bidi.getEmbeddingLevels(visual, rtl * 2 > letters.length ? 'rtl' : 'ltr')
  // Units: a character (a surrogate pair whole) and the marks after it, or a glyph standing for several characters
  // (already in logical order), all at the level of their first character.
  const unitOf = new Int32Array(visual.length)
  let unit = -1
  let atom = 0
  for (let j = 0; j < visual.length; j++) {
    while (atom < atoms.length && atoms[atom]![1] <= j) atom++
    const inAtom = atom < atoms.length && atoms[atom]![0] < j
    const c = visual.charCodeAt(j)
    const low = c >= 0xdc00 && c <= 0xdfff && j > 0
    if (j === 0 || !(inAtom || low || MARK.test(visual[j]!))) unit = j
    unitOf[j] = unit
    levels.levels[j] = levels.levels[unit]!
  }
  const order = Array.from({ length: visual.length }, (_, j) => j)
  for (const [s = 0, e = -1] of bidi.getReorderSegments(visual, levels)) {
    const part = order.slice(s, e + 1).reverse()
    order.splice(s, part.length, ...part)
  }
  const mirrored = bidi.getMirroredCharactersMap(visual, levels.levels)
  const out: PdfjsTextItem[] = []
  let current: PdfjsTextItem | undefined
  let currentItem = -1
  const seen = new Uint8Array(visual.length)
  for (const j of order) {
    const u = unitOf[j]!
    if (seen[u]) continue
    seen[u] = 1
    let end = u + 1
    while (end < visual.length && unitOf[end] === u) end++
    const text = end === u + 1 ? (mirrored.get(u) ?? visual[u]!) : visual.slice(u, end)
    if (itemOf[u] !== currentItem || !current) {
      currentItem = itemOf[u]!
      current = { ...sorted[currentItem]!, str: '', hasEOL: false }
      out.push(current)
    }
    current.str += text
  }
  if (out.length) out[out.length - 1]!.hasEOL = eol
  return out
}
