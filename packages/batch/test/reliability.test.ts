import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { once } from 'node:events'
import { after, describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { isTriageError, TriageError } from '@pdftriage/core'
import { runBatch, processFiles, LOCK_FILE, type BatchEvent, type FileOutcome, type FileSink, type OutRecord, type PageRecord } from '../src/index.js'
import { csvLine, parseCsv } from '../src/csv.js'
import { dropPrestarted, prestartDocumentProcess } from '../src/prestart.js'
import { decodeName, encodeName, nameFromBytes, nameToBytes } from '../src/file-names.js'
import { documentRows, failingOcrConfig, hangingLookConfig, heldPageConfig, misbehavingConfig, ocrLog, spawnRun, tempDir } from './rel-helpers.js'

const root = tempDir('batch-rel-')
after(() => rmSync(root, { recursive: true, force: true }))
let n = 0
const fresh = () => {
  const d = join(root, String(n++))
  mkdirSync(join(d, 'in'), { recursive: true })
  return d
}
const byPath = (out: string) => new Map(documentRows(out).map((r) => [r.path.replace(/^in\//, ''), r]))

describe('every input gets exactly one record, whatever the file does', () => {
  it('pdf.js bombs: each fails alone with a typed error or reads, under the limits', async () => {
    const d = fresh()
    const files: Record<string, Uint8Array> = {
      'good.pdf': await fx.healthyPdf('fr'),
      'fanout.pdf': fx.formFanoutPdf(4, 100),
      'nesting.pdf': fx.deepNestingPdf(500_000),
      'shared-kids.pdf': fx.sharedKidsPdf(26),
      'cycle.pdf': fx.formCyclePdf(),
      'tree-cycle.pdf': fx.pageTreeCyclePdf(),
      'huge-jpeg.pdf': fx.hugeJpegPdf(),
      'async-error.pdf': fx.asyncParseErrorPdf(),
      'truncated.pdf': fx.truncated(await fx.healthyPdf('en'), 900),
      'flipped.pdf': fx.bitFlipped(await fx.healthyPdf('en'), 7, 40),
    }
    for (const [k, v] of Object.entries(files)) writeFileSync(join(d, 'in', k), v)
    const s = await runBatch({ inputs: ['in'], outDir: 'out', cwd: d, jobs: 2, policy: 'extract', limits: { pageTimeoutMs: 8000, maxMemoryMb: 1000 } })
    const rows = byPath(join(d, 'out'))
    assert.equal(rows.size, Object.keys(files).length)
    assert.equal(s.done + s.failed, Object.keys(files).length)
    for (const k of ['good.pdf', 'cycle.pdf', 'tree-cycle.pdf', 'huge-jpeg.pdf', 'async-error.pdf'])
      assert.equal(rows.get(k)?.status, 'done', `${k}: ${rows.get(k)?.error_message}`)
    assert.equal(rows.get('shared-kids.pdf')?.error_code, 'DOC_TOO_LARGE')
    assert.equal(rows.get('fanout.pdf')?.error_code, 'PAGE_TIMEOUT')
    assert.match(rows.get('fanout.pdf')!.error_message, /--page-timeout/)
    // the nesting bomb's page is refused at once, with the extractor option that would read it; the file is done
    assert.equal(rows.get('nesting.pdf')?.status, 'done')
    const nested = readFileSync(join(d, 'out', 'pages.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('nesting.pdf'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    assert.equal(nested.length, 1)
    assert.equal((nested[0]!.error as { code?: string }).code, 'PAGE_FAILED')
    assert.match((nested[0]!.error as { message: string }).message, /over the limit of 4096 deep.*maxNesting/)
    for (const r of rows.values()) assert.match(r.hash, /^[0-9a-f]{128}$/)
  })

  it('a crash, an unhandled rejection, a hang or runaway memory fails that file alone, with its hash; a rerun leaves it', async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    const names = ['a-ok.pdf', 'b-crash.pdf', 'c-exit.pdf', 'd-hang.pdf', 'e-grow.pdf', 'f-ok.pdf', 'g-ok.pdf']
    const heads = ['ok:1', 'CRASH', 'EXIT:', 'HANG:', 'GROW:', 'ok:2', 'ok:3']
    names.forEach((f, i) => writeFileSync(join(d, 'in', f), heads[i]!))
    const o = { inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 2, limits: { pageTimeoutMs: 3000, maxMemoryMb: 400 } }
    const s = await runBatch(o)
    assert.deepEqual([s.done, s.failed], [3, 4])
    const rows = byPath(join(d, 'out'))
    assert.equal(rows.get('b-crash.pdf')?.error_code, 'WORKER_CRASHED')
    assert.match(rows.get('b-crash.pdf')!.error_message, /FormatError: Invalid number/)
    assert.equal(rows.get('c-exit.pdf')?.error_code, 'WORKER_CRASHED')
    assert.equal(rows.get('d-hang.pdf')?.error_code, 'PAGE_TIMEOUT')
    assert.equal(rows.get('e-grow.pdf')?.error_code, 'DOC_TOO_LARGE')
    assert.match(rows.get('e-grow.pdf')!.error_message, /--max-memory/)
    for (const r of rows.values()) assert.match(r.hash, /^[0-9a-f]{128}$/, r.path)
    const again = await runBatch(o)
    assert.deepEqual([again.done, again.failed, again.unchanged, again.stillFailed], [0, 0, 7, 4])
    const retry = await runBatch({ ...o, inputs: ['in/b-crash.pdf'], redoFailed: true })
    assert.equal(retry.failed, 1)
  })
})

describe('a document process started before the run (the command line starts it while loading)', () => {
  it('serves the run that follows; one no run takes is ended by dropPrestarted', async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    writeFileSync(join(d, 'in', 'ok.pdf'), 'ok:1')
    const early = prestartDocumentProcess()
    const seen: string[] = []
    const sink: FileSink = { record: () => {}, outcome: (o) => void seen.push(o.status) }
    await processFiles([join(d, 'in', 'ok.pdf')], { mode: 'triage', cwd: d, configFile: config }, 1, sink, { limits: {} })
    assert.deepEqual(seen, ['done'])
    // the run closed it: a process no run took would still be waiting for its configuration
    assert.notEqual(early.exitCode ?? early.signalCode, null)
    const unused = prestartDocumentProcess()
    unused.ref() // (it holds nothing open of its own: the test waits for its end)
    const exited = once(unused, 'exit')
    dropPrestarted()
    await exited
  })
})

describe('a run ends after its last outcome is delivered', () => {
  // The sink takes its time (as an index on a slow disk does): the run must wait for it, whichever way the last
  // document ends.
  const slowSink = (seen: string[], throwOn?: string): FileSink => ({
    record: () => {},
    async outcome(o) {
      await new Promise((r) => setImmediate(r))
      if (o.file === throwOn) throw new TriageError('DISK_FULL', 'no space left', { stage: 'write' })
      seen.push(`${o.file}:${o.status}`)
    },
  })
  const control = { ordered: false, limits: { pageTimeoutMs: 3000 } }

  it('a document whose process exits is counted before the run resolves', async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    writeFileSync(join(d, 'in', 'ok.pdf'), 'ok:1')
    writeFileSync(join(d, 'in', 'exit.pdf'), 'EXIT:')
    const seen: string[] = []
    const files = [join(d, 'in', 'ok.pdf'), join(d, 'in', 'exit.pdf')]
    await processFiles(files, { mode: 'triage', cwd: d, configFile: config }, 1, slowSink(seen), control)
    assert.deepEqual(seen.sort(), [`${files[1]}:failed`, `${files[0]}:done`])
  })

  it("the sink's failure on the last document rejects the run", async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    const file = join(d, 'in', 'exit.pdf')
    writeFileSync(file, 'EXIT:')
    await assert.rejects(processFiles([file], { mode: 'triage', cwd: d, configFile: config }, 1, slowSink([], file), control), (e) =>
      isTriageError(e, 'DISK_FULL'),
    )
  })
})

describe('the index commits documents as they finish', () => {
  it('a kill after N finished documents keeps them, though the first input never finished; the rerun adds the rest once', async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    writeFileSync(join(d, 'in', 'a-hang.pdf'), 'HANG:')
    for (let i = 0; i < 6; i++) writeFileSync(join(d, 'in', `b${i}.pdf`), `ok:${i}`)
    const run = spawnRun({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 2 })
    let finished = 0
    await run.on((e) => e.type === 'document-done' && ++finished === 3)
    run.child.kill('SIGKILL')
    await run.end
    const kept = documentRows(join(d, 'out'))
    assert.ok(kept.length >= 3 && kept.every((r) => r.status === 'done' && r.path !== 'in/a-hang.pdf'))
    // the rerun: the hanging document is stopped by its limit, everything else is done exactly once
    const s = await runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 2, limits: { pageTimeoutMs: 3000 } })
    assert.equal(s.unchanged, kept.length)
    const rows = documentRows(join(d, 'out'))
    assert.equal(rows.length, 7)
    assert.equal(new Set(rows.map((r) => r.path)).size, 7)
    const pages = readFileSync(join(d, 'out', 'pages.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; page: number })
    assert.equal(new Set(pages.map((p) => `${p.file}#${p.page}`)).size, pages.length)
    assert.equal(existsSync(join(d, 'out', LOCK_FILE)), false)
  })
})

describe('the output folder', () => {
  it('is locked for one run at a time; a lock left by a killed run is taken over', async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    writeFileSync(join(d, 'in', 'hang.pdf'), 'HANG:')
    const first = spawnRun({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 })
    await first.on((e) => e.type === 'document-started')
    const second = spawnRun({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 })
    const r = await second.end
    assert.equal(r.code, 2)
    assert.match(r.stderr, /OUTPUT_LOCKED: The output folder .* is in use by another run/)
    first.child.kill('SIGKILL')
    await first.end
    assert.ok(existsSync(join(d, 'out', LOCK_FILE)))
    const s = await runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1, limits: { pageTimeoutMs: 500 } })
    assert.equal(s.failed, 1)
  })

  it('writes nothing through a link inside it, and removes the temporary files of a killed run', async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    writeFileSync(join(d, 'in', 'a.pdf'), 'ok:1')
    const elsewhere = join(d, 'elsewhere')
    mkdirSync(elsewhere)
    writeFileSync(join(elsewhere, 'index.csv'), 'precious\n')
    const out = join(d, 'out')
    mkdirSync(out)
    symlinkSync(join(elsewhere, 'index.csv'), join(out, 'documents.csv'))
    await assert.rejects(
      runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 }),
      (e) => isTriageError(e, 'OUTPUT_PATH_INVALID') && /documents\.csv is a symbolic link/.test(e.message),
    )
    assert.equal(readFileSync(join(elsewhere, 'index.csv'), 'utf8'), 'precious\n')
    rmSync(join(out, 'documents.csv'))
    symlinkSync(elsewhere, join(out, 'documents'))
    await assert.rejects(runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 }), (e) => isTriageError(e, 'OUTPUT_PATH_INVALID'))
    assert.deepEqual(readdirSync(elsewhere), ['index.csv'])
    rmSync(join(out, 'documents'))
    mkdirSync(join(out, 'documents'))
    writeFileSync(join(out, 'documents', 'x.json.tmp-4242-0123abcd'), '{')
    writeFileSync(join(out, 'pages.jsonl.tmp-4242-89abcdef'), '')
    const events: BatchEvent[] = []
    await runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 }, (e) => events.push(e))
    assert.ok(events.some((e) => e.type === 'resumed' && /removed 2 temporary/.test(e.message)))
    assert.equal(readdirSync(join(out, 'documents')).filter((f) => f.includes('.tmp-')).length, 0)
  })

  it('a full disk (a file-size limit) stops the run with DISK_FULL and exit 1, the index valid; the next run goes on', async () => {
    const d = fresh()
    const config = misbehavingConfig(d)
    for (let i = 0; i < 40; i++) writeFileSync(join(d, 'in', `d${String(i).padStart(2, '0')}.pdf`), `ok:${i}`)
    // 4 KB: the reports and the first rows fit, pages.jsonl does not for long (ulimit -f counts 1024-byte blocks)
    const run = spawnRun({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 }, 'ulimit -f 4;')
    const r = await run.end
    assert.equal(r.code, 1)
    assert.match(r.stderr, /DISK_FULL: Cannot write .*(pages\.jsonl|documents\.csv|documents\/).*over the file-size limit/)
    const rows = documentRows(join(d, 'out'))
    assert.ok(rows.length > 0 && rows.length < 40)
    assert.ok(rows.every((x) => x.status === 'done' && x.hash.length === 128))
    const s = await runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 })
    assert.equal(s.done + s.unchanged, 40)
    assert.equal(documentRows(join(d, 'out')).length, 40)
  })
})

