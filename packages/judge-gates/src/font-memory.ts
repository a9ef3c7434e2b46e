// What the page image has said of each font, remembered for the rest of the document, so that a font the image
// settled once is not looked at again on every page that uses it.
import { fmtBox, type BBox, type JudgeContext, type PageText, type Verdict } from '@pdftriage/core'
import { f2 } from './damage.js'
import { imageCheckOf } from './judge-page.js'
import type { ResolvedGatesOptions } from './options.js'
import { fontStats } from './font-damage.js'
import { decide, noteBefore } from './verdict-notes.js'

/** What the page image said of one font of the document, and where. */
export interface FontRecord {
  /** True: the image does not show what the layer says in this font; false: it shows it. */
  broken: boolean
  /** The page whose look settled it. */
  page: number
  label: string
  /**
   * The font's text on that page carried characters no text carries ({@link hasJunk}): the map failed there on glyphs
   * that extract as junk, which says nothing of its glyphs that extract as text (a font whose Latin label reads while
   * its Ethiopic glyphs extract as control codes).
   */
  junk: boolean
}

/** Per document: the fonts the image settled, the looks the gates spent, and the pages waiting for a second word. */
export interface DocumentLooks {
  /** By {@link fontKey}. */
  fonts: Map<string, FontRecord>
  /** Fonts put to the image for their own damage (by {@link fontKey}), with the page asked: what `fontVerifications` bounds. */
  asked: Map<string, number>
  /** Looks (OCR of a region) the gates made in the document. */
  looks: number
  /** Pages kept while a font of theirs was not yet settled, by page: their verdict and the broken fonts known then. */
  waiting: Map<number, { v: Verdict; broken: number }>
}

/** Keyed on the document's info object (one per open document), as the gates' other per-document state. */
const documents = new WeakMap<object, DocumentLooks>()

/** The document's record of looks and fonts, created on first use. */
export function documentLooks(ctx: JudgeContext): DocumentLooks {
  let d = documents.get(ctx.info)
  if (!d) documents.set(ctx.info, (d = { fonts: new Map(), asked: new Map(), looks: 0, waiting: new Map() }))
  return d
}

/**
 * A font's identity across the document's pages: the extractor's id (pdf.js names a font object once per document,
 * `g_d0_f3`, on every page that uses it) with the font's name, so that an id given to another font is another font.
 */
export const fontKey = (page: PageText, fontId: string): string => `${fontId}\n${page.fonts?.[fontId]?.name ?? ''}`

/** A font as notes name it: its name and id, or its id. */
export const fontLabel = (page: PageText, fontId: string): string => {
  const name = page.fonts?.[fontId]?.name
  return name ? `${name} (${fontId})` : fontId
}

/**
 * What the document's memory holds of a font of this page, or `undefined`. Only of a text layer as the file gives it: a
 * repaired page's text is the repair's, not what the font's map says (a font whose map the image showed false reads
 * once a repair has mapped it anew).
 */
export const recalled = (page: PageText, fontId: string, ctx: JudgeContext): FontRecord | undefined =>
  page.source === 'text-layer' ? documents.get(ctx.info)?.fonts.get(fontKey(page, fontId)) : undefined

/**
 * Records what a look on `page` found of a font. The first word stands: a later look at the same font (pages judged at
 * once may both look) does not overturn it. Returns true when the font was not yet settled.
 */
export function remember(page: PageText, fontId: string, broken: boolean, ctx: JudgeContext): boolean {
  if (page.source !== 'text-layer') return false // a repair's text says nothing of the font's own map
  const d = documentLooks(ctx)
  const k = fontKey(page, fontId)
  if (d.fonts.has(k)) return false
  const text = page.items
    .filter((i) => i.fontId === fontId)
    .map((i) => i.text)
    .join(' ')
  d.fonts.set(k, { broken, page: page.pageNumber, label: fontLabel(page, fontId), junk: hasJunk(text) })
  return true
}

/** How the memory names a settled font in notes. */
export const fromMemory = (r: FontRecord): string =>
  `font ${r.label} ${r.broken ? 'broken' : 'confirmed'} by the image on page ${r.page} (the document's memory, no new look)`

/** One font's share of a page: its items with text, their box, and its characters. */
export interface PageFont {
  fontId: string
  items: PageText['items']
  box: BBox
  text: string
}

/** The page's fonts that set text (white space alone does not count), in the order they first appear. */
export function pageFonts(page: PageText): PageFont[] {
  const out = new Map<string, PageFont>()
  for (const it of page.items) {
    if (it.fontId === undefined || it.text.trim() === '') continue
    const f = out.get(it.fontId)
    if (!f) out.set(it.fontId, { fontId: it.fontId, items: [it], box: { ...it.bbox }, text: it.text })
    else {
      f.items.push(it)
      f.box = { x0: Math.min(f.box.x0, it.bbox.x0), y0: Math.min(f.box.y0, it.bbox.y0), x1: Math.max(f.box.x1, it.bbox.x1), y1: Math.max(f.box.y1, it.bbox.y1) }
      f.text += ` ${it.text}`
    }
  }
  return [...out.values()]
}

