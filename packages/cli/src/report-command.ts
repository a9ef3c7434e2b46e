// `pdftriage report`'s work: the review page of a run's output folder, its page pictures rendered with the
// configured extractor.
import { resolve } from 'node:path'
import { createComponent, loadConfig } from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import { buildReport } from '@pdftriage/report'
import { CLI_DIR } from './cli-dir.js'

/** Options of `pdftriage report` (and `run --report`). */
export interface ReportCommandOptions {
  /** The output folder a run wrote. */
  out: string
  cwd: string
  configFile?: string
  /** Render page pictures (default true). */
  images: boolean
  log: (s: string) => void
}

/**
 * Writes `report.html` into a run's output folder. Page pictures are rendered from the run's inputs with the
 * configured extractor; their paths in `documents.csv` are relative to the folder the run was started from (`cwd`).
 */
export async function reportCommand(o: ReportCommandOptions): Promise<number> {
  const out = resolve(o.cwd, o.out)
  const t0 = performance.now()
  const { config, baseDir } = await loadConfig(o.configFile, o.cwd, preset.config)
  const extractor = o.images ? await createComponent(config.extractor, 'extractor', 'extractor', baseDir, preset, [CLI_DIR]) : undefined
  const s = await buildReport(out, {
    inputRoot: o.cwd,
    ...(extractor ? { extractor } : {}),
    ...(config.password !== undefined ? { password: config.password } : {}),
  })
  const kb = (b: number) => `${Math.round(b / 1024)} KB`
  const perThumb = s.thumbnails ? ` (${(s.thumbnailBytes / 1024 / s.thumbnails).toFixed(1)} KB a page)` : ''
  o.log(
    `report: ${s.documents} documents, ${s.pages} pages, ${s.thumbnails} pictures; html ${kb(s.htmlBytes)}, thumbnails ` +
      `${kb(s.thumbnailBytes)}${perThumb}, detail pictures ${kb(s.detailBytes)}; ${((performance.now() - t0) / 1000).toFixed(1)} s -> ${s.html}`,
  )
  for (const m of s.missingSources) o.log(`report: no pictures for ${m}: its source is missing or changed (run the report from the run's folder)`)
  return 0
}
