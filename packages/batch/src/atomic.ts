import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { TriageError } from '@pdftriage/core'

/** Resolves `rel` inside `root`; a path that would escape it (`..`, absolute) is an OUTPUT_PATH_INVALID error. */
export function safeJoin(root: string, rel: string): string {
  const base = resolve(root)
  const full = resolve(base, rel)
  const r = relative(base, full)
  if (!r || r.startsWith('..') || isAbsolute(r) || r.split(sep).includes('..')) {
    throw new TriageError('OUTPUT_PATH_INVALID', `Refusing to write ${rel}: it is outside the output folder ${base}`, { stage: 'write' })
  }
  return full
}

/** Writes a file atomically: a temporary name in the same folder, then a rename, so no reader sees half a file. */
export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    await writeFile(tmp, data)
    await rename(tmp, path)
  } catch (e) {
    await rm(tmp, { force: true })
    throw e
  }
}
