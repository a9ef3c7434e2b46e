// Whether a line-final hyphen is kept (a compound), removed (a word split by the hyphenator), or keeps two words
// apart: decided from the document's own words, the dictionary and French and English compound habits.
import { dictionary, type WordList } from './dictionary.js'
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
  'être',
  'dire',
  'même',
  'mêmes',
  'vous',
  'nous',
  'moi',
  'toi',
  'soi',
  'dessus',
  'dessous',
  'delà',
  'deçà',
  'dedans',
  'devant',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'sept',
  'huit',
  'neuf',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix',
  'vingt',
  'vingts',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
])
/** Tails that also end plain words (voi-là, voi-ci, cel-le): weak evidence, needing the head to be a word as well. */
const FRA_WEAK_TAILS = new Set(['ils', 'elles', 'elle', 'il', 'on', 'en', 'y', 'le', 'la', 'les', 'lui', 'leur', 'ce', 'là', 'ci', 'bas'])
/** Heads that French and English write with a hyphen (grand-mère, arrière-plan, self-evident, well-known). */
const HEADS = new Set([
  'grand',
  'grande',
  'arrière',
  'après',
  'avant',
  'demi',
  'semi',
  'mi',
  'quasi',
  'vice',
  'garde',
  'nord',
  'sud',
  'vingt',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
  'self',
  'well',
  'half',
  'long',
  'short',
  'north',
  'south',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
])
/**
 * `sous` before a word is a compound (sous-préfecture, sous-préfet, sous-section, sous-sol) except in the few words
 * that close it up, whose tails are matched here: soussigné, soustraire, soustraction, souscrire, souscription.
 */
const CLOSED_AFTER_SOUS = /^(?:sign|tra|cri)/u
/**
 * Short words that join the parts of French compounds and place names (Seine-et-Marne, Val-de-Marne, arc-en-ciel).
 * `les`, `le`, `la` and `des` are left out: they are as often a syllable of a plain word (cel-les-ci, ci-des-sous).
 */
const CONNECTORS = new Set(['de', 'du', 'd', 'en', 'au', 'aux', 'et', 'à', 'sur', 'sous', 'lès', 'lez'])
/** English suffixes that TeX's English patterns split off before a vowel. */
const ENGLISH_SUFFIX =
  /^(?:able|ably|ible|ibly|ing|ings|ed|er|ers|est|ation|ations|ion|ions|ity|ities|ive|ives|al|ally|ous|ously|ism|ist|ists|ize|ized|izes|ise|ised)$/
/** A right part that is the euphonic t and a subject pronoun. */
const EUPHONIC_T = /^t-(?:il|elle|on|ils|elles)$/iu
/** Starts of the French words that end in an elided qu' (jusqu', lorsqu', puisqu', quoiqu', presqu', quelqu'). */
const QU_WORD_STARTS = new Set(['jus', 'lors', 'puis', 'quoi', 'pres', 'quel', 'quelqu'])
/** Conjunctions after which a line-end hyphen is a suspended compound: `pré- et post-électoral`, `pre- and post-war`. */
const CONJUNCTIONS = new Set(['et', 'ou', 'ni', 'and', 'or', 'nor', 'und', 'oder'])

/** Score of a compound with no other evidence: most line-end hyphens are plain word breaks (about 93 % in French). */
const PRIOR = -2.5
/** Weight of the character model's "two words rather than one" log-ratio, clipped to +-CLIP nats. */
const MODEL_WEIGHT = 0.4
const MODEL_CLIP = 2
/** Tokens from which the document's character model gets its full weight (about three pages of prose). */
const MODEL_FULL_TOKENS = 1000
/** The model's log-ratio at an ordinary break, subtracted so that the term is evidence only where it departs from it. */
const MODEL_CENTRE = 1.5
/** Weight of the share of a part's occurrences in the document that are inside compounds. */
const AFFINITY_WEIGHT = 2
/** A word making up this share of the document's tokens is a function word (French "de" is about 4 %, "sur" 0.3 %, "lors" 0.02 %). */
const FUNCTION_WORD_SHARE = 0.002
/** ...and occurs at least this often: on a single page every word seen once passes the share. */
const FUNCTION_WORD_MIN = 3
/**
 * Weight, centre and clip of a letter model's word-boundary log-ratio. With the N1 model fitted on the corpus's fit
 * pages, the cold sweep's French decisions went from 725/745 to 715-723 at every weight (0.3-0.8) and centre (-1 to
 * 0) tried; 0.3 and -0.5 cost least (723). So the pipeline does not pass one (see README); the hook stays for
 * measuring other models (`MODEL=file node tools/eval-dehyphen/eval.mjs`).
 */
