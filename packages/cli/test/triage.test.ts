import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

describe('pdftriage triage', () => {
  let dir: string
  let healthy: Uint8Array
  before(async () => {
    healthy = await fx.healthyPdf('fr')
    dir = folder({
      'a-healthy.pdf': healthy,
      'b-scan.pdf': await fx.scannedPdf(),
      'c-blank.pdf': await fx.blankPdf(),
      'd-encrypted.pdf': fx.encryptedPdf(),
      'e-notpdf.pdf': fx.notPdf(),
      'f-truncated.pdf': await fx.truncatedPdf(),
      'g-zero.pdf': await fx.zeroPagePdf(),
      'h-empty.pdf': new Uint8Array(0),
    })
    mkdirSync(join(dir, 'sub'))
    writeFileSync(join(dir, 'sub', 'i-sparse.PDF'), await fx.sparsePdf())
    writeFileSync(join(dir, 'sub', 'notes.txt'), 'not a pdf, not picked up from a folder')
  })

  it('judges every page of every PDF in a folder, reports bad files and goes on (exit 1)', async () => {
    const r = await cli(['triage', '--jobs', '1', '.'], dir)
    assert.equal(r.code, 1)
    const byFile = (f: string) => r.records.filter((x) => x.file === f)
    const page = (f: string) => byFile(f).find((x) => x.type === 'page')!
    assert.equal(page('a-healthy.pdf').layer, 'healthy')
    assert.equal(page('a-healthy.pdf').needsOcr, false)
    assert.equal(page('b-scan.pdf').layer, 'absent')
    assert.equal(page('b-scan.pdf').needsOcr, true)
    assert.equal(page('c-blank.pdf').layer, 'blank')
    assert.equal(page(join('sub', 'i-sparse.PDF')).layer, 'sparse')
    const err = (f: string) => byFile(f).find((x) => x.type === 'error')
    assert.equal(err('d-encrypted.pdf')?.code, 'PDF_ENCRYPTED')
    assert.equal(err('e-notpdf.pdf')?.code, 'PDF_INVALID')
    assert.equal(err('f-truncated.pdf')?.code, 'PDF_INVALID')
    assert.equal(err('g-zero.pdf')?.code, 'PDF_EMPTY')
    assert.equal(err('h-empty.pdf')?.code, 'PDF_INVALID')
    for (const f of ['d-encrypted.pdf', 'e-notpdf.pdf']) assert.match(String(err(f)?.message), new RegExp(f.replace('.', '\\.')))
    const doc = byFile('a-healthy.pdf').find((x) => x.type === 'document')!
    assert.equal(doc.hash, createHash('blake2b512').update(healthy).digest('hex'))
    assert.deepEqual(doc.needsOcr, [])
    assert.deepEqual(byFile('b-scan.pdf').find((x) => x.type === 'document')!.needsOcr, [1])
    assert.ok(!r.records.some((x) => String(x.file).endsWith('.txt')))
  })

  it('gives the same records in the same order with two worker threads', async () => {
    const strip = (rs: Record<string, unknown>[]) => rs.map(({ ms: _ms, ...x }) => x)
    const one = await cli(['triage', '--jobs', '1', '.'], dir)
    const two = await cli(['triage', '--jobs', '2', '.'], dir)
    assert.deepEqual(strip(two.records), strip(one.records))
    // Each document's records are contiguous: page lines, then its document (or error) line.
    let open: unknown
    for (const rec of two.records) {
      if (rec.type === 'page') {
        open ??= rec.file
        assert.equal(rec.file, open)
      } else open = undefined
    }
  })

  it('shares one long document between two workers by page ranges, with the same records as one worker', async () => {
    const d = folder({ 'long.pdf': await fx.longPdf(60) })
    const strip = (rs: Record<string, unknown>[]) => rs.map(({ ms: _ms, ...x }) => x)
    const one = await cli(['triage', '--jobs', '1', 'long.pdf'], d)
    const two = await cli(['triage', '--jobs', '2', '--split', 'long.pdf'], d)
    assert.equal(two.code, 0)
    assert.equal(two.records.filter((r) => r.type === 'document').length, 1, 'one merged document record')
    assert.deepEqual(
      two.records.filter((r) => r.type === 'page').map((r) => r.page),
      Array.from({ length: 60 }, (_, i) => i + 1),
    )
    assert.deepEqual(strip(two.records), strip(one.records))
  })

  it('adds the text with --with-text and prints a table with --format table', async () => {
    const r = await cli(['triage', '--with-text', 'a-healthy.pdf'], dir)
    assert.equal(r.code, 0)
    assert.match(String(r.records[0]!.text), /Article premier/)
    const t = await cli(['triage', '--format', 'table', 'a-healthy.pdf', 'b-scan.pdf'], dir)
    assert.match(t.stdout.join('\n'), /b-scan\.pdf\s+1 page, OCR needed on 1/)
  })

  it('reports a missing path as an error record', async () => {
    const r = await cli(['triage', 'nope.pdf', 'a-healthy.pdf'], dir)
    assert.equal(r.code, 1)
    assert.equal(r.records[0]!.code, 'FILE_UNREADABLE')
    assert.equal(r.records.at(-1)!.type, 'document')
  })

  it('exits 2 on usage and config errors, naming the bad value', async () => {
    assert.equal((await cli(['triage'], dir)).code, 2)
    assert.equal((await cli(['frobnicate'], dir)).code, 2)
    const bad = await cli(['triage', '--jobs', 'zero', 'a-healthy.pdf'], dir)
    assert.equal(bad.code, 2)
    assert.match(bad.stderr.join(), /--jobs/)
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ocr: { use: 'tesseract', options: { dpi: 'high' } } }))
    const cfg = await cli(['triage', '--config', 'bad.json', 'a-healthy.pdf'], dir)
    assert.equal(cfg.code, 2)
    writeFileSync(join(dir, 'bad2.json'), JSON.stringify({ judges: ['no-such-judge'] }))
    const plug = await cli(['triage', '--config', 'bad2.json', 'a-healthy.pdf'], dir)
    assert.equal(plug.code, 2)
    assert.match(plug.stderr.join(), /@pdftriage\/judge-no-such-judge/)
    writeFileSync(join(dir, 'bad3.json'), JSON.stringify({ judges: [{ use: '@pdftriage/judge-gates', options: { minLetterShare: 'x' } }] }))
    const opt = await cli(['triage', '--config', 'bad3.json', 'a-healthy.pdf'], dir)
    assert.equal(opt.code, 2)
    assert.match(opt.stderr.join(), /judges\.0\.options/)
  })

  it('prints help for each command', async () => {
    for (const c of ['triage', 'run', 'fit', 'calibrate', 'eval']) {
      const r = await cli([c, '--help'], dir)
      assert.equal(r.code, 0)
      assert.match(r.stdout.join(), new RegExp(`pdftriage ${c}`))
    }
  })
})

describe('inputs', () => {
  it('takes links to PDF files in a folder, not links to folders', async () => {
    const { symlinkSync, mkdirSync: mk } = await import('node:fs')
    const d = folder({ 'real.pdf': await fx.healthyPdf('en') })
    mk(join(d, 'in'))
    symlinkSync(join(d, 'real.pdf'), join(d, 'in', 'linked.pdf'))
    symlinkSync(d, join(d, 'in', 'loop'))
    const r = await cli(['triage', 'in'], d)
    assert.equal(r.code, 0)
    assert.deepEqual(
      r.records.filter((x) => x.type === 'document').map((x) => x.file),
      [join('in', 'linked.pdf')],
    )
  })
})
