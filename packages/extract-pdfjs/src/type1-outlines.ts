// Type 1 font programs decrypted far enough to group glyph names by identical outlines, so that a glyph renamed to a
// number can take the name of its twin that reads as a character.
import { indexOfText, latin1 } from './bytes.js'

/**
 * A Type 1 program's glyphs grouped by outline: the names of the glyphs its `/CharStrings` draw with the very same
 * charstring. A program whose glyphs a producer renamed to numbers (`/g17`) for its encoding may still hold the glyph
 * under its own name (the renamed copy beside the original, or a glyph two names share): the same outline draws the
 * same letter, so the name that reads as a character names the other too.
 */

/** The Type 1 encryption's constants (the eexec and charstring ciphers share them; only the starting key differs). */
const C1 = 52845
const C2 = 22719
const EEXEC_KEY = 55665
const CHARSTRING_KEY = 4330
/** Random bytes the eexec part starts with, by the format's definition. */
const EEXEC_SKIP = 4
/** Random bytes a charstring starts with when the program sets no `/lenIV`. */
const DEFAULT_LEN_IV = 4

function decrypt(data: Uint8Array, key: number, skip: number): Uint8Array {
  let r = key
  const out = new Uint8Array(Math.max(0, data.length - skip))
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!
    if (i >= skip) out[i - skip] = c ^ (r >> 8)
    r = ((c + r) * C1 + C2) & 0xffff
  }
  return out
}

/** How far into a program its clear text is looked through: a font's header is a few kilobytes. */
export const CLEAR_TEXT_LIMIT = 65536

/**
 * Where a Type 1 program's clear text ends (the offset of its `eexec`, which the encrypted part follows), or -1 when
 * its first {@link CLEAR_TEXT_LIMIT} bytes hold none.
 */
export function eexecAt(program: Uint8Array): number {
  return indexOfText(program.subarray(0, Math.min(program.byteLength, CLEAR_TEXT_LIMIT)), 'eexec')
}

const isHex = (b: number) => (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102)
const isSpace = (b: number) => b === 32 || b === 9 || b === 10 || b === 13 || b === 12 || b === 0

/**
 * The encrypted part of a program: from `length1` when the stream gives it (a PDF's `/Length1`), else after the
 * clear text's `eexec`; hexadecimal (as a PFA file keeps it) or binary, as its first bytes say.
 */
function encryptedPart(program: Uint8Array, length1: number | undefined): Uint8Array | undefined {
  let start = length1
  if (start === undefined || start <= 0 || start >= program.length) {
    const at = eexecAt(program)
    if (at < 0) return undefined
    start = at + 'eexec'.length
  }
  while (start < program.length && isSpace(program[start]!)) start++
  const head = program.subarray(start, start + EEXEC_SKIP)
  if (head.length < EEXEC_SKIP) return undefined
  if (!head.every(isHex)) return program.subarray(start)
  const hex: number[] = []
  let hi = -1
  for (let i = start; i < program.length; i++) {
    const b = program[i]!
    if (isSpace(b)) continue
    if (!isHex(b)) break
    const v = parseInt(String.fromCharCode(b), 16)
    if (hi < 0) hi = v
    else {
      hex.push((hi << 4) | v)
      hi = -1
    }
  }
  return Uint8Array.from(hex)
}

/** `/name length RD ` (or `-|`): a charstring's head in the decrypted private part; its bytes follow. */
const ENTRY = /\s*\/([^\s/[\]{}()<>%]+)\s+(\d+)\s+(\S+) /y
/** The `ND` (or `|-`) that closes a charstring's entry. */
const CLOSE = /\s*\S+/y

/**
 * Glyph name -> the names of the other glyphs drawn by the same charstring, for the glyphs of `program` (a Type 1
 * program's bytes) that share theirs; empty when none do or the program cannot be read. `length1`: the clear text's
 * length as the PDF stream gives it.
 */
export function outlineTwins(program: Uint8Array, length1?: number): Map<string, string[]> {
  const out = new Map<string, string[]>()
  const enc = encryptedPart(program, length1)
  if (!enc) return out
  const priv = decrypt(enc, EEXEC_KEY, EEXEC_SKIP)
  const text = latin1(priv)
  const lenIVMatch = /\/lenIV\s+(-?\d+)/.exec(text)
  const lenIV = lenIVMatch ? Number(lenIVMatch[1]) : DEFAULT_LEN_IV
  const at = text.indexOf('/CharStrings')
  if (at < 0) return out
  const head = /\/CharStrings\s+\d+\s+dict\s+dup\s+begin/y
  head.lastIndex = at
  if (!head.exec(text)) return out
  let pos = head.lastIndex
  const byOutline = new Map<string, string[]>()
  for (;;) {
    ENTRY.lastIndex = pos
    const m = ENTRY.exec(text)
    if (!m) break
    const length = Number(m[2])
    const start = ENTRY.lastIndex
    if (start + length > priv.length) break
    const bytes = priv.subarray(start, start + length)
    // a charstring's random leading bytes may differ between two copies of one outline: compared decrypted
    const plain = lenIV < 0 ? bytes : decrypt(bytes, CHARSTRING_KEY, lenIV)
    const key = latin1(plain)
    const names = byOutline.get(key) ?? []
    names.push(m[1]!)
    byOutline.set(key, names)
    CLOSE.lastIndex = start + length
    if (!CLOSE.exec(text)) break
    pos = CLOSE.lastIndex
  }
  for (const names of byOutline.values()) {
    if (names.length < 2) continue
    for (const n of names)
      if (n !== '.notdef')
        out.set(
          n,
          names.filter((o) => o !== n && o !== '.notdef'),
        )
  }
  return out
}
