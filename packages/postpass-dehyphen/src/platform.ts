// Node reads a language's hunspell files from its npm package; a browser build swaps in platform.browser.ts through
// the `browser` condition of the package's `#platform` import.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The `.aff` and `.dic` text of the dictionary package `pkg`; throws when it cannot be read. */
export function readDictionaryFiles(pkg: string): { aff: string; dic: string } {
  const dir = dirname(createRequire(import.meta.url).resolve(pkg))
  return { aff: readFileSync(join(dir, 'index.aff'), 'utf8'), dic: readFileSync(join(dir, 'index.dic'), 'utf8') }
}
