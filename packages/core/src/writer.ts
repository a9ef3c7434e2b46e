// The writer contract (a finished document in, files out, no I/O), and the list of writers a run uses: the
// configuration's, or the preset's, plus the searchable PDF when asked for.
import type { PluginRef } from './config.js'
import { conventionalId, type Preset } from './preset.js'
import type { DocumentResult, PageResult } from './types.js'

/** One finished document, as every writer of a batch receives it. Writers do no I/O: they return files. */
export interface WriterInput {
  /** The input path as the batch was given it (for reports; writers never read it). */
  file: string
  /** BLAKE2b-512 hex of the input's bytes. */
  hash: string
  /**
   * Where this document's files go, relative to the output folder and without extension (`documents/<key>`, keyed by
   * content). Writers add their own suffix, so that their files sit together and never collide across inputs.
   */
  stem: string
  /** The input's bytes; present only when a writer of the batch declares {@link WriterNeeds.pdfBytes}. */
  pdf?: Uint8Array
  /** Every page's result, in page order; `page.items` are empty unless a writer declares {@link WriterNeeds.items}. */
  pages: readonly PageResult[]
  /** The document's result: info, tags, actions by page, notes, the post-processed text. */
  document: DocumentResult
}

/** What a writer needs kept while a document runs. Each costs memory for the whole document, so both default off. */
export interface WriterNeeds {
  /** The input's bytes (a searchable copy of the PDF). */
  pdfBytes?: boolean
  /** Every page's items with their boxes (an invisible text layer positioned word by word). */
  items?: boolean
}

/** A file a writer produced. The batch writes it atomically, inside the output folder or not at all. */
export interface WrittenFile {
  /**
   * What the file is. The batch's index has a column for `text`, `report` and `pdf` (`clean`, the rebuilt text, is
   * named in the report only); any other role is written and reported to the batch's caller.
   */
  role: string
  /** Relative to the output folder; a path that leaves it is an `OUTPUT_PATH_INVALID` error. */
  path: string
  data: string | Uint8Array
  /**
   * The pages this file shows otherwise than the input does (a searchable PDF's page turned upright, or straightened),
   * one entry per such page, in page order; absent or empty when it shows every page as the input does. The batch
   * puts them on the pages' rows (`pages.jsonl`).
   */
  pages?: WrittenPage[]
  /**
   * What the writer did to the file beyond `pages`, in a phrase a front end puts in its line about one document
   * (`pdftriage ocr`: `2 with an added text layer`); the batch does not keep it.
   */
  summary?: string
}

/** What a writer did to one page of its file beyond adding text, as the page's row says it. */
export interface WrittenPage {
  /** 1-based. */
  pageNumber: number
  /** The clockwise turn (degrees) added to the page as displayed, so that it reads upright. */
  turned?: 90 | 180 | 270
  /** The skew (degrees, clockwise positive) the page's content was turned back by, so that its lines are level. */
  straightened?: number
}

/**
 * Writes a finished document's outputs (a text file, a report, a searchable PDF). Called once per document, after its
 * post-processors; returns the files, which the caller writes. An error fails the document, named by the writer.
 */
export interface Writer {
  readonly name: string
  readonly needs?: WriterNeeds
  write(doc: WriterInput): WrittenFile[] | Promise<WrittenFile[]>
  /**
   * Optional: refuses, from its bytes alone, an input this writer could not write (a PDF/A copy of a document with a
   * font not embedded), throwing the error `write` would. A front end that asks (`pdftriage ocr`) calls it before the
   * document is opened, so that the document fails before its pages are read and OCRed.
   */
  readonly precheck?: (input: Pick<WriterInput, 'file'> & { pdf: Uint8Array }) => void | Promise<void>
}

/**
 * The writers to run: the config's (or the preset's when it names none), plus the preset's PDF writer when asked for
 * and not named already (by its package name or its short name). `pdfOptions` (a front end's flags, such as
 * `--rotate-pages`) go over the options of the PDF writer, named or added.
 */
export function effectiveWriters(
  configured: readonly PluginRef[] | undefined,
  preset: Pick<Preset, 'writers' | 'pdfWriter'>,
  pdf: boolean,
  pdfOptions?: Readonly<Record<string, unknown>>,
): PluginRef[] {
  const pdfWriter = preset.pdfWriter
  const isPdf = (r: PluginRef) => {
    const id = typeof r === 'string' ? r : r.use
    return id === pdfWriter || conventionalId(id, 'writer') === pdfWriter
  }
  const given = pdfOptions && Object.keys(pdfOptions).length ? pdfOptions : undefined
  const refs = [...(configured ?? preset.writers)].map((r) =>
    given && isPdf(r) ? (typeof r === 'string' ? { use: r, options: { ...given } } : { ...r, options: { ...(r.options ?? {}), ...given } }) : r,
  )
  if (pdf && !refs.some(isPdf)) refs.push(given ? { use: pdfWriter, options: { ...given } } : pdfWriter)
  return refs
}
