// Writing a file so that no reader ever sees half of it: a temporary name created exclusively, then a rename.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Temporary names of {@link writeAtomic}: `<name>.tmp-<pid>-<8 hex>`, what a run's output folder is cleaned of. */
export const ATOMIC_TEMP_NAME = /\.tmp-\d+-[0-9a-f]{8}$/

/** The temporary files of this process's writes in progress, for {@link removeAtomicTemps}. */
const inFlight = new Set<string>()

/**
 * Removes the temporary files of this process's writes in progress, at once (synchronously): for a process about to
 * exit in the middle of a write (a document process whose run was killed), so that it leaves no half-written file.
 */
export function removeAtomicTemps(): void {
  for (const tmp of inFlight) rmSync(tmp, { force: true })
  inFlight.clear()
}

/** How {@link writeAtomic} writes: whether it makes the folder, and the error it throws for a failed write. */
export interface WriteAtomicOptions {
  /** Make the folder (and its parents) first. Default true; false: a missing folder is a failed write. */
  makeFolder?: boolean
  /** The error thrown for `e`, a write of `path` that failed (the temporary file removed). Default: `e` itself. */
  mapError?: (e: unknown, path: string) => unknown
}

/**
 * Writes a file atomically: a temporary name in the same folder, created exclusively (never through a link), then a
 * rename, which replaces a link at the final name rather than following it. No reader sees half a file; temporary
 * names match {@link ATOMIC_TEMP_NAME} so that a batch's next run removes those a kill left in its output folder.
 */
export async function writeAtomic(path: string, data: string | Uint8Array, o: WriteAtomicOptions = {}): Promise<void> {
  if (o.makeFolder !== false) await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  inFlight.add(tmp)
  try {
    const fh = await open(tmp, 'wx')
    try {
      await fh.writeFile(data)
    } finally {
      await fh.close()
    }
    await rename(tmp, path)
  } catch (e) {
    // the temporary file may not exist, or its folder may not be one (ENOTDIR): the write's error is the one to say
    await rm(tmp, { force: true }).catch(() => {})
    throw o.mapError ? o.mapError(e, path) : e
  } finally {
    inFlight.delete(tmp)
  }
}
