// The substitution solver of the reflect repair: a font whose codes stand for other letters throughout is read by
// the map of its symbols to letters that the letter-pair model finds likeliest (hill climbing with seeded restarts).
import { ALPHABET } from '@pdftriage/text-stats'
import type { LetterPairModel } from './letter-pair-model.js'
import { OTHER, SPACE, SYMBOL_COUNT } from './letter-pair-model.js'
import { seededRandom } from '@pdftriage/core'

/** Options of {@link solveSubstitution}. */
export interface SolveOptions {
  seed: number
  restarts: number
}

/** A solved substitution for one font. */
export interface Substitution {
  /** Stored character -> decoded text (white space is kept as is). */
  map: Map<string, string>
  /** Mean ln P a pair of the decoded symbols under the model (nats). */
  score: number
  /** Stored symbols the model cannot name (digits, rare punctuation), decoded as U+FFFD. */
  unresolved: number
  /** Share of the font's non-space characters that are unresolved. */
  unresolvedShare: number
  /** Stored symbol taken as the word separator when the layer has no spaces of its own. */
  spaceSymbol?: string
}

/** A letter class holds at most its lower- and upper-case symbols. */
const LETTER_CAPACITY = 2
/** White space below this share of the characters means the separator is itself a substituted symbol (prose: 0.15-0.18). */
const SPACE_SHARE_MIN = 0.08
/** Restarts that must find the same optimum before the search stops early. */
const SAME_OPTIMUM_STOP = 2

const isWhite = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || c === 0xa0

/**
 * Solves a monoalphabetic substitution: finds the map from stored symbols to the model's case-folded classes that
 * maximises the letter-pair likelihood, by hill climbing (reassign one symbol, swap two) from a frequency-rank start
 * and seeded random restarts. Case is recovered afterwards (of two symbols on one letter the more frequent is lower
 * case; a lone symbol seen only at word starts is upper case). Returns `undefined` when the text has too few symbols.
 */
export function solveSubstitution(text: string, model: LetterPairModel, options: SolveOptions): Substitution | undefined {
  const sym = symbolsOf(text)
  if (sym.chars.length < 2) return undefined
  const spaceKnown = sym.white / text.length >= SPACE_SHARE_MIN
  // candidates for the separator: the two most frequent symbols when the layer has no spaces of its own
  const byFreq = [...sym.chars.keys()].sort((a, b) => sym.freq[b]! - sym.freq[a]!)
  const spaceCands: Array<number | undefined> = spaceKnown ? [undefined] : byFreq.slice(0, 2)
  let best: (Substitution & { raw: number }) | undefined
  for (const sp of spaceCands) {
    const r = solveWith(text, sym, sp, model, options)
    if (r && (!best || r.raw > best.raw)) best = r
  }
  if (!best) return undefined
  const { raw: _raw, ...out } = best
  return out
}

/** A font's stored symbols: each non-white character (by first appearance), its index, its count; and the white space. */
interface Symbols {
  chars: string[]
  index: Map<string, number>
  freq: number[]
  white: number
}

/** The symbols of `text` (see {@link Symbols}). */
function symbolsOf(text: string): Symbols {
  const chars: string[] = []
  const index = new Map<string, number>()
  const freq: number[] = []
  let white = 0
  for (const ch of text) {
    if (isWhite(ch.charCodeAt(0))) {
      white++
      continue
    }
    let i = index.get(ch)
    if (i === undefined) {
      i = chars.length
      index.set(ch, i)
      chars.push(ch)
      freq.push(0)
    }
    freq[i]!++
  }
  return { chars, index, freq, white }
}

/**
 * The substitution with `spaceSym` (a stored symbol) as the word separator, or the layer's own white space when it is
 * undefined: the symbols' pair counts, a hill climb from the frequency-rank start and from perturbations of the best
 * so far, and the best map named.
 */
function solveWith(
  text: string,
  sym: Symbols,
  spaceSym: number | undefined,
  model: LetterPairModel,
  options: SolveOptions,
): (Substitution & { raw: number }) | undefined {
  const { chars, freq } = sym
  const S = chars.length
  const W = S // index of the white-space pseudo-symbol
  const N = S + 1
  const seq = symbolSequence(text, sym, spaceSym)
  const C = new Float64Array(N * N)
  for (let k = 1; k < seq.length; k++) C[seq[k - 1]! * N + seq[k]!]!++
  const pairs = seq.length - 1
  if (pairs < 2) return undefined
  const movable = [...Array(S).keys()].filter((i) => i !== spaceSym)
  const search = new ClassSearch(C, N, model, freq, movable)
  const start = frequencyRankStart(model, freq, movable, N, W, spaceSym)
  const best = restart(search, start, movable, options)
  search.setAll(best.map)
  return { ...nameSymbols(seq, chars, freq, search.m, W, spaceSym), score: search.total() / pairs, raw: best.score }
}

