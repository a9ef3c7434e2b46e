// The CSV of documents.csv: one line written with RFC 4180 quoting and formula cells defused, and the text read back.
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'

/** A cell of {@link csvLine}: written as its string; null and undefined as empty. */
export type CsvCell = string | number | boolean | null | undefined

/**
 * One CSV line (with its newline), RFC 4180 quoting by csv-stringify. A cell a spreadsheet would run as a formula
 * (`=HYPERLINK(...)` as a Producer; `+ - @`, tab, CR, and their full-width forms: csv-stringify's `escape_formulas`)
 * gets a leading `'`, which spreadsheets show as text and {@link parseCsv} removes. A cell that already starts with
 * `'` gets one too, so that reading strips exactly the quote writing added. A lone CR is quoted like a newline.
 */
export function csvLine(values: readonly CsvCell[]): string {
  const cells = values.map((v) => {
    const s = v === undefined || v === null ? '' : String(v)
    return s.startsWith("'") ? `'${s}` : s
  })
  return stringify([cells], { escape_formulas: true, record_delimiter: '\n', quoted_match: /\r/ })
}

/**
 * Parses CSV text into rows (quoted fields may hold newlines; rows may differ in length), removing the quote
 * {@link csvLine} puts before a formula-like field. A final line without newline is returned too.
 */
export function parseCsv(text: string): string[][] {
  const rows = parse(text, { relax_column_count: true, skip_empty_lines: true })
  return rows.map((r) => r.map((f) => (f.startsWith("'") ? f.slice(1) : f)))
}
