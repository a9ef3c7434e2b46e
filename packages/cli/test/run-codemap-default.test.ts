import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder, readIndex } from './helpers.js'

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Share of the words of `truth` found in `text`, each once (order aside). */
function wordRecall(truth: string, text: string): number {
  const have = new Map<string, number>()
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) have.set(w, (have.get(w) ?? 0) + 1)
  const want = truth.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  let hit = 0
  for (const w of want) {
    const c = have.get(w)
    if (c) {
      hit++
      have.set(w, c - 1)
    }
  }
  return hit / want.length
}

interface PageRow {
  file: string
  action: string
  repair?: string
  layer: string
  text: string
  notes: string[]
}

describe('the built-in configuration reads fonts with a false character map without OCR (real tesseract)', () => {
  let dir: string
  before(async () => {
    dir = folder({
      // the demo's page: a false ToUnicode, the font's encoding still naming its glyphs
      'false-charmap.pdf': await fx.garbledPdf(),
      // healthy prose beside a table in a font whose map is false: the table's font alone is read by the repair
      'mixed-fonts.pdf': await fx.mixedFontPdf(),
      'healthy.pdf': await fx.healthyPdf('fr'),
    })
  })

  it('repairs both pages with the code-map repair, OCRs neither, spends no region on them, and leaves the healthy page alone', async () => {
    // no config file: the built-in configuration
    const r = await cli(['run', '--jobs', '1', '--out', 'out', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const out = join(dir, 'out')
    const { docs, pages } = readIndex<PageRow>(out)
    const row = (name: string) => pages.find((p) => p.file === name)!
    for (const [name, truth] of [
      ['false-charmap.pdf', fx.FRENCH_DECREE],
      ['mixed-fonts.pdf', `${fx.FRENCH_PROSE}\n${fx.FRENCH_DECREE.slice(0, 900)}`],
    ] as const) {
      const p = row(name)
      assert.deepEqual([p.action, p.repair, p.layer], ['repaired', 'codemap', 'recoverable'], `${name}: ${p.notes.join(' | ')}`)
      assert.ok(wordRecall(truth, p.text) >= 0.98, `${name}: ${collapse(p.text).slice(0, 200)}`)
      assert.equal(docs.find((d) => d.path === name)!.pages_ocred, '0', name)
    }
    // read by the glyph names their files give, confirmed as prose: the repair OCRs no region, and, tried before the
    // gates' look at the damage (repairsFirst), leaves nothing for anyone to look at
    for (const name of ['false-charmap.pdf', 'mixed-fonts.pdf']) {
      const notes = row(name).notes
      assert.ok(!notes.some((n) => /^looks: \d+ region\(s\) OCRed by the repairs/.test(n)), notes.join(' | '))
      assert.ok(!notes.some((n) => /^codemap: .*[1-9]\d* OCR region\(s\) spent/.test(n)), notes.join(' | '))
      assert.ok(!notes.some((n) => /^looks: (judge|repair|ocr) /.test(n)), notes.join(' | '))
    }
    const healthy = row('healthy.pdf')
    assert.equal(healthy.action, 'kept')
    assert.ok(!healthy.notes.some((n) => /^(codemap|looks):/.test(n)), healthy.notes.join(' | '))
    const report = JSON.parse(readFileSync(join(out, docs.find((d) => d.path === 'healthy.pdf')!.report!), 'utf8')) as { notes?: string[] }
    assert.ok(!(report.notes ?? []).some((n) => /^looks:/.test(n)), 'a healthy document pays for no look')
  })
})