/** The text as a sequence of symbol indexes, white space (and the separator symbol) as `W`, runs of it collapsed. */
function symbolSequence(text: string, sym: Symbols, spaceSym: number | undefined): number[] {
  const W = sym.chars.length
  const seq: number[] = []
  for (const ch of text) {
    const i = isWhite(ch.charCodeAt(0)) ? W : sym.index.get(ch)!
    const j = i === spaceSym ? W : i
    if (j === W && seq[seq.length - 1] === W) continue
    seq.push(j)
  }
  return seq
}

/** Frequency-rank start: the k-th most frequent symbol on the k-th most frequent class (letters twice over). */
function frequencyRankStart(
  model: LetterPairModel,
  freq: readonly number[],
  movable: readonly number[],
  N: number,
  W: number,
  spaceSym: number | undefined,
): Int32Array {
  const V = SYMBOL_COUNT
  // unigram frequency of the model's classes
  const uni = new Float64Array(V)
  for (let a = 0; a < V; a++) for (let b = 0; b < V; b++) uni[a]! += model.counts[a * V + b]!
  const classesByFreq = [...Array(V).keys()].filter((c) => c !== SPACE).sort((a, b) => uni[b]! - uni[a]!)
  const start = new Int32Array(N)
  start[W] = SPACE
  if (spaceSym !== undefined) start[spaceSym] = SPACE
  const ranked = [...movable].sort((a, b) => freq[b]! - freq[a]!)
  const slots = [...classesByFreq, ...classesByFreq.filter((c) => c !== OTHER)]
  ranked.forEach((s, k) => {
    start[s] = slots[k] ?? OTHER
  })
  return start
}

/**
 * Hill climbs from `start`, then from the best so far with a third of the symbols swapped at random (seeded), until
 * the restarts run out or {@link SAME_OPTIMUM_STOP} climbs in a row find the same optimum. The best map and its score.
 */
function restart(search: ClassSearch, start: Int32Array, movable: readonly number[], options: SolveOptions): { map: Int32Array; score: number } {
  const rnd = seededRandom(options.seed)
  let bestScore = -Infinity
  let bestMap = new Int32Array(start.length)
  let same = 0
  for (let r = 0; r < options.restarts && same < SAME_OPTIMUM_STOP; r++) {
    const init = r === 0 ? start : bestMap.slice()
    if (r > 0) {
      // perturb the best so far: random swaps of a third of the symbols
      const swaps = Math.max(2, Math.floor(movable.length / 3))
      for (let k = 0; k < swaps; k++) {
        const a = movable[Math.floor(rnd() * movable.length)]!
        const b = movable[Math.floor(rnd() * movable.length)]!
        const t = init[a]!
        init[a] = init[b]!
        init[b] = t
      }
    }
    search.setAll(init)
    const sc = search.climb()
    if (sc > bestScore + 1e-6) {
      bestScore = sc
      bestMap = search.m.slice()
      same = 0
    } else if (Math.abs(sc - bestScore) <= 1e-6) same++
  }
  return { map: bestMap, score: bestScore }
}

const nlogn = (x: number): number => (x > 0 ? x * Math.log(x) : 0)
/** A class's emission term from its symbols' total count `n` and sum of their n ln n, `sl`. */
const emis = (n: number, sl: number): number => sl - nlogn(n)
/** Symbols a class may hold: any number on OTHER, none on SPACE (the separator is fixed), a letter's two cases. */
const capacity = (c: number): number => (c === OTHER ? Infinity : c === SPACE ? 0 : LETTER_CAPACITY)

/**
 * The search over maps of symbols to the model's classes: the pair score of the text under a map (`C` the symbol pair
 * counts, `N` symbols with white space), and a hill climb that moves one symbol to another class or swaps two.
 * Emission term: several symbols on one class (upper and lower case, punctuation on OTHER) cost the ln P of telling
 * them apart, sum of n ln(n / N_class). Without it the search sinks every symbol into OTHER, whose OTHER -> OTHER
 * pairs are frequent in training, and the pair score alone rewards that.
 */
