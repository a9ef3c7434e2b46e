// The public API of @pdftriage/postpass-dehyphen: the `dehyphen` post-pass plugin, its options, the text rebuild and
// the hyphen decision with its dictionaries.
export { dehyphenPostProcessor as default, dehyphenPostProcessor, createDehyphen, DEHYPHEN_NAME } from './dehyphen-post-processor.js'
export { dehyphenOptionsSchema, type DehyphenOptions, type ResolvedDehyphenOptions } from './options.js'
export { rebuildText, type RebuildResult } from './rebuild-text.js'
export { decideHyphen, HUNSPELL, type HyphenChoice, type HyphenDecision, type LetterEvidence, type Lexicon } from './hyphen-decision.js'
export { WordList, dictionary, dictionaryLoadMs, provideDictionary, type PrefixHabit } from './dictionary.js'
export type { HyphenSite } from './line-join.js'
export { isPageNumber } from './running-elements.js'
export { Vocabulary } from './vocabulary.js'
