import assert from 'node:assert/strict'
import { test } from 'node:test'
import { importPlugin, isTriageError } from '@pdftriage/core'
import tesseractOcr from '../src/index.js'

// The languages whose data this package's tests install (its devDependencies): the check finds them as the engine does.
const missing = (code: string) => (e: unknown) =>
  isTriageError(e, 'OCR_LANGUAGE_MISSING') && e.message.startsWith(`[tesseract] no OCR language data for \`${code}\`: the language data packages installed are`)

test("the engine states its language check: the languages given, else its options', before any worker starts", async () => {
  const check = tesseractOcr.capabilities?.checkLanguages
  assert.ok(check, 'declared in capabilities')
  await check({}, ['fra', 'eng'])
  // its own default languages (fra+eng) when none are given
  await check({}, undefined)
  await assert.rejects(async () => check({}, ['eng', 'xyz']), missing('xyz'))
  await assert.rejects(async () => check({ languages: ['xyz'] }, undefined), missing('xyz'))
  // languages given win over the options'
  await check({ languages: ['xyz'] }, ['fra'])
  // options the engine does not take are left to its creation; languages given are still checked
  await check({ dpi: 'high' }, undefined)
  await assert.rejects(async () => check({ dpi: 'high' }, ['xyz']), missing('xyz'))
})

test("core's contract check accepts the capability as the package states it", async () => {
  const f = await importPlugin('../src/index.js', 'ocr', import.meta.dirname, { builtins: new Set() }, [])
  assert.equal(f.capabilities?.checkLanguages, tesseractOcr.capabilities?.checkLanguages)
})
