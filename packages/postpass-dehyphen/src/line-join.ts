// Two pieces of text joined across a line end: a line-final hyphen resolved, otherwise a space (or a newline after a
// line short by design).
import { HUNSPELL, decideHyphen, type HyphenDecision } from './hyphen-decision.js'
import { isLetterOrDigit } from './chars.js'
import { endsWithHyphen } from './layout.js'
import type { Vocabulary } from './vocabulary.js'

/** One resolved line-end hyphen, for notes and evaluation. */
export interface HyphenSite {
  left: string
  right: string
  page: number
  decision: HyphenDecision
}

/**
 * Joins two pieces of text across a line end: resolves a line-final hyphen (see {@link decideHyphen}), otherwise
 * puts a space, or a newline when `soft` (the line was short by design). Records hyphen sites in `sites`.
 */
export function joinAcross(
  a: string,
  b: string,
  soft: boolean,
  ctx: { vocab: Vocabulary; languages: readonly string[]; documentWords: boolean; dictionaries: boolean; sites: HyphenSite[]; page: number },
): string {
  const sp = b.indexOf(' ')
  const rightTok = sp < 0 ? b : b.slice(0, sp)
  // `a` is the paragraph so far: its end is checked in constant time (see endsWithHyphen).
  if (endsWithHyphen(a) && rightTok.length > 0 && isLetterOrDigit(rightTok.codePointAt(0)!)) {
    const leftTok = a.slice(a.lastIndexOf(' ') + 1)
    const d = decideHyphen(leftTok, rightTok, ctx.vocab, ctx.languages, ctx.documentWords, undefined, ctx.dictionaries ? HUNSPELL : null)
    ctx.sites.push({ left: leftTok, right: rightTok, page: ctx.page, decision: d })
    const stem = a.slice(0, -1)
    if (d.choice === 'join') return stem + b
    if (d.choice === 'keep') return `${stem}-${b}`
    return `${stem}- ${b}`
  }
  return a + (soft ? '\n' : ' ') + b
}
