import { readFile } from 'node:fs/promises'
import { existsSync, statSync } from 'node:fs'
import { basename, extname, resolve } from 'node:path'
import { withOcrWorkers } from '@pdftriage/batch'
import {
  TriageError,
  blake2b512,
  createComponent,
  createComponents,
  effectiveRules,
  loadConfig,
  planDocument,
  runDocument,
  type DocumentResult,
  type PageResult,
  type PageStage,
  type Policy,
  type Writer,
  type WrittenFile,
} from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import { writeAtomic as writeAtomicFile } from '@pdftriage/core/output'
import { assertPdfACandidate, sidecarText, type WritePdfOptions } from '@pdftriage/write-pdf'
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

export { parsePages } from './pages.js'

const policyOf: Record<OcrMode, Policy> = { judge: 'auto', force: 'ocr' }

/** Where the built-in plugins (the engine, the writers) are found when the config's folder lacks them. */
const FALLBACK_DIRS = [CLI_DIR]

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
  // the PDF/A check reads bytes: the file is named here
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
  const given = { ...loaded.config, policy: policyOf[o.mode] }
  if (o.languages) given.languages = o.languages
  if (o.password !== undefined) given.password = o.password
  // -j: the engine's workers, through the option its plugin names for them (as run shares the cores)
  const config = await withOcrWorkers(given, o.jobs, loaded.baseDir, FALLBACK_DIRS)
  const progress = o.progress ? new OcrProgress(inName, o.progress) : undefined
  // a page line of -v goes above the progress line
  const say = (line: string) => (progress ? progress.message(line, o.log) : o.log(line))
  try {
    return await ocrDocument(o, { bytes, inName, outPath, config, baseDir: loaded.baseDir, progress, say, t0 })
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
  t0: number
}

/** Opens, runs and writes the document of {@link ocrCommand}; returns its exit code. */
async function ocrDocument(o: OcrCommandOptions, x: OcrRun): Promise<number> {
  const { bytes, inName, outPath, progress, say, t0 } = x
  const writers = await ocrWriters(o, x.baseDir)
  const { results, document } = await readDocument(o, x)
  const failed = results.filter((r) => r.action === 'failed')
  if (failed.length && failed.length === results.length) {
    throw new TriageError('PAGE_FAILED', `${inName}: every page failed (${failed[0]!.error?.code ?? 'PLUGIN_FAILED'}: ${failed[0]!.error?.message ?? ''})`, {
      file: inName,
    })
  }
  progress?.writing(outPath ? o.output : '(standard output)')
  // the file writers are given a name for is written to OUT (or a flag's path) by this command, whatever they call it
  const input = { file: inName, hash: blake2b512(bytes), stem: outPath ? basename(outPath, extname(outPath)) : 'stdout', pdf: bytes, pages: results, document }
  const pdf = await writtenFile(writers.pdf, input, 'pdf')
  const turned = (pdf.pages ?? []).flatMap((p) => (p.turned ? [{ pageNumber: p.pageNumber, degrees: p.turned }] : []))
  const straightened = (pdf.pages ?? []).flatMap((p) => (p.straightened !== undefined ? [{ pageNumber: p.pageNumber, degrees: p.straightened }] : []))
  if (o.verbose) {
    for (const t of turned) say(`page ${t.pageNumber}: turned ${t.degrees} degrees clockwise to read upright`)
    for (const t of straightened) say(`page ${t.pageNumber}: drawn straightened from a skew of ${t.degrees.toFixed(2)} degrees`)
  }
  await put(o, outPath, pdf.data)
  if (o.sidecar) {
    const text = sidecarText(
      results.map((r) => r.page),
      results.length,
    )
    await put(o, o.sidecar === '-' ? undefined : resolve(o.cwd, o.sidecar), text)
  }
  for (const [path, writer, role] of [
    [o.alto, writers.alto, 'alto'],
    [o.hocr, writers.hocr, 'hocr'],
  ] as const) {
    if (path && writer) await put(o, path === '-' ? undefined : resolve(o.cwd, path), (await writtenFile(writer, input, role)).data)
  }
  if (!o.quiet) {
    progress?.done()
    const s = ((performance.now() - t0) / 1000).toFixed(1)
    o.log(
      `${inName}: ${pagesCounted(results)}; ${pdf.summary ?? ''}${pagesSaid('turned upright', turned, (d) => `${d}°`)}${pagesSaid('straightened', straightened, (d) => `${d.toFixed(1)}°`)}; ${s} s -> ${outPath ?? '(standard output)'}`,
    )
  }
  return failed.length ? 1 : 0
}

/**
 * The writers of `pdftriage ocr`, created through the Writer contract as a run's are: the searchable PDF with the
 * command's flags, and ALTO and hOCR when asked for (their defaults: boxes in pixels at the resolution pages are
 * rendered at for OCR).
 */
async function ocrWriters(o: OcrCommandOptions, baseDir: string): Promise<{ pdf: Writer; alto?: Writer; hocr?: Writer }> {
  const create = (use: string, options: object = {}) => createComponent({ use, options: { ...options } }, 'writer', use, baseDir, preset, FALLBACK_DIRS)
  return {
    pdf: await create(preset.pdfWriter, o.pdfOptions),
    ...(o.alto ? { alto: await create('@pdftriage/write-alto') } : {}),
    ...(o.hocr ? { hocr: await create('@pdftriage/write-hocr') } : {}),
  }
}

/** The file of `role` that `writer` returns for the document; a writer that returns none breaks its contract. */
async function writtenFile(writer: Writer, input: Parameters<Writer['write']>[0], role: string): Promise<WrittenFile> {
  const file = (await writer.write(input)).find((f) => f.role === role)
  if (!file)
    throw new TriageError('PLUGIN_INVALID', `[${writer.name}] write: returned no ${role} file`, { plugin: writer.name, stage: 'write', file: input.file })
  return file
}

/** Writes `data` to `path` atomically, or to standard output when `path` is undefined. */
async function put(o: OcrCommandOptions, path: string | undefined, data: string | Uint8Array): Promise<void> {
  if (path) await writeAtomic(path, data)
  else await o.writeStdout(typeof data === 'string' ? new TextEncoder().encode(data) : data)
}

/** Opens and runs the document: every page's result, in page order, and the document's. */
async function readDocument(o: OcrCommandOptions, x: OcrRun): Promise<{ results: PageResult[]; document: DocumentResult }> {
  const { bytes, inName, config, progress, say } = x
  const components = await createComponents(config, x.baseDir, { names: preset, fallbackDirs: FALLBACK_DIRS, withPostprocess: false })
  let doc
  const results: PageResult[] = []
  let document: DocumentResult | undefined
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
      if (ev.type === 'document') {
        document = ev.result
        continue
      }
      const r = ev.result
      results.push(r)
      progress?.pageDone()
      if (o.verbose) say(`page ${r.pageNumber}: ${r.verdict.layer}, ${r.action}${r.regionText ? ', regions OCRed' : ''} (${r.verdict.judge})`)
    }
  } finally {
    await doc?.close().catch(() => {})
    await components.close()
  }
  if (!document) throw new TriageError('PLUGIN_FAILED', `${inName}: the pipeline ended without the document's result`, { file: inName })
  return { results, document }
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
