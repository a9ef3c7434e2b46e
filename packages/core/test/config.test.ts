import assert from 'node:assert/strict'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { parseConfig } from '../src/config.js'
import { configDigest, loadConfig } from '../src/config-file.js'
import { candidateIds, createComponent, importPlugin } from '../src/resolve.js'
import { planDocument, effectiveRules } from '../src/rules.js'
import { TriageError } from '../src/errors.js'
import { NO_BUILTINS, TEST_PRESET } from './test-preset.js'

const D = TEST_PRESET.config

describe('config', () => {
  it('applies defaults', () => {
    const c = parseConfig({}, D)
    assert.equal(c.policy, 'auto')
    assert.equal(c.extractor, '@pdftriage/extract-pdfjs')
    assert.deepEqual(c.judges, ['@pdftriage/judge-gates', '@pdftriage/judge-spotcheck'])
  })
  it("fills the plugin slots from the caller's defaults, and only those the config leaves out", () => {
    const other = { extractor: './x.js', judges: ['./j.js'], repairs: [], ocr: null, postprocess: [] }
    const c = parseConfig({ repairs: ['./r.js'] }, other)
    assert.deepEqual([c.extractor, c.judges, c.repairs, c.ocr, c.postprocess], ['./x.js', ['./j.js'], ['./r.js'], null, []])
    assert.deepEqual(Object.keys(c), Object.keys(parseConfig({}, D)), 'the same keys in the same order, whoever fills them')
    c.judges.push('./k.js')
    assert.deepEqual(parseConfig({}, other).judges, ['./j.js'], "a parsed config's lists are its own")
  })
  it('names the path of a bad value and rejects unknown keys', () => {
    assert.throws(
      () => parseConfig({ policy: 'sometimes' }, D, 'x.json'),
      (e: TriageError) => e.code === 'CONFIG_INVALID' && e.path === 'policy' && /x\.json/.test(e.message),
    )
    assert.throws(
      () => parseConfig({ ocrr: 'x' }, D),
      (e: TriageError) => e.code === 'CONFIG_INVALID' && /ocrr/.test(e.message),
    )
    assert.throws(
      () => parseConfig({ judges: [{ use: 'a', option: {} }] }, D),
      (e: TriageError) => e.code === 'CONFIG_INVALID' && /judges\.0/.test(e.message),
    )
  })
  it('loads a file, finds the default name, and reports a missing one', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    assert.equal((await loadConfig(undefined, dir, D)).file, undefined)
    writeFileSync(join(dir, 'pdftriage.config.json'), JSON.stringify({ policy: 'extract' }))
    const l = await loadConfig(undefined, dir, D)
    assert.equal(l.config.policy, 'extract')
    assert.equal(l.baseDir, dir)
    await assert.rejects(loadConfig('nope.json', dir, D), { code: 'CONFIG_NOT_FOUND' })
    writeFileSync(join(dir, 'bad.json'), '{ not json')
    await assert.rejects(loadConfig('bad.json', dir, D), { code: 'CONFIG_INVALID' })
  })
  it('digests the effective configuration independently of key order', () => {
    const a = parseConfig({ policy: 'extract', ocrDpi: 200 }, D)
    const b = parseConfig({ ocrDpi: 200, policy: 'extract' }, D)
    assert.equal(configDigest(a), configDigest(b))
    assert.notEqual(configDigest(a), configDigest(parseConfig({ policy: 'auto' }, D)))
    assert.notEqual(configDigest(a), configDigest(a, ['model v2']))
  })
})

