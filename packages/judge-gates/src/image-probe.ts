// Where the characters cannot tell, the gates look at the page image through the OCR engine and compare words: a
// suspect layer against what the image shows, pictures that hold text the layer lacks, vector lettering.
import { DEFAULT_OCR_DPI, fmtBox, shareInScripts, type BBox, type JudgeContext, type PageText, type Verdict } from '@pdftriage/core'
import { f2, findDamage } from './damage.js'
import { documentLooks, fontKey, fontLabel, fromMemory, hasJunk, padBox, pageFonts, recalled, remember, type PageFont } from './font-memory.js'
import { fontStats, textOfJudged } from './font-damage.js'
import { imageCheckOf, MISSING_LETTER_MIN, missingLetters, suspicion, type ImageCheck } from './judge-page.js'
import type { ResolvedGatesOptions } from './options.js'
import type { PageStats } from '@pdftriage/text-stats'
import { scriptMix } from './script-mix.js'
import { scriptSuspicion, type ScriptSuspicion } from './script-stats.js'
import { decide, noteBefore } from './verdict-notes.js'

/** OCR confidence from which a word found on the page image counts: tesseract's noise on line art stays below it. */
const CONFIDENT = 0.7

/** Share of the page height OCRed first on a page without text over a scan: a text page shows words there. */
const FIRST_BAND = 0.25

/** Words of 3+ letters: what the layer is counted in. */
const wordsOf = (texts: Iterable<string>): number => {
  let n = 0
  for (const t of texts) n += (t.match(/\p{L}{3,}/gu) ?? []).length
  return n
}

/** Comparison key: letters and digits only, lower case, accents dropped (OCR and layers disagree on them). */
const key = (w: string): string =>
  w
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

/** An OCR item of two letters or digits or more: what counts as an item read, unsure or not (one is a speck or a rule). */
const twoSigns = (t: string): boolean => (t.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2

/** Characters but white space. */
const nonSpace = (t: string): number => t.replace(/\s+/gu, '').length

/** What OCR saw in a region. */
interface Probe {
  /** Confident words (confidence >= 0.7, 3+ letters), as read. */
  words: string[]
  /**
   * Confident items of 3+ letters or digits (words, numbers, codes), with their confidence: what one item alone may
   * decide on, both ways, when the layer has little to compare.
   */
  tokens: Array<{ text: string; confidence: number }>
  /** Items of 2+ letters or digits below that confidence: text in a script or hand the OCR does not read, or noise. */
  unsure: number
  /** Boxes of the confident words, in page points, in the order of `words`. */
  boxes: BBox[]
  /** Boxes of everything OCR read, at any confidence (short words, numbers, unsure items). */
  allBoxes: BBox[]
  /** Box of all the confident words, in page points (undefined without words). */
  box: BBox | undefined
  /** Everything OCR read, at any confidence. */
  text: string
  /** What OCR read, item by item (boxes in page points). */
  items: PageText['items']
  note: string
}

/** OCRs a region at the probe resolution; the note names what was probed (no timing: records stay the same from run
 * to run; the time is in the page's timings). */
async function probe(
  box: BBox,
  o: ResolvedGatesOptions,
  ctx: JudgeContext,
  what: string,
  { dpi = o.probeDpi, turn = 0 }: { dpi?: number; turn?: 0 | 90 | 180 | 270 } = {},
): Promise<Probe> {
  documentLooks(ctx).looks++
  const ocr = await withinBudget(ctx.recognizeRegion!(box, dpi, turn), o.lookBudgetSeconds)
  const conf = ocr.items.filter((i) => (i.confidence ?? 0) >= CONFIDENT && (i.text.match(/\p{L}/gu)?.length ?? 0) >= 3)
  const tokens = ocr.items
    .filter((i) => (i.confidence ?? 0) >= CONFIDENT && (i.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3)
    .map((i) => ({ text: i.text, confidence: i.confidence ?? 0 }))
  const words = conf.map((i) => i.text)
  const unsure = ocr.items.filter((i) => (i.confidence ?? 0) < CONFIDENT && twoSigns(i.text)).length
  let b: BBox | undefined
  for (const i of conf) {
    b = b ? { x0: Math.min(b.x0, i.bbox.x0), y0: Math.min(b.y0, i.bbox.y0), x1: Math.max(b.x1, i.bbox.x1), y1: Math.max(b.y1, i.bbox.y1) } : { ...i.bbox }
  }
  const note =
    `${what}: OCR at ${dpi} dpi${turn ? `, turned ${turn}°` : ''} finds ${words.length} confident words${words.length ? ` (${words.slice(0, 5).join(' ')})` : ''}` +
    (unsure ? `, ${unsure} unsure` : '')
  return {
    words,
    tokens,
    boxes: conf.map((i) => i.bbox),
    allBoxes: ocr.items.map((i) => i.bbox),
    unsure,
    box: b,
    note,
    text: ocr.items.map((i) => i.text).join(' '),
    items: ocr.items,
  }
}

/** A look that ran past its budget (`lookBudgetSeconds`): the verdict falls back to what the characters say. */
export class LookBudgetError extends Error {
  constructor(readonly seconds: number) {
    super(`the look ran past its budget of ${seconds} s`)
  }
}

/** `work`, or a {@link LookBudgetError} once `seconds` have passed (0: no budget). The work itself is left to finish. */
async function withinBudget<T>(work: Promise<T>, seconds: number): Promise<T> {
  if (seconds <= 0) return work
  let timer: NodeJS.Timeout | undefined
  const out = new Promise<never>((_, reject) => {
    // not unref'd: a look that never settles must still end in this error, with nothing else keeping the process up
    timer = setTimeout(() => reject(new LookBudgetError(seconds)), seconds * 1000)
  })
  work.catch(() => undefined) // a look abandoned to its budget must not fail later as an unhandled rejection
  try {
    return await Promise.race([work, out])
  } finally {
    clearTimeout(timer)
  }
}

/** Per document (its info object): pages whose pictures were looked at closely, and how many of those in a row showed nothing. */
const closeLooks = new WeakMap<object, { pages: number; emptyRun: number }>()

/** Whether the document still looks closely at pictures (see {@link lookCloser}). */
const closeLooksLeft = (ctx: JudgeContext, o: ResolvedGatesOptions): boolean =>
  o.closeLookDpi > 0 && (closeLooks.get(ctx.info)?.emptyRun ?? 0) < o.closeLookEmptyPages

/**
 * A page without text whose first look found none, over pictures: its largest picture is read again as the first
 * look cannot (at `closeLookDpi`, where text a probe-resolution render leaves a few pixels high becomes legible, and
 * turned a quarter either way, for a scan or a map set sideways). A document stops paying for this after
 * `closeLookEmptyPages` pages in a row where it found nothing (a photo album). Returns the first reading that
 * `holds` text, or `undefined`.
 */
async function lookCloser(
  page: PageText,
  o: ResolvedGatesOptions,
  ctx: JudgeContext,
  holds: (p: Probe) => boolean,
): Promise<{ holds?: Probe; note: string } | undefined> {
  const pics = (page.images ?? []).filter((i) => !i.pixels || Math.min(i.pixels.width, i.pixels.height) >= MIN_TEXT_PIXELS)
  if (o.closeLookDpi === 0 || !pics.length) return undefined
  let seen = closeLooks.get(ctx.info)
  if (!seen) closeLooks.set(ctx.info, (seen = { pages: 0, emptyRun: 0 }))
  if (seen.emptyRun >= o.closeLookEmptyPages) return undefined
  seen.pages++
  const b = [...pics].sort((x, y) => area(y.bbox) - area(x.bbox))[0]!.bbox
  const box = { x0: Math.max(0, b.x0), y0: Math.max(0, b.y0), x1: Math.min(page.width, b.x1), y1: Math.min(page.height, b.y1) }
  const tries: Array<{ dpi: number; turn: 0 | 90 | 270 }> = [
    { dpi: o.closeLookDpi, turn: 0 },
    { dpi: o.probeDpi, turn: 90 },
    { dpi: o.probeDpi, turn: 270 },
  ]
  for (const t of tries) {
    const p = await probe(box, o, ctx, `picture ${fmtBox(box)} looked at closely`, t)
    if (holds(p)) {
      seen.emptyRun = 0
      return { holds: p, note: p.note }
    }
  }
  seen.emptyRun++
  return { note: `picture ${fmtBox(box)} looked at closely (${o.closeLookDpi} dpi, and turned 90° and 270°): no text` }
}

/** Lower-case occurrences OCR must read of a letter the layer lacks before the image says the map lacks it. */
const LETTER_SEEN = 3

/**
 * A band across the page through the middle of the layer's lines, grown line by line on both sides until the layer's
 * items in it hold `minLetters` lower-case letters (or the page's whole text): a band of a fixed share of the items
 * read three lines of a copyright notice (`Publi Li ense` beyond it) and saw too few places for the missing letter.
 */
function letterBand(page: PageText, minLetters: number): BBox {
  const items = page.items.filter((i) => i.text.trim() !== '').sort((a, b) => a.bbox.y0 + a.bbox.y1 - b.bbox.y0 - b.bbox.y1)
  if (!items.length) return pageBox(page)
  const lower = (i: (typeof items)[number]) => i.text.normalize('NFKD').match(/[a-z]/g)?.length ?? 0
  let lo = Math.floor(items.length / 2)
  let hi = lo
  let letters = lower(items[lo]!)
  while (letters < minLetters && (lo > 0 || hi < items.length - 1)) {
    if (hi < items.length - 1) letters += lower(items[++hi]!)
    if (lo > 0 && letters < minLetters) letters += lower(items[--lo]!)
  }
  const chosen = items.slice(lo, hi + 1)
  const y0 = Math.min(...chosen.map((i) => i.bbox.y0))
  const y1 = Math.max(...chosen.map((i) => i.bbox.y1))
  return { x0: 0, y0: Math.max(0, y0 - 2), x1: page.width, y1: Math.min(page.height, y1 + 2) }
}

/**
 * A page of prose lacking a common letter ({@link missingLetters}): a band through its middle holding as many letters
 * as the suspicion needed ({@link letterBand}, `MISSING_LETTER_MIN`: some 8 of the letter expected) is read, and the
 * layer is garbled when the image shows `LETTER_SEEN` or more of a letter the layer lacks there. Returns `undefined`
 * when the image shows none (a lipogram, a text in a language without it).
 */
async function lookForLetters(page: PageText, v: Verdict, lacking: string[], o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  const region = letterBand(page, MISSING_LETTER_MIN)
  const p = await probe(region, o, ctx, `prose without a lower-case ${lacking.join(', ')}, band ${fmtBox(region)}`)
  const read = p.text.normalize('NFKD')
  const shown = lacking.map((c) => [c, read.split(c).length - 1] as const).filter(([, n]) => n >= LETTER_SEEN)
  if (!shown.length) return noteBefore(v, p.note, `the image shows none of the letters the layer lacks`)
  const what = shown.map(([c, n]) => `\`${c}\` ${n} times`).join(', ')
  return decide(v, 'garbled', true, [
    p.note,
    `garbled: the layer's fonts lack letters the image shows (${what} in the band, none in the whole layer): a map without them`,
  ])
}

/** Levenshtein distance, stopping once it exceeds `max`. */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      best = Math.min(best, cur[j]!)
    }
    if (best > max) return false
    prev = cur
  }
  return prev[b.length]! <= max
}

