#!/usr/bin/env node
// Row (b) of perf.mjs: `pdftriage triage` of the 312-page French LaTeX manual (latex2e-fr.pdf of Debian's
// texlive-lang-french) against poppler's `pdftotext` of the same file, wall time of each whole process. The ratio is
// pdftotext's time over triage's (the share of pdftotext's speed triage reaches).
//
//   node tools/bench/perf-manual.mjs [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--runs 5] [--file F.pdf]
//
// Needs pdftotext (apt-get install poppler-utils) and the manual (apt-get install texlive-lang-french).
import { fileURLToPath } from 'node:url'
import { alternate, cleanup, debianFile, has, main, pdftriage, result, rowFolder } from './perf-lib.mjs'

/** The manual: --file, else the installed Debian file. */
export function manual(ctx) {
  return ctx.opt('file', undefined) ?? debianFile('texlive-lang-french', 'latex2e-fr.pdf')
}

export const row = { id: 'b', name: 'manual', title: 'triage of the 312-page French manual vs pdftotext (time)', run }

async function run(ctx) {
  const file = manual(ctx)
  if (!file) return { row: row.id, title: row.title, skipped: 'latex2e-fr.pdf not installed (apt-get install texlive-lang-french)' }
  if (!has('pdftotext')) return { row: row.id, title: row.title, skipped: 'pdftotext not installed (apt-get install poppler-utils)' }
  const { dir, cwd } = rowFolder('manual')
  const arms = [
    { name: 'pdftotext', cmd: () => ['pdftotext', [file, '/dev/null']] },
    { name: 'pdftriage triage', cmd: () => pdftriage(ctx, 'triage', file) },
  ]
  await alternate(ctx, arms, { cwd, timeoutS: 600 })
  cleanup(ctx, dir)
  return result(row, arms, {
    anchor: 'pdftotext',
    subject: 'pdftriage triage',
    figure: 'secs',
    ratio: 'speed',
    target: { op: '>=', value: 0.45, text: '>= 0.45x' },
    notes: [file],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main([row])
