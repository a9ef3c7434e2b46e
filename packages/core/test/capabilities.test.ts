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
    writeFileSync(join(dir, 'bad-check-ocr.mjs'), factory('ocr', { checkLanguages: 'fra' }))
    // a function cannot go through JSON: this engine's check refuses every language but `fra`
    writeFileSync(
      join(dir, 'checking-ocr.mjs'),
      `export default { kind: 'ocr', name: 'x', capabilities: { workersOption: 'n', checkLanguages: (o, l) => { for (const c of l ?? o.languages) if (c !== 'fra') throw new Error('no ' + c) } }, optionsSchema: { safeParse: (o) => ({ success: true, data: o }) }, create: () => ({}) }`,
    )
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
    await assert.rejects(
      importPlugin('./bad-check-ocr.mjs', 'ocr', dir, NO_BUILTINS, []),
      /capabilities\.checkLanguages: Expected a function \(options, languages\), not `fra`/,
    )
  })

  it("an engine's language check is read as a function a front end calls", async () => {
    const check = (await importPlugin('./checking-ocr.mjs', 'ocr', dir, NO_BUILTINS, [])).capabilities?.checkLanguages
    assert.ok(check)
    await check({ languages: ['fra'] }, undefined)
    await check({ languages: ['eng'] }, ['fra'])
    await assert.rejects(async () => check({ languages: ['fra'] }, ['eng']), /no eng/)
    await assert.rejects(async () => check({ languages: ['deu'] }, undefined), /no deu/)
  })
})