/**
 * Compares the words OCR read on the image with the layer, word by word: a word is found when the layer holds it
 * (each layer word used once), or, when the layer never holds it as such, when the layer's letters contain it (split
 * or letter-spaced words; not with `split: false`, where a word cut a letter a line is not found) or a layer word is
 * within one edit in six letters of it (OCR misreads). Returns the words found and those only the image shows.
 */
export function compareWithLayer(
  layerText: string,
  ocrWords: readonly string[],
  { split = true }: { split?: boolean } = {},
): { found: number; novel: string[]; novelAt: number[] } {
  const keys = layerText
    .split(/\s+/u)
    .map(key)
    .filter((k) => k !== '')
  const pool = new Map<string, number>()
  for (const k of keys) pool.set(k, (pool.get(k) ?? 0) + 1)
  const joined = keys.join('')
  const novel: string[] = []
  const novelAt: number[] = []
  let found = 0
  ocrWords.forEach((w, at) => {
    const k = key(w)
    if (k === '') return
    const n = pool.get(k)
    const max = Math.max(1, Math.floor(k.length / 6))
    // Held as such: each layer word answers once, a repeat only the image shows is the image's.
    if (n !== undefined ? n > 0 : (split && joined.includes(k)) || keys.some((l) => within(k, l, max))) {
      if (n !== undefined) pool.set(k, n - 1)
      found++
    } else {
      novel.push(w)
      novelAt.push(at)
    }
  })
  return { found, novel, novelAt }
}

const pageBox = (page: PageText): BBox => ({ x0: 0, y0: 0, x1: page.width, y1: page.height })

/** A horizontal band through the middle of the layer's lines (by count), for checking a long layer against its image. */
function middleBand(page: PageText): BBox {
  const ys = page.items
    .filter((i) => i.text.trim() !== '')
    .map((i) => [i.bbox.y0, i.bbox.y1] as const)
    .sort((a, b) => a[0] - b[0])
  if (ys.length < 6) return pageBox(page)
  const a = ys[Math.floor(ys.length * 0.4)]!
  const b = ys[Math.floor(ys.length * 0.6)]!
  return { x0: 0, y0: Math.max(0, a[0] - 2), x1: page.width, y1: Math.min(page.height, Math.max(b[1], a[1]) + 2) }
}

/**
 * Gap between two words only the image shows, in their median height, up to which they belong to one picture region:
 * the lines of a screenshot or a caption image are 1-2 heights apart, labels on a map a few; words further apart are
 * read as separate regions (cheaper to OCR than the box around both).
 */
const REGION_GAP = 3

/** Margin added around a region, in word heights: tesseract misreads a word cut at the crop's edge. */
const REGION_MARGIN = 0.6

/** Share of an OCR word's box under a layer item from which the word is the layer's own text, misread. */
const OVER_LAYER = 0.3

const area = (b: BBox): number => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0)
const overlap = (a: BBox, b: BBox): number => area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) })
/** True when the centre of `b` lies inside `p`. */
const centreIn = (p: BBox, b: BBox) => (b.x0 + b.x1) / 2 > p.x0 && (b.x0 + b.x1) / 2 < p.x1 && (b.y0 + b.y1) / 2 > p.y0 && (b.y0 + b.y1) / 2 < p.y1
const union = (a: BBox, b: BBox): BBox => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) })

/**
 * Joins boxes two by two while some pair may be joined (`join`, given the two boxes and their union): the first such
 * pair in order becomes their union in the first one's place, and the search starts again. Changes `boxes`; returns it.
 */
function joinWhile(boxes: BBox[], join: (a: BBox, b: BBox, u: BBox) => boolean): BBox[] {
  for (let merged = true; merged;) {
    merged = false
    for (let i = 0; i < boxes.length && !merged; i++) {
      for (let j = i + 1; j < boxes.length && !merged; j++) {
        const u = union(boxes[i]!, boxes[j]!)
        if (join(boxes[i]!, boxes[j]!, u)) {
          boxes[i] = u
          boxes.splice(j, 1)
          merged = true
        }
      }
    }
  }
  return boxes
}

/**
 * The picture regions of a page that keeps its layer: the words only the image shows, less those lying over the
 * layer's own items (the layer's text misread, not picture text), grouped by proximity into boxes, grown over the
 * other things OCR read beside them (`others`: short words, numbers), widened to the whole of the pictures they lie in
 * (`pictures`, the page's image boxes: the probe reads at a low resolution and is sure of a few of a screenshot's
 * words only), joined where no line of the layer lies between them, and given a margin.
 * Returns the boxes, in page points, and the words they hold.
 */
