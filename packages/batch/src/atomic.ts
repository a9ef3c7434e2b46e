// Where the batch writes: paths joined inside the output folder and never out of it, files written atomically, and
// write errors reported as the batch stops on them (a full disk is DISK_FULL).
import { realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { TriageError } from '@pdftriage/core'
import { writeAtomic as writeAtomicFile } from '@pdftriage/core/output'

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
 * Writes a file atomically (see core's `writeAtomic`: a temporary name created exclusively, then a rename), its folder
 * made first; a failed write is reported as {@link writeError} says.
 */
export function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  return writeAtomicFile(path, data, { mapError: writeError })
}
