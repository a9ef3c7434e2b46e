import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { createComponent, effectiveWriters, importPlugin, parseConfig, refParts, type PluginKind } from '@pdftriage/core'
import { BUILTIN_PLUGINS, DEFAULT_CONFIG, DEFAULT_WRITERS, MODEL_JUDGE, PDF_WRITER, preset } from '../src/index.js'

/** The kind a built-in's package name says, by the role words of the convention and of the preset. */
const KIND_OF_ROLE: Record<string, PluginKind> = {
  extract: 'extractor',
  judge: 'judge',
  model: 'judge',
  repair: 'repair',
  ocr: 'ocr',
  postpass: 'postprocess',
  write: 'writer',
}
const kindOf = (name: string): PluginKind => KIND_OF_ROLE[/^@pdftriage\/([a-z]+)-/.exec(name)![1]!]!

describe('the default preset', () => {
  it('fills every slot a configuration leaves out, and only those', () => {
    const c = parseConfig({}, preset.config)
    assert.deepEqual(
      { extractor: c.extractor, judges: c.judges, repairs: c.repairs, ocr: c.ocr, postprocess: c.postprocess, writers: c.writers },
      {
        extractor: '@pdftriage/extract-pdfjs',
        judges: ['@pdftriage/judge-gates', '@pdftriage/judge-spotcheck'],
        repairs: ['@pdftriage/repair-reflect', '@pdftriage/repair-codemap'],
        ocr: '@pdftriage/ocr-tesseract',
        postprocess: ['@pdftriage/postpass-dehyphen'],
        writers: undefined,
      },
    )
    assert.deepEqual(parseConfig({ ocr: null, judges: ['gates'] }, preset.config).judges, ['gates'])
    assert.equal(parseConfig({ ocr: null }, preset.config).ocr, null)
  })

  it('counts every plugin it names as built-in', () => {
    const named = [DEFAULT_CONFIG.extractor, ...DEFAULT_CONFIG.judges, ...DEFAULT_CONFIG.repairs, DEFAULT_CONFIG.ocr, ...DEFAULT_CONFIG.postprocess]
    for (const id of [...named, ...DEFAULT_WRITERS.map((r) => refParts(r).id), PDF_WRITER, MODEL_JUDGE]) assert.ok(BUILTIN_PLUGINS.has(id), id)
  })

  it('names installed plugins, each a factory of the kind its name says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'preset-'))
    try {
      for (const name of BUILTIN_PLUGINS) assert.equal((await importPlugin(name, kindOf(name), dir, preset)).kind, kindOf(name), name)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('writes text and report, and adds its PDF writer when asked, named by package or short name', () => {
    assert.deepEqual(effectiveWriters(undefined, preset, false), ['@pdftriage/write-text', '@pdftriage/write-report'])
    assert.deepEqual(effectiveWriters(undefined, preset, true), ['@pdftriage/write-text', '@pdftriage/write-report', '@pdftriage/write-pdf'])
    assert.deepEqual(effectiveWriters(['pdf'], preset, true), ['pdf'])
  })

  it('finds the letter-pair judge by its short name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'preset-'))
    try {
      assert.equal((await importPlugin('bigram', 'judge', dir, preset)).kind, 'judge')
      await assert.rejects(importPlugin('bigram', 'judge', dir, { builtins: preset.builtins }), { code: 'PLUGIN_NOT_FOUND' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('a node_modules planted next to the config', () => {
  // A planted copy of every built-in in the config's folder: a run must take the installed ones all the same.
  const cfgDir = mkdtempSync(join(tmpdir(), 'preset-plant-'))
  after(() => rmSync(cfgDir, { recursive: true, force: true }))
  for (const name of BUILTIN_PLUGINS) {
    const p = join(cfgDir, 'node_modules', ...name.split('/'))
    mkdirSync(p, { recursive: true })
    writeFileSync(join(p, 'package.json'), JSON.stringify({ name, type: 'module', main: 'index.js' }))
    writeFileSync(
      join(p, 'index.js'),
      `export default { kind: '${kindOf(name)}', name: 'planted', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) }, create: () => ({ name: 'planted' }) }\n`,
    )
  }

  it('replaces no built-in plugin, by package name or short name', async () => {
    for (const name of BUILTIN_PLUGINS) {
      assert.notEqual((await importPlugin(name, kindOf(name), cfgDir, preset)).name, 'planted', name)
      const short = name.replace(/^@pdftriage\/[a-z]+-/, '')
      assert.notEqual((await importPlugin(short, kindOf(name), cfgDir, preset)).name, 'planted', short)
    }
    const writer = (await createComponent(PDF_WRITER, 'writer', 'writers.0', cfgDir, preset)) as { name: string }
    assert.notEqual(writer.name, 'planted')
  })

  it('is taken for a package the preset does not list (the list is what protects)', async () => {
    assert.equal((await importPlugin('@pdftriage/judge-gates', 'judge', cfgDir, { builtins: new Set() })).name, 'planted')
  })
})