export function pictureRegions(
  page: PageText,
  boxes: readonly BBox[],
  others: readonly BBox[] = [],
  pictures: readonly BBox[] = [],
): { regions: BBox[]; words: number } {
  const layer = page.items.filter((i) => i.text.trim() !== '').map((i) => i.bbox)
  const notLayer = (b: BBox) => area(b) > 0 && !layer.some((l) => overlap(b, l) >= OVER_LAYER * area(b))
  const own = boxes.filter(notLayer)
  if (!own.length) return { regions: [], words: 0 }
  const heights = own.map((b) => b.y1 - b.y0).sort((a, b) => a - b)
  const h = heights[Math.floor(heights.length / 2)]!
  // Single-link grouping: a word joins every group it lies within REGION_GAP heights of, and those groups merge.
  const gap = (a: BBox, b: BBox) => Math.max(a.x0 - b.x1, b.x0 - a.x1, a.y0 - b.y1, b.y0 - a.y1, 0)
  let groups: BBox[] = []
  for (const b of own) {
    let g = { ...b }
    const rest: BBox[] = []
    for (const x of groups) {
      if (gap(x, g) <= REGION_GAP * h) g = union(x, g)
      else rest.push(x)
    }
    groups = [...rest, g]
  }
  // Merging can bring a group within reach of one it passed: repeat until no two are close.
  joinWhile(groups, (a, b) => gap(a, b) <= REGION_GAP * h)
  // The picture's short words, numbers and unsure items next to a group are the picture's too: a region cut through
  // a line loses its last word ("Press Apply to" read "Press Apply 1").
  const rest = others.filter(notLayer)
  groups = groups.map((g) => {
    for (let grown = true; grown;) {
      grown = false
      for (const b of rest) {
        const u = union(g, b)
        if (gap(g, b) <= h && (u.x0 < g.x0 || u.y0 < g.y0 || u.x1 > g.x1 || u.y1 > g.y1)) {
          g = u
          grown = true
        }
      }
    }
    return g
  })
  // A picture holding a group's words is OCRed whole: the probe, at half the OCR resolution, is sure of only some of
  // its words (a screenshot read "pdfplumber stable" where it shows a whole repository page). Not a picture the
  // layer writes over with more words than the probe found in it alone: a background under the layer's own text,
  // whose words the probe found are a few lying beside the layer's.
  const layerWordsIn = (p: BBox) => wordsOf(page.items.filter((i) => i.text.trim() !== '' && centreIn(p, i.bbox)).map((i) => i.text))
  for (const pic of pictures) {
    const mine = own.filter((b) => centreIn(pic, b))
    if (!mine.length || layerWordsIn(pic) > mine.length) continue
    const clipped = { x0: Math.max(0, pic.x0), y0: Math.max(0, pic.y0), x1: Math.min(page.width, pic.x1), y1: Math.min(page.height, pic.y1) }
    groups = groups.map((g) => (mine.some((b) => overlap(g, b) > 0) ? union(g, clipped) : g))
  }
  // Regions that overlap are one: two OCR calls over the same pixels would read their words twice.
  joinWhile(groups, (a, b) => overlap(a, b) > 0)
  // One OCR call per region: tesseract's cost per call (~0.4 s measured on real pages, a whole A4 page at 300 dpi
  // ~0.9 s) outweighs the area saved, so groups merge whenever their joint box takes in none of the layer's lines
  // (the layer's text between two pictures keeps them apart, and so their texts in reading order).
  const crossesLayer = (b: BBox) => layer.some((l) => (l.y0 + l.y1) / 2 > b.y0 && (l.y0 + l.y1) / 2 < b.y1 && l.x0 < b.x1 && l.x1 > b.x0)
  joinWhile(groups, (_a, _b, u) => !crossesLayer(u))
  const m = REGION_MARGIN * h
  const regions = groups
    .map((g) => ({ x0: Math.max(0, g.x0 - m), y0: Math.max(0, g.y0 - m), x1: Math.min(page.width, g.x1 + m), y1: Math.min(page.height, g.y1 + m) }))
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
  return { regions, words: own.length }
}

/** True when every item of the layer is in a font that draws nothing (an OCR layer laid over a scan). */
const invisibleLayer = (page: PageText): boolean => {
  const items = page.items.filter((i) => i.text.trim() !== '')
  return items.length > 0 && items.every((i) => i.fontId !== undefined && page.fonts?.[i.fontId]?.invisible === true)
}

/**
 * A verdict the image could not settle either way: `uncertain`, OCRed or kept as `uncertainOcr` says (a missed page
 * costs a user more than a needless OCR); the notes say both the verdict and the choice.
 */
function uncertain(v: Verdict, o: ResolvedGatesOptions, notes: string[]): Verdict {
  const choice = o.uncertainOcr ? 'OCRed (uncertainOcr)' : 'kept (uncertainOcr: false)'
  return decide(v, 'uncertain', o.uncertainOcr, [...notes.slice(0, -1), `${notes.at(-1)!}: ${choice}`])
}

/**
 * Where character statistics cannot tell, the gates look at the page image (when the pipeline has an OCR engine:
 * `ctx.recognizeRegion`; the only OCR they ever ask for, and only on such pages), and compare words, not counts:
 * - no text layer: `absent` when OCR finds `vectorTextMinWords` confident words (lettering drawn as curves, a stamp,
 *   a wordmark) or `unsureTextItems` unsure ones (a script or hand it cannot read), else `blank` (a photo, a diagram:
 *   no OCR). Over a scan a band through the middle is read first, and the whole page only when it shows nothing;
 * - a suspect layer (`suspicion`: a short text failing a gate, control characters, letter-spaced words): `garbled` when fewer than `probeAgreement` of the OCR's words are in the
 *   layer, else it reads;
 * - a thin layer (under `minCharsPresent`) beside an image: over a scan, `sparse` when the image shows
 *   `sparseOcrWords` and `sparseOcrRatio` times the layer's words that the layer lacks, or text OCR cannot read; on a
 *   born-digital page, the layer is kept (`healthy`) and its picture regions are OCRed (`regions`, see
 *   {@link pictureRegions}) when the words only the pictures show are `mixedMinWords` and `mixedShare` of the page's
 *   words. A layer drawn wholly invisible counts as one over a scan whatever the coverage. The pictures the
 *   extractor lists (`PageText.images`, stamps drawn by annotations included) make a page with no coverage one
 *   beside an image, and the regions take in the whole of the pictures holding their words;
 * - a healthy layer that is not thin, beside pictures no layer text lies over that could hold a real share of its
 *   words ({@link barePictures}): those pictures alone are probed, with the same measure of `regions`.
 *   Image text kept out of OCR is recorded in the notes with its box. Without the probe, a thin layer is sparse over
 *   an image covering `scanImageCoverage`, a short page below.
 * Returns the verdict to use, or `undefined` to keep the one given.
 */
export async function lookAtImage(
  page: PageText,
  v: Verdict,
  chars: number,
  s: PageStats,
  o: ResolvedGatesOptions,
  ctx: JudgeContext,
): Promise<Verdict | undefined> {
  if (o.probeDpi === 0 || !ctx.recognizeRegion) return undefined
  const cov = page.imageCoverage
  if (chars === 0) return lookWithoutLayer(page, v, o, ctx)

  const check = v.layer === 'garbled' ? imageCheckOf(v) : undefined
  if (check) return confirmDamage(page, v, check, o, ctx)

  const suspect = v.layer === 'healthy' || v.layer === 'sparse' ? suspicion(s, o) : undefined
  // Beside pictures only: vector drawing alone is mostly rules and boxes, and form widgets, whose text the layer may
  // lack while a text extractor reads it from the form, draw as vectors too.
  const thin = chars < o.minCharsPresent && (v.layer === 'sparse' || v.layer === 'healthy') && ((cov ?? 0) > 0 || (page.images?.length ?? 0) > 0)
  if (!suspect && !thin) return v.layer === 'healthy' ? lookBesideHealthyLayer(page, v, s, o, ctx) : undefined

  // A suspect layer whose fonts the image all confirmed on earlier pages: the look's only question is settled. Not
  // where the text carries characters no text carries (the page's own statistics call that damage).
  if (suspect && !thin && !hasJunk(page.text)) {
    const fonts = pageFonts(textOfJudged(page)).map((f) => recalled(page, f.fontId, ctx))
    if (fonts.length && fonts.every((r) => r && !r.broken)) {
      const why = `${suspect}: not looked at, the image confirmed the page's fonts on earlier pages`
      return noteBefore(v, ...fonts.map((r) => fromMemory(r!)), why)
    }
  }
  const short = s.judged < o.minCharsToJudge
  const layerWords = wordsOf(page.items.map((i) => i.text))
  const region = short || thin ? pageBox(page) : middleBand(page)
  const what = thin
    ? `thin layer (${layerWords} words) beside images covering ${f2(cov ?? 0)}`
    : `suspect layer: ${suspect}${region.y0 > 0 || region.y1 < page.height ? `, band ${fmtBox(region)}` : ''}`
  const p = await probe(region, o, ctx, what)
  const { found, novel, novelAt } = compareWithLayer(page.text, p.words)
  const agreement = p.words.length ? found / p.words.length : 0
  const cmp = `${found} of ${p.words.length} OCR words found in the layer (${f2(agreement)})`

  if (suspect) {
    const judged = judgeSuspectLayer(page, v, p, suspect, thin, region, { agreement, cmp }, o, ctx)
    if (judged) return judged
  }

  return thinLayerVerdict(page, v, p, layerWords, { found, novel, novelAt }, o)
}

