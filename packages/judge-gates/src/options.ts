// The gates judge's options, one zod schema: its thresholds with the measured defaults, and the budgets of its looks
// at the page image.
import { SCAN_IMAGE_COVERAGE } from '@pdftriage/core'
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
  minCharsToJudge: z.number().int().min(1).default(400).describe('Non-space characters from which the character shares are trusted to judge damage'),
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
    .default(SCAN_IMAGE_COVERAGE)
    .describe(
      'Image coverage from which a page is a scan, so that a thin layer over it is sparse. Scans cover the page edge ' +
        'to edge (1.00); born-digital pages with large figures measured 0.52-0.85',
    ),
  absentImageCoverage: share.default(0.1).describe('Image coverage from which a page with no text at all is absent (worth OCR) rather than blank'),
  densityMinPages: z
    .number()
    .int()
    .min(1)
    .default(8)
    .describe(
      'Pages a document needs before density is judged without image coverage, and before document mode applies ' +
        '(shorter documents are judged page by page)',
    ),
  fontMinShare: share.default(0.2).describe("Share of the page's characters a font must carry to be judged on its own"),
  fontExtremeMinChars: z
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'Characters from which a font too small for `fontMinShare`/`fontMinChars` is still judged, on extreme control ' +
        'shares only (a sidebar set in a broken font): math and symbol fonts carry 8-72 characters of brackets and ' +
        'arrows, never controls; a stray control-coded font of 8 characters is left to the page',
    ),
  fontMinChars: z.number().int().min(1).default(200).describe('Non-space characters a font must carry on the page to be judged on its own'),
  openingPages: z.number().int().min(1).default(5).describe('Document mode: pages read at the start (is there a layer?)'),
  windowPages: z.number().int().min(1).default(5).describe('Document mode: pages read in the middle window (is it any good?)'),
  windowAt: share.default(0.5).describe('Document mode: where the middle window is centred, as a share of the page count'),
  vowelShare: z
    .tuple([share, share])
    .default([0.2, 0.65])
    .describe(
      'Vowels among Latin letters outside this range mean a shifted or substituted font: running text in Latin-script ' +
        'languages keeps 0.35-0.45 (dev corpus: genuine pages 0.25-0.46, a page of figure labels "text35 text36" the ' +
        'lowest); a font shifted by 0x1D ("7KH" for "The") keeps 0.15',
    ),
  vowelMinLetters: z.number().int().min(1).default(300).describe('Latin letters a page (or font) needs before its vowel share is judged'),
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
  closeLookDpi: z
    .number()
    .int()
    .min(0)
    .max(600)
    .default(300)
    .describe(
      'Resolution of the second look at the largest picture of a page without text whose first look found none: the ' +
        "resolution OCR reads pages at, where a photo's caption or a high-resolution scan of small print becomes " +
        'legible (it is also read turned a quarter each way). 0 never looks twice',
    ),
  scanLookAtOcrDpi: z
    .boolean()
    .default(true)
    .describe(
      'A page with no text layer under a scan (images covering scanImageCoverage) is looked at whole, upright, at the ' +
        'resolution the pipeline OCRs at (when it will OCR it): a scan holding text needs that OCR, and the look is it, ' +
        'read once; false looks at a band at probeDpi first, then OCRs the page anew',
    ),
  damageLookAtOcrDpi: z
    .boolean()
    .default(true)
    .describe(
      'A layer the characters call garbled whose damage is put to the whole page image is looked at, upright, at the ' +
        'resolution the pipeline OCRs at (when it may OCR the page): the repair of a false character map reads its ' +
        'anchor lines at that resolution, and the OCR the page when no repair recovers it, and both take them from this ' +
        'look, read once; false looks at probeDpi and the page is read again for either',
    ),
  closeLookEmptyPages: z
    .number()
    .int()
    .min(0)
    .default(3)
    .describe(
      'Pages in a row whose close look found nothing after which a document stops looking closely (a photo album ' +
        'pays three pages of three looks, not every page)',
    ),
  lookBudgetSeconds: z
    .number()
    .min(0)
    .default(60)
    .describe(
      'Seconds one look (render and OCR of a region) may take before the gates give up on it and judge by the ' +
        'characters, saying so in the notes: looks take 0.2-4 s on real pages; a slide whose render runs for minutes ' +
        'must not cost its document the page timeout. 0: no budget',
    ),
  loneTokenConfidence: share
    .default(0.8)
    .describe(
      'OCR confidence from which one item the image reads (3+ letters or digits) decides a suspect layer alone, when ' +
        "none of it is in the layer and none of the layer's words or numbers are on the image",
    ),
  uncertainOcr: z
    .boolean()
    .default(true)
    .describe(
      'What an `uncertain` page gets (a layer the image can neither confirm nor refute: a script the OCR languages ' +
        'do not read): OCR (true; a missed page costs more than a needless one) or its layer kept',
    ),
  vectorTextMinWords: z
    .number()
    .int()
    .min(1)
    .default(1)
    .describe(
      'Confident words (3+ letters, confidence >= 0.7) that OCR must find on a page without text to call it lettering ' +
        '(absent): real wordmarks, stamps and posters show 1-3 words (a logo, a stamp word, a club name), while ' +
        'OCR of every blank page, photo, gradient, barcode and scribble of a real test set found no item at all',
    ),
  unsureTextItems: z
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      'Items of 2+ characters that OCR reports at any confidence from which an image holds text it cannot read (a ' +
        'script the OCR languages lack): Chinese scans read with Latin models gave 24-119 such items, photos and ' +
        'drawings none',
    ),
  mixedShare: share
    .default(0.3)
    .describe(
      "A thin layer beside pictures needs OCR when the words OCR finds only in the image are this share of the page's " +
        'words (layer words plus those): pages whose screenshot, caption image or map holds about half of the words ' +
        'measured 0.33-0.88, a page whose screenshots hold a quarter is kept by the labelling convention',
    ),
  mixedMinWords: z
    .number()
    .int()
    .min(1)
    .default(2)
    .describe(
      'Words only the image shows that a thin born-digital page needs before `mixedShare` applies: one such word is a ' +
        'logo beside a line of text or a misread; pages whose images hold real content showed 4-17',
    ),
  probeAgreement: share
    .default(0.5)
    .describe(
      'Where characters are suspect but cannot decide (a short page, letter-spaced words), the layer is garbled when ' +
        'fewer than this share of the confident words OCR reads on the image are found in it. Damaged layers measured ' +
        '0.00-0.10, genuine ones 0.80-1.00 (OCR misreads allowed: one edit in six letters)',
    ),
  probeTrigrams: share
    .default(0.15)
    .describe(
      'A layer garbled for too few letters, odd vowels or letters alone on their lines reads after all when the image ' +
        'shows its words (`probeAgreement`) and its characters: this share of character trigrams in common (Dice) ' +
        "between the layer's text (the failing font's) and the OCR over it. Junk layers measured 0.00-0.01 against " +
        'their image (55 garbled pages of the two labelled sets), genuine tables, program listings, symbol lists and ' +
        'label sheets of TeX Live documentation 0.18-0.87',
    ),
  probeTrigramsAlone: share
    .default(0.3)
    .describe(
      'Where OCR reads no words over the failing text to compare (`probeMinWords`: a listing of signs and digits, ' +
        '`\\bar ":|.S"` and `4 4 4 4`), the characters alone vouch for it at this Dice, twice `probeTrigrams`: junk ' +
        "measured 0.00-0.01, such a listing of LilyPond's manual 0.66. Words read and not found still confirm the damage",
    ),
  damageConfirmedPages: z
    .number()
    .int()
    .min(0)
    .default(2)
    .describe(
      'Pages of a document on which the image confirmed such damage, none overruled, after which the image is no ' +
        'longer asked in that document: a book set in one broken font fails the same gate on every page, and a ' +
        'probe a page would cost more than the repair that needs no OCR (0: ask on every page)',
    ),
  fontVerifications: z
    .number()
    .int()
    .min(0)
    .default(8)
    .describe(
      'Fonts of one document the gates put to the page image (a look at a few lines of the font) before they stop ' +
        'asking and let the characters decide: a font the image settles is settled for the whole document, and a ' +
        'document sets its words in a handful of fonts (body, italic, bold, a monospace, headings, math: 4-8 in a ' +
        'book), while a merged file of hundreds of fonts would otherwise pay a look (0.2-1 s) for each. 0: no font is ' +
        'looked at',
    ),
  scriptConfidence: z
    .number()
    .min(0)
    .default(3)
    .describe(
      "Confidence of the OCR engine's script detection from which the script it names may condemn a font whose runs " +
        'the OCR read no words over (a map made for another script): the script model named Cyrillic on two English ' +
        "pages of tiny print and grids at 2.1 and 2.8 (the spot-check judge's measure); over a real font's runs it named Latin at 4.2 and 7.5, and Thai over a two-word crop at 0.6",
    ),
  probeMinWords: z.number().int().min(1).default(2).describe('Confident OCR words needed before the image may judge a suspect layer; fewer: it cannot tell'),
  extremeControlShare: share
    .default(0.3)
    .describe(
      'On text too short for the damage gates, garbled from this share of control, unassigned or private-use ' +
        'characters (with `extremeMinControls` of them): junk layers of title lines measured 0.36-1.00, no genuine ' +
        'short page of two test sets carried more than 0.04 (one stray control)',
    ),
  extremeMinControls: z
    .number()
    .int()
    .min(1)
    .default(1)
    .describe(
      'Control characters a short text needs before its control share (`extremeControlShare`) is extreme. The share ' +
        'keeps a stray control in a line of text out; a layer that is mostly controls is junk however short (real ' +
        'layers of two control characters stood where the page shows a word)',
    ),
  extremeAlnumShare: share
    .default(0.1)
    .describe(
      'On text too short for the damage gates, garbled at or below this share of letters and digits (over ' +
        '`extremeMinChars`): punctuation-only layers measured 0.00; the lowest genuine short page 0.20 (a patent ' +
        'heading of digits and brackets)',
    ),
  extremeMinChars: z.number().int().min(1).default(8).describe('Characters a short text needs before its letter share is extreme'),
  shortVowelMinLetters: z
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'On a short page, Latin letters from which a vowel share outside `vowelShare` makes the page suspect (checked ' +
        'against the image, never decisive alone: acronyms and names skew short texts)',
    ),
  letterPairShare: share
    .default(0.7)
    .describe(
      'Garbled when this share of the ideographs are two ASCII letters read as one UTF-16 unit (ASCII text read with ' +
        'the wrong byte order or alignment). Genuine Chinese and Japanese pages measured 0.08-0.22 (by chance)',
    ),
  rareHanShare: share
    .default(0.5)
    .describe(
      'Garbled when at least two ideographs and this share of them lie outside every common national set (GB 2312, ' +
        'Big5 level 1, JIS X 0208, KS X 1001): no genuine Chinese or Japanese page of a real test set held one',
    ),
  mixedWordShare: share
    .default(0.3)
    .describe(
      'Garbled when this share of the letters are in words mixing scripts (Arabic with Syriac or Hebrew, Latin with ' +
        'Cyrillic; Latin beside CJK allowed). Genuine pages measured at most 0.01 (Greek symbols in formulas)',
    ),
  minScriptLetters: z.number().int().min(1).default(5).describe('Ideographs the script gate needs before it speaks (twice as many letters for mixed words)'),
  functionlessWords: z
    .number()
    .int()
    .min(1)
    .default(100)
    .describe('Words a page needs before the absence of English and French function words makes it suspect (with few vowels)'),
  functionlessShare: share
    .default(0.05)
    .describe(
      'A page of `functionlessWords` words or more whose English and French function words are both under this share, ' +
        'and whose vowels are under `functionlessVowels` of 300 Latin letters or more, is suspect and checked against ' +
        'the image: genuine English and French prose keeps 0.19 or more (5th percentile, dev corpus), a font shifted ' +
        'by one letter ("%PDVNFOUBUJPO" for "Documentation") 0.00-0.03 (shifted words that spell a function word)',
    ),
  functionlessVowels: share
    .default(0.28)
    .describe(
      'Vowel share under which a page without function words is suspect: shifted fonts the vowel gate lets through ' +
        'measured 0.21-0.26 (dev corpus), genuine pages of 300 Latin letters or more 0.30 and up (a page of ' +
        'identifiers the lowest), in languages these lists do not cover too',
    ),
  spacedShare: share
    .default(0.5)
    .describe(
      'Letter-spaced layers ("T I T L E"): a page whose words of Latin, Greek or Cyrillic letters are single letters ' +
        'in this share is suspect, and checked against the image. Genuine prose measured up to 0.41 (lists of ' +
        'variables), letter-spaced layers 0.70-0.92',
    ),
  loneLetterShare: share
    .default(0.5)
    .describe(
      'Garbled when this share of the lines holding letters are one or two alphabet letters alone, on a letter-spaced ' +
        'page (words broken one glyph a line, as a vertical font drawn horizontally gives them: no word can be found ' +
        'in such a layer). Genuine pages of two test sets measured at most 0.21 (grid labels of a drawing), damaged ' +
        'ones 0.21-0.79; vertical CJK, one character a line, is not counted',
    ),
  loneLetterMinLines: z.number().int().min(1).default(20).describe('Lines holding letters a page needs before `loneLetterShare` is judged'),
  sparseOcrWords: z
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'A thin layer over an image is sparse when OCR of the image finds at least this many confident words and ' +
        "`sparseOcrRatio` times the layer's: a folio over a page of text (OCR finds 100 or more), not a chart whose " +
        'labels the layer already holds',
    ),
  sparseOcrRatio: z.number().min(1).default(3).describe('See sparseOcrWords'),
})

/** Options of the gates judge as written in a config. */
export type GatesOptions = z.input<typeof gatesOptionsSchema>
/** Options of the gates judge with defaults applied. */
export type ResolvedGatesOptions = z.output<typeof gatesOptionsSchema>
