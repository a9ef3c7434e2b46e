// A small syllable-based hyphenator for French and English, for the evaluation only: break before a single
// consonant between vowels (ca-ma-rade), between two consonants (par-tir) unless they form an inseparable onset
// (ta-ble, ca-chet), never leave fewer than 2 letters before or 3 after a break, and break compounds at their own
// hyphen. It does not know real patterns (TeX's are better); the held-out set will use other breaks.

const VOWEL = /[aeiouyàâäéèêëîïôöùûüÿœæ]/i
const ONSETS = new Set(['bl', 'cl', 'fl', 'gl', 'pl', 'br', 'cr', 'dr', 'fr', 'gr', 'pr', 'tr', 'vr', 'ch', 'ph', 'gn', 'th', 'rh', 'sh', 'wh', 'ck'])
const LEFT_MIN = 2
const RIGHT_MIN = 3

function isLetter(c) {
  return /\p{L}/u.test(c)
}

/** Break offsets inside a plain word (letters only), each the index where the second part starts. */
function plainBreaks(w) {
  const out = []
  const v = [...w].map((c) => VOWEL.test(c))
  for (let i = LEFT_MIN; i <= w.length - RIGHT_MIN; i++) {
    // i is the start of the new syllable
    if (!v[i] && v[i + 1] && v[i - 1])
      out.push(i) // V-CV
    else if (!v[i] && !v[i - 1] && v[i + 1] && i >= 2 && v[i - 2]) {
      // VC-CV unless the pair is an onset (then V-CCV)
      const pair = w.slice(i - 1, i + 1).toLowerCase()
      if (ONSETS.has(pair)) {
        if (i - 1 >= LEFT_MIN) out.push(i - 1)
      } else out.push(i)
    } else if (!v[i] && !v[i - 1] && !v[i - 2] && v[i + 1] && i >= 3 && v[i - 3]) {
      // VCC-CV / VC-CCV: split before an onset pair, else after the second consonant
      const pair = w.slice(i - 1, i + 1).toLowerCase()
      if (ONSETS.has(pair)) {
        if (i - 1 >= LEFT_MIN) out.push(i - 1)
      } else out.push(i)
    }
  }
  return [...new Set(out)].filter((i) => i >= LEFT_MIN && i <= w.length - RIGHT_MIN).sort((a, b) => a - b)
}

/**
 * Hyphenation points of a token (punctuation around it allowed): `{ at, compound }` where `at` is the index in the
 * token after which the line breaks, `compound` true when the token's own hyphen is the break (no hyphen added).
 */
export function hyphenPoints(token) {
  const out = []
  // parts separated by hyphens and apostrophes; letters-only runs get syllable breaks
  const re = /\p{L}+/gu
  let m
  while ((m = re.exec(token))) {
    const word = m[0]
    // no break in a capitalised name part's first two letters or in all-caps words (acronyms)
    if (word.length >= 5 && word !== word.toUpperCase()) for (const b of plainBreaks(word)) out.push({ at: m.index + b, compound: false })
  }
  for (let i = 1; i < token.length - 1; i++) {
    if (token[i] === '-' && isLetter(token[i - 1]) && isLetter(token[i + 1])) out.push({ at: i + 1, compound: true })
  }
  return out.sort((a, b) => a.at - b.at)
}
