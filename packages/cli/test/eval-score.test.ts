import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseLabels } from '../src/eval/labels.js'
import { formatEval, scoreEval, type Prediction } from '../src/eval/score.js'

const line = (o: Record<string, unknown>) => JSON.stringify(o)

describe('parseLabels', () => {
  it('reads one label a line, skipping blank lines and ignoring fields it does not use', () => {
    const text = [
      line({ file: 'pdf/a.pdf', page: 1, label: 'healthy', needs_ocr: false, lang: 'fr', similarity: 0.98 }),
      '',
      line({ file: 'pdf/a.pdf', page: 2, label: 'absent', needs_ocr: null, notes: 'a photo' }),
    ].join('\n')
    assert.deepEqual(parseLabels(text, 'labels.jsonl'), [
      { file: 'pdf/a.pdf', page: 1, label: 'healthy', needs_ocr: false },
      { file: 'pdf/a.pdf', page: 2, label: 'absent', needs_ocr: null, notes: 'a photo' },
    ])
  })
  const ok = { file: 'a.pdf', page: 1, label: 'healthy', needs_ocr: false }
  for (const [what, bad, why] of [
    ['a page given as a string', line({ ...ok, page: '1' }), /labels\.jsonl line 2 is not a label: page: /],
    ['a page 0', line({ ...ok, page: 0 }), /line 2 is not a label: page: /],
    ['no needs_ocr', line({ file: 'a.pdf', page: 2, label: 'healthy' }), /line 2 is not a label: needs_ocr: /],
    ['needs_ocr as a string', line({ ...ok, page: 2, needs_ocr: 'yes' }), /needs_ocr: /],
    ['a line that is not JSON', '{"file": "a.pdf",', /labels\.jsonl line 2 is not JSON/],
    ['a page labelled twice', line(ok), /line 2 labels a\.pdf p1 again \(first on line 1\)/],
  ] as const) {
    it(`refuses ${what} as a USAGE error naming the line`, () => {
      assert.throws(
        () => parseLabels(`${line(ok)}\n${bad}`, 'labels.jsonl'),
        (e: Error & { code?: string }) => {
          assert.equal(e.code, 'USAGE')
          assert.match(e.message, why)
          return true
        },
      )
    })
  }
})

