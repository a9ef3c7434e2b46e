// Character classes tested without a regular expression: the post-pass tests every line and token, and a regex
// anchored at the end of a string is tried at each of its positions.

/** True for the characters `\s` matches (String.prototype.trim strips the same ones). */
export function isSpace(c: number): boolean {
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d)
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  )
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u

/** True when a code point is a letter or digit (`[\p{L}\p{N}]`): the regex only outside ASCII; false for NaN. */
export function isLetterOrDigit(cp: number): boolean {
  if (!(cp >= 0x80)) return (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a)
  return LETTER_OR_DIGIT.test(String.fromCodePoint(cp))
}

/** The code point ending at `end` (a surrogate pair read whole, as a `u` regex does); NaN when `end` is 0. */
export function codePointBefore(s: string, end: number): number {
  const c = s.charCodeAt(end - 1)
  if (c >= 0xdc00 && c <= 0xdfff && end >= 2) {
    const h = s.charCodeAt(end - 2)
    if (h >= 0xd800 && h <= 0xdbff) return (h - 0xd800) * 0x400 + (c - 0xdc00) + 0x10000
  }
  return c
}