class ClassSearch {
  /** The class of each symbol. */
  readonly m: Int32Array
  /** Movable symbols on each class. */
  private readonly load: Int32Array
  /** Per class: its symbols' total count and the sum of their n ln n (the emission term's parts). */
  private readonly cN: Float64Array
  private readonly cS: Float64Array
  private readonly LP: LetterPairModel['logprobs']

  constructor(
    private readonly C: Float64Array,
    private readonly N: number,
    model: LetterPairModel,
    private readonly freq: readonly number[],
    private readonly movable: readonly number[],
  ) {
    this.m = new Int32Array(N)
    this.load = new Int32Array(SYMBOL_COUNT)
    this.cN = new Float64Array(SYMBOL_COUNT)
    this.cS = new Float64Array(SYMBOL_COUNT)
    this.LP = model.logprobs
  }

  /** Takes `assign` as the map. */
  setAll(assign: Int32Array): void {
    this.m.set(assign)
    this.load.fill(0)
    for (const i of this.movable) this.load[this.m[i]!]!++
  }

  /** The pair score of the text under the map: sum of count x ln P over symbol pairs. */
  total(): number {
    const { C, N, m, LP } = this
    const V = SYMBOL_COUNT
    let s = 0
    for (let i = 0; i < N; i++)
      for (let j = 0; j < N; j++) {
        const c = C[i * N + j]!
        if (c) s += c * LP[m[i]! * V + m[j]!]!
      }
    return s
  }

  /** Change in the pair score when symbol a moves to class y. */
  private delta(a: number, y: number): number {
    const { C, N, m, LP } = this
    const V = SYMBOL_COUNT
    const x = m[a]!
    let d = 0
    for (let j = 0; j < N; j++) {
      if (j === a) continue
      const mj = m[j]!
      const out = C[a * N + j]!
      const inn = C[j * N + a]!
      if (out) d += out * (LP[y * V + mj]! - LP[x * V + mj]!)
      if (inn) d += inn * (LP[mj * V + y]! - LP[mj * V + x]!)
    }
    const self = C[a * N + a]!
    if (self) d += self * (LP[y * V + y]! - LP[x * V + x]!)
    return d
  }

  private resetEmission(): void {
    const { cN, cS, m, freq } = this
    cN.fill(0)
    cS.fill(0)
    for (const i of this.movable) {
      cN[m[i]!]! += freq[i]!
      cS[m[i]!]! += nlogn(freq[i]!)
    }
  }

  /** Change in the emission term when symbol a moves from class x to y. */
  private emissionMove(a: number, x: number, y: number): number {
    const { cN, cS } = this
    const f = this.freq[a]!
    const l = nlogn(f)
    return emis(cN[x]! - f, cS[x]! - l) - emis(cN[x]!, cS[x]!) + emis(cN[y]! + f, cS[y]! + l) - emis(cN[y]!, cS[y]!)
  }

  /** Change in the emission term when symbols a (on x) and b (on y) swap classes. */
  private emissionSwap(a: number, b: number, x: number, y: number): number {
    const { cN, cS } = this
    const fa = this.freq[a]!,
      fb = this.freq[b]!
    const la = nlogn(fa),
      lb = nlogn(fb)
    return emis(cN[x]! - fa + fb, cS[x]! - la + lb) - emis(cN[x]!, cS[x]!) + emis(cN[y]! - fb + fa, cS[y]! - lb + la) - emis(cN[y]!, cS[y]!)
  }

  private applyMove(a: number, x: number, y: number): void {
    const f = this.freq[a]!
    const l = nlogn(f)
    this.cN[x]! -= f
    this.cS[x]! -= l
    this.cN[y]! += f
    this.cS[y]! += l
  }

  /** Climbs from the current map to a local optimum, taking for each symbol in turn its best move or swap. */
  climb(): number {
    this.resetEmission()
    let score = this.total()
    for (let c = 0; c < SYMBOL_COUNT; c++) score += emis(this.cN[c]!, this.cS[c]!)
    for (let improved = true; improved;) {
      improved = false
      for (const a of this.movable) {
        const step = this.bestStep(a)
        if (step) {
          this.take(a, step.move)
          score += step.d
          improved = true
        }
      }
    }
    return score
  }

