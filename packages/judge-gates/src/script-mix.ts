/**
 * What the scripts of a text's letters say of it. Letters of any script count as letters for the letter gate, so a
 * layer of junk that happens to land on letters (ASCII bytes read as UTF-16 become ideographs; glyph ids of an Arabic
 * font become letters of three neighbouring scripts) passes it: these counts ask whether the mix is plausible.
 */
export interface ScriptMix {
  /** Letters (\p{L}). */
  letters: number
  /** Han ideographs. */
  han: number
  /** Han ideographs outside every common national set (GB 2312, Big5 level 1, JIS X 0208, KS X 1001). */
  rareHan: number
  /** Characters of the CJK blocks (U+3000..U+9FFF, Hangul syllables, compatibility ideographs). */
  cjk: number
  /**
   * Ideographs whose two bytes are an ASCII letter then an ASCII letter, a space or 0: what ASCII prose becomes when
   * read as UTF-16 (byte-swapped or misaligned). Kana do not count: their high byte is 0x30, a digit.
   */
  letterPairs: number
  /** Letters in words (runs of letters and marks) whose letters come from two or more script groups; Latin beside
   *  CJK does not count (Japanese writes "Tシャツ", product names mix them). */
  mixedLetters: number
  /** Letters per script group (Latin, Greek, Cyrillic, Arabic, Hebrew, CJK, ...), largest first. */
  scripts: Array<[string, number]>
}

// Han, kana, Hangul and Bopomofo are written together (Japanese mixes kanji and kana in a word, Korean may mix hanja):
// one group. Latin is its own group; Common and Inherited characters belong to no group.
const GROUPS: Array<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Syriac', /\p{Script=Syriac}/u],
  ['Thaana', /\p{Script=Thaana}/u],
  ['Nko', /\p{Script=Nko}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Ethiopic', /\p{Script=Ethiopic}/u],
  ['Coptic', /\p{Script=Coptic}/u],
]

/** Script group of each code point seen, cached: per-character property tests would cost more than the gates. */
const groupCache = new Map<number, string>()
function groupOf(ch: string, cp: number): string {
  if (cp < 0x250) return 'Latin'
  let g = groupCache.get(cp)
  if (g === undefined) {
    // Common and Inherited letters (the prolonged sound mark ー, modifier letters) belong to every script.
    g = /[\p{Script=Common}\p{Script=Inherited}]/u.test(ch) ? '' : (GROUPS.find(([, re]) => re.test(ch))?.[0] ?? 'Other')
    groupCache.set(cp, g)
  }
  return g
}

let common: Set<number> | undefined
/**
 * The ideographs of the common national character sets, decoded once with the platform's own decoders (WHATWG
 * encodings in Node's ICU): GB 2312 (6,763 simplified), Big5 level 1 (5,401 frequent traditional), JIS X 0208 (6,355
 * kanji), KS X 1001 (4,888 hanja). Genuine Chinese and Japanese prose stays within them but for rare names.
 */
function commonHan(): Set<number> {
  if (common) return common
  const out = new Set<number>()
  const add = (encoding: string, rows: [number, number], cells: Array<[number, number]>) => {
    const bytes: number[] = []
    for (let h = rows[0]; h <= rows[1]; h++) for (const [c0, c1] of cells) for (let l = c0; l <= c1; l++) bytes.push(h, l)
    for (const ch of new TextDecoder(encoding).decode(new Uint8Array(bytes))) {
      if (/\p{Script=Han}/u.test(ch)) out.add(ch.codePointAt(0)!)
    }
  }
  add('gbk', [0xb0, 0xf7], [[0xa1, 0xfe]])
  add(
    'big5',
    [0xa4, 0xc6],
    [
      [0x40, 0x7e],
      [0xa1, 0xfe],
    ],
  )
  add('euc-jp', [0xb0, 0xf4], [[0xa1, 0xfe]])
  add('euc-kr', [0xca, 0xfd], [[0xa1, 0xfe]])
  return (common = out)
}

const isHan = (cp: number): boolean =>
  (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0x20000 && cp <= 0x3134f)
const isCjk = (cp: number): boolean => (cp >= 0x3000 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0xf900 && cp <= 0xfaff)
const asciiLetter = (b: number): boolean => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)

/**
 * Latin letters drawn like Cyrillic ones, which fonts map to Latin for the Cyrillic glyph (Ukrainian and Belarusian
 * `і` as `i` on a real table of contents): a Cyrillic word holding them reads as Cyrillic to the eye, no glyph ids.
 */
const CYRILLIC_LOOK_ALIKES = /^[aceijopsxyABCEHIJKMOPSTXY]$/
/** A word of Cyrillic letters whose Latin letters are all {@link CYRILLIC_LOOK_ALIKES}. */
const lookAlike = (word: string, groups: ReadonlySet<string>): boolean =>
  groups.has('Cyrillic') && groups.has('Latin') && [...word].every((c) => !/\p{Script=Latin}/u.test(c) || CYRILLIC_LOOK_ALIKES.test(c))

/** Counts the scripts of `text`'s letters. Text of Latin letters only costs one test and counts nothing. */
export function scriptMix(text: string): ScriptMix {
  const m: ScriptMix = { letters: 0, han: 0, rareHan: 0, cjk: 0, letterPairs: 0, mixedLetters: 0, scripts: [] }
  // Latin and punctuation only (most pages): no script can mix and no ideograph is there; one test.
  if (!/[\u0370-\u1dff\u2c00-\ud7ff\uf900-\ufdff\ufe70-\ufeff\ud800-\udbff]/.test(text)) return m
  const per = new Map<string, number>()
  for (const w of text.matchAll(/[\p{L}\p{M}]+/gu)) {
    const groups = new Set<string>()
    let n = 0
    for (const ch of w[0]) {
      const cp = ch.codePointAt(0)!
      if (cp >= 0x80 && !/\p{L}/u.test(ch)) continue
      n++
      const g = groupOf(ch, cp)
      if (g) {
        groups.add(g)
        per.set(g, (per.get(g) ?? 0) + 1)
      }
      if (isHan(cp)) {
        m.han++
        if (!commonHan().has(cp)) m.rareHan++
        const hi = cp >> 8
        const lo = cp & 0xff
        if (asciiLetter(hi) && (asciiLetter(lo) || lo === 0x20 || lo === 0)) m.letterPairs++
      }
    }
    m.letters += n
    if (groups.size > 2 || (groups.size === 2 && !(groups.has('Latin') && groups.has('CJK')) && !lookAlike(w[0], groups))) m.mixedLetters += n
  }
  for (const ch of text) if (isCjk(ch.codePointAt(0)!)) m.cjk++
  m.scripts = [...per].sort((a, b) => b[1] - a[1])
  return m
}
