/**
 * A reader of page content streams, enough to find the glyphs a simple font shows and where: operators with their
 * operands (numbers, strings, names, arrays; dictionaries kept whole), inline images skipped. Offsets are into the
 * content as a Latin-1 string (one character a byte), so that a caller can copy what it does not change byte for byte.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib'

/** pdf-lib's module, which this package imports lazily. */
type PdfLib = typeof import('pdf-lib')

/** A stream (or a reference to one) decoded through its filters, as Latin-1; `undefined` for no stream or bad data. */
export function streamText(lib: PdfLib, doc: PDFDocument, stream: unknown): string | undefined {
  const s = stream instanceof lib.PDFRef ? doc.context.lookup(stream) : stream
  if (!(s instanceof lib.PDFRawStream)) return undefined
  try {
    return Buffer.from(lib.decodePDFRawStream(s).decode()).toString('latin1')
  } catch {
    return undefined
  }
}

/**
 * A page's content streams read as one (PDF 7.8.2; a line feed keeps the last word of one and the first of the next
 * apart), and the entries of its /Contents they came from; `undefined` when one cannot be decoded.
 */
export function pageContent(lib: PdfLib, doc: PDFDocument, page: PDFPage): { text: string; streams: unknown[] } | undefined {
  const contents = page.node.get(lib.PDFName.of('Contents'))
  const streams = contents instanceof lib.PDFArray ? contents.asArray() : contents ? [contents] : []
  const parts: string[] = []
  for (const s of streams) {
    const text = streamText(lib, doc, s)
    if (text === undefined) return undefined
    parts.push(text)
  }
  return { text: parts.join('\n'), streams }
}

/** An operand: a number, a string's bytes, a name (decoded), an array, or anything else (dictionaries, booleans). */
export type Operand =
  { kind: 'num'; value: number } | { kind: 'str'; bytes: number[] } | { kind: 'name'; value: string } | { kind: 'array'; items: Operand[] } | { kind: 'other' }

/** One operator and its operands; `start` is where its first operand (or the operator) begins, `end` just after it. */
export interface Op {
  op: string
  operands: Operand[]
  start: number
  end: number
}

const isSpace = (c: number): boolean => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32
const DELIMS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)))
const isRegular = (c: number): boolean => !isSpace(c) && !DELIMS.has(c)
const HEX = /^[0-9a-fA-F]$/

/**
 * The operands being read: those of the operator to come, with the arrays and dictionaries being read as frames
 * above them, and where the first of them began.
 */
class OperandStack {
  private frames: Array<{ items: Operand[]; kind: 'top' | 'array' | 'dict' }> = [{ items: [], kind: 'top' }]
  private opStart = -1

  get nested(): boolean {
    return this.frames.length > 1
  }

  push(o: Operand, at: number): void {
    if (this.frames.length === 1 && this.opStart < 0) this.opStart = at
    this.frames[this.frames.length - 1]!.items.push(o)
  }

  /** An array or dictionary begins at `at`. */
  open(kind: 'array' | 'dict', at: number): void {
    if (this.frames.length === 1 && this.opStart < 0) this.opStart = at
    this.frames.push({ items: [], kind })
  }

  /** The array or dictionary being read ends (a stray end is ignored): an array is one operand, a dictionary an `other`. */
  close(kind: 'array' | 'dict', at: number): void {
    if (this.frames.length > 1 && this.frames[this.frames.length - 1]!.kind === kind) {
      const f = this.frames.pop()!
      this.push(kind === 'array' ? { kind: 'array', items: f.items } : { kind: 'other' }, at)
    }
  }

  /** The operator `op` read at `at` and ending at `end`, with the operands before it; the stack is emptied for the next. */
  take(op: string, at: number, end: number, withOperands: boolean): Op {
    const o: Op = { op, operands: withOperands ? this.frames[0]!.items : [], start: this.opStart < 0 ? at : this.opStart, end }
    this.frames[0] = { items: [], kind: 'top' }
    this.opStart = -1
    return o
  }
}

/**
 * The operators of `s` (a content stream as Latin-1) in order. Throws on what it cannot read (an unterminated string
 * or inline image): a caller then leaves the content as it was.
 */
