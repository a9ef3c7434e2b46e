import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, it } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import * as fx from '@pdftriage/fixtures'

const pkg = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'pdftriage-readme-'))
after(() => rmSync(dir, { recursive: true, force: true }))

it("runs the README's first JavaScript example on a generated scan", async () => {
  const readme = readFileSync(join(pkg, 'README.md'), 'utf8')
  const code = /```js\n([\s\S]*?)```/.exec(readme)?.[1]
  assert.ok(code, 'README has a js code block')
  // The example imports the package by name; here it is the built one, wherever the test runs.
  const entry = pathToFileURL(join(pkg, 'dist', 'src', 'index.js')).href
  assert.match(code, /from 'pdftriage'/)
  writeFileSync(join(dir, 'example.mjs'), code.replace(/from 'pdftriage'/, `from '${entry}'`))
  writeFileSync(join(dir, 'scan.pdf'), await fx.scannedPdf())
  const { stdout } = await promisify(execFile)(process.execPath, ['example.mjs', 'scan.pdf'], { cwd: dir })
  const lines = stdout.trim().split('\n')
  assert.equal(lines[0], 'page 1: absent, needs OCR (gates)')
  assert.match(lines[1]!, /^page 1: ocr, \d+ characters$/)
  assert.equal(lines.at(-1), 'pages needing OCR: 1')
  assert.match(readFileSync(join(dir, 'out.txt'), 'utf8'), /CIRCULATION/)
  assert.ok(existsSync(join(dir, 'out.pdf')))
  assert.equal(readFileSync(join(dir, 'out.pdf')).subarray(0, 5).toString('latin1'), '%PDF-')
})
