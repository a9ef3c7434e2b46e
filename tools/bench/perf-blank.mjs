#!/usr/bin/env node
// Row (e) of perf.mjs: 3,000 blank pages (one generated PDF, nothing painted on any page), `pdftriage triage` (policy
// auto) against `pdftriage triage --policy extract` (no OCR look at all), wall time of each whole process. A page
// that paints nothing should cost no look, so auto should stay near extract.
//
//   node tools/bench/perf-blank.mjs [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--runs 5] [--pages 3000]
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PDFDocument } from 'pdf-lib'
import { alternate, cleanup, main, pdftriage, result, rowFolder } from './perf-lib.mjs'

export const row = { id: 'e', name: 'blank', title: '3,000 blank pages: triage (auto) vs triage --policy extract (time)', run }

async function run(ctx) {
  const pages = Number(ctx.opt('pages', '3000'))
  const { dir, cwd } = rowFolder('blank')
  const pdf = await PDFDocument.create()
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]) // A4 in points
  const file = join(dir, `blank-${pages}.pdf`)
  writeFileSync(file, await pdf.save())
  const arms = [
    { name: 'triage --policy extract', cmd: () => pdftriage(ctx, 'triage', '--policy', 'extract', file) },
    { name: 'triage (auto)', cmd: () => pdftriage(ctx, 'triage', file) },
  ]
  await alternate(ctx, arms, { cwd, timeoutS: 3600 })
  cleanup(ctx, dir)
  return result(row, arms, {
    anchor: 'triage --policy extract',
    subject: 'triage (auto)',
    figure: 'secs',
    ratio: 'slowdown',
    target: { op: '<=', value: 3, text: '<= 3x' },
    notes: [`${pages} A4 pages generated with pdf-lib`],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main([row])
