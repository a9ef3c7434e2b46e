import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { PageText } from '@pdftriage/core'
import { FRENCH_PROSE, buildPdf } from '@pdftriage/fixtures'
import { writeSearchablePdfWithSummary } from '../src/write-searchable-pdf.js'
import { extract } from './pdfjs.js'

test("a page that kept its layer gets invisible text for its pictures' words only, its own text neither hidden nor repeated", async () => {
  const input = await buildPdf([{ blocks: [{ text: FRENCH_PROSE.slice(0, 300) }] }])
  const [before] = await extract(input)
  const item = { text: 'ENREGISTRER', bbox: { x0: 100, y0: 600, x1: 220, y1: 614 }, confidence: 0.95, hasEol: true }
  const regions: PageText = { pageNumber: 1, width: 595.28, height: 841.89, items: [item], text: 'ENREGISTRER', source: 'ocr' }
  const kept = { pageNumber: 1, action: 'kept' as const, page: { ...regions, items: [], text: before!.text, source: 'text-layer' as const } }
  const { pdf, summary } = await writeSearchablePdfWithSummary(input, [{ ...kept, regions }], { hideReplacedText: 'actual-text' })
  assert.deepEqual(summary.layered, [1])
  const [after] = await extract(pdf)
  const words = (s: string) => s.split(/\s+/).filter(Boolean)
  assert.deepEqual(words(after!.text), [...words(before!.text), 'ENREGISTRER'])
  const added = after!.items.find((i) => i.str.includes('ENREGISTRER'))!
  assert.ok(Math.abs(added.x - 100) < 0.5 && added.y > 600 && added.y < 614, JSON.stringify(added))
  // without regions, a kept page is left as it was
  const plain = await writeSearchablePdfWithSummary(input, [kept])
  assert.deepEqual(plain.summary.layered, [])
})
