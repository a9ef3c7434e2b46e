import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../src/main.js'

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
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data)
  return dir
}
