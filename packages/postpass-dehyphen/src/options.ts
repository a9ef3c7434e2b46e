// The dehyphen post-pass's options, one zod schema with their defaults.
import { z } from 'zod'

/** Options of the dehyphen post-pass. */
export const dehyphenOptionsSchema = z.strictObject({
  headerFooter: z
    .enum(['keep-once', 'drop'])
    .default('keep-once')
    .describe('Running headers and footers: kept once at the start / end of the document, or dropped'),
  footnotes: z
    .enum(['endnotes', 'keep', 'drop'])
    .default('endnotes')
    .describe('Footnotes (last block of a page in a smaller font, starting with a number): moved to the end, kept in place, or dropped'),
  bandSize: z
    .number()
    .min(0)
    .max(0.5)
    .default(0.15)
    .describe('Share of the page height at the top and at the bottom searched for running headers, footers and page numbers (pd3f uses 15 %)'),
  headerSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.8)
    .describe('Least trigram Jaccard similarity (digits masked) for two band lines of different pages to count as the same running element (pd3f: 0.8)'),
  wordGapFactor: z
    .number()
    .positive()
    .default(2.5)
    .describe('A gap wider than this many average word spaces splits a line into separate segments (columns, tab stops)'),
  paragraphGapFactor: z.number().positive().default(1.3).describe('A line pitch over this many times the median pitch starts a new paragraph'),
  footnoteSizeRatio: z
    .number()
    .positive()
    .max(1)
    .default(0.9)
    .describe('A line whose font size is under this share of the body size counts as small print (footnote candidate)'),
  documentWords: z
    .boolean()
    .default(true)
    .describe(
      'Let a word read whole elsewhere in the document (joined, or with its hyphen) decide a line-end hyphen; off only to measure the other evidence alone',
    ),
  dictionaries: z
    .boolean()
    .default(true)
    .describe(
      'Ask the hunspell dictionaries of dictionary-fr and dictionary-en (read on the first line-end hyphen the document cannot settle) whether the joined or hyphenated spelling is a word',
    ),
  languages: z
    .array(z.enum(['fra', 'eng']))
    .default(['fra', 'eng'])
    .describe('Languages whose compound tails (peut-être, dix-huit, rendez-vous) count as evidence for keeping a line-end hyphen'),
})

/** Options of the dehyphen post-pass, as a user writes them (every field optional). */
export type DehyphenOptions = z.input<typeof dehyphenOptionsSchema>

/** Options with every default applied. */
export type ResolvedDehyphenOptions = z.output<typeof dehyphenOptionsSchema>
