/**
 * Sorts `xs` in place with a stable sort, unless it is in order already: one pass of comparisons instead of the
 * sort's copy of the array. Text items, rows and lines mostly come in reading order, and a stable sort of an
 * ordered array changes nothing. Returns `xs`.
 */
export function sortInPlace<T>(xs: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < xs.length; i++) if (compare(xs[i - 1]!, xs[i]!) > 0) return xs.sort(compare)
  return xs
}

/** Arrays up to this long are sorted by insertion in place: cheaper than the native sort's call for a few lines. */
const INSERTION_MAX = 32

/**
 * Sorts the first `n` numbers of `a` ascending, in place. Reading order sorts many small regions whose lines mostly
 * come in order: a pass that finds them ordered, or an insertion sort for short ones, costs less than a native sort.
 */
export function sortNumbers(a: Float64Array, n: number): void {
  let ordered = true
  for (let i = 1; i < n; i++) {
    if (a[i - 1]! > a[i]!) {
      ordered = false
      break
    }
  }
  if (ordered) return
  if (n > INSERTION_MAX) {
    a.subarray(0, n).sort()
    return
  }
  for (let i = 1; i < n; i++) {
    const v = a[i]!
    let j = i - 1
    while (j >= 0 && a[j]! > v) {
      a[j + 1] = a[j]!
      j--
    }
    a[j + 1] = v
  }
}

/** Median of finite numbers (the upper one of an even count); `undefined` for none. */
export function median(xs: number[]): number | undefined {
  if (xs.length === 0) return undefined
  // A typed copy sorts numerically without calling a comparator.
  const s = Float64Array.from(xs).sort()
  return s[Math.floor(s.length / 2)]
}
