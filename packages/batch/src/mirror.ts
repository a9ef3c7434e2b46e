// Output names that mirror the input tree (`--names mirror`): where each writer's file goes, claims on a stem, and
// placing the files by hard link or copy, never through a symbolic link.
import { randomBytes } from 'node:crypto'
import { constants, copyFileSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, extname, join, sep } from 'node:path'
import { insideOutput } from '@pdftriage/core/output'
import { safeJoin, writeError } from './atomic.js'
import { fsPath } from './file-names.js'
import type { DocumentRow } from './index-store.js'

/**
 * How outputs are named: `hash` (only `documents/<hash>.*`, the default) or `mirror` (the input tree is mirrored
 * beside them too: `in/a/b/foo.pdf` gives `text/a/b/foo.txt`, `pdf/a/b/foo.pdf`, ...).
 */
export type NamesMode = 'hash' | 'mirror'

/** The folder and extension of each known writer role's mirrored file. */
export const MIRROR_ROLES: Readonly<Record<string, { folder: string; ext: string }>> = {
  clean: { folder: 'text', ext: '.txt' },
  text: { folder: 'raw-text', ext: '.txt' },
  'ocr-text': { folder: 'ocr-text', ext: '.txt' },
  report: { folder: 'json', ext: '.json' },
  pdf: { folder: 'pdf', ext: '.pdf' },
  alto: { folder: 'alto', ext: '.xml' },
  hocr: { folder: 'hocr', ext: '.hocr' },
}

/** Folders of the output folder that are not a role's: the hash-named files, and the review page of `pdftriage report`. */
const RESERVED: ReadonlySet<string> = new Set(['documents', 'report', ...Object.values(MIRROR_ROLES).map((r) => r.folder)])

/**
 * The mirrored stem of an input: its path below the input folder it was found in (its name when it was given as a
 * file), `/`-separated, without its `.pdf` extension.
 */
export function mirrorStem(rel: string): string {
  const p = rel.split(sep).join('/')
  const base = p.slice(p.lastIndexOf('/') + 1)
  return /\.pdf$/i.test(base) && base.length > 4 ? p.slice(0, -4) : p
}

/**
 * Where a role's file is mirrored, relative to the output folder: a known role by {@link MIRROR_ROLES}; another
 * writer's role (a plain name that is no other folder's) under a folder of its name, with the extension its
 * hash-named file has after `stem`. Undefined for a role that cannot be mirrored.
 */
export function mirrorPath(role: string, written: string, stem: string, hashStem: string): string | undefined {
  const known = MIRROR_ROLES[role]
  if (known) return `${known.folder}/${stem}${known.ext}`
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(role) || RESERVED.has(role.toLowerCase())) return undefined
  const ext = written.startsWith(hashStem) ? written.slice(hashStem.length) : extname(written)
  return `${role}/${stem}${ext}`
}

/** The written files of a row: its `outputs` (role -> path), else (rows of earlier versions) its file columns. */
export function rowFiles(r: DocumentRow): Record<string, string> {
  if (r.outputs) {
    try {
      const o = JSON.parse(r.outputs) as Record<string, unknown>
      return Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string'))
    } catch {
      // a cell edited by hand: the columns below still say where the main files are
    }
  }
  const files: Record<string, string> = {}
  for (const role of ['text', 'clean', 'report', 'pdf'] as const) if (r[role]) files[role] = r[role]
  return files
}

/**
 * The full path of a mirrored name, refused (OUTPUT_PATH_INVALID) when it is outside `out` or under a symbolic link
 * in it: checked for every name of a document before any is placed.
 */
export function checkMirror(out: string, to: string): string {
  // safeJoin resolves links on the way (one leading outside is refused); insideOutput refuses any link on the way:
  // mirrored names are written into folders the batch made, never through a link someone put there
  return insideOutput(out, safeJoin(out, to), { fsPath })
}

/** Errors of `link` that mean "this file system cannot hard-link here": the file is copied instead. */
const NO_LINK: ReadonlySet<string> = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS'])

/**
 * Puts the output file `from` (relative to `out`) at the mirrored name `to`: a hard link where the file system
 * allows, else a copy, made under a temporary name in `documents/` (which the next run clears, as it clears those of
 * the writers) and renamed over `to`, so that a kill never leaves half a file at a mirrored name. Refuses a name
 * outside `out` or under a symbolic link in it (OUTPUT_PATH_INVALID).
 */
export function placeMirror(out: string, from: string, to: string): void {
  const dest = checkMirror(out, to)
  const tmp = join(out, 'documents', `mirror.tmp-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    mkdirSync(fsPath(dirname(dest)), { recursive: true })
    const src = fsPath(join(out, from))
    try {
      linkSync(src, tmp)
    } catch (e) {
      if (!NO_LINK.has((e as NodeJS.ErrnoException).code ?? '')) throw e
      copyFileSync(src, tmp, constants.COPYFILE_EXCL)
    }
    renameSync(tmp, fsPath(dest))
  } catch (e) {
    rmSync(tmp, { force: true })
    throw writeError(e, dest)
  }
}

/** A document's claim on a mirrored stem: `holder` is the input that has it when it is not this one's. */
export interface NameClaim {
  stem: string
  holder?: string
}

/** The mirror columns of a row, and the files to place for them. */
export interface MirrorPlan {
  cells: Pick<DocumentRow, 'mirror_name' | 'mirror_text' | 'mirror_pdf' | 'mirror_collision'>
  links: Array<{ from: string; to: string }>
}

/** What a document's claim and written files make of its mirror columns and links (none for a collision). */
export function mirrorPlan(claim: NameClaim, files: Readonly<Record<string, string>>, hashStem: string): MirrorPlan {
  const cells = { mirror_name: claim.stem, mirror_text: '', mirror_pdf: '', mirror_collision: claim.holder ?? '' }
  const links: MirrorPlan['links'] = []
  if (claim.holder !== undefined) return { cells, links }
  for (const [role, written] of Object.entries(files)) {
    const to = mirrorPath(role, written, claim.stem, hashStem)
    if (!to) continue
    links.push({ from: written, to })
    if (role === 'clean') cells.mirror_text = to
    if (role === 'pdf') cells.mirror_pdf = to
  }
  return { cells, links }
}
