import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildPdf, longPdf, scannedPdf } from '@pdftriage/fixtures'
import pdfjsExtractor from '../src/index.js'

const open = async (bytes: Uint8Array, options = {}) => (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse(options), { baseDir: '.' })).open(bytes)

test('cleanupEvery: 1 frees caches after every page and later pages still read, with their fonts', async () => {
  const bytes = await longPdf(4)
  const seen: string[] = []
  {
    await using doc = await open(bytes, { cleanupEvery: 1 })
    for (let n = 1; n <= doc.pageCount; n++) {
      const page = await doc.getPageText(n)
      assert.equal(Object.values(page.fonts!)[0]!.name, 'Helvetica')
      seen.push(page.text)
    }
    // A page read twice, across a cleanup, gives the same text.
    assert.equal((await doc.getPageText(1)).text, seen[0])
  }
  await using ref = await open(bytes, { cleanupEvery: 0 })
  for (let n = 1; n <= ref.pageCount; n++) assert.equal((await ref.getPageText(n)).text, seen[n - 1])
})

test('detailsBelowChars: short pages get coverage and fonts, long pages leave them undefined', async () => {
  const text = await buildPdf([{ blocks: [{ text: 'word '.repeat(100) }] }, { blocks: [{ text: 'p. 2' }] }])
  await using doc = await open(text, { textSource: 'text-content', detailsBelowChars: 200 })
  const long = await doc.getPageText(1)
  assert.deepEqual([long.fonts, long.imageCoverage, long.hasVectorGraphics], [undefined, undefined, undefined])
  const short = await doc.getPageText(2)
  assert.equal(short.imageCoverage, 0)
  assert.equal(Object.values(short.fonts!)[0]!.name, 'Helvetica')
  await using scan = await open(await scannedPdf(), { textSource: 'text-content', detailsBelowChars: 200 })
  assert.equal((await scan.getPageText(1)).imageCoverage, 1)
})
