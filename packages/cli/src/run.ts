import { runBatch, type InputFilter } from '@pdftriage/batch'
import type { Policy } from '@pdftriage/core'
import { CLI_DIR } from './cli-dir.js'
import { Progress } from './progress.js'

/** Options of `pdftriage run`. */
export interface RunCommandOptions {
  paths: string[]
  out: string
  configFile?: string
  model?: string
  policy?: Policy
  jobs: number
  pdf: boolean
  redo: boolean
  redoFailed: boolean
  filter: InputFilter
  cwd: string
  /** Summary and notices (stderr). */
  log: (s: string) => void
}

/**
 * `pdftriage run`: the resumable batch of `@pdftriage/batch` with a progress bar and a summary line. Returns the exit
 * code: 0 all done, 1 some failed (in this run, or unchanged since an earlier run failed them).
 */
export async function runCommand(o: RunCommandOptions): Promise<number> {
  let progress: Progress | undefined
  const summary = await runBatch(
    {
      inputs: o.paths, outDir: o.out, cwd: o.cwd, jobs: o.jobs, pdf: o.pdf, redo: o.redo, redoFailed: o.redoFailed, filter: o.filter,
      pluginDirs: [CLI_DIR],
      ...(o.configFile ? { configFile: o.configFile } : {}), ...(o.model ? { model: o.model } : {}), ...(o.policy ? { policy: o.policy } : {}),
    },
    (e) => {
      switch (e.type) {
        case 'resumed':
          o.log(`resumed: ${e.message}`)
          break
        case 'planned':
          progress = new Progress(e.todo)
          break
        case 'page-done':
          if (!progress) break
          progress.pages++
          if (e.page.action === 'ocr') progress.ocrPages++
          progress.tick()
          break
        case 'document-done':
          if (!progress) break
          progress.docs++
          progress.tick()
          break
        case 'failed':
          // Missing paths fail before the plan; only documents that were tried count on the bar.
          if (!progress) break
          progress.docs++
          progress.failed++
          o.log(`failed: ${e.file}: ${e.code}: ${e.message}`)
          progress.tick()
          break
      }
    },
  )
  progress?.done()
  const p = summary.pages
  o.log(
    `documents: ${summary.done} done, ${summary.failed} failed, ${summary.duplicate} duplicate, ${summary.unchanged} unchanged; ` +
      `pages: ${p.kept} kept, ${p.repaired} repaired, ${p.ocr} OCRed${p.failed ? `, ${p.failed} failed` : ''}; ` +
      `${summary.seconds.toFixed(1)} s -> ${summary.outDir}`,
  )
  if (summary.stillFailed) o.log(`${summary.stillFailed} unchanged file(s) failed in an earlier run: --redo-failed tries them again`)
  return summary.failed + summary.stillFailed > 0 ? 1 : 0
}
