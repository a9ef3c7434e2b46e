// The gates font by font: a broken font beside healthy text passes page-level statistics, so each font large enough
// is judged on its own characters; fonts that draw pictures (rules, music, dingbats) are left out.
import type { BBox, FontInfo, PageText } from '@pdftriage/core'
import { findDamage, findExtremeDamage, f2, statsNote, type Damage } from './damage.js'
import type { ResolvedGatesOptions } from './options.js'
import { countStats, type PageStats } from '@pdftriage/text-stats'

/** Font texts counted lately, by text: the gates count a font's text for its damage, then again for a look or the memory. */
const counted = new Map<string, PageStats>()
/** More than a page has fonts: the pages of the 312-page French manual set their text in 2 to 11 (median 6). */
const COUNTED_KEPT = 16

/**
 * {@link countStats} of a font's text, counted once for the page: the damage gates and the image probe ask it of the
 * same texts (the result is shared: not to be changed).
 */
export function fontStats(text: string): PageStats {
  let s = counted.get(text)
  if (s === undefined) {
    if (counted.size >= COUNTED_KEPT) counted.delete(counted.keys().next().value as string)
    counted.set(text, (s = countStats(text)))
  }
  return s
}

/** A font of the page whose own characters fail a damage gate. */
export interface FontDamage extends Damage {
  fontId: string
  /** The font's name when the extractor knows it, else its id. */
  label: string
  chars: number
  /** Share of the page's non-space characters set in this font. */
  share: number
  /** The font's statistics, as a note. */
  stats: string
  /**
   * False for a font under `fontMinShare`/`fontMinChars` found broken by its controls: seen and recorded (with its
   * box, for OCR of that region), but not the page's verdict. The labels follow the mixed-page convention: a minor part
   * of junk does not send a page to OCR, whose errors would then spread over the text that reads.
   */
  decisive: boolean
  /** Box of the font's items, in page points. */
  box: BBox
}

/**
 * Fonts that draw pictures, not text: LaTeX's picture-mode line and circle fonts, math extension and symbol fonts,
 * dingbats, and music fonts (LilyPond's Emmentaler and feta, Finale's Maestro and Petrucci, SMuFL's Bravura and
 * Petaluma, Sibelius's Opus, MusiXTeX's musix; not their companion text fonts, `...Text`). Their codes map to nothing
 * textual by design (LINE10 and Emmentaler extract as control characters, Maestro as letters: `SSS hhh`), so
 * judging them says nothing of the layer: lshort-fr's picture page was called garbled for its LINE10 segments (0.24 of
 * the page), and 9 score pages of LilyPond's French manuals for their notes, while their text read. Subset prefixes
 * (`WYPCOR+`) are allowed.
 */
export const PICTURE_FONT =
  /^(?:[A-Z]{6}\+)?(?:LINEW?10|LCIRCLEW?10|CMEX\d+|MSAM\d+|MSBM\d+|WASY\w*|ZapfDingbats|\w*Dingbats|Wingdings\w*|Webdings|Symbol\w*|MT-?Extra|(?:Finale)?(?:Emmentaler|feta|parmesan|Maestro|Petrucci|Engraver|Bravura|Petaluma|Leland|Gootville|Gonville|LilyJAZZ|MuseJazz|Opus|Reprise|Inkpen2|Helsinki|Norfolk|Sonata|MusiSync|Toccata|musix)(?![\w-]*Text)[\w-]*)$/i

/** Ids of the page's picture fonts ({@link PICTURE_FONT}), by name: a test a font, not an item. */
function pictureFontIds(page: PageText): Set<string> {
  const out = new Set<string>()
  for (const [id, f] of Object.entries(page.fonts ?? {})) if (f.name && PICTURE_FONT.test(f.name)) out.add(id)
  return out
}

