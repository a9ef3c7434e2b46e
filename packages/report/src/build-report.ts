// `report.html`, the static review page of a run's output folder: the run's documents and pages read back, ranked
// for review, with page pictures, opened from disk with no server.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readAndHash, type Extractor } from '@pdftriage/core'
import { insideOutput, writeAtomic } from '@pdftriage/core/output'
import { attention } from './attention.js'
import { DEFAULT_IMAGE_SIZES, detailDpi, encodePageImages, type ImageSizes } from './page-images.js'
import { readRunOutput, type DocumentRow, type PageRow } from './read-run.js'

/**
 * Seconds of OCR a page when a run OCRed none to measure from: tesseract.js on one worker at 300 dpi took 1.46 s a
 * page of the French scans measured for the OCR engine (wall, one core).
 */
export const DEFAULT_OCR_SECONDS_PER_PAGE = 1.46
/** Rows drawn at once; more come with "Show more", so a run of thousands of pages opens at once. */
export const ROWS_PER_CHUNK = 300
/** Letter-page width in points: what the detail picture's resolution is computed for before a page's size is known. */
const LETTER_WIDTH_PTS = 612

/** Options of {@link buildReport}. */
export interface BuildReportOptions {
  /** Renders page pictures; without it the page has no thumbnails (every other part is there). */
  extractor?: Extractor
  /** Folder the paths of `documents.csv` are relative to (the run's working folder). Default: the current folder. */
  inputRoot?: string
  /** Password for encrypted inputs, as in the config. */
  password?: string
  sizes?: ImageSizes
  /** Called once a document's pictures are done, for progress. */
  onDocument?: (file: string, index: number, total: number) => void
}

/** What {@link buildReport} wrote and measured. */
export interface ReportSummary {
  /** The HTML file. */
  html: string
  documents: number
  pages: number
  /** Pages with a thumbnail. */
  thumbnails: number
  /** Bytes of every thumbnail, of the detail pictures, of the HTML file. */
  thumbnailBytes: number
  detailBytes: number
  htmlBytes: number
  /** Documents whose source could not be found or had changed: no pictures for them. */
  missingSources: string[]
}

interface DocEntry {
  file: string
  hash: string
  status: string
  pages: number
  pdfType?: string
  error?: string
  key: string
  texts?: string
  imageNote?: string
}

interface PageEntry {
  i: number
  d: number
  p: number
  layer: string
  action: string
  judge: string
  score: number | null
  threshold?: number
  needsOcr: boolean
  repair?: string
  chars: number
  notes: string[]
  w: number
  why: string[]
  thumb?: string
  detail?: string
  ocrConfidence?: number
  ocrQuality?: string
  /** OCR regions of a page that kept its layer: boxes `[x0, y0, x1, y1]` in points from the top left. */
  regions?: number[][]
  /** The page's size in points, as rendered: what the regions are drawn against. */
  pw?: number
  ph?: number
}

const assetDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets')

/** JSON inside a `<script>` element: `<` escaped so no text from a PDF can close the element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The full path of `rel` in the output folder: refused when it leaves it or goes through a symlink in it (the last name included). */
const safePath = (outDir: string, rel: string): string => insideOutput(outDir, rel, { last: true })

/** Writes `rel` into the output folder atomically (core's `writeAtomic`, through {@link safePath}); its size in bytes. */
async function writeInOutput(outDir: string, rel: string, data: string | Uint8Array): Promise<number> {
  await writeAtomic(safePath(outDir, rel), data)
  return typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength
}

const num = (v: string | undefined) => (v ? Number(v) : 0)

/** The well-formed boxes of a page row's `regions` (four finite numbers each); anything else is left out. */
function boxes(v: unknown): number[][] {
  if (!Array.isArray(v)) return []
  return v.filter((b): b is number[] => Array.isArray(b) && b.length === 4 && b.every((x) => typeof x === 'number' && Number.isFinite(x)))
}

/**
 * Writes `report.html` into a run's output folder, with page pictures and page texts in `report/` beside it: one
 * static page opened from disk with no server. Pages most worth a look come first (failures, poor OCR, judges that
 * disagree, scores close to their threshold, repairs).
 */
