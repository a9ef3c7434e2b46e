// The output folder's index (documents.csv and pages.jsonl): appended as documents finish, cut back to whole documents
// after a kill, compacted to the newest row per path. It is what makes a run incremental.
import { constants, existsSync, openSync, closeSync, fstatSync, fsyncSync, ftruncateSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { DOCUMENT_COLUMNS, type DocumentRow } from '@pdftriage/core/output'
import { writeAtomic, writeError } from './atomic.js'
import { csvLine, parseCsv } from './csv.js'
import { decodeName, encodeName } from './file-names.js'

// The columns and the row are core's, where the review page reads them back too.
export { DOCUMENT_COLUMNS, type DocumentRow }

/**
 * The output folder's index: `documents.csv` (one row per input path) and `pages.jsonl` (one row per page).
 *
 * Crash safety: a document's page rows are appended first, then its document row, which records `pages_end`, the
 * size of pages.jsonl once its rows are in. On open, a torn last line is cut from either file and pages.jsonl is cut
 * back to the last document row's `pages_end`: rows of a document killed mid-way disappear and it is done again.
 * A path processed again (`--redo`, a changed file) appends a newer row; {@link IndexStore.compact} keeps the newest
 * row per path and that document's page rows, rewriting both files atomically.
 */
export class IndexStore {
  readonly docsPath: string
  readonly pagesPath: string
  /** Rows by path, newest last. */
  private rows: DocumentRow[] = []
  private superseded = false
  // Lookups by path and by (hash, config) are asked once per input: scanning the rows made a resumed run over n
  // documents cost n^2 comparisons (minutes at a million rows). Both maps follow every change to `rows`.
  private newest = new Map<string, DocumentRow>()
  private firstDone = new Map<string, DocumentRow>()

  constructor(readonly out: string) {
    this.docsPath = join(out, 'documents.csv')
    this.pagesPath = join(out, 'pages.jsonl')
  }

  /** Reads the index, repairing what a killed run may have left. Returns what it repaired, for the log. */
  open(): string[] {
    const fixes: string[] = []
    if (existsSync(this.docsPath)) {
      fixes.push(...cutTornLine(this.docsPath))
      const parsed = parseCsv(readFileSync(this.docsPath, 'utf8'))
      const header = parsed.shift() ?? []
      this.rows = parsed
        .filter((r) => r.length === header.length)
        .map((r) => Object.fromEntries(DOCUMENT_COLUMNS.map((c) => [c, cellValue(c, r[header.indexOf(c)] ?? '')])) as DocumentRow)
    }
    if (existsSync(this.pagesPath)) {
      fixes.push(...cutTornLine(this.pagesPath))
      const end = this.rows.reduce((m, r) => Math.max(m, Number(r.pages_end) || 0), 0)
      const size = statSync(this.pagesPath).size
      if (size > end) {
        truncateSync(this.pagesPath, end)
        fixes.push(`pages.jsonl: dropped ${size - end} bytes of rows from a document that did not finish`)
      }
    }
    this.reindex()
    this.superseded = this.newest.size < this.rows.length
    return fixes
  }

  /** The newest row for a path. */
  latest(path: string): DocumentRow | undefined {
    return this.newest.get(path)
  }

  /** The newest row of every path, in the order paths first appeared. */
  newestRows(): IterableIterator<DocumentRow> {
    return this.newest.values()
  }

  /** The first done row with this content hash and config digest (for duplicates). */
  doneByHash(hash: string, config: string): DocumentRow | undefined {
    return this.firstDone.get(hashKey(hash, config))
  }

  private reindex(): void {
    this.newest.clear()
    this.firstDone.clear()
    for (const r of this.rows) this.track(r)
  }

  private track(r: DocumentRow): void {
    this.newest.set(r.path, r)
    const k = hashKey(r.hash, r.config)
    if (r.status === 'done' && !this.firstDone.has(k)) this.firstDone.set(k, r)
  }

  /** Appends a document's page rows, then its document row (see the class comment for why in that order). */
  append(row: Omit<DocumentRow, 'pages_end'>, pageLines: readonly string[]): void {
    if (this.latest(row.path)) this.superseded = true
    if (pageLines.length) appendDurably(this.pagesPath, pageLines.join(''))
    const end = existsSync(this.pagesPath) ? statSync(this.pagesPath).size : 0
    const full = { ...row, pages_end: String(end) }
    // No newline inside a row: a torn last line can then always be cut at the last newline. The header goes with the
    // first row in one write, so a file never holds rows without it.
    const line = rowLine(full)
    const empty = !existsSync(this.docsPath) || statSync(this.docsPath).size === 0
    appendDurably(this.docsPath, empty ? csvLine(DOCUMENT_COLUMNS) + line : line)
    this.rows.push(full)
    this.track(full)
  }

  /**
   * Appends several documents at once with two fsyncs in all (group commit): every page row first, then the document
   * rows, each recording where its own page rows end. A kill in between leaves page rows past the last document row,
   * which {@link IndexStore.open} drops, as after {@link IndexStore.append}. One fsync costs about 4 ms on this
   * machine's disk (87 single appends a second): a collector of many workers' completions needs this.
   */
  appendMany(items: ReadonlyArray<{ row: Omit<DocumentRow, 'pages_end'>; pageLines: readonly string[] }>): void {
    if (!items.length) return
    let end = existsSync(this.pagesPath) ? statSync(this.pagesPath).size : 0
    const pagesText = items.map((it) => it.pageLines.join('')).join('')
    if (pagesText) appendDurably(this.pagesPath, pagesText)
    const rows = items.map((it) => {
      end += Buffer.byteLength(it.pageLines.join(''))
      return { ...it.row, pages_end: String(end) }
    })
    const paths = new Set<string>()
    for (const r of rows) {
      if (paths.has(r.path) || this.latest(r.path)) this.superseded = true
      paths.add(r.path)
    }
    if (!existsSync(this.docsPath)) appendDurably(this.docsPath, csvLine(DOCUMENT_COLUMNS))
    appendDurably(this.docsPath, rows.map(rowLine).join(''))
    this.rows.push(...rows)
    for (const r of rows) this.track(r)
  }

  /** Keeps the newest row per path and only the page rows of kept documents. Rewrites nothing when nothing is superseded. */
  async compact(): Promise<boolean> {
    if (!this.superseded) return false
    const keep = new Map<string, DocumentRow>()
    for (const r of this.rows) keep.set(r.path, r)
    const keptRows = [...keep.values()]
    // Page rows carry the hash and file of their document: keep those of kept (path, hash) pairs, once each.
    const wanted = new Set(keptRows.filter((r) => r.status === 'done').map((r) => `${r.path}\u0000${r.hash}`))
    const lines = existsSync(this.pagesPath) ? readFileSync(this.pagesPath, 'utf8').split('\n').filter(Boolean) : []
    // A path done twice with the same hash (--redo) has two sets of rows: keep the last set, found from the end.
    const seenPages = new Set<string>()
    const kept: string[] = []
    for (let i = lines.length - 1; i >= 0; i--) {
      const rec = JSON.parse(lines[i]!) as { file: string; hash: string; page: number }
      const k = `${rec.file}\u0000${rec.hash}`
      const pk = `${k}\u0000${rec.page}`
      if (wanted.has(k) && !seenPages.has(pk)) {
        seenPages.add(pk)
        kept.push(lines[i]!)
      }
    }
    kept.reverse()
    const pagesText = kept.map((l) => `${l}\n`).join('')
    // Recompute pages_end for the rewritten file: every kept row's pages are in, so the file size serves all.
    const size = Buffer.byteLength(pagesText)
    for (const r of keptRows) r.pages_end = String(size)
    await writeAtomic(this.pagesPath, pagesText)
    await writeAtomic(this.docsPath, csvLine(DOCUMENT_COLUMNS) + keptRows.map(rowLine).join(''))
    this.rows = keptRows
    this.reindex()
    this.superseded = false
    return true
  }
}

/** Columns holding file names: written so that any name (newlines, bytes that are not UTF-8) reads back the same. */
const NAME_COLUMNS: ReadonlySet<string> = new Set(['path', 'duplicate_of', 'mirror_name', 'mirror_text', 'mirror_pdf', 'mirror_collision'])

/** A row as one CSV line: names encoded, newlines in other cells (messages) made spaces. */
function rowLine(r: DocumentRow): string {
  return csvLine(DOCUMENT_COLUMNS.map((c) => (NAME_COLUMNS.has(c) ? encodeName(r[c]) : r[c].replace(/[\r\n]+/g, ' '))))
}

const hashKey = (hash: string, config: string) => `${hash}\u0000${config}`

const cellValue = (column: string, cell: string) => (NAME_COLUMNS.has(column) ? decodeName(cell) : cell)

/**
 * Appends and fsyncs, so that a document row is never on disk before the page rows it vouches for. Never through a
 * link (O_NOFOLLOW); a write cut short (a full disk) is undone, so the file ends where it ended before, and the error
 * is DISK_FULL.
 */
function appendDurably(path: string, text: string): void {
  let fd: number
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o644)
  } catch (e) {
    throw writeError(e, path)
  }
  const before = fstatSync(fd).size
  try {
    const buf = Buffer.from(text)
    let off = 0
    while (off < buf.length) off += writeSync(fd, buf, off)
    fsyncSync(fd)
  } catch (e) {
    try {
      ftruncateSync(fd, before)
    } catch {
      // the next open cuts a torn line anyway
    }
    throw writeError(e, path)
  } finally {
    closeSync(fd)
  }
}

/** Cuts a last line that lacks its newline (a write cut by a kill). */
function cutTornLine(path: string): string[] {
  const buf = readFileSync(path)
  if (buf.length === 0 || buf[buf.length - 1] === 0x0a) return []
  const last = buf.lastIndexOf(0x0a)
  truncateSync(path, last + 1)
  return [`${path}: cut a torn last line of ${buf.length - last - 1} bytes`]
}
