// The page: files in, one section a document, one row a page as its verdict arrives, the page's picture beside its
// text, the review keys of the report page (j/k, n, /), downloads when a document is done. The pipeline runs in a
// worker (worker.ts), one document at a time from this page's queue; Cancel ends the worker mid-page (tesseract.js's
// workers with it) and starts a fresh one for the documents after. Text from PDFs is untrusted: it is only ever set as
// text, never parsed as HTML.
import type { Assets, FromWorker, Outputs, PageView, PdfType, Picture, ToWorker } from './protocol.js'

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, ...kids: Array<Node | string | null | undefined>) {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v
    else if (k === 'text') e.textContent = v
    else e.setAttribute(k, v)
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k)
  return e
}

const here = new URL('./', document.baseURI)
const assets: Assets = {
  tesseract: new URL('tesseract/', here).href,
  dictionaries: new URL('dictionaries/', here).href,
  pdfjs: new URL('pdfjs/', here).href,
}
/** A pipeline worker, given its assets; its messages are heard while it is the current one. */
function startWorker(): Worker {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
  w.addEventListener('message', (e: MessageEvent<FromWorker>) => {
    if (w === worker) onMessage(e.data)
  })
  w.postMessage({ type: 'init', assets } satisfies ToWorker)
  return w
}
let worker = startWorker()
const send = (m: ToWorker, transfer: Transferable[] = []) => worker.postMessage(m, transfer)

/** A document on the page. */
interface Doc {
  id: number
  name: string
  section: HTMLElement
  rows: HTMLElement
  status: HTMLElement
  bar: HTMLProgressElement
  cancel: HTMLButtonElement
  /** The pages in a stage now, each shown until its row comes. */
  stages: HTMLElement
  /** The file's bytes and the choices made when it was dropped. */
  bytes: Promise<Uint8Array>
  ocr: boolean
  pdfType: PdfType
  pageCount?: number
  pages: Map<number, { view: PageView; row: HTMLElement }>
  pictures: Map<number, Picture>
  started: number
}
const docs = new Map<number, Doc>()
let nextId = 1
/** Documents dropped and not yet sent, in order; the one the worker has. */
const waiting: Doc[] = []
let running: Doc | undefined

function addFile(file: File) {
  const id = nextId++
  const status = el('span', { class: 'status', text: 'queued' })
  const bar = el('progress', { max: '1', value: '0' })
  const cancel = el('button', { type: 'button', class: 'cancel', text: 'Cancel' })
  const stages = el('span', { class: 'stages' })
  const rows = el('div', { class: 'rows' })
  const section = el(
    'section',
    { class: 'doc', 'data-file': file.name, 'data-state': 'queued' },
    el('div', { class: 'doc-head' }, el('h2', { text: file.name }), bar, status, stages, cancel, el('span', { class: 'downloads' })),
    rows,
  )
  $('docs').append(section)
  const d: Doc = {
    id,
    name: file.name,
    section,
    rows,
    status,
    bar,
    cancel,
    stages,
    bytes: file.arrayBuffer().then((b) => new Uint8Array(b)),
    ocr: $<HTMLInputElement>('ocr').checked,
    pdfType: $<HTMLSelectElement>('pdf-type').value === 'pdfa' ? 'pdfa' : 'pdf',
    pages: new Map(),
    pictures: new Map(),
    started: performance.now(),
  }
  docs.set(id, d)
  cancel.addEventListener('click', () => cancelDoc(d))
  waiting.push(d)
  next()
}

/** Sends the next waiting document when the worker is free. */
function next() {
  if (running) return
  const d = waiting.shift()
  if (!d) return
  running = d
  d.bytes.then(
    (bytes) => {
      if (running === d) send({ type: 'run', id: d.id, name: d.name, bytes, ocr: d.ocr, pdfType: d.pdfType }, [bytes.buffer])
    },
    (err: unknown) => ended(d, 'failed', `failed: ${err instanceof Error ? err.message : String(err)}`),
  )
}

/** A document leaves the queue or the worker: its state, its status, no Cancel; then the next one. */
function ended(d: Doc, state: 'done' | 'failed' | 'cancelled', status: string) {
  d.status.textContent = status
  d.section.dataset['state'] = state
  d.stages.replaceChildren()
  d.cancel.remove()
  if (running === d) running = undefined
  next()
}

/**
 * Cancel: a waiting document leaves the queue; the running one's worker is ended at once, mid-page (the runner's own
 * signal stops only between pages, and one page's OCR takes seconds), and a fresh worker takes the documents after it.
 * The old worker's messages already on their way are dropped (they are heard only from the current worker).
 */
function cancelDoc(d: Doc) {
  if (d.section.dataset['state'] !== 'queued' && d.section.dataset['state'] !== 'running') return
  const i = waiting.indexOf(d)
  if (i >= 0) waiting.splice(i, 1)
  if (running === d) {
    worker.terminate()
    worker = startWorker()
  }
  ended(d, 'cancelled', 'cancelled')
}

