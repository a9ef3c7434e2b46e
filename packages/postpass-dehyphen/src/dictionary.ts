// Hunspell dictionaries read for one question, whether a string is a word of the language: stems looked up with
// their affixes taken off, nothing expanded in advance, so the French dictionary loads in under a second.
import { readDictionaryFiles } from '#platform'

/**
 * A hunspell dictionary read for one question: is this a word of the language? Words are found the way hunspell
 * finds them, by taking affixes off (a suffix, a prefix, or one of each where both allow it) and looking the stem up
 * with the affix's flag, so nothing is expanded in advance. (nspell, which expands every stem's forms on load, takes
 * about 25 s and 450 MB of heap for the French dictionary; this reader loads it in well under a second.)
 */
export class WordList {
  // The .dic text is kept as read and indexed in place: an open-addressing table of its entries hashed where their
  // words lie (no string cut out, no Map of 80,000 keys: loading is one pass over the text).
  private readonly dic: string
  /** Per entry: where its word starts and ends, and where its flags end (flags follow the word's slash). */
  private readonly wordStart: Int32Array
  private readonly wordEnd: Int32Array
  private readonly flagsEnd: Int32Array
  private readonly entries: number
  /** Open addressing over entries: entry index plus 1 per slot, 0 empty. A stem listed twice has two entries. */
  private readonly slots: Int32Array
  private readonly suffixes = new Map<string, Affix[]>()
  private readonly prefixes = new Map<string, Affix[]>()
  private maxSuffix = 0
  private maxPrefix = 0
  private readonly flagMode: 'long' | 'num' | 'char'
  /** Flags that keep a stem from being a word by itself. */
  private readonly notAlone: string[] = []
  /** Entries by the first two units of their word, for {@link prefixHabit} (built on its first call). */
  private byStart: Map<string, number[]> | undefined
  private readonly habits = new Map<string, PrefixHabit>()
  private readonly conditions = new Map<string, RegExp>()

  constructor(aff: string, dic: string) {
    const mode = /^FLAG[ \t]+(\S+)/mu.exec(aff)?.[1]
    this.flagMode = mode === 'long' ? 'long' : mode === 'num' ? 'num' : 'char'
    for (const key of ['NEEDAFFIX', 'ONLYINCOMPOUND', 'FORBIDDENWORD']) {
      const f = new RegExp(`^${key}[ \\t]+(\\S+)`, 'mu').exec(aff)?.[1]
      if (f) this.notAlone.push(f)
    }
    this.readAffixes(aff)
    this.dic = dic
    // The first line is the entry count: a size for the tables (grown past it if it lies).
    const t: EntryTables = { ws: new Int32Array(Math.max(16, Number.parseInt(dic, 10) || 0) + 16), we: new Int32Array(0), fe: new Int32Array(0), n: 0 }
    t.we = new Int32Array(t.ws.length)
    t.fe = new Int32Array(t.ws.length)
    // In runs of lines, a call each: a loop over the whole file in one call runs before V8 has compiled it.
    for (let start = dic.indexOf('\n') + 1; start > 0 && start < dic.length;) start = readEntries(dic, start, t)
    this.wordStart = t.ws
    this.wordEnd = t.we
    this.flagsEnd = t.fe
    this.entries = t.n
    let size = 16
    while (size < 2 * t.n) size *= 2
    this.slots = new Int32Array(size)
    for (let i = 0; i < t.n; i += LINES_A_CALL) hashEntries(dic, t, i, Math.min(t.n, i + LINES_A_CALL), this.slots)
  }

  /** True when `word` is a word of the dictionary, as written or with its first letter lower-cased (a sentence's first word). */
  has(word: string): boolean {
    if (word.length === 0) return false
    if (this.check(word)) return true
    // As hunspell reads case: a capital may stand for a lower-case stem, not the other way (`borg` is not `Borg`).
    const first = word.charAt(0)
    const lower = first.toLowerCase()
    return lower !== first && this.check(lower + word.slice(1))
  }

