import type { ParseArgsConfig } from 'node:util'
import { chooseResources, defaultJobs, thisMachine, type DocumentLimits } from '@pdftriage/batch'
import { TriageError, policySchema, type Policy } from '@pdftriage/core'
import { checkOcrLanguages, parseLanguages } from '../languages.js'

/** I/O of the CLI, injectable for tests. */
export interface Io {
  stdout: (s: string) => void
  stderr: (s: string) => void
  cwd: string
}

/** The options as node:util parseArgs returns them for the command's spec. */
export type Values = Record<string, unknown>

/** One command of the CLI: main.ts finds it by name, parses its options with its spec and runs it. */
export interface Command {
  name: string
  /** What `pdftriage <name> --help` prints. */
  help: string
  /** node:util parseArgs spec of its options. */
  options: ParseArgsConfig['options']
  /** Resolves to the exit code; a usage error is thrown as a TriageError('USAGE'). */
  run: (values: Values, positionals: string[], io: Io) => Promise<number>
}

// Each command's code is imported when the command runs: `triage` then loads neither the report, the model, the
// queue nor the eval code in the main process, which starts a document process of its own for every run.
export const load = {
  eval: () => import('../eval.js'),
  model: () => import('../model-commands.js'),
  ocr: () => import('../ocr-command.js'),
  report: () => import('../report-command.js'),
  queue: () => import('../queue-commands.js'),
  run: () => import('../run.js'),
  triage: () => import('../triage.js'),
}

export const common = {
  help: { type: 'boolean', short: 'h' },
  config: { type: 'string' },
  model: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  policy: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const

/** A string option's value, or undefined when it was not given. */
export const strings =
  (v: Values) =>
  (k: string): string | undefined =>
    v[k] as string | undefined

/** An option's value as the user typed it, for messages. */
const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

export function usage(msg: string): never {
  throw new TriageError('USAGE', msg)
}

export function intOption(v: unknown, name: string, dflt: number): number {
  if (v === undefined) return dflt
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) usage(`Expected --${name} to be a whole number of at least 1, not \`${shown(v)}\``)
  return n
}

/** Jobs and limits for triage: a flag given wins; the jobs and the memory limit not given come from the machine. */
export function chosenResources(given: { jobs?: number }, limits: Partial<DocumentLimits>): { jobs: number; limits: Partial<DocumentLimits> } {
  const r = chooseResources(thisMachine(), { ...given, ...(limits.maxMemoryMb !== undefined ? { maxMemoryMb: limits.maxMemoryMb } : {}) })
  return { jobs: r.jobs, limits: { ...limits, maxMemoryMb: r.maxMemoryMb } }
}

/** The document limits' options, read by {@link limitOptions}: one declaration for the commands that take them. */
export const limitFlags = {
  'doc-timeout': { type: 'string' },
  'page-timeout': { type: 'string' },
  'max-memory': { type: 'string' },
} as const

/** --doc-timeout and --page-timeout (seconds, fractions allowed) and --max-memory (MB), when given. */
export function limitOptions(v: Values): Partial<DocumentLimits> {
  const out: Partial<DocumentLimits> = {}
  const num = (k: string) => {
    const n = Number(v[k])
    if (!(n > 0)) usage(`Expected --${k} to be a positive number, not \`${String(v[k])}\``)
    return n
  }
  if (v['doc-timeout'] !== undefined) out.docTimeoutMs = num('doc-timeout') * 1000
  if (v['page-timeout'] !== undefined) out.pageTimeoutMs = num('page-timeout') * 1000
  if (v['max-memory'] !== undefined) out.maxMemoryMb = num('max-memory')
  return out
}

/** --output-type: what kind of PDF the searchable copy is, as ocrmypdf names them (its pdfa means PDF/A-2B too). */
export function outputTypeOption(v: unknown): 'pdf' | 'pdfa' | undefined {
  if (v === undefined) return undefined
  if (v !== 'pdf' && v !== 'pdfa') usage(`Expected --output-type to be pdf or pdfa, not \`${shown(v)}\``)
  return v
}

export function policyOption(v: unknown): Policy | undefined {
  if (v === undefined) return undefined
  const r = policySchema.safeParse(v)
  if (!r.success) usage(`Expected --policy to be one of ${policySchema.options.join(', ')}, not \`${shown(v)}\``)
  return r.data
}

/**
 * The options that the commands which may OCR (triage, run, ocr, eval, worker) share, checked in this order (--jobs,
 * --policy, --output-type, -l), then their OCR languages: a missing one exits 2 in one line, before any work.
 */
export async function ocrCommandOptions(v: Values, io: Io) {
  const str = strings(v)
  const jobs = intOption(v.jobs, 'jobs', defaultJobs())
  // triage and run: a flag given wins, the rest is chosen from the machine (run says what it chose)
  const givenJobs = v.jobs !== undefined ? { jobs } : {}
  const policy = policyOption(v.policy)
  const outputType = outputTypeOption(v['output-type'])
  const languages = str('language') === undefined ? undefined : parseLanguages(str('language')!)
  const base = {
    cwd: io.cwd,
    ...(str('config') ? { configFile: str('config')! } : {}),
    ...(str('model') ? { model: str('model')! } : {}),
    ...(policy ? { policy } : {}),
    ...(languages ? { languages } : {}),
    ...(str('password') !== undefined ? { password: str('password')! } : {}),
  }
  // --rotate-pages, --deskew and --output-type shape the searchable PDF: the writer's options
  const pdfFlags = {
    ...(v['rotate-pages'] === true ? { rotatePages: true } : {}),
    ...(v.deskew === true ? { deskew: true } : {}),
    ...(outputType ? { outputType } : {}),
  }
  const pdfOptions = Object.keys(pdfFlags).length ? pdfFlags : undefined
  await checkOcrLanguages({ cwd: io.cwd, ...(str('config') ? { configFile: str('config')! } : {}), ...(languages ? { languages } : {}) })
  return { jobs, givenJobs, outputType, languages, base, pdfOptions }
}