  /** Symbol a's best move to another class ([class, -1]) or swap with another symbol ([class, partner]), if any gains. */
  private bestStep(a: number): { d: number; move: [number, number] } | undefined {
    const m = this.m
    let bestD = 1e-9
    let bestMove: [number, number] | undefined // [class, partner or -1]
    const x = m[a]!
    for (let y = 0; y < SYMBOL_COUNT; y++) {
      if (y === x || this.load[y]! >= capacity(y)) continue
      const d = this.delta(a, y) + this.emissionMove(a, x, y)
      if (d > bestD) {
        bestD = d
        bestMove = [y, -1]
      }
    }
    for (const b of this.movable) {
      const y = m[b]!
      if (b === a || y === x) continue
      const d1 = this.delta(a, y)
      m[a] = y
      const d2 = this.delta(b, x)
      m[a] = x
      const d = d1 + d2 + this.emissionSwap(a, b, x, y)
      if (d > bestD) {
        bestD = d
        bestMove = [y, b]
      }
    }
    return bestMove ? { d: bestD, move: bestMove } : undefined
  }

  /** Takes symbol a's step. */
  private take(a: number, [y, b]: [number, number]): void {
    const m = this.m
    const x = m[a]!
    if (b < 0) {
      this.load[x]!--
      this.load[y]!++
      m[a] = y
      this.applyMove(a, x, y)
    } else {
      m[a] = y
      m[b] = x
      this.applyMove(a, x, y)
      this.applyMove(b, y, x)
    }
  }
}

/** Turns the class map into characters: case for letters, a few punctuation marks by position, U+FFFD for the rest. */
function nameSymbols(seq: number[], chars: string[], freq: number[], m: Int32Array, W: number, spaceSym: number | undefined): Omit<Substitution, 'score'> {
  const S = chars.length
  const map = new Map<string, string>()
  // position statistics of each symbol
  const initial = new Float64Array(S)
  const final = new Float64Array(S)
  const beforeLetter = new Float64Array(S)
  const isLetterSym = (i: number): boolean => i !== W && m[i]! < SPACE
  for (let k = 0; k < seq.length; k++) {
    const i = seq[k]!
    if (i === W) continue
    const prev = k > 0 ? seq[k - 1]! : W
    const next = k + 1 < seq.length ? seq[k + 1]! : W
    if (prev === W) initial[i]!++
    if (next === W) final[i]!++
    if (next !== W && isLetterSym(next)) beforeLetter[i]!++
  }
  // case: two symbols on one letter -> the rarer is upper case; a lone one seen only at word starts before a letter too
  const upper = new Set<number>()
  const byClass = new Map<number, number[]>()
  for (let i = 0; i < S; i++) {
    if (i === spaceSym || !isLetterSym(i)) continue
    const list = byClass.get(m[i]!) ?? []
    list.push(i)
    byClass.set(m[i]!, list)
  }
  for (const list of byClass.values()) {
    if (list.length === 2) {
      const [a, b] = list as [number, number]
      upper.add(freq[a]! >= freq[b]! ? b : a)
    } else {
      const i = list[0]!
      if (initial[i]! / freq[i]! >= 0.9 && beforeLetter[i]! / freq[i]! >= 0.5) upper.add(i)
    }
  }
  // punctuation among the OTHER symbols, by position: word-final before a space -> '.' or ','; between letters -> '’'
  const others = [...Array(S).keys()].filter((i) => i !== spaceSym && m[i] === OTHER)
  const enders = others
    .filter((i) => final[i]! / freq[i]! >= 0.8 && freq[i]! >= 3)
    .sort((a, b) => freq[b]! - freq[a]!)
    .slice(0, 2)
  let unresolved = 0
  let nonSpace = 0
  for (let i = 0; i < S; i++) {
    if (i === spaceSym) {
      map.set(chars[i]!, ' ')
      continue
    }
    nonSpace += freq[i]!
    const c = m[i]!
    if (c < SPACE) {
      const ch = ALPHABET[c]!
      map.set(chars[i]!, upper.has(i) ? ch.toUpperCase() : ch)
    } else if (enders.includes(i)) {
      map.set(chars[i]!, enders.length === 2 && i === enders[1] ? ',' : '.')
    } else {
      map.set(chars[i]!, '\uFFFD')
      unresolved += freq[i]!
    }
  }
  const out: Omit<Substitution, 'score'> = { map, unresolved, unresolvedShare: nonSpace ? unresolved / nonSpace : 0 }
  if (spaceSym !== undefined) out.spaceSymbol = chars[spaceSym]!
  return out
}

/** Applies a solved map to text of the same font (characters not in the map, and white space, are kept). */
export function applySubstitution(s: string, map: ReadonlyMap<string, string>): string {
  let out = ''
  for (const ch of s) out += map.get(ch) ?? ch
  return out
}
