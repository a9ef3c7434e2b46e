import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { parseCsv } from '@pdftriage/batch'
import { cli, folder } from './helpers.js'

const rows = (out: string) => {
  const [header, ...rs] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
  return rs.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])) as Record<string, string>)
}

describe('run: include/exclude globs and metadata rules', () => {
  let dir: string
  before(async () => {
    dir = folder()
    mkdirSync(join(dir, 'in', 'drafts'), { recursive: true })
    // An @ctes document: the platform's producer, a transmission stamp at the top of each page, a receipt page last.
    const stamp = { text: 'Envoyé en préfecture le 12/03/2024 Reçu en préfecture le 12/03/2024 ID : 075-217500016-20240312-A2024', size: 7, top: 20 }
    writeFileSync(
      join(dir, 'in', 'arrete.pdf'),
      await fx.buildPdf(
        [
          { blocks: [stamp, { text: fx.FRENCH_DECREE, top: 110 }] },
          { blocks: [stamp, { text: fx.FRENCH_PROSE, top: 110 }] },
          { blocks: [{ text: 'Accusé de réception en préfecture 075-217500016-20240312-A2024 Date de réception 12/03/2024' }] },
        ],
        { producer: 'iText 2.1.7 by 1T3XT' },
      ),
    )
    // A scan whose OCR layer came from "Image Capture Plus": every page is OCRed again whatever it reads like.
    writeFileSync(
      join(dir, 'in', 'scan.pdf'),
      await fx.buildPdf([{ scan: { text: fx.FRENCH_PROSE, dpi: 100 }, blocks: [{ text: fx.FRENCH_PROSE, invisible: true }] }], {
        creatorTool: 'Image Capture Plus 5.2',
      }),
    )
    writeFileSync(join(dir, 'in', 'drafts', 'draft.pdf'), await fx.healthyPdf('en'))
    writeFileSync(join(dir, 'in', 'notes.pdf'), await fx.healthyPdf('en'))
  })

  it('applies the actes-fr preset and the globs', async () => {
    writeFileSync(
      join(dir, 'c.json'),
      JSON.stringify({
        presets: ['actes-fr'],
        postprocess: [],
        judges: ['@pdftriage/judge-gates'],
        ocr: { use: 'tesseract', options: { languages: ['fra'], workers: 1 } },
        ocrDpi: 100,
      }),
    )
    const r = await cli(['run', '--config', 'c.json', '--jobs', '1', '--out', 'out', '--exclude', 'drafts/**', '--exclude', 'notes.pdf', 'in'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const docs = rows(join(dir, 'out'))
    assert.deepEqual(docs.map((d) => d.path).sort(), [join('in', 'arrete.pdf'), join('in', 'scan.pdf')])
    const arrete = docs.find((d) => d.path!.endsWith('arrete.pdf'))!
    assert.equal(arrete.producer, 'iText 2.1.7 by 1T3XT')
    assert.match(arrete.tags!, /receipt-last-page/)
    assert.match(arrete.tags!, /actes-stamp/)
    const scan = docs.find((d) => d.path!.endsWith('scan.pdf'))!
    assert.equal(scan.creator_tool, 'Image Capture Plus 5.2')
    assert.equal(scan.tags, 'poor-ocr-layer')
    assert.equal(scan.pages_ocred, '1')
    const pages = readFileSync(join(dir, 'out', 'pages.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    const arretePages = pages.filter((p) => String(p.file).endsWith('arrete.pdf'))
    assert.deepEqual(
      arretePages.map((p) => p.action),
      ['kept', 'kept', 'skipped'],
    )
    // The stamp is ignored when judging (notes count the page without it), but kept in the text.
    assert.match(String(arretePages[0]!.text), /Envoyé en préfecture/)
    const text = readFileSync(join(dir, 'out', arrete.text!), 'utf8').split('\f')
    assert.equal(text.length, 3)
    assert.equal(text[2], '', 'the receipt page is left out of the text')
  })
})
