import { randomBytes } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { TriageError } from '@pdftriage/core'

const outside = (base: string, full: string) => {
  const r = relative(base, full)
  return !r || r.startsWith('..') || isAbsolute(r) || r.split(sep).includes('..')
}

/**
 * Resolves `rel` inside `root`; a path that would escape it (`..`, absolute, or a folder on the way that is a link
 * leading elsewhere: checked on the real path) is an OUTPUT_PATH_INVALID error.
 */
export function safeJoin(root: string, rel: string): string {
  const base = resolve(root)
  const full = resolve(base, rel)
  const refuse = (why: string) => {
    throw new TriageError('OUTPUT_PATH_INVALID', `Refusing to write ${rel}: ${why} the output folder ${base}`, { stage: 'write' })
  }
  if (outside(base, full)) refuse('it is outside')
  // The deepest existing folder on the way, resolved, must still be inside the resolved output folder.
  let realBase: string
  try {
    realBase = realpathSync(base)
  } catch {
    return full // the output folder does not exist yet: nothing on the way can be a link
  }
  let dir = dirname(full)
  for (;;) {
    let real: string | undefined
    try {
      real = realpathSync(dir)
    } catch {
      // not there yet: its parent decides
    }
    if (real !== undefined) {
      if (real !== realBase && outside(realBase, real)) refuse('a link on the way leads outside')
      break
    }
    if (dir === base) break
    dir = dirname(dir)
  }
  return full
}

/** A write error as the batch reports it: a full disk (or a file-size limit) is DISK_FULL, which stops a run. */
export function writeError(e: unknown, path: string): unknown {
  const code = (e as NodeJS.ErrnoException)?.code
  if (code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT') {
    return new TriageError(
      'DISK_FULL',
      `Cannot write ${path}: ${code === 'EFBIG' ? 'over the file-size limit' : 'the disk is full'} (${code}). Free some space and run again: finished documents are kept`,
      { stage: 'write', cause: e },
    )
  }
  if (code === 'ELOOP') return new TriageError('OUTPUT_PATH_INVALID', `Refusing to write ${path}: it is a symbolic link`, { stage: 'write', cause: e })
  return e
}

/**
 * Writes a file atomically: a temporary name in the same folder, created exclusively (never through a link), then a
 * rename, which replaces a link at the final name rather than following it. No reader sees half a file; temporary
 * names match TEMP_NAME so that the next run removes those a kill left.
 */
export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    const fh = await open(tmp, 'wx')
    try {
      await fh.writeFile(data)
    } finally {
      await fh.close()
    }
    await rename(tmp, path)
  } catch (e) {
    await rm(tmp, { force: true })
    throw writeError(e, path)
  }
}
