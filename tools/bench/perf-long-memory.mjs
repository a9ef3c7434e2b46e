#!/usr/bin/env node
// Row (d) of perf.mjs: peak memory of `pdftriage triage` of a long real document, Debian linuxcnc-doc-fr's
// LinuxCNC_Documentation_fr.pdf (1,280 pages), against pdf.js's text extraction alone (pdfjs-text.mjs, with the
// measured checkout's pdf.js): the largest sum of RSS over each process tree.
//
//   node tools/bench/perf-long-memory.mjs [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--runs 5] [--file F.pdf]
//
// Needs the file (apt-get install linuxcnc-doc-fr).
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { root } from './bench-args.mjs'
import { alternate, cleanup, debianFile, main, pdftriage, result, rowFolder } from './perf-lib.mjs'

export const row = { id: 'd', name: 'long-memory', title: 'peak memory, triage of the 1,280-page LinuxCNC manual vs pdf.js text alone', run }

async function run(ctx) {
  const file = ctx.opt('file', undefined) ?? debianFile('linuxcnc-doc-fr', 'LinuxCNC_Documentation_fr.pdf')
  if (!file) return { row: row.id, title: row.title, skipped: 'LinuxCNC_Documentation_fr.pdf not installed (apt-get install linuxcnc-doc-fr)' }
  const { dir, cwd } = rowFolder('long-memory')
  const arms = [
    { name: 'pdf.js text alone', cmd: () => [process.execPath, [join(root, 'tools', 'bench', 'pdfjs-text.mjs'), '--checkout', ctx.checkout, file]] },
    { name: 'pdftriage triage', cmd: () => pdftriage(ctx, 'triage', file) },
  ]
  await alternate(ctx, arms, { cwd, timeoutS: 7200 })
  cleanup(ctx, dir)
  return result(row, arms, {
    anchor: 'pdf.js text alone',
    subject: 'pdftriage triage',
    figure: 'peakMb',
    ratio: 'absolute',
    target: { op: '<=', value: 400, text: '<= 400 MB' },
    notes: [file],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main([row])