const BADGE: Record<string, string> = { kept: 'keep', repaired: 'repaired', ocr: 'OCR', failed: 'failed', skipped: 'skipped' }

function pageRow(d: Doc, p: PageView): HTMLElement {
  const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3))
  const score = p.score === undefined ? '' : ` ${num(p.score)}${p.threshold !== undefined ? ` / ${num(p.threshold)}` : ''}`
  const verdict = el(
    'div',
    { class: 'verdict' },
    el('span', { class: 'num', text: `p. ${p.page}` }),
    el('span', { class: `badge ${p.action}`, text: BADGE[p.action] ?? p.action }),
    el('span', { class: `layer ${p.needsOcr ? 'bad' : 'good'}`, text: `${p.layer}${p.needsOcr ? ' · needs OCR' : ''}` }),
    el('span', { class: 'judge', text: `${p.judge}${score}` }),
    p.repair ? el('span', { class: 'repair', text: `repair: ${p.repair}` }) : null,
    p.ocrConfidence !== undefined
      ? el('span', { class: 'conf', text: `OCR confidence ${(100 * p.ocrConfidence).toFixed(0)} %${p.ocrQuality === 'poor' ? ' (poor)' : ''}` })
      : null,
    p.weight > 0 ? el('span', { class: 'look', title: p.reasons.join('; '), text: `worth a look: ${p.reasons.join('; ')}` }) : null,
  )
  const notes = el('ul', { class: 'notes' }, ...p.notes.map((n) => el('li', { text: n })))
  if (p.error) notes.prepend(el('li', { class: 'err', text: `${p.error.code}: ${p.error.message}` }))
  const sources: Array<[string, string]> = [[p.source === 'ocr' ? 'OCR' : p.source === 'repaired' ? 'repaired layer' : 'text layer', p.text]]
  if (p.layerText !== undefined) sources.push(['text layer as found', p.layerText])
  const tabs = el('div', { class: 'tabs' })
  const pre = el('pre', { class: 'text' })
  sources.forEach(([label, text], i) => {
    const b = el('button', { type: 'button', text: label, 'aria-pressed': String(i === 0) })
    b.addEventListener('click', () => {
      for (const o of tabs.children) o.setAttribute('aria-pressed', String(o === b))
      pre.textContent = text || '(no text)'
    })
    tabs.append(b)
  })
  pre.textContent = p.text || '(no text)'
  const pic = el('canvas', { class: 'pic', 'aria-label': `page ${p.page} of ${d.name}` })
  const row = el(
    'article',
    {
      class: 'page',
      tabindex: '0',
      'data-page': String(p.page),
      'data-needs-ocr': String(p.needsOcr),
      'data-action': p.action,
      'data-weight': String(p.weight),
    },
    el('div', { class: 'picture' }, pic),
    el('div', { class: 'body' }, verdict, notes, tabs, pre),
  )
  row.addEventListener('click', () => select(row, false))
  return row
}

function drawPicture(row: HTMLElement, pic: Picture) {
  const canvas = row.querySelector('canvas')
  if (!canvas) return
  canvas.width = pic.width
  canvas.height = pic.height
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const img = ctx.createImageData(pic.width, pic.height)
  for (let i = 0; i < pic.data.length; i++) {
    const v = pic.data[i]!
    img.data[4 * i] = v
    img.data[4 * i + 1] = v
    img.data[4 * i + 2] = v
    img.data[4 * i + 3] = 255
  }
  ctx.putImageData(img, 0, 0)
}

function download(name: string, data: string | Uint8Array, type: string): HTMLAnchorElement {
  const blob = new Blob([data as BlobPart], { type })
  return el('a', { href: URL.createObjectURL(blob), download: name, class: 'dl', text: name })
}

function finish(d: Doc, o: Outputs, ms: number, needsOcr: number[]) {
  const stem = d.name.replace(/\.pdf$/iu, '')
  const links = d.section.querySelector('.downloads')!
  let pdf: HTMLAnchorElement | undefined
  if (o.pdf) {
    pdf = download(`${stem}.searchable.pdf`, o.pdf, 'application/pdf')
    pdf.dataset['outputType'] = o.pdfType ?? 'pdf'
    if (o.pdfType === 'pdfa') pdf.append(' (PDF/A-2B)')
  }
  links.append(
    download(`${stem}.txt`, o.text, 'text/plain;charset=utf-8'),
    o.cleanText !== undefined ? download(`${stem}.clean.txt`, o.cleanText, 'text/plain;charset=utf-8') : '',
    download(`${stem}.json`, o.report, 'application/json'),
    pdf ?? '',
  )
  d.bar.value = 1
  const refused = o.pdfaRefused ? `; PDF/A refused, the searchable PDF is plain PDF: ${o.pdfaRefused}` : ''
  ended(
    d,
    'done',
    `${d.pages.size} page${d.pages.size === 1 ? '' : 's'} in ${(ms / 1000).toFixed(1)} s; ${needsOcr.length ? `pages needing OCR: ${needsOcr.join(', ')}` : 'no page needs OCR'}${refused}`,
  )
}

