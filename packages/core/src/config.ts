// The configuration's schema (plugin slots, policy, rules, OCR languages) and its parsing, with the plugin slots
// filled from the front end's preset. Imports no `node:` module: the file side is config-file.ts.
import { z } from 'zod'
import { TriageError } from './errors.js'
import { DEFAULT_LAYER_MERGE } from './pipeline/layer-merge.js'
import { DEFAULT_OCR_DPI } from './types.js'

/** A plugin named by package name, short name or relative path, with or without options. */
export const pluginRefSchema = z.union([
  z.string().min(1).describe('Package name, short name (e.g. "tesseract") or ./relative/path.js'),
  z.strictObject({
    use: z.string().min(1).describe('Package name, short name or ./relative/path.js'),
    options: z.record(z.string(), z.unknown()).optional().describe("Options validated by the plugin's own schema"),
  }),
])
export type PluginRef = z.infer<typeof pluginRefSchema>

/** Tika's OCR policies: never, where the verdict says so, always, or both layer and OCR. */
export const policySchema = z.enum(['extract', 'auto', 'ocr', 'extract-and-ocr'])

/**
 * An OCR language code as Tesseract names its data (`fra`, `chi_sim`): three letters, then `_`-joined parts. The one
 * check of a code's form, shared by the config, the command line and the tesseract engine's options.
 */
export const languageCodeSchema = z.string().regex(/^[a-z]{3}(_[a-z]+)*$/, 'a Tesseract language code such as `fra` or `chi_sim`')
export type Policy = z.infer<typeof policySchema>

const textMatch = z.string().describe('A regular expression (unanchored, case-sensitive) matched against the value')

/** A metadata rule: when a document's metadata match, tag it and change how its pages are handled. */
export const ruleSchema = z.strictObject({
  name: z.string().optional().describe('Label shown in reports'),
  when: z
    .strictObject({
      producer: textMatch.optional(),
      creator: textMatch.optional(),
      creatorTool: textMatch.optional(),
      pages: z
        .union([z.number().int().positive(), z.strictObject({ min: z.number().int().optional(), max: z.number().int().optional() })])
        .optional()
        .describe('Page count, exact or a range'),
    })
    .describe('Every condition given must match'),
  tag: z.string().optional().describe('Tag attached to the document and its pages'),
  action: z
    .union([
      z.enum(['ocr-all-pages', 'extract-only', 'tag-only']),
      z.strictObject({ skipPages: z.array(z.number().int()).describe('1-based; negative counts from the end (-1 = last)') }),
      z.strictObject({ ignoreTopBand: z.number().min(0).max(1).describe('Share of the page height at the top ignored when judging') }),
      z.strictObject({ ignoreBottomBand: z.number().min(0).max(1).describe('Share of the page height at the bottom ignored when judging') }),
    ])
    .default('tag-only'),
})
export type Rule = z.infer<typeof ruleSchema>

/**
 * The plugins a configuration leaves out, slot by slot: a front end's built-in configuration (its preset, such as
 * `@pdftriage/preset-default`). Core names no plugin: whoever parses a configuration says what fills these slots.
 */
export interface ConfigDefaults {
  extractor: PluginRef
  judges: readonly PluginRef[]
  repairs: readonly PluginRef[]
  /** `null`: no OCR engine unless the configuration names one. */
  ocr: PluginRef | null
  postprocess: readonly PluginRef[]
}

/**
 * The configuration file's schema. Unknown keys are errors. The plugin slots have no default here: {@link parseConfig}
 * fills them from the caller's {@link ConfigDefaults}.
 */
