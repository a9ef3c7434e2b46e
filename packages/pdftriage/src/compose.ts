// The one-call API over a set of built-in plugins, whichever runtime brings them: index.ts gives it Node's extractor
// (pdf.js with Node's canvas), browser.ts the runtime-neutral one. This file imports no plugin and no `node:` module.
import {
  effectiveRules,
  parseConfig,
  planDocument,
  runDocument,
  TriageError,
  type ComponentKinds,
  type DocumentInfo,
  type DocumentResult,
  type Layer,
  type PageAction,
  type PageResult,
  type PageStage,
  type PluginFactory,
  type PluginKind,
  type PluginRef,
  type Policy,
  type ResolvedConfig,
  type Rule,
} from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import { writePdfOptionsSchema, writeSearchablePdf, type WritePdfOptions } from '@pdftriage/write-pdf'
import { pagesText } from '@pdftriage/write-text'

/** Plugin factories by the package names a configuration uses. */
export type Factories = Readonly<Record<string, PluginFactory<PluginKind, unknown>>>

/** Settings shared by every call; each is optional and defaults as the CLI's built-in configuration (the preset) does. */
export interface PdftriageOptions {
  /** OCR languages (tesseract codes, e.g. `['fra', 'eng']`); default: the OCR engine's. */
  languages?: string[]
  /** Password of an encrypted PDF. */
  password?: string
  /** Resolution pages are rendered at for OCR; default 300. */
  ocrDpi?: number
  /** Metadata rules and presets, as in a configuration file (`rules`, `presets: ['actes-fr']`). */
  rules?: Rule[]
  presets?: Array<'actes-fr'>
  /**
   * Options of a built-in plugin, by its package name (`{ '@pdftriage/ocr-tesseract': { workers: 1 } }`); they are
   * validated by the plugin's own schema, as in a configuration file.
   */
  pluginOptions?: Record<string, Record<string, unknown>>
}

/** Options of one document's call. */
export interface CallOptions {
  /** The document's name, in errors and events; default `document.pdf`. */
  file?: string
  /** Called with each event as it happens: each page when done (in page order), then the document. */
  onEvent?: (event: PdftriageEvent) => void
  /** Stops the document between pages; the call then rejects. */
  signal?: AbortSignal
  /**
   * Told as a page enters a stage, before its page event: `judge` (extraction, judges, repairs), `ocr` (the whole page
   * read), `regions` (pictures of a kept page read): what a long page is doing. Pages overlap up to the OCR engine's
   * concurrency, so stages of different pages interleave.
   */
  onStage?: (page: number, stage: PageStage) => void
}

/** Options of {@link process}. */
export interface ProcessOptions extends CallOptions {
  /**
   * OCR the pages whose text layer needs it (policy `auto`); default false: pages keep their layer (repaired where a
   * repair recovers it), and their verdicts still say which need OCR.
   */
  ocr?: boolean
  /** Also return the searchable PDF: the input with an invisible text layer on its OCRed and repaired pages. */
  pdf?: boolean
  /** Overrides `ocr` with one of core's policies: `extract`, `auto`, `ocr` (every page), `extract-and-ocr`. */
  policy?: Policy
  /** Options of the searchable-PDF writer (`@pdftriage/write-pdf`). */
  pdfOptions?: WritePdfOptions
}

/** One page's verdict and text. */
export interface PageReport {
  /** 1-based. */
  page: number
  /** What the judges found of the page's own text layer (see core's `Layer`). */
  layer: Layer
  /** Whether the layer needs OCR, whether or not OCR was run. */
  needsOcr: boolean
  /** What was done: `kept`, `repaired`, `ocr`, `failed` (a plugin failed on it), `skipped` (a rule). */
  action: PageAction
  /** The judge whose verdict stands, and its score and threshold when it has them. */
  judge: string
  score?: number
  threshold?: number
  /** The judges' and repairs' notes, the numbers in the order they were taken. */
  notes: string[]
  /** The repair that recovered the layer, when one did. */
  repair?: string
  /** The page's text: the layer's, the repaired layer's or the OCR's (see `source`), NFC. */
  text: string
  source: 'text-layer' | 'repaired' | 'ocr'
  /** The layer's own text, when OCR replaced it. */
  layerText?: string
  /** When OCRed: mean word confidence 0..1, and `poor` when the OCR reads badly. */
  ocrConfidence?: number
  ocrQuality?: 'good' | 'poor'
  /** When `action` is `failed`. */
  error?: { code: string; message: string; plugin?: string; stage?: string }
  /** The runner's own result, with word boxes (`result.page.items`) and timings. */
  result: PageResult
}

