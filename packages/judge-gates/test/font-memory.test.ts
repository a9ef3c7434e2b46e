// Each font is put to the page image once per document: what a look settles of a font holds on the document's later
// pages. Generated pages, a stub OCR that counts its calls.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BBox, JudgeContext, PageText } from '@pdftriage/core'
import gates from '../src/index.js'
import { ENGLISH, garbleAscii, page } from './helpers.js'

const judge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })

interface Look {
  box: BBox
  dpi: number
}

/**
 * A context of one document (its own info object) whose OCR reads what `image()` shows where it is asked: the words of
 * the items whose centre lies in the region, each word a slice of its item's box.
 */
function eyes(image: () => PageText, looks: Look[] = [], info = { pageCount: 3 }): JudgeContext {
  return {
    pageCount: 3,
    info,
    recognizeRegion: async (box, dpi) => {
      looks.push({ box, dpi })
      const items = image().items.flatMap((it) => {
        const cx = (it.bbox.x0 + it.bbox.x1) / 2
        const cy = (it.bbox.y0 + it.bbox.y1) / 2
        if (cx < box.x0 || cx > box.x1 || cy < box.y0 || cy > box.y1) return []
        const words = it.text.split(/\s+/).filter(Boolean)
        const w = (it.bbox.x1 - it.bbox.x0) / words.length
        return words.map((text, k) => ({ text, confidence: 0.9, bbox: { ...it.bbox, x0: it.bbox.x0 + k * w, x1: it.bbox.x0 + (k + 1) * w } }))
      })
      return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join(' '), source: 'ocr' }
    },
  }
}

/** The English prose with its characters renumbered to ASCII (a false map), space glyph included: letters 0.00. */
const JUNK = garbleAscii(ENGLISH, true)

/** A page of prose in Times above text in font `font` (named `name`), the page numbered `n`. */
const twoFonts = (n: number, other: string, font = 'f2', name = 'Broken'): PageText =>
  page(
    [
      { text: ENGLISH, font: 'f1', name: 'Times' },
      { text: other, font, name },
    ],
    { imageCoverage: 0, pageNumber: n },
  )

