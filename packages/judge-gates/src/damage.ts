// The damage gates on a text's character statistics (letter share, Latin-1 and control share, vowels, scripts), each
// finding with the number that decided and its threshold, and the notes that print the statistics.
import type { ResolvedGatesOptions } from './options.js'
import type { PageStats } from '@pdftriage/text-stats'
import type { ScriptMix } from './script-mix.js'

/** Which gate found damage, with the number that decided and its threshold. */
export interface Damage {
  /**
   * 'letters': too few letters (and digits); 'odd': too many Latin-1 symbols, capitals or controls; 'vowels': Latin
   * letters in proportions no language has (a shifted or substituted font); 'script': letters whose scripts no text
   * mixes so (ASCII read as UTF-16, ideographs outside every common set, words made of several scripts).
   */
  gate: 'letters' | 'odd' | 'vowels' | 'script'
  score: number
  threshold: number
  /** Why, in words, e.g. "letters 0.05 < 0.25 and letters+digits 0.19 < 0.50". */
  note: string
}

/** Two decimals, as the notes print every share. */
export const f2 = (x: number): string => x.toFixed(2)

/**
 * Tests the damage gates on statistics taken from enough text. Returns the damage found, or `undefined` when the text
 * passes both gates (the caller decides whether there was enough text to ask).
 */
export function findDamage(
  s: PageStats,
  o: Pick<ResolvedGatesOptions, 'minLetterShare' | 'minAlnumShare' | 'maxLatin1Share' | 'vowelShare' | 'vowelMinLetters'>,
): Damage | undefined {
  if (s.letterShare < o.minLetterShare && s.alnumShare < o.minAlnumShare) {
    return {
      gate: 'letters',
      score: s.letterShare,
      threshold: o.minLetterShare,
      note: `letters ${f2(s.letterShare)} < ${f2(o.minLetterShare)} and letters+digits ${f2(s.alnumShare)} < ${f2(o.minAlnumShare)}`,
    }
  }
  if (s.oddShare > o.maxLatin1Share) {
    return {
      gate: 'odd',
      score: s.oddShare,
      threshold: o.maxLatin1Share,
      note: `latin-1 and controls ${f2(s.oddShare)} > ${f2(o.maxLatin1Share)}`,
    }
  }
  // Only where Latin letters carry the text: other scripts and symbol soup are the other gates' business.
  if (s.latinLetters >= o.vowelMinLetters && s.latinLetters >= s.letters / 2) {
    const [lo, hi] = o.vowelShare
    if (s.vowelShare < lo || s.vowelShare > hi) {
      return {
        gate: 'vowels',
        score: s.vowelShare,
        threshold: s.vowelShare < lo ? lo : hi,
        note: `vowels ${f2(s.vowelShare)} of ${s.latinLetters} Latin letters, outside ${f2(lo)}-${f2(hi)}: no language spells so (a shifted or substituted font)`,
      }
    }
  }
  return undefined
}

/**
 * The damage gates for text too short for shares to be trusted: only values no genuine text reaches on any length,
 * each over enough characters to be more than one stray glyph. Returns `undefined` when nothing is extreme.
 */
export function findExtremeDamage(
  s: PageStats,
  o: Pick<ResolvedGatesOptions, 'extremeControlShare' | 'extremeMinControls' | 'extremeAlnumShare' | 'extremeMinChars'>,
): Damage | undefined {
  if (s.controls >= o.extremeMinControls && s.controlShare >= o.extremeControlShare) {
    return {
      gate: 'odd',
      score: s.controlShare,
      threshold: o.extremeControlShare,
      note: `${s.controls} control or unassigned characters, ${f2(s.controlShare)} >= ${f2(o.extremeControlShare)} of the text: text never carries them`,
    }
  }
  if (s.judged >= o.extremeMinChars && s.alnumShare <= o.extremeAlnumShare) {
    return {
      gate: 'letters',
      score: s.alnumShare,
      threshold: o.extremeAlnumShare,
      note: `letters+digits ${f2(s.alnumShare)} <= ${f2(o.extremeAlnumShare)} over ${s.judged} characters: symbols only`,
    }
  }
  return undefined
}

/**
 * The script gate, on any amount of text: its counts are of characters no genuine text holds at all, so a few of
 * them speak. Returns `undefined` when the mix is plausible.
 */
export function findScriptDamage(
  m: ScriptMix,
  o: Pick<ResolvedGatesOptions, 'letterPairShare' | 'minScriptLetters' | 'rareHanShare' | 'mixedWordShare'>,
): Damage | undefined {
  if (m.han >= o.minScriptLetters && m.letterPairs / m.han >= o.letterPairShare) {
    const share = m.letterPairs / m.han
    return {
      gate: 'script',
      score: share,
      threshold: o.letterPairShare,
      note: `${m.letterPairs} of ${m.han} ideographs are two ASCII letters read as one UTF-16 unit (${f2(share)} >= ${f2(o.letterPairShare)}): a byte-swapped or misread layer`,
    }
  }
  if (m.rareHan >= 2 && m.rareHan / m.han >= o.rareHanShare) {
    const share = m.rareHan / m.han
    return {
      gate: 'script',
      score: share,
      threshold: o.rareHanShare,
      note: `${m.rareHan} of ${m.han} ideographs are in no common national set (${f2(share)} >= ${f2(o.rareHanShare)}): a broken character map`,
    }
  }
  if (m.letters >= o.minScriptLetters * 2 && m.mixedLetters / m.letters >= o.mixedWordShare) {
    const share = m.mixedLetters / m.letters
    return {
      gate: 'script',
      score: share,
      threshold: o.mixedWordShare,
      note: `${m.mixedLetters} of ${m.letters} letters are in words mixing scripts (${m.scripts
        .slice(0, 3)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}; ${f2(share)} >= ${f2(o.mixedWordShare)}): glyph ids, not text`,
    }
  }
  return undefined
}

/** The statistics as notes print them, in the order taken. */
export function statsNote(s: PageStats): string {
  const parts = [`${s.chars} characters`]
  if (s.leaders) parts.push(`${s.leaders} in leaders`)
  parts.push(`letters ${f2(s.letterShare)}`, `letters+digits ${f2(s.alnumShare)}`, `latin-1 ${f2(s.latin1Share)}`, `controls ${f2(s.controlShare)}`)
  if (s.latinLetters) parts.push(`vowels ${f2(s.vowelShare)}`)
  return parts.join(', ')
}

/** The function-word shares: notes only, never the verdict. */
export function wordsNote(s: PageStats): string {
  return `${s.words} words, english function words ${f2(s.englishShare)}, french function words ${f2(s.frenchShare)}`
}
