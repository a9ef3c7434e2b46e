// Finding and creating plugins: a configuration's references resolved to packages (the config's folder first, then
// the front end's own), their factories checked, and the components created for a run.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ComponentKinds, PluginFactory, PluginKind } from './contracts.js'
import { PLUGIN_KINDS } from './contracts.js'
import type { PluginRef, ResolvedConfig } from './config.js'
import { formatZodIssues } from './config.js'
import { capabilitiesProblem } from './contract-checks.js'
import { TriageError } from './errors.js'
import { ROLE_WORDS, type PluginNames } from './preset.js'

/**
 * Candidate module ids for a reference, most specific first. A short name tries the `@pdftriage/<role>-` forms: the
 * kind's own role word, then those `roleWords` add for the kind.
 */
export function candidateIds(id: string, kind: PluginKind, roleWords: PluginNames['roleWords'] = {}): string[] {
  if (id.startsWith('.') || isAbsolute(id) || id.startsWith('@') || id.includes('/')) return [id]
  const words = [ROLE_WORDS[kind], ...(roleWords[kind] ?? [])]
  return [...words.map((w) => `@pdftriage/${w}-${id}`), `@pdftriage/${id}`, `pdftriage-${ROLE_WORDS[kind]}-${id}`, id]
}

/**
 * Finds `node_modules/<name>` in `dir`, or walking up from it with `walkUp` (Node's own lookup, used only from the
 * installed packages' folder); returns the package folder or `undefined`.
 */
function findPackageDir(name: string, dir: string, walkUp: boolean): string | undefined {
  let d = resolve(dir)
  for (;;) {
    const p = join(d, 'node_modules', name)
    if (existsSync(join(p, 'package.json'))) return p
    const up = dirname(d)
    if (!walkUp || up === d) return undefined
    d = up
  }
}

/** The ESM entry of a package folder: `exports["."]` (import, node, default conditions), else `module`, else `main`. */
function packageEntry(pkgDir: string): string | undefined {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
    exports?: unknown
    module?: string
    main?: string
  }
  const pick = (e: unknown): string | undefined => {
    if (typeof e === 'string') return e
    if (Array.isArray(e)) return e.map(pick).find(Boolean)
    if (e && typeof e === 'object') {
      const o = e as Record<string, unknown>
      if ('.' in o) return pick(o['.'])
      for (const c of ['import', 'node', 'default']) if (c in o) return pick(o[c])
    }
    return undefined
  }
  const rel = pick(pkg.exports) ?? pkg.module ?? pkg.main ?? 'index.js'
  const p = join(pkgDir, rel)
  return existsSync(p) ? p : undefined
}

/** A module id's package name: `@scope/name` or `name`. */
function packageName(id: string): string {
  const parts = id.split('/')
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/** A package's entry file found in `dir` (walking up with `walkUp`), or `undefined`. */
function resolvePackage(id: string, dir: string, walkUp: boolean): string | undefined {
  const name = packageName(id)
  const sub = id.slice(name.length + 1)
  const pkgDir = findPackageDir(name, dir, walkUp)
  if (!pkgDir) return undefined
  const entry = sub ? join(pkgDir, sub) : packageEntry(pkgDir)
  return entry && existsSync(entry) ? entry : undefined
}

/**
 * Resolves a module id to a file path, or `undefined`. A relative or absolute path resolves from `baseDir`. A
 * built-in package (one of `builtins`) resolves from `installedDirs` only. Any other package resolves from `baseDir/node_modules`
 * (the config file's own folder, not its parents), then from `installedDirs`; only there does the lookup walk up
 * as Node's does for the CLI's own dependencies.
 */
function resolveModule(id: string, baseDir: string, installedDirs: string[], builtins: ReadonlySet<string>): string | undefined {
  if (id.startsWith('.') || isAbsolute(id)) {
    const p = resolve(baseDir, id)
    return existsSync(p) ? p : undefined
  }
  if (!builtins.has(packageName(id))) {
    const local = resolvePackage(id, baseDir, false)
    if (local) return local
  }
  for (const dir of installedDirs) {
    const found = resolvePackage(id, dir, true)
    if (found) return found
  }
  return undefined
}

/** Folders of the installed packages: the core package's own (where a CLI install has the built-ins). */
export const defaultFallbackDirs = (): string[] => [dirname(fileURLToPath(import.meta.url))]

/**
 * Imports a plugin factory of the given kind. The front end's built-in plugins (`names.builtins`) load from
 * `fallbackDirs` (the installed packages) only; other packages from `baseDir/node_modules` (the config file's folder),
 * then `fallbackDirs`; short names try `@pdftriage/<role>-<name>` (see {@link candidateIds}). The default export
 * must be a {@link PluginFactory} of the slot's kind. Errors list every id and folder tried.
 */
export async function importPlugin<K extends PluginKind>(
  id: string,
  kind: K,
  baseDir: string,
  names: PluginNames,
  fallbackDirs: string[] = defaultFallbackDirs(),
): Promise<PluginFactory<K, unknown>> {
  const ids = candidateIds(id, kind, names.roleWords)
  const dirs = [baseDir, ...fallbackDirs]
  let file: string | undefined
  for (const c of ids) {
    file = resolveModule(c, baseDir, fallbackDirs, names.builtins)
    if (file) break
  }
  if (!file) {
    throw new TriageError(
      'PLUGIN_NOT_FOUND',
      `Cannot find the ${kind} plugin \`${id}\`: tried ${ids.map((i) => `\`${i}\``).join(', ')} from ${dirs.join(', ')}. ` +
        `Install it (npm install ${ids[0]}) or fix the name in the config.`,
      { stage: 'resolve', plugin: id },
    )
  }
  let mod: { default?: unknown }
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown }
  } catch (e) {
    throw new TriageError('PLUGIN_INVALID', `Cannot load the ${kind} plugin \`${id}\` from ${file}: ${(e as Error).message}`, {
      stage: 'resolve',
      plugin: id,
      cause: e,
    })
  }
  const f = mod.default as Partial<PluginFactory> | undefined
  if (!f || typeof f !== 'object' || typeof f.create !== 'function' || !f.optionsSchema || typeof f.name !== 'string') {
    throw new TriageError(
      'PLUGIN_INVALID',
      `Expected the default export of \`${id}\` to be a plugin factory ({ kind, name, optionsSchema, create }), not \`${describe(f)}\``,
      { stage: 'resolve', plugin: id },
    )
  }
  if (f.kind !== kind) {
    throw new TriageError(
      'PLUGIN_INVALID',
      `Expected a \`${kind}\` plugin from \`${id}\`, got \`${String(f.kind)}\` (known kinds: ${PLUGIN_KINDS.join(', ')})`,
      { stage: 'resolve', plugin: id },
    )
  }
  const problem = capabilitiesProblem(kind, f.capabilities)
  if (problem) throw new TriageError('PLUGIN_INVALID', `The ${kind} plugin \`${id}\` states ${problem}`, { stage: 'resolve', plugin: id })
  return f as PluginFactory<K, unknown>
}

