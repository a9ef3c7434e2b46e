// The bigram judge's options, one zod schema, with the defaults measured on the development corpus.
import { z } from 'zod'

/** Options of the bigram judge. Defaults come from measurements on the development corpus (see README). */
export const bigramOptionsSchema = z.strictObject({
  model: z.string().min(1).default('./model.json').describe("Path of the model file (from `pdftriage fit`), relative to the config file's folder."),
  minPairs: z
    .number()
    .int()
    .positive()
    .default(120)
    .describe('Letter-model pairs a text (page or font) needs before it is judged; under it the judge abstains (page) or skips the font.'),
  minLetterShare: z
    .number()
    .min(0)
    .max(1)
    .default(0.15)
    .describe(
      'Share of letters among the non-space characters (numbers set aside) under which the judge abstains: too little language for a letter model; the character gates judge such pages.',
    ),
  fontShare: z.number().min(0).max(1).default(0.2).describe("Share of the page's non-space characters a font must carry for its junk to flag the page."),
  minStructureShare: z
    .number()
    .min(0)
    .max(1)
    .default(0.3)
    .describe("A text is junk when its structure (score minus the score of its symbols shuffled) is below this share of the worst training page's structure."),
  fontStructureShare: z
    .number()
    .min(0)
    .max(1)
    .default(0.2)
    .describe("A font is junk when its structure is below this share of the worst training page's structure AND its score is below the threshold."),
  foreignLanguage: z
    .enum(['healthy', 'unreadable'])
    .default('healthy')
    .describe(
      'Verdict for a text below the threshold whose symbols still show language order (another language, a vocabulary the model never saw): OCR would not read it better.',
    ),
  minConfidence: z
    .number()
    .min(0)
    .max(1)
    .default(0.6)
    .describe('Mean OCR confidence (items that carry one, weighted by length) below which an OCR layer is unreadable.'),
  nearMissShare: z
    .number()
    .min(0)
    .max(1)
    .default(0.06)
    .describe(
      'Share of near-miss words (one letter inside a known word changed) at and above which a page in the training language is a bad OCR layer; 1 keeps the signal in the notes only.',
    ),
  nearMissMinWords: z.number().int().positive().default(100).describe('Words of 4+ letters a page needs before its near-miss share is trusted.'),
  sameLanguageMargin: z
    .number()
    .min(0)
    .default(0.25)
    .describe(
      'Nats below the worst training page within which a page counts as written in the training language (near misses are only judged there: words of another language are near misses of the training words).',
    ),
  strangeWords: z
    .number()
    .min(0)
    .max(1)
    .default(1)
    .describe(
      'Share of strange words (never seen in training and improbable under the letter model) at and above which the page is unreadable; 1 keeps the signal in the notes only.',
    ),
})

/** Options of the bigram judge, as written in a config file. */
export type BigramOptions = z.input<typeof bigramOptionsSchema>

/** Options of the bigram judge after defaults. */
export type ResolvedBigramOptions = z.output<typeof bigramOptionsSchema>
