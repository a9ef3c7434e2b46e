/**
 * A dependency-free writer of tiny PDFs for conformance tests: each page shows lines of ASCII text in Helvetica
 * (12 pt, from 72 pt below the top, 16 pt leading), or nothing. Third-party backends can test with it without a PDF
 * library.
 */
export function minimalPdf(pages: string[][], size: [number, number] = [612, 792], trailerExtra = '', extraObjects: string[] = []): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')
  const objs: string[] = []
  const add = (body: string) => objs.push(body) // object number = index + 1
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add('') // pages, filled below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  const kids: number[] = []
  for (const lines of pages) {
    let content = ''
    if (lines.length) {
      content = `BT /F1 12 Tf 16 TL 72 ${size[1] - 72} Td\n`
      content += lines.map((l, i) => `${i ? 'T* ' : ''}(${esc(l)}) Tj`).join('\n')
      content += '\nET'
    }
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`)
    const contentId = objs.length
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`)
    kids.push(objs.length)
  }
  objs[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`
  objs.push(...extraObjects)
  return assemblePdf(objs, trailerExtra)
}

/**
 * Writes a PDF from object bodies (object i+1 is `objs[i]`, object 1 the catalog) with a correct cross-reference
 * table; `trailerExtra` is added to the trailer dictionary. Characters are written as bytes (Latin-1), so a body may
 * carry binary strings.
 */
export function assemblePdf(objs: readonly string[], trailerExtra = ''): Uint8Array {
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objs.forEach((body, i) => {
    offsets.push(pdf.length)
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  pdf += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`
  return Uint8Array.from(pdf, (c) => c.charCodeAt(0) & 0xff)
}

/**
 * A PDF declaring standard-security encryption (RC4, revision 3) whose O and U entries match no password: every reader
 * asks for one. For testing that an extractor reports encryption as such.
 */
export function encryptedMinimalPdf(): Uint8Array {
  const pages = [['secret']]
  // The Encrypt dictionary is the object after the page objects: catalog, pages, font, then content + page per page.
  const encryptId = 3 + pages.length * 2 + 1
  return minimalPdf(pages, undefined, ` /Encrypt ${encryptId} 0 R /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>]`, [
    `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${'A1'.repeat(32)}> /U <${'B2'.repeat(32)}> >>`,
  ])
}
