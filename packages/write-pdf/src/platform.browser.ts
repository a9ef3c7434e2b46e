// PDF/A's browser side: the sRGB profile comes with the code (srgb-icc.ts holds the bytes of icc/sRGB.icc), as a
// browser has no package folder to read and the page fetches nothing; the MD5 of the file ID from @noble/hashes,
// as Web Crypto has no MD5.
import { md5 } from '@noble/hashes/legacy.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { SRGB_ICC_BASE64 } from './srgb-icc.js'

export const readProfile = (): Uint8Array => Uint8Array.from(atob(SRGB_ICC_BASE64), (c) => c.charCodeAt(0))

export const md5Hex = (data: Uint8Array): string => bytesToHex(md5(data))
