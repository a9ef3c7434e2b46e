import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import pdfjs from '@pdftriage/extract-pdfjs'
import { parseCsv } from '@pdftriage/batch'
import { cli, folder } from './helpers.js'

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
    const [header, ...rows] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
    const docs = rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]!])))
    const pages = readFileSync(join(out, 'pages.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; action: string; text: string; notes: string[] })
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
