import { existsSync, readdirSync } from 'node:fs'
import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { TriageError } from '@pdftriage/core'

/** Scope of the npm packages that carry tesseract.js language data. */
const DATA_SCOPE = '@tesseract.js-data'

/** Model folder inside each data package: LSTM only, 0.7 MB for French, the same CER as `4.0.0` (6.3 MB). */
const MODEL_DIR = '4.0.0_best_int'

/** A language whose traineddata file was found on disk. */
export interface LanguageFile {
  code: string
  /** Absolute path of `<code>.traineddata.gz`. */
  file: string
}

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
    for (const n of names) if (existsSync(join(base, DATA_SCOPE, n, MODEL_DIR, `${n}.traineddata.gz`))) found.add(n)
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
    const file = /^[a-z]{3}(_[a-z]+)*$/i.test(code) ? findLanguage(code) : undefined
    if (file) out.push({ code, file })
    else missing.push(code)
  }
  if (missing.length > 0) {
    const have = installedLanguages()
    throw new TriageError(
      'OCR_LANGUAGE_MISSING',
      `[${plugin}] no language data for ${missing.map((m) => `\`${m}\``).join(', ')}: ` +
        `run \`npm install ${missing.map((m) => `${DATA_SCOPE}/${m}`).join(' ')}\`. ` +
        `Installed: ${have.length ? have.join(', ') : 'none'}`,
      { plugin, stage: 'ocr' },
    )
  }
  return out
}

/**
 * A folder holding every language of a set, for tesseract.js's single `langPath`: each `@tesseract.js-data` package
 * holds one language in its own folder. With one language it is that folder; otherwise a temporary folder of
 * symbolic links (copies where links are refused), removed by `dispose()`.
 */
export async function languageFolder(langs: readonly LanguageFile[]): Promise<{ path: string; dispose(): Promise<void> }> {
  const dirs = new Set(langs.map((l) => dirname(l.file)))
  if (dirs.size === 1) return { path: [...dirs][0]!, dispose: async () => {} }
  const path = await mkdtemp(join(tmpdir(), 'pdftriage-tessdata-'))
  for (const l of langs) {
    const to = join(path, `${l.code}.traineddata.gz`)
    await symlink(l.file, to).catch(() => copyFile(l.file, to))
  }
  return { path, dispose: () => rm(path, { recursive: true, force: true }) }
}
