// The command line's inputs made into the list of PDFs to process: files as given, folders searched for `*.pdf`,
// include/exclude globs, missing paths kept aside to report.
import { readdir, stat } from 'node:fs/promises'
import { basename, join, relative, resolve, sep } from 'node:path'
import { TriageError } from '@pdftriage/core'
import picomatch from 'picomatch'
import { fsPath, nameFromBytes } from './file-names.js'

/**
 * A glob as a regular expression over `/`-separated paths, case-insensitive, `*` matching dot files too: picomatch's
 * bash globs (`**`, `?`, braces `r00{18,61}.pdf`, classes `[0-3]`, extglobs). An empty glob is a usage error.
 */
export function globToRegExp(glob: string): RegExp {
  if (!glob) throw new TriageError('USAGE', 'Expected --include and --exclude to be globs such as *.pdf, not an empty string')
  return picomatch.makeRe(glob, { nocase: true, dot: true })
}

/** Filters for {@link expandInputs}: globs matched against the path relative to the folder given (or the name). */
export interface InputFilter {
  include?: string[]
  exclude?: string[]
}

/**
 * Expands files and folders into the PDF files to process, in a stable order: a file is taken as given (whatever
 * its extension), a folder is searched recursively for `*.pdf` (case-insensitive), filtered by include/exclude globs.
 * Paths are returned as given (folders joined with what was found) and resolved against `cwd`.
 * A path that does not exist is returned in `missing` so the batch can report it and go on. `below` gives each file's
 * path below the folder it was found in (its name when it was given as a file): the first folder wins when folders
 * overlap.
 */
export async function expandInputs(
  paths: string[],
  filter: InputFilter = {},
  cwd = process.cwd(),
): Promise<{ files: string[]; missing: string[]; below: Map<string, string> }> {
  const inc = (filter.include ?? []).map(globToRegExp)
  const exc = (filter.exclude ?? []).map(globToRegExp)
  const keep = (rel: string) => {
    const p = rel.split(sep).join('/')
    const name = p.slice(p.lastIndexOf('/') + 1)
    const m = (r: RegExp) => r.test(p) || r.test(name)
    return (inc.length === 0 || inc.some(m)) && !exc.some(m)
  }
  const files: string[] = []
  const missing: string[] = []
  const below = new Map<string, string>()
  const push = (f: string, rel: string) => {
    if (!below.has(f)) {
      below.set(f, rel)
      files.push(f)
    }
  }
  for (const p of paths) {
    let s
    try {
      s = await stat(fsPath(resolve(cwd, p)))
    } catch {
      missing.push(p)
      continue
    }
    if (s.isDirectory()) {
      const found: string[] = []
      const walk = async (dir: string) => {
        // Names as bytes: one that is not UTF-8 is kept as it is on disk (see file-names.ts), not replaced by U+FFFD.
        const entries = (await readdir(fsPath(resolve(cwd, dir)) as string, { withFileTypes: true, encoding: 'buffer' as unknown as 'utf8' })).map((e) => ({
          e,
          name: nameFromBytes(e.name as unknown as Buffer),
        }))
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        for (const { e, name } of entries) {
          const full = join(dir, name)
          if (e.isDirectory()) await walk(full)
          else if (/\.pdf$/i.test(name) && keep(relative(p, full))) {
            // A link to a file counts as the file (archives are often folders of links); links to folders are not
            // followed, so a link cycle cannot trap the walk.
            const isFile =
              e.isFile() ||
              (e.isSymbolicLink() &&
                (await stat(fsPath(resolve(cwd, full))).then(
                  (t) => t.isFile(),
                  () => false,
                )))
            if (isFile) found.push(full)
          }
        }
      }
      await walk(p)
      for (const f of found) push(f, relative(p, f))
    } else if (keep(p)) push(p, basename(p))
  }
  return { files, missing, below }
}

/** The error record for a path that does not exist. */
export const missingError = (file: string) =>
  new TriageError('FILE_UNREADABLE', `Cannot read ${file}: no such file or folder. Check the path.`, { file, stage: 'open' })
