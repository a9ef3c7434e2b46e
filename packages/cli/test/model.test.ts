import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

/** Splits a text into pages of about `n` words, for .txt inputs (pages separated by form feeds). */
const paged = (text: string, n = 90) => {
  const words = text.split(/\s+/)
  const pages: string[] = []
  for (let i = 0; i < words.length; i += n) pages.push(words.slice(i, i + n).join(' '))
  return pages.join('\f')
}

describe('pdftriage fit, calibrate and eval', () => {
  let dir: string
  before(async () => {
    dir = folder({
      'good.txt': paged(`${fx.FRENCH_DECREE}\n${fx.FRENCH_PROSE}`),
      'held.txt': paged(fx.ENGLISH_PROSE, 120),
      'good.pdf': await fx.healthyPdf('fr'),
      'scan.pdf': await fx.scannedPdf(),
      'healthy-en.pdf': await fx.healthyPdf('en'),
      'garbled.pdf': await fx.garbledPdf(),
      'shifted.pdf': await fx.shiftedPdf(fx.FRENCH_PROSE),
      'reflected.pdf': await fx.reflectedPdf(),
    })
  })
  // The inputs above are shared and never written; m.json and c.json are made on first use, whichever case asks
  // first, so that no case depends on another having run (or run first).
  let fitting: ReturnType<typeof cli> | undefined
  let calibrating: ReturnType<typeof cli> | undefined
  const fitted = () => (fitting ??= cli(['fit', '--out', 'm.json', 'good.txt', 'good.pdf', 'scan.pdf'], dir))
  const calibrated = () => (calibrating ??= fitted().then(() => cli(['calibrate', '--model', 'm.json', '--out', 'c.json', 'held.txt'], dir)))

  it('fits a model on .txt pages and on the healthy pages of a PDF, and says which pages it used', async () => {
    const r = await fitted()
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const out = r.stdout.join('\n')
    assert.match(out, /using good\.pdf p1/)
    assert.match(out, /skipping scan\.pdf p1: absent/)
    assert.match(out, /fitted on \d+ pages/)
    assert.match(out, /threshold: -\d\.\d{3} \(margin 0\.5 nat\)/)
    const model = JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8')) as { format: string; trainingPages: number }
    assert.equal(model.format, 'pdftriage-bigram')
    assert.ok(model.trainingPages >= 4)
  })

  it('calibrates on held-out pages: widens the margin just enough, printing each page', async () => {
    assert.equal((await fitted()).code, 0)
    const before = JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8')) as { threshold: number }
    const r = await calibrated()
    assert.equal(r.code, 0, r.stderr.join('\n'))
    assert.match(r.stdout.join('\n'), /held\.txt#1: score -\d\.\d{3}, \d\.\d{3} (below|above) the worst training page/)
    const after = JSON.parse(readFileSync(join(dir, 'c.json'), 'utf8')) as { threshold: number }
    assert.ok(after.threshold <= before.threshold)
  })

  it('calibrates on the pages a person labelled readable, and says which pages labelled as needing OCR pass', async () => {
    assert.equal((await fitted()).code, 0)
    const labels = [
      { file: 'healthy-en.pdf', page: 1, label: 'readable', needs_ocr: false, notes: 'pdftriage review: the verdict was wrong' },
      { file: 'garbled.pdf', page: 1, label: 'garbled', needs_ocr: true },
      { file: 'reflected.pdf', page: 1, label: 'reflected', needs_ocr: false },
      { file: 'scan.pdf', page: 1, label: 'absent', needs_ocr: true },
      { file: 'good.pdf', page: 1, label: 'healthy', needs_ocr: null },
    ]
    writeFileSync(join(dir, 'review.jsonl'), labels.map((l) => JSON.stringify(l)).join('\n'))
    const r = await cli(['calibrate', '--model', 'm.json', '--out', 'l.json', '--labels', 'review.jsonl', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const out = r.stdout.join('\n')
    // The English page is the only trusted one: the reflected layer, the scan without text and the uncertain page are not.
    assert.match(out, /labels: 1 readable page\(s\) with text to pass, 1 needing OCR to check/)
    assert.match(out, /healthy-en\.pdf p1: score -\d\.\d{3}, \d\.\d{3} (below|above) the worst training page/)
    assert.doesNotMatch(out, /reflected\.pdf p1: score/)
    assert.match(out, /garbled\.pdf p1 \(needs OCR\): score (-?\d+\.\d{3}|none), under the threshold/)
    assert.match(out, /of 1 page\(s\) labelled as needing OCR: 1 under the threshold, 0 passing it/)
    const model = JSON.parse(readFileSync(join(dir, 'l.json'), 'utf8')) as { threshold: number }
    const fittedModel = JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8')) as { threshold: number }
    assert.ok(model.threshold <= fittedModel.threshold)
    const bad = await cli(['calibrate', '--model', 'm.json', '--labels', 'review.jsonl'], dir)
    assert.equal(bad.code, 2)
    assert.match(bad.stderr.join('\n'), /ROOT folder/)
  })

  it('refuses to fit on nothing, and reports a bad model file as a config error', async () => {
    writeFileSync(join(dir, 'empty.txt'), '')
    assert.notEqual((await cli(['fit', '--out', 'x.json', 'empty.txt'], dir)).code, 0)
    writeFileSync(join(dir, 'bad-model.json'), '{"format":"something else"}')
    const r = await cli(['triage', '--model', 'bad-model.json', 'good.pdf'], dir)
    assert.equal(r.code, 2)
    assert.match(r.stderr.join('\n'), /bad-model\.json/)
  })

  it('triage --model catches what character statistics let through, and eval counts it against labels', async () => {
    const labels = [
      { file: 'healthy-en.pdf', page: 1, label: 'healthy', needs_ocr: false },
      { file: 'good.pdf', page: 1, label: 'healthy', needs_ocr: false },
      { file: 'scan.pdf', page: 1, label: 'absent', needs_ocr: true },
      { file: 'garbled.pdf', page: 1, label: 'garbled', needs_ocr: true },
      { file: 'reflected.pdf', page: 1, label: 'reflected', needs_ocr: false },
      { file: 'shifted.pdf', page: 1, label: 'reflected', needs_ocr: false },
      { file: 'missing.pdf', page: 1, label: 'healthy', needs_ocr: null },
    ]
    writeFileSync(join(dir, 'labels.jsonl'), labels.map((l) => JSON.stringify(l)).join('\n'))
    assert.equal((await calibrated()).code, 0)
    const r = await cli(['eval', '--labels', 'labels.jsonl', '--model', 'c.json', '--jobs', '1', '.'], dir)
    assert.equal(r.code, 0, r.stderr.join('\n'))
    const text = r.stdout.join('\n')
    assert.match(text, /6 labelled pages in 7 files \(1 uncertain left out/)
    assert.match(text, /missed \(needs OCR, called readable\): 0/)
    assert.match(text, /needless \(readable, sent to OCR\): 0/)
    assert.match(text, /reflected\s+2\s+0\s+0\s+2\s+2\s+0/)
    const j = await cli(['eval', '--labels', 'labels.jsonl', '--model', 'c.json', '--jobs', '1', '--format', 'jsonl', '.'], dir)
    const summary = j.records.at(-1) as { type: string; missed: number; byLabel: Record<string, { pages: number }> }
    assert.equal(summary.type, 'eval-summary')
    assert.equal(summary.byLabel.healthy?.pages, 2)
    assert.equal(j.records.filter((x) => x.type === 'eval-page').length, 6)
  })
})
