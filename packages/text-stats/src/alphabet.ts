/**
 * The symbol alphabet of the letter-pair seed (see the glossary in CONTRIBUTING.md): 26 ASCII letters, 18 French
 * accented letters and ligatures, the space, and one OTHER class for every other character. Text is lower-cased through the lookup table, so no string is allocated.
 */
export const ALPHABET = 'abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿœæ '

/** Symbol index of the space (white space of any kind maps here, runs collapse to one). */
export const SPACE = ALPHABET.length - 1

/** Symbol index of the OTHER class (digits, punctuation, symbols, letters outside the alphabet). */
export const OTHER = ALPHABET.length

/** Number of symbols: the alphabet plus OTHER (46). */
export const SYMBOL_COUNT = ALPHABET.length + 1

/** Lookup-table value for a code unit that is not a symbol of its own (the low half of a surrogate pair). */
export const SKIP = 255

/** True for the code units treated as white space: tab, LF, VT, FF, CR, space, NBSP and the Unicode spaces. */
function isWhite(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  )
}

/**
 * Code unit (0..65535) -> symbol index. Upper-case letters map to their lower-case symbol (`É` -> `é`, `Œ` -> `œ`).
 * The low half of a surrogate pair is SKIP so that a character outside the BMP counts as one OTHER, not two.
 */
export const SYMBOL_OF: Uint8Array = buildTable()

function buildTable(): Uint8Array {
  const t = new Uint8Array(65536).fill(OTHER)
  for (let c = 0; c < 65536; c++) {
    if (isWhite(c)) {
      t[c] = SPACE
      continue
    }
    if (c >= 0xdc00 && c <= 0xdfff) {
      t[c] = SKIP
      continue
    }
    if (c >= 0xd800 && c <= 0xdbff) continue // a high surrogate: OTHER
    const lower = String.fromCharCode(c).toLowerCase()
    if (lower.length !== 1 || lower === ' ') continue
    const i = ALPHABET.indexOf(lower)
    if (i >= 0) t[c] = i
  }
  return t
}

/** True when symbol index `s` is a letter of the alphabet (not space, not OTHER). */
export function isLetterSymbol(s: number): boolean {
  return s < SPACE
}
