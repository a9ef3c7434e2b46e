// What the runner checks of every plugin's answer (verdicts, repairs, OCR pages, script guesses, post-processed
// documents, writers' files, capabilities): a broken plugin is named where it broke.
import { z } from 'zod'
import { formatZodIssues } from './config.js'
import type { PluginKind } from './contracts.js'
import type { Layer } from './types.js'
import { isUnicodeScript } from './text.js'

/** Every layer a verdict may name. */
export const LAYERS: readonly Layer[] = ['healthy', 'absent', 'sparse', 'garbled', 'unreadable', 'recoverable', 'blank', 'uncertain']

/** Layers that read or have nothing to read: a verdict naming one never needs OCR. */
const READABLE = new Set<Layer>(['healthy', 'recoverable', 'blank'])

const quoted = (v: unknown): string => `\`${typeof v === 'string' || typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v))}\``

// Infinite scores are legitimate (a letter-pair score on a page without pairs is -Infinity); NaN is a bug.
const measure = z.custom<number>((v) => typeof v === 'number' && !Number.isNaN(v), { error: (i) => `Expected a number, not ${quoted(i.input)}` })

const verdictSchema = z
  .object(
    {
      judge: z.string({ error: (i) => `Expected the judge's name, not ${quoted(i.input)}` }).min(1),
      layer: z.enum(LAYERS as [Layer, ...Layer[]], { error: (i) => `Expected one of ${LAYERS.join(', ')}, not ${quoted(i.input)}` }),
      needsOcr: z.boolean({ error: (i) => `Expected true or false, not ${quoted(i.input)}` }),
      score: measure.optional(),
      threshold: measure.optional(),
      notes: z.array(z.string(), { error: (i) => `Expected notes (an array of strings), not ${quoted(i.input)}` }),
      regions: z
        .array(z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }), {
          error: (i) => `Expected regions (boxes in points), not ${quoted(i.input)}`,
        })
        .optional(),
      brokenFonts: z.array(z.string(), { error: (i) => `Expected broken fonts (font ids), not ${quoted(i.input)}` }).optional(),
      unconfirmed: z.boolean({ error: (i) => `Expected unconfirmed to be true or false, not ${quoted(i.input)}` }).optional(),
    },
    { error: (i) => `Expected a verdict object (or undefined to abstain), not ${quoted(i.input)}` },
  )
  .refine((v) => !(v.needsOcr && READABLE.has(v.layer)), {
    error: (i) => `A \`${(i.input as { layer: Layer }).layer}\` layer cannot need OCR`,
    path: ['needsOcr'],
  })

const pageTextSchema = z.object({
  pageNumber: z.number(),
  width: z.number(),
  height: z.number(),
  text: z.string(),
  items: z.array(z.object({ text: z.string() }).loose()),
})

const repairResultSchema = z.object({ page: pageTextSchema.loose(), notes: z.array(z.string()) })

const documentTextSchema = z.object({ pages: z.array(z.object({ pageNumber: z.number(), text: z.string() }).loose()) })

const writtenPageSchema = z.object({
  pageNumber: z.number().int().min(1),
  turned: z.union([z.literal(90), z.literal(180), z.literal(270)], { error: (i) => `Expected a turn of 90, 180 or 270, not ${quoted(i.input)}` }).optional(),
  straightened: z.number({ error: (i) => `Expected a skew in degrees, not ${quoted(i.input)}` }).optional(),
})

const writtenFilesSchema = z.array(
  z.object({
    role: z.string({ error: (i) => `Expected a role, not ${quoted(i.input)}` }).min(1),
    path: z.string({ error: (i) => `Expected a path, not ${quoted(i.input)}` }).min(1),
    data: z.custom<string | Uint8Array>((v) => typeof v === 'string' || v instanceof Uint8Array, {
      error: (i) => `Expected a string or bytes, not ${quoted(typeof i.input)}`,
    }),
    pages: z.array(writtenPageSchema).optional(),
    summary: z.string({ error: (i) => `Expected a phrase, not ${quoted(i.input)}` }).optional(),
  }),
  { error: (i) => `Expected an array of files, not ${quoted(i.input)}` },
)

function problem(schema: z.ZodType, v: unknown, what: string): string | undefined {
  const r = schema.safeParse(v)
  return r.success ? undefined : `returned ${what} that breaks the contract: ${formatZodIssues(r.error)}`
}

