// The review page's behaviour: filters, search in page text, ordering, paging of rows, the selected page's pane, keys,
// corrections and their export, and the full view. Text from PDFs is untrusted: it is only ever set with textContent
// or as text nodes, never parsed as HTML.
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

  // What the run said of a page, as `pdftriage eval` counts it: OCR of the whole page or of picture regions.
  const runSaysOcr = (p) => p.needsOcr || (p.regions ? p.regions.length > 0 : false)

  // Corrections: kept in localStorage under the run's output folder (every file:// page shares one storage), keyed by
  // file and page so they survive a report written again over the same run.
  const STORE_KEY = `pdftriage-review:${data.run}`
  const keyOf = (p) => `${docs[p.d].file}\u0000${p.p}`
  let corrections = {}
  let stored = true
  try {
    corrections = JSON.parse(window.localStorage.getItem(STORE_KEY) || '{}') || {}
  } catch {
    stored = false
  }
  function saveCorrections() {
    try {
      window.localStorage.setItem(STORE_KEY, JSON.stringify(corrections))
    } catch {
      stored = false
    }
    const n = Object.keys(corrections).length
    $('export').textContent = `Export labels.jsonl (${n})`
    $('export').disabled = n === 0
    $('store-note').textContent = stored ? '' : 'this browser keeps no storage for files: export before closing'
  }
  /** Sets (or clears, with `needsOcr` undefined) the reviewer's word on a page. */
  function correct(p, needsOcr, label) {
    const k = keyOf(p)
    if (needsOcr === undefined) delete corrections[k]
    else corrections[k] = { needs_ocr: needsOcr, label: label || (needsOcr ? 'needs-ocr' : 'readable'), at: new Date().toISOString() }
    saveCorrections()
    // The row and the pane are drawn again; what had the focus in them gets it back.
    const focused = document.activeElement
    const tr = rowOf.get(p.i)
    const fresh = tr && bindRow(row(p), p)
    if (tr) tr.replaceWith(fresh)
    if (selected === p) showPane(p)
    if (focused === tr && fresh) fresh.focus({ preventScroll: true })
    else if (focused && focused.id && !document.contains(focused)) $(focused.id)?.focus()
  }
  // One line a corrected page, in the format `pdftriage eval --labels` reads; the run's verdict rides along.
  function labelsJsonl() {
    const byKey = new Map(pages.map((p) => [keyOf(p), p]))
    return Object.keys(corrections)
      .sort()
      .map((k) => {
        const c = corrections[k]
        const p = byKey.get(k)
        const [file, page] = k.split('\u0000')
        const line = { file, page: Number(page), label: c.label, needs_ocr: c.needs_ocr, notes: 'pdftriage review: the verdict was wrong' }
        if (p) line.run = { layer: p.layer, action: p.action, judge: p.judge, needs_ocr: runSaysOcr(p) }
        return JSON.stringify(line)
      })
      .join('\n')
  }
  $('export').addEventListener('click', () => {
    const blob = new window.Blob([labelsJsonl() + '\n'], { type: 'application/x-ndjson' })
    const a = $('export-link')
    if (a.href) URL.revokeObjectURL(a.href)
    a.href = URL.createObjectURL(blob)
    a.click()
  })

  // Page texts live in one script file a document, loaded when a page of it is first shown or the first search is
  // typed (file:// allows scripts, not fetch).
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
        texts.set(d.key, undefined)
        resolve(undefined)
      }
      document.head.append(s)
    })
  }
  let allTexts
  const loadAllTexts = () => (allTexts ??= Promise.all(docs.map(loadText)))
  // Lower-cased once a page: a search runs over every page's text at each keystroke.
  const lowered = new Map()
  const finalText = (p) => {
    let s = lowered.get(p.i)
    if (s === undefined) {
      const t = texts.get(docs[p.d].key)
      s = ((t && t[p.p] && t[p.p].text) || '').toLowerCase()
      lowered.set(p.i, s)
    }
    return s
  }
  /** Occurrences of `q` in `h`, both lower case. */
  function occurrences(h, q) {
    if (!q) return 0
    let n = 0
    for (let at = h.indexOf(q); at >= 0; at = h.indexOf(q, at + q.length)) n++
    return n
  }

  const PAGE_ROWS = data.rowsPerChunk
  let shown = 0
  let current = []
  let hits = new Map()
  let selected
  const rowOf = new Map()

  function matching(q) {
    const a = $('f-action').value
    const l = $('f-layer').value
    const d = $('f-doc').value
    const m = $('f-mark').value
    hits = new Map()
    const out = pages.filter((p) => {
      if ((a && p.action !== a) || (l && p.layer !== l) || (d && String(p.d) !== d)) return false
      if (m === 'marked' && !corrections[keyOf(p)]) return false
      if (m === 'attention' && !(p.w > 0)) return false
      if (!q) return true
      const inText = occurrences(finalText(p), q)
      const inMeta = docs[p.d].file.toLowerCase().includes(q) || p.notes.some((n) => n.toLowerCase().includes(q))
      if (inText) hits.set(p.i, inText)
      return inText > 0 || inMeta
    })
    if ($('f-order').value === 'document') out.sort((x, y) => x.d - y.d || x.p - y.p)
    else out.sort(byAttention)
    return out
  }
  const byAttention = (x, y) => y.w - x.w || x.d - y.d || x.p - y.p

  /** A page picture with the OCR regions of the page outlined, scaled with the picture (boxes are in page points). */
  function picture(p, src, cls, alt) {
    const box = el('div', { class: `pic ${cls}` }, el('img', { src, alt, loading: 'lazy' }))
    if (p.regions && p.pw && p.ph)
      for (const [x0, y0, x1, y1] of p.regions) {
        const r = el('div', { class: 'region', title: `OCR region ${x0},${y0} to ${x1},${y1} pt` })
        r.style.left = `${(100 * x0) / p.pw}%`
        r.style.top = `${(100 * y0) / p.ph}%`
        r.style.width = `${(100 * (x1 - x0)) / p.pw}%`
        r.style.height = `${(100 * (y1 - y0)) / p.ph}%`
        box.append(r)
      }
    return box
  }

  const markText = (c) => (c ? `marked: ${c.needs_ocr ? 'needs OCR' : 'no OCR'}${c.label ? ` (${c.label})` : ''}` : '')

  function row(p) {
    const d = docs[p.d]
    const c = corrections[keyOf(p)]
    const thumb = p.thumb ? picture(p, p.thumb, 'small', `page ${p.p} of ${d.file}`) : el('span', { class: 'why', text: d.imageNote ? 'no picture' : '' })
    const score = p.score === null || p.score === undefined ? '' : `${p.score}${p.threshold !== undefined ? ` / ${p.threshold}` : ''}`
    const h = hits.get(p.i)
    return el(
      'tr',
      {
        class: `page${p.i === selected?.i ? ' sel' : ''}`,
        tabindex: p.i === selected?.i ? '0' : '-1',
        'data-i': String(p.i),
        'aria-selected': String(p.i === selected?.i),
      },
      el('td', { class: 'thumb' }, thumb),
      el(
        'td',
        { class: 'doc' },
        el('div', { class: 'file', text: d.file, title: d.file }),
        el('div', { class: 'why', text: p.why.join('; '), title: p.why.join('; ') }),
      ),
      el('td', { class: 'num', text: String(p.p) }),
      el('td', { text: p.layer }),
      el(
        'td',
        null,
        el('span', { class: `tag a-${p.action}`, text: p.action }),
        p.regions ? el('span', { class: 'tag regions', text: `${p.regions.length} ${p.regions.length === 1 ? 'region' : 'regions'}` }) : null,
      ),
      el('td', { text: p.judge }),
      el('td', { class: 'num', text: score }),
      el('td', { class: 'num', text: String(p.chars) }),
      el('td', { class: 'num hits', text: h ? `${h} ${h === 1 ? 'match' : 'matches'}` : '' }),
      el('td', { class: 'mark', text: markText(c) }),
    )
  }
  function bindRow(tr, p) {
    rowOf.set(p.i, tr)
    tr.addEventListener('click', () => select(p))
    tr.addEventListener('dblclick', () => openDetail(p))
    return tr
  }

  function showMore() {
    const body = $('rows')
    const next = current.slice(shown, shown + PAGE_ROWS)
    const frag = document.createDocumentFragment()
    for (const p of next) frag.append(bindRow(row(p), p))
    body.append(frag)
    shown += next.length
    $('more').hidden = shown >= current.length
    const q = query()
    const total = q ? [...hits.values()].reduce((a, b) => a + b, 0) : 0
    $('count').textContent =
      `${current.length} of ${pages.length} pages` +
      (q ? `, ${total} ${total === 1 ? 'match' : 'matches'} in page text on ${hits.size} ${hits.size === 1 ? 'page' : 'pages'}` : '') +
      (shown < current.length ? ` (${shown} shown)` : '')
  }

  const query = () => $('f-text').value.trim().toLowerCase()
  let generation = 0
  async function render() {
    const gen = ++generation
    const q = query()
    if (q && !allTexts) $('count').textContent = 'loading page texts...'
    if (q) await loadAllTexts()
    // A later keystroke has started its own filtering: this one's result would be stale.
    if (gen !== generation) return
    current = matching(q)
    shown = 0
    rowOf.clear()
    $('rows').replaceChildren()
    showMore()
    document.body.dataset.searched = q
  }
  for (const id of ['f-action', 'f-layer', 'f-doc', 'f-order', 'f-mark']) $(id).addEventListener('change', render)
  $('f-text').addEventListener('input', render)
  $('more').addEventListener('click', showMore)
  $('f-pics').addEventListener('change', () => (document.body.dataset.pics = $('f-pics').value))

  /** Selects a page of the list: its row is drawn (more rows if need be), focused and shown in the pane. */
  function select(p, focus = true) {
    const at = current.indexOf(p)
    if (at < 0) return
    while (shown <= at) showMore()
    const old = selected && rowOf.get(selected.i)
    if (old) {
      old.classList.remove('sel')
      old.setAttribute('aria-selected', 'false')
      old.tabIndex = -1
    }
    selected = p
    const tr = rowOf.get(p.i)
    tr.classList.add('sel')
    tr.setAttribute('aria-selected', 'true')
    tr.tabIndex = 0
    if (focus) tr.focus({ preventScroll: true })
    tr.scrollIntoView({ block: 'nearest' })
    showPane(p)
  }
  function move(step) {
    if (!current.length) return
    const at = selected ? current.indexOf(selected) : -1
    const to = at < 0 ? 0 : Math.min(current.length - 1, Math.max(0, at + step))
    select(current[to])
  }
  // The next page worth a look, in attention order whatever the list's order; after the last one, the first again.
  function nextAttention() {
    const worth = current.filter((p) => p.w > 0).sort(byAttention)
    if (!worth.length) return
    const at = selected ? worth.indexOf(selected) : -1
    select(worth[(at + 1) % worth.length])
  }

  // The pane: the selected page's picture with its OCR regions, verdict, reasons, correction and final text.
  const LABELS_OCR = ['absent', 'sparse', 'garbled', 'unreadable']
  const LABELS_KEEP = ['healthy', 'blank', 'reflected']
  async function showPane(p) {
    const d = docs[p.d]
    const c = corrections[keyOf(p)]
    const pane = $('pane')
    const says = runSaysOcr(p)
    const labelSelect = el('select', { id: 'c-label', 'aria-label': 'label of the page' }, el('option', { value: '', text: 'label (optional)' }))
    fill(labelSelect, [...LABELS_OCR, ...LABELS_KEEP])
    if (c && c.label && ![...labelSelect.options].some((o) => o.value === c.label)) labelSelect.append(el('option', { value: c.label, text: c.label }))
    labelSelect.value = c ? c.label : ''
    const label = () => labelSelect.value
    const mk = (id, text, needs) => {
      const b = el('button', { id, type: 'button', 'aria-pressed': String(!!c && c.needs_ocr === needs) }, text)
      b.addEventListener('click', () => correct(p, needs, label()))
      return b
    }
    const clear = el('button', { id: 'c-clear', type: 'button' }, 'Clear')
    clear.disabled = !c
    clear.addEventListener('click', () => correct(p, undefined))
    labelSelect.addEventListener('change', () => {
      if (corrections[keyOf(p)]) correct(p, corrections[keyOf(p)].needs_ocr, label())
    })
    const full = el('button', { id: 'p-full', type: 'button' }, 'Texts side by side (Enter)')
    full.addEventListener('click', () => openDetail(p))
    const textBox = el('pre', { id: 'p-text', class: 'ptext', text: 'loading text...' })
    const parts = [
      el('h2', { id: 'p-title', text: `${d.file}, page ${p.p}` }),
      el('div', { id: 'p-verdict', text: verdictText(p) }),
      p.why.length ? el('div', { class: 'why', text: `Worth a look: ${p.why.join('; ')}` }) : null,
      el(
        'fieldset',
        { class: 'correct' },
        el('legend', { text: `This verdict is wrong (the run says: ${says ? 'needs OCR' : 'no OCR'})` }),
        mk('c-ocr', 'Needs OCR (1)', true),
        mk('c-keep', 'Does not need OCR (2)', false),
        labelSelect,
        clear,
        el('div', { id: 'c-state', class: 'mark', text: markText(c) }),
      ),
      p.detail ? picture(p, p.detail, 'large', `page ${p.p} of ${d.file}`) : el('p', { class: 'why', text: d.imageNote || 'no picture of this page' }),
      el('div', null, full),
      el('h3', { text: 'Notes' }),
      el('ol', null, ...p.notes.map((n) => el('li', { text: n }))),
      el('h3', { text: 'Final text' }),
      textBox,
    ]
    pane.replaceChildren(...parts.filter((x) => x !== null))
    const t = await loadText(d)
    if (selected !== p) return
    const pt = t && t[p.p]
    highlight(textBox, pt ? pt.text || '' : 'No text kept for this page.', query())
  }
  /** Sets a text with every occurrence of `q` in a <mark>, as text nodes. */
  function highlight(node, s, q) {
    node.replaceChildren()
    if (!q) {
      node.textContent = s
      return
    }
    const h = s.toLowerCase()
    let from = 0
    for (let at = h.indexOf(q); at >= 0; at = h.indexOf(q, from)) {
      node.append(s.slice(from, at), el('mark', { text: s.slice(at, at + q.length) }))
      from = at + q.length
    }
    node.append(s.slice(from))
  }
  const verdictText = (p) =>
    `${p.layer}, ${p.action}${p.repair ? ` (${p.repair})` : ''}, by ${p.judge}` +
    (p.score === null || p.score === undefined ? '' : `: score ${p.score}${p.threshold !== undefined ? ` against ${p.threshold}` : ''}`) +
    (p.ocrConfidence !== undefined ? `, OCR confidence ${p.ocrConfidence}` : '') +
    (p.regions ? `, picture regions OCRed: ${p.regions.length}` : '')

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
    $('d-verdict').textContent = verdictText(p)
    const pic = $('d-pic')
    pic.replaceChildren(p.detail ? picture(p, p.detail, 'large', 'the page') : el('p', { class: 'why', text: d.imageNote || 'no picture of this page' }))
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
  dialog.addEventListener('close', () => selected && rowOf.get(selected.i)?.focus({ preventScroll: true }))

  // Keys. In a field only Escape counts (back to the list); with the full view open, the dialog has the keys.
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return
    const t = e.target
    const typing = t instanceof window.HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)
    if (dialog.open) return
    if (typing) {
      if (e.key === 'Escape' || (e.key === 'Enter' && t.id === 'f-text')) {
        e.preventDefault()
        t.blur()
        if (selected && current.includes(selected)) select(selected)
        else move(0)
      }
      return
    }
    // A button or link keeps Enter and Space for itself.
    if ((t instanceof window.HTMLButtonElement || t instanceof window.HTMLAnchorElement) && (e.key === 'Enter' || e.key === ' ')) return
    const act = {
      j: () => move(1),
      ArrowDown: () => move(1),
      k: () => move(-1),
      ArrowUp: () => move(-1),
      n: nextAttention,
      '/': () => $('f-text').focus(),
      Enter: () => selected && openDetail(selected),
      1: () => selected && correct(selected, true, corrections[keyOf(selected)]?.label),
      2: () => selected && correct(selected, false, corrections[keyOf(selected)]?.label),
      0: () => selected && correct(selected, undefined),
    }[e.key]
    if (!act) return
    e.preventDefault()
    act()
  })

  // The sticky controls' height: the pane sits below them and a selected row scrolls clear of them.
  const controlsHeight = () => document.documentElement.style.setProperty('--top', `${document.querySelector('.controls').offsetHeight}px`)
  window.addEventListener('resize', controlsHeight)
  controlsHeight()

  saveCorrections()
  render().then(() => {
    document.body.dataset.ready = 'true'
  })
})()
