import { z } from 'zod'

const share = z.number().min(0).max(1)

/** Options of the N0 character gates. Defaults are the gates prototype's measured constants ("the seed", see the glossary in
 *  CONTRIBUTING.md; the README gives the reasons). */
export const gatesOptionsSchema = z.strictObject({
  mode: z
    .enum(['page', 'document'])
    .default('page')
    .describe("'page' judges every page; 'document' judges long documents from an opening sample and a middle window"),
  minCharsPresent: z
    .number()
    .int()
    .min(1)
    .default(200)
    .describe(
      'Non-space characters a page below which its layer is thin: sparse over a scan, a short page otherwise. Broken ' +
        'books sit at 3, 86, 94 and 132 characters a page; the thinnest genuine ones at 258 to 382',
    ),
  minCharsToJudge: z
    .number()
    .int()
    .min(1)
    .default(400)
    .describe('Non-space characters from which the character shares are trusted to judge damage'),
  minLetterShare: share
    .default(0.25)
    .describe('Garbled below this share of letters (\\p{L}); the lowest genuine share the seed measured was 0.39, this corpus 0.34 (a table)'),
  minAlnumShare: share
    .default(0.5)
    .describe(
      'A page under the letter gate is still genuine when letters and the digits of numbers reach this share (a table ' +
        "of figures); pdf-inspector's alphanumeric gate. Garbled ASCII layers measured 0.00-0.42, genuine pages at least 0.70",
    ),
  maxLatin1Share: share
    .default(0.35)
    .describe(
      'Garbled above this share of odd characters: Latin-1 symbols and capitals (U+0080..U+00DE, U+00F7), controls, ' +
        'U+FFFD and private-use characters. The highest genuine page of the dev corpus carries 0.062 (the seed: nothing over 2 %)',
    ),
  scanImageCoverage: share
    .default(0.9)
    .describe(
      'Image coverage from which a page is a scan, so that a thin layer over it is sparse. Scans cover the page edge ' +
        'to edge (1.00); born-digital pages with large figures measured 0.52-0.85',
    ),
  absentImageCoverage: share
    .default(0.1)
    .describe('Image coverage from which a page with no text at all is absent (worth OCR) rather than blank'),
  densityMinPages: z
    .number()
    .int()
    .min(1)
    .default(8)
    .describe(
      'Pages a document needs before density is judged without image coverage, and before document mode applies ' +
        '(shorter documents are judged page by page)',
    ),
  fontMinShare: share
    .default(0.2)
    .describe("Share of the page's characters a font must carry to be judged on its own"),
  fontMinChars: z
    .number()
    .int()
    .min(1)
    .default(200)
    .describe('Non-space characters a font must carry on the page to be judged on its own'),
  openingPages: z
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('Document mode: pages read at the start (is there a layer?)'),
  windowPages: z
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('Document mode: pages read in the middle window (is it any good?)'),
  windowAt: share
    .default(0.5)
    .describe('Document mode: where the middle window is centred, as a share of the page count'),
  vowelShare: z
    .tuple([share, share])
    .default([0.2, 0.65])
    .describe(
      'Vowels among Latin letters outside this range mean a shifted or substituted font: running text in Latin-script ' +
        'languages keeps 0.35-0.45 (dev corpus: genuine pages 0.25-0.46, a page of figure labels "text35 text36" the ' +
        'lowest); a font shifted by 0x1D ("7KH" for "The") keeps 0.15',
    ),
  vowelMinLetters: z
    .number()
    .int()
    .min(1)
    .default(300)
    .describe('Latin letters a page (or font) needs before its vowel share is judged'),
  probeDpi: z
    .number()
    .int()
    .min(0)
    .max(600)
    .default(150)
    .describe(
      'Resolution at which the gates look at the page image, when the pipeline has an OCR engine and the characters ' +
        'cannot tell: a page with no text and no image but vector drawing (lettering drawn as curves, or a diagram?), ' +
        'and a thin layer over an image (a folio on a scan, or a short page?). 0 never looks',
    ),
  vectorTextMinWords: z
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('Confident words (3+ letters, confidence >= 0.7) that OCR must find on a vector-only page to call it lettering'),
  sparseOcrWords: z
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'A thin layer over an image is sparse when OCR of the image finds at least this many confident words and ' +
        '`sparseOcrRatio` times the layer\'s: a folio over a page of text (OCR finds 100 or more), not a chart whose ' +
        'labels the layer already holds',
    ),
  sparseOcrRatio: z.number().min(1).default(3).describe('See sparseOcrWords'),
})

/** Options of the gates judge as written in a config. */
export type GatesOptions = z.input<typeof gatesOptionsSchema>
/** Options of the gates judge with defaults applied. */
export type ResolvedGatesOptions = z.output<typeof gatesOptionsSchema>
