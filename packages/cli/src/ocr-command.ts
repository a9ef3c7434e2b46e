import { readFile } from 'node:fs/promises'
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  DEFAULT_OCR_DPI,
  TriageError,
  createComponents,
  effectiveRules,
  loadConfig,
  planDocument,
  runDocument,
  type PageResult,
  type PageStage,
  type Policy,
} from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import { writeAtomic as writeAtomicFile } from '@pdftriage/core/output'
import { assertPdfACandidate, sidecarText, writeSearchablePdfWithSummary, type WritePdfOptions } from '@pdftriage/write-pdf'
import { documentAlto } from '@pdftriage/write-alto'
import { documentHocr } from '@pdftriage/write-hocr'
import { CLI_DIR } from './cli-dir.js'
import { OcrProgress, type OcrProgressOptions } from './ocr-progress.js'
import { checkOutputPath } from './paths.js'

/**
 * Which pages `pdftriage ocr` OCRs: `judge` those whose layer is missing, thin or junk (what OCRmyPDF's
 * `--skip-text` users want, without keeping junk layers); `force` every page (OCRmyPDF's `--force-ocr`, except that
 * the page is not rasterised: its own text stays and the OCR's is added invisibly).
 */
export type OcrMode = 'judge' | 'force'

/** Options of `pdftriage ocr IN OUT`. */
export interface OcrCommandOptions {
  /** Input path, or `-` for standard input. */
  input: string
  /** Output path, or `-` for standard output. */
  output: string
  cwd: string
  configFile?: string
  languages?: string[]
  /** Password of an encrypted input (`--password`), over the config's. */
  password?: string
  /** The 1-based pages that may be OCRed (`--pages 1-3,7`), given the page count; the others keep their layer. */
  pages?: (pageCount: number) => ReadonlySet<number>
  sidecar?: string
  /** Also write ALTO v4 of every page here (`-` for standard output when the PDF goes to a file). */
  alto?: string
  /** Also write hOCR of every page here (`-` for standard output when the PDF goes to a file). */
  hocr?: string
  mode: OcrMode
  /** Options of the searchable-PDF writer (`--output-type`, `--rotate-pages`, `--deskew`); `outputType: 'pdfa'` writes PDF/A-2B. */
  pdfOptions?: WritePdfOptions
  /** OCR workers (the engine's own default when unset). */
  jobs?: number
  quiet: boolean
  verbose: boolean
  /** Draw the progress line (stderr a terminal and not `-q`: the caller decides); its output is injectable for tests. */
  progress?: OcrProgressOptions
  log: (s: string) => void
  readStdin: () => Promise<Uint8Array>
  writeStdout: (b: Uint8Array) => Promise<void>
}

/** Parses `1-3,7,10-` against a page count (a range open at its end runs to the last page). Throws a usage error. */
export function parsePages(spec: string): (pageCount: number) => Set<number> {
  const parts = spec.split(',').map((p) => p.trim())
  const ranges: Array<[number, number | undefined]> = []
  for (const p of parts) {
    const m = /^(\d+)(?:(-)(\d+)?)?$/.exec(p)
    if (!m) throw new TriageError('USAGE', `Expected --pages like 1-3,7,10- (1-based), not \`${spec}\``)
    const a = Number(m[1])
    const b = m[2] ? (m[3] ? Number(m[3]) : undefined) : a
    if (a < 1 || (b !== undefined && b < a)) throw new TriageError('USAGE', `Expected --pages like 1-3,7,10- (1-based, ascending ranges), not \`${spec}\``)
    ranges.push([a, b])
  }
  return (pageCount) => {
    const set = new Set<number>()
    for (const [a, b] of ranges) for (let n = a; n <= Math.min(b ?? pageCount, pageCount); n++) set.add(n)
    return set
  }
}

const policyOf: Record<OcrMode, Policy> = { judge: 'auto', force: 'ocr' }

/**
 * `pdftriage ocr IN OUT`: one PDF in, a searchable PDF out. Every page is judged: a page whose layer reads is kept as
 * it is, one whose layer is missing, thin or junk is OCRed (an invisible text layer is added; the visible page is
 * untouched). Writes OUT atomically (a temporary file beside it, renamed). Returns the exit code: 0 written (also
 * when no page needed OCR: OUT then carries the text the input had), 1 the document failed, 2 usage or config.
 */
