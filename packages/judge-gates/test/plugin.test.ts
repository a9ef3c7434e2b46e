import assert from 'node:assert/strict'
import { test } from 'node:test'
import gates from '../src/index.js'

test('the default export is the judge factory named gates', () => {
  assert.equal(gates.kind, 'judge')
  assert.equal(gates.name, 'gates')
  const o = gates.optionsSchema.parse({})
  assert.deepEqual([o.mode, o.minCharsPresent, o.minCharsToJudge, o.minLetterShare, o.maxLatin1Share, o.densityMinPages], ['page', 200, 400, 0.25, 0.35, 8])
})

test('the public API', async () => {
  assert.deepEqual(Object.keys(await import('../src/index.js')).sort(), [
    'ENGLISH_FUNCTION_WORDS',
    'FRENCH_FUNCTION_WORDS',
    'GATES_NAME',
    'barePictures',
    'compareWithLayer',
    'damagedFonts',
    'default',
    'findDamage',
    'findExtremeDamage',
    'findScriptDamage',
    'gatesJudge',
    'gatesOptionsSchema',
    'imageCheckOf',
    'judgeDocumentGates',
    'judgePageGates',
    'pageStats',
    'pictureRegions',
    'samplePages',
    'scriptMix',
    'suspicion',
    'trigramDice',
  ])
})
