// Order-insensitive word scores of a text against a reference, as the text benches report them: words are runs of
// letters and digits after NFKC and lower-casing, counted with their repeats.

/** The words of `s` (none for a missing text). */
export const words = (s) =>
  (s ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)

/** How many words of `got` match one of `want` (each word of `want` matched once), and both counts. */
function matches(got, want) {
  const left = new Map()
  const ww = words(want)
  for (const w of ww) left.set(w, (left.get(w) ?? 0) + 1)
  const g = words(got)
  let hit = 0
  for (const w of g) {
    const c = left.get(w)
    if (c) {
      hit++
      left.set(w, c - 1)
    }
  }
  return { hit, got: g.length, want: ww.length }
}

/** Word F1 of `got` against `want`; 1 when both are empty. */
export function f1(got, want) {
  const m = matches(got, want)
  if (!m.want && !m.got) return 1
  const p = m.got ? m.hit / m.got : 0
  const r = m.want ? m.hit / m.want : 0
  return p + r ? (2 * p * r) / (p + r) : 0
}

/** Share of `want`'s words (with repeats) found in `got`; 1 when `want` has none. */
export function recall(got, want) {
  const m = matches(got, want)
  return m.want ? m.hit / m.want : 1
}
