/**
 * Cells a spreadsheet would run as a formula start with one of these (OWASP's list); a leading quote is escaped too,
 * so that reading strips exactly the quote writing added.
 */
const FORMULA_START = /^[=+\-@\t\r']/

/**
 * Quotes a CSV field when it holds a comma, quote, CR or LF (RFC 4180). A field that a spreadsheet would take for a
 * formula (`=HYPERLINK(...)` as a Producer) gets a leading `'`, which spreadsheets show as text and {@link parseCsv}
 * removes.
 */
export function csvField(v: string | number | boolean | null | undefined): string {
  let s = v === undefined || v === null ? '' : String(v)
  if (FORMULA_START.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** One CSV line (with its newline). */
export const csvLine = (values: readonly (string | number | boolean | null | undefined)[]): string => `${values.map(csvField).join(',')}\n`

/**
 * Parses RFC 4180 CSV text into rows (quoted fields may hold newlines), removing the quote {@link csvField} puts
 * before a formula-like field. A final line without newline is returned too.
 */
export function parseCsv(text: string): string[][] {
  return parseRaw(text).map((r) => r.map((f) => (f.startsWith("'") ? f.slice(1) : f)))
}

function parseRaw(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let q = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (q) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else q = false
      } else field += c
    } else if (c === '"') q = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else if (c !== '\r') field += c
  }
  if (field !== '' || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}
