// Character statistics that tell language from junk without a fitted model (function words, letters, vowels): the
// reflect repair's score when no letter-pair model is configured.
import { functionWords, pageStats } from '@pdftriage/text-stats'
/** Character statistics that tell language from junk without a fitted model: the gates' `pageStats` and function words. */
export interface CharStats {
  /** Non-space characters (`pageStats().chars`). */
  nonSpace: number
  /** Share of non-space characters that are letters (any script), leaders included. */
  letterShare: number
  /** Vowels over Latin letters (`pageStats().vowelShare`: a e i o u y, accented or not, æ œ ø). */
  vowelRatio: number
  /** Share of words (letter runs) that are French or English function words. */
  functionWordShare: number
  /** The same share counting only function words of two letters or more (see {@link LONG_FUNCTION_WORDS}). */
  longFunctionWordShare: number
  /** Words (letter runs). */
  words: number
}

/** French and English function words (core's list): about a third of the words of running prose in either language. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([...functionWords('fr'), ...functionWords('en')])

/**
 * The function words of two letters or more. Junk that a wrong repair makes (Latin-1 codes taken for reflected ones:
 * `;||Txé RQpfKfm;x m<|x;px`) is cut by its punctuation into letter runs, many of them `a`, `l`, `d`, `y`, which count
 * as function words: such junk passed the full share's 0.12; this one measured 0.00-0.05 on it, 0.40 on prose.
 */
const LONG_FUNCTION_WORDS = new Set([...FUNCTION_WORDS].filter((w) => w.length >= 2))

/** Measures `text`. Shares are 0 when there is nothing to divide by. */
export function charStats(text: string): CharStats {
  const ps = pageStats(text)
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  let fw = 0
  let lfw = 0
  for (const w of words) {
    if (FUNCTION_WORDS.has(w)) fw++
    if (LONG_FUNCTION_WORDS.has(w)) lfw++
  }
  return {
    nonSpace: ps.chars,
    letterShare: ps.chars ? ps.letters / ps.chars : 0,
    vowelRatio: ps.vowelShare,
    functionWordShare: words.length ? fw / words.length : 0,
    longFunctionWordShare: words.length ? lfw / words.length : 0,
    words: words.length,
  }
}

/**
 * A score in 0..~1.5 from the statistics, higher reads better: function-word share plus letter share, times a
 * penalty when the vowel ratio leaves 0.25-0.60 (French and English prose sit at 0.35-0.48).
 */
export function statsScore(s: CharStats): number {
  const vowelOk = s.vowelRatio >= 0.25 && s.vowelRatio <= 0.6 ? 1 : 0.5
  return (s.functionWordShare * 2 + s.letterShare) * vowelOk
}

/**
 * Whether the statistics say prose: function words >= 0.12 of the words (healthy 0.25-0.40, garbled near 0),
 * letters >= 0.6 of the characters, vowel ratio 0.25-0.60.
 */
export function statsReads(s: CharStats): boolean {
  return s.functionWordShare >= 0.12 && s.letterShare >= 0.6 && s.vowelRatio >= 0.25 && s.vowelRatio <= 0.6
}
