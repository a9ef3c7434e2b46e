import { describeExtractor } from '@pdftriage/core/testing'
import pdfjsExtractor from '../src/index.js'

describeExtractor('pdfjs', () => pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' }))
