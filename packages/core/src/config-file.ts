// The configuration's file-system side, for Node front ends: finding and reading a configuration file, and the digest
// incremental runs compare. Kept apart from config.ts so that the schema and parseConfig import no `node:` module.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { TriageError } from './errors.js'
import { parseConfig, stableStringify, type ConfigDefaults, type LoadedConfig, type ResolvedConfig } from './config.js'

/** Config file names looked for in the working directory, in order. */
export const CONFIG_FILE_NAMES = ['pdftriage.config.json', 'pdftriage.config.mjs', 'pdftriage.config.js'] as const

/**
 * Loads the config: the file given, else the first of {@link CONFIG_FILE_NAMES} in `cwd`, else the built-in default
 * (`{}`); the plugin slots it leaves out come from `defaults` (a preset's). A given file that does not exist is
 * `CONFIG_NOT_FOUND`; a bad one is `CONFIG_INVALID`.
 */
export async function loadConfig(file: string | undefined, cwd: string, defaults: ConfigDefaults): Promise<LoadedConfig> {
  let path: string | undefined
  if (file) {
    path = resolve(cwd, file)
    if (!existsSync(path)) throw new TriageError('CONFIG_NOT_FOUND', `Config file not found: ${file}`, { stage: 'config', file })
  } else {
    path = CONFIG_FILE_NAMES.map((n) => resolve(cwd, n)).find((p) => existsSync(p))
  }
  if (!path) return { config: parseConfig({}, defaults, '(built-in default)'), baseDir: cwd }
  let raw: unknown
  try {
    if (path.endsWith('.json')) raw = JSON.parse(await readFile(path, 'utf8'))
    else raw = ((await import(pathToFileURL(path).href)) as { default?: unknown }).default
  } catch (e) {
    throw new TriageError('CONFIG_INVALID', `Cannot read config ${path}: ${(e as Error).message}`, { stage: 'config', file: path, cause: e })
  }
  return { config: parseConfig(raw, defaults, path), baseDir: dirname(path), file: path }
}

/**
 * A digest of the effective configuration plus any extra inputs (model files): a change in any of them counts as a
 * change for incremental runs. Keys are sorted so that formatting does not matter.
 */
export function configDigest(config: ResolvedConfig, extra: Array<string | Uint8Array> = []): string {
  const h = createHash('sha256')
  h.update(stableStringify(config))
  for (const e of extra) h.update(e)
  return h.digest('hex').slice(0, 16)
}
