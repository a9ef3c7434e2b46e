import { encryptedPdf, healthyPdf, notPdf } from '@pdftriage/fixtures'
import pdfjsExtractor from '../src/index.js'
import { describeExtractor } from './describe-extractor.js'
import { zeroPages } from './hand-pdf.js'

describeExtractor('pdfjs', () => pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' }), {
  text: () => healthyPdf('fr'),
  notPdf,
  zeroPages,
  encrypted: encryptedPdf,
})