/** The look at a page without a text layer: `absent` where the image shows words, else `blank`. */
async function lookWithoutLayer(page: PageText, v: Verdict, o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  const cov = page.imageCoverage
  if (v.layer !== 'blank' && v.layer !== 'absent') return undefined
  // A page that paints no image, no path and no glyph has nothing a look could read (a document's empty pages).
  if (cov === 0 && page.hasVectorGraphics === false && !page.images?.length && page.items.length === 0) {
    return decide(v, 'blank', false, ['blank: the page paints no image, no drawing and no glyph: nothing to look at'])
  }
  const what =
    cov !== undefined && cov >= o.absentImageCoverage
      ? `no text layer, images cover ${f2(cov)}`
      : page.hasVectorGraphics
        ? 'vector drawing, no text layer'
        : 'no text layer'
  const holds = (p: Probe) => p.words.length >= o.vectorTextMinWords || p.unsure >= o.unsureTextItems
  let p: Probe | undefined
  // A scan without a layer is most likely text the pipeline will OCR: one look at the whole page at the OCR's
  // resolution both decides and is that OCR (the runner reuses it). Not once the document has shown itself a photo
  // album (its close looks spent), where the cheaper looks below do.
  if (o.scanLookAtOcrDpi && ctx.ocrDpi && cov !== undefined && cov >= o.scanImageCoverage && closeLooksLeft(ctx, o)) {
    p = await probe(pageBox(page), o, ctx, `${what}, the whole page at the OCR's resolution`, { dpi: ctx.ocrDpi })
    if (!holds(p)) p = undefined
  }
  if (!p && (cov === undefined || cov >= o.scanImageCoverage)) {
    const h = page.height
    const band = { x0: 0, y0: h * (0.5 - FIRST_BAND / 2), x1: page.width, y1: h * (0.5 + FIRST_BAND / 2) }
    p = await probe(band, o, ctx, `${what}, band ${fmtBox(band)}`)
    if (!holds(p)) p = undefined
  }
  p ??= await probe(pageBox(page), o, ctx, what)
  if (!holds(p)) {
    const closer = await lookCloser(page, o, ctx, holds)
    if (closer?.holds) p = closer.holds
    else if (closer) p = { ...p, note: `${p.note}; ${closer.note}` }
  }
  if (p.words.length >= o.vectorTextMinWords) {
    return decide(
      v,
      'absent',
      true,
      [p.note, `absent: the image shows words (${p.words.length} >= ${o.vectorTextMinWords})`],
      p.words.length,
      o.vectorTextMinWords,
    )
  }
  if (p.unsure >= o.unsureTextItems) {
    return decide(
      v,
      'absent',
      true,
      [p.note, `absent: the image holds text OCR cannot read with these languages (${p.unsure} >= ${o.unsureTextItems} unsure items)`],
      p.unsure,
      o.unsureTextItems,
    )
  }
  const why = cov !== undefined && cov >= o.absentImageCoverage ? 'a picture without text (no OCR)' : 'nothing to read'
  return decide(v, 'blank', false, [p.note, `blank: ${why}`], p.words.length, o.vectorTextMinWords)
}

/** The look at a healthy layer nothing suspects: its fonts verified, letters it lacks looked for, bare pictures read. */
async function lookBesideHealthyLayer(page: PageText, v: Verdict, s: PageStats, o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  const checked = await verifyFonts(page, v, o, ctx)
  const w = checked ?? v
  const lacking = missingLetters(page.text, s, o)
  if (lacking.length) {
    const lacks = await lookForLetters(page, w, lacking, o, ctx)
    if (lacks) return lacks
  }
  return (await lookAtPictures(page, w, o, ctx)) ?? checked
}

/**
 * A suspect layer against what the probe read of `region`: garbled, uncertain, or kept with the probe's note. Returns
 * `undefined` only for a thin layer the probe did not settle, which the thin layer's measure then judges.
 */
function judgeSuspectLayer(
  page: PageText,
  v: Verdict,
  p: Probe,
  suspect: string,
  thin: boolean,
  region: BBox,
  { agreement, cmp }: { agreement: number; cmp: string },
  o: ResolvedGatesOptions,
  ctx: JudgeContext,
): Verdict | undefined {
  const unread = unreadScript(page.text, p)
  if (unread) {
    const said = `the image cannot tell: the layer is written in ${unread}, which the OCR read none of (${p.unsure} unsure items, ${p.words.length} words)`
    return uncertain(v, o, [p.note, `uncertain: ${suspect}; ${said}`])
  }
  // Both ways where the layer has words of its own (2+ letters): the image's words are not in the layer, and the
  // layer's are not on the image. A folio or a date has no letters: thinness, not damage, is then the question.
  const own = page.text.split(/\s+/u).filter((t) => (t.match(/\p{L}/gu)?.length ?? 0) >= 2)
  const back = compareWithLayer(p.text, own)
  const ownSeen = (page.text.match(/\p{L}/gu)?.length ?? 0) < 2 ? 1 : own.length >= o.probeMinWords ? back.found / own.length : 0
  if (p.words.length >= o.probeMinWords && agreement < o.probeAgreement && ownSeen < o.probeAgreement) {
    recordFonts(page, p, true, o, ctx, true)
    return decide(
      v,
      'garbled',
      true,
      [
        p.note,
        `garbled: the image does not show the layer's words: ${cmp} < ${f2(o.probeAgreement)}, ${back.found} of ${own.length} layer words on the image (${suspect})`,
      ],
      agreement,
      o.probeAgreement,
    )
  }
  // The other way alone, where OCR is sure of no word: the region holds many of the layer's Latin words, which OCR
  // reads when they are there (even unsure, within one edit in six letters), and the image holds text, yet almost
  // none of those words are in what OCR read. A Latin-1 layer over an Arabic page reads so; a genuine layer
  // rendered too small to be sure of still has most of its words read.
  if (p.words.length < o.probeMinWords && p.unsure >= o.unsureTextItems) {
    const here = page.items.filter((i) => centreIn(region, i.bbox)).map((i) => i.text)
    const latin = here
      .join(' ')
      .split(/\s+/u)
      .filter((t) => (t.match(/\p{Script=Latin}/gu)?.length ?? 0) >= 3)
    const seenHere = latin.length >= o.unsureTextItems ? compareWithLayer(p.text, latin).found : latin.length
    // Over what both hold: OCR may read a part of the band only.
    const both = Math.min(latin.length, p.unsure + p.words.length)
    if (latin.length >= o.unsureTextItems && seenHere / both < o.probeAgreement) {
      return decide(
        v,
        'garbled',
        true,
        [
          p.note,
          `garbled: the image does not show the layer's words: ${seenHere} of the ${latin.length} Latin words of the layer there are in what OCR read, ${p.unsure + p.words.length} items (${f2(seenHere / both)} < ${f2(o.probeAgreement)}; ${suspect})`,
        ],
        seenHere / both,
        o.probeAgreement,
      )
    }
  }
  // One confident item decides when nothing of the layer is on the image: a layer of punctuation where the page
  // shows a word, Latin-1 letters where it shows a number. Numbers count on both sides (a folio's digits read on
  // the image are the layer's own).
  const tokens = p.tokens.filter((t) => t.confidence >= o.loneTokenConfidence)
  const layerNumbers = page.text.split(/\s+/u).filter((t) => /\p{N}/u.test(t) && !own.includes(t))
  const seen = back.found + compareWithLayer(p.text, layerNumbers).found
  if (
    tokens.length &&
    compareWithLayer(
      page.text,
      tokens.map((t) => t.text),
    ).found === 0 &&
    seen === 0
  ) {
    const read = tokens
      .slice(0, 3)
      .map((t) => `${t.text} ${f2(t.confidence)}`)
      .join(', ')
    return decide(v, 'garbled', true, [
      p.note,
      `garbled: the image reads ${read} (confidence >= ${f2(o.loneTokenConfidence)}), none of it in the layer, and none of the layer's ${own.length + layerNumbers.length} words or numbers on the image (${suspect})`,
    ])
  }
  // A layer without a letter or a digit beside an image holding text OCR cannot read (a script its languages lack).
  if (!/[\p{L}\p{N}]/u.test(page.text) && p.unsure > 0) {
    return uncertain(v, o, [
      p.note,
      `uncertain: a layer of symbols only beside ${p.unsure} items OCR reads unsure, in a script or hand it may not read (${suspect})`,
    ])
  }
  if (!thin) {
    if (p.words.length >= o.probeMinWords && agreement >= o.probeAgreement) recordFonts(page, p, false, o, ctx, true)
    const said = p.words.length < o.probeMinWords ? 'the image cannot tell' : `the image shows the layer's words: ${cmp}`
    return noteBefore(v, p.note, `${suspect}: ${said}`)
  }
  return undefined
}

