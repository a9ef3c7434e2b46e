import { z } from 'zod'

const share = z.number().min(0).max(1)

/** Options of the spot-check judge. Reasons for each default are in the README ("How the numbers were chosen"). */
export const spotcheckOptionsSchema = z.strictObject({
  threshold: share
    .default(0.5)
    .describe(
      'Agreement (Dice of matched words) below which the layer is unreadable. From CER: a layer with CER c matches ' +
        'a 5-letter word with probability (1-c)^5 and our OCR (CER ~0.03) keeps ~0.86 of them: c = 0.08 gives ~0.57, ' +
        'c = 0.15 ~0.38; 0.5 sits between (c ~0.10)',
    ),
  dpi: z
    .number()
    .int()
    .min(72)
    .max(600)
    .default(300)
    .describe('Resolution the sample region is rendered at for OCR (tesseract reads best at 300 dpi)'),
  minLayerWords: z
    .number()
    .int()
    .min(1)
    .default(40)
    .describe('Comparable layer words the sample region aims at; a page with fewer in all is not judged'),
  minOcrWords: z
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      'Comparable words the OCR of the region must find to compare at all; fewer means no text to see (no image ' +
        'under the layer, a blank render): abstain',
    ),
  maxRegionShare: share
    .default(0.34)
    .describe('Largest share of the page height the sample region may span (OCR cost grows with it)'),
  padding: z
    .number()
    .min(0)
    .default(4)
    .describe('Points added around the layer words of the region, so that the crop holds whole glyphs'),
  minInvisibleShare: share
    .default(0.8)
    .describe('Share of the layer characters that must be drawn invisibly (an OCR layer) for the judge to apply'),
  minImageCoverage: share
    .default(0.5)
    .describe('Image coverage of the page from which the invisible text is taken to lie over a scan'),
  examples: z.number().int().min(0).default(5).describe('Mismatched word pairs quoted in the notes'),
})

/** Options of the spot-check judge as written in a config. */
export type SpotcheckOptions = z.input<typeof spotcheckOptionsSchema>
/** Options of the spot-check judge with defaults applied. */
export type ResolvedSpotcheckOptions = z.output<typeof spotcheckOptionsSchema>
