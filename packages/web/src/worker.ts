// The pipeline, off the page's thread: the one-call package `pdftriage` (its browser build: the runtime-neutral
// extractor, tesseract.js from the page's own files), one document at a time as the page sends them. Each page's
// stages and verdict are posted as soon as the runner has them, with its picture rendered by the same extractor; then
// the files to download. The page cancels a document by ending this worker.
import { blake2b } from '@noble/hashes/blake2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { provideDictionary } from '@pdftriage/postpass-dehyphen'
import { attention } from '@pdftriage/report/attention'
import { assertPdfACandidate } from '@pdftriage/write-pdf'
import { reportWriter } from '@pdftriage/write-report'
import { BUILTIN_FACTORIES, createPdftriage, type PageReport, type Pdftriage, type PdftriageOptions } from 'pdftriage'
import type { Assets, FromWorker, PageView, PdfType, ToWorker } from './protocol.js'

/** The extractor the browser build brings, by its package name. */
const EXTRACTOR = '@pdftriage/extract-unpdf'
/**
 * Resolution of the page pictures beside the text: 40 dpi draws an A4 page 331 x 468 pixels, twice the picture's
 * size on the page, at about a twentieth of the 300 dpi OCR render's cost.
 */
const PICTURE_DPI = 40
/** The OCR languages the page serves (the OCR engine's default, as for the CLI). */
const LANGUAGES = ['fra', 'eng']

const post = (m: FromWorker, transfer: Transferable[] = []) => postMessage(m, { transfer })

let assets: Assets | undefined
let pipeline: Promise<Pdftriage> | undefined
let dictionaries: Promise<void> | undefined

function options(a: Assets): PdftriageOptions {
  return {
    pluginOptions: {
      [EXTRACTOR]: { standardFontDataUrl: `${a.pdfjs}standard_fonts/`, cMapUrl: `${a.pdfjs}cmaps/`, wasmUrl: `${a.pdfjs}wasm/` },
      '@pdftriage/ocr-tesseract': {
        browser: {
          workerPath: `${a.tesseract}worker.min.js`,
          corePath: `${a.tesseract}tesseract-core-simd-lstm.wasm.js`,
          langPath: a.tesseract,
          languages: LANGUAGES,
        },
      },
    },
  }
}

/** The hunspell dictionaries the post-pass reads from its npm packages in Node, fetched once from the page's folder. */
function loadDictionaries(a: Assets): Promise<void> {
  const text = async (f: string) => {
    const r = await fetch(`${a.dictionaries}${f}`)
    if (!r.ok) throw new Error(`${f}: HTTP ${r.status}`)
    return r.text()
  }
  return Promise.all((['fra', 'eng'] as const).map(async (lang) => provideDictionary(lang, await text(`${lang}.aff`), await text(`${lang}.dic`)))).then(
    () => undefined,
  )
}

function view(p: PageReport, elapsed: number): PageView {
  const row = {
    file: '',
    page: p.page,
    layer: p.layer,
    needsOcr: p.needsOcr,
    judge: p.judge,
    score: p.score ?? null,
    action: p.action,
    chars: p.text.length,
    notes: p.notes,
    ...(p.threshold !== undefined ? { threshold: p.threshold } : {}),
    ...(p.repair ? { repair: p.repair } : {}),
    ...(p.layerText !== undefined ? { layerText: p.layerText } : {}),
    ...(p.ocrConfidence !== undefined ? { ocrConfidence: p.ocrConfidence } : {}),
    ...(p.ocrQuality ? { ocrQuality: p.ocrQuality } : {}),
    ...(p.error ? { error: { code: p.error.code, message: p.error.message } } : {}),
  }
  const a = attention(row)
  return {
    page: p.page,
    layer: p.layer,
    needsOcr: p.needsOcr,
    action: p.action,
    judge: p.judge,
    ...(p.score !== undefined ? { score: p.score } : {}),
    ...(p.threshold !== undefined ? { threshold: p.threshold } : {}),
    ...(p.repair ? { repair: p.repair } : {}),
    notes: p.notes,
    source: p.source,
    text: p.text,
    ...(p.layerText !== undefined ? { layerText: p.layerText } : {}),
    ...(p.ocrConfidence !== undefined ? { ocrConfidence: p.ocrConfidence } : {}),
    ...(p.ocrQuality ? { ocrQuality: p.ocrQuality } : {}),
    ...(p.error ? { error: { code: p.error.code, message: p.error.message } } : {}),
    chars: p.text.length,
    weight: a.weight,
    reasons: a.reasons,
    ms: elapsed,
  }
}