/** A thin layer against what the probe read: over a scan `sparse` or `healthy`; on a born-digital page, its regions. */
function thinLayerVerdict(
  page: PageText,
  v: Verdict,
  p: Probe,
  layerWords: number,
  { found, novel, novelAt }: ReturnType<typeof compareWithLayer>,
  o: ResolvedGatesOptions,
): Verdict | undefined {
  const cov = page.imageCoverage
  const region0 = p.box && novel.length ? `; image text at ${fmtBox(p.box)}` : ''
  // A scan: the image is the page, and a layer over it (a folio, a thin OCR layer drawn invisible) is the page's own
  // reading of that image, so words the layer lacks make the layer sparse. A layer drawn invisible is such a reading
  // even where the scan's image stops short of the page edge.
  if ((cov !== undefined && cov >= o.scanImageCoverage) || invisibleLayer(page)) {
    const need = Math.max(o.sparseOcrWords, o.sparseOcrRatio * layerWords)
    if (novel.length >= need) {
      return decide(
        v,
        'sparse',
        true,
        [p.note, `sparse: the image shows ${novel.length} words the layer lacks, the layer ${layerWords} (needs ${need} to be sparse)`],
        novel.length,
        need,
      )
    }
    if (p.unsure >= o.unsureTextItems && p.unsure > p.words.length) {
      return decide(
        v,
        'sparse',
        true,
        [
          p.note,
          `sparse: the scan holds text OCR cannot read with these languages (${p.unsure} >= ${o.unsureTextItems} unsure items), the layer ${layerWords} words`,
        ],
        p.unsure,
        o.unsureTextItems,
      )
    }
    return decide(
      v,
      'healthy',
      false,
      [p.note, `healthy: the layer holds what the image shows (${novel.length} < ${need} words it lacks${region0})`],
      novel.length,
      need,
    )
  }
  return mixedVerdict(page, v, p, { layerWords, found, novel, novelAt, region0 }, o)
}

/** Character trigrams of a text (white space left out: OCR and layers space symbols differently), with their counts. */
function trigrams(text: string): Map<string, number> {
  const c = Array.from(text.normalize('NFKC').replace(/\s+/gu, ''))
  const m = new Map<string, number>()
  for (let i = 0; i + 2 < c.length; i++) {
    const k = c[i]! + c[i + 1]! + c[i + 2]!
    m.set(k, (m.get(k) ?? 0) + 1)
  }
  return m
}

/** Dice coefficient of two texts' character trigrams (0 when either has none). */
export function trigramDice(a: string, b: string): number {
  const x = trigrams(a)
  const y = trigrams(b)
  let common = 0
  let n = 0
  for (const [k, v] of x) {
    common += Math.min(v, y.get(k) ?? 0)
    n += v
  }
  for (const v of y.values()) n += v
  return n ? (2 * common) / n : 0
}

/**
 * Non-space characters of a font's runs put to the image to verify the font: some 50 words of prose, enough for the
 * comparison's bars (`probeMinWords` words, `SIGNS_ALONE` characters without words) with room for misreads, in a few
 * lines rather than the font's whole box.
 */
const FONT_SAMPLE_CHARS = 300

/**
 * The runs of a font a look verifies it on: consecutive runs from the middle of its text (its first may be a heading
 * or a running head), those with a letter or a digit, until `FONT_SAMPLE_CHARS`; all of them when it has no more.
 */
function fontSample(items: PageText['items']): PageText['items'] {
  const withText = items.filter((i) => /[\p{L}\p{N}]/u.test(i.text))
  const list = withText.length ? withText : items
  const size = (i: PageText['items'][number]) => i.text.replace(/\s+/gu, '').length
  let a = Math.floor(list.length / 2)
  let b = a
  let n = 0
  while (n < FONT_SAMPLE_CHARS && (b < list.length || a > 0)) {
    if (b < list.length) n += size(list[b++]!)
    else n += size(list[--a]!)
  }
  return list.slice(a, b)
}

/**
 * Pixels of an em from which tesseract reads a font without losing characters: 8 pt print at 200 dpi (an em of 22 px,
 * an x-height of ~10 px) is where it starts to lose them (see core's `DEFAULT_OCR_DPI`); 24 px keeps a margin.
 */
const EM_PIXELS = 24

/**
 * The resolution a font's runs need to be read: an em of `EM_PIXELS` at their median size (the extractor's font size,
 * else the run's height), at least `probeDpi` and at most the pipeline's OCR resolution (small print is read as the OCR
 * would read it, no finer).
 */
function dpiFor(items: PageText['items'], o: ResolvedGatesOptions, ctx: JudgeContext): number {
  const sizes = items
    .map((i) => i.fontSize || i.bbox.y1 - i.bbox.y0)
    .filter((x) => x > 0)
    .sort((x, y) => x - y)
  const size = sizes[Math.floor(sizes.length / 2)]
  if (!size) return o.probeDpi
  const max = Math.max(o.probeDpi, ctx.ocrDpi ?? DEFAULT_OCR_DPI)
  return Math.min(max, Math.max(o.probeDpi, Math.ceil((EM_PIXELS * 72) / size)))
}

/**
 * Records in the document's memory what a look at a region says of each font of the page whose runs it read enough
 * words over (`probeMinWords`, by `OVER_LAYER` of each word's box): broken (`broken`, when the look found the page's
 * layer false) where fewer than `probeAgreement` of those words are in the layer, confirmed (when it found the layer
 * true) where as many or more are, words compared as the look that decided compared them (`split`, see
 * {@link compareWithLayer}). Picture fonts are not recorded.
 */
function recordFonts(page: PageText, p: Probe, broken: boolean, o: ResolvedGatesOptions, ctx: JudgeContext, split: boolean): void {
  for (const font of pageFonts(textOfJudged(page))) {
    const over = (b: BBox) => font.items.some((i) => overlap(b, i.bbox) >= OVER_LAYER * area(b))
    const words = p.words.filter((_, k) => over(p.boxes[k]!))
    if (words.length < o.probeMinWords) continue
    const agreement = compareWithLayer(page.text, words, { split }).found / words.length
    if (broken ? agreement < o.probeAgreement : agreement >= o.probeAgreement) remember(page, font.fontId, broken, ctx)
  }
}

/**
 * Share of a font's characters in runs of three or more glyphs without a space from which it draws words: a math or
 * symbol font sets its signs one by one between the text's letters, a false map draws the text's words as runs of
 * signs (`81$-%"&&7$`).
 */
const WORDY_SHARE = 0.5

/**
 * The fonts of a page whose text reads that its characters cannot settle: too small to be judged on their own
 * (`fontMinChars`, `fontMinShare`), of `fontExtremeMinChars` characters or more, failing the letter gate, and drawing
 * words ({@link WORDY_SHARE}): a false map's three lines beside prose pass every gate the page's share lets it be
 * judged by. And fonts of any share whose text looks written by a map made for another script
 * ({@link scriptSuspicion}, `script`: its reason): a Bengali or Burmese font typeset from Latin input extracts as Latin
 * letters that pass every gate. Fonts the document's memory knows or already put to the image, and picture fonts, are
 * left out.
 */
function unsettledFonts(page: PageText, o: ResolvedGatesOptions, ctx: JudgeContext): Array<PageFont & { script?: ScriptSuspicion }> {
  const d = documentLooks(ctx)
  const out: Array<PageFont & { script?: ScriptSuspicion }> = []
  for (const f of pageFonts(textOfJudged(page))) {
    if (recalled(page, f.fontId, ctx) || d.asked.has(fontKey(page, f.fontId))) continue
    const st = fontStats(f.text)
    if (st.judged < o.fontExtremeMinChars) continue
    if (findDamage(st, o)?.gate === 'letters') {
      if ((f.text.match(/\S{3,}/gu) ?? []).join('').length >= WORDY_SHARE * nonSpace(f.text)) out.push(f)
      continue
    }
    const script = scriptSuspicion(f.text)
    if (script) out.push({ ...f, script })
  }
  return out
}

/**
 * A page whose layer reads, holding fonts its characters cannot settle ({@link unsettledFonts}): each is put to the
 * image once in the document, on a few of its runs at the resolution their size needs, while `fontVerifications` fonts
 * are left to the document. A font whose runs the image shows other words over (`probeMinWords` or more, under
 * `probeAgreement` of them in the layer) is broken for the document, and its box is OCRed (`regions`); one whose words
 * the image shows is confirmed. Returns the verdict with what was found, or `undefined` when no font was looked at.
 */