const LETTERS_WEIGHT = 0.3
const LETTERS_CENTRE = -0.5
const LETTERS_CLIP = 2
/** Letters without a vowel of French or English. */
const NO_VOWEL = /^[^\P{L}aeiouyàâäéèêëîïôöùûüÿœæ]+$/iu
/** A part made of letters only: the dictionaries are asked about words, not names with digits or signs. */
const LETTERS_ONLY = /^[\p{L}']+$/u
/**
 * Weight of a tail that is a dictionary word when neither spelling of the whole is. On the pdflatex technical set
 * (`latex-eval.mjs --set tech`) and the cold sweep: 1.5 loses two English compounds (nginx-|light), 3.5 two other
 * English sites, 2.5 neither.
 */
const DICT_TAIL = 2.5
/** Added when the head is a dictionary word too. */
const DICT_BOTH = 1
/**
 * Weight of the joined spelling being a word where it does not decide alone (English, or an English word in a French
 * document). English writes many words both ways: at 1.5 and above `long-|standing` is joined ("longstanding"), at 0
 * the cold sweep loses four breaks inside compounds (two-vo-|lume, vice-chair-|man).
 */
const DICT_JOINED = 1
/**
 * How the French dictionary writes a head before other words: `super` 80 closed to 11 hyphenated (supermarché),
 * `sur` 332/3, `auto` 175/49, `multi` 107/6; `sous` 5/166, `demi` 0/67, `porte` 5/78 hyphenated; `contre` 67/143,
 * `mi` 30/30, `bien` 9/11 both ways. A head with at least HABIT_MIN stems one way and HABIT_RATIO times the other
 * is a prefix the language closes up (superutilisateur) or hyphenates. The English dictionary lists no hyphenated
 * words, so it cannot tell.
 */
const HABIT_MIN = 10
/** Two-letter heads are left out: any stem starting `co`, `re`, `ex` with a word after it counts (ex-ministre). */
const HABIT_HEAD_MIN = 3
const HABIT_RATIO = 4
/** 2 to 4 decide the same on every set here; 3 outweighs a head and a tail being words of the document. */
const HABIT_WEIGHT = 3
/**
 * Weight of a break inside a lower-case token of several hyphenated parts (a package name). pdfTeX never breaks a
 * word holding a hyphen elsewhere, other typesetters do (sous-pré-|fecture), where the dictionary usually knows the
 * part (préfecture). 2 loses task-|xfce-desktop, 4 loses four of the cold sweep's breaks inside English compounds.
 */
const HYPHENATED_NAME = 3
/** A document is treated as French when at least this share of its function words are French ones. */
const FRENCH_DOCUMENT = 0.5

/** True when a word is frequent enough in the document to be one of its function words (at least 3 times). */
function isFunctionWord(vocab: Vocabulary, w: string): boolean {
  return vocab.count(w) >= FUNCTION_WORD_MIN && vocab.share(w) >= FUNCTION_WORD_SHARE
}

/**
 * A letter model trained beyond the document (the N1 letter-pair model of `@pdftriage/model-bigram`): how many nats
 * more probable the two parts are as two words ("head tail") than as one ("headtail"). Optional evidence for
 * {@link decideHyphen}; measured to hurt with the N1 model, so not used by the post-pass itself.
 */
export interface LetterEvidence {
  boundary(head: string, tail: string): number
}

/**
 * Where a decision finds the word list of a language: the hunspell dictionaries of `dictionary-fr` and
 * `dictionary-en` by default (read on first use), `null` for none.
 */
export interface Lexicon {
  words(lang: 'fra' | 'eng'): WordList | undefined
}
export const HUNSPELL: Lexicon = { words: dictionary }

/** The two sides of a break as the evidence reads them. */
interface Break {
  /** The last token of the line, hyphen included, and the first of the next. */
  left: string
  right: string
  /** Their cores (`L` without the hyphen), and `R` lower-cased. */
  L: string
  R: string
  rl: string
  /** The last part of `L`, lower-cased in `hl`, and the first part of `R`, lower-cased in `firstR`, as written in `firstRaw`. */
  head: string
  hl: string
  firstR: string
  firstRaw: string
  languages: readonly string[]
  /** The document is French enough for French rules. */
  french: boolean
}

/** The dictionaries a break is looked up in: the document language's, English beside French, and whether the joined word is in the first. */
interface Dictionaries {
  main: WordList | undefined
  joined: boolean
  lexicon: Lexicon | null
}

/** The score for keeping the hyphen as evidence adds to it, and the evidence's names in order. */
class Tally {
  s = PRIOR
  readonly why: string[] = []
  add(v: number, r: string): void {
    this.s += v
    this.why.push(r)
  }
}

/**
 * Decides a line-final hyphen between `left` (the last token of a line, hyphen included) and `right` (the first
 * token of the next line). The document's vocabulary decides first (the word read whole elsewhere, joined or with
 * its hyphen), then the French dictionary (one spelling a word, the other not); otherwise evidence is summed:
 * digits or a capital after the hyphen, a fragment too short for a hyphenator to leave, the shape of technical
 * tokens (options, parts without a vowel, names of several hyphenated parts), what the dictionaries say of the
 * parts, compound parts seen in the document or known to the language, both parts being words of the document,
 * and the character model's preference for two words over one.
 */
export function decideHyphen(
  left: string,
  right: string,
  vocab: Vocabulary,
  languages: readonly string[],
  documentWords = true,
  letters?: LetterEvidence,
  lexicon: Lexicon | null = HUNSPELL,
): HyphenDecision {
  if (/\u00ad$/.test(left)) return { choice: 'join', score: undefined, reason: 'soft hyphen' }
  const L = core(left.slice(0, -1))
  const R = core(right)
  const rl = R.toLowerCase()
  const outright = decidedByShape(right, L, R, rl)
  if (outright) return outright
  const joined = vocab.count(L + R)
  const hyph = vocab.count(`${L}-${R}`)
  if (documentWords && (joined > 0 || hyph > 0)) {
    return hyph > joined
      ? { choice: 'keep', score: undefined, reason: `"${L}-${R}" read ${hyph}x whole` }
      : { choice: 'join', score: undefined, reason: `"${L}${R}" read ${joined}x whole` }
  }
  const head = lastPart(L)
  const hl = head.toLowerCase()
  const firstR = rl.split('-')[0] ?? ''
  const french = languages.includes('fra') && (vocab.frenchShare() ?? (languages[0] === 'fra' ? 1 : 0)) >= FRENCH_DOCUMENT
  // Asked as written (Dubois is a name; a capital that opens a sentence is lower-cased by the lookup).
  const firstRaw = R.split('-')[0] ?? ''
  const b: Break = { left, right, L, R, rl, head, hl, firstR, firstRaw, languages, french }
  const dict = lookUp(b, lexicon)
  if (dict.main && french) {
    const h = dict.main.has(`${head}-${firstRaw}`)
    if (dict.joined !== h)
      return dict.joined
        ? { choice: 'join', score: undefined, reason: `dictionary: "${head}${firstRaw}"` }
        : { choice: 'keep', score: undefined, reason: `dictionary: "${head}-${firstRaw}"` }
  }
  const t = new Tally()
  technicalEvidence(b, t)
  const closingPrefix = dictionaryEvidence(b, dict, t)
  breakShapeEvidence(b, t)
  compoundEvidence(b, vocab, closingPrefix, t)
  const discounted = documentWordEvidence(b, vocab, t)
  modelEvidence(b, vocab, letters, discounted, t)
  return { choice: t.s > 0 ? 'keep' : 'join', score: t.s, reason: t.why.join(', ') }
}

/** The breaks whose shape decides alone: a suspended compound, a euphonic t, a hyphen between digits. */
function decidedByShape(right: string, L: string, R: string, rl: string): HyphenDecision | undefined {
  if (CONJUNCTIONS.has(rl) && right.trim().toLowerCase() === rl) return { choice: 'apart', score: undefined, reason: 'suspended compound' }
  // The euphonic t of an inverted question always stands between two hyphens: pensa-t-il, va-t-on, a-t-elle.
  if (EUPHONIC_T.test(R)) return { choice: 'keep', score: undefined, reason: 'euphonic t' }
  // Hyphenators break words of letters, never a run of digits: a hyphen between two digits is the text's own (a date
  // 2008-|12, a range 10-|20, a reference), whatever a letter model makes of the digits.
  if (/\p{N}$/u.test(L) && /^\p{N}/u.test(R)) return { choice: 'keep', score: undefined, reason: 'between digits' }
  return undefined
}

/** The dictionary of the document's language, when the break is one it can speak of. */
function lookUp({ L, R, hl, head, firstR, firstRaw, languages, french }: Break, lexicon: Lexicon | null): Dictionaries {
  const capitalOrDigit = /\p{N}$/u.test(L) || /^[\p{N}\p{Lu}]/u.test(R)
  // The dictionary of the document's language next. Names and numbers are left to the evidence below, and so are
  // one-letter parts, which no hyphenator leaves (va-t-|on is not "ton").
  const askDictionary = lexicon && !capitalOrDigit && [...hl].length > 1 && [...firstR].length > 1 && LETTERS_ONLY.test(hl) && LETTERS_ONLY.test(firstR)
  const lang = french ? 'fra' : languages.includes('eng') ? 'eng' : undefined
  const main = askDictionary && lang ? lexicon.words(lang) : undefined
  // French lists its hyphenated words (sous-répertoire, peut-être): one spelling a word of it, the other not,
  // decides. English lists none, and writes many words both ways (long-standing, longstanding): there the joined
  // word is evidence.
  return { main, joined: main?.has(head + firstRaw) ?? false, lexicon }
}

/** Technical tokens: a command-line option, a part without a vowel. */
function technicalEvidence({ left, hl, firstR }: Break, t: Tally): void {
  // A command-line option keeps its hyphens: --dry-|run, --no-install-|recommends.
  if (/^-{1,2}\p{L}/u.test(left.trim())) t.add(4, 'option')
  // Hyphenation patterns split words into syllables, each with a vowel: a part without one is mostly an abbreviation
  // or a command of its own (dpkg-|remove, ssh-|copy-id, --without-new-|pkgs). Not always: TeX broke chk-|tex.
  if ((NO_VOWEL.test(hl) && [...hl].length > 1) || (NO_VOWEL.test(firstR) && [...firstR].length > 1)) t.add(3, 'part without a vowel')
}

/** What the dictionaries say of the parts; true when the head is a prefix French closes up. */
function dictionaryEvidence({ head, hl, firstR, firstRaw, languages, french }: Break, { main, joined, lexicon }: Dictionaries, t: Tally): boolean {
  // A prefix the language closes up, even before a vowel (superutilisateur, surélevé).
  let closingPrefix = false
  if (!main) return closingPrefix
  // For a French document, English words too: manuals quote English names (firmware, daemon, light).
  const other = french && languages.includes('eng') ? lexicon!.words('eng') : undefined
  const joinedWord = french ? (other?.has(head + firstRaw) ?? false) : joined
  if (joinedWord) t.add(-DICT_JOINED, `English dictionary: "${head}${firstRaw}"`)
  else {
    // Neither spelling is a word: a tail that is one is a part of a name or of a compound the dictionary lacks
    // (systemd-|resolved, build-|essential); a syllable a pattern split off rarely is (-|temctl, -|fecture).
    if (main.has(firstR) || (other?.has(firstR) ?? false)) {
      t.add(DICT_TAIL, 'tail in the dictionary')
      // Two words that do not make one: a name or a compound (apt-|get, build-|essential).
      if (main.has(hl) || (other?.has(hl) ?? false)) t.add(DICT_BOTH, 'head in the dictionary too')
    }
    if (french && [...hl].length >= HABIT_HEAD_MIN) {
      const habit = main.prefixHabit(hl)
      if (habit.closed >= HABIT_MIN && habit.closed >= HABIT_RATIO * habit.hyphenated) {
        t.add(-HABIT_WEIGHT, `dictionary closes "${hl}" up ${habit.closed}/${habit.hyphenated}`)
        closingPrefix = true
      } else if (habit.hyphenated >= HABIT_MIN && habit.hyphenated >= HABIT_RATIO * habit.closed)
        t.add(HABIT_WEIGHT, `dictionary hyphenates "${hl}" ${habit.hyphenated}/${habit.closed}`)
    }
  }
  return closingPrefix
}

/** The break's own shape: a name of hyphenated parts, a digit, a capital or an elision after the hyphen, a one-letter part. */
function breakShapeEvidence({ L, R, rl, hl, firstR }: Break, t: Tally): void {
  // A name of several hyphenated parts (ssh-copy-id, libvirt-daemon-system, non-free-firmware) broken at one of them.
  // Package and command names are lower-case; place names of several parts are not (Notre-Dame-de-Bondeville).
  if ((L.includes('-') || R.includes('-')) && !CONNECTORS.has(firstR) && L === L.toLowerCase() && R === rl) t.add(HYPHENATED_NAME, 'hyphenated name')
  if (/\p{N}$/u.test(L) || /^\p{N}/u.test(R)) t.add(4, 'digit')
  const allCaps = L === L.toUpperCase() && R === R.toUpperCase()
  if (!allCaps && /^\p{Lu}/u.test(R)) t.add(4, 'capital after hyphen')
  // An elided article opens a word, never a syllable: chefs-d'œuvre, presqu'île broken at its hyphen.
  // Not after jus-, lors-, puis-, quoi-, pres-, quel-: jusqu'à, lorsqu'il, quelqu'un are one word broken before qu'.
  if (/^(?:[cdjlmnst]|qu)['’]/iu.test(R) && !QU_WORD_STARTS.has(hl)) t.add(4, 'elision after hyphen')
  // Hyphenators leave at least two letters on each side of a break: one letter is a compound part (vis-à-vis).
  if ([...hl].length === 1 && /\p{L}/u.test(hl)) t.add(3, 'one-letter head')
  if ([...firstR].length === 1) t.add(3, 'one-letter tail')
}

/** Compound parts known to the language or seen in the document's compounds. */
function compoundEvidence({ R, hl, firstR, french }: Break, vocab: Vocabulary, closingPrefix: boolean, t: Tally): void {
  if (french && FRA_STRONG_TAILS.has(firstR)) t.add(3, 'compound tail')
  else if (french && FRA_WEAK_TAILS.has(firstR)) t.add(1.5, 'weak compound tail')
  // French syllables start with a consonant (gou-ver-ne-ment): a part starting with a vowel is a word of its own.
  // English patterns do break before suffixes (avail-able, read-ing), which French documents quote too.
  if (french && !closingPrefix && /^[aeiouyàâéèêëîïôœ]/iu.test(firstR) && !ENGLISH_SUFFIX.test(firstR)) t.add(3, 'vowel after hyphen')
  // A known head is decisive only before a word (mi-temps, not mi-nistre).
  if (HEADS.has(hl)) t.add(vocab.count(firstR) > 0 ? 3 : 1.5, 'known head')
  // Decisive: administrative French never closes these up (procès-verbal; sous-préfecture, sous-section), and `sous`
  // is also one of the document's function words, whose say is otherwise discounted.
  if (french && /^\p{L}/u.test(firstR) && (hl === 'procès' || (hl === 'sous' && !CLOSED_AFTER_SOUS.test(firstR)))) t.add(4, 'administrative compound')
  // Connectors of place names and set phrases (Val-de-Marne, arc-en-ciel, pot-au-feu) between two hyphens.
  if (R.includes('-') && CONNECTORS.has(firstR)) t.add(3, 'connector after hyphen')
  const ha = vocab.affinity(hl, 'head')
  const ta = vocab.affinity(firstR, 'tail')
  if (ha > 0) t.add(AFFINITY_WEIGHT * ha, `head in compounds ${ha.toFixed(2)}`)
  if (ta > 0) t.add(AFFINITY_WEIGHT * ta, `tail in compounds ${ta.toFixed(2)}`)
}

/**
 * The parts as words of the document (and an address or path); true when a part is one of its function words, which
 * discounts the models' say.
 */
function documentWordEvidence({ L, hl, firstR, languages, french }: Break, vocab: Vocabulary, t: Tally): boolean {
  // A head that is one of the document's function words (de, en, sur, par, lors) is as often a syllable of a plain
  // word (de-puis, sur-tout, lors-que): it and the model's preference for two words say nothing then.
  const functionHead = isFunctionWord(vocab, hl)
  // Likewise a tail that is a function word (lors-que, pres-que), unless compounds take it (est-ce, dit-il).
  const functionTail = isFunctionWord(vocab, firstR) && !FRA_WEAK_TAILS.has(firstR) && !FRA_STRONG_TAILS.has(firstR)
  // Inside a compound, a function word between hyphens is a part of it, not a syllable: pot-au-|feu, arc-en-|ciel.
  if (L.includes('-') && CONNECTORS.has(hl)) t.add(3, 'connector inside compound')
  const headWord = vocab.count(hl) > 0 && !functionHead
  const tailWord = vocab.count(firstR) > 0 && !functionTail
  if (headWord) t.add(1, 'head is a word')
  if (tailWord) t.add(1, 'tail is a word')
  // English writes open compounds of two content words with a hyphen (machine-encoded, mixed-mode) and its closed
  // ones mostly from function words (with-out, some-thing), which the function-word rule already discounts.
  if (!french && languages.includes('eng') && headWord && tailWord && [...hl].length >= 4 && [...firstR].length >= 3) t.add(1.5, 'two English words')
  if (/[/@_]|:\/\//u.test(L)) t.add(4, 'address or path')
  return functionHead || functionTail
}

/** The document's character model's preference for two words over one, and the optional letter model's; only against keeping after a function word. */
function modelEvidence({ hl, firstR }: Break, vocab: Vocabulary, letters: LetterEvidence | undefined, functionPart: boolean, t: Tally): void {
  const m = vocab.model.logProb(hl) + vocab.model.logProb(firstR) - vocab.model.logProb(hl + firstR)
  // A model fitted on a few hundred words knows little: its say grows with the document up to MODEL_FULL_TOKENS.
  const w = MODEL_WEIGHT * Math.min(1, vocab.tokens / MODEL_FULL_TOKENS)
  const mt = Math.max(-MODEL_CLIP, Math.min(MODEL_CLIP, w * (m - MODEL_CENTRE)))
  t.add(functionPart ? Math.min(0, mt) : mt, `model ${m.toFixed(1)}${functionPart ? ' (function word)' : ''}`)
  if (letters) {
    const b = letters.boundary(hl, firstR)
    const lt = Math.max(-LETTERS_CLIP, Math.min(LETTERS_CLIP, LETTERS_WEIGHT * (b - LETTERS_CENTRE)))
    t.add(functionPart ? Math.min(0, lt) : lt, `letters ${b.toFixed(1)}`)
  }
}
