/**
 * French and English function words of two letters or more: about a quarter to a third of the words of running prose
 * in either language, near none in junk. One-letter words are left out: junk cut by punctuation into letter runs is
 * full of `a`, `y`, `l`, `d`.
 */
const FUNCTION_WORDS = new Set(
  (
    'le la les un une des du de et en au aux ce ces cette qui que qu ne pas par pour sur dans est sont il elle ' +
    'ils on nous vous se sa son ses leur leurs plus ou où avec être été tout mais si je me te lui à ' +
    'the of and to in is that for it as was with be by on not this are or from at an which have has but its ' +
    'were their they he she his her we you can will would there been'
  ).split(' '),
)

/** Share of the words (letter runs) of `text` that are function words, and the number of words. */
export function functionWordShare(text: string): { share: number; words: number } {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  let k = 0
  for (const w of words) if (FUNCTION_WORDS.has(w)) k++
  return { share: words.length ? k / words.length : 0, words: words.length }
}
