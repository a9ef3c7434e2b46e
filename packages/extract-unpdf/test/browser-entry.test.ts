import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { createCanvas } from '@napi-rs/canvas'
import { isTriageError } from '@pdftriage/core'
import * as browser from '../src/browser.js'
import * as node from '../src/node.js'
import { comparable, fixtureDocs, readAll } from './helpers.js'

const require = createRequire(import.meta.url)

/** The specifiers a built module imports (static and dynamic; `import type` is gone from the built code). */
function specifiers(code: string): string[] {
  const out: string[] = []
  for (const m of code.matchAll(
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm,
  )) {
    out.push((m[1] ?? m[2] ?? m[3])!)
  }
  return out
}

/** A workspace package's module for an export subpath, as a bundler resolves it for a browser. */
function browserExport(pkg: string, sub: string): string {
  const dir = dirname(require.resolve(`${pkg}/package.json`))
  const entry = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> }).exports[sub]!
  return join(dir, entry.browser ?? entry.default!)
}

test('browser entry: its modules and extract-pdfjs/engine import nothing from node: and no @napi-rs/canvas', () => {
  const own = new Set<string>()
  const external = new Set<string>()
  const todo = [browserExport('@pdftriage/extract-unpdf', '.')]
  assert.ok(todo[0]!.endsWith(join('dist', 'src', 'browser.js')), todo[0])
  while (todo.length) {
    const file = todo.pop()!
    if (own.has(file)) continue
    own.add(file)
    const code = readFileSync(file, 'utf8')
    assert.doesNotMatch(code, /\brequire\s*\(/, `${file} calls require`)
    for (const s of specifiers(code)) {
      if (s.startsWith('.')) todo.push(resolve(dirname(file), s))
      else if (s === '@pdftriage/extract-pdfjs/engine') todo.push(browserExport('@pdftriage/extract-pdfjs', './engine'))
      else external.add(s)
    }
  }
  // the walk went through extract-pdfjs's engine (one copy of the logic), not its Node entry
  const files = [...own].map((f) => f.replace(/\\/g, '/'))
  assert.ok(files.some((f) => f.endsWith('extract-pdfjs/dist/src/oplist-text.js')))
  assert.ok(!files.some((f) => /pdfjs-loader|sync-inflate|extract-pdfjs\/dist\/src\/index\.js/.test(f)), files.join('\n'))
  for (const s of external) {
    assert.ok(!s.startsWith('node:') && !builtinModules.includes(s), `imports ${s}`)
    assert.ok(!s.startsWith('@napi-rs/'), `imports ${s}`)
  }
  // the packages a browser bundle takes in: a new one is a decision, seen here
  assert.deepEqual([...external].sort(), [
    '@pdftriage/core',
    'bidi-js',
    'pdf-lib',
    'pdfjs-dist/build/pdf.mjs',
    'pdfjs-dist/build/pdf.worker.mjs',
    'pdfjs-dist/legacy/build/pdf.mjs',
    'pdfjs-dist/legacy/build/pdf.worker.mjs',
    'unpdf',
    'zod',
  ])
})

const root = join(dirname(require.resolve('pdfjs-dist/package.json')))
const assets = { standardFontDataUrl: join(root, 'standard_fonts'), cMapUrl: join(root, 'cmaps'), wasmUrl: join(root, 'wasm') }

test('browser entry: without the asset folders, opening fails with USAGE naming them', async () => {
  const ex = browser.createUnpdfExtractor(browser.unpdfExtractorOptionsSchema.parse({}))
  const [, bytes] = (await fixtureDocs())[0]!
  await assert.rejects(ex.open(bytes), (e: unknown) => isTriageError(e) && e.code === 'USAGE' && /cMapUrl/.test(e.message))
})

test("browser entry (run in Node, pdf.js's legacy build, the caller's canvas): the Node entry's pages and renders", async () => {
  // Node has neither OffscreenCanvas nor a document: the canvas is given, as a program in another runtime may give its own
  const made: number[] = []
  const ex = browser.createUnpdfExtractor(browser.unpdfExtractorOptionsSchema.parse({ ...assets, pdfjs: 'legacy' }), {
    createCanvas: (w, h) => {
      made.push(w * h)
      return createCanvas(w, h)
    },
  })
  const base = node.createUnpdfExtractor(node.unpdfExtractorOptionsSchema.parse({}))
  for (const [label, bytes] of await fixtureDocs()) {
    const a = await readAll(base, bytes, 50)
    const b = await readAll(ex, bytes, 50)
    assert.deepEqual(comparable(b.pages), comparable(a.pages), label)
    for (let i = 0; i < a.renders.length; i++) {
      assert.ok(Buffer.from(b.renders[i]!.data).equals(Buffer.from(a.renders[i]!.data)), `${label}: page ${i + 1} renders the same pixels`)
    }
  }
  assert.ok(made.length >= (await fixtureDocs()).length, `canvases made: ${made.length}`)
})
