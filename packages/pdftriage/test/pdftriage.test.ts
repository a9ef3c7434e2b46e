import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { main } from '@pdftriage/cli'
import { parseConfig, type PluginRef } from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import extractPdfjs from '@pdftriage/extract-pdfjs'
import * as fx from '@pdftriage/fixtures'
import { BUILTIN_FACTORIES, createPdftriage, process as processPdf, triage, type PdftriageEvent } from '../src/index.js'

const dir = mkdtempSync(join(tmpdir(), 'pdftriage-onecall-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** The CLI's `triage --with-text` records of the files in `dir`, by file name. */
async function cliTriage(files: string[]): Promise<Map<string, Array<Record<string, unknown>>>> {
  const out: string[] = []
  const code = await main(['triage', '--jobs', '1', '--with-text', ...files], { stdout: (s) => out.push(s), stderr: () => {}, cwd: dir })
  assert.equal(code, 0)
  const by = new Map<string, Array<Record<string, unknown>>>()
  for (const l of out.filter((x) => x.startsWith('{'))) {
    const r = JSON.parse(l) as Record<string, unknown>
    if (r.type !== 'page') continue
    const f = String(r.file)
    by.set(f, [...(by.get(f) ?? []), r])
  }
  return by
}

/** Words of three letters or more, lower-cased. */
const words = (s: string) => new Set(s.toLowerCase().match(/\p{L}{3,}/gu) ?? [])

describe('pdftriage, one call', () => {
  let healthy: Uint8Array
  let scan: Uint8Array
  before(async () => {
    healthy = await fx.healthyPdf('fr')
    scan = await fx.scannedPdf()
    writeFileSync(join(dir, 'healthy.pdf'), healthy)
    writeFileSync(join(dir, 'scan.pdf'), scan)
  })

  it("brings every plugin the preset's configuration defaults name", () => {
    const config = parseConfig({}, preset.config)
    const refs: PluginRef[] = [config.extractor, ...config.judges, ...config.repairs, ...(config.ocr ? [config.ocr] : []), ...config.postprocess]
    for (const r of refs) assert.ok(BUILTIN_FACTORIES[typeof r === 'string' ? r : r.use], `${JSON.stringify(r)} is not brought`)
  })

  it("gives the CLI's verdicts and texts on a healthy page and a scan", async () => {
    const cli = await cliTriage(['healthy.pdf', 'scan.pdf'])
    for (const [name, bytes] of [
      ['healthy.pdf', healthy],
      ['scan.pdf', scan],
    ] as const) {
      const events: PdftriageEvent[] = []
      const r = await triage(bytes, { file: name, onEvent: (e) => events.push(e) })
      const want = cli.get(name)!
      assert.equal(r.pages.length, want.length)
      for (const [i, p] of r.pages.entries()) {
        const c = want[i]!
        assert.deepEqual(
          { page: p.page, layer: p.layer, needsOcr: p.needsOcr, action: p.action, judge: p.judge, notes: p.notes, text: p.text },
          { page: c.page, layer: c.layer, needsOcr: c.needsOcr, action: c.action, judge: c.judge, notes: c.notes, text: c.text },
        )
      }
      assert.deepEqual(
        events.map((e) => e.type),
        [...r.pages.map(() => 'page'), 'document'],
      )
    }
    const h = await triage(healthy)
    assert.equal(h.pages[0]!.layer, 'healthy')
    assert.deepEqual(h.needsOcr, [])
    assert.ok(words(h.text).has('circulation'))
    const s = await triage(scan)
    assert.equal(s.pages[0]!.layer, 'absent')
    assert.deepEqual(s.needsOcr, [1])
    assert.equal(s.pages[0]!.action, 'kept')
  })

  it('OCRs a scan into text and a searchable PDF whose text layer pdf.js reads', async () => {
    // what the page goes through, told as it begins, then the page and the document as they are done
    const seen: string[] = []
    const r = await processPdf(scan, {
      ocr: true,
      pdf: true,
      pluginOptions: { '@pdftriage/ocr-tesseract': { workers: 1 } },
      onStage: (n, stage) => seen.push(`${n} ${stage}`),
      onEvent: (e) => seen.push(e.type === 'page' ? `${e.page.page} done` : e.type),
    })
    assert.deepEqual(seen, ['1 judge', '1 ocr', '1 done', 'document'])
    assert.equal(r.pages[0]!.action, 'ocr')
    assert.equal(r.pages[0]!.source, 'ocr')
    const truth = words(fx.FRENCH_DECREE)
    const ocr = [...words(r.text)]
    assert.ok(ocr.filter((w) => truth.has(w)).length / truth.size > 0.8, `OCR words: ${ocr.slice(0, 20).join(' ')}`)
    assert.ok(r.cleanText && words(r.cleanText).has('circulation'))
    assert.ok(r.pdf)
    // The written PDF, read back by the pdf.js extractor: its page now has a text layer with the OCR's words.
    const extractor = await extractPdfjs.create(extractPdfjs.optionsSchema.parse({}), { baseDir: dir })
    const doc = await extractor.open(r.pdf)
    try {
      const page = await doc.getPageText(1)
      const back = words(page.text)
      assert.ok([...back].filter((w) => truth.has(w)).length / truth.size > 0.8, `read back: ${page.text.slice(0, 200)}`)
    } finally {
      await doc.close()
    }
    // And this package judges it as the CLI would a born-digital page: its layer reads, no OCR needed.
    const again = await triage(r.pdf)
    assert.equal(again.pages[0]!.needsOcr, false)
  })

  it('keeps the layer without OCR by default, and serves many documents from one set of plugins', async () => {
    const t = await createPdftriage()
    try {
      const r = await t.process(scan)
      assert.equal(r.pages[0]!.action, 'kept')
      assert.equal(r.pages[0]!.needsOcr, true)
      assert.equal(r.pdf, undefined)
      const h = await t.triage(healthy)
      assert.equal(h.pages[0]!.layer, 'healthy')
    } finally {
      await t.close()
    }
  })

  it('rejects a file that is not a PDF with a coded error', async () => {
    await assert.rejects(triage(fx.notPdf(), { file: 'x.pdf' }), (e: { code?: string }) => e.code === 'PDF_INVALID')
  })

  it('validates plugin options by the plugin schema', async () => {
    await assert.rejects(
      createPdftriage({ pluginOptions: { '@pdftriage/ocr-tesseract': { workers: -3 } } }),
      (e: { code?: string; message?: string }) => e.code === 'CONFIG_INVALID' && /@pdftriage\/ocr-tesseract\.workers/.test(e.message ?? ''),
    )
    await assert.rejects(createPdftriage({ pluginOptions: { '@pdftriage/ocr-other': {} } }), /does not bring: @pdftriage\/ocr-other/)
  })
})

describe('pdftriage, browser build', () => {
  it("brings the preset's default plugins with the runtime-neutral extractor in place of Node's", async () => {
    const browser = await import('../src/browser.js')
    const config = parseConfig({}, preset.config)
    const refs: PluginRef[] = [...config.judges, ...config.repairs, ...(config.ocr ? [config.ocr] : []), ...config.postprocess]
    for (const r of refs) assert.ok(browser.BUILTIN_FACTORIES[typeof r === 'string' ? r : r.use], `${JSON.stringify(r)} is not brought`)
    assert.equal(browser.BUILTIN_FACTORIES[browser.BROWSER_EXTRACTOR]?.kind, 'extractor')
    assert.equal(browser.BUILTIN_FACTORIES['@pdftriage/extract-pdfjs'], undefined)
  })
})
