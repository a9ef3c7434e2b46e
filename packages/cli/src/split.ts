// `triage --split`: long documents cut into page ranges so that every worker has pages when there are fewer files
// than workers, and the parts' records merged back into one document's.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { createComponent, loadConfig, openDocument } from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import type { DocumentRecord, Task } from '@pdftriage/batch'
import { CLI_DIR } from './cli-dir.js'

/**
 * Pages below which a document is not shared between workers (`triage --split`). Sharing costs each extra worker its
 * start-up (pdf.js, plugins, opening the file and parsing its fonts again: about 0.4 s) and its own pdf.js memory,
 * and pays only what the cores run in parallel. On the 2-vCPU machine this project is built on, two workers run 1.2x
 * one: a 312-page manual took 1.92 s with one worker and 2.28 s shared; a 1,280-page document 3.84 s and 3.57 s, with
 * peak memory 276 MB and 519 MB. So sharing is opt-in (machines with real cores gain more), and from 50 pages: below
 * that a worker's start-up is worth more than the pages it takes (about 12 ms each).
 */
export const MIN_SHARED_PAGES = 50

/** A task that is one part of a shared document. */
export interface PlannedTask extends Task {
  part?: { index: number; of: number }
}

/**
 * With `split`, when there are fewer files than workers, long documents are cut into page ranges so that every core works on them
 * (triage only: its pages are independent). Page counts come from the configured extractor, opened here once.
 */
export async function planTasks(files: string[], jobs: number, o: { cwd: string; configFile?: string; split?: boolean }): Promise<PlannedTask[]> {
  if (!o.split || jobs <= 1 || files.length >= jobs) return files.map((file) => ({ file }))
  const { config, baseDir } = await loadConfig(o.configFile, o.cwd, preset.config)
  const extractor = await createComponent(config.extractor, 'extractor', 'extractor', baseDir, preset, [CLI_DIR])
  const parts = Math.ceil(jobs / files.length)
  const tasks: PlannedTask[] = []
  for (const file of files) {
    let pages = 0
    try {
      const doc = await openDocument(extractor, new Uint8Array(await readFile(resolve(o.cwd, file))), {
        file,
        ...(config.password ? { password: config.password } : {}),
      })
      pages = doc.pageCount
      await doc.close()
    } catch {
      // The worker that takes the whole file reports the error.
    }
    if (pages < MIN_SHARED_PAGES) {
      tasks.push({ file })
      continue
    }
    const size = Math.ceil(pages / parts)
    for (let i = 0; i < parts; i++) {
      const from = i * size + 1
      if (from > pages) break
      tasks.push({ file, range: { from, to: Math.min(pages, from + size - 1) }, part: { index: i, of: Math.min(parts, Math.ceil(pages / size)) } })
    }
  }
  return tasks
}

/** Merges the document records of a shared document's parts into one. */
export function mergeDocumentRecords(parts: readonly DocumentRecord[]): DocumentRecord {
  const first = parts[0]!
  const actions: Record<string, number> = {}
  for (const p of parts) for (const [k, v] of Object.entries(p.actions)) actions[k] = (actions[k] ?? 0) + v
  return {
    ...first,
    needsOcr: parts.flatMap((p) => p.needsOcr),
    actions,
    ms: Math.max(...parts.map((p) => p.ms)),
  }
}
