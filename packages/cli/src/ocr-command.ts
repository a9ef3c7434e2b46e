// `pdftriage ocr`'s work: one document opened, judged, repaired or OCRed page by page, and written as a searchable
// PDF (with ALTO, hOCR or a text sidecar when asked), OUT written atomically.
import { readFile } from 'node:fs/promises'
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { processFiles, type DocumentProgress, type FileOutcome, type PageList, type SessionOptions } from '@pdftriage/batch'
import { TriageError, type PageResult, type Policy, type TriageErrorCode } from '@pdftriage/core'
import { LAYOUT_WRITERS, preset } from '@pdftriage/preset-default'
import { writeAtomic as writeAtomicFile } from '@pdftriage/core/output'
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
  /** The 1-based pages that may be OCRed (`--pages 1-3,7`); the others keep their layer. */
  pages?: PageList
  sidecar?: string
  /** Also write ALTO v4 of every page here (`-` for standard output when the PDF goes to a file). */
  alto?: string
  /** Also write hOCR of every page here (`-` for standard output when the PDF goes to a file). */
  hocr?: string
  mode: OcrMode
  /**
   * Options of the searchable-PDF writer, as its plugin reads them (`--output-type`, `--rotate-pages`, `--deskew`:
   * `outputType: 'pdfa'` writes PDF/A-2B).
   */
  pdfOptions?: Readonly<Record<string, unknown>>
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

/** The writers of `--alto` and `--hocr`, as the preset names them (their defaults: boxes in pixels at the resolution pages are rendered at for OCR). */
const { alto: ALTO_WRITER, hocr: HOCR_WRITER } = LAYOUT_WRITERS

/**
 * `pdftriage ocr IN OUT`: one PDF in, a searchable PDF out. Every page is judged: a page whose layer reads is kept as
 * it is, one whose layer is missing, thin or junk is OCRed (an invisible text layer is added; the visible page is
 * untouched). The document runs as `run` runs one (batch's session, through {@link processFiles}), with the writers
 * this command asks for and their files returned to it: it writes OUT atomically (a temporary file beside it,
 * renamed), and the sidecar, ALTO and hOCR where their flags say. Returns the exit code: 0 written (also when no page
 * needed OCR: OUT then carries the text the input had), 1 the document failed, 2 usage or config.
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
  const progress = o.progress ? new OcrProgress(inName, o.progress) : undefined
  // a page line of -v goes above the progress line
  const say = (line: string) => (progress ? progress.message(line, o.log) : o.log(line))
  try {
    const { outcome, pages } = await runOcr(o, { file: inName, bytes }, progress, say, outPath)
    return await putOutputs(o, { inName, outPath, outcome, pages, progress, say, t0 })
  } finally {
    progress?.done()
  }
}

/** A page done, as the session tells it. */
type PageDone = Extract<DocumentProgress, { type: 'page' }>

/**
 * Runs the document through batch's session: the command's policy, languages, password, OCR workers (`-j`, through
 * the option the engine names for them) and pages; no post-processor (the PDF carries the pages as read); the
 * searchable-PDF writer with the command's flags (and the sidecar), ALTO and hOCR when asked for, created through the
 * Writer contract, whose precheck refuses before any OCR a document PDF/A cannot take.
 */
async function runOcr(
  o: OcrCommandOptions,
  task: { file: string; bytes: Uint8Array },
  progress: OcrProgress | undefined,
  say: (line: string) => void,
  outPath: string | undefined,
): Promise<{ outcome: FileOutcome; pages: PageDone[] }> {
  const options: SessionOptions = {
    mode: 'run',
    cwd: o.cwd,
    policy: policyOf[o.mode],
    postprocess: false,
    writers: [
      { use: preset.pdfWriter, options: { ...o.pdfOptions, ...(o.sidecar ? { sidecar: true } : {}) } },
      ...(o.alto ? [ALTO_WRITER] : []),
      ...(o.hocr ? [HOCR_WRITER] : []),
    ],
    returnFiles: true,
    precheck: true,
    fallbackDirs: FALLBACK_DIRS,
    ...(o.configFile ? { configFile: o.configFile } : {}),
    ...(o.languages ? { languages: o.languages } : {}),
    ...(o.password !== undefined ? { password: o.password } : {}),
    ...(o.jobs !== undefined ? { ocrWorkers: o.jobs } : {}),
    ...(o.pages ? { ocrPages: o.pages } : {}),
  }
  const pages: PageDone[] = []
  let outcome: FileOutcome | undefined
  await processFiles([task], options, 1, {
    record: () => {},
    outcome: (x) => {
      outcome = x
    },
    progress: (ev) => {
      if (ev.type === 'opened') progress?.opened(ev.pages)
      else if (ev.type === 'stage') progress?.stage(ev.page, ev.stage)
      else if (ev.type === 'writing') progress?.writing(outPath ? o.output : '(standard output)')
      else {
        pages.push(ev)
        progress?.pageDone()
        if (o.verbose) say(`page ${ev.page}: ${ev.layer}, ${ev.action}${ev.regions ? ', regions OCRed' : ''} (${ev.judge})`)
      }
    },
  })
  if (!outcome) throw new TriageError('PLUGIN_FAILED', `${task.file}: the run ended without the document's outcome`, { file: task.file })
  return { outcome, pages }
}

