// The extract stage: a document's pages taken from the extractor, with the pages a document-mode judge sampled kept
// until their turn so that no page is extracted twice.
import type { ExtractedDocument } from '../contracts.js'
import type { PageText } from '../types.js'
import { callPlugin } from './plugin-call.js'

/**
 * Pages a document-mode judge sampled, kept until the page's turn comes so that no page is extracted twice. Bounded so
 * that a judge sampling a long book holds no more than this many pages; the gates' samples are 5 + 5 pages by default.
 */
const SAMPLED_PAGES_KEPT = 64

/** Extracts pages of one open document, through the page cache that document-mode judges fill. */
export class PageSource {
  private readonly sampled = new Map<number, Promise<PageText>>()

  constructor(
    private readonly doc: ExtractedDocument,
    private readonly file: string | undefined,
  ) {}

  /** Text of page `n` for a document-mode judge: kept for the page's own turn. Errors name the extractor, not the judge. */
  sample(n: number): Promise<PageText> {
    let p = this.sampled.get(n)
    if (!p) {
      p = this.extract(n)
      if (this.sampled.size > SAMPLED_PAGES_KEPT) this.sampled.delete(this.sampled.keys().next().value as number)
      this.sampled.set(n, p)
    }
    return p
  }

  /** Text of page `n` in its turn (the sampled copy if any, then forgotten); errors name the extractor and page. */
  async page(n: number): Promise<PageText> {
    try {
      return await (this.sampled.get(n) ?? this.extract(n))
    } finally {
      this.sampled.delete(n)
    }
  }

  private extract(n: number): Promise<PageText> {
    return callPlugin({ plugin: 'extractor', stage: 'extract', page: n, file: this.file }, () => this.doc.getPageText(n))
  }
}
