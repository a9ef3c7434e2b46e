// `pdftriage run`'s work: the resumable batch of @pdftriage/batch, with its progress bar, summary line and exit code.
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { runBatch, type DocumentLimits, type InputFilter, type NamesMode } from '@pdftriage/batch'
import { TriageError, type Policy } from '@pdftriage/core'
import { CLI_DIR } from './cli-dir.js'
import { checkOutputPath } from './paths.js'
import { BatchProgress, batchExitCode, summaryLine } from './batch-progress.js'

/** Options of `pdftriage run`. */
export interface RunCommandOptions {
  paths: string[]
  out: string
  configFile?: string
  model?: string
  policy?: Policy
  /** OCR languages (`-l`), over the config's. */
  languages?: string[]
  /** Password of encrypted inputs (`--password`), over the config's. */
  password?: string
  /** Documents at once; default: from the machine (see chooseResources). */
  jobs?: number
  pdf: boolean
  /** Options over the searchable-PDF writer's (`--output-type`, `--rotate-pages`, `--deskew`). */
  pdfOptions?: Record<string, unknown>
  redo: boolean
  redoFailed: boolean
  filter: InputFilter
  cwd: string
  /** Bounds on each document; unset ones keep their defaults. */
  limits?: Partial<DocumentLimits>
  /** Summary and notices (stderr). */
  log: (s: string) => void
  /** No line per finished document (failures and the summary are still said). */
  quiet?: boolean
  /** `--names mirror`: the input tree mirrored under DIR beside the hash-named files. */
  names?: NamesMode
}

/**
 * `pdftriage run`: the resumable batch of `@pdftriage/batch` with a progress bar and a summary line. Returns the exit
 * code: 0 all done, 1 some failed (in this run, or unchanged since an earlier run failed them).
 */
export async function runCommand(o: RunCommandOptions): Promise<number> {
  const outDir = resolve(o.cwd, o.out)
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) {
    throw new TriageError('USAGE', `--out \`${o.out}\` is a file: give a folder (it is created when missing)`)
  }
  checkOutputPath(o.out, o.cwd, '--out')
  const report = new BatchProgress({ log: o.log, ...(o.quiet ? { quiet: true } : {}) })
  // Ctrl-C: every document finished is already in the index (it is committed as each one ends), so the run can stop
  // at once; the bar's line is finished and the rerun that resumes is named.
  const onInterrupt = () => {
    report.interrupt(`interrupted: ${report.finished} document(s) finished in this run are kept in ${o.out}; run the same command again to go on`)
    process.exit(130)
  }
  process.once('SIGINT', onInterrupt)
  const summary = await runBatch(
    {
      inputs: o.paths,
      outDir: o.out,
      cwd: o.cwd,
      ...(o.jobs !== undefined ? { jobs: o.jobs } : {}),
      pdf: o.pdf,
      ...(o.pdfOptions ? { pdfOptions: o.pdfOptions } : {}),
      redo: o.redo,
      redoFailed: o.redoFailed,
      filter: o.filter,
      configChange: 'refuse',
      pluginDirs: [CLI_DIR],
      ...(o.limits ? { limits: o.limits } : {}),
      ...(o.names ? { names: o.names } : {}),
      ...(o.configFile ? { configFile: o.configFile } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.policy ? { policy: o.policy } : {}),
      ...(o.languages ? { languages: o.languages } : {}),
      ...(o.password !== undefined ? { password: o.password } : {}),
    },
    (e) => report.on(e),
  ).finally(() => process.removeListener('SIGINT', onInterrupt))
  report.done()
  if (report.inputs === 0) {
    o.log(
      `no PDF found in ${o.paths.map((p) => `\`${p}\``).join(', ')} (folders are searched recursively for *.pdf` +
        `${o.filter.include?.length || o.filter.exclude?.length ? '; --include and --exclude apply' : ''})`,
    )
  }
  o.log(summaryLine(summary))
  if (summary.stillFailed) o.log(`${summary.stillFailed} unchanged file(s) failed in an earlier run: --redo-failed tries them again`)
  if (summary.stillFailedPages) {
    o.log(`${summary.stillFailedPages} unchanged document(s) done with failed pages in an earlier run: --redo-failed runs those pages again`)
  }
  return batchExitCode(summary)
}