/** Opens the document a second time for its pictures: the runner keeps its own handle to itself. */
async function openForPictures(bytes: Uint8Array, name: string, a: Assets) {
  const factory = BUILTIN_FACTORIES[EXTRACTOR]!
  const o = factory.optionsSchema.parse(options(a).pluginOptions![EXTRACTOR])
  const extractor = (await factory.create(o, { baseDir: '.' })) as import('@pdftriage/core').Extractor
  return extractor.open(bytes, { file: name })
}

/** PDF/A when asked for and the input allows it (write-pdf's own check, before any OCR, as the CLI does); else plain PDF and why. */
async function pdfKind(bytes: Uint8Array, asked: PdfType): Promise<{ pdfType: PdfType; pdfaRefused?: string }> {
  if (asked === 'pdf') return { pdfType: 'pdf' }
  try {
    await assertPdfACandidate(bytes)
    return { pdfType: 'pdfa' }
  } catch (err) {
    if ((err as { code?: string }).code !== 'PDFA_INCOMPATIBLE') throw err
    return { pdfType: 'pdf', pdfaRefused: (err as Error).message }
  }
}

async function run(id: number, name: string, bytes: Uint8Array, ocr: boolean, asked: PdfType): Promise<void> {
  const a = assets
  if (!a) throw new Error('the worker was not given its assets')
  const t0 = performance.now()
  const kind = await pdfKind(bytes, asked)
  const pictures = await openForPictures(bytes.slice(), name, a)
  let drawing = Promise.resolve()
  try {
    post({ type: 'start', id, pageCount: pictures.pageCount })
    pipeline ??= createPdftriage(options(a))
    dictionaries ??= loadDictionaries(a).catch(() => {
      // the post-pass goes on without dictionaries, as in Node when their packages are missing
    })
    const [t] = await Promise.all([pipeline, dictionaries])
    const hash = bytesToHex(blake2b(bytes, { dkLen: 64 }))
    const result = await t.process(bytes, {
      file: name,
      ocr,
      pdf: true,
      pdfOptions: { outputType: kind.pdfType },
      onStage: (page, stage) => post({ type: 'stage', id, page, stage }),
      onEvent(ev) {
        if (ev.type !== 'page') return
        post({ type: 'page', id, page: view(ev.page, performance.now() - t0), elapsedMs: performance.now() - t0 })
        const n = ev.page.page
        drawing = drawing.then(async () => {
          const img = await pictures.renderPage(n, PICTURE_DPI)
          post({ type: 'picture', id, picture: { page: n, width: img.width, height: img.height, data: img.data } }, [img.data.buffer])
        })
        drawing.catch(() => {})
      },
    })
    await drawing.catch(() => {})
    // the CLI's report writer with its default options: the same JSON as `<name>.json` in an output folder
    const writer = await reportWriter.create(reportWriter.optionsSchema.parse({}), { baseDir: '.' })
    const [written] = await writer.write({ file: name, hash, stem: 'report', pages: result.pages.map((p) => p.result), document: result.document })
    const report = typeof written?.data === 'string' ? written.data : new TextDecoder().decode(written?.data)
    const outputs = {
      text: result.text,
      ...(result.cleanText !== undefined ? { cleanText: result.cleanText } : {}),
      report,
      ...(result.pdf ? { pdf: result.pdf, ...kind } : {}),
    }
    post({ type: 'done', id, outputs, ms: performance.now() - t0, needsOcr: result.needsOcr, actions: result.actions }, result.pdf ? [result.pdf.buffer] : [])
  } finally {
    await pictures.close()
  }
}

onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data
  if (m.type === 'init') assets = m.assets
  else if (m.type === 'run') {
    run(m.id, m.name, m.bytes, m.ocr, m.pdfType).catch((err: unknown) =>
      post({
        type: 'error',
        id: m.id,
        message: err instanceof Error ? err.message : String(err),
        ...(err instanceof Error && err.stack ? { stack: err.stack } : {}),
      }),
    )
  }
}
