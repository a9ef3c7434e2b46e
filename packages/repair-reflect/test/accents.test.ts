import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PDFDict, PDFDocument, PDFName, StandardFonts, type PDFFont } from 'pdf-lib'
import type { PageText, RepairContext, Verdict } from '@pdftriage/core'
import extract from '@pdftriage/extract-pdfjs'
import { FRENCH_PROSE, layerMap, toUnicodeCMap, unicodeToWinAnsi, type LayerKind } from '@pdftriage/fixtures'
import { charStats, statsReads } from '../src/char-stats.js'
import { reflectOptionsSchema } from '../src/options.js'
import { charOfGlyphName, unreflect } from '../src/reflect.js'
import { ReflectRepair } from '../src/reflect-repair.js'

/** Words whose accents the page draws apart, one of each mark TeX's OT1 encoding draws so. */
const WORDS = "Il faut régler la fenêtre de l'élément déjà placé ; le garçon naïf sait où, et Noël aussi."
const TEXT = `${FRENCH_PROSE.split('\n\n').slice(0, 2).join(' ')} ${WORDS}`

/** The spacing accent WinAnsi draws for each mark (acute, grave, circumflex, dieresis, cedilla). */
const ACCENT: Record<string, number> = { '\u0301': 0xb4, '\u0300': 0x60, '\u0302': 0x88, '\u0308': 0xa8, '\u0327': 0xb8 }
const SIZE = 11

const hex = (c: number): string => `<${c.toString(16).padStart(2, '0')}>`

/**
 * One TJ array drawing `line` as pdfTeX draws OT1 accents: the accent glyph first, moved to stand centred over its
 * letter, then the pen moved back to where the letter starts (TeX's `\accent`).
 */
function tj(line: string, font: PDFFont): string {
  const w = (c: number): number => font.widthOfTextAtSize(String.fromCharCode(c === 0x88 ? 0x2c6 : c), SIZE)
  const move = (pt: number): string => ` ${((-pt * 1000) / SIZE).toFixed(1)} `
  let out = ''
  for (const ch of line) {
    const [base, mark] = [...ch.normalize('NFD')]
    const acc = mark !== undefined ? ACCENT[mark] : undefined
    if (acc !== undefined && base) {
      const letter = unicodeToWinAnsi(base)!
      const shift = (w(letter) - w(acc)) / 2
      out += move(shift) + hex(acc) + move(-(shift + w(acc))) + hex(letter)
    } else out += hex(unicodeToWinAnsi(ch) ?? 0x3f)
  }
  return `[${out}] TJ`
}

/**
 * A page of `text` in Times with every accent drawn apart, the font's map as `layer` makes it; with `names`, the
 * accents named in the font's `/Differences`, as pdfTeX names every glyph of a font.
 */
async function accentsApartPdf(text: string, layer: LayerKind, shift?: number, names = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595.28, 841.89])
  const font = await doc.embedFont(StandardFonts.TimesRoman)
  const key = page.node.newFontDictionary('F1', font.ref)
  const lines: string[] = []
  let cur = ''
  for (const word of text.split(' ')) {
    const next = cur ? `${cur} ${word}` : word
    if (font.widthOfTextAtSize(next.normalize('NFC'), SIZE) > 470 && cur) {
      lines.push(cur)
      cur = word
    } else cur = next
  }
  lines.push(cur)
  const ops = lines.map((l, i) => `BT /${key.asString().slice(1)} ${SIZE} Tf 1 0 0 1 62 ${780 - i * 14} Tm ${tj(l, font)} ET`)
  page.node.addContentStream(doc.context.register(doc.context.stream(ops.join('\n'))))
  await doc.flush()
  const dict = doc.context.lookup(font.ref, PDFDict)
  const map = layerMap(layer, text, shift)
  if (map) dict.set(PDFName.of('ToUnicode'), doc.context.register(doc.context.flateStream(toUnicodeCMap(map))))
  if (names) {
    const differences = [0x60, 'grave', 0x88, 'circumflex', 0xa8, 'dieresis', 0xb4, 'acute', 0xb8, 'cedilla'].map((x) =>
      typeof x === 'number' ? x : PDFName.of(x),
    )
    dict.set(PDFName.of('Encoding'), doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: differences }))
  }
  return doc.save()
}

