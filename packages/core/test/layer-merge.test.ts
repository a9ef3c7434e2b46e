import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ExtractedDocument, Judge, OcrEngine } from '../src/contracts.js'
import { DEFAULT_LAYER_MERGE, mergeLayer } from '../src/pipeline/layer-merge.js'
import { runDocument, type RunDocumentOptions } from '../src/pipeline/run-document.js'
import type { PageResult, PageText, TextItem } from '../src/types.js'

/** Words on a line at `y`, 40 pt apart, each with a confidence (OCR) or none (a text layer). */
function line(y: number, words: Array<[string, number?]>, eol = true): TextItem[] {
  return words.map(([text, confidence], i) => ({
    text,
    bbox: { x0: 10 + 40 * i, y0: y, x1: 45 + 40 * i, y1: y + 10 },
    ...(confidence === undefined ? {} : { confidence }),
    ...(eol && i === words.length - 1 ? { hasEol: true } : {}),
  }))
}
const pageOf = (items: TextItem[], text: string, source: PageText['source']): PageText => ({ pageNumber: 1, width: 300, height: 100, items, text, source })

// The new reading: sure of most words, unsure of "cornmune" (a misread) in the first line and of all of the second.
const ocrItems = [
  ...line(10, [
    ['Le', 0.95],
    ['maire', 0.96],
    ['de', 0.93],
    ['la', 0.94],
    ['cornmune', 0.21],
  ]),
  ...line(30, [
    ['cst', 0.2],
    ['chargé', 0.25],
  ]),
]
const OCR = pageOf(ocrItems, 'Le maire de la cornmune\ncst chargé', 'ocr')
// The old layer read the first line right and has the same words where the OCR is sure; its second line is empty.
const OLD = pageOf(line(10, [['Le'], ['maire'], ['de'], ['la'], ['commune']]), 'Le maire de la commune', 'text-layer')

describe('keeping the better of an old OCR layer and the new reading, word by word', () => {
  it("takes the old layer's word where the OCR is unsure and the old layer agrees with the line's sure words", () => {
    const m = mergeLayer(OCR, OLD, DEFAULT_LAYER_MERGE)
    assert.equal(m.page.text, 'Le maire de la commune\ncst chargé')
    assert.equal(m.taken, 1)
    assert.equal(m.unsureLines, 2)
    assert.equal(m.agreedLines, 1)
    const taken = m.page.items[4]!
    assert.equal(taken.text, 'commune')
    // the word taken has the OCR word's place and no confidence of its own
    assert.deepEqual(taken.bbox, ocrItems[4]!.bbox)
    assert.equal(taken.confidence, undefined)
    assert.match(m.notes.join('\n'), /2 line\(s\) with words under confidence 0\.3; in 1 the old layer agreed .*: 1 unsure word\(s\) taken/)
  })

  it('takes nothing from a layer that agrees with no sure word (a false character map, an OCR of another image)', () => {
    const junk = pageOf(line(10, [['Xb'], ['q!ire'], ['dc'], ['Ia'], ['commune']]), 'Xb q!ire dc Ia commune', 'text-layer')
    const m = mergeLayer(OCR, junk, DEFAULT_LAYER_MERGE)
    assert.equal(m.page, OCR)
    assert.equal(m.taken, 0)
    assert.equal(m.agreedLines, 0)
  })

  it('leaves a sure OCR word alone even where the old layer differs', () => {
    const sure = pageOf(
      line(10, [
        ['Le', 0.95],
        ['maire', 0.96],
        ['de', 0.93],
        ['la', 0.94],
        ['commune', 0.92],
      ]),
      'Le maire de la commune',
      'ocr',
    )
    const other = pageOf(line(10, [['Le'], ['maire'], ['de'], ['la'], ['cornmune']]), 'Le maire de la cornmune', 'text-layer')
    assert.equal(mergeLayer(sure, other, DEFAULT_LAYER_MERGE).page.text, 'Le maire de la commune')
  })
})