test('a font the image shows broken on page 1 is broken on page 2 without a second look, whatever its share', async () => {
  const looks: Look[] = []
  // The image shows prose where the false map's font stands.
  let image = twoFonts(1, ENGLISH)
  const ctx = eyes(() => image, looks)
  // Page 1: the false map sets half the page; its characters fail, and the image, asked, shows prose, not the layer.
  const first = twoFonts(1, JUNK)
  for (const i of first.items) if (i.fontId === 'f2') i.fontSize = 6
  const v1 = await judge.judge(first, ctx)
  assert.deepEqual([v1?.layer, v1?.needsOcr], ['garbled', true], v1?.notes.join(' | '))
  assert.equal(looks.length, 1)
  assert.equal(looks[0]!.dpi, 288, '6 pt print is read at the resolution its size needs (an em of 24 px), not at 150 dpi')
  assert.match(v1!.notes.join('\n'), /the document so far: 1 font verified by the image \(1 broken\), 1 look by the gates/)

  // Page 2: three lines of the same font beside the prose pass every gate on their characters (judged alone, without an OCR engine) ...
  const second = twoFonts(2, JUNK.slice(0, 190))
  image = twoFonts(2, ENGLISH.slice(0, 190))
  const alone = await judge.judge(second, { pageCount: 3, info: { pageCount: 3 } })
  assert.deepEqual([alone?.layer, alone?.regions], ['healthy', undefined])
  // ... but this document knows the font: its region is OCRed, with no look.
  const v2 = await judge.judge(second, ctx)
  assert.equal(looks.length, 1)
  assert.deepEqual([v2?.layer, v2?.needsOcr], ['healthy', false])
  const f2 = second.items.filter((i) => i.fontId === 'f2')
  assert.deepEqual(v2!.regions, [{ x0: 48, y0: f2[0]!.bbox.y0 - 2, x1: 547, y1: f2.at(-1)!.bbox.y1 + 2 }])
  assert.deepEqual(v2!.brokenFonts, ['f2'])
  assert.match(
    v2!.notes.join('\n'),
    /font Broken \(f2\) broken by the image on page 1 \(the document's memory, no new look\).*its region \[48, \d+, 547, \d+\] is OCRed/,
  )

  // A repair's text over the same font is the repair's, not the font's map: the memory does not speak of it.
  const repaired = await judge.judge({ ...second, source: 'repaired' }, ctx)
  assert.deepEqual([repaired?.layer, repaired?.regions], ['healthy', undefined])
  assert.equal(looks.length, 1)

  // Page 3: the font carries the page again: garbled, not put to the image again.
  image = twoFonts(3, ENGLISH)
  const v3 = await judge.judge(twoFonts(3, JUNK), ctx)
  assert.deepEqual([v3?.layer, v3?.needsOcr], ['garbled', true])
  assert.equal(looks.length, 1)
  assert.match(v3!.notes.join('\n'), /font Broken \(f2\) broken by the image on page 1 .*not put to the image again/)
  assert.match(v3!.notes.join('\n'), /1 font verified by the image \(1 broken\), 1 look by the gates/)

  // The same id naming another font is another font: nothing is remembered of it, it is put to the image itself.
  image = twoFonts(4, ENGLISH.slice(0, 190), 'f2', 'Other')
  const v4 = await judge.judge(twoFonts(4, JUNK.slice(0, 190), 'f2', 'Other'), ctx)
  assert.equal(looks.length, 2)
  assert.doesNotMatch(v4!.notes.join('\n'), /memory/)
  assert.match(v4!.notes.join('\n'), /font Other \(f2\): broken: the image does not show its text/)
})

test('a small font failing the letter gate is put to the image on a few of its runs: broken, its box is OCRed; it reads, it is settled', async () => {
  const looks: Look[] = []
  // Three lines of a false map beside prose: every gate the page judges passes.
  const junk = twoFonts(1, JUNK.slice(0, 190))
  const blind = await judge.judge(junk, { pageCount: 1, info: { pageCount: 1 } })
  assert.deepEqual([blind?.layer, blind?.regions], ['healthy', undefined])
  let image = twoFonts(1, ENGLISH.slice(0, 190))
  const ctx = eyes(() => image, looks)
  const v = await judge.judge(junk, ctx)
  assert.deepEqual([v?.layer, v?.needsOcr, v?.regions?.length, looks.length], ['healthy', false, 1, 1], v?.notes.join(' | '))
  assert.deepEqual(v!.brokenFonts, ['f2'])
  assert.match(v!.notes.join('\n'), /font Broken \(f2\): broken: the image does not show its text \(0 of \d+ OCR words over its runs found in the layer there/)
  // The prose the page's other font sets holds those very words: they are not the font's.
  assert.match(v!.notes.join('\n'), /1 font verified by the image \(1 broken\), 1 look by the gates/)
  // A font of signs set in runs (a short listing) that the image shows as it is: confirmed, not looked at again.
  const rows = Array.from({ length: 4 }, (_, i) => `\\hline $-${i}.5e+3$ & {${i},3} & (${i}4) & [=+-] \\\\`).join('\n')
  const ok = twoFonts(2, rows, 'f9', 'Mono')
  image = ok
  const w = await judge.judge(ok, ctx)
  assert.deepEqual([w?.layer, w?.regions], ['healthy', undefined], w?.notes.join(' | '))
  assert.equal(looks.length, 2)
  assert.match(w!.notes.join('\n'), /font Mono \(f9\): confirmed: the image shows its text/)
  await judge.judge(twoFonts(3, rows, 'f9', 'Mono'), ctx)
  assert.equal(looks.length, 2)
  // A math font of signs set one by one is no question for the image.
  const signs = Array.from({ length: 30 }, () => '∑ ∫ ≤ →').join(' ')
  await judge.judge(twoFonts(4, signs, 'm1', 'CMSY10'), ctx)
  assert.equal(looks.length, 2)
})

/** A listing of few letters (formulas as typed), rows `from`..`from + 23`: genuine text that fails the letter gate. */
const listing = (from: number) =>
  Array.from({ length: 24 }, (_, k) => {
    const i = from + k
    return `$(${i}+${i * 2})*[${i}]=${3 * i * i}$ & $-${i}.${i}e+${i}$ & {${i},${i + 1}}`
  }).join('\n')

test('a font the image confirms is not looked at again in the document; a new document looks', async () => {
  const looks: Look[] = []
  // The image shows the listing as the layer has it.
  let image = twoFonts(1, listing(0), 'f3', 'Mono')
  const ctx = eyes(() => image, looks)
  const v1 = await judge.judge(twoFonts(1, listing(0), 'f3', 'Mono'), ctx)
  assert.deepEqual([v1?.layer, v1?.needsOcr], ['healthy', false], v1?.notes.join(' | '))
  assert.equal(looks.length, 1)
  // The same font on page 2, failing the same gate: read as the look on page 1 said, with no look.
  const p2 = twoFonts(2, listing(30), 'f3', 'Mono')
  image = p2
  const v2 = await judge.judge(p2, ctx)
  assert.deepEqual([v2?.layer, v2?.needsOcr], ['healthy', false], v2?.notes.join(' | '))
  assert.equal(looks.length, 1)
  assert.match(v2!.notes.join('\n'), /font Mono \(f3\) confirmed by the image on page 1 \(the document's memory, no new look\)/)
  assert.match(v2!.notes.at(-1)!, /^healthy: font Mono \(f3\) carries .* but the image showed this font's text on an earlier page/)
  // A control character in the font's text is damage its statistics state: the memory does not clear it, the image is asked.
  const p3 = twoFonts(3, `${listing(30)}\u0001`, 'f3', 'Mono')
  image = twoFonts(3, listing(30), 'f3', 'Mono')
  await judge.judge(p3, ctx)
  assert.equal(looks.length, 2)
  // Another document remembers nothing: it looks.
  const other: Look[] = []
  const w = await judge.judge(
    p2,
    eyes(() => p2, other),
  )
  assert.equal(w?.layer, 'healthy')
  assert.equal(other.length, 1)
  assert.doesNotMatch(w.notes.join('\n'), /memory/)
})

test('the fonts a document puts to the image are bounded (fontVerifications), and the notes say so', async () => {
  const bounded = await gates.create(gates.optionsSchema.parse({ fontVerifications: 2, damageConfirmedPages: 0 }), { baseDir: '.' })
  assert.equal(gates.optionsSchema.parse({}).fontVerifications, 8)
  const looks: Look[] = []
  const ctx = eyes(() => twoFonts(1, ENGLISH), looks)
  const verdicts = []
  for (let n = 1; n <= 3; n++) verdicts.push(await bounded.judge(twoFonts(n, JUNK, `b${n}`, `Broken${n}`), ctx))
  assert.deepEqual(
    verdicts.map((v) => v?.layer),
    ['garbled', 'garbled', 'garbled'],
  )
  assert.equal(looks.length, 2, 'two fonts verified, the third is not looked at')
  assert.match(verdicts[2]!.notes.join('\n'), /font Broken3 \(b3\) not put to the image: the document's 2 font verifications are spent \(fontVerifications\)/)
  assert.match(verdicts[2]!.notes.join('\n'), /2 fonts verified by the image \(2 broken\), 2 looks by the gates/)
  // A font already settled needs no verification: it is still known once the bound is reached.
  const again = await bounded.judge(twoFonts(4, JUNK.slice(0, 190), 'b1', 'Broken1'), ctx)
  assert.equal(again?.regions?.length, 1)
  assert.equal(looks.length, 2)
})

test('a suspect page whose fonts the image confirmed is not looked at again; one with a control character is', async () => {
  // Letter-spaced words on a short page: suspect, the image decides; it shows them.
  const spaced = 'T H E  C O M M I T T E E  M E T  O N  T H E  F I R S T  T U E S D A Y'
  const shown = 'THE COMMITTEE MET ON THE FIRST TUESDAY'
  const looks: Look[] = []
  const ctx = eyes(() => p(1, shown), looks)
  const p = (n: number, text: string) => page([{ text, font: 'f1', name: 'Spaced' }], { imageCoverage: 0, pageNumber: n })
  const v1 = await judge.judge(p(1, spaced), ctx)
  assert.equal(v1?.layer, 'healthy', v1?.notes.join(' | '))
  assert.equal(looks.length, 1)
  assert.match(v1.notes.join('\n'), /1 font verified by the image \(0 broken\)/)
  const v2 = await judge.judge(p(2, spaced), ctx)
  assert.equal(v2?.layer, 'healthy')
  assert.equal(looks.length, 1)
  assert.match(v2.notes.join('\n'), /not looked at, the image confirmed the page's fonts on earlier pages/)
  await judge.judge(p(3, `${spaced} \u0001`), ctx)
  assert.equal(looks.length, 2)
})

test('a font whose look reads nothing over it is not remembered, nor put to the image again', async () => {
  const looks: Look[] = []
  // The image shows nothing where the font's runs stand (prose above only).
  const ctx = eyes(() => page([{ text: ENGLISH, font: 'f1', name: 'Times' }], { imageCoverage: 0 }), looks)
  const v1 = await judge.judge(twoFonts(1, JUNK), ctx)
  assert.deepEqual([v1?.layer, looks.length], ['garbled', 1])
  assert.match(v1!.notes.join('\n'), /0 fonts verified by the image \(0 broken\), 1 look by the gates/)
  // Three lines of it on page 2: nothing known, nothing OCRed.
  assert.equal((await judge.judge(twoFonts(2, JUNK.slice(0, 190)), ctx))?.regions, undefined)
  // It carries page 3: its characters' verdict stands, with no second look.
  const v3 = await judge.judge(twoFonts(3, JUNK), ctx)
  assert.deepEqual([v3?.layer, looks.length], ['garbled', 1])
  assert.match(v3!.notes.join('\n'), /font Broken \(f2\) not put to the image again: its look on page 1 could not tell/)
})

test('a font condemned where it extracted as control codes is not condemned where its text reads', async () => {
  const looks: Look[] = []
  let image = twoFonts(1, ENGLISH)
  const ctx = eyes(() => image, looks)
  // Page 1: the font's glyphs extract as control codes (a map that fails for one script of the font) and the image
  // shows prose there.
  // Letters become ASCII signs and control codes, as such a font's glyph ids extract (`! "#$ %&` between codes).
  const codes = [...`${ENGLISH} ${ENGLISH}`]
    .map((c) =>
      ' e'.includes(c) ? c : c.charCodeAt(0) % 2 ? String.fromCharCode(33 + (c.charCodeAt(0) % 14)) : String.fromCharCode(14 + (c.charCodeAt(0) % 14)),
    )
    .join('')
  const alone = (n: number, text: string) => page([{ text, font: 'f2', name: 'Broken' }], { imageCoverage: 0, pageNumber: n })
  image = alone(1, `${ENGLISH} ${ENGLISH}`)
  const v1 = await judge.judge(alone(1, codes), ctx)
  assert.deepEqual([v1?.layer, v1?.needsOcr], ['garbled', true], v1?.notes.join(' | '))
  assert.match(v1!.notes.join('\n'), /1 font verified by the image \(1 broken\)/)
  // Page 2: the same font sets a label whose letters it maps right: no region, no look.
  const label = 'Font: Ethiopic Hiwua'
  image = twoFonts(2, label)
  const v2 = await judge.judge(twoFonts(2, label), ctx)
  assert.deepEqual([v2?.layer, v2?.needsOcr, v2?.regions], ['healthy', false, undefined], v2?.notes.join(' | '))
  assert.doesNotMatch(v2!.notes.join('\n'), /the document's memory/)
  // Page 3: where it extracts as control codes again, the memory speaks.
  image = twoFonts(3, ENGLISH.slice(0, 190))
  const v3 = await judge.judge(twoFonts(3, codes.slice(0, 190)), ctx)
  assert.ok(v3?.needsOcr || v3?.regions?.length, v3?.notes.join(' | '))
})

test('a page judged before a later page showed one of its fonts broken gets a second word: that font is OCRed there too', async () => {
  const looks: Look[] = []
  const image = twoFonts(2, ENGLISH)
  const asked: string[] = []
  const ctx = { ...eyes(() => image, looks), revisitLater: (j: string) => void asked.push(j) }
  // Page 1: three lines of the false map's font beside the prose pass every gate on their characters (judged where no
  // image can be read, as where nothing on the page calls for a look): kept, waiting.
  const blind = { pageCount: 3, info: ctx.info, revisitLater: ctx.revisitLater }
  const first = twoFonts(1, JUNK.slice(0, 190))
  const v1 = await judge.judge(first, blind)
  assert.deepEqual([v1?.layer, v1?.regions], ['healthy', undefined])
  assert.deepEqual(asked, ['gates'])
  // Nothing learnt yet: no second word (and it is asked once).
  assert.equal(await judge.revisit!(first, blind), undefined)
  await judge.judge(first, blind)
  // Page 2: the font carries the page; the image, asked, shows prose: broken.
  const second = twoFonts(2, JUNK)
  for (const i of second.items) if (i.fontId === 'f2') i.fontSize = 6
  assert.equal((await judge.judge(second, ctx))?.layer, 'garbled')
  assert.equal(looks.length, 1)
  // The second word on page 1: the font's box is OCRed, with no look; only what the memory adds is said.
  const again = await judge.revisit!(first, blind)
  assert.ok(again)
  assert.deepEqual([again.layer, again.needsOcr, again.brokenFonts], ['healthy', false, ['f2']])
  const f2 = first.items.filter((i) => i.fontId === 'f2')
  assert.deepEqual(again.regions, [{ x0: 48, y0: f2[0]!.bbox.y0 - 2, x1: 547, y1: f2.at(-1)!.bbox.y1 + 2 }])
  assert.equal(looks.length, 1)
  assert.deepEqual(
    again.notes.map((n) => n.replace(/\d+/g, '#')),
    ["font Broken (f#) broken by the image on page # (the document's memory, no new look): it carries #.# of the page, its region [#, #, #, #] is OCRed"],
  )
  // A page that goes to OCR, and a context that cannot hold pages, ask nothing.
  asked.length = 0
  assert.equal((await judge.judge(twoFonts(3, JUNK), blind))?.needsOcr, true)
  const { revisitLater: _, ...cannotHold } = blind
  await judge.judge(twoFonts(3, ENGLISH.slice(0, 190), 'f3', 'Other'), cannotHold)
  assert.deepEqual(asked, [])
})