/** What {@link triage} returns. */
export interface TriageResult {
  file: string
  pageCount: number
  /** Every page, in order. */
  pages: PageReport[]
  /** 1-based pages whose layer needs OCR. */
  needsOcr: number[]
  /** Pages by action. */
  actions: Record<PageAction, number>
  info: DocumentInfo
  /** Tags of matching rules. */
  tags: string[]
  /** The pages' texts joined by form feeds (`\f`), NFC: what the CLI writes as `<name>.txt`. */
  text: string
  /** Wall-clock milliseconds. */
  ms: number
  /** The runner's own document result (what the CLI's JSON report is made of, with `pages[].result`). */
  document: DocumentResult
}

/** What {@link process} returns. */
export interface ProcessResult extends TriageResult {
  /** The rebuilt continuous text (hyphens joined, running heads and folios out), when the post-pass ran. */
  cleanText?: string
  /** The searchable PDF, when asked for with `pdf: true`. */
  pdf?: Uint8Array
}

/** What `onEvent` receives: each page as it is done, in page order, then the document (before the PDF is written). */
export type PdftriageEvent =
  | { type: 'page'; file: string; page: PageReport }
  | { type: 'document'; file: string; pageCount: number; needsOcr: number[]; actions: Record<PageAction, number>; ms: number }

/** A set of created plugins kept for many documents (OCR workers start once). Close it when done. */
export interface Pdftriage extends AsyncDisposable {
  triage(bytes: Uint8Array, options?: CallOptions): Promise<TriageResult>
  process(bytes: Uint8Array, options?: ProcessOptions): Promise<ProcessResult>
  close(): Promise<void>
}

/** The page's report from the runner's result. */
function pageReport(r: PageResult): PageReport {
  const p: PageReport = {
    page: r.pageNumber,
    layer: r.verdict.layer,
    needsOcr: r.verdict.needsOcr,
    action: r.action,
    judge: r.verdict.judge,
    notes: r.verdict.notes,
    text: r.page.text,
    source: r.page.source,
    result: r,
  }
  if (r.verdict.score !== undefined) p.score = r.verdict.score
  if (r.verdict.threshold !== undefined) p.threshold = r.verdict.threshold
  if (r.repair) p.repair = r.repair
  if (r.layerText !== undefined && r.layerText !== r.page.text) p.layerText = r.layerText
  if (r.ocrConfidence !== undefined) p.ocrConfidence = r.ocrConfidence
  if (r.ocrQuality) p.ocrQuality = r.ocrQuality
  if (r.error) p.error = r.error
  return p
}

/** Creates a component of a built-in plugin, its options validated by its schema as the CLI does. */
async function create<K extends PluginKind>(
  builtins: Factories,
  ref: PluginRef,
  kind: K,
  extra: PdftriageOptions['pluginOptions'],
): Promise<ComponentKinds[K]> {
  const id = typeof ref === 'string' ? ref : ref.use
  const factory = builtins[id]
  if (!factory || factory.kind !== kind) {
    throw new TriageError('PLUGIN_NOT_FOUND', `pdftriage brings no ${kind} plugin \`${id}\` (it brings ${Object.keys(builtins).join(', ')})`, {
      stage: 'resolve',
      plugin: id,
    })
  }
  const options = { ...(typeof ref === 'string' ? {} : ref.options), ...extra?.[id] }
  const parsed = factory.optionsSchema.safeParse(options)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${[id, ...i.path.map(String)].join('.')}: ${i.message}`).join('; ')
    throw new TriageError('CONFIG_INVALID', `Invalid options for \`${id}\`: ${issues}`, { stage: 'config', plugin: id })
  }
  // Relative paths in options resolve from the working folder, as for the CLI run without a configuration file.
  return (await factory.create(parsed.data, { baseDir: '.' })) as ComponentKinds[K]
}

/**
 * Creates the plugins of `builtins` once, for many documents, in the built-in configuration (`@pdftriage/preset-default`; its extractor replaced
 * by `extractor` when given). The OCR engine's workers start at the first page that needs them.
 */