  /**
   * How the dictionary writes words made of `head` and another word: `closed` stems that are `head` followed by a
   * stem of three letters or more (supermarché, surtout), `hyphenated` stems written `head-...` (sous-sol).
   */
  prefixHabit(head: string): PrefixHabit {
    let h = this.habits.get(head)
    if (h) return h
    const dic = this.dic
    if (!this.byStart) {
      this.byStart = new Map()
      for (let i = 0; i < this.entries; i++) {
        const k = dic.slice(this.wordStart[i], this.wordStart[i]! + 2)
        let a = this.byStart.get(k)
        if (!a) this.byStart.set(k, (a = []))
        a.push(i)
      }
    }
    let closed = 0
    let hyphenated = 0
    for (const i of this.byStart.get(head.slice(0, 2)) ?? []) {
      const s = this.wordStart[i]!
      const e = this.wordEnd[i]!
      if (e - s <= head.length || !dic.startsWith(head, s)) continue
      if (dic.charCodeAt(s + head.length) === 0x2d) hyphenated++
      else if (e - s - head.length >= 3 && this.find(dic, s + head.length, e, undefined) >= 0) closed++
    }
    h = { closed, hyphenated }
    this.habits.set(head, h)
    return h
  }

  /**
   * The first entry whose word is `text.slice(start, end)` and which carries `flag` (any entry when `flag` is
   * undefined: one that may stand alone), or -1.
   */
  private find(text: string, start: number, end: number, flag: string | undefined): number {
    const dic = this.dic
    const len = end - start
    const mask = this.slots.length - 1
    for (let k = hashRange(text, start, end) & mask, r = this.slots[k]!; r !== 0; k = (k + 1) & mask, r = this.slots[k]!) {
      const i = r - 1
      const s = this.wordStart[i]!
      if (this.wordEnd[i]! - s !== len || !sameChars(dic, s, text, start, len)) continue
      const fs = this.wordEnd[i]! + 1
      const fe = this.flagsEnd[i]!
      if (flag === undefined ? !this.notAlone.some((f) => this.hasFlag(fs, fe, f)) : this.hasFlag(fs, fe, flag)) return i
    }
    return -1
  }

  /** True when the flags field `dic.slice(fs, fe)` holds `flag` (read two units, a number or one unit at a time). */
  private hasFlag(fs: number, fe: number, flag: string): boolean {
    const dic = this.dic
    if (fe <= fs) return false
    if (this.flagMode === 'long') {
      for (let i = fs; i + 1 < fe; i += 2) if (dic.charCodeAt(i) === flag.charCodeAt(0) && dic.charCodeAt(i + 1) === flag.charCodeAt(1)) return true
      return false
    }
    if (this.flagMode === 'num') return dic.slice(fs, fe).split(',').includes(flag)
    for (let i = fs; i < fe; i++) if (dic.startsWith(flag, i)) return true
    return false
  }

  private has1(w: string, flag: string | undefined): boolean {
    return this.find(w, 0, w.length, flag) >= 0
  }

  private check(w: string): boolean {
    if (this.has1(w, undefined)) return true
    if (this.bySuffix(w, undefined)) return true
    for (let k = 1; k <= this.maxPrefix && k < w.length; k++) {
      const rules = this.prefixes.get(w.slice(0, k))
      if (!rules) continue
      for (const r of rules) {
        const base = r.strip + w.slice(k)
        if (!this.meets(r, base)) continue
        if (this.has1(base, r.flag)) return true
        if (r.cross && this.bySuffix(base, r.flag)) return true
      }
    }
    return false
  }