/** A context whose judges are the character statistics, with the extractor's glyph names when `names`. */
function ctx(doc: { getGlyphNames?: (n: number, ids: readonly string[]) => Promise<Record<string, Record<string, string>>> }, names: boolean): RepairContext {
  const judge = async (p: PageText): Promise<Verdict> => {
    const ok = statsReads(charStats(p.text))
    return { judge: 'stats', layer: ok ? 'healthy' : 'garbled', needsOcr: !ok, notes: [] }
  }
  return {
    pageCount: 1,
    info: { pageCount: 1 },
    verdict: { judge: 'gates', layer: 'garbled', needsOcr: true, notes: [] },
    judge,
    ...(names && doc.getGlyphNames ? { glyphNames: (ids: readonly string[]) => doc.getGlyphNames!(1, ids) } : {}),
  }
}

async function pageOf(pdf: Uint8Array) {
  const ex = await extract.create(extract.optionsSchema.parse({}), { baseDir: '.' })
  const doc = await ex.open(pdf)
  return { doc, page: await doc.getPageText(1) }
}

const words = (s: string): string[] => s.split(/[\s,.;]+/u).filter(Boolean)

test('accents drawn apart read as the composed letters on a healthy layer (the truth the repair must give)', async () => {
  const { doc, page } = await pageOf(await accentsApartPdf(TEXT, 'normal'))
  await doc.close()
  assert.equal(page.text.replace(/\s+/gu, ' '), TEXT.normalize('NFC'))
})

for (const [layer, shift, names] of [
  ['reflected', undefined, true],
  ['reflected', undefined, false],
  // Shifts up: one down by 0x1D (the fixtures') stores the apostrophe as a line feed, which no repair reads back, and
  // one down by 1 to 3 stores a letter as the grave accent, which the extractor puts over the next letter.
  ['shifted', -2, true],
  ['shifted', -1, false],
] as const) {
  test(`a ${layer}${shift !== undefined ? ` (${shift})` : ''} font with accents drawn apart repairs into the composed French words (glyph names ${names ? 'given' : 'not given'})`, async () => {
    const { doc, page } = await pageOf(await accentsApartPdf(TEXT, layer, shift, names))
    assert.ok(!page.text.includes('élément'), 'the broken layer does not read')
    if (names)
      assert.ok(
        Object.values(page.fonts ?? {}).some((f) => Object.values(f.glyphNames ?? {}).includes('acute')),
        'the font names its accents',
      )
    const r = await new ReflectRepair(reflectOptionsSchema.parse({}), undefined).repair(page, ctx(doc, names))
    await doc.close()
    assert.ok(r, 'repaired')
    assert.ok(
      r.notes.some((n) => /accents drawn apart put over their letters/.test(n)),
      r.notes.join('\n'),
    )
    const got = words(r.page.text)
    for (const w of ['régler', 'fenêtre', "l'élément", 'déjà', 'placé', 'garçon', 'naïf', 'où', 'Noël', 'quittâmes', 'légère', 'prés'])
      assert.ok(got.includes(w), `${w} in ${r.page.text}`)
    assert.equal(r.page.text.replace(/\s+/gu, ' '), TEXT.normalize('NFC'))
  })
}

test("a font's glyph names settle the reflection's two readings of a character", () => {
  assert.equal(charOfGlyphName('seven'), '7')
  assert.equal(charOfGlyphName('eacute'), 'é')
  assert.equal(charOfGlyphName('e'), 'e')
  assert.equal(charOfGlyphName('g17'), undefined)
  // `é` stored is both itself and a reflected `7`: after letters the neighbours say `é`, the name `seven` says `7`
  assert.equal(unreflect('\u00bf\u00e9'), 'aé')
  assert.equal(unreflect('\u00bf\u00e9', undefined, [undefined, 0x37]), 'a7')
})
