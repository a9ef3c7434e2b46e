// The common English and French function words the gates' statistics count: healthy pages carry a quarter or more
// of their words in them, junk near none.
import { functionWords } from './function-words.js'

/** English function words (core's `common` tier): healthy English pages carry 0.25-0.40 of their words in it, garbled ones near 0. */
export const ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = functionWords('en', 'common')

/** French function words (core's `common` tier), reported beside the English share so that French pages are not read as damaged. */
export const FRENCH_FUNCTION_WORDS: ReadonlySet<string> = functionWords('fr', 'common')
