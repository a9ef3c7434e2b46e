import assert from 'node:assert/strict'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { Session, withModelJudge } from '@pdftriage/batch'
import { MODEL_JUDGE } from '@pdftriage/preset-default'
import { folder } from './helpers.js'

// Plugins that state their capabilities, under names the CLI cannot know. Their options schema is the smallest thing
// createComponent accepts, so that the files need no import resolved from a temporary folder.
const schema = `{ safeParse: (o) => ({ success: true, data: o }) }`
const judge = (name: string, cost: string) =>
  `export default { kind: 'judge', name: '${name}', capabilities: { cost: '${cost}' }, optionsSchema: ${schema}, create: () => ({ name: '${name}', judge: () => undefined }) }`
const OCR = `export const created = []
export default { kind: 'ocr', name: 'threads-ocr', capabilities: { workersOption: 'threads' }, optionsSchema: ${schema},
  create: (o) => { created.push(o); return { name: 'threads-ocr', recognize: async () => { throw new Error('unused') }, close: async () => {} } } }`

describe('the CLI places and sizes plugins by what they declare', () => {
  let dir: string
  before(() => {
    dir = folder({ 'cheap.mjs': judge('cheap', 'characters'), 'looks.mjs': judge('looks', 'ocr'), 'threads-ocr.mjs': OCR })
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('puts the --model judge before the first judge that OCRs, or last when none does', async () => {
    const model = { use: MODEL_JUDGE, options: { model: join(dir, 'm.json') } }
    assert.deepEqual(await withModelJudge(['./cheap.mjs', './looks.mjs'], 'm.json', dir, dir), ['./cheap.mjs', model, './looks.mjs'])
    assert.deepEqual(await withModelJudge(['./cheap.mjs'], 'm.json', dir, dir), ['./cheap.mjs', model])
  })

  it('places the --model judge between the built-in gates and spot-check, as their factories declare', async () => {
    const judges = ['@pdftriage/judge-gates', '@pdftriage/judge-spotcheck']
    const model = { use: MODEL_JUDGE, options: { model: join(dir, 'm.json') } }
    assert.deepEqual(await withModelJudge(judges, 'm.json', dir, dir), [judges[0], model, judges[1]])
  })

  it('adds no --model judge when one of the configured judges comes from the model plugin', async () => {
    const judges = ['./cheap.mjs', { use: 'bigram', options: { model: 'own.json' } }, './looks.mjs']
    assert.deepEqual(await withModelJudge(judges, 'm.json', dir, dir), judges)
  })

  it("sets the OCR engine's workers through the option it names, unless the config sets it", async () => {
    const { created } = (await import(pathToFileURL(join(dir, 'threads-ocr.mjs')).href)) as { created: unknown[] }
    for (const [options, expect] of [
      [{}, { threads: 3 }],
      [{ threads: 1 }, { threads: 1 }],
    ] as const) {
      const configFile = `ocr-${Object.keys(options).length}.json`
      writeFileSync(join(dir, configFile), JSON.stringify({ judges: [], repairs: [], postprocess: [], ocr: { use: './threads-ocr.mjs', options } }))
      const s = await Session.create({ mode: 'run', cwd: dir, configFile, ocrWorkers: 3 })
      await s.close()
      assert.deepEqual(created.at(-1), expect)
    }
  })
})