export async function buildReport(outDir: string, o: BuildReportOptions = {}): Promise<ReportSummary> {
  const run = readRunOutput(outDir)
  const sizes = o.sizes ?? DEFAULT_IMAGE_SIZES
  const inputRoot = o.inputRoot ?? process.cwd()
  // Pictures and texts of an earlier report are replaced whole.
  const reportDir = safePath(outDir, 'report')
  if (existsSync(reportDir)) rmSync(reportDir, { recursive: true, force: true })

  const byFile = new Map<string, PageRow[]>()
  for (const p of run.pages) {
    const list = byFile.get(p.file) ?? []
    list.push(p)
    byFile.set(p.file, list)
  }
  const docs: DocEntry[] = []
  const pages: PageEntry[] = []
  const summary: ReportSummary = {
    html: join(outDir, 'report.html'),
    documents: run.documents.length,
    pages: 0,
    thumbnails: 0,
    thumbnailBytes: 0,
    detailBytes: 0,
    htmlBytes: 0,
    missingSources: [],
  }
  const documents = [...run.documents].sort((a, b) => a.path.localeCompare(b.path))
  for (const [di, d] of documents.entries()) {
    const key = (d.hash || `row${di}`).slice(0, 32)
    const rows = d.status === 'done' ? (byFile.get(d.path) ?? []).sort((a, b) => a.page - b.page) : []
    const entry: DocEntry = { file: d.path, hash: d.hash, status: d.status, pages: rows.length, key }
    if (d.pdf_type) entry.pdfType = d.pdf_type
    if (d.status === 'failed') entry.error = `${d.error_code}: ${d.error_message}`
    docs.push(entry)
    if (!rows.length) continue
    const texts: Record<number, PageTexts> = {}
    for (const r of rows) {
      texts[r.page] = pageTexts(r)
      pages.push(pageEntry(r, pages.length, di))
    }
    entry.texts = `report/text/${key}.js`
    await writeInOutput(outDir, entry.texts, `pdftriageText(${scriptJson(key)}, ${scriptJson(texts)})\n`)
    if (o.extractor) {
      const note = await docImages(
        outDir,
        d,
        key,
        pages.filter((p) => p.d === di),
        o,
        inputRoot,
        sizes,
        summary,
      )
      if (note) {
        entry.imageNote = note
        summary.missingSources.push(d.path)
      }
    }
    o.onDocument?.(d.path, di, documents.length)
  }
  summary.pages = pages.length
  const data = {
    generated: new Date().toISOString(),
    // What the page keeps the reviewer's corrections under: the run's output folder, the same from one report to the next.
    run: resolve(outDir),
    rowsPerChunk: ROWS_PER_CHUNK,
    summary: runFigures(run, pages),
    docs,
    pages,
  }
  const html = page(data, outDir)
  summary.htmlBytes = await writeInOutput(outDir, 'report.html', html)
  return summary
}

/** A page's texts as the detail view shows them. */
type PageTexts = { text?: string; layerText?: string; ocrText?: string }

/** The texts of page row `r`: its text, and both texts when the layer's and the OCR's were both kept. */
function pageTexts(r: PageRow): PageTexts {
  const t: PageTexts = {}
  if (typeof r.text === 'string') t.text = r.text
  // Both texts of a page: the layer's kept with the OCR's beside it, or the OCR's kept in place of the layer's.
  const layer = typeof r.layerText === 'string' ? r.layerText : typeof r.ocrText === 'string' ? r.text : undefined
  const ocr = typeof r.ocrText === 'string' ? r.ocrText : typeof r.layerText === 'string' ? r.text : undefined
  if (typeof layer === 'string' && typeof ocr === 'string') {
    t.layerText = layer
    t.ocrText = ocr
  }
  return t
}

/** What the searchable PDF did to the page, said as notes: turned upright (`turned`), straightened (`straightened`). */
function writtenNotes(r: PageRow): string[] {
  const notes: string[] = []
  if (typeof r.turned === 'number') notes.push(`searchable PDF: turned ${r.turned} degrees clockwise to show it upright`)
  if (typeof r.straightened === 'number') notes.push(`searchable PDF: drawn straightened from a skew of ${r.straightened} degrees`)
  return notes
}

/** The list entry of page row `r`, the `i`th page of the report, in document `di`, with how much it is worth a look. */
function pageEntry(r: PageRow, i: number, di: number): PageEntry {
  const a = attention(r)
  const pe: PageEntry = {
    i,
    d: di,
    p: r.page,
    layer: r.layer,
    action: r.action,
    judge: r.judge,
    score: r.score,
    needsOcr: r.needsOcr,
    chars: r.chars,
    notes: [...(r.notes ?? []), ...writtenNotes(r)],
    w: a.weight,
    why: a.reasons,
  }
  if (typeof r.threshold === 'number') pe.threshold = r.threshold
  if (r.repair) pe.repair = r.repair
  if (typeof r.ocrConfidence === 'number') pe.ocrConfidence = r.ocrConfidence
  if (typeof r.ocrQuality === 'string') pe.ocrQuality = r.ocrQuality
  const regions = boxes(r.regions)
  if (regions.length) pe.regions = regions
  return pe
}

