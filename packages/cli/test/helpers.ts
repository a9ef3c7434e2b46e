import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after } from 'node:test'
import { parseCsv } from '@pdftriage/batch'
import { main } from '../src/main.js'

const folders: string[] = []
// Every folder made by `folder()` is removed when its test file is done.
after(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Runs the CLI in-process, capturing stdout and stderr lines. */
export async function cli(args: string[], cwd: string) {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await main(args, { stdout: (s) => stdout.push(s), stderr: (s) => stderr.push(s), cwd })
  return { code, stdout, stderr, records: stdout.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>) }
}

/** A temporary folder with the given files written into it. */
export function folder(files: Record<string, Uint8Array | string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdftriage-cli-'))
  folders.push(dir)
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data)
  return dir
}

/** A run's index in output folder `out`: documents.csv's rows by column name, and pages.jsonl's records. */
export function readIndex<P = Record<string, unknown>>(out: string): { docs: Array<Record<string, string>>; pages: P[] } {
  const [header, ...rows] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
  const docs = rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]!])))
  const pages = readFileSync(join(out, 'pages.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as P)
  return { docs, pages }
}
