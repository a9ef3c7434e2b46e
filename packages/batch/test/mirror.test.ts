import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { mirrorStem, runBatch, type BatchEvent, type DocumentRow, type RunBatchOptions } from '../src/index.js'
import { EXTRACT_ONLY, folder, readIndex } from './helpers.js'

/** The pipeline of {@link EXTRACT_ONLY} with the default post-processor, so that a rebuilt (clean) text is written. */
const WITH_CLEAN = { ...EXTRACT_ONLY, postprocess: ['@pdftriage/postpass-dehyphen'] }

async function run(dir: string, extra: Partial<RunBatchOptions> = {}) {
  const events: BatchEvent[] = []
  const summary = await runBatch({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', jobs: 1, names: 'mirror', ...extra }, (e) =>
    events.push(e),
  )
  const warnings = events.filter((e): e is Extract<BatchEvent, { type: 'names-warning' }> => e.type === 'names-warning')
  return { summary, events, warnings }
}

/** Every file below `dir`, relative, `/`-separated. */
function tree(dir: string, base = ''): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tree(join(dir, e.name), `${base}${e.name}/`) : [`${base}${e.name}`]))
}

const rowOf = (out: string, path: string) => readIndex(out).docs.find((d) => d.path === path) as DocumentRow

describe('--names mirror', () => {
  it('mirrors nested folders beside the hash-named files, for every output written, duplicates included', async (t) => {
    const foo = await fx.healthyPdf('en')
    const dir = folder(t, {
      'config.json': JSON.stringify(WITH_CLEAN),
      'in/a/b/foo.pdf': foo,
      'in/a/copy.pdf': foo,
      'in/c/bar.PDF': await fx.longPdf(2),
    })
    const { summary, warnings } = await run(dir, { pdf: true })
    assert.equal(summary.done, 2)
    assert.equal(summary.duplicate, 1)
    assert.deepEqual(warnings, [])
    const out = join(dir, 'out')
    const r = rowOf(out, join('in', 'a', 'b', 'foo.pdf'))
    assert.equal(r.mirror_name, 'a/b/foo')
    assert.equal(r.mirror_text, 'text/a/b/foo.txt')
    assert.equal(r.mirror_pdf, 'pdf/a/b/foo.pdf')
    assert.equal(r.mirror_collision, '')
    assert.match(r.clean, /^documents\/[0-9a-f]{32}\.clean\.txt$/)
    const outputs = JSON.parse(r.outputs) as Record<string, string>
    assert.deepEqual(outputs, { text: r.text, clean: r.clean, report: r.report, pdf: r.pdf })
    // each mirrored name is the hash-named file itself (a hard link on this file system), never a second copy
    const same = (a: string, b: string) => assert.equal(statSync(join(out, a)).ino, statSync(join(out, b)).ino, `${a} is ${b}`)
    same('text/a/b/foo.txt', r.clean)
    same('raw-text/a/b/foo.txt', r.text)
    same('json/a/b/foo.json', r.report)
    same('pdf/a/b/foo.pdf', r.pdf)
    assert.match(readFileSync(join(out, 'text/a/b/foo.txt'), 'utf8'), /\w+ \w+/)
    // identical content under another name: that name gets the same files
    const dup = rowOf(out, join('in', 'a', 'copy.pdf'))
    assert.equal(dup.status, 'duplicate')
    assert.equal(dup.mirror_text, 'text/a/copy.txt')
    same('text/a/copy.txt', r.clean)
    same('pdf/a/copy.pdf', r.pdf)
    // the extension is dropped whatever its case
    assert.equal(rowOf(out, join('in', 'c', 'bar.PDF')).mirror_text, 'text/c/bar.txt')
    assert.deepEqual(tree(join(out, 'text')), ['a/b/foo.txt', 'a/copy.txt', 'c/bar.txt'], 'nothing but the mirrored names (no temporary file left)')
    assert.ok(!tree(join(out, 'documents')).some((n) => n.includes('.tmp-')))
  })

  it('names a file given as such by its own name', async (t) => {
    const dir = folder(t, { 'config.json': JSON.stringify(WITH_CLEAN), 'in/deep/x.pdf': await fx.healthyPdf('en') })
    await run(dir, { inputs: [join('in', 'deep', 'x.pdf')] })
    assert.ok(existsSync(join(dir, 'out', 'text', 'x.txt')))
    assert.equal(mirrorStem(join('a', 'b.c.pdf')), 'a/b.c')
    assert.equal(mirrorStem('notes.bin'), 'notes.bin')
  })

  it('gives a name two inputs map to to the first, warns, and says so in the index, run after run', async (t) => {
    const dir = folder(t, {
      'config.json': JSON.stringify(WITH_CLEAN),
      'one/foo.pdf': await fx.healthyPdf('en'),
      'two/foo.pdf': await fx.healthyPdf('fr'),
    })
    const out = join(dir, 'out')
    const first = await run(dir, { inputs: ['one', 'two'] })
    assert.equal(first.summary.done, 2)
    assert.equal(first.warnings.length, 1)
    assert.match(first.warnings[0]!.message, /two\/foo\.pdf: its mirrored name foo is one\/foo\.pdf's/)
    const one = rowOf(out, join('one', 'foo.pdf'))
    const two = rowOf(out, join('two', 'foo.pdf'))
    assert.equal(one.mirror_text, 'text/foo.txt')
    assert.equal(two.mirror_text, '')
    assert.equal(two.mirror_collision, join('one', 'foo.pdf'))
    assert.equal(readFileSync(join(out, 'text', 'foo.txt'), 'utf8'), readFileSync(join(out, one.clean), 'utf8'))
    // given the other way round, the name stays with the input that holds it in the index
    const again = await run(dir, { inputs: ['two', 'one'] })
    assert.equal(again.summary.unchanged, 2)
    assert.equal(again.warnings.length, 1)
    assert.equal(rowOf(out, join('two', 'foo.pdf')).mirror_collision, join('one', 'foo.pdf'))
    assert.equal(readFileSync(join(out, 'text', 'foo.txt'), 'utf8'), readFileSync(join(out, one.clean), 'utf8'))
    // the holder's file changed: its mirrored name follows its newest content
    writeFileSync(join(dir, 'one', 'foo.pdf'), await fx.longPdf(2))
    const changed = await run(dir, { inputs: ['two', 'one'] })
    assert.equal(changed.summary.done, 1)
    const now = rowOf(out, join('one', 'foo.pdf'))
    assert.notEqual(now.hash, one.hash)
    assert.equal(statSync(join(out, 'text', 'foo.txt')).ino, statSync(join(out, now.clean)).ino)
    assert.equal(readIndex(out).docs.length, 2, 'one row per path once compacted')
  })

  it('gives the documents of an earlier run without mirrored names theirs on a rerun, then leaves them alone', async (t) => {
    const foo = await fx.healthyPdf('en')
    const dir = folder(t, { 'config.json': JSON.stringify(WITH_CLEAN), 'in/a/foo.pdf': foo, 'in/b/same.pdf': foo })
    const out = join(dir, 'out')
    await run(dir, { names: 'hash' })
    assert.ok(!existsSync(join(out, 'text')))
    assert.equal(rowOf(out, join('in', 'a', 'foo.pdf')).mirror_name, '')
    // what a run killed while placing a name leaves: a temporary file in documents/, removed on the next start
    writeFileSync(join(out, 'documents', 'mirror.tmp-999999-0badcafe'), 'half')
    const second = await run(dir)
    assert.equal(second.summary.unchanged, 2)
    assert.ok(second.events.some((e) => e.type === 'resumed' && /removed 1 temporary/.test(e.message)))
    assert.ok(!existsSync(join(out, 'documents', 'mirror.tmp-999999-0badcafe')))
    assert.deepEqual(tree(join(out, 'text')), ['a/foo.txt', 'b/same.txt'])
    assert.equal(rowOf(out, join('in', 'b', 'same.pdf')).mirror_text, 'text/b/same.txt')
    const csv = readFileSync(join(out, 'documents.csv'))
    const third = await run(dir)
    assert.equal(third.summary.unchanged, 2)
    assert.deepEqual(readFileSync(join(out, 'documents.csv')), csv, 'a rerun with the names in place appends nothing')
    // a new copy of a document done in an earlier run gets its name at once
    mkdirSync(join(dir, 'in', 'c'))
    writeFileSync(join(dir, 'in', 'c', 'third.pdf'), foo)
    const fourth = await run(dir)
    assert.equal(fourth.summary.duplicate, 1)
    assert.equal(rowOf(out, join('in', 'c', 'third.pdf')).mirror_text, 'text/c/third.txt')
    assert.equal(statSync(join(out, 'text', 'c', 'third.txt')).ino, statSync(join(out, 'text', 'a', 'foo.txt')).ino)
  })

  it('refuses to write through a symbolic link inside the output folder; the document is done, its hash-named files there', async (t) => {
    const dir = folder(t, {
      'config.json': JSON.stringify(WITH_CLEAN),
      'in/a/foo.pdf': await fx.healthyPdf('en'),
      'in/b/bar.pdf': await fx.healthyPdf('fr'),
    })
    const out = join(dir, 'out')
    mkdirSync(join(dir, 'elsewhere'))
    mkdirSync(join(out, 'text'), { recursive: true })
    mkdirSync(join(out, 'inside'))
    symlinkSync(join(dir, 'elsewhere'), join(out, 'text', 'a'))
    // a link that stays inside the output folder is refused too
    symlinkSync(join(out, 'inside'), join(out, 'text', 'b'))
    const { summary, warnings } = await run(dir)
    assert.equal(summary.done, 2)
    assert.equal(warnings.length, 2)
    assert.match(warnings[0]!.message, /in\/a\/foo\.pdf: Refusing to write text\/a\/foo\.txt: a link on the way leads outside/)
    assert.match(warnings[1]!.message, /in\/b\/bar\.pdf: Refusing to write text\/b\/bar\.txt: text\/b is a symbolic link/)
    assert.deepEqual(readdirSync(join(dir, 'elsewhere')), [])
    assert.deepEqual(readdirSync(join(out, 'inside')), [])
    const r = rowOf(out, join('in', 'a', 'foo.pdf'))
    assert.equal(r.status, 'done')
    assert.equal(r.error_code, 'OUTPUT_PATH_INVALID')
    assert.match(r.error_message, /mirrored names not written/)
    assert.equal(r.mirror_name, '', 'not placed: the next run tries again')
    assert.ok(existsSync(join(out, r.clean)))
    assert.ok(!existsSync(join(out, 'raw-text')), 'no name of the document placed when one is refused')
    // the links removed, the next run places the names and the row no longer says they were refused
    rmSync(join(out, 'text', 'a'))
    rmSync(join(out, 'text', 'b'))
    const again = await run(dir)
    assert.equal(again.summary.unchanged, 2)
    assert.deepEqual(again.warnings, [])
    const fixed = rowOf(out, join('in', 'a', 'foo.pdf'))
    assert.equal(fixed.mirror_text, 'text/a/foo.txt')
    assert.equal(fixed.error_code, '')
    assert.equal(fixed.error_message, '')
    assert.deepEqual(tree(join(out, 'text')), ['a/foo.txt', 'b/bar.txt'])
  })
})
