// What the commands share: the CLI's I/O, the lazy loaders of each command's code, the common options, the document
// limits, and the options of the commands that may OCR (their languages checked before any work).
import { chooseResources, thisMachine, type DocumentLimits } from '@pdftriage/batch'
import { policySchema, type Policy } from '@pdftriage/core'
import { checkOcrLanguages, languagesOption } from '../languages.js'
import { flag, oneOf, positiveNumber, text, value, wholeNumber, type Io } from './options.js'

export { defineCommand, readOptions, usage, type Command, type Io } from './options.js'

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
  help: flag('h'),
  config: text(),
  model: text(),
  jobs: value(wholeNumber('jobs').optional(), 'j'),
  policy: value(oneOf('policy', policySchema.options).optional()),
  quiet: flag('q'),
}

/** -l: OCR languages, e.g. fra+eng. */
export const language = value(languagesOption.optional(), 'l')

/** --output-type: what kind of PDF the searchable copy is, as ocrmypdf names them (its pdfa means PDF/A-2B too). */
export const outputType = value(oneOf('output-type', ['pdf', 'pdfa']).optional())

/** Jobs and limits for triage: a flag given wins; the jobs and the memory limit not given come from the machine. */
export function chosenResources(given: { jobs?: number }, limits: Partial<DocumentLimits>): { jobs: number; limits: Partial<DocumentLimits> } {
  const r = chooseResources(thisMachine(), { ...given, ...(limits.maxMemoryMb !== undefined ? { maxMemoryMb: limits.maxMemoryMb } : {}) })
  return { jobs: r.jobs, limits: { ...limits, maxMemoryMb: r.maxMemoryMb } }
}

/** The document limits' options, read by {@link limitOptions}: one declaration for the commands that take them. */
export const limitFlags = {
  'doc-timeout': value(positiveNumber('doc-timeout').optional()),
  'page-timeout': value(positiveNumber('page-timeout').optional()),
  'max-memory': value(positiveNumber('max-memory').optional()),
}

/** --doc-timeout and --page-timeout (seconds, fractions allowed) and --max-memory (MB), when given. */
export function limitOptions(o: { 'doc-timeout'?: number; 'page-timeout'?: number; 'max-memory'?: number }): Partial<DocumentLimits> {
  return {
    ...(o['doc-timeout'] !== undefined ? { docTimeoutMs: o['doc-timeout'] * 1000 } : {}),
    ...(o['page-timeout'] !== undefined ? { pageTimeoutMs: o['page-timeout'] * 1000 } : {}),
    ...(o['max-memory'] !== undefined ? { maxMemoryMb: o['max-memory'] } : {}),
  }
}

/** The options of the commands which may OCR (triage, run, ocr, eval, worker), as their schemas read them. */
export interface OcrOptionValues {
  config?: string | undefined
  model?: string | undefined
  jobs?: number | undefined
  policy?: Policy | undefined
  language?: string[] | undefined
  password?: string | undefined
  'output-type'?: 'pdf' | 'pdfa' | undefined
  'rotate-pages'?: boolean | undefined
  deskew?: boolean | undefined
}

/**
 * What the commands which may OCR make of their shared options, once their OCR languages are checked: a missing one
 * exits 2 in one line, before any work.
 */
export async function ocrCommandOptions(o: OcrOptionValues, io: Io) {
  // triage and run: a flag given wins, the rest is chosen from the machine (run says what it chose)
  const givenJobs = o.jobs !== undefined ? { jobs: o.jobs } : {}
  const { policy, language: languages, password, 'output-type': outputType } = o
  const configFile = o.config ? { configFile: o.config } : {}
  const base = {
    cwd: io.cwd,
    ...configFile,
    ...(o.model ? { model: o.model } : {}),
    ...(policy ? { policy } : {}),
    ...(languages ? { languages } : {}),
    ...(password !== undefined ? { password } : {}),
  }
  // --rotate-pages, --deskew and --output-type shape the searchable PDF: the writer's options
  const pdfFlags = {
    ...(o['rotate-pages'] === true ? { rotatePages: true } : {}),
    ...(o.deskew === true ? { deskew: true } : {}),
    ...(outputType ? { outputType } : {}),
  }
  const pdfOptions = Object.keys(pdfFlags).length ? pdfFlags : undefined
  await checkOcrLanguages({ cwd: io.cwd, ...configFile, ...(languages ? { languages } : {}) })
  return { givenJobs, outputType, languages, base, pdfOptions }
}
