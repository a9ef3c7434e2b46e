// A document done with failed pages (an OCR that timed out, a page stopped by the page timeout) keeps its pages'
// results beside its outputs, so that `--redo-failed` runs those pages alone and rewrites the outputs with the
// others as they were: a rerun neither pays for the good pages again nor risks losing one of them.
import { readFile, rm } from 'node:fs/promises'
import { deserialize, serialize } from 'node:v8'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { PageResult } from '@pdftriage/core'
import { safeJoin, writeAtomic } from './atomic.js'
import { outputStem } from './write-outputs.js'

/** The retry file of a document, relative to the output folder: beside its outputs, keyed by content as they are. */
export const retryFilePath = (hash: string): string => `${outputStem(hash)}.retry.gz`

/** What a retry file holds: every page's result, under the configuration (digest) that produced them. */
interface RetryState {
  version: 1
  digest: string
  pages: PageResult[]
}

/**
 * Writes the retry file of a document done with failed pages (`pages`: every page's result, with the items the
 * post-processors read), or removes the one an earlier run left when none failed (`pages` undefined). Structured
 * clone (v8) keeps what JSON loses (an infinite score); gzip makes it 5 to 9 times smaller (13 to 58 KB a page of
 * the default configuration on a 30-page fixture and three corpus-real documents).
 */
export async function keepForRetry(out: string, hash: string, digest: string, pages: readonly PageResult[] | undefined): Promise<void> {
  const path = safeJoin(out, retryFilePath(hash))
  if (!pages) return rm(path, { force: true })
  const state: RetryState = { version: 1, digest, pages: [...pages] }
  await writeAtomic(path, gzipSync(serialize(state)))
}

/**
 * The results of a document's pages that did not fail, by page, from its retry file, when it was written under
 * `digest`; `undefined` when there is none or it cannot be read (the whole document then runs again).
 */
export async function settledPages(out: string, hash: string, digest: string): Promise<Map<number, PageResult> | undefined> {
  let state: Partial<RetryState>
  try {
    state = deserialize(gunzipSync(await readFile(safeJoin(out, retryFilePath(hash))))) as Partial<RetryState>
  } catch {
    return undefined
  }
  if (state.version !== 1 || state.digest !== digest || !Array.isArray(state.pages)) return undefined
  return new Map(state.pages.filter((p) => p.action !== 'failed').map((p) => [p.pageNumber, p]))
}