const STAGE: Record<string, string> = { judge: 'judging', ocr: 'OCR', regions: 'OCR of pictures' }

function onMessage(m: FromWorker) {
  const d = docs.get(m.id)
  // only the running document hears its worker: nothing reaches one cancelled or done
  if (!d || d !== running) return
  if (m.type === 'stage') {
    let s = d.stages.querySelector<HTMLElement>(`[data-stage-page="${m.page}"]`)
    if (!s) {
      s = el('span', { class: 'stage', 'data-stage-page': String(m.page) })
      d.stages.append(s)
    }
    s.dataset['stage'] = m.stage
    s.textContent = `p. ${m.page}: ${STAGE[m.stage] ?? m.stage}…`
  } else if (m.type === 'start') {
    d.pageCount = m.pageCount
    d.started = performance.now()
    d.status.textContent = `0 / ${m.pageCount} pages`
    d.section.dataset['state'] = 'running'
  } else if (m.type === 'page') {
    d.stages.querySelector(`[data-stage-page="${m.page.page}"]`)?.remove()
    const row = pageRow(d, m.page)
    d.pages.set(m.page.page, { view: m.page, row })
    const pic = d.pictures.get(m.page.page)
    if (pic) drawPicture(row, pic)
    d.rows.append(row)
    applyFilter(row)
    if (d.pageCount) {
      d.bar.value = d.pages.size / d.pageCount
      d.status.textContent = `${d.pages.size} / ${d.pageCount} pages`
    }
  } else if (m.type === 'picture') {
    d.pictures.set(m.picture.page, m.picture)
    const p = d.pages.get(m.picture.page)
    if (p) drawPicture(p.row, m.picture)
  } else if (m.type === 'done') finish(d, m.outputs, m.ms, m.needsOcr)
  else if (m.type === 'error') {
    console.error(`pdftriage: ${d.name}: ${m.stack ?? m.message}`)
    ended(d, 'failed', `failed: ${m.message}`)
  }
}

// Files in: the input, and drops anywhere on the page.
$<HTMLInputElement>('file').addEventListener('change', (e) => {
  const input = e.target as HTMLInputElement
  for (const f of input.files ?? []) addFile(f)
  input.value = ''
})
document.addEventListener('dragover', (e) => {
  e.preventDefault()
  $('drop').classList.add('over')
})
document.addEventListener('dragleave', () => $('drop').classList.remove('over'))
document.addEventListener('drop', (e) => {
  e.preventDefault()
  $('drop').classList.remove('over')
  for (const f of e.dataTransfer?.files ?? []) if (f.type === 'application/pdf' || /\.pdf$/iu.test(f.name)) addFile(f)
})

// Search and the attention filter, as on the review page: rows that do not match are hidden.
const search = $<HTMLInputElement>('search')
const onlyAttention = $<HTMLInputElement>('attention')
function rowText(row: HTMLElement): string {
  const d = [...docs.values()].find((x) => x.rows.contains(row))
  const p = d?.pages.get(Number(row.dataset['page']))
  return p ? `${p.view.text}\n${p.view.layerText ?? ''}\n${p.view.notes.join('\n')}`.toLowerCase() : ''
}
function applyFilter(row: HTMLElement) {
  const q = search.value.trim().toLowerCase()
  const hide = (onlyAttention.checked && row.dataset['weight'] === '0') || (q !== '' && !rowText(row).includes(q))
  row.hidden = hide
}
const allRows = () => [...document.querySelectorAll<HTMLElement>('article.page')]
const refilter = () => allRows().forEach(applyFilter)
search.addEventListener('input', refilter)
onlyAttention.addEventListener('change', refilter)

// Keys: j/k next and previous page, n the next page worth a look, / the search; Escape leaves the search.
let selected: HTMLElement | undefined
function select(row: HTMLElement, focus = true) {
  selected?.classList.remove('sel')
  selected = row
  row.classList.add('sel')
  if (focus) row.focus({ preventScroll: true })
  row.scrollIntoView({ block: 'nearest' })
}
function step(by: 1 | -1, pred: (r: HTMLElement) => boolean = () => true) {
  const rows = allRows().filter((r) => !r.hidden)
  const at = selected ? rows.indexOf(selected) : -1
  for (let i = at + by; i >= 0 && i < rows.length; i += by) {
    if (pred(rows[i]!)) return select(rows[i]!)
  }
}
document.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement) {
    if (e.key === 'Escape') {
      t.blur()
      if (selected) selected.focus()
    }
    return
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return
  const act: Record<string, () => void> = {
    j: () => step(1),
    k: () => step(-1),
    n: () => step(1, (r) => r.dataset['weight'] !== '0'),
    '/': () => search.focus(),
  }
  const f = act[e.key]
  if (f) {
    e.preventDefault()
    f()
  }
})
