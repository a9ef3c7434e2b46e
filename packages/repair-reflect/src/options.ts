// The reflect repair's options, one zod schema: its three methods switched on or off, the model, and the least text
// a font must carry to be repaired.
import { z } from 'zod'

/** Options of the `reflect` repair plugin (one package, three named methods, each switchable). */
export const reflectOptionsSchema = z.strictObject({
  reflect: z.boolean().default(true).describe('Try the reflection repair: codes stored as chr(0x120 - c), as the gates seed found them.'),
  shift: z.boolean().default(true).describe('Try the constant-shift repair per font ("7KH" for "THE").'),
  substitution: z.boolean().default(true).describe('Try the substitution solver per font (codes numbered by first use). Needs `model`; declines without one.'),
  model: z.string().min(1).optional().describe('Letter-pair model file (path relative to the config folder), the same file the bigram judge uses.'),
  minChars: z.number().int().positive().default(400).describe("Non-space characters a page needs before any repair is judged (the seed's min_chars_to_judge)."),
  minFontChars: z.number().int().positive().default(200).describe('Non-space characters a font needs before its shift or substitution is searched.'),
  seed: z.number().int().default(1).describe('Seed of the substitution search (runs are deterministic).'),
  restarts: z.number().int().positive().default(6).describe('Random restarts of the substitution hill climb per font.'),
})

/** Options as a user writes them. */
export type ReflectOptions = z.input<typeof reflectOptionsSchema>
/** Options after defaults. */
export type ResolvedReflectOptions = z.output<typeof reflectOptionsSchema>