export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  extractor: pluginRefSchema.optional().describe("The extractor plugin; default: the preset's"),
  judges: z
    .array(pluginRefSchema)
    .optional()
    .describe("Judges, in order (a --model judge goes before the first judge that OCRs, which runs last); default: the preset's"),
  repairs: z.array(pluginRefSchema).optional().describe("Repairs tried in order on pages that failed a judge; default: the preset's"),
  ocr: pluginRefSchema.nullable().optional().describe("The OCR engine; null for none; default: the preset's"),
  postprocess: z.array(pluginRefSchema).optional().describe("Post-processors over each document; default: the preset's"),
  // No default value here: the configuration's digest marks outputs for reruns, and a default list would change it.
  writers: z.array(pluginRefSchema).optional().describe("Writers of each document's files; default: the preset's (and its searchable-PDF writer with --pdf)"),
  policy: policySchema.default('auto').describe('When to OCR'),
  ocrDpi: z.number().int().min(72).max(1200).default(DEFAULT_OCR_DPI).describe('Resolution pages are rendered at for OCR'),
  // No default object: the configuration's digest marks outputs for reruns, and an added default would change it.
  layerMerge: z
    .union([
      z.literal(false),
      z.strictObject({
        unsure: z.number().min(0).max(1).default(DEFAULT_LAYER_MERGE.unsure).describe('OCR words under this confidence are unsure'),
        sure: z
          .number()
          .min(0)
          .max(1)
          .default(DEFAULT_LAYER_MERGE.sure)
          .describe("OCR words from this confidence are what the old layer's line is checked against"),
        agreement: z.number().min(0).max(1).default(DEFAULT_LAYER_MERGE.agreement).describe("Share of a line's sure words the old layer must give"),
        near: z.number().min(0).max(1).default(DEFAULT_LAYER_MERGE.near).describe('Least similarity of an old word to the unsure OCR word it replaces'),
        foreign: z
          .number()
          .min(0)
          .max(1)
          .default(DEFAULT_LAYER_MERGE.foreign)
          .describe('An OCR line under this mean confidence over old words mostly in another script keeps the old words (the OCR lacks their script)'),
      }),
    ])
    .optional()
    .describe(
      "When OCR replaces a page's layer, keep the old layer's word where the OCR is unsure of its own and the old layer agrees " +
        "with the OCR's sure words in that line, and the old line where the OCR read it unsure in another script " +
        `(default ${JSON.stringify(DEFAULT_LAYER_MERGE)}); false: the OCR replaces the layer whole`,
    ),
  // No default value: the configuration's digest marks outputs for reruns, and an added default would change it.
  repairsFirst: z
    .boolean()
    .optional()
    .describe(
      "Try a damaged page's repairs before the judges' look that would confirm its damage: a page a repair reads costs " +
        'no look of the judges (default true); false: the judges look first',
    ),
  languages: z.array(languageCodeSchema).optional().describe('OCR languages, overriding the engine default'),
  password: z.string().optional().describe('Password for encrypted PDFs'),
  presets: z
    .array(z.enum(['actes-fr']))
    .default([])
    .describe('Rule presets to add (see the README)'),
  rules: z.array(ruleSchema).default([]).describe('Metadata rules, checked in order'),
})
/**
 * The schema with a preset's plugins as the slots' defaults. The slots keep their place in the schema's shape, so a
 * parsed configuration lists its keys in the same order whoever fills them.
 */
function configSchemaWith(d: ConfigDefaults) {
  return configSchema.extend({
    extractor: pluginRefSchema.default(d.extractor),
    judges: z.array(pluginRefSchema).default(() => [...d.judges]),
    repairs: z.array(pluginRefSchema).default(() => [...d.repairs]),
    ocr: pluginRefSchema.nullable().default(d.ocr),
    postprocess: z.array(pluginRefSchema).default(() => [...d.postprocess]),
  })
}
/** The configuration as written by a user. */
export type PdftriageConfig = z.input<typeof configSchema>
/** The configuration with defaults applied. */
export type ResolvedConfig = z.output<ReturnType<typeof configSchemaWith>>

/** Identity helper for typed `pdftriage.config.mjs` files. */
export function defineConfig(config: PdftriageConfig): PdftriageConfig {
  return config
}

/** A loaded configuration and where it came from. */
export interface LoadedConfig {
  config: ResolvedConfig
  /** Folder plugins and relative paths resolve from. */
  baseDir: string
  /** The file read; `undefined` for the built-in default. */
  file?: string
}

/** Formats a zod error as `path: message` lines, paths dotted (`ocr.options.dpi`). */
export function formatZodIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map((i) => {
      const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.')
      return `${path || '(root)'}: ${i.message}`
    })
    .join('; ')
}

/**
 * Validates a config object and fills the plugin slots it leaves out from `defaults` (a preset's); a bad value is a
 * `CONFIG_INVALID` error naming its path.
 */
export function parseConfig(raw: unknown, defaults: ConfigDefaults, file = '(inline config)'): ResolvedConfig {
  const r = schemaFor(defaults).safeParse(raw)
  if (!r.success) {
    const first = r.error.issues[0]
    throw new TriageError('CONFIG_INVALID', `Invalid config ${file}: ${formatZodIssues(r.error)}`, {
      stage: 'config',
      file,
      path: first ? first.path.map(String).join('.') : undefined,
    })
  }
  return r.data
}

/** One schema per defaults object: a front end parses many configurations with the same preset. */
const schemas = new WeakMap<ConfigDefaults, ReturnType<typeof configSchemaWith>>()
function schemaFor(d: ConfigDefaults): ReturnType<typeof configSchemaWith> {
  let s = schemas.get(d)
  if (!s) schemas.set(d, (s = configSchemaWith(d)))
  return s
}

/** JSON with object keys sorted, for digests. */
export function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify(o[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}