/** Puts the files the writers returned where the command's arguments say, and says the summary line; the exit code. */
async function putOutputs(
  o: OcrCommandOptions,
  x: {
    inName: string
    outPath: string | undefined
    outcome: FileOutcome
    pages: PageDone[]
    progress: OcrProgress | undefined
    say: (line: string) => void
    t0: number
  },
): Promise<number> {
  const { inName, outPath, outcome, pages, progress, say, t0 } = x
  const failed = pages.filter((r) => r.action === 'failed')
  if (failed.length && failed.length === pages.length) {
    throw new TriageError('PAGE_FAILED', `${inName}: every page failed (${failed[0]!.error?.code ?? 'PLUGIN_FAILED'}: ${failed[0]!.error?.message ?? ''})`, {
      file: inName,
    })
  }
  // the document failed as a whole (its file, its password, a writer): the error as the session recorded it
  if (outcome.status === 'failed') {
    const e = outcome.error
    throw new TriageError((e?.code ?? 'PLUGIN_FAILED') as TriageErrorCode, e?.message ?? `${inName} failed`, { file: inName })
  }
  const file = (role: string) => {
    const f = outcome.files?.find((w) => w.role === role)
    if (!f) throw new TriageError('PLUGIN_INVALID', `write: no writer returned the ${role} file`, { stage: 'write', file: inName })
    return f
  }
  const pdf = file('pdf')
  const turned = (pdf.pages ?? []).flatMap((p) => (p.turned ? [{ pageNumber: p.pageNumber, degrees: p.turned }] : []))
  const straightened = (pdf.pages ?? []).flatMap((p) => (p.straightened !== undefined ? [{ pageNumber: p.pageNumber, degrees: p.straightened }] : []))
  if (o.verbose) {
    for (const t of turned) say(`page ${t.pageNumber}: turned ${t.degrees} degrees clockwise to read upright`)
    for (const t of straightened) say(`page ${t.pageNumber}: drawn straightened from a skew of ${t.degrees.toFixed(2)} degrees`)
  }
  // the files the writers named are written to OUT or a flag's path, whatever they called them
  await put(o, outPath, pdf.data)
  for (const [path, role] of [
    [o.sidecar, 'sidecar'],
    [o.alto, 'alto'],
    [o.hocr, 'hocr'],
  ] as const) {
    if (path) await put(o, path === '-' ? undefined : resolve(o.cwd, path), file(role).data)
  }
  if (!o.quiet) {
    progress?.done()
    const s = ((performance.now() - t0) / 1000).toFixed(1)
    o.log(
      `${inName}: ${pagesCounted(pages.map((p) => ({ action: p.action, regions: p.regions })))}; ${pdf.summary ?? ''}${pagesSaid('turned upright', turned, (d) => `${d}°`)}${pagesSaid('straightened', straightened, (d) => `${d.toFixed(1)}°`)}; ${s} s -> ${outPath ?? '(standard output)'}`,
    )
  }
  return failed.length ? 1 : 0
}

/** Writes `data` to `path` atomically, or to standard output when `path` is undefined. */
async function put(o: OcrCommandOptions, path: string | undefined, data: string | Uint8Array): Promise<void> {
  if (path) await writeAtomic(path, data)
  else await o.writeStdout(typeof data === 'string' ? new TextEncoder().encode(data) : data)
}

/**
 * The pages of the summary line by what was done to them, each page counted once: kept as they were, repaired (a
 * layer the repairs made read), OCRed whole, OCRed in regions (a layer kept, the pictures it lacked OCRed), skipped
 * by a rule, failed. Kinds of no page are left out; a document no page of which was touched says so.
 */
export function pagesCounted(results: ReadonlyArray<{ action: PageResult['action']; regions: boolean }>): string {
  const count = (f: (r: { action: PageResult['action']; regions: boolean }) => boolean) => results.filter(f).length
  const kept = count((r) => r.action === 'kept' && !r.regions)
  const parts: Array<[number, string]> = [
    [kept, kept === 1 ? 'kept as it was' : 'kept as they were'],
    [count((r) => r.action === 'repaired'), 'repaired without OCR'],
    [count((r) => r.action === 'ocr'), 'OCRed whole'],
    [count((r) => r.action === 'kept' && r.regions), 'OCRed in regions (layer kept)'],
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