async function verifyFonts(page: PageText, v: Verdict, o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  if (page.source !== 'text-layer') return undefined
  const d = documentLooks(ctx)
  let out: Verdict | undefined
  let pageChars: number | undefined
  for (const font of unsettledFonts(page, o, ctx)) {
    const label = fontLabel(page, font.fontId)
    const w = out ?? v
    if (d.asked.size >= o.fontVerifications) {
      const why = `font ${label} not put to the image: the document's ${o.fontVerifications} font verifications are spent (fontVerifications)`
      out = { ...w, notes: [...w.notes.slice(0, -1), why, w.notes.at(-1)!] }
      break
    }
    d.asked.set(fontKey(page, font.fontId), page.pageNumber)
    // A font suspected of another script's map is looked at where its suspect words are: the Latin names it also sets
    // read true and would confirm it.
    const own = fontSample(font.script ? suspectRuns(font.items, font.script) : font.items)
    const dpi = dpiFor(own, o, ctx)
    const region = padBox(
      own.reduce((b, i) => union(b, i.bbox), own[0]!.bbox),
      page,
    )
    const p = await probe(
      region,
      o,
      ctx,
      `font ${label}, ${font.script?.note ?? 'failing the letter gate on its own'}, put to the image, ${own.length} of its ${font.items.length} runs ${fmtBox(region)}`,
      { dpi },
    )
    const over = (b: BBox) => own.some((i) => overlap(b, i.bbox) >= OVER_LAYER * area(b))
    // A suspicion is answered by words of the kind that raised it: the OCR's Latin look-alikes of a Cyrillic title
    // (`Bepcna` for Версия) or the Latin names beside a Malayalam font's words say nothing of them.
    const nonLatin = font.script?.nonLatin === true
    const answers = (w: string): boolean => !font.script || (nonLatin ? NON_LATIN.test(w) : (w.match(/[\p{L}\p{M}]+/gu) ?? []).some(font.script.suspect))
    const at = p.boxes.map((b, k) => k).filter((k) => over(p.boxes[k]!) && answers(p.words[k]!))
    // Each word is looked for in the layer's text where OCR read it (the runs of any font under its box: a token may
    // run from this font into another's), split words found: a false record of a broken font would OCR its box on
    // every page that uses it, and the page's other text may hold the very words this font's false map hides.
    const found = at.filter((k) => {
      const local = page.items.filter((i) => overlap(p.boxes[k]!, i.bbox) > 0).map((i) => i.text)
      return compareWithLayer(local.join(' '), [p.words[k]!]).found > 0
    }).length
    const cmp = `${found} of ${at.length} OCR words over its runs found in the layer there`
    let said: string
    let regions = w.regions
    let brokenFonts = w.brokenFonts
    // Where the OCR reads no word of the suspect kind over a font suspected of another script's map, the script the
    // image shows can tell (only of a layer of Latin letters: a crop of a few non-Latin runs holds the Latin text
    // between them, which the script model then names); and where it cannot, the items the OCR reads there are writing
    // its languages do not read: the layer's letters are not what the page shows, or not surely, and the honest
    // verdict is uncertain.
    const script = at.length < o.probeMinWords && font.script && !nonLatin ? await otherScript(own, region, dpi, o, ctx) : undefined
    if (script) p.note += `; ${script.note}`
    // Items over the runs that do not answer: read unsure, or read surely as words of another kind (look-alikes).
    const unsure = p.items.filter((i) => ((i.confidence ?? 0) < CONFIDENT || !answers(i.text)) && twoSigns(i.text) && over(i.bbox)).length
    pageChars ??= nonSpace(textOfJudged(page).text)
    const share = nonSpace(font.text) / Math.max(1, pageChars)
    const unread = at.length < o.probeMinWords && !script?.other && font.script !== undefined && unsure >= UNREAD_MIN_ITEMS
    const minor = unread && share < UNCERTAIN_MIN_SHARE
    const box = padBox(font.box, page)
    if (minor) {
      said = `the image cannot tell: the OCR reads no word of the suspect kind over its runs, only other items (${unsure}), but the font carries ${f2(share)} < ${f2(UNCERTAIN_MIN_SHARE)} of the page: kept`
    } else if (unread) {
      said = `uncertain: the OCR reads no word of the suspect kind over its runs, only other items (${unsure} >= ${UNREAD_MIN_ITEMS}): writing its languages do not read, and the font carries ${f2(share)} of the page: ${
        o.uncertainOcr ? `its region ${fmtBox(box)} is OCRed (uncertainOcr)` : 'kept (uncertainOcr: false)'
      }`
      if (o.uncertainOcr) {
        remember(page, font.fontId, true, ctx)
        regions = [...(regions ?? []), box]
        brokenFonts = [...(brokenFonts ?? []), font.fontId]
      }
    } else if (at.length < o.probeMinWords && !script?.other) said = `the image cannot tell (${cmp})`
    else if (script?.other || found / at.length < o.probeAgreement) {
      remember(page, font.fontId, true, ctx)
      said = script?.other
        ? `broken: the image shows another script than its text: its region ${fmtBox(box)} is OCRed`
        : `broken: the image does not show its text (${cmp}, ${f2(found / at.length)} < ${f2(o.probeAgreement)}): its region ${fmtBox(box)} is OCRed`
      regions = [...(regions ?? []), box]
      brokenFonts = [...(brokenFonts ?? []), font.fontId]
    } else {
      remember(page, font.fontId, false, ctx)
      said = `confirmed: the image shows its text (${cmp})`
    }
    out = { ...w, notes: [...w.notes.slice(0, -1), p.note, `font ${label}: ${said}`, w.notes.at(-1)!] }
    if (regions) out.regions = regions
    if (brokenFonts) out.brokenFonts = brokenFonts
  }
  return out
}

/**
 * Share of the page's characters a font must carry for an `uncertain` look (no word read over its suspect runs, only
 * unsure items) to OCR its box: the Khmer specimen lines of a font manual in English (0.03 and 0.10 of their pages)
 * are no less unreadable to the OCR than the layer is, while the fonts that carried a page's text in another script's
 * map carried 0.24 (a Khmer typing table) to 1.00 (Malayalam, Mongolian prose) of theirs. Measured on this project's
 * labelled real set only: a margin, not a law.
 */
const UNCERTAIN_MIN_SHARE = 0.15

/** A letter of a script other than Latin. */
const NON_LATIN = /[^\P{L}\p{Script=Latin}]/u

/**
 * Items (two letters or digits or more) over a font's suspect runs, none a word of the suspect kind (read unsure, or
 * read surely as another kind of word: `Bepcna`, the Latin look-alike of a Cyrillic `Версия`), from which they are
 * writing the OCR cannot read: one or two are a rule or a bullet misread.
 */
const UNREAD_MIN_ITEMS = 3

/**
 * The runs of a font a suspicion of another script's map is checked on: those holding a suspect word and, when they
 * are too few for a look to read (`FONT_SAMPLE_CHARS` / 2: a few clusters), the font's other runs in the suspect
 * words' script, or all its runs where the suspicion is of the whole font ({@link ScriptSuspicion.wholeFont}).
 */
function suspectRuns(items: PageText['items'], s: ScriptSuspicion): PageText['items'] {
  const words = (i: PageText['items'][number]) => i.text.match(/[\p{L}\p{M}]+/gu) ?? []
  const runs = items.filter((i) => words(i).some(s.suspect))
  const chars = runs.reduce((n, i) => n + nonSpace(i.text), 0)
  if (chars >= FONT_SAMPLE_CHARS / 2) return runs
  if (s.nonLatin) return items.filter((i) => NON_LATIN.test(i.text))
  return s.wholeFont ? items : runs
}

/**
 * What the image's script says of a font's runs the OCR read nothing over: `other` when it shows, surely
 * (`scriptConfidence`), a script in which under half the runs' letters are written (a Bengali font whose map gives
 * Latin letters); `undefined` when the engine cannot tell.
 */
async function otherScript(
  runs: PageText['items'],
  region: BBox,
  dpi: number,
  o: ResolvedGatesOptions,
  ctx: JudgeContext,
): Promise<{ other: boolean; note: string } | undefined> {
  if (!ctx.detectScript) return undefined
  const guess = await withinBudget(ctx.detectScript(region, dpi), o.lookBudgetSeconds)
  if (!guess) return undefined
  const share = shareInScripts(runs.map((i) => i.text).join(' '), guess.scripts)
  const sure = guess.confidence >= o.scriptConfidence
  const note = `the image shows ${guess.name} writing (script confidence ${f2(guess.confidence)} ${sure ? '>=' : '<'} ${f2(o.scriptConfidence)}), ${share === undefined ? 'n/a' : f2(share)} of the runs' letters are in it`
  return { other: sure && share !== undefined && share < SCRIPT_MIN_SHARE, note }
}

/** Share of a font's letters in the script the image shows under which its text is another script's. */
const SCRIPT_MIN_SHARE = 0.5

/**
 * The damage verdict with its look left to after the repairs (`ctx.repairsFirst`): a page a repair reads needs no look
 * of the gates, and any other is judged again with its looks. Nothing of the document's memory is changed.
 */
