#!/usr/bin/env node
// pdf.js text extraction alone, the anchor of the memory row of perf.mjs: opens a PDF with pdf.js's legacy build
// (the untrusted-file settings the extractor uses: no eval, no system fonts), reads every page's text content and
// lets each page go before the next. Prints the pages, the characters read and the seconds.
//
//   node tools/bench/pdfjs-text.mjs [--checkout DIR] FILE.pdf
//
// --checkout: the built repository whose pdfjs-dist is used (default this one), so that both sides of a comparison
// read with the same pdf.js.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { benchArgs, root } from './bench-args.mjs'

const { args, opt } = benchArgs()
const checkout = opt('checkout', root)
if (args.length !== 1) {
  console.error('Usage: node tools/bench/pdfjs-text.mjs [--checkout DIR] FILE.pdf')
  process.exit(2)
}
const require = createRequire(join(checkout, 'packages', 'extract-pdfjs', 'package.json'))
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'))
const { getDocument } = await import(pathToFileURL(join(pdfjsRoot, 'legacy', 'build', 'pdf.mjs')).href)
const t0 = performance.now()
const doc = await getDocument({
  data: new Uint8Array(readFileSync(args[0])),
  isEvalSupported: false,
  verbosity: 0,
  disableFontFace: true,
  useSystemFonts: false,
  stopAtErrors: false,
  standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
  cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
  cMapPacked: true,
  wasmUrl: join(pdfjsRoot, 'wasm') + '/',
}).promise
let chars = 0
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n)
  const tc = await page.getTextContent()
  for (const it of tc.items) chars += it.str?.length ?? 0
  page.cleanup()
}
const pages = doc.numPages
await doc.destroy()
console.log(`${pages} pages, ${chars} characters, ${((performance.now() - t0) / 1000).toFixed(2)} s`)
