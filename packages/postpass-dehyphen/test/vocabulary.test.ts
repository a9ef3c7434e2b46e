import assert from 'node:assert/strict'
import { test } from 'node:test'
import { seededRandom } from '@pdftriage/core'
import { CharModel } from '../src/char-model.js'
import { Vocabulary, core } from '../src/vocabulary.js'

// The vocabulary and the character model are written for speed (char loops, typed-array tables); these tests hold
// them to the plain definitions they replaced: the regexes and Maps below.

/** Characters that exercise the edge cases: punctuation, accents, ’, astral letters and digits, lone surrogates. */
const PIECES = [
  'a',
  'E',
  'z',
  'é',
  'É',
  'œ',
  'Œ',
  'ß',
  'İ',
  'Σ',
  'ς',
  '1',
  '9',
  '²',
  'Ⅻ',
  '٣',
  '-',
  "'",
  '’',
  ',',
  '.',
  '«',
  '»',
  '(',
  ')',
  '!',
  '\u00a0',
  '\u00ad',
  '/',
  '_',
  '𝐀',
  '𝟏',
  '😀',
  '\ud835',
  '\udc00',
  '\ud800',
  'ﬁ',
  'x',
  'q',
  'u',
]

function randomToken(rand: () => number): string {
  let s = ''
  const n = Math.floor(rand() * 7)
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(rand() * PIECES.length)]!
  return s
}

function coreByRegex(token: string): string {
  return token.replace(/^[^\p{L}\p{N}]+/u, '').replace(/[^\p{L}\p{N}]+$/u, '')
}

