import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import * as fx from '@pdftriage/fixtures'
import { parsePages } from '../src/ocr-command.js'
import { cli, folder } from './helpers.js'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'bin.js')

test('ocr IN OUT keeps a layer that reads, repairs one that can be, writes OUT and the sidecar', async (t) => {
  const pdf = await fx.buildPdf([{ blocks: [{ text: fx.FRENCH_PROSE }] }, { blocks: [{ text: fx.ENGLISH_PROSE, layer: 'reflected' }] }])
  const dir = folder({ 'in.pdf': pdf })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const r = await cli(['ocr', '-l', 'fra+eng', 'in.pdf', 'out.pdf', '--sidecar', 'out.txt'], dir)
  assert.equal(r.code, 0, r.stderr.join('\n'))
  assert.match(
    r.stderr.join('\n'),
    /in\.pdf: 2 page\(s\): 1 kept as it was, 1 repaired without OCR; 0 with an added text layer, 1 with corrected character maps;/,
  )
  assert.equal(readFileSync(join(dir, 'out.pdf')).subarray(0, 5).toString(), '%PDF-')
  const pages = readFileSync(join(dir, 'out.txt'), 'utf8').split('\f')
  assert.match(pages[0]!, /Le matin où nous quittâmes la maison/)
  assert.match(pages[1]!, /\bthe\b/)
  assert.deepEqual(readdirSync(dir).sort(), ['in.pdf', 'out.pdf', 'out.txt'], 'no temporary file left')
})

test('--pages: a page outside the list keeps its layer even when it would need OCR; nothing needed says so', async (t) => {
  const pdf = await fx.buildPdf([{ scan: { text: fx.FRENCH_DECREE, dpi: 100 } }, { blocks: [{ text: fx.FRENCH_PROSE }] }])
  const dir = folder({ 'in.pdf': pdf })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const r = await cli(['ocr', '-v', '--pages', '2', 'in.pdf', 'out.pdf'], dir)
  assert.equal(r.code, 0, r.stderr.join('\n'))
  assert.ok(r.stderr.includes('page 1: absent, kept (gates)'), r.stderr.join('\n'))
  assert.match(
    r.stderr.join('\n'),
    /in\.pdf: 2 page\(s\): 2 kept as they were \(no page needed OCR: the output carries the text the input had\); 0 with an added text layer;/,
  )
})

test('- reads standard input and writes standard output', async (t) => {
  const dir = folder()
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const r = spawnSync(process.execPath, [bin, 'ocr', '-q', '-', '-'], { cwd: dir, input: await fx.healthyPdf('en') })
  assert.equal(r.status, 0, r.stderr.toString())
  assert.equal(r.stdout.subarray(0, 5).toString(), '%PDF-')
  assert.equal(r.stderr.toString(), '')
})

test('usage errors exit 2 with a message, no stack trace', async (t) => {
  const dir = folder({ 'in.pdf': await fx.healthyPdf('en') })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'afolder'))
  for (const [args, msg] of [
    [['ocr', 'in.pdf'], /Give the input and the output/],
    [['ocr', 'in.pdf', 'afolder'], /is a folder: give a file name/],
    [['ocr', '--pages', '3-1', 'in.pdf', 'o.pdf'], /Expected --pages like/],
    [['ocr', '-l', 'fra,eng', 'in.pdf', 'o.pdf'], /Expected -l like fra or fra\+eng/],
    [['ocr', '--force', '--skip-text', 'in.pdf', 'o.pdf'], /opposite things/],
  ] as const) {
    const r = await cli([...args], dir)
    assert.equal(r.code, 2, args.join(' '))
    assert.match(r.stderr.join('\n'), msg)
    assert.doesNotMatch(r.stderr.join('\n'), /\n\s+at /)
  }
  // a path naming nothing is a usage error too; a folder given as IN as well
  const missing = await cli(['ocr', 'nothere.pdf', 'o.pdf'], dir)
  assert.equal(missing.code, 2)
  assert.match(missing.stderr.join('\n'), /IN `nothere\.pdf` does not exist: check the path/)
  assert.equal(existsSync(join(dir, 'o.pdf')), false)
  const folderIn = await cli(['ocr', 'afolder', 'o.pdf'], dir)
  assert.equal(folderIn.code, 2)
  assert.match(folderIn.stderr.join('\n'), /IN `afolder` is a folder/)
})

test('parsePages reads lists and open ranges against the page count', () => {
  assert.deepEqual([...parsePages('1-3,7,10-')(12)], [1, 2, 3, 7, 10, 11, 12])
  assert.deepEqual([...parsePages('2')(1)], [])
  assert.throws(() => parsePages('a-b'), /Expected --pages/)
})
