// A finished document's writers run in order and each file they return written atomically inside the output folder,
// named by the document's content hash.
import {
  TriageError,
  pdfType,
  wrapPluginError,
  writtenFilesProblem,
  type PdfType,
  type Writer,
  type WriterInput,
  type WrittenFile,
  type WrittenPage,
} from '@pdftriage/core'
import { safeJoin, writeAtomic } from './atomic.js'

/** The files written for one document. */
export interface DocumentOutputs {
  /** Paths relative to the output folder, by writer role (`text`, `clean`, `report`, `pdf`, or a custom writer's). */
  files: Record<string, string>
  pdfType: PdfType
  /** Writers that could not write this input and were skipped, with why (the other outputs are there). */
  skipped: Array<{ writer: string; code: string; message: string }>
  /** The pages the files show otherwise than the input (turned upright, straightened), by page number; absent when none. */
  pages?: Record<number, WrittenPage>
}

/**
 * Writer errors that skip that writer's output for the document rather than fail it: the input is one the writer
 * cannot rewrite (encrypted with an owner password only; damaged in a way the extractor read through and the
 * writer's own parser does not), and the text already read is no less true for it.
 */
const SKIPPABLE: ReadonlySet<string> = new Set(['PDF_ENCRYPTED', 'PDF_INVALID'])

/** Output files are keyed by content: 32 hex digits (128 bits) of the BLAKE2b-512 hash. */
export const outputKey = (hash: string): string => hash.slice(0, 32)

/** Where a document's files go, relative to the output folder, without extension. */
export const outputStem = (hash: string): string => `documents/${outputKey(hash)}`

/**
 * Runs one writer on a finished document: its files, checked against the contract. Its error fails the document,
 * named by the writer, unless `skipped` is given and the input is one the writer cannot rewrite: then the writer is
 * listed there and no file is returned.
 */
export async function runWriter(w: Writer, input: WriterInput, skipped?: DocumentOutputs['skipped']): Promise<WrittenFile[]> {
  let written
  try {
    written = await w.write(input)
  } catch (e) {
    // An input encrypted with an owner password only is read by anyone, but a writer that rewrites the file (a
    // searchable PDF) cannot; likewise a file the extractor read through its damage: that output is skipped, the
    // text and report are still written.
    if (skipped && e instanceof TriageError && SKIPPABLE.has(e.code)) {
      skipped.push({ writer: w.name, code: e.code, message: e.message })
      return []
    }
    throw wrapPluginError(e, w.name, 'write', undefined, input.file)
  }
  // the files go to disk and their pages onto the rows: a broken answer is named here, not found in a torn row
  const problem = writtenFilesProblem(written, input.document.pageCount)
  if (problem !== undefined) {
    throw new TriageError('PLUGIN_INVALID', `[${w.name}] write: ${problem}`, { plugin: w.name, stage: 'write', file: input.file })
  }
  return written
}

/**
 * Runs the writers on a finished document, in order ({@link runWriter}, skipping those that cannot rewrite the
 * input), and writes each file they return atomically inside the output folder (a path that leaves it is refused). A
 * role given twice points at the last file written for it.
 */
export async function writeDocumentOutputs(out: string, writers: readonly Writer[], input: WriterInput): Promise<DocumentOutputs> {
  const files: Record<string, string> = {}
  const skipped: DocumentOutputs['skipped'] = []
  const pages: Record<number, WrittenPage> = {}
  for (const w of writers) {
    for (const f of await runWriter(w, input, skipped)) {
      await writeAtomic(safeJoin(out, f.path), f.data)
      files[f.role] = f.path
      for (const p of f.pages ?? []) pages[p.pageNumber] = { ...pages[p.pageNumber], ...p }
    }
  }
  return { files, pdfType: pdfType(input.pages), skipped, ...(Object.keys(pages).length ? { pages } : {}) }
}
