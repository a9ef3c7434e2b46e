import assert from 'node:assert/strict'
import { test } from 'node:test'
import { seededRandom } from '@pdftriage/core'
import { sortInPlace, sortNumbers } from '../src/sort.js'

test('sortNumbers gives the native numeric order, for ordered, short and long inputs', () => {
  const rnd = seededRandom(7)
  for (const n of [0, 1, 2, 5, 31, 32, 33, 200]) {
    for (const shape of ['random', 'ordered', 'nearly', 'ties'] as const) {
      const a = new Float64Array(n)
      for (let i = 0; i < n; i++) {
        a[i] = shape === 'ordered' ? i * 1.5 : shape === 'ties' ? Math.floor(rnd() * 4) : rnd() * 600 - 20
      }
      if (shape === 'nearly' && n > 3) {
        a.sort()
        ;[a[1], a[n - 2]] = [a[n - 2]!, a[1]!]
      }
      const want = Float64Array.from(a).sort()
      const got = Float64Array.from(a)
      // A longer buffer: only the first n are sorted, the rest left alone.
      const buf = new Float64Array(n + 3).fill(-1)
      buf.set(got)
      sortNumbers(buf, n)
      assert.deepEqual(buf.subarray(0, n), want, `${shape} ${n}`)
      assert.deepEqual([...buf.subarray(n)], [-1, -1, -1])
    }
  }
})

test('sortInPlace is the stable sort, and leaves an ordered array untouched', () => {
  const rnd = seededRandom(3)
  const xs = Array.from({ length: 300 }, (_, i) => ({ k: Math.floor(rnd() * 10), i }))
  const want = [...xs].sort((a, b) => a.k - b.k)
  const got = sortInPlace(xs, (a, b) => a.k - b.k)
  assert.equal(got, xs, 'sorted in place')
  assert.deepEqual(got, want, 'equal keys keep their order')
  const ordered = want.slice()
  assert.deepEqual(
    sortInPlace(ordered, (a, b) => a.k - b.k),
    want,
  )
})
