import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { TestContext } from 'node:test'
import { DOCUMENT_COLUMNS, parseCsv, type DocumentRow } from '../src/index.js'

/**
 * The cheapest configuration that still runs the pipeline: pdf.js and the character gates, no OCR, no post-pass.
 * Its plugins are devDependencies of this package.
 */
export const EXTRACT_ONLY = { judges: ['@pdftriage/judge-gates'], repairs: [], ocr: null, postprocess: [], policy: 'extract' }

/** A temporary folder owned by the test `t` (removed when it ends), with the given files written into it. */
export function folder(t: TestContext, files: Record<string, Uint8Array | string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdftriage-batch-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), data)
  }
  return dir
}

/** The output folder's index: documents.csv rows as objects, pages.jsonl rows parsed. */
export function readIndex(out: string) {
  const [header, ...rows] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
  const docs = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])) as Record<string, string>)
  const pagesText = readFileSync(join(out, 'pages.jsonl'), 'utf8')
  assert.ok(pagesText === '' || pagesText.endsWith('\n'), 'pages.jsonl ends with a complete line')
  const pages = pagesText
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
  return { docs, pages }
}

/** Modification times of every file below `dir`. */
export function mtimes(dir: string): Record<string, number> {
  const out: Record<string, number> = {}
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out[p] = statSync(p).mtimeMs
    }
  }
  walk(dir)
  return out
}

/** A done document row of the index, empty but for its path, hash and config `c1`. */
export const row = (path: string, hash: string): Omit<DocumentRow, 'pages_end'> => ({
  ...(Object.fromEntries(DOCUMENT_COLUMNS.map((c) => [c, ''])) as DocumentRow),
  path,
  hash,
  status: 'done',
  config: 'c1',
})

/** A pages.jsonl line of page `n` of a document. */
export const page = (file: string, hash: string, n: number) => `${JSON.stringify({ file, hash, page: n })}\n`
