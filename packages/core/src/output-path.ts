// The one check of a path a run writes into its output folder: inside it, and through no symbolic link in it.
import { lstatSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { TriageError } from './errors.js'

/** How {@link insideOutput} walks a path. */
export interface InsideOutputOptions {
  /** Check the last name too, not only the folders on the way (a folder about to be removed and made again). Default false. */
  last?: boolean
  /** What to give `fs` for a path (a name holding escaped bytes: its bytes). Default: the path itself. */
  fsPath?: (path: string) => string | Buffer
}

/**
 * The full path of `rel` (relative to `root`, or absolute) inside the output folder `root`, refused with
 * OUTPUT_PATH_INVALID when it leaves `root` or when a name on the way inside `root` is a symbolic link, even one
 * leading back inside: nothing is written outside the output folder, nor through a link someone put in it. The walk
 * stops at the first name not there yet: what is made from there on is made real.
 */
export function insideOutput(root: string, rel: string, o: InsideOutputOptions = {}): string {
  const base = resolve(root)
  const full = resolve(base, rel)
  const shown = relative(base, full)
  if (shown === '..' || shown.startsWith(`..${sep}`) || isAbsolute(shown)) {
    throw new TriageError('OUTPUT_PATH_INVALID', `Refusing to write ${rel}: it leaves the output folder ${base}`, { stage: 'write' })
  }
  const fsPath = o.fsPath ?? ((p: string) => p)
  let at = base
  for (const part of relative(base, o.last ? full : dirname(full))
    .split(sep)
    .filter(Boolean)) {
    at = join(at, part)
    let link
    try {
      link = lstatSync(fsPath(at)).isSymbolicLink()
    } catch {
      return full
    }
    if (link) {
      throw new TriageError(
        'OUTPUT_PATH_INVALID',
        `Refusing to write ${shown}: ${relative(base, at)} is a symbolic link, and pdftriage writes nothing through links inside the output folder`,
        { stage: 'write' },
      )
    }
  }
  return full
}
