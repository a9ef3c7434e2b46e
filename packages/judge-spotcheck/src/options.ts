// The spot-check judge's options, one zod schema: the region it reads, the agreement it asks for, the resolution, and
// how sure the image's script must be.
import { DEFAULT_OCR_DPI } from '@pdftriage/core'
import { z } from 'zod'

const share = z.number().min(0).max(1)

/**
 * Script confidence (tesseract's: how far the best script stands above the next) from which the image's script is
 * sure. Measured on the middle third of real pages at 300 dpi (`corpus-real`, one page in three of English, the pages
 * of other languages; 143 read): where the model named another script for a Latin page (7 of 65: maps, tiny print,
 * grids) it gave 0-2.84; Russian pages drawn and scanned at 150-300 dpi read Cyrillic at 3.8-9.8 (a capitals-only
 * title page the lowest).
 */
const SCRIPT_CONFIDENCE = 3

/** Options of the spot-check judge. Reasons for each default are in the README ("How the numbers were chosen"). */
export const spotcheckOptionsSchema = z.strictObject({
  skewedLayerDegrees: z
    .number()
    .min(0)
    .max(45)
    .default(3)
    .describe(
      'An OCR layer over a scan whose text the engine had to straighten by this many degrees or more is sent to OCR ' +
        'whatever its agreement: it was read off the crooked image. On the development corpus bad layers over scans ' +
        'skewed 5-7.5 degrees read at word F1 0.26-0.59, a straightened OCR of the same images at 0.81-0.94, and their ' +
        'agreement with a straightened region passed the threshold (0.75-0.84); tesseract reads a skew under 2.2 degrees as well ' +
        'as a level page',
    ),
  threshold: share
    .default(0.75)
    .describe(
      'Agreement (Dice of matched words) below which the layer is unreadable. From CER: a layer with CER c keeps a ' +
        'word whole with probability (1-c)^k, k = 2 for OCR errors clustered in words (k = 1.5 measured on the dev ' +
        'swap pages, 5 if independent), times ~0.98 for our own OCR; at the midpoint c = 0.115 of the good (<= 0.08) ' +
        'and bad (>= 0.15) classes that is 0.885^2 x 0.98 = 0.77, rounded down for sampling noise (sd ~0.05 on 45 words)',
    ),
  dpi: z
    .number()
    .int()
    .min(72)
    .max(600)
    .default(DEFAULT_OCR_DPI)
    .describe(`Resolution the sample region is rendered at for OCR (tesseract reads best at ${DEFAULT_OCR_DPI} dpi)`),
  minLayerWords: z
    .number()
    .int()
    .min(1)
    .default(40)
    .describe('Comparable layer words the sample region aims at; a page with fewer is judged on all of them (see minPageWords)'),
  minPageWords: z
    .number()
    .int()
    .min(1)
    .default(15)
    .describe(
      'A page with fewer than `minLayerWords` comparable words (a title page, a cover) is checked on all of them from ' +
        'this many: agreement sampled on 15 words has a standard deviation near 0.11 at the threshold, while bad ' +
        'layers measured 0.31 and below on the pages where they fail most, good ones 0.89 and above',
    ),
  minOcrWords: z
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      'Comparable words the OCR of the region must find to compare at all; fewer means no text to see (no image ' + 'under the layer, a blank render): abstain',
    ),
  maxRegionShare: share.default(0.34).describe('Largest share of the page height the sample region may span (OCR cost grows with it)'),
  padding: z.number().min(0).default(4).describe('Points added around the layer words of the region, so that the crop holds whole glyphs'),
  minInvisibleShare: share.default(0.8).describe('Share of the layer characters that must be drawn invisibly (an OCR layer) for the judge to apply'),
  minImageCoverage: share.default(0.5).describe('Image coverage of the page from which the invisible text is taken to lie over a scan'),
  foreignScriptConfidence: share
    .default(0.75)
    .describe(
      'When most letters of the layer are in one script and most letters the OCR read in another (a Chinese layer, ' +
        'a Latin-only OCR), the OCR reads a script it lacks: below this mean confidence the judge abstains. A Chinese ' +
        'OCR layer read with Latin models gave 0.37, Russian and Ukrainian scans read with them 0.61-0.68 (their ' +
        'letters have Latin look-alikes: `Amocrpod` for Апостроф); OCR of scripts the engine has gives 0.8-0.95',
    ),
  examples: z.number().int().min(0).default(5).describe('Mismatched word pairs quoted in the notes'),
  scriptCheck: z
    .boolean()
    .default(true)
    .describe(
      'Ask the OCR engine which script the sample region shows (where it can tell) and send a layer written in another script to OCR: ' +
        'a Cyrillic scan OCRed as Latin look-alikes agrees with any OCR that lacks Cyrillic, so agreement cannot tell',
    ),
  scriptConfidence: z
    .number()
    .min(0)
    .default(SCRIPT_CONFIDENCE)
    .describe(
      "Script confidence (the engine's own scale) from which the image's script is taken as sure; a layer mostly in another " +
        'script is then unreadable where the OCR also reads the region unsure (under `foreignScriptConfidence`): measurements beside the default',
    ),
  scriptMinShare: share
    .default(0.5)
    .describe("Share of the layer's letters that must be in the script the image shows: a layer mostly in another script is not the page's text"),
  lookAlikeMinWords: z
    .number()
    .int()
    .min(0)
    .default(2)
    .describe(
      'Words of an OCR layer mostly in a cased script other than Latin that read as misread Latin (a digit or a capital ' +
        'inside the word: `ОеМап` for Debian) from which the band holding most of them is looked at; the layer is ' +
        'unreadable where the OCR reads this many, and half of those there, surely as Latin words. Good Russian and ' +
        'Ukrainian OCR layers of the labelled real set hold 0-1 such words a page, layers that wrote English in Cyrillic ' +
        '2-165. 0: no such look',
    ),
  scriptMinLetters: z
    .number()
    .int()
    .min(1)
    .default(20)
    .describe('Letters the layer must hold in the region for its script to be compared: fewer say little about what it is written in'),
})

/** Options of the spot-check judge as written in a config. */
export type SpotcheckOptions = z.input<typeof spotcheckOptionsSchema>
/** Options of the spot-check judge with defaults applied. */
export type ResolvedSpotcheckOptions = z.output<typeof spotcheckOptionsSchema>
