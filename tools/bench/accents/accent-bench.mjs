// Character error rate of the reflect repair's text on the accent test set (build.py) against pdf.js's text of the
// unbroken source page, per encoding x generator and break, on the study or the check half.
//   node tools/bench/accents/accent-bench.mjs SET_DIR [--half study|check|all] [--json FILE] [--show N] [--repo DIR]
// --repo: the checkout whose built repair is measured (default this one), for a before / after on the same set.
// As reflect-truth.mjs: built-in options (no letter model), the judges replaced by one that accepts, so that every
// page the repair proposes is scored; a page the repair declines would be OCRed (counted apart, scored on its stored
// text). The glyph names come from the extractor, as the pipeline gives them to repairs.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import extract from '@pdftriage/extract-pdfjs'
import { cer } from '../codemap-lib.mjs'

const args = process.argv.slice(2)
const dir = args[0]
const opt = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d)
const half = opt('--half', 'check')
const show = Number(opt('--show', 0))
const repo = resolve(opt('--repo', join(import.meta.dirname, '..', '..', '..')))
const dist = (f) => import(pathToFileURL(join(repo, 'packages/repair-reflect/dist/src', f)).href)
const { ReflectRepair } = await dist('reflect-repair.js')
const { reflectOptionsSchema } = await dist('options.js')
const setups = JSON.parse(readFileSync(join(dir, 'setups.json'), 'utf8'))
const ex = await extract.create(extract.optionsSchema.parse({}), { baseDir: '.' })
const rep = new ReflectRepair(reflectOptionsSchema.parse({}), undefined)
const BREAKS = ['R', 'S+1', 'S-29']
const rows = []
let shown = 0
for (const [name, s] of Object.entries(setups)) {
  const pages = half === 'all' ? [...s.study, ...s.check] : s[half]
  const orig = await ex.open(new Uint8Array(readFileSync(join(dir, 'orig', `${name}.pdf`))))
  const truths = new Map()
  for (const p of pages) truths.set(p, (await orig.getPageText(p)).text)
  await orig.close()
  for (const b of BREAKS) {
    const doc = await ex.open(new Uint8Array(readFileSync(join(dir, 'broken', `${name}-${b}.pdf`))))
    for (const p of pages) {
      const page = await doc.getPageText(p)
      const ctx = {
        pageCount: doc.pageCount,
        info: doc.info,
        verdict: { judge: 'g', layer: 'garbled', needsOcr: true, notes: [] },
        judge: async () => ({ judge: 'x', layer: 'healthy', needsOcr: false, notes: [] }),
        glyphNames: doc.getGlyphNames ? (ids) => doc.getGlyphNames(p, ids) : undefined,
      }
      const r = await rep.repair(page, ctx)
      const text = r ? r.page.text : page.text
      const c = cer(text, truths.get(p))
      rows.push({
        name,
        encoding: s.encoding,
        generator: s.generator,
        separate: s.separateAccents,
        brk: b,
        page: p,
        repaired: !!r,
        mapped: !!r && r.notes.at(-1).startsWith('code maps'),
        cer: c,
      })
      if (show && c >= 0.01 && shown < show) {
        shown++
        console.log(
          `--- ${name} ${b} p${p} cer ${c.toFixed(4)} ${r ? 'repaired' : 'declined'}\n${text.slice(0, 300)}\n--- truth\n${truths.get(p).slice(0, 300)}`,
        )
      }
    }
    await doc.close()
  }
}
const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y)
  return a.length ? (a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2) : NaN
}
const groups = new Map()
for (const r of rows) {
  const k = `${r.encoding} | ${r.generator} | ${r.separate ? 'apart' : 'composed'} | ${r.name}`
  if (!groups.has(k)) groups.set(k, [])
  groups.get(k).push(r)
}
console.log(`half ${half}: ${rows.length} pages`)
console.log('| encoding | generator | accents | set-up | pages | CER median | < 0.01 | declined |')
console.log('|---|---|---|---|---|---|---|---|')
for (const [k, rs] of groups)
  console.log(
    `| ${k} | ${rs.length} | ${median(rs.map((r) => r.cer)).toFixed(4)} | ${rs.filter((r) => r.cer < 0.01).length} | ${rs.filter((r) => !r.repaired).length} |`,
  )
for (const sep of [true, false]) {
  const rs = rows.filter((r) => r.separate === sep)
  console.log(
    `${sep ? 'accents apart' : 'composed glyphs'}: ${rs.length} pages, CER median ${median(rs.map((r) => r.cer)).toFixed(4)}, < 0.01: ${rs.filter((r) => r.cer < 0.01).length}, declined ${rs.filter((r) => !r.repaired).length}`,
  )
}
for (const b of BREAKS) {
  const rs = rows.filter((r) => r.brk === b)
  console.log(`break ${b}: ${rs.length} pages, < 0.01: ${rs.filter((r) => r.cer < 0.01).length}, declined ${rs.filter((r) => !r.repaired).length}`)
}
console.log(`all: ${rows.length} pages, < 0.01: ${rows.filter((r) => r.cer < 0.01).length}`)
// a page given code maps has its fonts' ToUnicode rewritten in a searchable PDF instead of a layer laid over them
console.log(`code maps: ${rows.filter((r) => r.mapped).length} of ${rows.filter((r) => r.repaired).length} repaired pages`)
const jf = opt('--json')
if (jf) writeFileSync(jf, JSON.stringify(rows, null, 1))
