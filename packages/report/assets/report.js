// The review page's behaviour: filters, ordering, paging of rows, and the detail view. Text from PDFs is untrusted:
// it is only ever set with textContent, never parsed as HTML.
'use strict'
;(function () {
  const data = JSON.parse(document.getElementById('pdftriage-data').textContent)
  const docs = data.docs
  const pages = data.pages
  const $ = (id) => document.getElementById(id)
  const el = (tag, props, ...kids) => {
    const e = document.createElement(tag)
    if (props)
      for (const [k, v] of Object.entries(props)) {
        if (k === 'class') e.className = v
        else if (k === 'text') e.textContent = v
        else e.setAttribute(k, v)
      }
    for (const k of kids) if (k !== null && k !== undefined) e.append(k)
    return e
  }

  // Filters: their options come from the data.
  const fill = (select, values) => {
    for (const v of values) select.append(el('option', { value: v, text: v }))
  }
  fill($('f-action'), [...new Set(pages.map((p) => p.action))].sort())
  fill($('f-layer'), [...new Set(pages.map((p) => p.layer))].sort())
  const docSelect = $('f-doc')
  docs.forEach((d, i) => {
    if (d.pages > 0) docSelect.append(el('option', { value: String(i), text: d.file }))
  })

  const PAGE_ROWS = data.rowsPerChunk
  let shown = 0
  let current = []

  function matching() {
    const a = $('f-action').value
    const l = $('f-layer').value
    const d = $('f-doc').value
    const q = $('f-text').value.trim().toLowerCase()
    const out = pages.filter(
      (p) =>
        (!a || p.action === a) &&
        (!l || p.layer === l) &&
        (!d || String(p.d) === d) &&
        (!q || docs[p.d].file.toLowerCase().includes(q) || p.notes.some((n) => n.toLowerCase().includes(q))),
    )
    if ($('f-order').value === 'document') out.sort((x, y) => x.d - y.d || x.p - y.p)
    else out.sort((x, y) => y.w - x.w || x.d - y.d || x.p - y.p)
    return out
  }

  function row(p) {
    const d = docs[p.d]
    const img = p.thumb
      ? el('img', { src: p.thumb, loading: 'lazy', alt: `page ${p.p} of ${d.file}`, width: '120' })
      : el('span', { class: 'why', text: d.imageNote || 'no picture' })
    const score = p.score === null || p.score === undefined ? '' : `${p.score}${p.threshold !== undefined ? ` / ${p.threshold}` : ''}`
    const tr = el(
      'tr',
      { class: 'page', tabindex: '0', 'data-i': String(p.i) },
      el('td', { class: 'thumb' }, img),
      el('td', null, el('div', { text: d.file }), el('div', { class: 'why', text: p.why.join('; ') })),
      el('td', { class: 'num', text: String(p.p) }),
      el('td', { text: p.layer }),
      el('td', null, el('span', { class: `tag a-${p.action}`, text: p.action })),
      el('td', { text: p.judge }),
      el('td', { class: 'num', text: score }),
      el('td', { class: 'num', text: String(p.chars) }),
    )
    tr.addEventListener('click', () => openDetail(p))
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') openDetail(p)
    })
    return tr
  }

  function showMore() {
    const body = $('rows')
    const next = current.slice(shown, shown + PAGE_ROWS)
    const frag = document.createDocumentFragment()
    for (const p of next) frag.append(row(p))
    body.append(frag)
    shown += next.length
    $('more').hidden = shown >= current.length
    $('count').textContent = `${current.length} of ${pages.length} pages` + (shown < current.length ? ` (${shown} shown)` : '')
  }

  function render() {
    current = matching()
    shown = 0
    $('rows').replaceChildren()
    showMore()
  }
  for (const id of ['f-action', 'f-layer', 'f-doc', 'f-order']) $(id).addEventListener('change', render)
  $('f-text').addEventListener('input', render)
  $('more').addEventListener('click', showMore)

  // Page texts live in one script file a document, loaded when a page of it is first opened (file:// allows scripts,
  // not fetch).
  const texts = new Map()
  const waiting = new Map()
  window.pdftriageText = (key, value) => {
    texts.set(key, value)
    for (const f of waiting.get(key) || []) f(value)
    waiting.delete(key)
  }
  function loadText(d) {
    if (!d.texts) return Promise.resolve(undefined)
    if (texts.has(d.key)) return Promise.resolve(texts.get(d.key))
    return new Promise((resolve) => {
      const list = waiting.get(d.key)
      if (list) {
        list.push(resolve)
        return
      }
      waiting.set(d.key, [resolve])
      const s = el('script', { src: d.texts })
      s.onerror = () => {
        waiting.delete(d.key)
        resolve(undefined)
      }
      document.head.append(s)
    })
  }

  // Word-level differences between the layer's text and the OCR's (longest common subsequence), capped in size.
  const MAX_DIFF_WORDS = 2500
  function diff(a, b) {
    const x = a.split(/\s+/).filter(Boolean)
    const y = b.split(/\s+/).filter(Boolean)
    if (x.length > MAX_DIFF_WORDS || y.length > MAX_DIFF_WORDS) return undefined
    const m = x.length
    const n = y.length
    const L = new Uint16Array((m + 1) * (n + 1))
    for (let i = m - 1; i >= 0; i--)
      for (let j = n - 1; j >= 0; j--) {
        L[i * (n + 1) + j] = x[i] === y[j] ? L[(i + 1) * (n + 1) + j + 1] + 1 : Math.max(L[(i + 1) * (n + 1) + j], L[i * (n + 1) + j + 1])
      }
    const left = []
    const right = []
    let i = 0
    let j = 0
    while (i < m || j < n) {
      if (i < m && j < n && x[i] === y[j]) {
        left.push([0, x[i]])
        right.push([0, y[j]])
        i++
        j++
      } else if (j < n && (i >= m || L[i * (n + 1) + j + 1] >= L[(i + 1) * (n + 1) + j])) {
        right.push([1, y[j]])
        j++
      } else {
        left.push([1, x[i]])
        i++
      }
    }
    return { left, right }
  }
  function marked(words, tag) {
    const pre = el('pre')
    words.forEach(([changed, w], k) => {
      if (k) pre.append(' ')
      pre.append(changed ? el(tag, { text: w }) : w)
    })
    return pre
  }

  const dialog = $('detail')
  async function openDetail(p) {
    const d = docs[p.d]
    $('d-title').textContent = `${d.file}, page ${p.p}`
    $('d-verdict').textContent =
      `${p.layer}, ${p.action}${p.repair ? ` (${p.repair})` : ''}, by ${p.judge}` +
      (p.score === null || p.score === undefined ? '' : `: score ${p.score}${p.threshold !== undefined ? ` against ${p.threshold}` : ''}`) +
      (p.ocrConfidence !== undefined ? `, OCR confidence ${p.ocrConfidence}` : '')
    const img = $('d-img')
    if (p.detail) {
      img.src = p.detail
      img.hidden = false
    } else {
      img.removeAttribute('src')
      img.hidden = true
    }
    $('d-why').textContent = p.why.length ? `Worth a look: ${p.why.join('; ')}` : ''
    $('d-notes').replaceChildren(...p.notes.map((n) => el('li', { text: n })))
    const box = $('d-texts')
    box.replaceChildren(el('p', { class: 'why', text: 'loading text...' }))
    if (!dialog.open) dialog.showModal()
    const t = await loadText(d)
    const pt = t && t[p.p]
    box.className = 'texts'
    if (!pt) {
      box.replaceChildren(el('p', { class: 'why', text: 'No text kept for this page.' }))
      return
    }
    if (pt.layerText !== undefined && pt.ocrText !== undefined) {
      box.className = 'texts two'
      const dd = diff(pt.layerText, pt.ocrText)
      box.replaceChildren(
        el('div', null, el('h3', { text: "The file's layer" }), dd ? marked(dd.left, 'del') : el('pre', { text: pt.layerText })),
        el('div', null, el('h3', { text: 'OCR' }), dd ? marked(dd.right, 'ins') : el('pre', { text: pt.ocrText })),
      )
    } else {
      box.replaceChildren(el('div', null, el('h3', { text: 'Text kept' }), el('pre', { text: pt.text || '' })))
    }
  }
  $('d-close').addEventListener('click', () => dialog.close())

  render()
  document.body.dataset.ready = 'true'
})()
