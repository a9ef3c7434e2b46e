/** The languages {@link functionWords} knows. */
export type FunctionWordLanguage = 'fr' | 'en'

/**
 * How much of a language's list: each tier holds the one before it.
 * - `markers`: some of the commonest words that only this language uses among French and English (`le`, `the`;
 *   `a`, `on`, `in`, used by both, are not): their counts tell which of the two a text is in.
 * - `common`: the markers and the other common function words: healthy English pages carry 0.25-0.40 of their words
 *   in the English tier, garbled ones near 0, and the French tier keeps French pages from reading as damaged (what
 *   the gates judge counts).
 * - `all`: the common words and more pronouns, possessives, auxiliaries and elided forms (`l`, `d`, `qu`): the fuller
 *   share a repair compares its candidates by, about a third of the words of running prose.
 */
export type FunctionWordTier = 'markers' | 'common' | 'all'

// Hand-picked from the commonest words of French and English prose: articles, prepositions, conjunctions, pronouns
// and auxiliaries. Each word once, in the first tier it belongs to; the packages that read them (judge-gates,
// repair-reflect, repair-codemap, postpass-dehyphen) derive what they need from these in code.
const TIERS: Record<FunctionWordLanguage, Record<FunctionWordTier, string>> = {
  fr: {
    markers: 'le la les des du et est une dans pour qui que sur pas',
    common: 'de en un par au aux ce il ne à',
    all: 'l d a y ces cette qu sont elle ils on nous vous se sa son ses leur leurs plus ou où avec être été tout mais si je me te lui',
  },
  en: {
    markers: 'the of and to is that with for was which by this from are',
    common: 'in a it as on be or at an not but have has were can these their its will would also into than there they we you he she his her them if may must',
    all: 'been',
  },
}

const ORDER: readonly FunctionWordTier[] = ['markers', 'common', 'all']

const SETS = new Map<string, ReadonlySet<string>>()
for (const lang of Object.keys(TIERS) as FunctionWordLanguage[]) {
  const words: string[] = []
  for (const tier of ORDER) {
    words.push(...TIERS[lang][tier].split(' '))
    SETS.set(`${lang} ${tier}`, new Set(words))
  }
}

/**
 * French or English function words, lower-case, up to `tier` (default `all`): the one list the judges, repairs and
 * post-passes count words of a text against. The same set each call.
 */
export function functionWords(language: FunctionWordLanguage, tier: FunctionWordTier = 'all'): ReadonlySet<string> {
  return SETS.get(`${language} ${tier}`)!
}