function deferred(v: Verdict): Verdict {
  return { ...noteBefore(v, 'damage not put to the image yet: the repairs try the page first'), unconfirmed: true }
}

/** Per document (its info object, one per open document): pages whose image confirmed or overruled such damage. */
const damageChecks = new WeakMap<object, { confirmed: number; overruled: number }>()

/**
 * A `garbled` verdict that genuine text can also earn ({@link imageCheckOf}: too few letters, letters alone on their
 * lines) is put to the page image: the region (the failing font's items, else the page) is OCRed and compared with the
 * layer's text there, words and characters. The layer reads when the image shows its words (`probeAgreement` of the
 * OCR's confident words found in it) and its characters (`probeTrigrams` of character trigrams in common): a table of
 * numbers, program output, a sheet of labels. Otherwise the damage stands, confirmed. A document whose first
 * `damageConfirmedPages` such pages were all confirmed is not asked again.
 */
async function confirmDamage(page: PageText, v: Verdict, check: ImageCheck, o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict> {
  let seen = damageChecks.get(ctx.info)
  if (!seen) damageChecks.set(ctx.info, (seen = { confirmed: 0, overruled: 0 }))
  if (o.damageConfirmedPages > 0 && seen.confirmed >= o.damageConfirmedPages && seen.overruled === 0) {
    return noteBefore(v, `image not asked: it confirmed this kind of damage on ${seen.confirmed} pages of the document`)
  }
  const f = check.font
  // Each font of the file's layer is put to the image once, and `fontVerifications` fonts a document. A font the look
  // settled may be looked at again where the memory could not speak for it (the page's text holds junk).
  if (f && page.source === 'text-layer' && !recalled(page, f.id, ctx)) {
    const d = documentLooks(ctx)
    const k = fontKey(page, f.id)
    const asked = d.asked.get(k)
    const why =
      asked !== undefined
        ? `font ${f.label} not put to the image again: its look on page ${asked} could not tell`
        : d.asked.size >= o.fontVerifications
          ? `font ${f.label} not put to the image: the document's ${o.fontVerifications} font verifications are spent (fontVerifications)`
          : undefined
    if (why) return noteBefore(v, why)
    if (ctx.repairsFirst) return deferred(v)
    d.asked.set(k, page.pageNumber)
  } else if (ctx.repairsFirst) return deferred(v)
  // A font is verified on a few of its lines, at the resolution their size needs, not over its whole box. The whole
  // page is read at the OCR's resolution (damageLookAtOcrDpi): the repair's anchor lines and the page's OCR reuse it.
  const all = f ? page.items.filter((i) => i.fontId === f.id) : page.items
  const own = f && all.length ? fontSample(all) : all
  const region =
    f && own.length
      ? padBox(
          own.reduce((b, i) => union(b, i.bbox), own[0]!.bbox),
          page,
        )
      : pageBox(page)
  const text = own.map((i) => i.text).join(' ')
  const p = await probe(
    region,
    o,
    ctx,
    f ? `damage of font ${f.label} put to the image, ${own.length} of its ${all.length} runs ${fmtBox(region)}` : "damage put to the page's image",
    { dpi: f && own.length ? dpiFor(own, o, ctx) : o.damageLookAtOcrDpi && ctx.ocrDpi ? ctx.ocrDpi : o.probeDpi },
  )
  // A font's region holds other fonts' lines too: only what OCR read over the font's own items is its reading.
  const over = (b: BBox) => own.some((i) => overlap(b, i.bbox) >= OVER_LAYER * area(b))
  const read = f ? p.items.filter((r) => over(r.bbox)) : p.items
  const words = f ? p.words.filter((_, k) => over(p.boxes[k]!)) : p.words
  // Words as the layer holds them: a layer that holds the page's letters with its words cut apart (one glyph a line)
  // is the damage the lone-letter gate names, not a reading. A font's words are looked for in the whole page's text:
  // an OCR word over the font may run into another font's part of the token (`\begin` set apart from
  // `{tikzpicture}` in a listing). Its characters are still compared with the font's own text alone.
  const { found } = compareWithLayer(f ? page.text : text, words, { split: false })
  const agreement = words.length ? found / words.length : 0
  const dice = trigramDice(text, read.map((r) => r.text).join(' '))
  const cmp = `${found} of ${words.length} OCR words${f ? " over the font's text" : ''} found in the layer (${f2(agreement)}), character trigrams in common ${f2(dice)}`
  // Without words to compare, the characters alone speak, at a higher bar and over enough of them.
  const signs = read.reduce((n, r) => n + (r.text.match(/[\p{L}\p{N}\p{P}\p{S}]/gu)?.length ?? 0), 0)
  const alone = words.length < o.probeMinWords && signs >= SIGNS_ALONE && dice >= o.probeTrigramsAlone
  if ((words.length >= o.probeMinWords && agreement >= o.probeAgreement && dice >= o.probeTrigrams) || alone) {
    seen.overruled++
    if (f) remember(page, f.id, false, ctx)
    else recordFonts(page, p, false, o, ctx, false)
    const why = v.notes.at(-1)!.replace(/^garbled: /, '')
    return decide(
      v,
      'healthy',
      false,
      [p.note, `healthy: ${why}, but the image shows the layer's text (${cmp}): text of few letters, not damage`],
      dice,
      o.probeTrigrams,
    )
  }
  seen.confirmed++
  // A font is broken for the document only where the look read something over it (words, or signs enough to speak
  // alone): a look that read nothing there says nothing of its other pages.
  if (f) {
    if (words.length >= o.probeMinWords || signs >= SIGNS_ALONE) remember(page, f.id, true, ctx)
  } else recordFonts(page, p, true, o, ctx, false)
  return noteBefore(v, p.note, `image confirms: ${cmp}`)
}

/**
 * The script of a layer whose letters are mostly of one non-Latin script that the OCR, unsure of most of what it read,
 * read none of: its languages do not read that script (Russian verse read with French and English models: `CKOPO` for
 * `СКОРО`, 14 confident words and 51 unsure, none found in the layer), so its words say nothing of the layer. A junk
 * layer in such a script over a Latin page is read with confidence, and is still judged. `undefined` otherwise.
 */
function unreadScript(layer: string, p: Probe): string | undefined {
  const m = scriptMix(layer)
  const [script, n] = m.scripts[0] ?? ['Latin', 0]
  if (script === 'Latin' || n < 0.5 * m.letters || p.unsure < p.words.length) return undefined
  return scriptMix(p.text).scripts.some(([g]) => g === script) ? undefined : script
}

/** Characters OCR must read over a text without words before their trigrams alone may vouch for it (a line or two). */
const SIGNS_ALONE = 40

/**
 * Pixels an image needs on its shorter side to hold a line of letters OCR can read (a letter's x-height of 4 px is
 * already below what tesseract reads): a colour swatch or a gradient of 2 x 2 pixels stretched over a box holds none,
 * and rendering one with a large soft mask (a real test file: 2 x 2 images with 34862 x 4332 masks) costs gigabytes.
 */
const MIN_TEXT_PIXELS = 8

/** Unsure items over a picture from which it is also read turned: two or three are noise on a photo or a logo. */
const SIDEWAYS_UNSURE = 5

/** Bare pictures probed at most on one page, the largest: each is one OCR call (~0.2-0.4 s at the probe resolution). */
const MAX_PICTURE_PROBES = 4

/**
 * The pictures of a page that is not thin worth a look: those with no item of the layer over them (by its centre),
 * joined where no layer item lies in their joint box (one probe call for several), when together they could hold
 * `mixedShare` of the page's words: at the layer's own density, an area of mixedShare / (1 - mixedShare) of what
 * the layer's items cover (0.43 at 0.3). Images of too few pixels to hold letters are not looked at. On the real test set this probes 14 of the 308 pages (a web page's menu
 * image holding half its words, a page of five UI screenshots, banners beside short text), of the 28 with such a
 * picture of 0.01 of the page or more (the others: banners and logos beside long text). Returns none when they could
 * not.
 */
export function barePictures(page: PageText, o: ResolvedGatesOptions): BBox[] {
  const items = page.items.filter((i) => i.text.trim() !== '').map((i) => i.bbox)
  const free = (b: BBox) => !items.some((i) => centreIn(b, i))
  let pics = (page.images ?? [])
    .filter((i) => !i.pixels || Math.min(i.pixels.width, i.pixels.height) >= MIN_TEXT_PIXELS)
    .map((i) => i.bbox)
    .filter(free)
  // A picture within another (a mask drawn over its image, the same picture cut in strips) adds nothing to read.
  pics = pics.filter((b, i) => !pics.some((c, j) => j !== i && (j < i || area(c) > area(b)) && overlap(b, c) >= 0.8 * area(b)))
  const textArea = items.reduce((a, b) => a + area(b), 0)
  const need = (o.mixedShare / (1 - o.mixedShare)) * textArea
  if (!pics.length || pics.reduce((a, b) => a + area(b), 0) < need) return []
  // the largest only are joined and probed: the join is quadratic in pictures times the layer's items
  pics = pics.sort((a, b) => area(b) - area(a)).slice(0, 4 * MAX_PICTURE_PROBES)
  return joinWhile(pics, (_a, _b, u) => free(u))
}

/**
 * A page whose layer reads and is not thin, beside pictures no layer text lies over that could hold a real share of
 * its words ({@link barePictures}): the pictures alone are probed, and OCRed as regions when the words only they
 * show are `mixedShare` of the page's. Returns `undefined` (the verdict stands) when there is nothing to look at.
 */
async function lookAtPictures(page: PageText, v: Verdict, o: ResolvedGatesOptions, ctx: JudgeContext): Promise<Verdict | undefined> {
  const pics = barePictures(page, o)
    .sort((a, b) => area(b) - area(a))
    .slice(0, MAX_PICTURE_PROBES)
  if (!pics.length) return undefined
  const layerWords = wordsOf(page.items.map((i) => i.text))
  const probes: Probe[] = []
  for (const b of pics) {
    let best = await probe(b, o, ctx, `picture ${fmtBox(b)} without layer text over it, beside a layer of ${layerWords} words`)
    // Items OCR reads unsure of, more than the words it is sure of: text set sideways (a map, a rotated table) reads
    // so upright; it is read turned a quarter each way and the reading with the most sure words kept.
    if (best.unsure >= SIDEWAYS_UNSURE && best.unsure > best.words.length) {
      for (const turn of [90, 270] as const) {
        const t = await probe(b, o, ctx, `picture ${fmtBox(b)}`, { turn })
        if (t.words.length > best.words.length) best = t
      }
    }
    probes.push(best)
  }
  const p: Probe = {
    words: probes.flatMap((x) => x.words),
    tokens: probes.flatMap((x) => x.tokens),
    unsure: probes.reduce((a, x) => a + x.unsure, 0),
    boxes: probes.flatMap((x) => x.boxes),
    allBoxes: probes.flatMap((x) => x.allBoxes),
    box: probes.reduce<BBox | undefined>((a, x) => (x.box ? (a ? union(a, x.box) : x.box) : a), undefined),
    text: probes.map((x) => x.text).join(' '),
    items: probes.flatMap((x) => x.items),
    note: probes.map((x) => x.note).join('; '),
  }
  const { found, novel, novelAt } = compareWithLayer(page.text, p.words)
  const region0 = p.box && novel.length ? `; image text at ${fmtBox(p.box)}` : ''
  return mixedVerdict(page, v, p, { layerWords, found, novel, novelAt, region0 }, o)
}

/** Letters a word the image reads must have before one of them missing from the layer says anything (`Do umentation`). */
const LOST_LETTER_WORD = 6

const escapeRe = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A lower-case letter the whole layer never has, and the words the image reads (of `LOST_LETTER_WORD` letters or more)
 * that the layer holds short of it: a font whose map lacks it (a Type3 font without its `c`: `Do umentation`,
 * `Sﬂheme` for `Scheme`, `Do ﬂumentation`). The letter dropped or a space in its place is shown by one word, however
 * short the page; one or two other characters in its place by two words (one-letter misreads already count as the
 * layer's words, {@link compareWithLayer}, but one word alone could still be OCR's misreading of a short layer).
 * `undefined` when no letter is so shown.
 */
function lostLetter(layer: string, novel: string[]): { letter: string; words: string[] } | undefined {
  const text = layer.normalize('NFC').replace(/\s+/gu, ' ')
  const byLetter = new Map<string, { words: string[]; dropped: boolean }>()
  for (const raw of novel) {
    const w = raw.normalize('NFC').replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    const chars = [...w]
    if (chars.filter((ch) => /\p{L}/u.test(ch)).length < LOST_LETTER_WORD) continue
    for (let i = 0; i < chars.length; i++) {
      const x = chars[i]!
      if (!/\p{Ll}/u.test(x) || text.includes(x)) continue
      const a = escapeRe(chars.slice(0, i).join(''))
      const b = escapeRe(chars.slice(i + 1).join(''))
      const held = (gap: string) => new RegExp(`(?:^|[^\\p{L}])${a}${gap}${b}(?:[^\\p{L}]|$)`, 'u').test(text)
      const dropped = held(' ?')
      if (!dropped && !held(' ?\\S{1,2} ?')) continue
      const r = byLetter.get(x) ?? { words: [], dropped: false }
      if (!r.words.includes(w)) r.words.push(w)
      r.dropped ||= dropped
      byLetter.set(x, r)
    }
  }
  const shown = [...byLetter].filter(([, r]) => r.dropped || r.words.length >= 2).sort((m, n) => n[1].words.length - m[1].words.length)[0]
  return shown ? { letter: shown[0], words: shown[1].words } : undefined
}

/** The probe's reading beside the layer: what the layer holds, and the words only the image shows. */
interface Comparison {
  layerWords: number
  found: number
  novel: string[]
  /** Indices of `novel` in the probe's words. */
  novelAt: number[]
  /** Note naming where the image text is, when it is kept out of OCR. */
  region0: string
}

/** Whether a word box lies in an annotation's picture (a stamp), by its centre. */
const inAnnotation = (page: PageText, b: BBox): boolean => (page.images ?? []).some((i) => i.annotation && centreIn(i.bbox, b))

/**
 * The verdict of a born-digital page whose image was probed: healthy, with the picture regions to OCR when the words
 * only the pictures show are a real share of the page.
 */
function mixedVerdict(page: PageText, v: Verdict, p: Probe, c: Comparison, o: ResolvedGatesOptions): Verdict {
  const { layerWords, found, novel, novelAt, region0 } = c
  const lost = lostLetter(page.text, novel)
  if (lost) {
    return decide(v, 'garbled', true, [
      p.note,
      `garbled: the image reads ${lost.words.slice(0, 3).join(' ')} where the layer has each short of \`${lost.letter}\`, a letter the whole layer never has: a map without it`,
    ])
  }
  // A born-digital page: its layer is exact where it speaks, and the pictures beside it hold words it never had. The
  // page's words as the image shows them: those the layer holds (counted on the layer, or as OCR found them when the
  // layer's word breaks are lost) and those only the pictures show (not those lying over the layer's own text: OCR
  // misreading the layer). When those are a real share of the page, the layer is kept and the pictures alone are
  // OCRed (`regions`); a page is OCRed whole only when its own layer is missing, thin over a scan, or broken.
  // Words the layer holds are not the picture's, wherever OCR placed them.
  const novelSet = new Set(novelAt)
  const held = new Set(p.boxes.filter((_, i) => !novelSet.has(i)))
  const novelBoxes = novelAt.map((i) => p.boxes[i]!)
  const pics = pictureRegions(
    page,
    novelBoxes,
    p.allBoxes.filter((b) => !held.has(b)),
    (page.images ?? []).map((i) => i.bbox),
  )
  const share = pics.words / Math.max(1, Math.max(layerWords, found) + pics.words)
  const only =
    novel.length === pics.words
      ? `${pics.words} words only in the image`
      : `${pics.words} words only in pictures (${novel.length - pics.words} more over the layer's text)`
  const last = v.layer === 'healthy' ? v.notes.at(-1)!.replace(/^healthy: /, '') : 'the layer holds what the image shows'
  // One word is enough in a stamp an annotation draws: it is added to the page (APPROVED, PAID), not a logo of its
  // own content, and lies apart from the layer's text, so it is no misread of it.
  const minWords = novelBoxes.some((b) => inAnnotation(page, b)) ? 1 : o.mixedMinWords
  if (pics.words >= minWords && share >= o.mixedShare) {
    const out = decide(
      v,
      'healthy',
      false,
      [
        p.note,
        `healthy: ${last}; ${only} (${novel.slice(0, 5).join(' ')}), ${f2(share)} >= ${f2(o.mixedShare)} of the page's words: ` +
          `the layer is kept and ${pics.regions.length === 1 ? 'the picture region' : `${pics.regions.length} picture regions`} ${pics.regions.map(fmtBox).join(' ')} OCRed`,
      ],
      share,
      o.mixedShare,
    )
    // Regions the characters set (a broken font's box) stay with the pictures'.
    out.regions = [...(v.regions ?? []), ...pics.regions]
    return out
  }
  return decide(v, 'healthy', false, [p.note, `healthy: ${last} (${only}, ${f2(share)} < ${f2(o.mixedShare)}${region0})`], share, o.mixedShare)
}
