import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after } from 'node:test'
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