export async function ocrCommand(o: OcrCommandOptions): Promise<number> {
  const t0 = performance.now()
  const inName = o.input === '-' ? '(standard input)' : o.input
  const outPath = o.output === '-' ? undefined : resolve(o.cwd, o.output)
  if (outPath && existsSync(outPath) && statSync(outPath).isDirectory()) {
    throw new TriageError('USAGE', `OUT \`${o.output}\` is a folder: give a file name (for a folder of PDFs, use pdftriage run)`)
  }
  if (outPath) checkOutputPath(o.output, o.cwd, 'OUT')
  for (const [flag, v] of [
    ['--sidecar', o.sidecar],
    ['--alto', o.alto],
    ['--hocr', o.hocr],
  ] as const) {
    if (v === '-' && !outPath) throw new TriageError('USAGE', `The PDF already goes to standard output: give ${flag} a file name`)
    if (v && v !== '-') checkOutputPath(v, o.cwd, flag)
  }
  if ([o.sidecar, o.alto, o.hocr].filter((v) => v === '-').length > 1)
    throw new TriageError('USAGE', 'Only one of --sidecar, --alto and --hocr can go to standard output')
  // the writer reads bytes: the file is named here
  const named = (e: unknown): never => {
    if (e instanceof TriageError && e.code === 'PDFA_INCOMPATIBLE') throw new TriageError(e.code, `${inName} ${e.message}`, { file: inName, cause: e })
    throw e
  }
  const bytes =
    o.input === '-'
      ? await o.readStdin()
      : await readFile(resolve(o.cwd, o.input))
          .then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
          .catch((e: NodeJS.ErrnoException) => {
            // a path that names no file is a mistake on the command line, as a missing argument is: exit 2
            if (e.code === 'ENOENT') throw new TriageError('USAGE', `IN \`${o.input}\` does not exist: check the path`, { file: inName, cause: e })
            if (e.code === 'EISDIR')
              throw new TriageError('USAGE', `IN \`${o.input}\` is a folder: give a PDF (for a folder of PDFs, use pdftriage run)`, { file: inName, cause: e })
            throw new TriageError(
              'FILE_UNREADABLE',
              `Cannot read ${inName}: ${e.code === 'ENOENT' ? 'no such file' : (e.code ?? e.message)}. Check the path.`,
              { file: inName, cause: e },
            )
          })
  // a document PDF/A cannot take fails before it is OCRed
  if (o.pdfOptions?.outputType === 'pdfa') await assertPdfACandidate(bytes).catch(named)
  const loaded = await loadConfig(o.configFile, o.cwd, preset.config)
  const config = { ...loaded.config, policy: policyOf[o.mode] }
  if (o.languages) config.languages = o.languages
  if (o.password !== undefined) config.password = o.password
  if (o.jobs && config.ocr) {
    const ref = typeof config.ocr === 'string' ? { use: config.ocr, options: {} } : { use: config.ocr.use, options: { ...(config.ocr.options ?? {}) } }
    if (!('workers' in ref.options)) config.ocr = { use: ref.use, options: { ...ref.options, workers: o.jobs } }
  }
  const progress = o.progress ? new OcrProgress(inName, o.progress) : undefined
  // a page line of -v goes above the progress line
  const say = (line: string) => (progress ? progress.message(line, o.log) : o.log(line))
  try {
    return await ocrDocument(o, { bytes, inName, outPath, config, baseDir: loaded.baseDir, progress, say, named, t0 })
  } finally {
    progress?.done()
  }
}

/** What {@link ocrCommand} has settled before the document is opened. */
interface OcrRun {
  bytes: Uint8Array
  inName: string
  outPath: string | undefined
  config: Awaited<ReturnType<typeof loadConfig>>['config']
  baseDir: string
  progress: OcrProgress | undefined
  say: (line: string) => void
  named: (e: unknown) => never
  t0: number
}

