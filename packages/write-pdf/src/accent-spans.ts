// Accents drawn as glyphs of their own (TeX's `\accent`) in a repaired font: each accent and its letter wrapped in a
// span whose /ActualText is the accented letter, so that readers extract `é`; the drawing is unchanged.
import { accentMark, dotless } from '@pdftriage/core'
import { hexString, parseContent, type Op, type Operand } from './content-stream.js'
import { utf16 } from './tounicode.js'

/**
 * TeX's `\accent` draws an accented letter as two glyphs, the accent and then the letter under it. A ToUnicode CMap
 * maps a code alone, so a repaired font's accent code is written as the spacing accent (`´`): poppler puts it on the
 * letter it overlaps, mupdf reads `´e`. Wrapping each such pair in a marked-content span whose /ActualText is the
 * accented letter makes both read `é` (pdf.js reads its own way either way); the drawing is unchanged.
 */

/** What the rewriting needs of a font a page's content names: its advances and the text its codes read. */
export interface SpanFont {
  /** Advance of a code in text space units per unit of font size (a /Widths entry times the FontMatrix), if known. */
  width(code: number): number | undefined
  /** The text each code reads (the CMap written into the font). */
  map: Readonly<Record<string, string>>
}

/**
 * A letter's accent may sit this far above or below the letter's baseline, in font sizes: TeX raises the accent over
 * capitals by the difference of cap height and x-height (about 0.25 em in Computer Modern and Latin Modern), and a
 * cedilla hangs under the baseline on its own.
 */
const ACCENT_RISE_EMS = 0.6

interface Glyph {
  op: number
  /** Index of the glyph among the glyphs its operator shows. */
  k: number
  font: string
  code: number
  x0: number
  x1: number
  y: number
  size: number
  /** Glyphs in one segment have nothing between them but text positioning and state: no span may cross more. */
  seg: number
}

/** Text-positioning and text-state operators: a span may hold them. Any other operator ends the glyphs a pair can join. */
const TEXT_OPS = new Set(['Tj', 'TJ', "'", '"', 'Td', 'TD', 'Tm', 'T*', 'Tc', 'Tw', 'Tz', 'TL', 'Tf', 'Ts', 'Tr'])
const SHOW_OPS = new Set(['Tj', 'TJ', "'", '"'])

const numAt = (ops: readonly Operand[], i: number): number => {
  const o = ops[i]
  return o?.kind === 'num' ? o.value : 0
}

/** The text state a show operator reads (PDF 9.3): font, size, character and word spacing, scaling, leading, rise. */
interface TextState {
  font: string
  size: number
  tc: number
  tw: number
  th: number
  tl: number
  rise: number
}

/** Operators that set one number of the text state. */
const SETTERS: Record<string, (ts: TextState, n: number) => void> = {
  Tc: (ts, n) => (ts.tc = n),
  Tw: (ts, n) => (ts.tw = n),
  Tz: (ts, n) => (ts.th = n / 100),
  TL: (ts, n) => (ts.tl = n),
  Ts: (ts, n) => (ts.rise = n),
}

/** The glyphs the content shows in `fonts` (single-byte codes), with their extents along upright lines. */
function glyphsOf(ops: readonly Op[], fonts: ReadonlyMap<string, SpanFont>): Glyph[] {
  const walk = new GlyphWalk(fonts)
  ops.forEach((o, opIndex) => walk.step(o, opIndex))
  return walk.out
}

/**
 * The text state along a content stream, operator by operator, and the glyphs found so far. `seg` counts the
 * stretches of text: any operator that is not a text operator, or glyphs of a font not asked for, ends one.
 */
class GlyphWalk {
  readonly out: Glyph[] = []
  private seg = 0
  private ts: TextState = { font: '', size: 0, tc: 0, tw: 0, th: 1, tl: 0, rise: 0 }
  private readonly saved: TextState[] = []
  // the line matrix [a b c d e f] and the distance along it the next glyph starts at
  private lm = [1, 0, 0, 1, 0, 0]
  private x = 0

  constructor(private readonly fonts: ReadonlyMap<string, SpanFont>) {}

  step(o: Op, opIndex: number): void {
    if (!TEXT_OPS.has(o.op)) {
      this.seg++
      if (o.op === 'BT') {
        this.lm = [1, 0, 0, 1, 0, 0]
        this.x = 0
      } else if (o.op === 'q') this.saved.push({ ...this.ts })
      else if (o.op === 'Q') this.ts = this.saved.pop() ?? this.ts
      return
    }
    const set = SETTERS[o.op]
    if (set) {
      set(this.ts, numAt(o.operands, 0))
      return
    }
    if (!this.positionOrFont(o)) this.show(o, opIndex)
  }

