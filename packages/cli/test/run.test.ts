import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { parseCsv } from '../src/csv.js'
import { cli, folder } from './helpers.js'

const BIN = fileURLToPath(new URL('../src/bin.js', import.meta.url))

function readIndex(out: string) {
  const [header, ...rows] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
  const docs = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])))
  const pagesText = readFileSync(join(out, 'pages.jsonl'), 'utf8')
  assert.ok(pagesText === '' || pagesText.endsWith('\n'), 'pages.jsonl ends with a complete line')
  const pages = pagesText.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)
  return { docs, pages }
}

function mtimes(dir: string): Record<string, number> {
  const out: Record<string, number> = {}
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out[p] = statSync(p).mtimeMs
    }
  }
  walk(dir)
  return out
}

/** A folder of inputs: two `scan.pdf` in different folders, a copy of one of them, and a file that is not a PDF. */
async function inputs(): Promise<string> {
  const dir = folder({ 'config.json': JSON.stringify({ postprocess: [] }) })
  mkdirSync(join(dir, 'in', 'x'), { recursive: true })
  mkdirSync(join(dir, 'in', 'y'), { recursive: true })
  writeFileSync(join(dir, 'in', 'x', 'scan.pdf'), await fx.longPdf(3))
  writeFileSync(join(dir, 'in', 'y', 'scan.pdf'), await fx.healthyPdf('en')) // same name, other folder
  writeFileSync(join(dir, 'in', 'y', 'copy.pdf'), await fx.longPdf(3)) // same bytes as x/scan.pdf
  writeFileSync(join(dir, 'in', 'bad.pdf'), fx.notPdf())
  return dir
}

const run = (dir: string, config = 'config.json') => cli(['run', '--config', config, '--policy', 'extract', '--jobs', '1', '--out', 'out', 'in'], dir)

/** {@link inputs} after a first run into `out`: each case gets its own, so none depends on another's outputs. */
async function indexed(): Promise<string> {
  const dir = await inputs()
  assert.equal((await run(dir)).code, 1, 'bad.pdf failed')
  return dir
}

