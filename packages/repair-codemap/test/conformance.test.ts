import { describeRepair } from '@pdftriage/core/testing'
import { FRENCH_PROSE } from '@pdftriage/fixtures'
import codemap from '../src/index.js'

describeRepair('codemap', () => codemap.create(codemap.optionsSchema.parse({}), { baseDir: '.' }), `${FRENCH_PROSE}\n${FRENCH_PROSE}`)