  /** True when `w` is a stem with one suffix; with `prefix`, the stem (or the suffix) must also allow that prefix. */
  private bySuffix(w: string, prefix: string | undefined): boolean {
    // The affix may be the whole word when the rule strips something (être -> était: strip `être`, add `était`).
    for (let k = 0; k <= this.maxSuffix && k <= w.length; k++) {
      const rules = this.suffixes.get(k === 0 ? '' : w.slice(w.length - k))
      if (!rules) continue
      const stem = w.slice(0, w.length - k)
      for (const r of rules) {
        if (prefix !== undefined && !r.cross) continue
        if (stem.length === 0 && r.strip.length === 0) continue
        const base = stem + r.strip
        if (!this.meets(r, base)) continue
        const i = this.find(base, 0, base.length, r.flag)
        if (i < 0) continue
        if (prefix === undefined || this.flagList(r.continuation).includes(prefix) || this.find(base, 0, base.length, prefix) >= 0) return true
      }
    }
    return false
  }

  /** A flag field of the .aff as a list of flags (two units a flag, numbers, or one code point). */
  private flagList(field: string): string[] {
    return this.flagMode === 'long' ? (field.match(/[\s\S]{1,2}/gu) ?? []) : this.flagMode === 'num' ? field.split(',') : [...field]
  }

  private readAffixes(aff: string): void {
    const cross = new Map<string, boolean>()
    for (const line of aff.split('\n')) {
      if (!line.startsWith('SFX') && !line.startsWith('PFX')) continue
      const f = line.trim().split(/\s+/)
      const suffix = f[0] === 'SFX'
      if (f.length === 4 && (f[2] === 'Y' || f[2] === 'N')) {
        cross.set(`${f[0]} ${f[1]}`, f[2] === 'Y')
        continue
      }
      if (f.length < 5) continue
      const [, name, strip, addField, cond] = f as [string, string, string, string, string]
      const slash = addField.indexOf('/')
      const add = slash < 0 ? (addField === '0' ? '' : addField) : addField.slice(0, slash)
      // Conditions and continuation flags are kept as written and read when a rule is tried (few ever are).
      const rule: Affix = {
        flag: name,
        strip: strip === '0' ? '' : strip,
        continuation: slash < 0 ? '' : addField.slice(slash + 1),
        condition: cond === '.' ? undefined : `${suffix ? 'S' : 'P'}${cond}`,
        cross: cross.get(`${f[0]} ${name}`) ?? false,
      }
      const table = suffix ? this.suffixes : this.prefixes
      let list = table.get(add)
      if (!list) table.set(add, (list = []))
      list.push(rule)
      if (suffix) this.maxSuffix = Math.max(this.maxSuffix, add.length)
      else this.maxPrefix = Math.max(this.maxPrefix, add.length)
    }
  }

  /** True when a stem meets a rule's condition (the regex compiled on first use, shared by rules with the same one). */
  private meets(r: Affix, base: string): boolean {
    if (r.condition === undefined) return true
    let re = this.conditions.get(r.condition)
    if (!re) this.conditions.set(r.condition, (re = conditionRegex(r.condition.slice(1), r.condition.charAt(0) === 'S')))
    return re.test(base)
  }
}

/** Lines read, or entries hashed, a call (see the constructor). */
const LINES_A_CALL = 1024

/** The entry tables being filled: word start, word end, flags end, and the count so far. */
interface EntryTables {
  ws: Int32Array<ArrayBuffer>
  we: Int32Array<ArrayBuffer>
  fe: Int32Array<ArrayBuffer>
  n: number
}

/** Reads up to LINES_A_CALL lines of the .dic from `start` into the tables; returns where the next line starts. */
function readEntries(dic: string, start: number, t: EntryTables): number {
  for (let line = 0; line < LINES_A_CALL && start < dic.length; line++) {
    let end = dic.indexOf('\n', start)
    if (end < 0) end = dic.length
    // The word ends at a slash (its flags follow), a tab or a space (morphological fields follow) or the line end.
    let stop = start
    let c = 0
    while (stop < end && (c = dic.charCodeAt(stop)) !== 0x2f && c !== 0x09 && c !== 0x20 && c !== 0x0d) stop++
    let f = stop
    if (c === 0x2f && stop < end) {
      f = stop + 1
      while (f < end && (c = dic.charCodeAt(f)) !== 0x09 && c !== 0x20 && c !== 0x0d) f++
    }
    if (stop > start) {
      if (t.n === t.ws.length) {
        t.ws = grow(t.ws, 2 * t.n)
        t.we = grow(t.we, 2 * t.n)
        t.fe = grow(t.fe, 2 * t.n)
      }
      t.ws[t.n] = start
      t.we[t.n] = stop
      t.fe[t.n] = f
      t.n++
    }
    start = end + 1
  }
  return start
}

