// A small typesetter for the evaluation: justified, hyphenated columns with running heads, page numbers and
// footnotes, written with pdf-lib word by word (as a justifying producer positions words). Returns the PDF bytes and
// the truth: the source words, the footnotes, every line-end hyphen site and the running texts drawn.
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { hyphenPoints } from './hyphenate.mjs'

const FONTS = { Times: StandardFonts.TimesRoman, Helvetica: StandardFonts.Helvetica, Courier: StandardFonts.Courier }
const BOLD = { Times: StandardFonts.TimesRomanBold, Helvetica: StandardFonts.HelveticaBold, Courier: StandardFonts.CourierBold }

/**
 * @param {object} spec
 *   paragraphs: Array<{ text: string, heading?: boolean, notes?: Array<{ after: number, text: string }> }>
 *   page: [w, h]; margins: { top, bottom, side }; columns: 1 | 2; gutter; font; size; leading; paraGap
 *   header(pageNo): { left?, right?, center? } strings at the top band; footer(pageNo, total) likewise at the bottom
 */
export async function typeset(spec) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(FONTS[spec.font])
  const bold = await doc.embedFont(BOLD[spec.font])
  const [W, H] = spec.page
  const { top, bottom, side } = spec.margins
  const cols = spec.columns
  const colW = (W - 2 * side - (cols - 1) * spec.gutter) / cols
  const size = spec.size
  const lead = spec.leading
  const noteSize = size * 0.8
  const noteLead = noteSize * 1.2
  const supSize = size * 0.6
  const space = font.widthOfTextAtSize(' ', size)
  const wOf = (t, f = font, s = size) => f.widthOfTextAtSize(t, s)

  // 1. Break paragraphs into lines.
  const truth = { words: [], notes: [], sites: [], running: new Set(), pageNumbers: [] }
  let noteNo = 0
  const lines = [] // { words: [{ text, sup? }], justify, indent, heading, gapBefore, notes: [{n, text}] }
  for (const p of spec.paragraphs) {
    const toks = p.text
      .split(/\s+/)
      .filter(Boolean)
      .map((t) => ({ text: t }))
    for (const n of p.notes ?? []) {
      const tok = toks[Math.min(n.after, toks.length - 1)]
      if (!tok || tok.sup) continue
      tok.text = tok.text.replace(/[^\p{L}]+$/u, '') || tok.text
      tok.sup = String(++noteNo)
      tok.note = n.text
      truth.notes.push(`${noteNo} ${n.text}`)
    }
    for (const t of toks) truth.words.push(t.text + (t.sup ?? ''))
    if (p.heading) {
      lines.push({ words: toks, justify: false, indent: 0, heading: true, gapBefore: lead, notes: [] })
      continue
    }
    const width = (t) => wOf(t.text) + (t.sup ? wOf(t.sup, font, supSize) : 0)
    let cur = []
    let curW = spec.indent
    let first = true
    const flush = (justify) => {
      lines.push({
        words: cur,
        justify,
        indent: first ? spec.indent : 0,
        heading: false,
        gapBefore: first ? spec.paraGap : 0,
        notes: cur.filter((t) => t.note).map((t) => ({ n: t.sup, text: t.note })),
      })
      first = false
      cur = []
      curW = 0
    }
    const queue = [...toks]
    while (queue.length) {
      const t = queue.shift()
      const w = width(t)
      if (cur.length === 0 ? curW + w <= colW : curW + space + w <= colW) {
        curW += (cur.length ? space : 0) + w
        cur.push(t)
        continue
      }
      // Hyphenate: the longest prefix that fits (never a token carrying a note marker).
      let done = false
      if (!t.sup) {
        const pts = hyphenPoints(t.text).reverse()
        for (const pt of pts) {
          const pre = t.text.slice(0, pt.at) + (pt.compound ? '' : '-')
          if (curW + (cur.length ? space : 0) + wOf(pre) <= colW) {
            cur.push({ text: pre })
            truth.sites.push({ left: pre, right: t.text.slice(pt.at), word: t.text, compound: pt.compound, lang: spec.lang })
            flush(true)
            queue.unshift({ text: t.text.slice(pt.at) })
            done = true
            break
          }
        }
      }
      if (!done) {
        if (cur.length === 0) {
          cur.push(t)
          flush(true)
        } else {
          flush(true)
          queue.unshift(t)
        }
      }
    }
    if (cur.length) flush(false)
  }

  // 2. Flow lines into columns and pages, reserving room for the footnotes of each page.
  const pages = []
  let page
  const newPage = () => {
    page = { cols: Array.from({ length: cols }, () => []), col: 0, y: top, notes: [] }
    pages.push(page)
  }
  const noteLines = (n) => {
    const out = []
    let cur = `${n.n}`
    for (const w of n.text.split(' ')) {
      if (wOf(`${cur} ${w}`, font, noteSize) > W - 2 * side) {
        out.push(cur)
        cur = w
      } else cur = `${cur} ${w}`
    }
    out.push(cur)
    return out
  }
  const notesHeight = (notes) => (notes.length ? 8 + notes.reduce((s, n) => s + noteLines(n).length * noteLead, 0) : 0)
  newPage()
  for (const l of lines) {
    for (;;) {
      const gap = page.cols[page.col].length ? l.gapBefore : 0
      const need = gap + lead
      const notes = [...page.notes, ...l.notes]
      // Every column already set must stay above the notes area, not only the current one.
      const lowest = Math.max(0, ...page.cols.flat().map((x) => x.baseline))
      const limit = H - bottom - notesHeight(notes)
      if (page.y + need <= limit && (l.notes.length === 0 || lowest <= limit)) {
        page.y += need
        page.cols[page.col].push({ ...l, baseline: page.y })
        page.notes = notes
        break
      }
      if (page.col + 1 < cols) {
        page.col++
        page.y = top
      } else newPage()
    }
  }

  // 3. Draw.
  const total = pages.length
  pages.forEach((pg, pi) => {
    const no = pi + 1
    const p = doc.addPage([W, H])
    pg.cols.forEach((cl, ci) => {
      const x0 = side + ci * (colW + spec.gutter)
      for (const l of cl) {
        const f = l.heading ? bold : font
        const widths = l.words.map((t) => wOf(t.text, f) + (t.sup ? wOf(t.sup, f, supSize) : 0))
        const natural = widths.reduce((a, b) => a + b, 0) + space * (l.words.length - 1) + l.indent
        const gapW = l.justify && l.words.length > 1 ? space + (colW - natural) / (l.words.length - 1) : space
        let x = x0 + l.indent
        l.words.forEach((t, k) => {
          p.drawText(t.text, { x, y: H - l.baseline, size, font: f })
          if (t.sup) p.drawText(t.sup, { x: x + wOf(t.text, f), y: H - l.baseline + size * 0.35, size: supSize, font })
          x += widths[k] + gapW
        })
      }
    })
    if (pg.notes.length) {
      let y = H - bottom - notesHeight(pg.notes) + 8
      p.drawLine({ start: { x: side, y: H - y + 4 }, end: { x: side + 100, y: H - y + 4 }, thickness: 0.5 })
      for (const n of pg.notes)
        for (const t of noteLines(n)) {
          y += noteLead
          p.drawText(t, { x: side, y: H - y, size: noteSize, font })
        }
    }
    const band = (spec2, y) => {
      if (!spec2) return
      for (const [k, t] of Object.entries(spec2)) {
        if (!t) continue
        const w = wOf(t, font, size * 0.9)
        const x = k === 'left' ? side : k === 'right' ? W - side - w : (W - w) / 2
        p.drawText(t, { x, y: H - y, size: size * 0.9, font })
      }
    }
    const hd = spec.header?.(no, total)
    const ft = spec.footer?.(no, total)
    band(hd, top - 2.2 * lead)
    band(ft, H - bottom + 2.2 * lead)
    for (const b of [hd, ft])
      for (const t of Object.values(b ?? {})) if (t) /\p{L}{3}/u.test(t) && !/^page \d/i.test(t) ? truth.running.add(t) : truth.pageNumbers.push(t)
  })
  return { bytes: await doc.save({ useObjectStreams: false }), truth, pages: total }
}
