// A command's options declared once: how node:util parseArgs reads each (a flag, a string, a repeated string) and the
// zod schema that turns what it read into a typed value, with a message in the option's words for a value it refuses.
import type { ParseArgsConfig } from 'node:util'
import { z } from 'zod'
import { TriageError } from '@pdftriage/core'

/** I/O of the CLI, injectable for tests. */
export interface Io {
  stdout: (s: string) => void
  stderr: (s: string) => void
  cwd: string
}

/** One option: parseArgs' reading of it and the schema its value (or its absence, `undefined`) passes. */
export interface Option<S extends z.ZodType = z.ZodType> {
  type: 'boolean' | 'string'
  short?: string
  multiple?: boolean
  schema: S
}

/** A command's options by name, as typed on the command line (`output-type`). */
export type Options = Record<string, Option>

/** What a command's run receives: each option's value as its schema gives it. */
export type Parsed<O extends Options> = z.output<z.ZodObject<{ [K in keyof O]: O[K]['schema'] }>>

/** One command of the CLI: main.ts finds it by name, reads its options with `options` and runs it. */
export interface Command<T = unknown> {
  name: string
  /** What `pdftriage <name> --help` prints. */
  help: string
  /** node:util parseArgs spec of its options, made from their declaration. */
  options: ParseArgsConfig['options']
  /** parseArgs' values -> the typed options; the first value refused is the message of a usage error. */
  schema: z.ZodType<T>
  /** Resolves to the exit code; a usage error is thrown as a TriageError('USAGE'). */
  run(o: T, positionals: string[], io: Io): Promise<number>
}

export function usage(msg: string): never {
  throw new TriageError('USAGE', msg)
}

/** A command from its options' declaration: the parseArgs spec and the zod schema are both made from it. */
export function defineCommand<O extends Options>(c: {
  name: string
  help: string
  options: O
  run: (o: Parsed<O>, positionals: string[], io: Io) => Promise<number>
}): Command<Parsed<O>> {
  const entries = Object.entries(c.options)
  const options = Object.fromEntries(
    entries.map(([name, { type, short, multiple }]) => [name, { type, ...(short ? { short } : {}), ...(multiple ? { multiple } : {}) }]),
  ) as ParseArgsConfig['options']
  const schema = z.object(Object.fromEntries(entries.map(([name, o]) => [name, o.schema]))) as unknown as z.ZodType<Parsed<O>>
  return { name: c.name, help: c.help, options, schema, run: c.run }
}

/** The options of `values` as `command` reads them; a value refused is a usage error saying which and why. */
export function readOptions<T>(command: Command<T>, values: Record<string, unknown>): T {
  const r = command.schema.safeParse(values)
  if (!r.success) usage(r.error.issues[0]?.message ?? `Bad options. See pdftriage ${command.name} --help`)
  return r.data
}

/** A flag (`--pdf`): true when given. */
export const flag = (short?: string): Option<z.ZodOptional<z.ZodBoolean>> => ({ type: 'boolean', ...(short ? { short } : {}), schema: z.boolean().optional() })

/** A string option taken as it is typed (a path, a URL, a password). */
export const text = (short?: string): Option<z.ZodOptional<z.ZodString>> => ({ type: 'string', ...(short ? { short } : {}), schema: z.string().optional() })

/** A repeatable string option (`--include A --include B`): every value given, none when it is not. */
export const texts = (): Option<z.ZodDefault<z.ZodArray<z.ZodString>>> => ({ type: 'string', multiple: true, schema: z.array(z.string()).default([]) })

/** A string option read by `schema` (`undefined` when it is not given, unless the schema gives a default). */
export const value = <S extends z.ZodType>(schema: S, short?: string): Option<S> => ({ type: 'string', ...(short ? { short } : {}), schema })

/**
 * A string option read by `read`, which throws a usage error (a TriageError) for a value it does not take: that
 * error's message is the option's. The readers of `-l` and `--pages` are also called outside the options.
 */
export const readBy = <T>(read: (s: string) => T) =>
  z.string().transform((s, ctx): T => {
    try {
      return read(s)
    } catch (e) {
      if (!(e instanceof TriageError)) throw e
      ctx.addIssue({ code: 'custom', message: e.message, input: s })
      return z.NEVER
    }
  })

/** `Expected --name to be what, not `given``: the one wording of a value refused. */
const expected = (name: string, what: string, given: unknown): string =>
  `Expected --${name} to be ${what}, not \`${typeof given === 'string' ? given : JSON.stringify(given)}\``

/** A whole number of at least 1 (`--jobs`, `--concurrency`). */
export const wholeNumber = (name: string) =>
  readBy((s) => {
    const n = Number(s)
    if (!Number.isInteger(n) || n < 1) usage(expected(name, 'a whole number of at least 1', s))
    return n
  })

/** A number above 0, fractions allowed (seconds, megabytes). */
export const positiveNumber = (name: string) =>
  readBy((s) => {
    const n = Number(s)
    if (!(n > 0)) usage(expected(name, 'a positive number', s))
    return n
  })

/** A number of at least 0 in `unit` (`--margin`). */
export const nonNegativeNumber = (name: string, unit: string) =>
  readBy((s) => {
    const n = Number(s)
    if (!(n >= 0)) usage(expected(name, `a number of ${unit} >= 0`, s))
    return n
  })

/** One of `values`: `Expected --name to be a or b, not `x`` (`one of a, b, c` for more than two). */
export const oneOf = <const V extends readonly string[]>(name: string, values: V) =>
  z.enum(values, {
    error: (iss) => expected(name, values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`, iss.input),
  })