/** The vocabulary as first written: a Map per count, each token cleaned by regexes on arrival. */
function referenceCounts(tokens: string[]): { counts: Map<string, number>; heads: Map<string, number>; tails: Map<string, number>; tokens: number } {
  const counts = new Map<string, number>()
  const heads = new Map<string, number>()
  const tails = new Map<string, number>()
  let n = 0
  for (const t of tokens) {
    const w = coreByRegex(t).toLowerCase().replace(/’/g, "'")
    if (!/\p{L}/u.test(w)) continue
    counts.set(w, (counts.get(w) ?? 0) + 1)
    n++
    const parts = w.split('-')
    for (let k = 0; k + 1 < parts.length; k++) {
      const h = parts[k]!.replace(/^(?:[ldjmnst]|qu|jusqu|lorsqu|puisqu)['’]/i, '')
      if (h) heads.set(h, (heads.get(h) ?? 0) + 1)
      if (parts[k + 1]) tails.set(parts[k + 1]!, (tails.get(parts[k + 1]!) ?? 0) + 1)
    }
  }
  return { counts, heads, tails, tokens: n }
}

test('core strips what the regexes strip, code point by code point', () => {
  const fixed = ['«peut-être,', '...', '', '(1)', '𝐀bc𝟏!', '\ud835\udc00', '\udc00a\ud835', 'a\ud835', '\ud800\udc00x', '’l’arc’']
  for (const t of fixed) assert.equal(core(t), coreByRegex(t), JSON.stringify(t))
  const rand = seededRandom(7)
  for (let i = 0; i < 5000; i++) {
    const t = randomToken(rand)
    assert.equal(core(t), coreByRegex(t), JSON.stringify(t))
  }
})

test('the vocabulary counts, heads and tails as cleaning each token by regex would, keys in the same order', () => {
  const rand = seededRandom(11)
  const tokens = Array.from({ length: 4000 }, () => randomToken(rand))
  tokens.push('Porte-Monnaie,', "l'arc-en-ciel", 'c’est-à-dire', '-x-', 'PEUT-ÊTRE')
  const v = new Vocabulary()
  for (const t of tokens) v.add(t)
  const r = referenceCounts(tokens)
  assert.deepEqual([...v.counts], [...r.counts])
  assert.deepEqual([...v.heads], [...r.heads])
  assert.deepEqual([...v.tails], [...r.tails])
  assert.equal(v.tokens, r.tokens)
  assert.ok(r.heads.size > 0 && r.counts.size > 100) // the random tokens do reach every branch
})

test('tokens added after the maps were read go on counting in arrival order', () => {
  const v = new Vocabulary()
  v.add('Deux')
  v.add('un')
  assert.deepEqual(
    [...v.counts],
    [
      ['deux', 1],
      ['un', 1],
    ],
  )
  v.add('trois')
  v.add('UN')
  v.add('deux.')
  assert.deepEqual(
    [...v.counts],
    [
      ['deux', 2],
      ['un', 2],
      ['trois', 1],
    ],
  )
  assert.equal(v.count('Trois'), 1)
  assert.equal(v.tokens, 5)
})

test('addTokens counts the pieces split(" ") gives, addRange one piece, as add would', () => {
  const rand = seededRandom(3)
  const a = new Vocabulary()
  const b = new Vocabulary()
  for (let i = 0; i < 300; i++) {
    const line = Array.from({ length: 1 + Math.floor(rand() * 8) }, () => randomToken(rand)).join(' ')
    const from = Math.floor(rand() * (line.length + 1))
    const to = from + Math.floor(rand() * (line.length - from + 1))
    a.addTokens(line, from, to)
    for (const t of line.slice(from, to).split(' ')) b.add(t)
    a.addRange(line, 0, from)
    b.add(line.slice(0, from))
  }
  assert.deepEqual([...a.counts], [...b.counts])
  assert.equal(a.tokens, b.tokens)
})

/** The character model as first written, on Maps with the same integer keys. */
class ReferenceModel {
  private readonly seen = Array.from({ length: 6 }, () => new Map<number, number>())
  private readonly types = Array.from({ length: 5 }, () => new Map<number, number>())
  private all = 0
  private words = 0
  private codes(word: string): number[] {
    const symbols = "\u0002abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿœæ'-áíóúñß"
    const out = [1]
    for (const ch of word.toLowerCase()) {
      const i = symbols.indexOf(ch.length === 1 ? ch : '\u0000')
      out.push(i < 0 ? 63 : i + 1)
    }
    out.push(1)
    return out
  }
  private key(cs: number[], s: number, e: number): number {
    let v = 0
    for (let i = s; i < e; i++) v = v * 64 + cs[i]!
    return v
  }
  add(word: string, count: number): void {
    const cs = this.codes(word)
    this.words += count
    this.all += count * (cs.length - 1)
    for (let i = 1; i < cs.length; i++) {
      for (let k = 0; k <= 4 && i - k >= 0; k++) {
        const g = this.key(cs, i - k, i + 1)
        const before = this.seen[k + 1]!.get(g) ?? 0
        const after = Math.max(0, before + count)
        this.seen[k + 1]!.set(g, after)
        const t = this.types[k]!
        const c = this.key(cs, i - k, i)
        if (before === 0 && after > 0) t.set(c, (t.get(c) ?? 0) + 1)
        if (before > 0 && after === 0) t.set(c, (t.get(c) ?? 0) - 1)
      }
    }
  }
  private prob(cs: number[], s: number, i: number): number {
    const lower = s === i ? 1 / 64 : this.prob(cs, s + 1, i)
    const t = s === i ? this.all : s === 0 && i === 1 ? this.words : (this.seen[i - s]!.get(this.key(cs, s, i)) ?? 0)
    if (t === 0) return lower
    const d = this.types[i - s]!.get(this.key(cs, s, i)) ?? 0
    return ((this.seen[i - s + 1]!.get(this.key(cs, s, i + 1)) ?? 0) + d * lower) / (t + d)
  }
  logProb(word: string): number {
    const cs = this.codes(word)
    let lp = 0
    for (let i = 1; i < cs.length; i++) lp += Math.log(this.prob(cs, Math.max(0, i - 4), i))
    return lp
  }
}

test('the character model gives exactly the probabilities of the Map-based model, removals included', () => {
  const rand = seededRandom(5)
  const letters = "abcdeéèêiïlmnoœprstuvxyz-'QÉ"
  const word = () => Array.from({ length: 1 + Math.floor(rand() * 12) }, () => letters[Math.floor(rand() * letters.length)]!).join('')
  const m = new CharModel()
  const r = new ReferenceModel()
  const words = Array.from({ length: 3000 }, word)
  for (const w of words) {
    const n = 1 + Math.floor(rand() * 5)
    m.add(w, n)
    r.add(w, n)
  }
  // Leave-one-out removals, some beyond what was added (counts stop at 0).
  for (const w of words.slice(0, 200)) {
    m.add(w, -3)
    r.add(w, -3)
  }
  // Counts a caller may have put in Vocabulary.counts: fractions, and beyond 32 bits.
  for (const [w, n] of [
    ['demi', 2.5],
    ['milliard', 3e9],
    ['demi', 0.25],
  ] as const) {
    m.add(w, n)
    r.add(w, n)
  }
  for (const w of [...words.slice(0, 400), 'gouvernement', 'x', '', '𝐀b', 'ab😀', 'demi', 'milliard']) assert.equal(m.logProb(w), r.logProb(w), w)
})
