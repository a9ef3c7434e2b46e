// The page: files in, one section a document, one row a page as its verdict arrives, the page's picture beside its
// text, the review keys of the report page (j/k, n, /), downloads when a document is done. The pipeline runs in a
// worker (worker.ts). Text from PDFs is untrusted: it is only ever set as text, never parsed as HTML.
import type { Assets, FromWorker, Outputs, PageView, Picture, ToWorker } from './protocol.js'

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
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
const send = (m: ToWorker, transfer: Transferable[] = []) => worker.postMessage(m, transfer)
send({ type: 'init', assets })

/** A document on the page. */
interface Doc {
  id: number
  name: string
  section: HTMLElement
  rows: HTMLElement
  status: HTMLElement
  bar: HTMLProgressElement
  cancel: HTMLButtonElement
  pageCount?: number
  pages: Map<number, { view: PageView; row: HTMLElement }>
  pictures: Map<number, Picture>
  started: number
}
const docs = new Map<number, Doc>()
let nextId = 1

function addFile(file: File) {
  const id = nextId++
  const status = el('span', { class: 'status', text: 'queued' })
  const bar = el('progress', { max: '1', value: '0' })
  const cancel = el('button', { type: 'button', class: 'cancel', text: 'Cancel' })
  const rows = el('div', { class: 'rows' })
  const section = el(
    'section',
    { class: 'doc', 'data-file': file.name, 'data-state': 'queued' },
    el('div', { class: 'doc-head' }, el('h2', { text: file.name }), bar, status, cancel, el('span', { class: 'downloads' })),
    rows,
  )
  $('docs').append(section)
  const d: Doc = { id, name: file.name, section, rows, status, bar, cancel, pages: new Map(), pictures: new Map(), started: performance.now() }
  docs.set(id, d)
  cancel.addEventListener('click', () => send({ type: 'cancel', id }))
  void file.arrayBuffer().then((buf) => {
    const bytes = new Uint8Array(buf)
    send({ type: 'run', id, name: file.name, bytes, ocr: $<HTMLInputElement>('ocr').checked }, [bytes.buffer])
  })
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
  links.append(
    download(`${stem}.txt`, o.text, 'text/plain;charset=utf-8'),
    o.cleanText !== undefined ? download(`${stem}.clean.txt`, o.cleanText, 'text/plain;charset=utf-8') : '',
    download(`${stem}.json`, o.report, 'application/json'),
    o.pdf ? download(`${stem}.searchable.pdf`, o.pdf, 'application/pdf') : '',
  )
  d.status.textContent = `${d.pages.size} page${d.pages.size === 1 ? '' : 's'} in ${(ms / 1000).toFixed(1)} s; ${needsOcr.length ? `pages needing OCR: ${needsOcr.join(', ')}` : 'no page needs OCR'}`
  d.bar.value = 1
  d.cancel.remove()
  d.section.dataset['state'] = 'done'
}

worker.addEventListener('message', (e: MessageEvent<FromWorker>) => {
  const m = e.data
  const d = docs.get(m.id)
  if (!d) return
  if (m.type === 'start') {
    d.pageCount = m.pageCount
    d.started = performance.now()
    d.status.textContent = `0 / ${m.pageCount} pages`
    d.section.dataset['state'] = 'running'
  } else if (m.type === 'page') {
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
    d.status.textContent = m.cancelled ? 'cancelled' : `failed: ${m.message}`
    if (!m.cancelled) console.error(`pdftriage: ${d.name}: ${m.stack ?? m.message}`)
    d.section.dataset['state'] = m.cancelled ? 'cancelled' : 'failed'
    d.cancel.remove()
  }
})

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
