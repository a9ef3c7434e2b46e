// Debugging aid: the post-pass's line segments of one PDF page, block by block in its reading order (x0 x1 y0 y1
// size text). `node tools/eval-dehyphen/latex/show-lines.mjs <file.pdf> <page>`; POSTPASS_DIR=<dir of a built
// post-pass's src> reads another build. The PDFs: `KEEP=1 node tools/eval-dehyphen/latex/latex-eval.mjs`.
const ROOT = new URL('../../../', import.meta.url).pathname
const { default: extractor } = await import(ROOT + 'packages/extract-pdfjs/dist/src/index.js')
import { readFileSync } from 'node:fs'
const base = process.env.POSTPASS_DIR ?? ROOT + 'packages/postpass-dehyphen/dist/src'
const { buildLines } = await import(base + '/line-builder.js')
const { readingOrder } = await import(base + '/reading-order.js')
const [file, page] = process.argv.slice(2)
const ex = await extractor.create(extractor.optionsSchema.parse({}), { baseDir: process.cwd() })
const d = await ex.open(new Uint8Array(readFileSync(file)))
const p = await d.getPageText(+page)
const ls = buildLines(p, 2.5)
console.log('lines', ls.length)
let b = 0
for (const block of readingOrder(ls)) {
  console.log('--- block', b++)
  for (const l of block) console.log(l.x0.toFixed(1), l.x1.toFixed(1), l.y0.toFixed(1), l.y1.toFixed(1), l.fontSize, JSON.stringify(l.text.slice(0, 70)))
}
await d.close()