/** Opens, runs and writes the document of {@link ocrCommand}; returns its exit code. */
async function ocrDocument(o: OcrCommandOptions, x: OcrRun): Promise<number> {
  const { bytes, inName, outPath, config, progress, say, named, t0 } = x
  const components = await createComponents(config, x.baseDir, { names: preset, fallbackDirs: [CLI_DIR], withPostprocess: false })
  let doc
  const results: PageResult[] = []
  try {
    try {
      doc = await components.extractor.open(bytes.slice(), { file: inName, ...(config.password !== undefined ? { password: config.password } : {}) })
    } catch (e) {
      if (e instanceof TriageError) throw new TriageError(e.code, e.message, { file: inName, cause: e })
      throw e
    }
    progress?.opened(doc.pageCount)
    const rules = effectiveRules(config)
    const pagesFor = o.pages
    for await (const ev of runDocument(doc, components, {
      file: inName,
      policy: config.policy,
      ocrDpi: config.ocrDpi,
      ...(config.layerMerge !== undefined ? { layerMerge: config.layerMerge } : {}),
      ...(config.languages ? { languages: config.languages } : {}),
      plan: (info) => {
        const plan = planDocument(rules, info)
        if (pagesFor) plan.ocrPages = pagesFor(info.pageCount)
        return plan
      },
      postprocess: false,
      ...(progress ? { onStage: (n: number, stage: PageStage) => progress.stage(n, stage) } : {}),
    })) {
      if (ev.type !== 'page') continue
      const r = ev.result
      results.push(r)
      progress?.pageDone()
      if (o.verbose) say(`page ${r.pageNumber}: ${r.verdict.layer}, ${r.action}${r.regionText ? ', regions OCRed' : ''} (${r.verdict.judge})`)
    }
  } finally {
    await doc?.close().catch(() => {})
    await components.close()
  }
  const failed = results.filter((r) => r.action === 'failed')
  if (failed.length && failed.length === results.length) {
    throw new TriageError('PAGE_FAILED', `${inName}: every page failed (${failed[0]!.error?.code ?? 'PLUGIN_FAILED'}: ${failed[0]!.error?.message ?? ''})`, {
      file: inName,
    })
  }
  progress?.writing(outPath ? o.output : '(standard output)')
  const { pdf, summary } = await writeSearchablePdfWithSummary(
    bytes,
    results.map((r) => ({ pageNumber: r.pageNumber, action: r.action, page: r.page, ...(r.regionText ? { regions: r.regionText } : {}) })),
    o.pdfOptions,
  ).catch(named)
  if (o.verbose) {
    for (const t of summary.turned) say(`page ${t.pageNumber}: turned ${t.degrees} degrees clockwise to read upright`)
    for (const t of summary.straightened) say(`page ${t.pageNumber}: drawn straightened from a skew of ${t.degrees.toFixed(2)} degrees`)
  }
  const text = sidecarText(
    results.map((r) => r.page),
    results.length,
  )
  if (outPath) await writeAtomic(outPath, pdf)
  else await o.writeStdout(pdf)
  if (o.sidecar) {
    if (o.sidecar === '-') await o.writeStdout(new TextEncoder().encode(text))
    else await writeAtomic(resolve(o.cwd, o.sidecar), text)
  }
  // the boxes in pixels at the resolution pages are rendered at for OCR, as the writers' defaults
  const dpi = DEFAULT_OCR_DPI
  for (const [path, data] of [
    [o.alto, () => documentAlto(results, { unit: 'pixel', dpi, file: inName })],
    [o.hocr, () => documentHocr(results, { dpi, file: inName })],
  ] as const) {
    if (!path) continue
    if (path === '-') await o.writeStdout(new TextEncoder().encode(data()))
    else await writeAtomic(resolve(o.cwd, path), data())
  }
  if (!o.quiet) {
    progress?.done()
    const s = ((performance.now() - t0) / 1000).toFixed(1)
    o.log(
      `${inName}: ${pagesCounted(results)}; ${summary.layered.length} with an added text layer${summary.remapped.length ? `, ${summary.remapped.length} with corrected character maps` : ''}${summary.accentSpans ? ` (${summary.accentSpans} accents over their letters given as /ActualText)` : ''}${pagesSaid('turned upright', summary.turned, (d) => `${d}°`)}${pagesSaid('straightened', summary.straightened, (d) => `${d.toFixed(1)}°`)}; ${s} s -> ${outPath ?? '(standard output)'}`,
    )
  }
  return failed.length ? 1 : 0
}

/**
 * The pages of the summary line by what was done to them, each page counted once: kept as they were, repaired (a
 * layer the repairs made read), OCRed whole, OCRed in regions (a layer kept, the pictures it lacked OCRed), skipped
 * by a rule, failed. Kinds of no page are left out; a document no page of which was touched says so.
 */
export function pagesCounted(results: ReadonlyArray<Pick<PageResult, 'action' | 'regionText'>>): string {
  const count = (f: (r: Pick<PageResult, 'action' | 'regionText'>) => boolean) => results.filter(f).length
  const kept = count((r) => r.action === 'kept' && !r.regionText)
  const parts: Array<[number, string]> = [
    [kept, kept === 1 ? 'kept as it was' : 'kept as they were'],
    [count((r) => r.action === 'repaired'), 'repaired without OCR'],
    [count((r) => r.action === 'ocr'), 'OCRed whole'],
    [count((r) => r.action === 'kept' && r.regionText !== undefined), 'OCRed in regions (layer kept)'],
    [count((r) => r.action === 'skipped'), 'skipped by a rule'],
    [count((r) => r.action === 'failed'), 'failed'],
  ]
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`)
  const touched = results.length - kept - parts[4]![0]
  return `${results.length} page(s): ${said.join(', ') || 'none'}${touched === 0 && results.length ? ' (no page needed OCR: the output carries the text the input had)' : ''}`
}

/** `, turned upright: pages 1 (90°), 3 (270°)` for the summary line, each page with its `degrees` as `deg` says them; '' for no page. */
const pagesSaid = (what: string, pages: ReadonlyArray<{ pageNumber: number; degrees: number }>, deg: (d: number) => string) =>
  pages.length ? `, ${what}: page${pages.length > 1 ? 's' : ''} ${pages.map((p) => `${p.pageNumber} (${deg(p.degrees)})`).join(', ')}` : ''

/**
 * Writes `data` beside `path` under a temporary name, then renames it (core's `writeAtomic`): OUT is never left half
 * written. Its folder is not made; any failure is OUTPUT_PATH_INVALID naming OUT.
 */
function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  return writeAtomicFile(path, data, {
    makeFolder: false,
    mapError: (e) =>
      new TriageError('OUTPUT_PATH_INVALID', `Cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
        cause: e,
        stage: 'write',
      }),
  })
}
