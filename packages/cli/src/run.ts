import { availableParallelism } from 'node:os'
import { mkdir, readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { configDigest, loadConfig, readAndHash, type Policy } from '@pdftriage/core'
import { IndexStore, type DocumentRow } from './index-store.js'
import { expandInputs, missingError, type InputFilter } from './inputs.js'
import { runBatch } from './pool.js'
import { Progress } from './progress.js'
import { errorRecord, type PageRecord } from './records.js'
import type { FileOutcome } from './session.js'

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

/** The digest of everything that changes outputs: the effective config, the policy, the model file, the PDF flag. */
async function runDigest(o: RunCommandOptions): Promise<string> {
  const { config } = await loadConfig(o.configFile, o.cwd)
  const extra: Array<string | Uint8Array> = [`policy=${o.policy ?? config.policy}`, `pdf=${o.pdf}`]
  if (o.model) extra.push(await readFile(resolve(o.cwd, o.model)))
  return configDigest(config, extra)
}

/**
 * Extracts, judges, repairs and OCRs every input into the output folder, incrementally: a file already done with the
 * same content and configuration is skipped (nothing rewritten), identical files are processed once. Returns the exit
 * code: 0 all done, 1 some documents or pages failed.
 */
export async function runCommand(o: RunCommandOptions): Promise<number> {
  const t0 = performance.now()
  const out = resolve(o.cwd, o.out)
  await mkdir(out, { recursive: true })
  const index = new IndexStore(out)
  for (const fix of index.open()) o.log(`resumed: ${fix}`)
  const digest = await runDigest(o)
  const { files, missing } = await expandInputs(o.paths, o.filter, o.cwd)

  const summary = { stillFailed: 0, done: 0, failed: 0, duplicate: 0, skipped: 0, kept: 0, repaired: 0, ocr: 0, pagesFailed: 0 }
  const baseRow = (path: string): DocumentRow => ({
    path, hash: '', pages: '', status: 'failed', text: '', report: '', pdf: '', producer: '', creator: '', creator_tool: '',
    pdf_type: '', pages_needing_ocr: '', pages_ocred: '', seconds: '', error_code: '', error_message: '', duplicate_of: '',
    tags: '', config: digest, pages_end: '',
  })
  for (const m of missing) {
    const e = errorRecord(m, missingError(m))
    if (index.latest(m)?.status !== 'failed' || o.redo || o.redoFailed) index.append({ ...baseRow(m), error_code: e.code, error_message: e.message }, [])
    summary.failed++
  }

  // Decide what to do with each file: skip (done with the same content and config), duplicate, or process.
  const todo: Array<{ file: string; hash: string }> = []
  const claimed = new Map<string, string>() // hash -> first path processed in this run
  for (const file of files) {
    let hash: string
    try {
      hash = (await readAndHash(resolve(o.cwd, file))).hash
    } catch {
      todo.push({ file, hash: '' }) // the session reports the read error
      continue
    }
    const prev = index.latest(file)
    const same = prev && prev.hash === hash && prev.config === digest
    if (same && !o.redo && (prev.status !== 'failed' || !o.redoFailed)) {
      summary.skipped++
      if (prev.status === 'failed') summary.stillFailed++
      continue
    }
    const first = claimed.get(hash) ?? (o.redo ? undefined : index.doneByHash(hash, digest)?.path)
    if (first && first !== file) {
      index.append({ ...baseRow(file), hash, status: 'duplicate', duplicate_of: first }, [])
      summary.duplicate++
      continue
    }
    claimed.set(hash, file)
    todo.push({ file, hash })
  }

  const progress = new Progress(todo.length)
  const cores = availableParallelism()
  const jobs = Math.max(1, Math.min(o.jobs, todo.length || 1))
  // Documents across jobs, OCR pages across each job's engine: never more OCR workers in all than cores.
  const ocrWorkers = Math.max(1, Math.floor(cores / jobs))
  const pageLines = new Map<number, string[]>()
  await runBatch(
    todo.map((t) => t.file),
    {
      mode: 'run', cwd: o.cwd, out, pdf: o.pdf, ocrWorkers,
      ...(o.configFile ? { configFile: o.configFile } : {}), ...(o.model ? { model: o.model } : {}), ...(o.policy ? { policy: o.policy } : {}),
    },
    jobs,
    {
      record(r, i) {
        if (r.type !== 'page') return
        progress.pages++
        if (r.action === 'ocr') progress.ocrPages++
        let a = pageLines.get(i)
        if (!a) pageLines.set(i, (a = []))
        a.push(`${JSON.stringify(pageRow(r))}\n`)
        progress.tick()
      },
      outcome(res: FileOutcome, i) {
        const lines = pageLines.get(i) ?? []
        pageLines.delete(i)
        progress.docs++
        const row = baseRow(res.file)
        row.hash = res.hash ?? ''
        row.seconds = res.seconds.toFixed(2)
        if (res.status === 'done' && res.document && res.outputs) {
          const d = res.document
          const info = d.info as { producer?: string; creator?: string; creatorTool?: string }
          Object.assign(row, {
            status: 'done', pages: String(d.pages), text: res.outputs.text, report: res.outputs.report, pdf: res.outputs.pdf ?? '',
            producer: info.producer ?? '', creator: info.creator ?? '', creator_tool: info.creatorTool ?? '', pdf_type: res.outputs.pdfType,
            pages_needing_ocr: String(res.pagesNeedingOcr), pages_ocred: String(res.pagesOcred), tags: d.tags.join(' '),
          })
          summary.done++
          summary.kept += d.actions.kept ?? 0
          summary.repaired += d.actions.repaired ?? 0
          summary.ocr += d.actions.ocr ?? 0
          summary.pagesFailed += d.actions.failed ?? 0
          index.append(row, lines)
        } else {
          row.error_code = res.error?.code ?? 'PLUGIN_FAILED'
          row.error_message = res.error?.message ?? 'unknown error'
          summary.failed++
          progress.failed++
          index.append(row, [])
          o.log(`failed: ${res.file}: ${row.error_code}: ${row.error_message}`)
        }
        progress.tick()
      },
    },
  )
  progress.done()
  await index.compact()
  const secs = (performance.now() - t0) / 1000
  o.log(
    `documents: ${summary.done} done, ${summary.failed} failed, ${summary.duplicate} duplicate, ${summary.skipped} unchanged; ` +
      `pages: ${summary.kept} kept, ${summary.repaired} repaired, ${summary.ocr} OCRed${summary.pagesFailed ? `, ${summary.pagesFailed} failed` : ''}; ` +
      `${secs.toFixed(1)} s -> ${out}`,
  )
  if (summary.stillFailed) o.log(`${summary.stillFailed} unchanged file(s) failed in an earlier run: --redo-failed tries them again`)
  // A failed page is a failure too (a broken judge, an OCR timeout): the page keeps its layer, the exit code says so.
  return summary.failed + summary.stillFailed + summary.pagesFailed > 0 ? 1 : 0
}

/** A `pages.jsonl` row: the page record without its type tag. */
function pageRow(r: PageRecord) {
  const { type: _t, ...rest } = r
  return rest
}