/** Puts entries `from` to `to` into the open-addressing table. */
function hashEntries(dic: string, t: EntryTables, from: number, to: number, slots: Int32Array): void {
  const mask = slots.length - 1
  for (let i = from; i < to; i++) {
    let k = hashRange(dic, t.ws[i]!, t.we[i]!) & mask
    while (slots[k] !== 0) k = (k + 1) & mask
    slots[k] = i + 1
  }
}

/** A copy of a typed array with room for `n` items. */
function grow(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n)
  b.set(a)
  return b
}

/** FNV-1a over a range of UTF-16 units, finished with a shift so that the low bits used as a slot mix them all. */
function hashRange(s: string, start: number, end: number): number {
  let h = 0x811c9dc5 | 0
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h ^ (h >>> 16)
}

/** True when the `len` units of `a` from `i` are those of `b` from `j`. */
function sameChars(a: string, i: number, b: string, j: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (a.charCodeAt(i + k) !== b.charCodeAt(j + k)) return false
  return true
}

/** One affix rule: the flag a stem carries for it, what is stripped from the stem, flags it passes on, its condition. */
interface Affix {
  flag: string
  strip: string
  /** Flags passed on to the affixed word, as written. */
  continuation: string
  /** The condition as written, after `S` (suffix) or `P` (prefix); undefined for `.`. */
  condition: string | undefined
  cross: boolean
}

/** How a dictionary joins a head to other words (see {@link WordList.prefixHabit}). */
export interface PrefixHabit {
  closed: number
  hyphenated: number
}

/** A hunspell condition (`[^aeiou]y`, `.`) as a regex on the end (suffix) or the start (prefix) of a stem. */
function conditionRegex(cond: string, suffix: boolean): RegExp {
  const body = cond.replace(/[\\(){}|+*?$^]/gu, (c, i: number) => (c === '^' && cond[i - 1] === '[' ? c : `\\${c}`))
  return new RegExp(suffix ? `${body}$` : `^${body}`, 'u')
}

/** The npm packages holding the hunspell dictionaries of the languages the post-pass knows. */
const PACKAGES: Record<'fra' | 'eng', string> = { fra: 'dictionary-fr', eng: 'dictionary-en' }

const loaded = new Map<string, WordList | null>()
const provided = new Map<string, { aff: string; dic: string }>()

/**
 * Gives a language's hunspell files (the `index.aff` and `index.dic` of its dictionary package) where the package
 * folder cannot be read, as in a browser; they replace any dictionary of that language loaded before.
 */
export function provideDictionary(lang: 'fra' | 'eng', aff: string, dic: string): void {
  provided.set(lang, { aff, dic })
  loaded.delete(lang)
}
/** Milliseconds each dictionary took to load, for notes and measurement. */
export const dictionaryLoadMs = new Map<string, number>()

/**
 * The dictionary of a language, read from its npm package on first use and kept for the process (a worker reads it
 * once for all its documents); `undefined` when the package cannot be read, and the decision goes on without it.
 */
export function dictionary(lang: 'fra' | 'eng'): WordList | undefined {
  let d = loaded.get(lang)
  if (d === undefined) {
    const t0 = performance.now()
    try {
      const given = provided.get(lang)
      const files = given ?? readDictionaryFiles(PACKAGES[lang])
      d = new WordList(files.aff, files.dic)
    } catch {
      d = null
    }
    loaded.set(lang, d)
    dictionaryLoadMs.set(lang, performance.now() - t0)
  }
  return d ?? undefined
}
