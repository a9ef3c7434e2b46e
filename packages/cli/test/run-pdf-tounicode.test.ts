import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import pdfjs from '@pdftriage/extract-pdfjs'
import { cli, folder, readIndex } from './helpers.js'

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()

describe('pdftriage run --pdf on reflected and shifted pages (no OCR)', () => {
  let dir: string
  before(async () => {
    dir = folder({
      'shifted.pdf': await fx.shiftedPdf(),
      'reflected.pdf': await fx.reflectedPdf(),
      // a reflected font and a healthy one on one page: only the reflected font's map is rewritten
      'mixed.pdf': await fx.buildPdf([
        {
          blocks: [
            { text: fx.FRENCH_PROSE, layer: 'reflected' },
            { text: fx.ENGLISH_PROSE, font: 'Times-Roman' },
          ],
        },
      ]),
    })
  })

  it('writes corrected ToUnicode maps: the output extracts as the repaired text, once, and no layer is added', async () => {
    const r = await cli(['run', '--jobs', '1', '--pdf', '--out', 'out', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const out = join(dir, 'out')
    const { docs, pages } = readIndex<{ file: string; action: string; text: string; notes: string[] }>(out)
    const ex = await pdfjs.create(pdfjs.optionsSchema.parse({}), { baseDir: dir })
    for (const name of ['shifted.pdf', 'reflected.pdf', 'mixed.pdf']) {
      const page = pages.find((p) => p.file === name)!
      assert.equal(page.action, 'repaired', name)
      assert.ok(
        page.notes.some((n) => /^reflect: code maps:/.test(n)),
        `${name}: ${page.notes.filter((n) => n.startsWith('reflect')).join(' | ')}`,
      )
      const input = await ex.open(new Uint8Array(readFileSync(join(dir, name))))
      const stored = await input.getPageText(1)
      await input.close()
      assert.notEqual(collapse(stored.text), collapse(page.text), `${name}: the input is broken`)
      const doc = await ex.open(new Uint8Array(readFileSync(join(out, docs.find((d) => d.path === name)!.pdf!))))
      const got = await doc.getPageText(1)
      await doc.close()
      // the file itself now reads as the repair did, and only once: no invisible layer repeats it
      assert.equal(collapse(got.text), collapse(page.text), name)
      assert.ok(!Object.values(got.fonts ?? {}).some((f) => /GlyphLess/.test(f.name ?? '')), `${name}: no layer font`)
      assert.equal(got.items.length, stored.items.length, name)
    }
    const truth = collapse(`${fx.FRENCH_PROSE} ${fx.ENGLISH_PROSE}`)
    assert.equal(collapse(pages.find((p) => p.file === 'mixed.pdf')!.text), truth)
  })
})

describe('searchable PDF of a page of two fonts of one name (the code maps of any repair)', () => {
  /** Two garbled fonts with their /Widths, the second renamed as the first (two subsets of one font, as files have). */
  async function twoFontsOfOneName(): Promise<Uint8Array> {
    const bytes = await fx.buildPdf([
      {
        blocks: [
          { text: fx.FRENCH_PROSE.slice(0, 600), layer: 'garbled', glyphNames: true },
          { text: fx.ENGLISH_PROSE.slice(0, 600), layer: 'garbled', glyphNames: true, font: 'Times-Roman' },
        ],
      },
    ])
    // the fixture writes no object streams: the name is renamed in place, padded so that no offset moves
    const text = Buffer.from(bytes).toString('latin1')
    assert.equal(text.split('/BaseFont /Times-Roman').length, 2)
    return new Uint8Array(Buffer.from(text.replace('/BaseFont /Times-Roman', '/BaseFont /Helvetica  '), 'latin1'))
  }

  /** The page's text with each font's codes read by `readAs`, written by the writer; `undefined` fonts keep theirs. */
  async function remap(input: Uint8Array, letterSpaced = false, stretched = false) {
    const { writeSearchablePdfWithSummary } = await import('@pdftriage/write-pdf')
    const ex = await pdfjs.create(pdfjs.optionsSchema.parse({}), { baseDir: '.' })
    const doc = await ex.open(input)
    const page = await doc.getPageText(1)
    await doc.close()
    const ids = [...new Set(page.items.map((it) => it.fontId!))]
    // each font its own reading of the same codes: swapped maps would read the other case
    const readAs = (id: string, code: number) => String.fromCharCode((id === ids[0] ? 0x61 : 0x41) + (code % 26))
    const fonts = Object.fromEntries(
      ids.map((id) => {
        const codeMap: Record<string, string> = {}
        for (const it of page.items) if (it.fontId === id) for (const g of it.glyphs ?? []) codeMap[String(g.code)] = readAs(id, g.code)
        return [id, { ...page.fonts![id]!, codeMap }]
      }),
    )
    let items = letterSpaced ? page.items.map((it) => ({ ...it, glyphs: it.glyphs?.map((g) => ({ ...g, spaceBefore: true })) })) : page.items
    // advances 5 % off every width: no dictionary's /Widths fits them
    if (stretched) items = items.map((it) => ({ ...it, glyphs: it.glyphs?.map((g) => ({ ...g, x1: g.x0 + (g.x1 - g.x0) * 1.05 })) }))
    const written = await writeSearchablePdfWithSummary(input, [{ pageNumber: 1, action: 'repaired', page: { ...page, items, fonts, source: 'repaired' } }])
    const out = await ex.open(written.pdf)
    const got = await out.getPageText(1)
    await out.close()
    return { page, ids, got, summary: written.summary }
  }

  /** The page was remapped, each font with its own map: lower case for the first font, capitals for the second. */
  function readsOwnMaps({ page, ids, got, summary }: Awaited<ReturnType<typeof remap>>) {
    assert.equal(ids.length, 2)
    assert.deepEqual(summary.remapped, [1])
    assert.equal(summary.toUnicode.fonts, 2)
    // font ids are the extractor's per document: the output's, in the order they are met
    const outIds = [...new Set(got.items.map((it) => it.fontId!))]
    const letters = (id: string) =>
      got.items
        .filter((it) => it.fontId === id)
        .map((it) => it.text.replace(/\s/g, ''))
        .join('')
    assert.equal(outIds.length, 2)
    assert.match(letters(outIds[0]!), /^[a-z]+$/)
    assert.match(letters(outIds[1]!), /^[A-Z]+$/)
    const want = (id: string) =>
      page.items
        .filter((it) => it.fontId === id)
        .flatMap((it) => (it.glyphs ?? []).filter((g) => g.text.trim()).map((g) => String.fromCharCode((id === ids[0] ? 0x61 : 0x41) + (g.code % 26))))
        .join('')
    assert.equal(letters(outIds[0]!), want(ids[0]!))
    assert.equal(letters(outIds[1]!), want(ids[1]!))
  }

  it('tells the fonts apart by their widths and writes each its own map', async () => {
    const r = await remap(await twoFontsOfOneName())
    assert.deepEqual(
      r.ids.map((id) => r.page.fonts?.[id]?.name),
      ['Helvetica', 'Helvetica'],
    )
    readsOwnMaps(r)
  })

  it('tells them apart by their glyph names where the widths fit neither', async () => {
    readsOwnMaps(await remap(await twoFontsOfOneName(), false, true))
  })

  it('keeps the layer where the extractor spaced a font before most glyphs (its words would read letter by letter)', async () => {
    const { summary } = await remap(await twoFontsOfOneName(), true)
    assert.deepEqual(summary.remapped, [])
    assert.deepEqual(summary.layered, [1])
  })
})

describe('pdftriage run on reflected and shifted pages with a word split between two fonts', () => {
  // The first font's last line ends inside a word that the second font finishes, with no gap: the extractor reads one
  // word there, and so must the repaired text.
  const cases = {
    'split-reflected.pdf': { layer: 'reflected' as const, head: `${fx.FRENCH_PROSE}\n\nLe fichier de configu`, tail: 'ration est lu au démarrage.' },
    'split-shifted.pdf': { layer: 'shifted' as const, head: `${fx.ENGLISH_PROSE}\n\nThe configu`, tail: 'ration file is read at startup.' },
  }
  let dir: string
  before(async () => {
    const files: Record<string, Uint8Array> = {}
    for (const [name, c] of Object.entries(cases))
      files[name] = await fx.buildPdf([
        {
          blocks: [
            { text: c.head, layer: c.layer },
            { text: c.tail, layer: c.layer, font: 'Times-Roman', continues: true },
          ],
        },
      ])
    dir = folder(files)
  })

  it('the repaired text has no space where the fonts meet, and the output PDF reads it as the repair did', async () => {
    const r = await cli(['run', '--jobs', '1', '--pdf', '--out', 'out', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const out = join(dir, 'out')
    const { docs, pages } = readIndex<{ file: string; action: string; text: string }>(out)
    const ex = await pdfjs.create(pdfjs.optionsSchema.parse({}), { baseDir: dir })
    for (const [name, c] of Object.entries(cases)) {
      const page = pages.find((p) => p.file === name)!
      assert.equal(page.action, 'repaired', name)
      assert.equal(collapse(page.text), collapse(c.head + c.tail), name)
      const doc = await ex.open(new Uint8Array(readFileSync(join(out, docs.find((d) => d.path === name)!.pdf!))))
      const got = await doc.getPageText(1)
      await doc.close()
      assert.equal(collapse(got.text), collapse(page.text), name)
    }
  })
})