function describe(v: unknown): string {
  if (v === undefined) return 'undefined'
  if (typeof v === 'function') return `function ${v.name}`
  if (typeof v === 'object' && v) return `object with keys ${Object.keys(v).join(', ') || '(none)'}`
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects and functions are described above
  return String(v)
}

/** Splits a reference into its id and raw options. */
export function refParts(ref: PluginRef): { id: string; options: Record<string, unknown> } {
  return typeof ref === 'string' ? { id: ref, options: {} } : { id: ref.use, options: ref.options ?? {} }
}

/**
 * Creates a component from a reference: imports the factory, validates the options with its schema (errors name
 * `path`, e.g. `ocr.options.dpi`), and calls `create`. With `validateOnly`, it stops after validating (the factory
 * module is imported, its heavy dependencies are not) and returns `undefined`.
 */
export async function createComponent<K extends PluginKind>(
  ref: PluginRef,
  kind: K,
  path: string,
  baseDir: string,
  names: PluginNames,
  fallbackDirs?: string[],
  validateOnly = false,
): Promise<ComponentKinds[K]> {
  const { id, options } = refParts(ref)
  const factory = await importPlugin(id, kind, baseDir, names, fallbackDirs)
  const parsed = factory.optionsSchema.safeParse(options)
  if (!parsed.success) {
    throw new TriageError('CONFIG_INVALID', `Invalid options for \`${id}\`: ${formatZodIssues(parsed.error, `${path}.options`)}`, {
      stage: 'config',
      plugin: id,
      path: `${path}.options`,
    })
  }
  if (validateOnly) return undefined as unknown as ComponentKinds[K]
  try {
    return await factory.create(parsed.data, { baseDir })
  } catch (e) {
    if (e instanceof TriageError) throw e
    throw new TriageError('PLUGIN_FAILED', `[${factory.name}] create: ${(e as Error).message}`, {
      stage: 'resolve',
      plugin: factory.name,
      cause: e,
    })
  }
}

/** Every component a configuration names, created. Close it when done. */
export interface Components extends AsyncDisposable {
  extractor: ComponentKinds['extractor']
  judges: ComponentKinds['judge'][]
  repairs: ComponentKinds['repair'][]
  /** `undefined` when the config sets `ocr: null` or the policy never OCRs. */
  ocr?: ComponentKinds['ocr']
  postprocess: ComponentKinds['postprocess'][]
  close(): Promise<void>
}

/** Where {@link createComponents} finds plugins, and what it may skip: a triage never needs OCR or post-processing. */
export interface CreateComponentsOptions {
  /** The front end's built-in plugins (its preset's), which load from the installed packages only. */
  names: PluginNames
  withOcr?: boolean
  withPostprocess?: boolean
  /** Components added after the configured ones (e.g. a judge from `--model`). */
  extraJudges?: PluginRef[]
  fallbackDirs?: string[]
}

/** Creates every component a resolved config names. Only what is named (and needed) is ever imported. */
export async function createComponents(config: ResolvedConfig, baseDir: string, o: CreateComponentsOptions): Promise<Components> {
  const { names, fallbackDirs: fb } = o
  const extractor = await createComponent(config.extractor, 'extractor', 'extractor', baseDir, names, fb)
  const judgeRefs = [...config.judges, ...(o.extraJudges ?? [])]
  const judges = await Promise.all(judgeRefs.map((r, i) => createComponent(r, 'judge', `judges.${i}`, baseDir, names, fb)))
  const repairs = await Promise.all(config.repairs.map((r, i) => createComponent(r, 'repair', `repairs.${i}`, baseDir, names, fb)))
  const wantOcr = (o.withOcr ?? true) && config.policy !== 'extract' && config.ocr !== null
  const wantPost = o.withPostprocess ?? true
  // What is not needed is still resolved and its options validated: a bad config is an error in every command.
  const ocr = config.ocr ? await createComponent(config.ocr, 'ocr', 'ocr', baseDir, names, fb, !wantOcr) : undefined
  const postprocess = await Promise.all(config.postprocess.map((r, i) => createComponent(r, 'postprocess', `postprocess.${i}`, baseDir, names, fb, !wantPost)))
  if (!wantPost) postprocess.length = 0
  const close = async () => {
    await ocr?.close()
  }
  return { extractor, judges, repairs, ocr, postprocess, close, [Symbol.asyncDispose]: close }
}
