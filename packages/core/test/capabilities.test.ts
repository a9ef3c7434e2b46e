import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { importPlugin } from '../src/resolve.js'
import { NO_BUILTINS } from './test-preset.js'

const factory = (kind: string, capabilities: unknown) =>
  `export default { kind: '${kind}', name: 'x', capabilities: ${JSON.stringify(capabilities)}, optionsSchema: { safeParse: (o) => ({ success: true, data: o }) }, create: () => ({}) }`

describe('capabilities a plugin states', () => {
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pdftriage-capabilities-'))
    writeFileSync(join(dir, 'ocr-judge.mjs'), factory('judge', { cost: 'ocr' }))
    writeFileSync(join(dir, 'later-judge.mjs'), factory('judge', { cost: 'model', batches: true }))
    writeFileSync(join(dir, 'pricey-judge.mjs'), factory('judge', { cost: 'expensive' }))
    writeFileSync(join(dir, 'bad-ocr.mjs'), factory('ocr', { workersOption: 4 }))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('are read as given, keys this core does not know left alone', async () => {
    assert.deepEqual((await importPlugin('./ocr-judge.mjs', 'judge', dir, NO_BUILTINS, [])).capabilities, { cost: 'ocr' })
    assert.deepEqual((await importPlugin('./later-judge.mjs', 'judge', dir, NO_BUILTINS, [])).capabilities, { cost: 'model', batches: true })
  })

  it('that break the contract make the plugin PLUGIN_INVALID, quoting the value', async () => {
    await assert.rejects(importPlugin('./pricey-judge.mjs', 'judge', dir, NO_BUILTINS, []), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'PLUGIN_INVALID')
      assert.match(e.message, /capabilities\.cost: Expected characters, model or ocr, not `expensive`/)
      return true
    })
    await assert.rejects(importPlugin('./bad-ocr.mjs', 'ocr', dir, NO_BUILTINS, []), /capabilities\.workersOption: Expected an option name, not `4`/)
  })
})
