import assert from 'node:assert/strict'
import { test } from 'node:test'

test('public API', async () => {
  const m = await import('../src/index.js')
  assert.deepEqual(Object.keys(m).sort(), [
    'DEHYPHEN_NAME',
    'HUNSPELL',
    'Vocabulary',
    'WordList',
    'createDehyphen',
    'decideHyphen',
    'default',
    'dehyphenOptionsSchema',
    'dehyphenPostProcessor',
    'dictionary',
    'dictionaryLoadMs',
    'isPageNumber',
    'provideDictionary',
    'rebuildText',
  ])
})
