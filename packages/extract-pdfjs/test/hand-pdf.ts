import { createHash } from 'node:crypto'
import { assemblePdf } from '@pdftriage/core/testing'

/** Writes a PDF from object bodies with a correct xref table (core's writer; a space keeps trailer keys apart). */
export const handPdf = (objs: string[], trailerExtra = ''): Uint8Array => assemblePdf(objs, trailerExtra ? ` ${trailerExtra}` : '')

/** One A4 page drawing `body` with /F1 = `font` (object 5); `more` are objects 6 on, which the font may refer to. */
export const fontPage = (body: string, font: string, ...more: string[]): Uint8Array =>
  handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    font,
    ...more,
  ])

/** One A4 page drawing `body` with /F1 = Helvetica in WinAnsi (\\264 acute, \\140 grave, \\210 circumflex). */
export const helveticaPage = (body: string): Uint8Array => fontPage(body, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')

/** A PDF with a catalog and an empty page tree: zero pages. */
export const zeroPages = () => handPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'])

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex')
const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5')
  for (const p of parts) h.update(p)
  return h.digest()
}
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i)
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255
    ;[s[i], s[j]] = [s[j]!, s[i]!]
  }
  const out = Buffer.alloc(data.length)
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255
    j = (j + s[i]!) & 255
    ;[s[i], s[j]] = [s[j]!, s[i]!]
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!
  }
  return out
}
const padded = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PAD]).subarray(0, 32)
const rounds = (key: Buffer, data: Buffer) => {
  let c = rc4(key, data)
  for (let i = 1; i <= 19; i++)
    c = rc4(
      key.map((b) => b ^ i),
      c,
    )
  return c
}

/**
 * A one-page PDF encrypted with the standard handler (RC4 128-bit, revision 3) and user password `password`,
 * showing `text` in Helvetica: PDF 1.7 section 7.6.3, algorithms 2, 3 and 5.
 */
export function encryptedWithPassword(password: string, text: string): Uint8Array {
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex')
  const p = -3904
  let h = md5(padded(password)) // owner password = user password
  for (let i = 0; i < 50; i++) h = md5(h)
  const o = rounds(h, padded(password))
  const pBytes = Buffer.alloc(4)
  pBytes.writeInt32LE(p)
  let key = md5(padded(password), o, pBytes, id)
  for (let i = 0; i < 50; i++) key = md5(key)
  const u = Buffer.concat([rounds(key, md5(PAD, id)), Buffer.alloc(16)])
  const content = Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, 'latin1')
  const objKey = md5(key, Buffer.from([4, 0, 0, 0, 0])).subarray(0, 16) // object 4, generation 0
  const enc = rc4(objKey, content)
  return handPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${enc.length} >>\nstream\n${enc.toString('latin1')}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      `<< /Filter /Standard /V 2 /R 3 /Length 128 /P ${p} /O <${o.toString('hex')}> /U <${u.toString('hex')}> >>`,
    ],
    `/Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] `,
  )
}