export function parseContent(s: string): Op[] {
  const ops: Op[] = []
  const stack = new OperandStack()
  let i = 0
  const n = s.length
  while (i < n) {
    const c = s.charCodeAt(i)
    if (isSpace(c)) {
      i++
      continue
    }
    const at = i
    if (c === 0x25 /* % */) {
      while (i < n && s.charCodeAt(i) !== 10 && s.charCodeAt(i) !== 13) i++
      continue
    }
    if (c === 0x28 /* ( */) {
      const r = literalString(s, i)
      stack.push({ kind: 'str', bytes: r.bytes }, at)
      i = r.end
      continue
    }
    if (c === 0x3c /* < */) {
      if (s.charCodeAt(i + 1) === 0x3c) {
        stack.open('dict', at)
        i += 2
        continue
      }
      const r = hexStringAt(s, i)
      stack.push({ kind: 'str', bytes: r.bytes }, at)
      i = r.end
      continue
    }
    if (c === 0x3e /* > */) {
      i += s.charCodeAt(i + 1) === 0x3e ? 2 : 1
      stack.close('dict', at)
      continue
    }
    if (c === 0x5b /* [ */) {
      stack.open('array', at)
      i++
      continue
    }
    if (c === 0x5d /* ] */) {
      i++
      stack.close('array', at)
      continue
    }
    if (c === 0x7b || c === 0x7d /* { } */) {
      i++
      continue
    }
    if (c === 0x2f /* / */) {
      const j = regularEnd(s, i + 1)
      stack.push({ kind: 'name', value: nameValue(s.slice(i + 1, j)) }, at)
      i = j
      continue
    }
    const j = regularEnd(s, i)
    // A delimiter no rule above reads (a stray `)`): the stream is damaged, and reading on from it would not advance.
    if (j === i) throw new Error(`unexpected ${s[i]!} at offset ${i}`)
    i = readWord(s, s.slice(i, j), at, j, stack, ops)
  }
  return ops
}

/** Where the run of regular characters from `from` ends. */
function regularEnd(s: string, from: number): number {
  let j = from
  while (j < s.length && isRegular(s.charCodeAt(j))) j++
  return j
}

/** A name's value, its #XX escapes read. */
const nameValue = (raw: string): string => raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))

/** A hexadecimal string's bytes (an odd last digit read as followed by 0) and where it ends. */
function hexStringAt(s: string, from: number): { bytes: number[]; end: number } {
  const close = s.indexOf('>', from)
  if (close < 0) throw new Error('unterminated hex string')
  const digits = [...s.slice(from + 1, close)].filter((ch) => HEX.test(ch))
  if (digits.length % 2) digits.push('0')
  const bytes: number[] = []
  for (let k = 0; k < digits.length; k += 2) bytes.push(parseInt(digits[k]! + digits[k + 1]!, 16))
  return { bytes, end: close + 1 }
}

/**
 * A word read at `at` and ending at `end`: a number or keyword operand, or an operator, which takes the operands
 * read. Returns where reading goes on: `end`, or after an inline image's data.
 */
function readWord(s: string, word: string, at: number, end: number, stack: OperandStack, ops: Op[]): number {
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
    stack.push({ kind: 'num', value: Number(word) }, at)
    return end
  }
  if (word === 'true' || word === 'false' || word === 'null') {
    stack.push({ kind: 'other' }, at)
    return end
  }
  if (stack.nested) {
    // an operator inside an unclosed array or dictionary: the stream is damaged
    throw new Error(`operator ${word} inside an operand`)
  }
  if (word !== 'ID') {
    ops.push(stack.take(word, at, end, true))
    return end
  }
  // inline image data: binary up to whitespace, EI, whitespace (or the end)
  const m = /\sEI(?=\s|$)/g
  m.lastIndex = end + 1
  const e = m.exec(s)
  if (!e) throw new Error('unterminated inline image')
  ops.push(stack.take('EI', at, e.index + 3, false))
  return e.index + 3
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 }

/** A literal string's bytes (escapes read, an end of line inside it read as one line feed) and where it ends. */
function literalString(s: string, from: number): { bytes: number[]; end: number } {
  const bytes: number[] = []
  let depth = 0
  let i = from
  for (;;) {
    if (i >= s.length) throw new Error('unterminated string')
    const ch = s[i]!
    if (ch === '(') {
      if (depth++ > 0) bytes.push(40)
      i++
    } else if (ch === ')') {
      if (--depth === 0) return { bytes, end: i + 1 }
      bytes.push(41)
      i++
    } else if (ch === '\\') {
      const e = s[i + 1]
      if (e === undefined) throw new Error('unterminated string')
      if (ESCAPES[e] !== undefined) {
        bytes.push(ESCAPES[e])
        i += 2
      } else if (/[0-7]/.test(e)) {
        let j = i + 1
        while (j < i + 4 && /[0-7]/.test(s[j] ?? '')) j++
        bytes.push(parseInt(s.slice(i + 1, j), 8) & 0xff)
        i = j
      } else if (e === '\r' || e === '\n') {
        i += e === '\r' && s[i + 2] === '\n' ? 3 : 2
      } else i++ // an unknown escape: the backslash is ignored
    } else if (ch === '\r') {
      bytes.push(10)
      i += s[i + 1] === '\n' ? 2 : 1
    } else {
      bytes.push(s.charCodeAt(i))
      i++
    }
  }
}

/** A string operand written back as a hexadecimal string. */
export const hexString = (bytes: readonly number[]): string => `<${bytes.map((b) => b.toString(16).padStart(2, '0')).join('')}>`
