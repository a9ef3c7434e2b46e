// PDF/A's Node side: the packaged sRGB profile read from the package folder, and the MD5 of the input for the file
// ID. A browser build swaps in platform.browser.ts through the `browser` condition of the package's `#platform` import.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

export const readProfile = (url: URL): Uint8Array => new Uint8Array(readFileSync(url))

export const md5Hex = (data: Uint8Array): string => createHash('md5').update(data).digest('hex')
