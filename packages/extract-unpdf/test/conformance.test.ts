import { describeExtractor } from '@pdftriage/core/testing'
import unpdfExtractor from '../src/node.js'

describeExtractor('unpdf', () => unpdfExtractor.create(unpdfExtractor.optionsSchema.parse({}), { baseDir: '.' }))
