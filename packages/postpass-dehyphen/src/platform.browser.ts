// A browser has no package folder to read: the page hands the dictionaries over with `provideDictionary` (from files
// it serves itself), and a language it did not provide goes on without one, as in Node when the package is missing.

export function readDictionaryFiles(pkg: string): { aff: string; dic: string } {
  throw new Error(`no dictionary ${pkg} in a browser: give it with provideDictionary()`)
}