  private moveLine(tx: number, ty: number): void {
    const [a, b, c, d, e, f] = this.lm as [number, number, number, number, number, number]
    this.lm = [a, b, c, d, e + tx * a + ty * c, f + tx * b + ty * d]
    this.x = 0
  }

  /** The operators that set the font or move the line (and Tr, which changes neither extent); false for a show operator. */
  private positionOrFont(o: Op): boolean {
    const v = o.operands
    const ts = this.ts
    switch (o.op) {
      case 'Tf':
        ts.font = v[0]?.kind === 'name' ? v[0].value : ''
        ts.size = numAt(v, 1)
        return true
      case 'Tr':
        return true
      case 'Tm':
        this.lm = [0, 1, 2, 3, 4, 5].map((i) => numAt(v, i))
        this.x = 0
        return true
      case 'Td':
        this.moveLine(numAt(v, 0), numAt(v, 1))
        return true
      case 'TD':
        ts.tl = -numAt(v, 1)
        this.moveLine(numAt(v, 0), numAt(v, 1))
        return true
      case 'T*':
        this.moveLine(0, -ts.tl)
        return true
    }
    return false
  }

  /** A show operator: its glyphs in a font asked for, on an upright line, are kept; every glyph advances the line. */
  private show(o: Op, opIndex: number): void {
    const v = o.operands
    const ts = this.ts
    if (o.op === "'" || o.op === '"') {
      if (o.op === '"') {
        ts.tw = numAt(v, 0)
        ts.tc = numAt(v, 1)
      }
      this.moveLine(0, -ts.tl)
    }
    const font = this.fonts.get(ts.font)
    const [a, b, c, d, e, f] = this.lm as [number, number, number, number, number, number]
    // only upright lines (no rotation or skew) are compared: where the accents of TeX's documents are
    const upright = b === 0 && c === 0 && a > 0 && d > 0
    let k = 0
    const showBytes = (bytes: readonly number[]) => {
      for (const code of bytes) {
        const w = font?.width(code)
        const adv = w ?? 0
        if (font && w !== undefined && upright) {
          this.out.push({
            op: opIndex,
            k,
            font: ts.font,
            code,
            x0: e + a * this.x,
            x1: e + a * (this.x + adv * ts.size * ts.th),
            y: f + d * ts.rise,
            size: ts.size * d,
            seg: this.seg,
          })
        }
        this.x += (adv * ts.size + ts.tc + (code === 32 ? ts.tw : 0)) * ts.th
        k++
      }
    }
    const last = v[v.length - 1]
    if (o.op === 'TJ' && last?.kind === 'array') {
      for (const it of last.items) {
        if (it.kind === 'str') showBytes(it.bytes)
        else if (it.kind === 'num') this.x -= (it.value / 1000) * ts.size * ts.th
      }
    } else if (last?.kind === 'str') showBytes(last.bytes)
    if (!font) this.seg++ // glyphs of another font stand between
  }
}

const LETTER = /^\p{L}$/u

/** The mark a code's text stands for when it is an accent (a spacing accent or a combining mark). */
const markOf = (t: string | undefined): string | undefined => (t === undefined ? undefined : accentMark(t))

/** Whether a font whose codes read `texts` has an accent to look for (a page of fonts without one is not read). */
export const readsAccents = (texts: Iterable<string>): boolean => {
  for (const t of texts) if (markOf(t)) return true
  return false
}

/** Whether accent glyph `a` is drawn over glyph `l`: its middle inside `l`'s advance, its baseline near `l`'s. */
const over = (a: Glyph, l: Glyph): boolean => {
  const mid = (a.x0 + a.x1) / 2
  return mid > l.x0 && mid < l.x1 && Math.abs(a.y - l.y) <= ACCENT_RISE_EMS * Math.abs(l.size)
}

interface Pair {
  first: Glyph
  last: Glyph
  text: string
}

