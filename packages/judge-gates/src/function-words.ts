/** English function words: healthy English pages carry 0.25-0.40 of their words in such a list, garbled ones near 0. */
export const ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'the of and to in a is that for it as with was on be by this are or from at an not which but have has were ' +
    'can these their its will would also into than there they we you he she his her them if may must'
  ).split(' '),
)

/** French function words, reported beside the English share so that French pages are not read as damaged. */
export const FRENCH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  'le la les de des du et en un une est que qui pour dans par sur au aux ce il ne pas à'.split(' '),
)
