// Output paths checked before any work: one under a file (where a folder should be) is a usage error naming both.
import { statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { TriageError } from '@pdftriage/core'

/**
 * The nearest existing folder-to-be above `path` that is not a folder (a file where a folder of the path should be),
 * or undefined. Writing there fails with ENOTDIR, which says nothing of which part of the path is wrong.
 */
export function fileInTheWay(path: string): string | undefined {
  for (let p = dirname(path); ; p = dirname(p)) {
    try {
      return statSync(p).isDirectory() ? undefined : p
    } catch {
      // not there yet: it would be created, look higher
    }
    if (dirname(p) === p) return undefined
  }
}

/**
 * Refuses, before any work, an output path (`what` names the flag) under a file: a usage error naming both, as the
 * user gave them (relative to `cwd`).
 */
export function checkOutputPath(given: string, cwd: string, what: string): void {
  const file = fileInTheWay(resolve(cwd, given))
  if (file === undefined) return
  const shown = relative(cwd, file) || file
  throw new TriageError('USAGE', `${what} \`${given}\` is under \`${shown}\`, which is a file, not a folder: give a path in a folder`)
}
