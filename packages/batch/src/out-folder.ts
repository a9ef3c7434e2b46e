// The output folder before a run writes into it: the lock that lets one run at a time in, and the clean-up of what a
// killed run left.
import { closeSync, constants, lstatSync, openSync, readFileSync, readdirSync, realpathSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { TriageError } from '@pdftriage/core'
import { ATOMIC_TEMP_NAME } from '@pdftriage/core/output'

/** The lock file of an output folder: one run at a time writes into it. */
export const LOCK_FILE = '.pdftriage.lock'

/** Temporary names of core's `writeAtomic`: `<name>.tmp-<pid>-<8 hex>`. */
export const TEMP_NAME = ATOMIC_TEMP_NAME

/** Whether a process of this host is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the output folder's lock: a file created exclusively holding this process's pid and host. A lock left by a
 * process of this host that is gone (a killed run) is taken over; a live one is OUTPUT_LOCKED. Returns the release.
 */
export function lockOutput(out: string): () => void {
  const path = join(out, LOCK_FILE)
  const me = `${process.pid} ${hostname()} ${new Date().toISOString()}\n`
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number
    try {
      fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      let holder: string
      try {
        holder = readFileSync(path, 'utf8')
      } catch {
        continue // released meanwhile
      }
      const [pid, host, since] = holder.trim().split(' ')
      if (host === hostname() && Number(pid) > 0 && !alive(Number(pid))) {
        rmSync(path, { force: true })
        continue
      }
      throw new TriageError(
        'OUTPUT_LOCKED',
        `The output folder ${out} is in use by another run (process ${pid ?? '?'} on ${host ?? '?'} since ${since ?? '?'}). ` +
          `Wait for it to finish or use another --out; if no run is going on, remove ${path}`,
        { stage: 'write' },
      )
    }
    try {
      writeSync(fd, me)
    } finally {
      closeSync(fd)
    }
    return () => rmSync(path, { force: true })
  }
  throw new TriageError('OUTPUT_LOCKED', `Cannot take the lock ${path}: it keeps changing. Is another run starting?`, { stage: 'write' })
}

/**
 * Checks that what the batch writes in the output folder is not a symbolic link (the index files, the documents
 * folder, the folder itself once resolved) and removes temporary files a killed run left. Call with the lock held.
 */
export function prepareOutput(out: string): { removed: number } {
  for (const name of ['documents.csv', 'pages.jsonl', 'documents']) {
    let st
    try {
      st = lstatSync(join(out, name))
    } catch {
      continue
    }
    if (st.isSymbolicLink()) {
      throw new TriageError(
        'OUTPUT_PATH_INVALID',
        `${join(out, name)} is a symbolic link: pdftriage writes nothing through links inside the output folder. Replace it with a real ${name === 'documents' ? 'folder' : 'file'} or use another --out`,
        { stage: 'write' },
      )
    }
  }
  let removed = 0
  for (const dir of [out, join(out, 'documents')]) {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      continue
    }
    for (const n of names) {
      if (!TEMP_NAME.test(n)) continue
      rmSync(join(dir, n), { force: true })
      removed++
    }
  }
  realpathSync(out)
  return { removed }
}
