// What a front end brings besides the contracts: its built-in configuration (a preset, such as
// `@pdftriage/preset-default`) and the naming convention plugin packages follow. Core names no plugin package.
import type { ConfigDefaults, PluginRef } from './config.js'

/**
 * The word each kind's packages carry in their name, `@pdftriage/<role>-<name>` (and `pdftriage-<role>-<name>` for
 * packages outside the scope): the naming convention that lets a configuration say `"ocr": "tesseract"`. A preset
 * may add words for a kind ({@link PluginNames.roleWords}); these are the convention, not a list of packages.
 */
export const ROLE_WORDS = {
  extractor: 'extract',
  judge: 'judge',
  repair: 'repair',
  ocr: 'ocr',
  postprocess: 'postpass',
  writer: 'write',
} as const satisfies Readonly<Record<string, string>>

/**
 * The plugin kinds by their role words: the contracts' `PluginKind`, named here without importing the contracts (which
 * import the writer, which reads this file); contracts.ts checks that the two agree.
 */
export type RoleKind = keyof typeof ROLE_WORDS

/** The scoped package a short name stands for by the convention: `@pdftriage/<role>-<name>`. */
export const conventionalId = (short: string, kind: RoleKind): string => `@pdftriage/${ROLE_WORDS[kind]}-${short}`

/** What plugin resolution needs to know of a front end's own plugins. */
export interface PluginNames {
  /**
   * The package names of the plugins the front end ships. They load only from the installed packages: a
   * `node_modules` planted in the config's folder, the working folder or a parent must not replace the code every run
   * executes by default.
   */
  builtins: ReadonlySet<string>
  /** Role words tried after {@link ROLE_WORDS}' for short names of a kind (`{ judge: ['model'] }`). */
  roleWords?: Readonly<Partial<Record<RoleKind, readonly string[]>>>
}

/**
 * A front end's built-in configuration: the plugins of the slots a configuration leaves out, the writers when it names
 * none, the writer a searchable PDF adds, and the plugins it ships. (Not the configuration's `presets`, which are sets
 * of metadata rules.)
 */
export interface Preset extends PluginNames {
  config: ConfigDefaults
  /** The writers when a configuration names none. */
  writers: readonly PluginRef[]
  /** The writer a request for a searchable PDF adds (`pdftriage run --pdf`), by package name. */
  pdfWriter: string
}
