import assert from 'node:assert/strict'
import { readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import * as fx from '@pdftriage/fixtures'
import { cli, folder } from './helpers.js'

test('extract-and-ocr keeps both texts; an upside-down scan is read upright; OCR confidence and quality are recorded', async (t) => {
  const pdf = await fx.buildPdf([{ blocks: [{ text: fx.ENGLISH_PROSE }] }, { scan: { text: fx.FRENCH_DECREE, dpi: 150, turn: 180 } }])
  const dir = folder({ 'a.pdf': pdf })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const r = await cli(['run', '-q', '--policy', 'extract-and-ocr', '-o', 'out', 'a.pdf'], dir)
  assert.equal(r.code, 0, r.stderr.join('\n'))
  const rows = readFileSync(join(dir, 'out', 'pages.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
  const [born, scan] = rows
  assert.equal(born!.action, 'kept')
  assert.equal(born!.ocrQuality, 'good')
  assert.ok((born!.ocrConfidence as number) > 0.7)
  assert.match(born!.ocrText as string, /\bthe\b/)
  assert.equal(scan!.action, 'ocr')
  assert.equal(scan!.ocrQuality, 'good')
  assert.match(scan!.text as string, /MUNICIPAL/)
  assert.ok(
    (scan!.notes as string[]).some((n) => /read turned 180 degrees/.test(n)),
    (scan!.notes as string[]).join('\n'),
  )
  const files = readdirSync(join(dir, 'out', 'documents'))
  const ocrTxt = files.find((f) => f.endsWith('.ocr.txt'))
  assert.ok(ocrTxt, files.join(' '))
  const pages = readFileSync(join(dir, 'out', 'documents', ocrTxt), 'utf8').split('\f')
  assert.equal(pages.length, 2)
  assert.match(pages[1]!, /MUNICIPAL/)
})