/**
 * The page as its text is judged: the items of picture fonts left out when other text is there (a page of picture
 * fonts alone is judged as it is). The rest is joined as the extractor places it: a line end after an item that ends
 * a line, a space where a gap of JOIN_GAP em or more parts two items, nothing where one font gives way to another
 * inside a word (the lowered A of a LaTeX logo).
 */
export function textOfJudged(page: PageText): PageText {
  const pictures = pictureFontIds(page)
  if (pictures.size === 0) return page
  const rest = page.items.filter((it) => it.fontId === undefined || !pictures.has(it.fontId))
  if (rest.length === page.items.length) return page
  if (!rest.some((it) => /\S/u.test(it.text))) return page
  let text = ''
  for (let i = 0; i < rest.length; i++) {
    const it = rest[i]!
    text += it.text
    const next = rest[i + 1]
    if (!next) break
    const em = it.fontSize || 1
    // A line end, or one of the left-out items' line ends: the next item stands on another line.
    if (it.hasEol || Math.abs(next.bbox.y1 - it.bbox.y1) > 0.5 * em) text += '\n'
    else if (!/\s$/u.test(it.text) && next.bbox.x0 - it.bbox.x1 >= JOIN_GAP * em) text += ' '
  }
  return { ...page, items: rest, text: text.normalize('NFC') }
}
/** A gap between two items that reads as a word space: a fifth of an em (spaces run 0.25-0.33 em, kerns under 0.1). */
const JOIN_GAP = 0.2

/**
 * Judges each font that carries a significant share of the page on its own: one broken font diluted by healthy fonts
 * beside it passes page-level statistics (pdf-inspector's known failure); a smaller font is judged on its controls
 * (not decisive: see `FontDamage.decisive`). Returns the damaged fonts, decisive ones first, then largest first; empty
 * when none is damaged or none is large enough to judge.
 */
export function damagedFonts(page: PageText, pageChars: number, o: ResolvedGatesOptions): FontDamage[] {
  if (pageChars === 0) return []
  const byFont = new Map<string, string[]>()
  const boxes = new Map<string, BBox>()
  for (const it of page.items) {
    if (it.fontId === undefined) continue
    let a = byFont.get(it.fontId)
    if (!a) byFont.set(it.fontId, (a = []))
    a.push(it.text)
    const b = boxes.get(it.fontId)
    boxes.set(
      it.fontId,
      b ? { x0: Math.min(b.x0, it.bbox.x0), y0: Math.min(b.y0, it.bbox.y0), x1: Math.max(b.x1, it.bbox.x1), y1: Math.max(b.y1, it.bbox.y1) } : { ...it.bbox },
    )
  }
  if (byFont.size < 2) return [] // one font: the page statistics are the font's
  const out: FontDamage[] = []
  for (const [fontId, texts] of byFont) {
    const s = fontStats(texts.join(' '))
    // Size and share count the characters the shares are taken over: leaders are layout, and a font that sets only
    // the dots of a table of contents (TeX's math italic does) has nothing to judge (a 312-page French manual had 32
    // table-of-contents and index pages flagged before this).
    const chars = s.judged
    const share = chars / pageChars
    // A font too small for the shares is judged on controls alone: however small its share, a font whose own text
    // is control codes is broken (a sidebar of 35 words diluted under 0.1 of the page).
    const large = chars >= o.fontMinChars && share >= o.fontMinShare
    if (!large && chars < o.fontExtremeMinChars) continue
    const d = large ? findDamage(s, o) : findExtremeDamage(s, { ...o, extremeAlnumShare: -1 })
    if (!d) continue
    const info: FontInfo | undefined = page.fonts?.[fontId]
    if (info?.name && PICTURE_FONT.test(info.name)) continue
    const label = info?.name ? `${info.name} (${fontId})` : fontId
    out.push({ ...d, fontId, label, chars, share, stats: `font ${label}: ${statsNote(s)}, ${f2(share)} of the page`, decisive: large, box: boxes.get(fontId)! })
  }
  return out.sort((a, b) => Number(b.decisive) - Number(a.decisive) || b.chars - a.chars)
}
