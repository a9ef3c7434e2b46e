// reflect-truth.mjs with the glyph names the pipeline gives repairs (`ctx.glyphNames`, the extractor's
// `getGlyphNames`): the CER of the reflect repair's text against the unbroken source page of every corpus page
// labelled reflected, as the pipeline reads them.
//   cd ../shared/corpus && node ../../<worktree>/tools/bench/accents/reflect-truth-names.mjs
// Source pages: as reflect-truth.mjs (Debian's texlive-*-doc packages under /usr/share/doc/texlive-doc).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import extract from '@pdftriage/extract-pdfjs'
import { ReflectRepair } from '../../../packages/repair-reflect/dist/src/reflect-repair.js'
import { reflectOptionsSchema } from '../../../packages/repair-reflect/dist/src/options.js'
import { cer } from '../codemap-lib.mjs'
const ex = await extract.create(extract.optionsSchema.parse({}), { baseDir: '.' })
const ctx = {
  pageCount: 1,
  info: { pageCount: 1 },
  verdict: { judge: 'g', layer: 'garbled', needsOcr: true, notes: [] },
  judge: async () => ({ judge: 'x', layer: 'healthy', needsOcr: false, notes: [] }),
}
const rep = new ReflectRepair(reflectOptionsSchema.parse({}), undefined)
const labels = readFileSync('labels.jsonl', 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  .filter((l) => l.label === 'reflected')
let sum = 0
const tmp = mkdtempSync(join(tmpdir(), 'reflect-truth-'))
for (const l of labels) {
  const m = /^texlive-doc:(.*) p\.(\d+)$/.exec(l.source)
  const src = `/usr/share/doc/texlive-doc/${m[1]}`
  const one = join(tmp, 'one.pdf')
  execFileSync('qpdf', ['--empty', '--pages', src, m[2], '--', one])
  const d = await ex.open(new Uint8Array(readFileSync(one)))
  const truth = (await d.getPageText(1)).text
  await d.close()
  const doc = await ex.open(new Uint8Array(readFileSync(l.file)))
  const r = await rep.repair(await doc.getPageText(1), { ...ctx, glyphNames: (ids) => doc.getGlyphNames(1, ids) })
  await doc.close()
  const c = cer(r.page.text, truth)
  sum += c
  console.log(l.file, c.toFixed(4), r.notes.at(-1).startsWith('code maps') ? 'mapped' : 'layer')
}
console.log('mean', (sum / labels.length).toFixed(5))
rmSync(tmp, { recursive: true, force: true })
