#!/usr/bin/env node
// Dumps every labelled page of the development corpus as our extractor reads it, one JSON line a page: the label
// fields, `text`, `items` [{t, f, eol}] (text, font id, line end), `imageCoverage` and `fonts`. The corpus benchmarks
// (bigram-corpus, repair-bench, judge-gates/scripts/eval-corpus) read it; they call `ensureDump` to make it when
// missing. Build first: npm run build.
//
//   node tools/bench/corpus-dump.mjs [OUT.jsonl] [--corpus DIR]
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..', '..')
export const DEFAULT_DUMP = '/tmp/corpus-pages.jsonl'
export const DEFAULT_CORPUS = process.env.PDFTRIAGE_CORPUS ?? join(root, '..', 'shared', 'corpus')

/** Writes the dump of `corpus` to `out` unless it exists; returns false when there is no corpus. */
export async function ensureDump(out = DEFAULT_DUMP, corpus = DEFAULT_CORPUS) {
  if (existsSync(out)) return true
  if (!existsSync(join(corpus, 'labels.jsonl'))) return false
  const { default: factory } = await import(join(root, 'packages', 'extract-pdfjs', 'dist', 'src', 'index.js'))
  const ex = await factory.create(factory.optionsSchema.parse({}), { baseDir: root })
  const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  const lines = []
  for (const l of labels) {
    try {
      const doc = await ex.open(new Uint8Array(readFileSync(join(corpus, l.file))), { file: l.file })
      try {
        const p = await doc.getPageText(l.page)
        lines.push(
          JSON.stringify({
            ...l,
            text: p.text,
            items: p.items.map((i) => ({ t: i.text, f: i.fontId, eol: i.hasEol === true })),
            imageCoverage: p.imageCoverage,
            fonts: p.fonts,
          }),
        )
      } finally {
        await doc.close()
      }
    } catch (e) {
      lines.push(JSON.stringify({ ...l, error: String(e) }))
    }
  }
  writeFileSync(out, `${lines.join('\n')}\n`)
  process.stderr.write(`wrote ${lines.length} pages to ${out}\n`)
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const i = args.indexOf('--corpus')
  const corpus = i >= 0 ? args.splice(i, 2)[1] : DEFAULT_CORPUS
  const out = args[0] ?? DEFAULT_DUMP
  if (existsSync(out)) (await import('node:fs')).rmSync(out)
  if (!(await ensureDump(out, corpus))) console.log(`no corpus at ${corpus}: nothing to dump`)
}