/**
 * Characters no genuine text carries (C0 controls but white space, DEL, U+FFFD, private-use and unassigned code
 * points): damage the page's own statistics state, which no memory of a font may overrule.
 */
export const hasJunk = (text: string): boolean => /[\p{Cc}\p{Co}\p{Cn}\uFFFD]/u.test(text.replace(/[\t\n\r]/g, ''))

/** A font's box with a margin of 2 points (tesseract misreads a glyph cut at the crop's edge), inside the page. */
export const padBox = (b: BBox, page: PageText): BBox => ({
  x0: Math.max(0, b.x0 - 2),
  y0: Math.max(0, b.y0 - 2),
  x1: Math.min(page.width, b.x1 + 2),
  y1: Math.min(page.height, b.y1 + 2),
})

/**
 * The verdict of the gates' characters (`v`, on `judged`: the page as the gates judge it) once the document's memory of
 * its fonts has spoken, or `undefined` when it has nothing to say. No look is made:
 * - a `garbled` verdict the image should settle ({@link imageCheckOf}) whose font (or, for the page's, a font carrying
 *   the page) the image showed broken stands, not put to the image again; one whose fonts the image all confirmed
 *   reads, as the look would have said, unless its damage is letters alone on their lines (the layout's, not the
 *   font's) or the text carries characters no text carries (`hasJunk`);
 * - a page that reads holding a font the image showed broken (unless the font extracted as junk there and does not
 *   here): `garbled` when the font carries the page
 *   (`fontMinChars` and `fontMinShare`, as a font the characters judge), else the font's box is OCRed (`regions`), as a
 *   font the characters find broken, whatever its share.
 * `fonts`: the page's fonts ({@link pageFonts}), when the caller has them.
 */
export function recallFonts(
  judged: PageText,
  pageChars: number,
  v: Verdict,
  o: ResolvedGatesOptions,
  ctx: JudgeContext,
  fonts: PageFont[] = pageFonts(judged),
): Verdict | undefined {
  const recalledFonts = fonts.map((f) => ({ f, r: recalled(judged, f.fontId, ctx) }))
  // Most pages hold no font the memory knows: their fonts are not counted
  if (!recalledFonts.some((k) => k.r)) return undefined
  const known = recalledFonts.map((k) => ({ ...k, chars: fontStats(k.f.text).judged }))
  const carries = (chars: number) => chars >= o.fontMinChars && chars / Math.max(1, pageChars) >= o.fontMinShare
  const last = v.notes.at(-1)!
  const check = v.layer === 'garbled' ? imageCheckOf(v) : undefined
  if (check) {
    const asked = check.font ? known.filter((k) => k.f.fontId === check.font!.id) : known
    const broken = asked.find((k) => k.r?.broken && (check.font || asked.length === 1 || carries(k.chars)))
    if (broken) return noteBefore(v, `${fromMemory(broken.r!)}: not put to the image again`)
    const text = asked.map((k) => k.f.text).join(' ')
    if (asked.length && asked.every((k) => k.r && !k.r.broken) && !check.lone && !hasJunk(text)) {
      return decide(v, 'healthy', false, [
        ...asked.map((k) => fromMemory(k.r!)),
        `healthy: ${last.replace(/^garbled: /, '')}, but the image showed ${asked.length === 1 ? "this font's text" : "these fonts' text"} on an earlier page: text of few letters, not damage`,
      ])
    }
    return undefined
  }
  if (v.needsOcr) return undefined
  // A font condemned where it extracted as junk is not condemned where its text here has none.
  const broken = known.filter((k) => k.r?.broken && k.chars > 0 && !(k.r.junk && !hasJunk(k.f.text)))
  if (!broken.length) return undefined
  const decisive = broken.find((k) => carries(k.chars))
  if (decisive) {
    const share = decisive.chars / Math.max(1, pageChars)
    const out = decide(
      v,
      'garbled',
      true,
      [
        fromMemory(decisive.r!),
        `garbled: font ${decisive.r!.label} carries ${f2(share)} of the page, and the image showed on page ${decisive.r!.page} that its text is not what the page shows`,
      ],
      share,
      o.fontMinShare,
    )
    delete out.regions
    delete out.brokenFonts
    return out
  }
  const regions = [...(v.regions ?? [])]
  const brokenFonts = new Set(v.brokenFonts)
  const notes: string[] = []
  for (const k of broken) {
    const box = padBox(k.f.box, judged)
    // The characters may have found the font broken on this page too, and set its region already.
    if (!regions.some((r) => r.x0 <= box.x0 + 1 && r.y0 <= box.y0 + 1 && r.x1 >= box.x1 - 1 && r.y1 >= box.y1 - 1)) regions.push(box)
    brokenFonts.add(k.f.fontId)
    notes.push(`${fromMemory(k.r!)}: it carries ${f2(k.chars / Math.max(1, pageChars))} of the page, its region ${fmtBox(box)} is OCRed`)
  }
  return { ...noteBefore(v, ...notes), regions, brokenFonts: [...brokenFonts] }
}
