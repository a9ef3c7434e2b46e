/**
 * Sorts `xs` in place with a stable sort, unless it is in order already: one pass of comparisons instead of the
 * sort's copy of the array. Text items, rows and lines mostly come in reading order, and a stable sort of an
 * ordered array changes nothing. Returns `xs`.
 */
export function sortInPlace<T>(xs: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < xs.length; i++) if (compare(xs[i - 1]!, xs[i]!) > 0) return xs.sort(compare)
  return xs
}
