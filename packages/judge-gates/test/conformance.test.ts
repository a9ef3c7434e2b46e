import { describeJudge } from '@pdftriage/core/testing'
import gates from '../src/index.js'
import { FRENCH, garbleAscii } from './helpers.js'

describeJudge('gates', () => gates.create(gates.optionsSchema.parse({}), { baseDir: '.' }), `${FRENCH}\n${FRENCH}`, garbleAscii(`${FRENCH}\n${FRENCH}`))
describeJudge(
  'gates (document mode)',
  () => gates.create(gates.optionsSchema.parse({ mode: 'document' }), { baseDir: '.' }),
  `${FRENCH}\n${FRENCH}`,
  garbleAscii(`${FRENCH}\n${FRENCH}`),
)