/**
 * What is wrong with a judge's answer, or `undefined` when it keeps the contract: `undefined` (abstains) or a verdict
 * with a name, a known layer, `needsOcr` that the layer allows, numbers that are not NaN and notes.
 */
export function verdictProblem(v: unknown): string | undefined {
  return v === undefined ? undefined : problem(verdictSchema, v, 'a verdict')
}

/** What is wrong with a repair's answer (`undefined` or a page with text and items, and notes), if anything. */
export function repairResultProblem(v: unknown): string | undefined {
  return v === undefined ? undefined : problem(repairResultSchema, v, 'a repair')
}

/**
 * What is wrong with an OCR engine's script guess, if anything: `undefined` (cannot tell), or Unicode script names
 * (as `\\p{Script=...}` takes them), a name and a finite confidence.
 */
export function scriptGuessProblem(v: unknown): string | undefined {
  if (v === undefined) return undefined
  if (!v || typeof v !== 'object') return `detectScript returned ${quoted(v)}, not a guess or undefined`
  const g = v as { scripts?: unknown; name?: unknown; confidence?: unknown }
  if (!Array.isArray(g.scripts) || g.scripts.length === 0) return 'detectScript returned no script names'
  for (const x of g.scripts) {
    if (typeof x !== 'string' || !/^[A-Za-z_]+$/.test(x)) return `detectScript returned the script name ${quoted(x)}`
    if (!isUnicodeScript(x)) return `detectScript returned ${quoted(x)}, which Unicode does not name as a script`
  }
  if (typeof g.name !== 'string') return 'detectScript returned no name'
  if (typeof g.confidence !== 'number' || !Number.isFinite(g.confidence)) return 'detectScript returned no finite confidence'
  return undefined
}

/** What is wrong with an OCR engine's page (text and items with text, a size, a page number), if anything. */
export function pageTextProblem(v: unknown): string | undefined {
  return problem(pageTextSchema, v, 'a page')
}

/** What is wrong with a post-processor's document (pages with numbers and text), if anything. */
export function documentTextProblem(v: unknown): string | undefined {
  return problem(documentTextSchema, v, 'a document')
}

// Unknown keys are left alone: a plugin written for a later core may state more than this one reads.
const capabilitySchemas: Record<PluginKind, z.ZodType> = {
  extractor: z.object({}),
  judge: z.object({
    cost: z.enum(['characters', 'model', 'ocr'], { error: (i) => `Expected characters, model or ocr, not ${quoted(i.input)}` }).optional(),
  }),
  repair: z.object({}),
  ocr: z.object({
    workersOption: z
      .string({ error: (i) => `Expected an option name, not ${quoted(i.input)}` })
      .min(1)
      .optional(),
    checkLanguages: z
      .custom<(options: unknown, languages: readonly string[] | undefined) => void>((v) => typeof v === 'function', {
        error: (i) => `Expected a function (options, languages), not ${quoted(i.input)}`,
      })
      .optional(),
  }),
  postprocess: z.object({}),
  writer: z.object({}),
}

/** What is wrong with the capabilities a factory of `kind` states (absent is fine), if anything. */
export function capabilitiesProblem(kind: PluginKind, capabilities: unknown): string | undefined {
  if (capabilities === undefined) return undefined
  const r = capabilitySchemas[kind].safeParse(capabilities)
  return r.success ? undefined : `capabilities that break the contract: ${formatZodIssues(r.error, 'capabilities')}`
}

/**
 * What is wrong with a writer's files, if anything: each with a role, a path and string or byte data, and the pages it
 * shows otherwise than the input (`pages`) numbered within the document's `pageCount`, in order, once each.
 */
export function writtenFilesProblem(v: unknown, pageCount: number): string | undefined {
  const p = problem(writtenFilesSchema, v, 'files')
  if (p !== undefined) return p
  for (const f of v as z.infer<typeof writtenFilesSchema>) {
    const numbers = (f.pages ?? []).map((pg) => pg.pageNumber)
    const bad = numbers.find((n, i) => n > pageCount || (i > 0 && n <= numbers[i - 1]!))
    if (bad !== undefined)
      return `returned files that break the contract: ${f.path}: its \`pages\` name page ${bad}, not a page of the document (1-${pageCount}) after the one before`
  }
  return undefined
}
