// The engine's language data in Node: each language's traineddata from its @tesseract.js-data package, gathered into
// the one folder tesseract.js reads, and the folders killed runs left removed.
import { existsSync, readdirSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { copyFile, lstat, mkdtemp, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { TriageError, languageCodeSchema } from '@pdftriage/core'
import type { LanguageFile } from './language-file.js'

/** Scope of the npm packages that carry tesseract.js language data. */
const DATA_SCOPE = '@tesseract.js-data'

/** Model folder inside each data package: LSTM only, 0.7 MB for French, the same CER as `4.0.0` (6.3 MB). */
const MODEL_DIR = '4.0.0_best_int'

export type { LanguageFile } from './language-file.js'

const require = createRequire(import.meta.url)

/** Path of a language's traineddata file, or `undefined` when its package (or the model in it) is not installed. */
function findLanguage(code: string): string | undefined {
  let pkg: string
  try {
    pkg = require.resolve(`${DATA_SCOPE}/${code}/package.json`)
  } catch {
    return undefined
  }
  const file = join(dirname(pkg), MODEL_DIR, `${code}.traineddata.gz`)
  return existsSync(file) ? file : undefined
}

/**
 * The orientation-and-script model (`@tesseract.js-data/osd`): a package of the same scope that reads no language,
 * so never one of the languages offered or accepted.
 */
const OSD = 'osd'

/** The orientation-and-script model's file, or `undefined` when its package is not installed. */
export function findScriptModel(): LanguageFile | undefined {
  const file = findLanguage(OSD)
  return file ? { code: OSD, file } : undefined
}

/** Codes of the `@tesseract.js-data/*` languages visible from this package, sorted; empty when none is. */
export function installedLanguages(): string[] {
  const found = new Set<string>()
  for (const base of require.resolve.paths(DATA_SCOPE) ?? []) {
    let names: string[]
    try {
      names = readdirSync(join(base, DATA_SCOPE))
    } catch {
      continue
    }
    for (const n of names) if (n !== OSD && existsSync(join(base, DATA_SCOPE, n, MODEL_DIR, `${n}.traineddata.gz`))) found.add(n)
  }
  return [...found].sort()
}

/**
 * Finds the traineddata file of each language, before any worker starts: tesseract.js kills the process or hangs on
 * a missing file. Throws `OCR_LANGUAGE_MISSING` naming what is installed and what to install.
 */
export function resolveLanguages(codes: readonly string[], plugin: string): LanguageFile[] {
  const out: LanguageFile[] = []
  const missing: string[] = []
  for (const code of codes) {
    const file = code !== OSD && languageCodeSchema.safeParse(code).success ? findLanguage(code) : undefined
    if (file) out.push({ code, file })
    else missing.push(code)
  }
  if (missing.length > 0) {
    // One line naming the packages that are there: advice to `npm install @tesseract.js-data/<typo>` would name a
    // package that does not exist.
    const have = installedLanguages()
    throw new TriageError(
      'OCR_LANGUAGE_MISSING',
      `[${plugin}] no OCR language data for ${missing.map((m) => `\`${m}\``).join(', ')}: ` +
        (have.length
          ? `the language data packages installed are ${have.map((h) => `${DATA_SCOPE}/${h}`).join(', ')} (codes ${have.join(', ')}, joined by + for several)`
          : `no ${DATA_SCOPE}/* language data package is installed`),
      { plugin, stage: 'ocr' },
    )
  }
  return out
}

/** Prefix of the language folders in the system temp folder. */
export const TESSDATA_PREFIX = 'pdftriage-tessdata-'

/** Whether `path` is a folder of ours that no one else can write, holding exactly the links a set of languages needs. */
async function isOurFolder(path: string, langs: readonly LanguageFile[]): Promise<boolean> {
  try {
    const st = await lstat(path)
    // 0o022: group or others may write; a folder someone else can fill is not trusted with the OCR's model files
    if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid()) || (st.mode & 0o022) !== 0) return false
    for (const l of langs) {
      const to = join(path, `${l.code}.traineddata.gz`)
      const e = await lstat(to)
      if (e.isSymbolicLink() ? (await readlink(to)) !== l.file : !e.isFile() || e.size !== (await stat(l.file)).size) return false
    }
    return (await readdir(path)).length === langs.length
  } catch {
    return false
  }
}

/**
 * A folder holding every language of a set, for tesseract.js's single `langPath`: each `@tesseract.js-data` package
 * holds one language in its own folder. With one language it is that folder; otherwise a folder of symbolic links
 * (copies where links are refused) in the system temp folder, named by the set and the files' paths and reused by
 * every run, so a killed run leaves nothing new behind. It is built under a temporary name and renamed into place;
 * one that is not ours alone, or not exactly the links expected, is replaced. Folders of the old one-per-run naming
 * (`pdftriage-tessdata-XXXXXX`, left by killed runs) are removed.
 */
export async function languageFolder(langs: readonly LanguageFile[], tmp = tmpdir()): Promise<{ path: string; dispose(): Promise<void> }> {
  const dirs = new Set(langs.map((l) => dirname(l.file)))
  if (dirs.size === 1) return { path: [...dirs][0]!, dispose: async () => {} }
  await removeLeftovers(tmp)
  const key = createHash('sha256')
    .update(JSON.stringify(langs.map((l) => [l.code, l.file])))
    .digest('hex')
    .slice(0, 16)
  const path = join(tmp, `${TESSDATA_PREFIX}${process.getuid?.() ?? 'u'}-${key}`)
  const keep = { path, dispose: async () => {} }
  if (await isOurFolder(path, langs)) return keep
  const build = await mkdtemp(join(tmp, `${TESSDATA_PREFIX}build-`))
  try {
    for (const l of langs) {
      const to = join(build, `${l.code}.traineddata.gz`)
      await symlink(l.file, to).catch(() => copyFile(l.file, to))
    }
  } catch (e) {
    await rm(build, { recursive: true, force: true })
    throw e
  }
  try {
    await rm(path, { recursive: true, force: true })
    await rename(build, path)
    return keep
  } catch {
    // another process renamed its own copy into place first: use it if it is right
    if (await isOurFolder(path, langs)) {
      await rm(build, { recursive: true, force: true })
      return keep
    }
    // someone else holds the name: this run keeps a private folder and removes it when done
    return { path: build, dispose: () => rm(build, { recursive: true, force: true }) }
  }
}

/**
 * Removes the language folders a killed run left, when ours: half-built ones older than a minute (building takes
 * milliseconds; a younger one may be another run's, being built), and the one-per-run folders of the old naming
 * (six random characters) older than a day (a run of an older version holds its folder for as long as it runs).
 */
export async function removeLeftovers(tmp = tmpdir(), now = Date.now()): Promise<number> {
  let names: string[]
  try {
    names = await readdir(tmp)
  } catch {
    return 0
  }
  let removed = 0
  for (const n of names) {
    if (!n.startsWith(TESSDATA_PREFIX)) continue
    const rest = n.slice(TESSDATA_PREFIX.length)
    const minAge = rest.startsWith('build-') ? 60_000 : /^[A-Za-z0-9]{6}$/.test(rest) ? 86_400_000 : undefined
    if (minAge === undefined) continue
    const p = join(tmp, n)
    try {
      const st = await lstat(p)
      if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid()) || now - st.mtimeMs < minAge) continue
      await rm(p, { recursive: true, force: true })
      removed++
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed
}