/** The summary cards' figures: counts by status, action and layer, the OCR time spent and the time saved. */
function runFigures(run: ReturnType<typeof readRunOutput>, pages: readonly PageEntry[]) {
  const count = <T extends string>(xs: T[]) => xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {})
  let ocrMs = 0
  let ocrPages = 0
  for (const p of run.pages) {
    if (p.action !== 'ocr') continue
    const hash = run.documents.find((d) => d.path === p.file)?.hash
    const t = hash ? run.timings.get(hash)?.get(p.page) : undefined
    if (t) {
      ocrMs += (t.ocr ?? 0) + (t.render ?? 0)
      ocrPages++
    }
  }
  const perPage = ocrPages ? ocrMs / 1000 / ocrPages : DEFAULT_OCR_SECONDS_PER_PAGE
  const notOcred = pages.filter((p) => p.action === 'kept' || p.action === 'repaired').length
  return {
    documents: count(run.documents.map((d) => d.status)),
    actions: count(pages.map((p) => p.action)),
    layers: count(pages.map((p) => p.layer)),
    ocrSeconds: Math.round(ocrMs / 100) / 10,
    ocrPages: pages.filter((p) => p.action === 'ocr').length,
    savedSeconds: Math.round(notOcred * perPage * 10) / 10,
    perPageSeconds: Math.round(perPage * 100) / 100,
    perPageMeasured: ocrPages > 0,
    runSeconds: Math.round(run.documents.reduce((s, d) => s + num(d.seconds), 0) * 10) / 10,
  }
}

async function docImages(
  outDir: string,
  d: DocumentRow,
  key: string,
  entries: PageEntry[],
  o: BuildReportOptions,
  inputRoot: string,
  sizes: ImageSizes,
  summary: ReportSummary,
): Promise<string | undefined> {
  const src = resolve(inputRoot, d.path)
  if (!existsSync(src) || !statSync(src).isFile()) return `source not found at ${src}: no pictures`
  const { bytes, hash } = await readAndHash(src)
  if (d.hash && hash !== d.hash) return 'the source changed since the run: no pictures'
  let doc
  try {
    doc = await o.extractor!.open(bytes, { file: d.path, ...(o.password !== undefined ? { password: o.password } : {}) })
  } catch (e) {
    return `cannot open the source for pictures: ${(e as Error).message}`
  }
  try {
    let dpi = detailDpi(LETTER_WIDTH_PTS, sizes)
    for (const pe of entries) {
      try {
        let img = await doc.renderPage(pe.p, dpi)
        const widthPts = (img.width * 72) / img.dpi
        const want = detailDpi(widthPts, sizes)
        // A page much narrower than a letter page is rendered again at a resolution that fills the detail view.
        if (want > dpi * 1.5) img = await doc.renderPage(pe.p, want)
        dpi = want
        // The rendered size in points: OCR regions are drawn against it, in shares of the page.
        pe.pw = Math.round(((img.width * 72) / img.dpi) * 10) / 10
        pe.ph = Math.round(((img.height * 72) / img.dpi) * 10) / 10
        const { thumb, detail } = await encodePageImages(img, sizes)
        pe.thumb = `report/img/${key}-${pe.p}-t.jpg`
        pe.detail = `report/img/${key}-${pe.p}.jpg`
        summary.thumbnailBytes += await writeInOutput(outDir, pe.thumb, thumb)
        summary.detailBytes += await writeInOutput(outDir, pe.detail, detail)
        summary.thumbnails++
      } catch {
        // A page that does not render keeps its row without a picture.
      }
    }
  } finally {
    await doc.close()
  }
  return undefined
}