describe('pdftriage run', () => {
  it('writes the index, texts and reports; identical files are processed once', async () => {
    const dir = await inputs()
    const r = await run(dir)
    assert.equal(r.code, 1, 'bad.pdf failed')
    const out = join(dir, 'out')
    const { docs, pages } = readIndex(out)
    const row = (p: string) => docs.find((d) => d.path === join('in', p))!
    assert.equal(row('bad.pdf').status, 'failed')
    assert.equal(row('bad.pdf').error_code, 'PDF_INVALID')
    assert.equal(row('x/scan.pdf').status, 'done')
    assert.equal(row('x/scan.pdf').pages, '3')
    assert.equal(row('x/scan.pdf').pdf_type, 'text')
    assert.equal(row('y/copy.pdf').status, 'duplicate')
    assert.equal(row('y/copy.pdf').duplicate_of, join('in', 'x', 'scan.pdf'))
    assert.notEqual(row('x/scan.pdf').text, row('y/scan.pdf').text, 'two scan.pdf never collide')
    const text = readFileSync(join(out, row('x/scan.pdf').text!), 'utf8')
    assert.equal(text.split('\f').length, 3)
    assert.equal(text, text.normalize('NFC'))
    assert.equal(pages.length, 4)
    assert.ok(pages.every((p) => p.action === 'kept' && typeof p.text === 'string' && typeof p.hash === 'string'))
    const report = JSON.parse(readFileSync(join(out, row('x/scan.pdf').report!), 'utf8')) as { pageVerdicts: unknown[]; postprocessMs: number | null }
    assert.equal(report.pageVerdicts.length, 3)
    assert.equal(report.postprocessMs, null, 'no post-processor configured: no post-processing time')
  })

  it('reruns without rewriting anything, and redoes a changed file', async () => {
    const dir = await indexed()
    const out = join(dir, 'out')
    const before = mtimes(out)
    const r = await run(dir)
    assert.equal(r.code, 1) // bad.pdf is still failed
    assert.deepEqual(mtimes(out), before, 'nothing rewritten')
    assert.match(r.stderr.join(), /0 done.*4 unchanged/)
    writeFileSync(join(dir, 'in', 'y', 'scan.pdf'), await fx.healthyPdf('fr'))
    await run(dir)
    const { docs, pages } = readIndex(out)
    assert.equal(docs.filter((d) => d.path === join('in', 'y', 'scan.pdf')).length, 1, 'one row per path')
    assert.equal(docs.length, 4)
    assert.equal(pages.length, 4, 'the old page rows of the changed file are gone')
    assert.match(String(pages.find((p) => p.file === join('in', 'y', 'scan.pdf'))!.text), /Article premier/)
  })

  it('counts a changed configuration as a change', async () => {
    const dir = await indexed()
    writeFileSync(join(dir, 'config2.json'), JSON.stringify({ postprocess: [], ocrDpi: 200 }))
    const r = await run(dir, 'config2.json')
    assert.match(r.stderr.join(), /2 done/)
    assert.equal(readIndex(join(dir, 'out')).docs.length, 4)
  })

  it('never writes outside the output folder and rejects nothing it should not', async () => {
    const dir = await indexed()
    const out = join(dir, 'out')
    const files = Object.keys(mtimes(out))
    assert.ok(files.every((f) => f.startsWith(out)))
    assert.ok(files.every((f) => !f.includes('.tmp-')), 'no temporary file left')
  })

  it('resumes after SIGKILL with every document done exactly once', async () => {
    const d = folder()
    const n = 12
    const src = await fx.longPdf(40)
    mkdirSync(join(d, 'in'))
    for (let i = 0; i < n; i++) {
      // Distinct bytes per file: append a comment after %%EOF, which PDF readers ignore.
      writeFileSync(join(d, 'in', `doc${String(i).padStart(2, '0')}.pdf`), Buffer.concat([Buffer.from(src), Buffer.from(`\n%${i}\n`)]))
    }
    // A judge that, when PDFTRIAGE_TEST_HANG is set, says so on stderr and never returns on the 4th document: the
    // child is killed while it is stuck there, with 3 documents in the index and one half done, however fast the
    // machine. Unset (the resumed run below), it abstains; the configuration, and so its digest, is the same.
    writeFileSync(
      join(d, 'hang-judge.mjs'),
      `const seen = new Set()
export default { kind: 'judge', name: 'hang', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) }, create: () => ({ name: 'hang', judge: (page, ctx) => {
  seen.add(ctx.file)
  if (!process.env.PDFTRIAGE_TEST_HANG || seen.size < 4) return undefined
  process.stderr.write('hanging\\n')
  return new Promise(() => {})
} }) }
`,
    )
    writeFileSync(join(d, 'config.json'), JSON.stringify({ postprocess: [], judges: ['@pdftriage/judge-gates', './hang-judge.mjs'] }))
    const args = [BIN, 'run', '--config', 'config.json', '--policy', 'extract', '--jobs', '1', '--out', 'out', 'in']
    const child = spawn(process.execPath, args, { cwd: d, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PDFTRIAGE_TEST_HANG: '1' } })
    let stderr = ''
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        if (stderr.includes('hanging\n')) {
          child.kill('SIGKILL')
          resolve()
        }
      })
      void exited.then(resolve)
    })
    await exited
    assert.equal(child.signalCode, 'SIGKILL', `the child was to be killed, it exited: ${stderr}`)
    const partial = readIndex(join(d, 'out'))
    assert.equal(partial.docs.length, 3, 'killed on the 4th document')
    const r = await cli(['run', '--config', 'config.json', '--policy', 'extract', '--jobs', '1', '--out', 'out', 'in'], d)
    assert.equal(r.code, 0)
    const { docs, pages } = readIndex(join(d, 'out'))
    assert.equal(docs.length, n)
    assert.equal(new Set(docs.map((x) => x.path)).size, n, 'no duplicate rows')
    assert.ok(docs.every((x) => x.status === 'done'))
    assert.equal(pages.length, n * 40, 'every page exactly once')
    assert.equal(new Set(pages.map((p) => `${String(p.file)}#${String(p.page)}`)).size, n * 40)
  })

  it('copies survive: a file copied into the folder later is a duplicate of the first', async () => {
    const dir = await indexed()
    copyFileSync(join(dir, 'in', 'x', 'scan.pdf'), join(dir, 'in', 'later.pdf'))
    await run(dir)
    const { docs } = readIndex(join(dir, 'out'))
    assert.equal(docs.find((x) => x.path === join('in', 'later.pdf'))!.status, 'duplicate')
  })
})