describe('the index holds any value', () => {
  it('escapes cells a spreadsheet would run as formulas, and reads them back', () => {
    const risky = ['=HYPERLINK("http://x";"y")', '+1', '-2', '@SUM(A1)', '\tx', '\rx', "'quoted"]
    for (const c of risky) assert.match(csvLine([c]), /^"?'/, c)
    const cells = [...risky, 'plain', 'a,b', '']
    assert.deepEqual(parseCsv(csvLine(cells))[0], cells)
  })
  it('round-trips any file name: newlines, % and bytes that are not UTF-8', async () => {
    for (const b of [
      Buffer.from('a\nb.pdf'),
      Buffer.from([0x66, 0xe9, 0x2e, 0x70, 0x64, 0x66]),
      Buffer.from('100%.pdf'),
      Buffer.from('ok é 😀.pdf'),
      Buffer.from([0xed, 0xa0, 0x80, 0xc2, 0x85]),
    ]) {
      const name = nameFromBytes(b)
      assert.deepEqual(nameToBytes(name), b)
      const cell = encodeName(name)
      assert.ok(!/[\r\n]/.test(cell))
      assert.equal(decodeName(cell), name)
    }
    const d = fresh()
    const config = misbehavingConfig(d)
    const inDir = Buffer.from(join(d, 'in'))
    const odd = [Buffer.from('line\nbreak.pdf'), Buffer.from([0x6c, 0x61, 0x74, 0x69, 0x6e, 0xe9, 0x2e, 0x70, 0x64, 0x66]), Buffer.from('=cmd.pdf')]
    odd.forEach((b, i) => writeFileSync(Buffer.concat([inDir, Buffer.from('/'), b]), `ok:${i}`))
    const o = { inputs: ['in'], outDir: 'out', cwd: d, configFile: config, jobs: 1 }
    const s = await runBatch(o)
    assert.equal(s.done, 3)
    const again = await runBatch(o)
    assert.equal(again.unchanged, 3)
    const raw = readFileSync(join(d, 'out', 'documents.csv'), 'utf8')
    assert.match(raw, /in\/line%0Abreak\.pdf/)
    assert.match(raw, /in\/latin%E9\.pdf/)
    assert.match(raw, /'in\/=cmd\.pdf|in\/=cmd\.pdf/)
  })
})

describe('a page whose image never comes back does not cost its document', () => {
  const records = async (d: string, mode: 'triage' | 'run', file: string) => {
    const got: OutRecord[] = []
    const outcomes: FileOutcome[] = []
    const sink: FileSink = { record: (r) => void got.push(r), outcome: (o) => void outcomes.push(o) }
    const options = { mode, cwd: d, configFile: join(d, 'pdftriage.config.json'), ...(mode === 'run' ? { out: join(d, 'out') } : {}) }
    await processFiles([join(d, 'in', file), join(d, 'in', 'ok.pdf')], options, 2, sink, { limits: { pageTimeoutMs: 2000 } })
    return { got, outcomes }
  }
  const pages = (got: OutRecord[], file: string) => got.filter((r): r is PageRecord => r.type === 'page' && r.file.endsWith(file))

  it('triage: the document is run again with that page unread, its verdict from its characters, each page recorded once', async () => {
    const d = fresh()
    hangingLookConfig(d)
    writeFileSync(join(d, 'in', 'hang.pdf'), 'LOOKHANG')
    writeFileSync(join(d, 'in', 'ok.pdf'), 'ok')
    const { got, outcomes } = await records(d, 'triage', 'hang.pdf')
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['done', 'done'],
    )
    const hung = pages(got, 'hang.pdf')
    assert.deepEqual(
      hung.map((p) => p.page),
      [1, 2, 3],
    )
    assert.deepEqual(
      hung.map((p) => p.notes[0]),
      ['test-judge: looked', 'test-judge: not looked', 'test-judge: looked'],
    )
    assert.match(hung[1]!.notes.join('\n'), /image: not read \(its render or reading ran past the page timeout of 2 s in an earlier run of the document\)/)
    assert.ok(!hung[0]!.notes.some((n) => n.startsWith('image: not read')))
    assert.equal(got.filter((r) => r.type === 'document').length, 2)
    assert.deepEqual(
      pages(got, 'ok.pdf').map((p) => p.notes[0]),
      ['test-judge: looked', 'test-judge: looked', 'test-judge: looked'],
    )
  })

  it('run: the page that needed OCR keeps its layer and fails with PAGE_TIMEOUT; the others are OCRed', async () => {
    const d = fresh()
    hangingLookConfig(d, { needsOcr: true })
    writeFileSync(join(d, 'in', 'hang.pdf'), 'LOOKHANG')
    writeFileSync(join(d, 'in', 'ok.pdf'), 'ok')
    const { got, outcomes } = await records(d, 'run', 'hang.pdf')
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['done', 'done'],
    )
    const hung = pages(got, 'hang.pdf')
    assert.deepEqual(
      hung.map((p) => p.action),
      ['ocr', 'failed', 'ocr'],
    )
    assert.equal(hung[1]!.error?.code, 'PAGE_TIMEOUT')
    assert.match(hung[1]!.error.message, /page 2 needs OCR, but its image was not read .*: its layer is kept/)
    assert.deepEqual(
      outcomes[0]!.failedPages?.map((f) => [f.page, f.code]),
      [[2, 'PAGE_TIMEOUT']],
    )
  })

  it('a page held for a second word is not timed out for the pages it waits for', async () => {
    const d = fresh()
    // each page within the page timeout of 2 s, page 1's record after four of them (4.8 s)
    heldPageConfig(d, 1200)
    writeFileSync(join(d, 'in', 'held.pdf'), 'held')
    writeFileSync(join(d, 'in', 'ok.pdf'), 'ok')
    const { got, outcomes } = await records(d, 'triage', 'held.pdf')
    assert.deepEqual(
      outcomes.map((o) => [o.status, o.error?.code]),
      [
        ['done', undefined],
        ['done', undefined],
      ],
    )
    assert.deepEqual(
      pages(got, 'held.pdf').map((p) => [p.page, p.action]),
      [1, 2, 3, 4, 5, 6].map((n) => [n, 'kept']),
    )
  })

  it('a page whose text never comes back still fails its document (no image was being read)', async () => {
    const d = fresh()
    misbehavingConfig(d)
    writeFileSync(join(d, 'in', 'hang.pdf'), 'HANG:')
    writeFileSync(join(d, 'in', 'ok.pdf'), 'ok:1')
    const { outcomes } = await records(d, 'triage', 'hang.pdf')
    assert.equal(outcomes[0]!.status, 'failed')
    assert.equal(outcomes[0]!.error?.code, 'PAGE_TIMEOUT')
  })
})