function page(data: { summary: Record<string, unknown> } & Record<string, unknown>, outDir: string): string {
  const css = readFileSync(join(assetDir, 'report.css'), 'utf8')
  const js = readFileSync(join(assetDir, 'report.js'), 'utf8')
  const s = data.summary as {
    documents: Record<string, number>
    actions: Record<string, number>
    layers: Record<string, number>
    ocrSeconds: number
    ocrPages: number
    savedSeconds: number
    perPageSeconds: number
    perPageMeasured: boolean
    runSeconds: number
  }
  const list = (m: Record<string, number>) =>
    `<ul>${Object.entries(m)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `<li>${esc(k)}: ${v}</li>`)
      .join('')}</ul>`
  const docs = data.docs as DocEntry[]
  const failed = docs.filter((d) => d.status === 'failed')
  const total = Object.values(s.actions).reduce((a, b) => a + b, 0)
  const saved = `${s.savedSeconds} s (pages kept or repaired x ${s.perPageSeconds} s a page${s.perPageMeasured ? ', measured on this run' : ', a default: nothing was OCRed here'})`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; script-src 'self' file: 'unsafe-inline'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pdftriage review: ${esc(outDir)}</title>
<style>${css}</style></head>
<body data-pics="small">
<h1>pdftriage review</h1>
<div class="sub">${esc(outDir)}, ${esc(String(data.generated))}</div>
<section class="cards" id="summary">
<div class="card"><h2>Documents</h2><div class="big">${docs.length}</div>${list(s.documents)}</div>
<div class="card"><h2>Pages by action</h2><div class="big">${total}</div>${list(s.actions)}</div>
<div class="card"><h2>Pages by layer</h2>${list(s.layers)}</div>
<div class="card"><h2>OCR</h2><div class="big">${s.ocrPages} pages</div><ul><li>spent: ${s.ocrSeconds} s of render and OCR</li><li>saved: about ${esc(saved)}</li><li>run: ${s.runSeconds} s in all</li></ul></div>
${failed.length ? `<div class="card failures"><h2>Failures</h2><div class="big">${failed.length}</div><ul>${failed.map((d) => `<li>${esc(d.file)}: ${esc(d.error ?? '')}</li>`).join('')}</ul></div>` : ''}
</section>
<div class="controls" role="search">
<label>Action <select id="f-action"><option value="">all</option></select></label>
<label>Layer <select id="f-layer"><option value="">all</option></select></label>
<label>Document <select id="f-doc"><option value="">all</option></select></label>
<label>Show <select id="f-mark"><option value="">every page</option><option value="attention">worth a look</option><option value="marked">marked wrong</option></select></label>
<label>Order <select id="f-order"><option value="attention">most worth a look first</option><option value="document">document order</option></select></label>
<label>Search <input id="f-text" type="search" placeholder="page text, file or note" aria-keyshortcuts="/"></label>
<label>Pictures <select id="f-pics"><option value="small">small</option><option value="large">large</option><option value="off">off</option></select></label>
<button id="export" type="button">Export labels.jsonl</button><a id="export-link" download="labels.jsonl" hidden></a>
<span id="store-note" class="why"></span>
<span id="count" role="status"></span>
</div>
<p class="keys" id="keys"><kbd>j</kbd>/<kbd>&darr;</kbd> next page, <kbd>k</kbd>/<kbd>&uarr;</kbd> previous, <kbd>n</kbd> next page worth a look, <kbd>/</kbd> search (<kbd>Esc</kbd> or <kbd>Enter</kbd> back to the list), <kbd>Enter</kbd> texts side by side, <kbd>1</kbd> the page needs OCR, <kbd>2</kbd> it does not, <kbd>0</kbd> clear the mark. Marks stay in this browser; export them for <code>pdftriage eval --labels labels.jsonl ROOT</code>, ROOT the folder the run was started from.</p>
<div class="main">
<table><thead><tr><th class="thumb">picture</th><th>document</th><th>#</th><th>layer</th><th>action</th><th>judge</th><th>score / threshold</th><th>chars</th><th>search</th><th>review</th></tr></thead>
<tbody id="rows"></tbody></table>
<aside id="pane" class="pane" aria-label="selected page"><p class="why">Select a page (click, or <kbd>j</kbd>) to see its picture, notes and text here.</p></aside>
</div>
<button id="more" class="more" hidden>Show more</button>
<dialog id="detail" aria-labelledby="d-title"><div class="detail">
<header><div><h2 id="d-title"></h2><div id="d-verdict"></div><div id="d-why" class="why"></div></div><button id="d-close" type="button">Close</button></header>
<div id="d-pic"></div>
<div><h3>Notes</h3><ol id="d-notes"></ol><div id="d-texts" class="texts"></div></div>
</div></dialog>
<script id="pdftriage-data" type="application/json">${scriptJson(data)}</script>
<script>${js}</script>
</body></html>
`
}