export async function composePdftriage(builtins: Factories, o: PdftriageOptions = {}, extractor?: string): Promise<Pdftriage> {
  // The preset's defaults: the same plugins, in the same order, as the CLI without a configuration file.
  const config: ResolvedConfig = parseConfig(
    {
      ...(o.languages ? { languages: o.languages } : {}),
      ...(o.password !== undefined ? { password: o.password } : {}),
      ...(o.ocrDpi !== undefined ? { ocrDpi: o.ocrDpi } : {}),
      ...(o.rules ? { rules: o.rules } : {}),
      ...(o.presets ? { presets: o.presets } : {}),
    },
    preset.config,
    '(pdftriage options)',
  )
  const extra = o.pluginOptions
  const unknown = Object.keys(extra ?? {}).filter((id) => !builtins[id])
  if (unknown.length) {
    throw new TriageError('CONFIG_INVALID', `pluginOptions name plugins pdftriage does not bring: ${unknown.join(', ')}`, { stage: 'config' })
  }
  const extract = await create(builtins, extractor ?? config.extractor, 'extractor', extra)
  const judges = await Promise.all(config.judges.map((r) => create(builtins, r, 'judge', extra)))
  const repairs = await Promise.all(config.repairs.map((r) => create(builtins, r, 'repair', extra)))
  const ocr = config.ocr ? await create(builtins, config.ocr, 'ocr', extra) : undefined
  const postprocess = await Promise.all(config.postprocess.map((r) => create(builtins, r, 'postprocess', extra)))
  const rules = effectiveRules(config)

  async function run(bytes: Uint8Array, c: CallOptions, policy: Policy, performOcr: boolean, post: boolean, keep?: (r: PageResult) => void) {
    const file = c.file ?? 'document.pdf'
    const doc = await extract.open(bytes, { file, ...(config.password ? { password: config.password } : {}) })
    const pages: PageReport[] = []
    try {
      for await (const ev of runDocument(
        doc,
        { judges, repairs, ocr, postprocess: post ? postprocess : [] },
        {
          file,
          policy,
          ocrDpi: config.ocrDpi,
          ...(config.languages ? { languages: config.languages } : {}),
          plan: (info) => planDocument(rules, info),
          needText: true,
          performOcr,
          postprocess: post,
          ...(c.signal ? { signal: c.signal } : {}),
          ...(c.onStage ? { onStage: c.onStage } : {}),
        },
      )) {
        if (ev.type === 'page') {
          const page = pageReport(ev.result)
          pages.push(page)
          keep?.(ev.result)
          c.onEvent?.({ type: 'page', file, page })
        } else {
          const d = ev.result
          c.onEvent?.({ type: 'document', file, pageCount: d.pageCount, needsOcr: d.needsOcr, actions: d.actions, ms: d.ms })
          const result: TriageResult = {
            file,
            pageCount: d.pageCount,
            pages,
            needsOcr: d.needsOcr,
            actions: d.actions,
            info: d.info,
            tags: d.tags,
            text: pagesText(
              pages.map((p) => p.result),
              d,
            ),
            ms: d.ms,
            document: d,
          }
          return { result, document: d }
        }
      }
    } finally {
      await doc.close()
    }
    throw new TriageError('PLUGIN_FAILED', `The runner gave no document result for ${file}`, { stage: 'extract', file })
  }

  const close = async () => {
    await ocr?.close()
  }
  return {
    // Triage judges and repairs but OCRs no page; the OCR engine serves only the judges' spot-checks, as in the CLI.
    async triage(bytes, c = {}) {
      return (await run(bytes, c, config.policy, false, false)).result
    },
    async process(bytes, c = {}) {
      const policy: Policy = c.policy ?? (c.ocr ? 'auto' : 'extract')
      // The PDF writer reads the input again after the run: the extractor may take the caller's buffer for itself.
      const input = c.pdf ? bytes.slice() : undefined
      const { result, document } = await run(bytes, c, policy, policy !== 'extract', true)
      const out: ProcessResult = { ...result }
      if (document.text?.text !== undefined) out.cleanText = document.text.text.normalize('NFC')
      if (input) {
        const writePages = result.pages.map(({ result: r }) => ({
          pageNumber: r.pageNumber,
          action: r.action,
          page: r.page,
          ...(r.regionText ? { regions: r.regionText } : {}),
        }))
        out.pdf = await writeSearchablePdf(input, writePages, writePdfOptionsSchema.parse(c.pdfOptions ?? {}))
      }
      return out
    },
    close,
    [Symbol.asyncDispose]: close,
  }
}

export type { DocumentInfo, Layer, PageAction, PageResult, PageStage, Policy, Rule } from '@pdftriage/core'
