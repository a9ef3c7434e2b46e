import { lastPart, core, type Vocabulary } from './vocabulary.js'

/** How a line-final hyphen is resolved: words kept apart (`pré- et post-`), joined with the hyphen, joined without. */
export type HyphenChoice = 'apart' | 'keep' | 'join'

/** A decision with its evidence, for notes and evaluation. */
export interface HyphenDecision {
  choice: HyphenChoice
  /** Log-odds-like score for keeping the hyphen (> 0 keeps); `undefined` when the document's vocabulary decided. */
  score: number | undefined
  reason: string
}

/**
 * Second parts that French writes after a hyphen and rarely ends an ordinary word with (peut-être, c'est-à-dire,
 * rendez-vous, au-dessus, dix-huit). Strong: almost never the tail of a plain word a hyphenator would split off.
 */
const FRA_STRONG_TAILS = new Set([
  'être', 'dire', 'même', 'mêmes', 'vous', 'nous', 'moi', 'toi', 'soi', 'dessus', 'dessous', 'delà', 'deçà', 'dedans',
  'devant', 'deux', 'trois', 'quatre', 'cinq', 'sept', 'huit', 'neuf', 'onze', 'douze', 'treize', 'quatorze', 'quinze',
  'seize', 'dix', 'vingt', 'vingts', 'trente', 'quarante', 'cinquante', 'soixante',
])
/** Tails that also end plain words (voi-là, voi-ci, cel-le): weak evidence, needing the head to be a word as well. */
const FRA_WEAK_TAILS = new Set(['ils', 'elles', 'elle', 'il', 'on', 'en', 'y', 'le', 'la', 'les', 'lui', 'leur', 'ce', 'là', 'ci', 'bas'])
/** Heads that French and English write with a hyphen (grand-mère, arrière-plan, self-evident, well-known). */
const HEADS = new Set([
  'grand', 'grande', 'arrière', 'après', 'avant', 'demi', 'semi', 'mi', 'quasi', 'vice', 'ex', 'porte', 'garde',
  'self', 'well', 'half', 'long', 'short',
])
/** Conjunctions after which a line-end hyphen is a suspended compound: `pré- et post-électoral`, `pre- and post-war`. */
const CONJUNCTIONS = new Set(['et', 'ou', 'ni', 'and', 'or', 'nor', 'und', 'oder'])

/** Score of a compound with no other evidence: most line-end hyphens are plain word breaks (about 93 % in French). */
const PRIOR = -2.5
/** Weight of the character model's "two words rather than one" log-ratio, clipped to +-CLIP nats. */
const MODEL_WEIGHT = 0.3
const MODEL_CLIP = 2

/**
 * Decides a line-final hyphen between `left` (the last token of a line, hyphen included) and `right` (the first
 * token of the next line). The document's vocabulary decides first (the word read whole elsewhere, joined or with
 * its hyphen); otherwise evidence is summed: digits or a capital after the hyphen, a fragment too short for a
 * hyphenator to leave, compound parts seen in the document or known to the language, both parts being words of
 * the document, and the character model's preference for two words over one.
 */
export function decideHyphen(left: string, right: string, vocab: Vocabulary, languages: readonly string[]): HyphenDecision {
  if (/\u00ad$/.test(left)) return { choice: 'join', score: undefined, reason: 'soft hyphen' }
  const L = core(left.slice(0, -1))
  const R = core(right)
  const rl = R.toLowerCase()
  if (CONJUNCTIONS.has(rl) && right.trim().toLowerCase() === rl) return { choice: 'apart', score: undefined, reason: 'suspended compound' }
  const joined = vocab.count(L + R)
  const hyph = vocab.count(`${L}-${R}`)
  if (joined > 0 || hyph > 0) {
    return hyph > joined
      ? { choice: 'keep', score: undefined, reason: `"${L}-${R}" read ${hyph}x whole` }
      : { choice: 'join', score: undefined, reason: `"${L}${R}" read ${joined}x whole` }
  }
  const head = lastPart(L)
  const hl = head.toLowerCase()
  const firstR = rl.split('-')[0] ?? ''
  const why: string[] = []
  let s = PRIOR
  const add = (v: number, r: string) => {
    s += v
    why.push(r)
  }
  if (/\p{N}$/u.test(L) || /^\p{N}/u.test(R)) add(4, 'digit')
  const allCaps = L === L.toUpperCase() && R === R.toUpperCase()
  if (!allCaps && /^\p{Lu}/u.test(R)) add(4, 'capital after hyphen')
  if (R.includes('-')) add(3, 'compound continues')
  if ([...hl].length === 1 && /\p{L}/u.test(hl)) add(3, 'one-letter head')
  if ([...firstR].length === 1) add(3, 'one-letter tail')
  const fra = languages.includes('fra')
  if (fra && FRA_STRONG_TAILS.has(firstR)) add(3, 'compound tail')
  else if (fra && FRA_WEAK_TAILS.has(firstR)) add(1.5, 'weak compound tail')
  if ((vocab.tails.get(firstR) ?? 0) > 0) add(2, 'tail seen in document')
  if ((vocab.heads.get(hl) ?? 0) > 0 || HEADS.has(hl)) add(1.5, 'head seen')
  if (vocab.count(hl) > 0) add(1, 'head is a word')
  if (vocab.count(firstR) > 0) add(1, 'tail is a word')
  const m = vocab.model.logProb(hl) + vocab.model.logProb(firstR) - vocab.model.logProb(hl + firstR)
  s += Math.max(-MODEL_CLIP, Math.min(MODEL_CLIP, MODEL_WEIGHT * m))
  why.push(`model ${m.toFixed(1)}`)
  return { choice: s > 0 ? 'keep' : 'join', score: s, reason: why.join(', ') }
}
