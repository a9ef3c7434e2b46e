// OCR-like pages for the evaluation (see eval.mjs).
/**
 * OCR-like pages (`OCR=1`): every run split into word boxes whose height follows their letters (ascenders,
 * descenders), no font size or font id, boxes jittered by up to half a point, source 'ocr'.
 */
export function ocrLike(p) {
  let seed = p.pageNumber * 7919
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5
  const items = []
  for (const it of p.items) {
    const size = it.fontSize ?? it.bbox.y1 - it.bbox.y0
    const base = it.bbox.y1 - 0.25 * size
    const words = it.text.split(' ').filter(Boolean)
    const total = it.text.length || 1
    let x = it.bbox.x0
    const per = (it.bbox.x1 - it.bbox.x0) / total
    for (const w of it.text.split(' ')) {
      if (w) {
        const up = /[A-ZÀ-Ýbdfhklt0-9'’éèêàâîôûç]/.test(w) ? 0.72 : 0.5
        const down = /[gjpqy,;]/.test(w) ? 0.2 : 0
        items.push({
          text: w,
          bbox: { x0: x + rnd(), y0: base - up * size + rnd(), x1: x + w.length * per + rnd(), y1: base + down * size + rnd() },
          confidence: 0.9,
        })
      }
      x += (w.length + 1) * per
    }
    if (it.hasEol && items.length) items[items.length - 1].hasEol = true
    void words
  }
  return { ...p, items, fonts: undefined, source: 'ocr' }
}
