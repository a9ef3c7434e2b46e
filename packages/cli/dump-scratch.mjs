import * as fx from '@pdftriage/fixtures'
import { createComponents, loadConfig, runDocument, planDocument, effectiveRules } from '@pdftriage/core'
import { writeFileSync } from 'node:fs'
const pdf = await fx.buildPdf([{ blocks: [{ text: fx.FRENCH_PROSE }] }, { scan: { text: fx.FRENCH_DECREE, dpi: 200 } }])
writeFileSync('/tmp/alto-mixed.pdf', pdf)
const loaded = await loadConfig(undefined, process.cwd())
const config = { ...loaded.config, languages: ['fra'] }
const comps = await createComponents(config, loaded.baseDir, { fallbackDirs: [new URL('../packages/cli/dist/src/', import.meta.url).pathname], withPostprocess: false })
const doc = await comps.extractor.open(pdf.slice(), { file: 'x' })
const res = []
for await (const ev of runDocument(doc, comps, { file: 'x', policy: config.policy, ocrDpi: config.ocrDpi, languages: ['fra'], plan: (i) => planDocument(effectiveRules(config), i), postprocess: false })) if (ev.type === 'page') res.push(ev.result)
await doc.close(); await comps.close()
for (const r of res) {
  console.log(r.pageNumber, r.action, r.page.source, r.page.width, r.page.height, r.page.items.length, r.page.rotation)
  for (const it of r.page.items.slice(0, 6)) console.log(JSON.stringify({ ...it, glyphs: it.glyphs?.slice(0, 4) }))
}
writeFileSync('/tmp/alto-results.json', JSON.stringify(res))