describe('scoreEval', () => {
  const labels = parseLabels(
    [
      line({ file: 'a.pdf', page: 1, label: 'healthy', needs_ocr: false }),
      line({ file: 'a.pdf', page: 2, label: 'garbled', needs_ocr: true }),
      line({ file: 'a.pdf', page: 3, label: 'reflected', needs_ocr: false }),
      line({ file: 'a.pdf', page: 4, label: 'healthy', needs_ocr: false }),
      line({ file: 'a.pdf', page: 5, label: 'absent', needs_ocr: null }),
      line({ file: 'b.pdf', page: 1, label: 'absent', needs_ocr: true }),
      line({ file: 'a.pdf', page: 6, label: 'mixed', needs_ocr: true }),
      line({ file: 'a.pdf', page: 9, label: 'absent', needs_ocr: true }),
      line({ file: 'a.pdf', page: 7, label: 'garbled', needs_ocr: true }),
    ].join('\n'),
    'labels.jsonl',
  )
  const p = (needsOcr: boolean, layer: string, repair?: string): Prediction => ({ needsOcr, layer, judge: 'gates', repair, notes: [`gates: ${layer}`] })
  const predictions = new Map([
    [
      'a.pdf',
      new Map([
        [1, p(false, 'healthy')],
        [2, p(false, 'healthy')],
        [3, p(false, 'recoverable', 'reflect')],
        [4, p(true, 'garbled')],
        [5, p(true, 'absent')],
        // the layer kept, one picture region OCRed: the page is OCRed
        [6, { ...p(false, 'healthy'), regions: [[10, 10, 200, 120]] }],
        // a false map read by a repair: the page needs no OCR any more
        [7, p(false, 'recoverable', 'codemap')],
      ]),
    ],
  ])
  const failed = new Map([['b.pdf', 'PDF_INVALID: b.pdf is damaged']])
  const { pages, summary } = scoreEval(labels, predictions, failed)

  it('counts missed and needless pages, uncertain ones apart, per class', () => {
    assert.deepEqual(summary, {
      type: 'eval-summary',
      pages: 8,
      uncertain: 1,
      missed: 3,
      needless: 1,
      errors: 1,
      handled: 1,
      byLabel: {
        healthy: { pages: 2, sentToOcr: 1, regions: 0, kept: 1, repaired: 0, handled: 0, wrong: 1 },
        garbled: { pages: 2, sentToOcr: 0, regions: 0, kept: 2, repaired: 1, handled: 1, wrong: 1 },
        reflected: { pages: 1, sentToOcr: 0, regions: 0, kept: 1, repaired: 1, handled: 0, wrong: 0 },
        absent: { pages: 2, sentToOcr: 0, regions: 0, kept: 0, repaired: 0, handled: 0, wrong: 2 },
        mixed: { pages: 1, sentToOcr: 1, regions: 1, kept: 0, repaired: 0, handled: 0, wrong: 0 },
      },
      repaired: [
        { file: 'a.pdf', page: 3, label: 'reflected', repair: 'reflect' },
        { file: 'a.pdf', page: 7, label: 'garbled', repair: 'codemap' },
      ],
    })
  })

  it('counts a page labelled as needing OCR that a repair made read as handled, not missed, and says so', () => {
    const seven = pages.find((x) => x.page === 7)!
    assert.deepEqual((({ expected, predicted, ok, repair, handled }) => ({ expected, predicted, ok, repair, handled }))(seven), {
      expected: true,
      predicted: false,
      ok: true,
      repair: 'codemap',
      handled: 'repair',
    })
    // a page the label says is readable and a repair recovered is right as before, not "handled"
    assert.equal(pages.find((x) => x.page === 3)!.handled, undefined)
  })

  it("gives a page of a failed file its file's error, and a page without result says so", () => {
    const b = pages.find((x) => x.file === 'b.pdf')!
    assert.deepEqual([b.predicted, b.ok, b.notes], [null, false, ['PDF_INVALID: b.pdf is damaged']])
    const nine = pages.find((x) => x.page === 9)!
    assert.deepEqual([nine.predicted, nine.notes], [null, ['no result for this page']])
    assert.equal(pages.find((x) => x.page === 3)!.repair, 'reflect')
    assert.deepEqual((({ predicted, ok, regions }) => ({ predicted, ok, regions }))(pages.find((x) => x.page === 6)!), {
      predicted: true,
      ok: true,
      regions: 1,
    })
  })

  it('prints the classes sorted, then every wrong page with its notes', () => {
    const text = formatEval(pages, summary, 2)
    assert.equal(text[0], 'eval: 8 labelled pages in 2 files (1 uncertain left out, 1 files failed)')
    assert.deepEqual(
      text.slice(2, 7).map((l) => l.split(/\s+/)[0]),
      ['absent', 'garbled', 'healthy', 'mixed', 'reflected'],
    )
    assert.deepEqual(text[5]!.split(/\s+/), ['mixed', '1', '1', '1', '0', '0', '0', '0'])
    assert.deepEqual(text[3]!.split(/\s+/), ['garbled', '2', '0', '0', '2', '1', '1', '1'])
    assert.ok(text.includes('pages OCRed in picture regions only, their layer kept (counted in "to OCR"): 1'))
    assert.ok(text.includes('missed (needs OCR, called readable): 3'))
    assert.ok(text.includes('  a.pdf p2 [garbled] -> readable (healthy by gates)'))
    assert.ok(text.includes('  b.pdf p1 [absent] -> no result (? by ?)'))
    assert.ok(text.includes('handled by a repair (needs OCR, a repair made the layer read; not missed): 1'))
    assert.ok(text.includes('  a.pdf p7 [garbled] repaired by codemap'))
    assert.ok(!text.includes('  a.pdf p7 [garbled] -> readable (recoverable by gates, repaired by codemap)'))
  })
})