describe('plugin resolution', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plug-'))
  after(() => rmSync(dir, { recursive: true, force: true }))
  const pkg = join(dir, 'node_modules', '@pdftriage', 'judge-fake')
  mkdirSync(pkg, { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@pdftriage/judge-fake', type: 'module', exports: { '.': { import: './index.js' } } }))
  const zodUrl = new URL(import.meta.resolve('zod')).href
  writeFileSync(
    join(pkg, 'index.js'),
    `import { z } from '${zodUrl}'\nexport default { kind: 'judge', name: 'fake', optionsSchema: z.strictObject({ level: z.number().default(1) }), create: (o) => ({ name: 'fake', level: o.level, judge: () => undefined }) }\n`,
  )
  writeFileSync(
    join(dir, 'local.js'),
    `export default { kind: 'ocr', name: 'local', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) }, create: () => ({ name: 'local' }) }\n`,
  )
  writeFileSync(join(dir, 'notaplugin.js'), 'export default 42\n')

  it('tries the @pdftriage/<role>- forms for a short name', () => {
    assert.deepEqual(candidateIds('tesseract', 'ocr').slice(0, 2), ['@pdftriage/ocr-tesseract', '@pdftriage/tesseract'])
    assert.deepEqual(candidateIds('./x.js', 'ocr'), ['./x.js'])
    assert.deepEqual(candidateIds('bigram', 'judge'), ['@pdftriage/judge-bigram', '@pdftriage/bigram', 'pdftriage-judge-bigram', 'bigram'])
    assert.deepEqual(candidateIds('bigram', 'judge', { judge: ['model'] }).slice(0, 3), [
      '@pdftriage/judge-bigram',
      '@pdftriage/model-bigram',
      '@pdftriage/bigram',
    ])
  })
  it('resolves a short name from the config folder and validates options', async () => {
    const j = (await createComponent({ use: 'fake', options: { level: 3 } }, 'judge', 'judges.0', dir, NO_BUILTINS, [])) as unknown as { level: number }
    assert.equal(j.level, 3)
    await assert.rejects(
      createComponent({ use: 'fake', options: { level: 'x' } }, 'judge', 'judges.0', dir, NO_BUILTINS, []),
      (e: TriageError) => e.code === 'CONFIG_INVALID' && e.path === 'judges.0.options' && /judges\.0\.options\.level/.test(e.message),
    )
  })
  it('resolves a relative path, and says what was tried when nothing is found', async () => {
    assert.equal((await importPlugin('./local.js', 'ocr', dir, NO_BUILTINS, [])).name, 'local')
    await assert.rejects(
      importPlugin('missing', 'ocr', dir, NO_BUILTINS, []),
      (e: TriageError) => e.code === 'PLUGIN_NOT_FOUND' && /@pdftriage\/ocr-missing/.test(e.message) && /npm install/.test(e.message),
    )
  })
  it('rejects a plugin of the wrong kind or shape', async () => {
    await assert.rejects(
      importPlugin('./local.js', 'judge', dir, NO_BUILTINS, []),
      (e: TriageError) => e.code === 'PLUGIN_INVALID' && /Expected a `judge` plugin/.test(e.message) && /got `ocr`/.test(e.message),
    )
    await assert.rejects(
      importPlugin('./notaplugin.js', 'judge', dir, NO_BUILTINS, []),
      (e: TriageError) => e.code === 'PLUGIN_INVALID' && /not `42`/.test(e.message),
    )
  })
})

describe('plugin resolution never takes code from the working folder', () => {
  // A planted copy of a built-in, in the config's folder and in its parent, and a third-party plugin in the parent.
  const root = mkdtempSync(join(tmpdir(), 'plant-'))
  const cfgDir = join(root, 'project')
  const zodUrl = new URL(import.meta.resolve('zod')).href
  const plant = (dir: string, name: string, kind: string) => {
    const p = join(dir, 'node_modules', ...name.split('/'))
    mkdirSync(p, { recursive: true })
    writeFileSync(join(p, 'package.json'), JSON.stringify({ name, type: 'module', main: 'index.js' }))
    writeFileSync(
      join(p, 'index.js'),
      `import { z } from '${zodUrl}'\nexport default { kind: '${kind}', name: 'planted', optionsSchema: z.object({}), create: () => ({ name: 'planted', judge: () => undefined }) }\n`,
    )
  }
  mkdirSync(cfgDir, { recursive: true })
  plant(cfgDir, '@pdftriage/judge-gates', 'judge')
  plant(root, '@pdftriage/judge-spotcheck', 'judge')
  plant(root, 'pdftriage-judge-parent', 'judge')
  plant(cfgDir, 'pdftriage-judge-local', 'judge')
  after(() => rmSync(root, { recursive: true, force: true }))

  it('loads built-in plugins from the installed packages, whatever the config folder holds', async () => {
    assert.notEqual((await importPlugin('@pdftriage/judge-gates', 'judge', cfgDir, TEST_PRESET)).name, 'planted')
    assert.notEqual((await importPlugin('spotcheck', 'judge', cfgDir, TEST_PRESET)).name, 'planted')
  })
  it('loads other packages from the config folder itself, not from its parents', async () => {
    assert.equal((await importPlugin('local', 'judge', cfgDir, TEST_PRESET, [])).name, 'planted')
    await assert.rejects(importPlugin('parent', 'judge', cfgDir, TEST_PRESET, []), { code: 'PLUGIN_NOT_FOUND' })
  })
  it("protects the packages the caller's preset names as built-in, and only those", async () => {
    assert.equal((await importPlugin('@pdftriage/judge-gates', 'judge', cfgDir, NO_BUILTINS)).name, 'planted')
  })
})

describe('rules', () => {
  it('the actes-fr preset skips the receipt page and ignores the stamp band of iText 2.1.7 documents', () => {
    const rules = effectiveRules(parseConfig({ presets: ['actes-fr'] }, D))
    const plan = planDocument(rules, { pageCount: 4, producer: 'iText 2.1.7 by 1T3XT' })
    assert.deepEqual([...plan.skipPages!], [4])
    assert.equal(plan.ignoreTopBand, 0.12)
    assert.deepEqual(plan.tags, ['receipt-last-page', 'actes-stamp'])
    const scan = planDocument(rules, { pageCount: 2, creatorTool: 'Image Capture Plus 5.0' })
    assert.equal(scan.forceOcr, true)
    assert.equal(planDocument(rules, { pageCount: 2, producer: 'LibreOffice' }).tags.length, 0)
  })
  it('matches page-count ranges', () => {
    const rules = effectiveRules(parseConfig({ rules: [{ when: { pages: { min: 100 } }, tag: 'book', action: 'extract-only' }] }, D))
    assert.equal(planDocument(rules, { pageCount: 120 }).extractOnly, true)
    assert.equal(planDocument(rules, { pageCount: 12 }).extractOnly, undefined)
  })
})