/** Accent-and-letter pairs: consecutive glyphs of one font in one segment, the accent over the letter (either order). */
function pairsOf(glyphs: readonly Glyph[], fonts: ReadonlyMap<string, SpanFont>): Pair[] {
  const out: Pair[] = []
  for (let i = 0; i + 1 < glyphs.length; i++) {
    const g = glyphs[i]!
    const h = glyphs[i + 1]!
    if (g.seg !== h.seg || g.font !== h.font) continue
    const map = fonts.get(g.font)!.map
    const tg = map[String(g.code)]
    const th = map[String(h.code)]
    const [accent, letter, lt, mark] =
      markOf(tg) && th && LETTER.test(th) ? [g, h, th, markOf(tg)!] : markOf(th) && tg && LETTER.test(tg) ? [h, g, tg, markOf(th)!] : []
    if (!accent || !letter || !over(accent, letter)) continue
    out.push({ first: g, last: h, text: (dotless(lt!) + mark).normalize('NFC') })
    i++ // a glyph is in one pair at most: spans do not overlap
  }
  return out
}

/** A number as a content stream spells it (never in exponent form). */
const pdfNum = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(6).replace(/0+$/, '').replace(/\.$/, ''))

/** An operator written again with `cuts` (marked-content operators) before its glyphs (index k; its count: after the last). */
function rewriteOp(o: Op, cuts: ReadonlyMap<number, string[]>): string {
  const v = o.operands
  // a line feed first: what comes before it in the stream may end with a word of its own
  let out = '\n'
  let k = 0
  /** Splits a string's bytes where cuts fall: `put` gets each run of bytes (hex), `cut` each cut's operators. */
  const split = (bytes: readonly number[], put: (hex: string) => void, cut: (ops: string) => void) => {
    let run: number[] = []
    for (const b of bytes) {
      const c = cuts.get(k)
      if (c) {
        if (run.length) put(hexString(run))
        run = []
        cut(c.join(''))
      }
      run.push(b)
      k++
    }
    if (run.length) put(hexString(run))
  }
  // the operator's string(s) as pieces, each shown by its own operator
  if (o.op === 'TJ') {
    const items = (v[v.length - 1] as { kind: 'array'; items: Operand[] }).items
    let piece: string[] = []
    const flush = () => {
      if (piece.length) out += `[${piece.join(' ')}] TJ\n`
      piece = []
    }
    for (const it of items) {
      if (it.kind === 'num') piece.push(pdfNum(it.value))
      else if (it.kind === 'str')
        split(
          it.bytes,
          (hex) => piece.push(hex),
          (ops) => {
            flush()
            out += ops
          },
        )
    }
    flush()
  } else {
    if (o.op === '"') out += `${pdfNum(numAt(v, 0))} Tw ${pdfNum(numAt(v, 1))} Tc T*\n`
    else if (o.op === "'") out += 'T*\n'
    split(
      (v[v.length - 1] as { kind: 'str'; bytes: number[] }).bytes,
      (hex) => (out += `${hex} Tj\n`),
      (ops) => (out += ops),
    )
  }
  const after = cuts.get(k)
  if (after) out += after.join('')
  return out
}

/**
 * `content` (a page's content streams, Latin-1) with each accent drawn over its letter by `fonts` (by resource name)
 * wrapped in a span whose /ActualText is the accented letter; `undefined` when there is none or the content cannot be
 * read. Only show operators that hold a pair's glyph are written again, as the same glyphs shown by as many operators
 * as the spans cut them into; the rest is copied byte for byte.
 */
export function accentSpans(content: string, fonts: ReadonlyMap<string, SpanFont>): { content: string; spans: number } | undefined {
  let ops: Op[]
  try {
    ops = parseContent(content)
  } catch {
    return undefined
  }
  const pairs = pairsOf(glyphsOf(ops, fonts), fonts)
  if (pairs.length === 0) return undefined
  const cuts = new Map<number, Map<number, string[]>>()
  const cut = (op: number, k: number, text: string) => {
    let m = cuts.get(op)
    if (!m) cuts.set(op, (m = new Map()))
    const l = m.get(k)
    if (l) l.push(text)
    else m.set(k, [text])
  }
  for (const p of pairs) {
    cut(p.first.op, p.first.k, `/Span <</ActualText <FEFF${utf16(p.text)}>>> BDC\n`)
    cut(p.last.op, p.last.k + 1, 'EMC\n')
  }
  let out = ''
  let at = 0
  for (const [i, m] of [...cuts].sort((a, b) => a[0] - b[0])) {
    const o = ops[i]!
    if (!SHOW_OPS.has(o.op)) return undefined
    out += content.slice(at, o.start) + rewriteOp(o, m)
    at = o.end
  }
  out += content.slice(at)
  return { content: out, spans: pairs.length }
}
