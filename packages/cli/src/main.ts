// The command line's dispatcher: the table of commands, the top-level help and version, parsing each command's
// arguments, and the one place an error becomes a message and an exit code.
import { readFileSync } from 'node:fs'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { closest, distance } from 'fastest-levenshtein'
import { TriageError } from '@pdftriage/core'
import { calibrate } from './commands/calibrate.js'
import { evalCommand } from './commands/eval.js'
import { fit } from './commands/fit.js'
import { ocr } from './commands/ocr.js'
import { collect, status, worker } from './commands/queue.js'
import { report } from './commands/report.js'
import { run } from './commands/run.js'
import { readOptions, usage, type Command, type Io } from './commands/shared.js'
import { triage } from './commands/triage.js'

export type { Io } from './commands/shared.js'

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

/** The commands, in the order an unknown command's message lists them. */
const COMMANDS: readonly Command[] = [triage, run, worker, collect, status, fit, calibrate, evalCommand, report, ocr]

// Records by name, read through `own` only: a name such as `constructor` is no command.
const HELP: Record<string, string> = {
  main: `pdftriage ${VERSION}: is each PDF page's text layer worth reading, or must the page be OCRed?

Usage: pdftriage <command> [options]

Commands:
  triage     judge every page's text layer; JSON Lines on stdout (pages are not OCRed; an OCR engine may look
             at part of a page where the characters cannot tell)
  run        extract, judge, repair, OCR what needs it, and write an output folder (--queue: on workers)
  ocr        one PDF in, a searchable PDF out (as ocrmypdf IN OUT): only the pages that need it are OCRed
  worker     process documents of a queued run (any number of machines sharing the input and output folders)
  collect    append the rows of documents the workers completed to the index (rerunnable)
  status     count the jobs of a queued run: waiting, active, done, failed
  fit        fit a letter-pair model on your own good pages
  calibrate  widen a model's margin until your trusted held-out pages pass
  eval       measure a configuration on a labelled corpus
  report     write a review page (report.html) of a run's output folder

Run \`pdftriage <command> --help\` for a command's options.
Exit codes: 0 done; 1 some documents or pages failed (the rest is done); 2 usage or config error.`,
  ...Object.fromEntries(COMMANDS.map((c) => [c.name, c.help])),
}
const OPTIONS: Record<string, ParseArgsConfig['options']> = Object.fromEntries(COMMANDS.map((c) => [c.name, c.options]))
const BY_NAME: Record<string, Command> = Object.fromEntries(COMMANDS.map((c) => [c.name, c]))
/** `record[name]` where `name` is the record's own key, not a property every object inherits. */
const own = <T>(record: Record<string, T>, name: string): T | undefined => (Object.hasOwn(record, name) ? record[name] : undefined)

const defaultIo = (): Io => ({
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  cwd: process.cwd(),
})

/** The word of `known` nearest to `given`: a prefix of one, or within a third of its letters' edits; else undefined. */
function nearest(given: string, known: readonly string[]): string | undefined {
  const prefixed = known.filter((k) => given.length >= 3 && k.startsWith(given))
  if (prefixed.length === 1) return prefixed[0]
  // a third of the letters: `--langauge` (2 edits in 10) is meant as --language; `--clean` is no option here
  const near = closest(given, [...known])
  return distance(given, near) <= Math.max(1, Math.floor(given.length / 3)) ? near : undefined
}

/** Node's parseArgs error for a command, in the project's words: what is wrong, what was likely meant, where to look. */
function argsError(e: Error & { code?: string }, cmd: string, spec: ParseArgsConfig['options']): string {
  const see = `See pdftriage ${cmd} --help`
  const flags = Object.entries(spec ?? {}).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])])
  const named = /'([^' ]+)/.exec(e.message)?.[1]
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && named) {
    const flag = named.split('=')[0]!
    // one letter after one dash is any other letter away: no guess for those
    const near = flag.startsWith('--') ? nearest(flag, flags) : undefined
    return near ? `Unknown option \`${flag}\` for pdftriage ${cmd}: did you mean ${near}? ${see}` : `Unknown option \`${flag}\` for pdftriage ${cmd}. ${see}`
  }
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && named) {
    const long = /--[\w-]+/.exec(e.message)?.[0] ?? named
    if (/argument missing/.test(e.message)) return `${long} needs a value. ${see}`
    if (/ambiguous/.test(e.message)) return `${named} is followed by a word starting with -: give its value as ${long}=VALUE if that is it. ${see}`
    if (/does not take an argument/.test(e.message)) return `${long} takes no value. ${see}`
  }
  return `${e.message.split('\n')[0]} ${see}`
}

/** Runs the CLI with arguments (without `node` and the script); resolves to the exit code. */
export async function main(argv: string[], io: Io = defaultIo()): Promise<number> {
  const [cmd, ...rest] = argv
  if (!cmd || cmd === '-h' || cmd === '--help' || cmd === 'help') {
    io.stdout(own(HELP, rest[0] ?? 'main') ?? HELP.main!)
    return cmd ? 0 : 2
  }
  if (cmd === '--version' || cmd === '-v') {
    io.stdout(VERSION)
    return 0
  }
  try {
    const spec = own(OPTIONS, cmd)
    if (!spec) {
      const near = nearest(cmd, Object.keys(OPTIONS))
      usage(`Unknown command \`${cmd}\`${near ? `: did you mean ${near}?` : ''} Commands: ${Object.keys(OPTIONS).join(', ')} (see pdftriage --help)`)
    }
    let parsed
    try {
      parsed = parseArgs({ args: rest, options: spec, allowPositionals: true, strict: true })
    } catch (e) {
      usage(argsError(e as Error & { code?: string }, cmd, spec))
    }
    if (parsed.values.help) {
      io.stdout(HELP[cmd]!)
      return 0
    }
    const command = BY_NAME[cmd]!
    return await command.run(readOptions(command, parsed.values), parsed.positionals, io)
  } catch (e) {
    return failure(e, io)
  }
}

/** The one place a thrown error becomes a message and an exit code: a TriageError carries its code; anything else is a
 * fault of the program, shown with its stack. */
function failure(e: unknown, io: Io): number {
  if (e instanceof TriageError) {
    io.stderr(`pdftriage: ${e.message}`)
    return e.exitCode
  }
  io.stderr(`pdftriage: unexpected error: ${(e as Error).stack ?? String(e)}`)
  return 1
}