describe('keeping the lines of an old layer in a script the OCR lacks', () => {
  // A Russian page whose old layer is right but for a Latin word; the new OCR, Latin only, reads the Russian as
  // look-alikes, unsure, and the English line surely.
  const ocr = pageOf(
    [
      ...line(10, [
        ['PyKoBOACTBO', 0.62],
        ['HaunHarowero', 0.55],
        ['Debian', 0.91],
      ]),
      ...line(30, [
        ['Translation', 0.93],
        ['history', 0.95],
      ]),
    ],
    'PyKoBOACTBO HaunHarowero Debian\nTranslation history',
    'ocr',
  )
  const visible = pageOf(
    [...line(10, [['Руководство'], ['начинающего'], ['ОеМап']]), ...line(30, [['Тгапз1аНоп'], ['ЫзЮгу']])].map((i) => ({ ...i, fontId: 'g' })),
    'Руководство начинающего ОеМап\nТгапз1аНоп ЫзЮгу',
    'text-layer',
  )
  // an OCR layer: its text drawn invisibly over the scan
  const old: PageText = { ...visible, fonts: { g: { id: 'g', name: 'GlyphLessFont', invisible: true } } }
  it("keeps the old line where the OCR read it unsure in another script, and the OCR's where it read surely", () => {
    const m = mergeLayer(ocr, old, DEFAULT_LAYER_MERGE)
    assert.equal(m.page.text, 'Руководство начинающего ОеМап\nTranslation history')
    assert.equal(m.foreignLines, 1)
    assert.equal(m.taken, 0)
    // the line is one item, over the line's box, ending the line, without a confidence of the OCR's
    assert.deepEqual(m.page.items[0], { text: 'Руководство начинающего ОеМап', bbox: { x0: 10, y0: 10, x1: 125, y1: 20 }, hasEol: true })
    assert.deepEqual(
      m.page.items.slice(1).map((i) => i.text),
      ['Translation', 'history'],
    )
    assert.match(m.notes.join(' '), /1 line\(s\) read under mean confidence 0\.75 in another script than the old layer's words there/)
  })
  it('replaces an old layer in the same script as the OCR, one whose line the OCR read surely, and a visible one', () => {
    const latin = pageOf(line(10, [['Pykobodctbo'], ['nachinayushchego'], ['Debian']]), 'Pykobodctbo nachinayushchego Debian', 'text-layer')
    assert.equal(mergeLayer(ocr, latin, DEFAULT_LAYER_MERGE).page.text, ocr.text)
    assert.equal(mergeLayer(ocr, old, { ...DEFAULT_LAYER_MERGE, foreign: 0.5 }).page.text, ocr.text)
    // a visible layer in another script is a false map's junk, not a reading of the page: the OCR replaces it
    assert.equal(mergeLayer(ocr, visible, DEFAULT_LAYER_MERGE).page.text, ocr.text)
  })
  it('replaces the old line on a page the OCR reads in its own script but for a few faint lines', () => {
    // nine English lines read surely, and the faint one under the Russian model's look-alike layer read unsure
    const sure = Array.from({ length: 9 }, (_, n) =>
      line(50 + 20 * n, [
        ['English', 0.95],
        ['text', 0.94],
      ]),
    ).flat()
    const faint = line(10, [
      ['PyKoBOACTBO', 0.62],
      ['HaunHarowero', 0.55],
      ['Debian', 0.91],
    ])
    const page = pageOf([...faint, ...sure], ['PyKoBOACTBO HaunHarowero Debian', ...Array.from({ length: 9 }, () => 'English text')].join('\n'), 'ocr')
    const m = mergeLayer(page, old, DEFAULT_LAYER_MERGE)
    assert.equal(m.page.text, page.text)
    assert.equal(m.foreignLines, 0)
    assert.match(
      m.notes[0]!,
      /1 of 10 line\(s\) read under mean confidence 0\.75 in another script .*under 0\.12 of them: faint lines of a page in the OCR's script/,
    )
  })
})

describe('the runner merges when an OCR replaces a layer', () => {
  const doc = (): ExtractedDocument => ({
    pageCount: 1,
    info: { pageCount: 1 },
    getPageText: async () => OLD,
    renderPage: async (n, dpi) => ({ pageNumber: n, width: 100, height: 40, dpi, data: new Uint8Array(100 * 40).fill(255) }),
    close: async () => {},
    [Symbol.asyncDispose]: async () => {},
  })
  // the layer is condemned (as a poor OCR layer is), so the page is OCRed and the OCR replaces it
  const condemns: Judge = {
    name: 'gates',
    judge: (p) =>
      p.source === 'ocr'
        ? { judge: 'gates', layer: 'healthy', needsOcr: false, notes: [] }
        : { judge: 'gates', layer: 'garbled', needsOcr: true, notes: ['garbled: test'] },
  }
  const engine: OcrEngine = { name: 'fake', recognize: async () => OCR, close: async () => {} }
  async function run(options: RunDocumentOptions): Promise<PageResult> {
    const d = doc()
    for await (const ev of runDocument(
      d,
      { extractor: { name: 'x', open: async () => d }, judges: [condemns], repairs: [], ocr: engine, postprocess: [] } as never,
      options,
    )) {
      if (ev.type === 'page') return ev.result
    }
    throw new Error('no page')
  }
  it('by default, and says so in the notes; layerMerge false replaces the layer whole', async () => {
    const merged = await run({})
    assert.equal(merged.action, 'ocr', merged.verdict.notes.join('\n'))
    assert.equal(merged.page.text, 'Le maire de la commune\ncst chargé')
    assert.ok(
      merged.verdict.notes.some((n) => /1 unsure word\(s\) taken from the old layer/.test(n)),
      merged.verdict.notes.join('\n'),
    )
    const whole = await run({ layerMerge: false })
    assert.equal(whole.page.text, OCR.text)
  })
})