describe('--redo-failed runs again the pages that failed in a document done', () => {
  it('only those pages are read again; the outputs are rewritten with them, the other pages as they were', async () => {
    const d = fresh()
    const configFile = failingOcrConfig(d)
    writeFileSync(join(d, 'in', 'doc.pdf'), await fx.longPdf(3))
    writeFileSync(join(d, 'in', 'ok.pdf'), await fx.healthyPdf('en'))
    const run = (redoFailed: boolean, outDir = 'out') => runBatch({ inputs: ['in'], outDir, cwd: d, configFile, jobs: 1, pdf: true, redoFailed })
    const docPages = (out: string) =>
      readFileSync(join(d, out, 'pages.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as PageRecord)
        .filter((p) => p.file === join('in', 'doc.pdf'))
    // A reference: the same inputs, no page failing.
    await run(false, 'ref')
    ocrLog(d)

    writeFileSync(join(d, 'fail-2'), '')
    const first = await run(false)
    assert.equal(first.done, 2)
    assert.deepEqual(ocrLog(d).sort(), [1, 1, 2, 3])
    const failedRow = byPath(join(d, 'out')).get('doc.pdf')!
    assert.equal(failedRow.status, 'done')
    assert.match(failedRow.error_message, /^1 page\(s\) failed, their layer kept \(2\): page 2: .*timed out/)
    assert.deepEqual(
      docPages('out').map((p) => p.action),
      ['ocr', 'failed', 'ocr'],
    )
    assert.ok(existsSync(join(d, 'out', `${failedRow.text.replace(/\.txt$/, '')}.retry.gz`)), 'the pages are kept for a retry')

    // A run without --redo-failed leaves it; with it, page 2 alone is read again.
    const plain = await run(false)
    assert.deepEqual([plain.unchanged, plain.stillFailed, plain.stillFailedPages], [2, 0, 1])
    assert.deepEqual(ocrLog(d), [])
    rmSync(join(d, 'fail-2'))
    const retried = await run(true)
    assert.deepEqual([retried.done, retried.unchanged, retried.failed], [1, 1, 0])
    assert.deepEqual(ocrLog(d), [2])
    const row = byPath(join(d, 'out')).get('doc.pdf')!
    assert.deepEqual([row.status, row.error_code, row.error_message, row.pages_ocred], ['done', '', '', '3'])
    const pages = docPages('out')
    assert.deepEqual(
      pages.map((p) => [p.page, p.action, p.text]),
      [1, 2, 3].map((n) => [n, 'ocr', `page ${n} read`]),
      'one row per page, none lost',
    )
    // The outputs are those of a run in which no page failed.
    const ref = byPath(join(d, 'ref')).get('doc.pdf')!
    for (const role of ['text', 'clean'] as const) {
      const file = (JSON.parse(row.outputs) as Record<string, string>)[role]!
      assert.equal(readFileSync(join(d, 'out', file), 'utf8'), readFileSync(join(d, 'ref', file), 'utf8'), role)
    }
    assert.ok(row.pdf && existsSync(join(d, 'out', row.pdf)))
    assert.equal(row.pdf, ref.pdf)
    assert.ok(!existsSync(join(d, 'out', `${row.text.replace(/\.txt$/, '')}.retry.gz`)), 'nothing left to retry')

    // Nothing failed any more: a further --redo-failed leaves everything.
    const again = await run(true)
    assert.equal(again.unchanged, 2)
    assert.deepEqual(ocrLog(d), [])
  })

  it('a document done with failed pages and no retry file (an earlier version) runs again whole', async () => {
    const d = fresh()
    const configFile = failingOcrConfig(d)
    writeFileSync(join(d, 'in', 'doc.pdf'), await fx.longPdf(2))
    const run = (redoFailed: boolean) => runBatch({ inputs: ['in'], outDir: 'out', cwd: d, configFile, jobs: 1, redoFailed })
    writeFileSync(join(d, 'fail-1'), '')
    await run(false)
    const row = byPath(join(d, 'out')).get('doc.pdf')!
    assert.match(row.error_message, /^1 page\(s\) failed/)
    rmSync(join(d, 'out', `${row.text.replace(/\.txt$/, '')}.retry.gz`))
    ocrLog(d)
    rmSync(join(d, 'fail-1'))
    const retried = await run(true)
    assert.equal(retried.done, 1)
    // both pages read again, in whichever order the engine's workers took them
    assert.deepEqual(
      ocrLog(d).sort((a, b) => a - b),
      [1, 2],
    )
    assert.equal(byPath(join(d, 'out')).get('doc.pdf')!.error_code, '')
  })
})
