// PDF/A's Node side: the packaged sRGB profile read from the package folder (`icc/` beside `dist/`, listed in the
// package's `files`; see icc/README.md), and the MD5 of the input for the file ID. A browser build swaps in
// platform.browser.ts (the same profile's bytes bundled with the code) through the `browser` condition of `#platform`.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

export const readProfile = (): Uint8Array => new Uint8Array(readFileSync(new URL('../../icc/sRGB.icc', import.meta.url)))

export const md5Hex = (data: Uint8Array): string => createHash('md5').update(data).digest('hex')
